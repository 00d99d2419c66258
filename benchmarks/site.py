"""Latency of the game page and the play API on loopback: p50 and p95 over a few hundred requests.

Starts ``variorum serve`` on a free port with a copy of ``site/`` (so the served archive is built
fresh), warms up, then times sequential requests from one client. Usage::

    python benchmarks/site.py [--requests 300] > benchmarks/site.txt

Target (issue 7): p95 under 50 ms for each.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(site: Path, port: int) -> subprocess.Popen:
    proc = subprocess.Popen(
        [sys.executable, "-m", "engine.cli", "serve", "--port", str(port), "--site", str(site)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/games", timeout=5).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    proc.kill()
    raise RuntimeError("server did not start")


def timed(client: httpx.Client, url: str, n: int) -> list[float]:
    for _ in range(10):  # warm-up: compile kernels, fill caches
        client.get(url).raise_for_status()
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        client.get(url).raise_for_status()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=300)
    args = ap.parse_args()
    import engine
    from engine.agents import RandomAgent, play_out

    game = engine.new_game("tap-urdy", ruleset="ludii", seed=7)
    play_out(game, RandomAgent(7))
    moves = ",".join(game.move_to_text(m) for m in game.history()[:40])
    urls = {
        "game page /games/tap-urdy": "/games/tap-urdy",
        "play API, start": "/-/play/tap-urdy.json?ruleset=ludii",
        "play API, 40 moves": f"/-/play/tap-urdy.json?ruleset=ludii&moves={moves}",
        "play API, 40 moves + divergence": f"/-/play/tap-urdy.json?ruleset=ludii&set=relay:next-hole&truncate=1&compare=ludii&moves={moves}",
    }
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(ROOT / "site", site, ignore=shutil.ignore_patterns("*.db", "inspect-data.json"))
        port = free_port()
        proc = start(site, port)
        try:
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
                print(f"# command: python benchmarks/site.py --requests {args.requests}")
                print(f"# python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cpus, "
                      f"load {os.getloadavg()[0]:.2f}; {args.requests} sequential requests each after 10 warm-up")
                print(f"{'request':40} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
                for name, url in urls.items():
                    ms = sorted(timed(client, url, args.requests))
                    p95 = ms[int(0.95 * (len(ms) - 1))]
                    print(f"{name:40} {statistics.median(ms):8.1f} {p95:8.1f} {ms[-1]:8.1f}")
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


if __name__ == "__main__":
    main()
