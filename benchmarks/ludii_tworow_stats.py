"""benchmarks/ludii_stats.py for the two-row games with stores: Variorum's compiled random playouts
beside a CSV of benchmarks/LudiiTwoRowStats.java, comparing decisions rather than Ludii's moves.

Ludii's move count holds moves that are no decision of the `ludii` rulesets: the forced pass Ludii
plays when the player to move has none (Kalah.lud's every game ends with one), and Oware.lud's
proposals to end a cycling game and the votes on them. Decisions here are Ludii's moves less its
forced passes, proposals and votes (one vote a proposal). Turns are not compared: Variorum counts
each decision a turn (Kalah's further turn included), Ludii a run of one mover's moves.

usage: .venv/bin/python benchmarks/ludii_tworow_stats.py GAME RULESET N SEED LUDII_CSV
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import numpy as np

from engine.stats import MOVES

sys.path.insert(0, str(Path(__file__).parent))
from ludii_stats import _z, p1_share_z, variorum  # noqa: E402


def main(game_id: str, ruleset: str, n: int, seed: int, ludii_csv: str) -> None:
    v, decided = variorum(game_id, ruleset, n, seed)
    vm = decided[:, MOVES].astype(float)
    with open(ludii_csv, encoding="utf-8") as f:
        lud = list(csv.DictReader(f))
    natural = [r for r in lud if r["endType"] == "NaturalEnd"]
    w = {"games": len(lud), "p1": sum(r["winner"] == "1" for r in lud), "p2": sum(r["winner"] == "2" for r in lud),
         "draws": sum(r["winner"] == "0" for r in natural),
         "move or turn limit": sum(r["endType"] in ("MoveLimit", "TurnLimit") for r in lud),
         "games with a proposal": sum(int(r["proposals"]) > 0 for r in lud),
         "ended by a vote": sum(r["votedEnd"] == "1" for r in lud),
         "forced passes": sum(int(r["forcedPasses"]) for r in lud)}
    won = [r for r in lud if r["winner"] in ("1", "2")]
    lm = np.array([float(r["moves"]) - float(r["forcedPasses"]) - 2 * float(r["proposals"]) for r in won])
    pv, pl, zp = p1_share_z(v, w)
    print(f"{game_id} ({ruleset}): Variorum {v}")
    print(f"  Ludii {w}")
    print(f"  decided games: P1 share Variorum {pv:.4f} Ludii {pl:.4f} (z = {zp:+.2f})")
    print(f"  decisions (decided games) Variorum {vm.mean():.2f} Ludii {lm.mean():.2f} (z = {_z(vm, lm):+.2f})")


if __name__ == "__main__":
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])
