"""../shared/ludii/var_trace.py for two-row boards with stores (Oware.lud, Kalah.lud): Variorum's
random games under a ruleset, decision by decision (JSON lines), boards in Ludii's site order, for
benchmarks/LudiiTwoRowReplay.java.

Ludii's (mancalaBoard 2 N) with its two outer stores numbers its 2N + 2 sites: 0 the west store,
1..N the bottom row west to east, N+1..2N the top row west to east, 2N + 1 the east store. Holes
a1..aN (player 1's row from their left) are sites 1..N; b1..bN (player 2's row from their left, so
the top row from the east) are sites 2N..N+1. Which store is whose is the file's (map ...):
Oware.lud (pair P1 FirstSite) (pair P2 LastSite), Kalah.lud (pair P1 LastSite) (pair P2 FirstSite).
The store counts are Variorum's captures. Every record carries "sites" (2N + 2), which the
replay reads in place of rows x cols.

usage: .venv/bin/python benchmarks/ludii_tworow_trace.py GAME N SEED OUT [RULESET]
"""

from __future__ import annotations

import json
import sys

import engine
from engine.agents import RandomAgent

# game id -> (player 1's store is the first site?), read from each .lud's (map ...)
P1_STORE_FIRST = {"oware": True, "kalah": False}


def _sites(game_id: str, n: int) -> tuple[dict[str, int], int, int]:
    """Hole name -> Ludii site, and the sites of player 1's and player 2's stores."""
    if game_id not in P1_STORE_FIRST:
        raise ValueError(f"game {game_id!r}: no Ludii store layout known (known: {sorted(P1_STORE_FIRST)})")
    names = {f"a{k}": k for k in range(1, n + 1)}
    names.update({f"b{k}": 2 * n + 1 - k for k in range(1, n + 1)})
    first, last = 0, 2 * n + 1
    return (names, first, last) if P1_STORE_FIRST[game_id] else (names, last, first)


def _board(state, names: dict[str, int], store1: int, store2: int) -> list[int]:
    b = state.board()
    n = len(b["a"])
    v = [0] * (2 * n + 2)
    for row in ("a", "b"):
        for k, x in enumerate(b[row], start=1):
            v[names[f"{row}{k}"]] = int(x)
    v[store1], v[store2] = int(b["captures"][0]), int(b["captures"][1])
    return v


def main(game_id: str, n_games: int, seed: int, out: str, ruleset: str = "ludii") -> None:
    with open(out, "w", encoding="utf-8") as f:
        for g in range(n_games):
            s = engine.new_game(game_id, ruleset=ruleset, seed=seed + g)
            agent = RandomAgent(seed * 7919 + g)
            holes = len(s.board()["a"])
            names, store1, store2 = _sites(game_id, holes)

            def conv(t: str) -> int:
                if t in ("pass", "stop"):
                    return -1
                if t not in names:
                    raise ValueError(f"game {game_id!r}: move {t!r} has no Ludii site")
                return names[t]

            decisions = []
            while not s.is_terminal():
                lm = s.legal_moves_text()
                mv = agent.choose(s)
                txt = s.move_to_text(mv)
                decisions.append({"p": s.to_move, "board": _board(s, names, store1, store2),
                                  "legal": sorted({conv(t) for t in lm}), "choice": conv(txt), "text": txt})
                s.apply(mv)
            r = s.result()
            f.write(json.dumps({"game": g, "rows": 2, "cols": holes, "sites": 2 * holes + 2,
                                "decisions": decisions, "final_board": _board(s, names, store1, store2),
                                "result": {"ending": r.ending, "winner": r.winner or 0},
                                "turns": s.turns, "moves": s.moves_made}) + "\n")


if __name__ == "__main__":
    if len(sys.argv) not in (5, 6):
        sys.exit(__doc__)
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], *sys.argv[5:])
