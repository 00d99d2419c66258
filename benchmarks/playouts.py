"""Random playouts per second of the engine, one thread, for every game and archive ruleset (or the
ones named); with several ``--tree``, an A/B comparison of checkouts on a shared machine.

Each (game, ruleset, tree) is measured in a fresh process (its numba cache warm): the compiled
playout loop is loaded and warmed up, then ``--runs`` timed runs of a fixed number of games
(one compiled call per run, seeds 1, 2, ...), timed by the process's CPU clock (the loop is
single-threaded: on an idle machine that is the wall time; on a shared one it leaves out the
time other jobs hold the cores, though not their pressure on the caches). With several trees the
processes alternate tree by tree, ``--rounds`` times, so that each tree meets the same load; the
median rate over every run of a tree is reported with the slowest and fastest runs, the mean
turns and moves of the games and the 1-minute load average. Usage::

    .venv/bin/python benchmarks/playouts.py > benchmarks/playouts.txt
    .venv/bin/python benchmarks/playouts.py --ruleset ludii --tree ../base --tree . --rounds 3

(a tree is a checkout with its own ``.venv``; NUMBA_NUM_THREADS=1 is set for the processes).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from workloads import GAMES, playouts

CHILD = r"""
import json, sys, time
import numpy as np
import engine
from engine.playout import run, warm_up
from engine.stats import MOVES, TURNS
game_id, ruleset, runs, n = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
game = engine.load_game(game_id, ruleset=ruleset)
warm_up(game)
run(game, min(n, 2000), 0)  # warm caches and branch predictors too
rates, turns, moves = [], [], []
for i in range(runs):
    t0 = time.process_time()
    rows = run(game, n, i + 1)
    rates.append(n / (time.process_time() - t0))
    turns.append(float(rows[:, TURNS].mean()))
    moves.append(float(rows[:, MOVES].mean()))
print(json.dumps({"games": n, "rates": rates, "turns": float(np.mean(turns)), "moves": float(np.mean(moves))}))
"""


def measure(tree: Path, game_id: str, ruleset: str, runs: int, games: int) -> dict:
    env = dict(os.environ, NUMBA_NUM_THREADS="1")
    out = subprocess.run([str(tree / ".venv" / "bin" / "python"), "-c", CHILD, game_id, ruleset, str(runs),
                          str(games)], cwd=tree, env=env, capture_output=True, text=True, check=True)
    res = json.loads(out.stdout.strip().splitlines()[-1])
    res["load"] = os.getloadavg()[0]
    return res


def rulesets_of(game_id: str, tree: Path) -> list[str]:
    out = subprocess.run([str(tree / ".venv" / "bin" / "python"), "-c",
                          "import sys; from engine import rulesets; "
                          "print(' '.join(r.id for r in rulesets.rulesets(sys.argv[1])))", game_id],
                         cwd=tree, capture_output=True, text=True, check=True)
    return out.stdout.split()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="timed runs per process")
    ap.add_argument("--rounds", type=int, default=1, help="processes per (game, ruleset, tree), alternating trees")
    ap.add_argument("--games", type=int, help="games per timed run (default: workloads.playouts)")
    ap.add_argument("--game", action="append", choices=GAMES, help="only these games (default: all)")
    ap.add_argument("--ruleset", action="append", help="only these rulesets (default: all of the archive)")
    ap.add_argument("--tree", action="append", help="a checkout to measure, with its .venv (default: this one)")
    args = ap.parse_args()
    trees = [Path(t).resolve() for t in args.tree or [Path(__file__).resolve().parent.parent]]
    print(f"# command: python benchmarks/playouts.py {' '.join(sys.argv[1:])}")
    print(f"# {os.cpu_count()} cpus, numba threads 1; load average at start: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"# {args.rounds} process(es) x {args.runs} timed runs per (game, ruleset, tree); playouts per CPU second")
    print(f"{'game':<26}{'ruleset':<15}{'tree':<12}{'games':>8}{'median':>11}{'min':>11}{'max':>11}"
          f"{'turns':>9}{'moves':>9}{'load':>6}")
    for game_id in args.game or GAMES:
        for rid in args.ruleset or rulesets_of(game_id, trees[0]):
            results: dict[Path, list[dict]] = {t: [] for t in trees}
            for _ in range(args.rounds):
                for t in trees:
                    results[t].append(measure(t, game_id, rid, args.runs, args.games or playouts(game_id)))
            for t in trees:
                rs = results[t]
                rates = [x for r in rs for x in r["rates"]]
                print(f"{game_id:<26}{rid:<15}{t.name[:11]:<12}{rs[0]['games']:>8}{statistics.median(rates):>11,.0f}"
                      f"{min(rates):>11,.0f}{max(rates):>11,.0f}{rs[0]['turns']:>9.1f}{rs[0]['moves']:>9.1f}"
                      f"{statistics.median(r['load'] for r in rs):>6.2f}", flush=True)
    print(f"# load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
