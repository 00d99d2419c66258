"""UCT iterations per second from each game's first choice (ludii rulesets), one thread, against the same
process's random playouts per second; with several ``--tree``, an A/B comparison of checkouts;
then the wall time of ``variorum assess``.

Each (game, tree) is measured in a fresh process (its numba cache warm): the game is loaded, the
agent and the playout loop warmed up, then ``--runs`` timed searches, each one ``UCTAgent(N,
seed=run).choose(start)`` from the first position of the game seeded 1 with two or more legal moves (a
forced move, such as Tsoro (Baia)'s opening lap from a named hole, is played without a search: timed,
it gave a billion "iterations" a second) (N: ``workloads.iterations`` of the game, the same for every
tree), and ``--runs`` timed runs of random playouts (as benchmarks/playouts.py),
timed by the process's CPU clock. Trees alternate process by process, ``--rounds`` times; the
median rate over every run of a tree is reported with the slowest and fastest, and UCT's median as
a share of the playouts' median of the same tree. Then (unless ``--no-assess``) each ``--assess``
command line is run with the last tree's ``variorum`` and its wall time reported with the load
average before and after (run it when the machine is quiet). Usage::

    .venv/bin/python benchmarks/agents.py --tree ../base --tree . --rounds 3 > benchmarks/agents.txt

(a tree is a checkout with its own ``.venv``; NUMBA_NUM_THREADS=1 is set for the processes).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

from workloads import GAMES, iterations, playouts
ASSESS = (
    "tap-urdy --ruleset sources --ruleset ludii --ruleset commentary --ruleset pussa-kanawa --ruleset mancalagames "
    "--games 100 --agent uct:300 --seed 1 --jobs 2 --json --quiet",
    "tap-urdy --ruleset sources --ruleset ludii --ruleset pussa-kanawa --games 100 --agent uct:300 --seed 1 --json "
    "--quiet",
)
"""The assessments timed by default: Tap-urdy's five rulesets with two workers, and the issue's run."""

CHILD = r"""
import json, sys, time
import engine
from engine.agents import UCTAgent
from engine.playout import run, warm_up
game_id, runs, n, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
game = engine.load_game(game_id, ruleset="ludii")
start = game.new_state(1)
while not start.is_terminal() and len(start.legal_moves()) == 1:  # a forced move is not searched (UCTAgent plays it)
    start.apply(start.legal_moves()[0])
warm_up(game)
UCTAgent(min(n, 2000), 0).choose(start)  # load the search, warm the caches
run(game, min(games, 2000), 0)
uct, playouts = [], []
for i in range(runs):
    agent = UCTAgent(n, i + 1)
    t0 = time.process_time()
    agent.choose(start)
    uct.append(n / (time.process_time() - t0))
    t0 = time.process_time()
    run(game, games, i + 1)
    playouts.append(games / (time.process_time() - t0))
print(json.dumps({"uct": uct, "playouts": playouts}))
"""


def measure(tree: Path, game_id: str, runs: int, iterations: int, games: int) -> dict:
    env = dict(os.environ, NUMBA_NUM_THREADS="1")
    out = subprocess.run([str(tree / ".venv" / "bin" / "python"), "-c", CHILD, game_id, str(runs), str(iterations),
                          str(games)], cwd=tree, env=env, capture_output=True, text=True, check=True)
    res = json.loads(out.stdout.strip().splitlines()[-1])
    res["load"] = os.getloadavg()[0]
    return res


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def assess(tree: Path, command: str) -> None:
    argv = [str(tree / ".venv" / "bin" / "variorum"), "assess", *shlex.split(command)]
    print(f"# variorum assess {command}", flush=True)
    print(f"#   load average before: {load()}", flush=True)
    t0 = time.perf_counter()
    out = subprocess.run(argv, cwd=tree, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if out.returncode != 0:
        print(f"#   FAILED (exit {out.returncode}) after {wall:.1f} s: {out.stderr.strip()[-500:]}")
        return
    readings = json.loads(out.stdout)["readings"]
    print(f"#   wall time {wall:.1f} s; {len(readings)} readings; load average after: {load()}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="timed searches (and playout runs) per process")
    ap.add_argument("--rounds", type=int, default=1, help="processes per (game, tree), alternating trees")
    ap.add_argument("--game", action="append", choices=GAMES, help="only these games (default: all)")
    ap.add_argument("--tree", action="append", help="a checkout to measure, with its .venv (default: this one)")
    ap.add_argument("--assess", action="append", help="a variorum assess command line to time (default: ASSESS)")
    ap.add_argument("--no-assess", action="store_true", help="time no assessment")
    args = ap.parse_args()
    trees = [Path(t).resolve() for t in args.tree or [Path(__file__).resolve().parent.parent]]
    print(f"# command: python benchmarks/agents.py {' '.join(sys.argv[1:])}")
    print(f"# {os.cpu_count()} cpus, numba threads 1; load average at start: {load()}")
    print(f"# {args.rounds} process(es) x {args.runs} timed runs per (game, tree); ludii rulesets, from the first "
          "choice of the game seeded 1 (forced moves played); per CPU second")
    print(f"{'game':<26}{'tree':<12}{'iterations':>11}{'UCT it/s':>11}{'min':>10}{'max':>10}{'playouts/s':>12}"
          f"{'UCT/play':>9}{'load':>6}")
    for game_id in args.game or GAMES:
        results: dict[Path, list[dict]] = {t: [] for t in trees}
        for _ in range(args.rounds):
            for t in trees:
                results[t].append(measure(t, game_id, args.runs, iterations(game_id), playouts(game_id)))
        for t in trees:
            rs = results[t]
            uct = [x for r in rs for x in r["uct"]]
            play = statistics.median(x for r in rs for x in r["playouts"])
            print(f"{game_id:<26}{t.name[:11]:<12}{iterations(game_id):>11,}{statistics.median(uct):>11,.0f}"
                  f"{min(uct):>10,.0f}{max(uct):>10,.0f}{play:>12,.0f}{statistics.median(uct) / play:>9.0%}"
                  f"{statistics.median(r['load'] for r in rs):>6.2f}", flush=True)
    if not args.no_assess:
        for command in args.assess or ASSESS:
            assess(trees[-1], command)
    print(f"# load average at end: {load()}")


if __name__ == "__main__":
    main()
