"""The CPU seconds each kind of game's kernels takes to compile from an empty numba cache, one fresh
process a kind (engine.play.kinds, warm_kind): the figures a fresh clone's first run estimates its
compile from (engine.compile_costs.MEASURED) until this machine has compiled the kinds itself.

Usage:
    python benchmarks/compile_costs.py            # print the figures
    python benchmarks/compile_costs.py --write    # and write engine/compile_costs.json
    python benchmarks/compile_costs.py --tree ../base --tree . --rounds 3   # an A/B of checkouts

With several ``--tree`` (checkouts, each with its own ``.venv``), each kind is compiled in every
tree in turn, ``--rounds`` times, so that the trees meet the same load; the median CPU seconds of
each (kind, tree) are printed (``--write`` takes the last tree's). The kinds are this checkout's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHILD = """
import json, sys, time
from engine.play import warm_kind
from engine.compile_costs import kind_name
kind = json.loads(sys.argv[1])
started, cpu = time.perf_counter(), time.process_time()
warm_kind(kind)
print(json.dumps({"kind": kind_name(kind), "cpu": time.process_time() - cpu, "wall": time.perf_counter() - started}))
"""


def compile_kind(tree: Path, kind: list[str]) -> dict:
    """Warm ``kind`` in a fresh process of ``tree`` (its .venv, or this Python for this checkout) with an
    empty numba cache: ``{"kind", "cpu", "wall"}``."""
    python = sys.executable if tree == ROOT else str(tree / ".venv" / "bin" / "python")
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, VARIORUM_NUMBA_CACHE=cache, NUMBA_NUM_THREADS="1")
        env.pop("NUMBA_CACHE_DIR", None)
        env.pop("PYTHONPATH", None)  # the tree's own engine: its folder is the child's first path
        out = subprocess.run([python, "-c", CHILD, json.dumps(kind)], cwd=tree, env=env,
                             capture_output=True, text=True, check=True)
    return json.loads(out.stdout.splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true", help="Write engine/compile_costs.json.")
    ap.add_argument("--tree", action="append", help="a checkout to measure, with its .venv (default: this one)")
    ap.add_argument("--rounds", type=int, default=1, help="processes per (kind, tree), alternating trees")
    args = ap.parse_args()
    if args.rounds < 1:
        ap.error("--rounds: at least 1")
    trees = [Path(t).resolve() for t in args.tree or [ROOT]]
    sys.path.insert(0, str(ROOT))
    import engine
    from engine.games import GAMES
    from engine.play import kinds

    print(f"# command: python benchmarks/compile_costs.py {' '.join(sys.argv[1:])}".rstrip())
    print(f"# load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if len(trees) > 1 or args.rounds > 1:
        print(f"# {args.rounds} fresh process(es) per (kind, tree), trees alternating; medians of CPU and wall seconds")
    out: dict[str, float] = {}
    totals = {t: 0.0 for t in trees}
    for kind in kinds(sorted(GAMES)):
        runs: dict[Path, list[dict]] = {t: [] for t in trees}
        for _ in range(args.rounds):
            for t in trees:
                runs[t].append(compile_kind(t, kind))
        for t in trees:
            name = runs[t][0]["kind"]
            cpu = statistics.median(r["cpu"] for r in runs[t])
            wall = statistics.median(r["wall"] for r in runs[t])
            totals[t] += cpu
            out[name] = round(cpu, 1)
            label = f"  {t.name}" if len(trees) > 1 else ""
            each = ", ".join(f"{r['cpu']:.1f}" for r in runs[t])
            every = f"  ({each})" if args.rounds > 1 else ""
            print(f"{name:45s} {len(kind):3d} games  {cpu:7.1f} CPU s  {wall:7.1f} s{label}{every}", flush=True)
    for t in trees:
        print(f"{'all kinds':45s}            {totals[t]:7.1f} CPU s{f'  {t.name}' if len(trees) > 1 else ''}")
    print(f"# load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if args.write:
        body = {"kinds": out, "fingerprint": engine.ENGINE_FINGERPRINT,
                "measured": time.strftime("%Y-%m-%d", time.gmtime()),
                "command": "python benchmarks/compile_costs.py --write",
                "how": "CPU seconds of warm_kind from an empty numba cache, one fresh process a kind"}
        (ROOT / "engine" / "compile_costs.json").write_text(json.dumps(body, indent=1) + "\n", encoding="utf-8")
        print("# wrote engine/compile_costs.json")


if __name__ == "__main__":
    main()
