"""What the morris replays in Ludii went through (benchmarks/ludii_morris.sh's traces): for each trace,
the games and decisions, the flights (a move to a point not adjacent), the removals where a piece
standing in a mill could be taken (every enemy piece in a mill, or any piece under any removal), the
mills made by a flight, the passes of a blocked player, and how the games ended.

usage: .venv/bin/python benchmarks/ludii_morris_coverage.py GAME RULESET TRACE.jsonl
"""

from __future__ import annotations

import json
import sys
from collections import Counter

import engine


def main(game_id: str, ruleset: str, trace: str) -> None:
    board = engine.load_game(game_id, ruleset=ruleset).rules.grid
    lines = [set(line) for line in board.lines]
    adjacent = {frozenset(s) for s in board.steps}
    seen: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    with open(trace, encoding="utf-8") as f:
        for raw in f:
            g = json.loads(raw)
            seen["games"] += 1
            flew = False
            ds = g["decisions"]
            for k, d in enumerate(ds):
                seen["decisions"] += 1
                c, b, p = d["choice"], d["board"], d["p"]
                if c == -1:
                    seen["passes"] += 1
                if 1000 <= c < 5000:
                    f_, t = divmod(c - 1000, 100)
                    if frozenset((f_, t)) not in adjacent:
                        seen["flights"] += 1
                        flew = True
                        if k + 1 < len(ds) and ds[k + 1]["p"] == p:
                            seen["flights followed by a removal"] += 1
                        after = list(b)
                        after[f_], after[t] = 0, p
                        if any(t in line and all(after[q] == p for q in line) for line in lines):
                            seen["flights closing a line of three"] += 1
                if any(x >= 5000 for x in d["legal"]):
                    seen["removal decisions"] += 1
                    enemy = 3 - p
                    in_mill = {q for line in lines if all(b[q] == enemy for q in line) for q in line}
                    if any(x - 5000 in in_mill for x in d["legal"] if x >= 5000):
                        seen["removal decisions offering a piece in a mill"] += 1
            seen["games with a flight"] += flew
            r = g["result"]
            last = g["final_board"]
            loser = 3 - r["winner"] if r["winner"] else 0
            left = sum(1 for x in last if x == loser) if loser else None
            endings[f"{r['ending']}, loser left with {left} on the board" if loser else r["ending"]] += 1
    print(f"{game_id} ({ruleset}): " + ", ".join(f"{k} {v}" for k, v in seen.items()))
    print("  endings: " + ", ".join(f"{k}: {v}" for k, v in sorted(endings.items())))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
