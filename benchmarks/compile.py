"""Compile time of the engine from an empty numba cache: every kernel of every game, and the first
play answer of each game.

Each game is measured in a fresh Python process whose numba cache is a new empty folder (nothing
compiled before, nothing shared between games): ``VARIORUM_NUMBA_CACHE`` (engine.fingerprint keeps
numba's cache under it and sets ``NUMBA_CACHE_DIR`` itself), and ``NUMBA_CACHE_DIR`` for a tree
older than the fingerprint. In that process: the first play answer
(``load_game`` of the ``ludii`` ruleset, ``new_state``, its legal moves, one move applied, the
state's ``to_dict``: what a fresh server does for its first play request), then the rest of the
kernels (a traced move, a position set up from its spec, random self-play), then a long run of random
self-play (engine.specialise.BULK_FROM games: its bulk runs, on the kernels of the game's combination of
rules; ``bulk`` is its time less that of the same run again). Times are
the process's CPU seconds (compiling is single-threaded: on an idle machine they are the wall
time; on a shared one they leave out the time other jobs take), the wall time beside. ``--runs``
processes per game, alternating games (and trees, given several ``--tree``: an A/B comparison on a
shared machine); medians are reported with the load average. Usage::

    .venv/bin/python benchmarks/compile.py > benchmarks/compile.txt
    .venv/bin/python benchmarks/compile.py --tree ../base --tree . > benchmarks/compile.txt

(a tree is a checkout with its own ``.venv``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from workloads import GAMES

CHILD = r"""
import json, sys, time
clock = time.process_time
import engine
from engine.playout import run
game_id = sys.argv[1]
t0, w0 = clock(), time.perf_counter()
game = engine.load_game(game_id, ruleset="ludii")
state = game.new_state(1)
state.apply(state.legal_moves()[0])
state.to_dict()
t1, w1 = clock(), time.perf_counter()
s = game.new_state(2)
s.apply_traced(s.legal_moves()[-1])
game.state_from_position(game.rules.position_spec(s.raw()), 2)
run(game, 2, 1)
game.rules.evaluate(game.params, s.raw())
t2, w2 = clock(), time.perf_counter()
try:
    from engine.specialise import BULK_FROM as long_run
except ImportError:  # a tree before engine.specialise
    long_run = 2000
run(game, long_run, 1)  # a long run: on the kernels of the game's combination of rules (engine.specialise)
t3 = clock()
run(game, long_run, 2)  # the same run compiled: what the long run took besides compiling
t4, w4 = clock(), time.perf_counter()
print(json.dumps({"first": t1 - t0, "rest": t2 - t1, "bulk": max(0.0, (t3 - t2) - (t4 - t3)), "wall": w4 - w0}))
"""


def measure(game_id: str, cwd: Path) -> dict[str, float]:
    python = str(cwd / ".venv" / "bin" / "python")
    with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
        env = dict(os.environ, VARIORUM_NUMBA_CACHE=cache, NUMBA_CACHE_DIR=cache, NUMBA_NUM_THREADS="1")
        out = subprocess.run([python, "-c", CHILD, game_id], cwd=cwd, env=env, capture_output=True, text=True,
                             check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="fresh processes per game")
    ap.add_argument("--game", action="append", choices=GAMES, help="only these games (default: all)")
    ap.add_argument("--tree", action="append", help="a checkout to measure, with its .venv (default: this one)")
    args = ap.parse_args()
    games = args.game or list(GAMES)
    trees = [Path(t).resolve() for t in args.tree or [Path(__file__).resolve().parent.parent]]
    print(f"# command: python benchmarks/compile.py {' '.join(sys.argv[1:])}")
    print(f"# load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"# {args.runs} fresh processes per game and tree, each with an empty numba cache; medians, CPU seconds")
    results = {(t, g): [] for t in trees for g in games}
    for _ in range(args.runs):
        for g in games:
            for t in trees:
                results[t, g].append(measure(g, t))
                print(f"# {t.name} {g}: {results[t, g][-1]}", file=sys.stderr, flush=True)
    for t in trees:
        print(f"# tree {t}")
        print(f"{'game':<26}{'first answer':>14}{'other kernels':>15}{'bulk':>9}{'all':>9}{'wall':>9}")
        total = 0.0
        for g in games:
            rs = results[t, g]
            first = statistics.median(r["first"] for r in rs)
            rest = statistics.median(r["rest"] for r in rs)
            bulk = statistics.median(r.get("bulk", 0.0) for r in rs)
            every = statistics.median(r["first"] + r["rest"] + r.get("bulk", 0.0) for r in rs)
            wall = statistics.median(r["wall"] for r in rs)
            total += every
            print(f"{g:<26}{first:>14.1f}{rest:>15.1f}{bulk:>9.1f}{every:>9.1f}{wall:>9.1f}", flush=True)
        print(f"{'all games':<26}{'':>14}{'':>15}{'':>9}{total:>9.1f}")
    print(f"# load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
