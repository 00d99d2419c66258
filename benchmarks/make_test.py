"""A fresh clone's ``make test``, by phase: the install, the compile before the workers start
(tests/conftest.py's ``pytest_sessionstart``) and the tests, each with its wall time and the CPU
time (user + sys) of every process it ran, and the load average at its start and end.

The clone is fresh (``git clone``), so numba's cache is empty, as on CI. The tests run as the
Makefile's ``test`` target runs them (``-n 2 --dist loadfile``) with ``--durations`` added; each
output line is stamped with the seconds since pytest started, so the compile phase is read off the
first worker's line (``bringing up nodes...``, or ``created: 2/2 workers`` without ``-q``) and
the session start's own line (``kernels compiled ...``, with its CPU seconds). The summary prints the slowest tests and the
per-file totals of the durations pytest reports.

Usage (benchmarks/make-test.txt):
    python benchmarks/make_test.py --repo /work/main --branch main
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path


def children_cpu() -> float:
    """User + sys CPU seconds of every waited-for child process so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(cmd: list[str], cwd: Path, stamp: bool) -> tuple[float, float, list[tuple[float, str]], int]:
    """Run ``cmd``; its wall seconds, CPU seconds and output lines (stamped with the seconds since
    it started when ``stamp``)."""
    cpu0, t0 = children_cpu(), time.monotonic()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: list[tuple[float, str]] = []
    assert proc.stdout is not None
    for line in proc.stdout:
        t = time.monotonic() - t0
        lines.append((t, line.rstrip("\n")))
        if stamp:
            print(f"{t:7.1f} s  {line}", end="", flush=True)
    rc = proc.wait()
    return time.monotonic() - t0, children_cpu() - cpu0, lines, rc


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repo", required=True)
    ap.add_argument("--branch", default="main")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--durations", type=int, default=60)
    args = ap.parse_args()
    clone = Path(tempfile.mkdtemp(prefix="make-test-")) / "variorum"
    subprocess.run(["git", "clone", "-q", "-b", args.branch, args.repo, str(clone)], check=True)
    head = subprocess.run(["git", "-C", str(clone), "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True).stdout.strip()
    print(f"# fresh clone of {args.repo} {args.branch} at {head} in {clone}; load {load()}", flush=True)
    wall_i, cpu_i, _, rc = run(["make", "install"], clone, stamp=False)
    if rc:
        sys.exit(f"make install failed ({rc})")
    print(f"# install: {wall_i:.1f} s wall, {cpu_i:.1f} CPU s; load {load()}", flush=True)
    wall_t, cpu_t, lines, rc = run([str(clone / ".venv/bin/python"), "-m", "pytest", "-n", str(args.workers),
                                    "--dist", "loadfile", f"--durations={args.durations}", "-q"], clone, stamp=True)
    started = next((t for t, s in lines if re.match(r"created: \d+/\d+ workers|bringing up nodes", s)), None)
    compiled = next((s for _, s in lines if s.startswith("kernels compiled into numba's cache")), None)
    per_file: dict[str, float] = defaultdict(float)
    for _, s in lines:
        m = re.match(r"\s*([\d.]+)s (?:call|setup|teardown)\s+(tests/[^:]+)::", s)
        if m:
            per_file[m.group(2)] += float(m.group(1))
    print(f"# tests (pytest, exit {rc}): {wall_t:.1f} s wall, {cpu_t:.1f} CPU s; load {load()}")
    if started is not None:
        print(f"# of which before the workers started (the compile of tests/conftest.py): {started:.1f} s wall")
    if compiled:
        print(f"# tests/conftest.py said: {compiled}")
    print("# per-file totals of the durations listed above (seconds; only the listed tests):")
    for f, s in sorted(per_file.items(), key=lambda kv: -kv[1])[:25]:
        print(f"#   {s:7.1f}  {f}")
    print(f"# in all: install {wall_i:.1f} s + tests {wall_t:.1f} s = {wall_i + wall_t:.1f} s wall; "
          f"CPU {cpu_i + cpu_t:.1f} s")


if __name__ == "__main__":
    main()
