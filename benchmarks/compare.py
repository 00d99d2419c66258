"""The comparator's benchmark: Tap-urdy's full factorial with intervals, and UCT's speed.

1. Every combination of Tap-urdy's switches (3,072 variants) x ``--games`` random games each
   (default 1,000), on ``--jobs`` local processes (default 2), with every measure's 95% interval
   and the per-switch effects: the wall time from the call to the result (imports and the
   archive's loading excluded, worker start-up included), split into playing (until the last
   cell is in) and the rest (measuring what was left, effects); the CPU time of this process
   and of the workers; the machine's load (``uptime``) before and after, since the machine may
   be shared. The target is under 30 s on 2 cores.
2. UCT: iterations per second within one game (``--uct`` iterations per move, both players
   UCT), per ruleset of the archive, over at most 100 decisions with a choice (forced moves are
   played without search): the time of UCT's decisions only.

Usage::

    .venv/bin/python benchmarks/compare.py > benchmarks/compare.txt
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import subprocess
import sys
import time

import numba
import numpy as np
import scipy
from joblib.externals.loky import get_reusable_executor

import engine
from engine import rulesets
from engine.agents import UCTAgent
from engine.compare import compare, plan


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True, timeout=5).stdout.strip()
    except OSError:
        return "uptime not available"


def factorial(games: int, jobs: int, seed: int) -> None:
    p = plan("tap-urdy", all_switches=True)
    marks: list[float] = []

    def progress(done: int, total: int) -> None:
        if done == total:
            marks.append(time.perf_counter())

    print(f"# load before: {uptime()}")
    c0, r0 = time.process_time(), resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    c = compare("tap-urdy", games=games, seed=seed, jobs=jobs, variant_plan=p, progress=progress)
    t1 = time.perf_counter()
    print(f"# load after:  {uptime()}")
    main_cpu = time.process_time() - c0
    get_reusable_executor().shutdown(wait=True)  # the workers exit, so their CPU time is counted
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    workers_cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    played = (marks[-1] if marks else t1) - t0
    n = len(c.variants) * games
    print(f"factorial: {len(c.variants)} variants x {games} games = {n:,} games, {len(c.measures)} measures "
          f"with 95% intervals ({c.resamples} bootstrap resamples), {len(c.effects)} effects; jobs {jobs}")
    print(f"  wall {t1 - t0:.1f} s: playing (and measuring alongside) {played:.1f} s, the rest {t1 - t0 - played:.1f} s; "
          f"{n / (t1 - t0):,.0f} games/s overall" + (f"; target < 30 s: {'met' if t1 - t0 < 30 else 'NOT met'}"
                                                     if games == 1000 and jobs == 2 else ""))
    cpu = main_cpu + workers_cpu
    print(f"  CPU: this process {main_cpu:.1f} s + workers {workers_cpu:.1f} s = {cpu:.1f} s; on {jobs} idle cores "
          f"the wall time could not be under {cpu / jobs:.1f} s")
    print("  largest effects (option vs reference, averaged over the other switches, 95% interval):")
    for measure in ("advantage_p1", "completion", "drawishness", "endless", "timeouts", "duration_turns",
                    "branching_factor", "decision_moves"):
        top = [e for e in c.effects if e.measure == measure and e.rank <= 3]
        for e in top:
            print(f"    {measure:18s} {e.switch.split('.', 1)[1]:17s} {e.option:20s} vs {e.reference:20s} "
                  f"{e.value:+9.4f} [{e.low:+9.4f}, {e.high:+9.4f}]")


def uct_speed(iterations: int, seed: int, decisions: int = 100) -> None:
    print(f"UCT: both players uct:{iterations}, one game per ruleset (at most {decisions} searched decisions); "
          "iterations per second of UCT's own decisions")
    print(f"  {'ruleset':14s} {'moves':>6s} {'decisions':>9s} {'seconds':>8s} {'iterations/s':>13s}")
    for r in rulesets.rulesets("tap-urdy"):
        state = engine.new_game("tap-urdy", ruleset=r.id, seed=seed)
        agents = (UCTAgent(iterations, seed), UCTAgent(iterations, seed + 1))
        spent, searched = 0.0, 0
        while not state.is_terminal() and searched < decisions:
            choices = len(state.legal_moves())
            t = time.perf_counter()
            move = agents[state.to_move - 1].choose(state)
            spent += time.perf_counter() - t
            searched += choices > 1  # a forced move is played without search
            state.apply(move)
        rate = searched * iterations / spent if spent else float("nan")
        print(f"  {r.id:14s} {len(state.history()):6d} {searched:9d} {spent:8.2f} {rate:13,.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games per variant of the factorial")
    ap.add_argument("--jobs", type=int, default=2, help="local worker processes")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--uct", type=int, default=1000, help="UCT iterations per move")
    ap.add_argument("--skip-factorial", action="store_true")
    args = ap.parse_args()
    print(f"# command: python benchmarks/compare.py {' '.join(sys.argv[1:])}".rstrip())
    print(f"# engine {engine.ENGINE_FINGERPRINT}, numba {numba.__version__}, numpy {np.__version__}, scipy {scipy.__version__}, "
          f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cpus")
    engine.load_game("tap-urdy").rules.playouts(engine.load_game("tap-urdy").params, 0, 1)  # load the kernels
    if not args.skip_factorial:
        factorial(args.games, args.jobs, args.seed)
    uct_speed(args.uct, args.seed)


if __name__ == "__main__":
    main()
