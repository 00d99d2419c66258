"""Random playouts per second of Tauru, one thread, for every Tauru ruleset of the archive.

Each ruleset: the compiled playout loop is loaded and warmed up, then ``--runs`` timed runs of
``--games`` games each (one compiled call per run, seeds 1, 2, ...); the median rate is reported
with the slowest and fastest runs, the mean turns and moves (decisions) of the games, and the
machine's load average when the ruleset was measured (the machine is shared). Usage::

    NUMBA_NUM_THREADS=1 .venv/bin/python benchmarks/tauru.py > benchmarks/tauru.txt

(the script sets NUMBA_NUM_THREADS=1 itself when it is not set). The target for the ``ludii``
ruleset is 350,000 playouts/s (Ludii 1.3.13 itself: about 7,000/s).
"""

from __future__ import annotations

import os

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import argparse  # noqa: E402
import platform  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import numba  # noqa: E402
import numpy as np  # noqa: E402

import engine  # noqa: E402
from engine import rulesets  # noqa: E402
from engine.playout import run, warm_up  # noqa: E402
from engine.stats import MOVES, TURNS  # noqa: E402


def bench(ruleset: str, games: int, runs: int) -> dict[str, float]:
    game = engine.load_game("tauru", ruleset=ruleset)
    warm_up(game)
    run(game, min(games, 20000), 0)  # warm caches and branch predictors too
    rates, turns, moves = [], [], []
    for i in range(runs):
        t0 = time.perf_counter()
        rows = run(game, games, i + 1)
        dt = time.perf_counter() - t0
        rates.append(games / dt)
        turns.append(rows[:, TURNS].mean())
        moves.append(rows[:, MOVES].mean())
    return {
        "median": statistics.median(rates),
        "min": min(rates),
        "max": max(rates),
        "turns": float(np.mean(turns)),
        "moves": float(np.mean(moves)),
        "load": os.getloadavg()[0],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200_000, help="games per timed run")
    ap.add_argument("--runs", type=int, default=7, help="timed runs per ruleset")
    ap.add_argument("--ruleset", action="append", help="only these rulesets (default: all of the archive)")
    args = ap.parse_args()
    ids = args.ruleset or [r.id for r in rulesets.rulesets("tauru")]
    print(f"# command: NUMBA_NUM_THREADS={os.environ['NUMBA_NUM_THREADS']} python benchmarks/tauru.py "
          + " ".join(sys.argv[1:]))
    print(f"# engine {engine.ENGINE_VERSION}, numba {numba.__version__}, numpy {np.__version__}, "
          f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cpus, "
          f"numba threads {numba.config.NUMBA_NUM_THREADS}; load average at start {os.getloadavg()[0]:.2f}")
    print(f"# {args.runs} timed runs of {args.games} random games per ruleset, after warm-up; playouts/s")
    print(f"{'ruleset':<12}{'median':>12}{'min':>12}{'max':>12}{'turns':>9}{'moves':>9}{'load':>7}")
    for rid in ids:
        b = bench(rid, args.games, args.runs)
        print(f"{rid:<12}{b['median']:>12,.0f}{b['min']:>12,.0f}{b['max']:>12,.0f}{b['turns']:>9.1f}"
              f"{b['moves']:>9.1f}{b['load']:>7.2f}", flush=True)


if __name__ == "__main__":
    main()
