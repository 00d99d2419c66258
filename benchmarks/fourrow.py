"""Random playouts per second of the four-row games, one thread, for every archive ruleset of
Tsoro (Additional Capture) and Lobudök.

Each ruleset: the compiled playout loop is loaded and warmed up, then ``--runs`` timed runs of a
fixed number of games each (one compiled call per run, seeds 1, 2, ...); the median rate is
reported with the slowest and fastest runs, and the mean turns and moves of the games. The load
average of the machine is printed before and after (the machine may be shared). Usage::

    NUMBA_NUM_THREADS=1 .venv/bin/python benchmarks/fourrow.py > benchmarks/fourrow.txt

(the script sets NUMBA_NUM_THREADS=1 itself when it is not set).
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

GAMES_4 = ("tsoro-additional-capture", "lobudok")
SECONDS = 2.0
"""Aimed length of one timed run: the number of games per run is sized from the warm-up."""


def bench(game_id: str, ruleset: str, runs: int, games: int | None) -> dict[str, float]:
    game = engine.load_game(game_id, ruleset=ruleset)
    warm_up(game)
    t0 = time.perf_counter()
    run(game, 500, 0)  # warm caches and branch predictors too; sizes the runs
    rate = 500 / (time.perf_counter() - t0)
    n = games or max(200, min(200_000, int(rate * SECONDS)))
    rates, turns, moves = [], [], []
    for i in range(runs):
        t0 = time.perf_counter()
        rows = run(game, n, i + 1)
        dt = time.perf_counter() - t0
        rates.append(n / dt)
        turns.append(rows[:, TURNS].mean())
        moves.append(rows[:, MOVES].mean())
    return {"games": n, "median": statistics.median(rates), "min": min(rates), "max": max(rates),
            "turns": float(np.mean(turns)), "moves": float(np.mean(moves))}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7, help="timed runs per ruleset")
    ap.add_argument("--games", type=int, default=None, help="games per timed run (default: about 2 s of play)")
    ap.add_argument("--game", action="append", choices=GAMES_4, help="only these games (default: both)")
    ap.add_argument("--ruleset", action="append", help="only these rulesets (default: all of the archive)")
    args = ap.parse_args()
    print(f"# command: NUMBA_NUM_THREADS={os.environ['NUMBA_NUM_THREADS']} python benchmarks/fourrow.py "
          + " ".join(sys.argv[1:]))
    print(f"# engine {engine.ENGINE_VERSION}, numba {numba.__version__}, numpy {np.__version__}, "
          f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cpus, "
          f"numba threads {numba.config.NUMBA_NUM_THREADS}")
    print(f"# load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"# {args.runs} timed runs per ruleset after warm-up; playouts/s")
    print(f"{'game':<26}{'ruleset':<15}{'games':>8}{'median':>11}{'min':>11}{'max':>11}{'turns':>9}{'moves':>9}")
    for game_id in args.game or GAMES_4:
        for rid in args.ruleset or [r.id for r in rulesets.rulesets(game_id)]:
            b = bench(game_id, rid, args.runs, args.games)
            print(f"{game_id:<26}{rid:<15}{b['games']:>8}{b['median']:>11,.0f}{b['min']:>11,.0f}{b['max']:>11,.0f}"
                  f"{b['turns']:>9.1f}{b['moves']:>9.1f}", flush=True)
    print(f"# load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
