"""The Kalah solver's times (issue 31 item 5): Kalah(6,4) and Kalah(6,5) from the start, each solve
in a fresh process (the endgame database built in it), with the value, the best first move,
nodes, wall and CPU seconds, the database's and the table's memory and the process's peak RSS
(``--workers 2``: two threads in the one process, sharing the database and the table, so its peak
RSS is the peak of everything the solve holds; the "critical" CPU time is the busiest thread's,
the wall time the solve would take on two idle cores).
The load average is printed beside each figure (the machine is shared: the CPU time leaves out
the other jobs, the wall time does not). Repeated runs give medians. Usage::

    .venv/bin/python benchmarks/solver.py --board 6,4 --empty-capture --runs 3 >> benchmarks/solver.txt
    .venv/bin/python benchmarks/solver.py --board 6,5 --empty-capture --database 22 --table-bits 27 \
        --workers 2 --heartbeat 67108864 >> benchmarks/solver.txt
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

CHILD = r"""
import json, resource, sys
from engine.mancala.solver import solve
holes, counters, empty, database, bits, extra = json.loads(sys.argv[1])
s = solve(holes, counters, empty, database=database, table_bits=bits,
          progress=lambda line: print("  " + line, file=sys.stderr, flush=True), **extra)
usage = resource.getrusage(resource.RUSAGE_SELF)
peak = usage.ru_maxrss * 1024
print(json.dumps(dict(value=s.value, move=s.best_move, nodes=s.nodes, wall=s.seconds, cpu=s.cpu_seconds,
                      critical=s.critical_seconds, workers=s.workers,
                      db=s.database_counters, db_wall=s.database_seconds, db_bytes=s.database_bytes,
                      table_bytes=s.table_bytes, passes=s.passes, peak=peak,
                      process_cpu=usage.ru_utime + usage.ru_stime)))
"""


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", required=True, help="holes,counters (e.g. 6,4)")
    parser.add_argument("--empty-capture", action="store_true")
    parser.add_argument("--database", type=int, default=None)
    parser.add_argument("--table-bits", type=int, default=22)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--etc-from", type=int, default=None, help="solve()'s etc_from (default: its own)")
    parser.add_argument("--tt-from", type=int, default=None, help="solve()'s tt_from (default: its own)")
    parser.add_argument("--heartbeat", type=int, default=0, help="report every this many nodes")
    parser.add_argument("--workers", type=int, default=1, choices=(1, 2),
                        help="threads for the database and the search (solve()'s workers)")
    parser.add_argument("--split-depth", type=int, default=None,
                        help="solve()'s split_depth (default: its own): plies below the root the threads split")
    args = parser.parse_args()
    holes, counters = (int(x) for x in args.board.split(","))
    print(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(f"# command: python benchmarks/solver.py {shlex.join(sys.argv[1:])}")
    rule = "empty capture" if args.empty_capture else "no empty capture"
    print(f"# Kalah({holes},{counters}), {rule}; each run a fresh process (database built in it); "
          f"workers {args.workers}")
    extra = {name: value for name, value in
             (("etc_from", args.etc_from), ("tt_from", args.tt_from), ("heartbeat", args.heartbeat),
              ("workers", args.workers), ("split_depth", args.split_depth))
             if value is not None and (value or name == "split_depth")}
    runs = []
    for i in range(args.runs):
        before = load()
        began = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", CHILD,
                              json.dumps([holes, counters, args.empty_capture, args.database, args.table_bits,
                                          extra])],
                             check=True, stdout=subprocess.PIPE, text=True).stdout
        r = json.loads(out.strip().splitlines()[-1])
        r["process_wall"] = time.perf_counter() - began
        runs.append(r)
        print(f"run {i + 1}: value {r['value']:+d}, best first move hole {r['move'] + 1}, nodes {r['nodes']:,}, "
              f"wall {r['wall']:.1f} s, CPU {r['cpu']:.1f} s, critical CPU {r['critical']:.1f} s "
              f"({r['workers']} worker{'s' if r['workers'] > 1 else ''}) (database <= {r['db']} counters: wall "
              f"{r['db_wall']:.1f} s, {r['db_bytes'] / 1e6:.0f} MB; table {r['table_bytes'] / 1e6:.0f} MB; "
              f"peak RSS {r['peak'] / 1e6:.0f} MB; {r['passes']} MTD(f) passes; the whole process, imports "
              f"included: wall {r['process_wall']:.1f} s, CPU {r['process_cpu']:.1f} s); "
              f"load before {before}, after {load()}", flush=True)
    if len(runs) > 1:
        print(f"median: wall {statistics.median(r['wall'] for r in runs):.1f} s, "
              f"CPU {statistics.median(r['cpu'] for r in runs):.1f} s, "
              f"critical CPU {statistics.median(r['critical'] for r in runs):.1f} s")
    print()


if __name__ == "__main__":
    main()
