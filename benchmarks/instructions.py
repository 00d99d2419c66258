"""Instructions a random playout executes, counted by valgrind's callgrind: an A/B of checkouts that the
machine's load cannot move (a playout rate on a shared machine can; an A/A of identical code in two
trees differed by 11.5 % at load 15, docs/unmerged/README.md).

For each tree (a checkout with its own ``.venv``), the game's kernels are compiled natively for a
generic CPU (``NUMBA_CPU_NAME=generic``: under valgrind the CPU reports other features, and numba's
cache, keyed by them, would miss), then the same script runs twice under callgrind: loading and
warming the game only, and then playing ``--games`` random games (seed 0); the difference over the
games is the instructions a game. Usage::

    .venv/bin/python benchmarks/instructions.py --game lobudok --ruleset sources --tree ../base --tree .

(about 5 CPU minutes a tree, two valgrind runs at a time).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

CHILD = r"""
import sys
import engine
from engine.playout import run, warm_up
game = engine.load_game(sys.argv[1], ruleset=sys.argv[2])
warm_up(game)
if int(sys.argv[3]):
    run(game, int(sys.argv[3]), 0)
"""


def _run(tree: Path, args: list[str], valgrind: bool) -> int:
    env = dict(os.environ, NUMBA_CPU_NAME="generic", NUMBA_NUM_THREADS="1", PYTHONPATH=str(tree))
    command = [str(tree / ".venv" / "bin" / "python"), "-c", CHILD, *args]
    if valgrind:
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command]
    out = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    return int(found.group(1)) if found else 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--ruleset", required=True)
    ap.add_argument("--games", type=int, default=300, help="random games counted (default 300)")
    ap.add_argument("--tree", action="append", required=True, help="a checkout with its .venv")
    args = ap.parse_args()
    if args.games < 1:
        raise SystemExit(f"--games: at least 1, not {args.games}")
    trees = [Path(t).resolve() for t in args.tree]
    for tree in trees:  # compiled natively first, for the generic CPU
        _run(tree, [args.game, args.ruleset, "2"], valgrind=False)
    jobs = [(tree, n) for tree in trees for n in (0, args.games)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        counts = list(pool.map(lambda job: _run(job[0], [args.game, args.ruleset, str(job[1])], True), jobs))
    print(f"# command: python benchmarks/instructions.py --game {args.game} --ruleset {args.ruleset} "
          f"--games {args.games} " + " ".join(f"--tree {t}" for t in args.tree))
    first = None
    for k, tree in enumerate(trees):
        base, played = counts[2 * k], counts[2 * k + 1]
        per_game = (played - base) / args.games
        first = per_game if first is None else first
        print(f"{str(tree):<40} loading {base:,}  with the games {played:,}  a game {per_game:,.0f}"
              f"  ({100 * (per_game / first - 1):+.2f} % against the first tree)")


if __name__ == "__main__":
    main()
