"""The Kalah solver before and after a change, in one run (issue 31 item 5): the solver of two git
commits, each exported into a scratch folder, solves the same board in fresh processes taking
turns (before, after, before, after, ...), so that both see the same load on this shared machine.
Each solve reports the value, nodes, wall and CPU seconds (the CPU time of the solving process
only: the figure to compare with the targets when other jobs load the machine) and the peak RSS.
Each folder first solves a small board once, untimed, so that numba's compilation (cached in the
folder) is not counted. Usage::

    .venv/bin/python benchmarks/solver_ab.py --before 4be9809 --after HEAD --board 6,4 --empty-capture \
        --runs 2 >> benchmarks/solver.txt
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import inspect, json, resource, sys, time
from engine.mancala.solver import solve
holes, counters, empty, database, bits = json.loads(sys.argv[1])
kwargs = dict(database=database, table_bits=bits)
if "progress" in inspect.signature(solve).parameters:
    kwargs["progress"] = lambda line: print("    " + line, file=sys.stderr, flush=True)
s = solve(holes, counters, empty, **kwargs)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps(dict(value=s.value, move=s.best_move, nodes=s.nodes, wall=s.seconds, cpu=s.cpu_seconds,
                      db=s.database_counters, db_wall=s.database_seconds, passes=s.passes,
                      table_bytes=s.table_bytes, peak=peak)))
"""


def export(commit: str, into: Path) -> str:
    """The tree of ``commit`` written into ``into``; its short hash."""
    short = subprocess.run(["git", "rev-parse", "--short", commit], cwd=ROOT, check=True, capture_output=True,
                           text=True).stdout.strip()
    archive = subprocess.run(["git", "archive", "--format=tar", commit, "engine", "schema"], cwd=ROOT, check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return short


def solve_in(folder: Path, args: list) -> dict:
    env = dict(os.environ, PYTHONPATH=str(folder), PYTHONDONTWRITEBYTECODE="1")
    out = subprocess.run([sys.executable, "-c", CHILD, json.dumps(args)], cwd=folder, env=env, check=True,
                         stdout=subprocess.PIPE, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="the commit before the change")
    parser.add_argument("--after", default="HEAD", help="the commit after it")
    parser.add_argument("--board", required=True, help="holes,counters (e.g. 6,4)")
    parser.add_argument("--empty-capture", action="store_true")
    parser.add_argument("--database", type=int, default=16)
    parser.add_argument("--table-bits", type=int, default=24)
    parser.add_argument("--runs", type=int, default=1, help="solves of each side")
    args = parser.parse_args()
    holes, counters = (int(x) for x in args.board.split(","))
    rule = "empty capture" if args.empty_capture else "no empty capture"
    print(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(f"# command: python benchmarks/solver_ab.py {shlex.join(sys.argv[1:])}")
    print(f"# Kalah({holes},{counters}), {rule}, database <= {args.database} counters, table 2**{args.table_bits} "
          f"buckets; before and after take turns, each solve a fresh process (database built in it)")
    with tempfile.TemporaryDirectory(prefix="solver-ab-") as scratch:
        sides = {}
        for name, commit in (("before", args.before), ("after", args.after)):
            folder = Path(scratch) / name
            folder.mkdir()
            sides[name] = (folder, export(commit, folder))
            solve_in(folder, [3, 2, args.empty_capture, 2, 8])  # compile into the folder's cache, untimed
        print(f"# before = {sides['before'][1]}, after = {sides['after'][1]}", flush=True)
        results: dict[str, list[dict]] = {"before": [], "after": []}
        for i in range(args.runs):
            for name in ("before", "after"):
                folder, short = sides[name]
                started = load()
                r = solve_in(folder, [holes, counters, args.empty_capture, args.database, args.table_bits])
                results[name].append(r)
                print(f"{name} ({short}) run {i + 1}: value {r['value']:+d}, nodes {r['nodes']:,}, "
                      f"CPU {r['cpu']:.1f} s, wall {r['wall']:.1f} s (database wall {r['db_wall']:.1f} s; "
                      f"{r['passes']} MTD(f) passes; table {r['table_bytes'] / 1e6:.0f} MB; peak RSS "
                      f"{r['peak'] / 1e6:.0f} MB); load before {started}, after {load()}", flush=True)
    for name in ("before", "after"):
        rs = results[name]
        print(f"{name}: median CPU {statistics.median(r['cpu'] for r in rs):.1f} s, median wall "
              f"{statistics.median(r['wall'] for r in rs):.1f} s over {len(rs)} run(s)")
    b = statistics.median(r["cpu"] for r in results["before"])
    a = statistics.median(r["cpu"] for r in results["after"])
    print(f"CPU time after / before: {a / b:.2f}")
    print()


if __name__ == "__main__":
    main()
