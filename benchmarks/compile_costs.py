"""The CPU seconds each kind of game's kernels takes to compile from an empty numba cache, one fresh
process a kind (engine.play.kinds, warm_kind): the figures a fresh clone's first run estimates its
compile from (engine.compile_costs.MEASURED) until this machine has compiled the kinds itself.

Usage:
    python benchmarks/compile_costs.py            # print the figures
    python benchmarks/compile_costs.py --write    # and write engine/compile_costs.json
"""

from __future__ import annotations

import argparse
import json
import os
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true", help="Write engine/compile_costs.json.")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    import engine
    from engine.games import GAMES
    from engine.play import kinds

    print(f"# command: python benchmarks/compile_costs.py{' --write' if args.write else ''}")
    print(f"# load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    out: dict[str, float] = {}
    for kind in kinds(sorted(GAMES)):
        with tempfile.TemporaryDirectory() as cache:
            env = dict(os.environ, VARIORUM_NUMBA_CACHE=cache, NUMBA_NUM_THREADS="1")
            env.pop("NUMBA_CACHE_DIR", None)
            found = json.loads(subprocess.run([sys.executable, "-c", CHILD, json.dumps(kind)], cwd=ROOT, env=env,
                                              capture_output=True, text=True, check=True).stdout.splitlines()[-1])
        out[found["kind"]] = round(found["cpu"], 1)
        print(f"{found['kind']:45s} {len(kind):3d} games  {found['cpu']:7.1f} CPU s  {found['wall']:7.1f} s")
    print(f"{'all kinds':45s}            {sum(out.values()):7.1f} CPU s")
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
