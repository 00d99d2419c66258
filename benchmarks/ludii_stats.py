"""Variorum's compiled random playouts beside a LudiiStats CSV (../shared/ludii/README.md): outcome
counts, and player 1's share, moves and turns of the decided games, with z-scores (two-proportion
test; Welch's for the means).

usage: .venv/bin/python benchmarks/ludii_stats.py GAME RULESET N SEED LUDII_CSV
"""

from __future__ import annotations

import csv
import math
import sys

import numpy as np

import engine
from engine import playout
from engine.result import ENDLESS, OVER, UNFINISHED
from engine.stats import MOVES, SCORE_1, SCORE_2, STATUS, TURNS


def _z(a: np.ndarray, b: np.ndarray) -> float:
    return float((a.mean() - b.mean()) / math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b)))


def variorum(game_id: str, ruleset: str, n: int, seed: int) -> tuple[dict[str, int], np.ndarray]:
    """Variorum's outcome counts over n compiled random playouts, and the rows of the decided games."""
    rows = playout.run(engine.load_game(game_id, ruleset=ruleset), n, seed)
    over = rows[:, STATUS] == OVER
    s1, s2 = rows[:, SCORE_1], rows[:, SCORE_2]
    v = {"games": n, "p1": int(np.sum(over & (s1 > s2))), "p2": int(np.sum(over & (s2 > s1))),
         "draws": int(np.sum(over & (s1 == s2))), "endless": int(np.sum(rows[:, STATUS] == ENDLESS)),
         "limit": int(np.sum(rows[:, STATUS] == UNFINISHED))}
    return v, rows[over & (s1 != s2)]


def p1_share_z(v: dict[str, int], w: dict[str, int]) -> tuple[float, float, float]:
    """Player 1's share of the decided games on either side, and the two-proportion z-score."""
    pv, pl = v["p1"] / (v["p1"] + v["p2"]), w["p1"] / (w["p1"] + w["p2"])
    pooled = (v["p1"] + w["p1"]) / (v["p1"] + v["p2"] + w["p1"] + w["p2"])
    return pv, pl, (pv - pl) / math.sqrt(pooled * (1 - pooled) * (1 / (v["p1"] + v["p2"]) + 1 / (w["p1"] + w["p2"])))


def main(game_id: str, ruleset: str, n: int, seed: int, ludii_csv: str) -> None:
    v, decided = variorum(game_id, ruleset, n, seed)
    vm, vt = decided[:, MOVES].astype(float), decided[:, TURNS].astype(float)
    with open(ludii_csv, encoding="utf-8") as f:
        lud = list(csv.DictReader(f))
    w = {"games": len(lud), "p1": sum(r["winner"] == "1" for r in lud), "p2": sum(r["winner"] == "2" for r in lud),
         "draws": sum(r["winner"] == "0" and r["endType"] == "NaturalEnd" for r in lud),
         "move or turn limit": sum(r["endType"] in ("MoveLimit", "TurnLimit") for r in lud)}
    won = [r for r in lud if r["winner"] in ("1", "2")]
    lm = np.array([float(r["moves"]) for r in won])
    lt = np.array([float(r["turns"]) for r in won])
    pv, pl, zp = p1_share_z(v, w)
    print(f"{game_id} ({ruleset}): Variorum {v}")
    print(f"  Ludii {w}")
    print(f"  decided games: P1 share Variorum {pv:.4f} Ludii {pl:.4f} (z = {zp:+.2f})")
    print(f"  moves (decided) Variorum {vm.mean():.2f} Ludii {lm.mean():.2f} (z = {_z(vm, lm):+.2f}); "
          f"turns Variorum {vt.mean():.2f} Ludii {lt.mean():.2f} (z = {_z(vt, lt):+.2f})")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])
