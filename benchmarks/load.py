"""Load on loopback: 50 concurrent clients for 60 s over the site's mix, then the same with 4 heavy clients.

Starts ``variorum serve`` on a port of its own with a copy of ``site/`` (the archive is built
fresh into it; ``--results`` copies a baked results database in too), warms the server up, then
runs two phases of ``--seconds`` each:

1. **mix**: ``--clients`` clients, each sending one request after another, drawn at random from
   the four game pages, play requests with real move lists (prefixes of random games of every
   game, many distinct addresses), ``/archive/sources.json`` and the canned query
   ``/archive/disputed_points.json?game=...``;
2. **mix + heavy**: the same, while 4 more clients send the heaviest agent requests the play API's
   ceilings allow (``uct`` at its ceiling and ``alphabeta`` at its ceiling, on every game, each
   with a seed of its own so that no answer comes from a cache).

It reports, per phase, throughput, p50/p95/p99 per kind of request, the errors (status >= 400
or no answer) and the 5xx, with the load average (the machine is shared: read figures with it).
With ``--during-bake`` (issue 22) the server starts with no results database, so it bakes the
default comparisons and then the assessments in the background (at niceness 19); the mix (no heavy
clients) is measured while the assessments bake, the stage read from ``/-/bake.json``.
Usage::

    python benchmarks/load.py [--clients 50] [--seconds 60] [--port 8811] [--during-bake] > benchmarks/load.txt

Targets (issue 10), on a 2-core machine: 0 errors and 0 5xx; p95 of the cheap requests (pages,
play requests without an agent, the table and the canned query) at most 300 ms while the heavy
ones run; at least 200 requests/s for the mix.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from urllib.parse import quote

import httpx

from workloads import GAMES

ROOT = Path(__file__).resolve().parents[1]


def play_urls(per_game: int, seed: int) -> list[str]:
    """Play requests with real move lists: prefixes (random lengths) of random self-play games."""
    import engine
    from engine.agents import RandomAgent, play_out

    rng = random.Random(seed)
    urls = []
    for game_id in GAMES:
        for i in range(per_game):
            state = engine.new_game(game_id, seed=i)
            play_out(state, RandomAgent(i))
            moves = [state.move_to_text(m) for m in state.history()]
            cut = rng.randint(1, max(1, min(len(moves), 120)))
            urls.append(f"/-/play/{game_id}.json?seed={i}&moves={quote(','.join(moves[:cut]), safe=',')}")
    return urls


def heavy_urls(ceiling: dict) -> list[str]:
    """The heaviest agent requests the ceilings allow, on every game, from the start position."""
    return [f"/-/play/{g}.json?agent={kind}:{ceiling[kind]}" for g in GAMES for kind in ("uct", "alphabeta")]


def start(site: Path, port: int, bake: bool = False) -> tuple[subprocess.Popen, float]:
    command = [sys.executable, "-m", "engine.cli", "serve", "--port", str(port), "--site", str(site)]
    helps = subprocess.run([*command[:4], "--help"], capture_output=True, text=True).stdout
    if "--no-bake" in helps and not bake:  # steady state: no comparison baking in the background meanwhile
        command.append("--no-bake")
    started = time.monotonic()
    proc = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/games", timeout=5).status_code == 200:
                return proc, time.monotonic() - started
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            raise RuntimeError("server exited")
        time.sleep(0.3)
    proc.kill()
    raise RuntimeError("server did not start")


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        proc.wait(timeout=15)


async def client_loop(client: httpx.AsyncClient, pick, until: float, log: list, rng: random.Random) -> None:
    while time.monotonic() < until:
        kind, url = pick(rng)
        t0 = time.perf_counter()
        try:
            r = await client.get(url)
            status = r.status_code
        except httpx.HTTPError as exc:
            status = f"no answer ({type(exc).__name__})"
        log.append((kind, (time.perf_counter() - t0) * 1000, status))


async def phase(base: str, clients: int, seconds: float, mix: list, heavy: list) -> tuple[list, float]:
    limits = httpx.Limits(max_connections=clients + 8, max_keepalive_connections=clients + 8)
    log: list = []
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as client:
        t0 = time.monotonic()
        until = t0 + seconds
        tasks = [client_loop(client, lambda r: r.choice(mix), until, log, random.Random(i)) for i in range(clients)]
        # each heavy request its own seed: a fresh search every time, never an answer from a cache
        tasks += [client_loop(client, lambda r: (lambda k, u: (k, f"{u}&seed={r.randrange(10**12)}"))(*r.choice(heavy)),
                              until, log, random.Random(1000 + i))
                  for i in range(4 if heavy else 0)]
        await asyncio.gather(*tasks)
        took = time.monotonic() - t0
    return log, took


def bake_state(client: httpx.Client) -> str:
    """The stage and game the server's background bake is at (``/-/bake.json``)."""
    found = client.get("/-/bake.json").json()
    current = found.get("current") or {}
    return (f"stage {found.get('stage')}, game {current.get('game')} {current.get('phase') or ''} "
            f"{current.get('done')}/{current.get('total')}" if found.get("running") else "not running")


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * (len(values) - 1) + 0.5))]


def report(name: str, log: list, took: float) -> None:
    by_kind: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, int] = defaultdict(int)
    five = 0
    for kind, ms, status in log:
        by_kind[kind].append(ms)
        if not isinstance(status, int) or status >= 400:
            errors[f"{kind} {status}"] += 1
            five += (not isinstance(status, int)) or status >= 500
    cheap = [ms for kind, ms, _ in log if kind != "heavy agent"]
    print(f"## {name}: {len(log)} requests in {took:.1f} s = {len(log) / took:.1f} requests/s "
          f"(cheap {len(cheap) / took:.1f}/s); errors {sum(errors.values())}, 5xx or no answer {five}; "
          f"load {os.getloadavg()[0]:.2f}")
    print(f"  {'request':28} {'count':>6} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for kind in sorted(by_kind):
        ms = by_kind[kind]
        print(f"  {kind:28} {len(ms):6d} {statistics.median(ms):8.1f} {pct(ms, .95):8.1f} {pct(ms, .99):8.1f} {max(ms):8.1f}")
    print(f"  {'all cheap':28} {len(cheap):6d} {statistics.median(cheap):8.1f} {pct(cheap, .95):8.1f} "
          f"{pct(cheap, .99):8.1f} {max(cheap):8.1f}")
    for what, n in sorted(errors.items()):
        print(f"  error: {what}: {n}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--port", type=int, default=8811)
    ap.add_argument("--play-per-game", type=int, default=50, help="distinct play addresses per game")
    ap.add_argument("--uct", type=int, default=None, help="heavy uct iterations (default: the API's ceiling)")
    ap.add_argument("--alphabeta", type=int, default=None, help="heavy alpha-beta depth (default: the ceiling)")
    ap.add_argument("--site", type=Path, default=ROOT / "site", help="the site folder to serve (copied)")
    ap.add_argument("--results", type=Path, default=None, help="a baked results.db to serve beside the archive")
    ap.add_argument("--during-bake", action="store_true",
                    help="measure the mix (no heavy clients) while the server bakes its default assessments")
    args = ap.parse_args()
    try:
        from engine.agents import WEB_CEILING
        ceiling = {"uct": WEB_CEILING.uct_iterations, "alphabeta": WEB_CEILING.alphabeta_depth}
    except ImportError:  # before issue 10 the API had no ceiling
        ceiling = {"uct": 2000, "alphabeta": 4}
    ceiling = {"uct": args.uct or ceiling["uct"], "alphabeta": args.alphabeta or ceiling["alphabeta"]}
    mix = [("game page", f"/games/{g}") for g in GAMES]
    mix += [("play, moves", u) for u in play_urls(args.play_per_game, 7)]
    mix += [("table json", "/archive/sources.json")]
    mix += [("canned query json", f"/archive/disputed_points.json?game={g}") for g in GAMES]
    kinds = defaultdict(list)
    for kind, url in mix:
        kinds[kind].append(url)
    # each kind drawn equally often, whatever the number of distinct addresses it has
    weighted = [(kind, url) for kind, urls in kinds.items() for url in urls for _ in range(len(mix) // len(urls))]
    heavy = [("heavy agent", u) for u in heavy_urls(ceiling)]
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(args.site, site, ignore=shutil.ignore_patterns("*.db", "*.tmp", "inspect-data.json"))
        if args.results:
            shutil.copy(args.results, site / "results.db")
        proc, boot = start(site, args.port, bake=args.during_bake)
        base = f"http://127.0.0.1:{args.port}"
        try:
            print(f"# command: python benchmarks/load.py --clients {args.clients} --seconds {args.seconds:g}"
                  f" --port {args.port}{' --during-bake' if args.during_bake else ''}")
            print(f"# python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cpus, shared machine;"
                  f" load average at start {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
            print(f"# server answered /games {boot:.1f} s after start; {len(kinds['play, moves'])} distinct play "
                  f"addresses; heavy: {', '.join(u for _, u in heavy[:2])} (x{len(GAMES)} games)")
            if args.during_bake:
                with httpx.Client(base_url=base, timeout=300) as warm:
                    while warm.get("/-/bake.json").json().get("stage") != "assessments":
                        time.sleep(2)
                    for _, url in mix[:: max(1, len(mix) // 40)]:
                        warm.get(url)
                    print(f"# the bake at start: {bake_state(warm)}")
                    log, took = asyncio.run(phase(base, args.clients, args.seconds, weighted, []))
                    report(f"mix, {args.clients} clients, while the server bakes its assessments", log, took)
                    print(f"# the bake at end: {bake_state(warm)}")
                    print(f"# load average at end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
                return
            with httpx.Client(base_url=base, timeout=300) as warm:  # compile kernels, first pages
                for _, url in mix[:: max(1, len(mix) // 40)] + heavy:
                    warm.get(url)
            log, took = asyncio.run(phase(base, args.clients, args.seconds, weighted, []))
            report(f"mix, {args.clients} clients", log, took)
            log, took = asyncio.run(phase(base, args.clients, args.seconds, weighted, heavy))
            report(f"mix, {args.clients} clients + 4 heavy", log, took)
            print(f"# load average at end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        finally:
            stop(proc)


if __name__ == "__main__":
    main()
