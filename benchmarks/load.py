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
With ``--during-bake [STAGES]`` (issue 22) the server starts with no results database, so it bakes
the default comparisons and then the assessments in the background (at niceness 19); the mix (no
heavy clients) is measured while each stage named bakes (``comparisons``, ``assessments``, the
default, or ``comparisons,assessments``: a phase for each), the stage read from ``/-/bake.json``.

**The clients** (since 2026-12-01, issue 22): each client keeps one HTTP/1.1 connection and speaks
it through asyncio streams (:class:`Connection`, ``--client raw``, the default). The generator
shares the 2 cores with the server, and httpx's AsyncClient (``--client httpx``, the generator of
every figure in load.txt before that date) spent 3-6 ms of CPU a request, against about 50 us
for these connections (10 and 50 clients for 6-8 s against a trivial uvicorn app, in this
project's .venv, 2026-12-01; py-spy: httpx's pool scans every connection at every request, and anyio looks up the async
library each time), many times what the server spends answering a cached page: its figures
measured the generator more than the server. Compare figures only with the same ``--client``.

**Two heads**: ``--head REV`` serves the code and site of a git revision (``git archive`` into the
temporary folder, kept by commit so that its kernels compile once), with this checkout's load
generator and requests, so that before and after run under the same conditions; interleave them
(before, after, before, after, ...) on a shared machine and compare medians. Usage::

    python benchmarks/load.py [--clients 50] [--seconds 60] [--port 8811] [--client raw|httpx]
                              [--head REV] [--during-bake [STAGES]] > benchmarks/load.txt
    # an A/B, e.g.:
    for i in 1 2 3; do python benchmarks/load.py --head main; python benchmarks/load.py --head issue-22-load; done

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


def checkout(rev: str) -> Path:
    """A copy of the tree at git revision ``rev`` (``git archive``), kept under the temporary folder
    by commit, so that its kernels, compiled on the first run, load from numba's cache after."""
    sha = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", f"{rev}^{{commit}}"],
                         capture_output=True, text=True)
    if sha.returncode != 0:
        raise SystemExit(f"--head {rev}: not a commit of {ROOT}: {sha.stderr.strip()}")
    tree = Path(tempfile.gettempdir()) / f"variorum-load-{sha.stdout.strip()[:12]}"
    if not (tree / "engine").is_dir():
        part = tree.with_name(tree.name + ".part")
        shutil.rmtree(part, ignore_errors=True)
        part.mkdir()
        archive = subprocess.Popen(["git", "-C", str(ROOT), "archive", sha.stdout.strip()], stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", str(part)], stdin=archive.stdout, check=True)
        if archive.wait() != 0:
            raise SystemExit(f"--head {rev}: git archive failed")
        part.rename(tree)
    return tree


def start(site: Path, port: int, bake: bool = False, tree: Path = ROOT) -> tuple[subprocess.Popen, float]:
    """``variorum serve`` of the code in ``tree`` (this checkout, or a --head copy) on ``site``."""
    command = [sys.executable, "-m", "engine.cli", "serve", "--port", str(port), "--site", str(site)]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tree), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep))
    helps = subprocess.run([*command[:4], "--help"], capture_output=True, text=True, cwd=tree, env=env).stdout
    if "--no-bake" in helps and not bake:  # steady state: no comparison baking in the background meanwhile
        command.append("--no-bake")
    started = time.monotonic()
    proc = subprocess.Popen(
        command, cwd=tree, env=env,
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


class Connection:
    """One persistent HTTP/1.1 connection over asyncio streams: the lean client (``--client raw``).

    The load generator shares the 2 cores with the server; httpx's AsyncClient spends about as much
    CPU on a request as the server's cache spends answering it, so the figures measured with it were
    partly the generator's own cost. This client writes the request line and reads the status, the
    headers and the body (Content-Length, chunked, or to the end), nothing more."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def get(self, url: str) -> int:
        try:
            return await self._get(url)
        except BaseException:  # a broken or half-read connection is not used again
            self.close()
            raise

    async def _get(self, url: str) -> int:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        reader = self.reader
        self.writer.write(f"GET {url} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n\r\n".encode("latin-1"))
        head = (await reader.readuntil(b"\r\n\r\n")).lower()
        status = int(head[9:12])
        if b"\r\ntransfer-encoding: chunked" in head:
            while True:
                size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
                await reader.readexactly(size + 2)
                if size == 0:
                    break
        elif b"\r\ncontent-length:" in head:
            length = int(head.split(b"\r\ncontent-length:")[1].split(b"\r\n")[0])
            await reader.readexactly(length)
        else:
            await reader.read()
            self.close()
        if b"\r\nconnection: close" in head:
            self.close()
        return status

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def client_loop(get, pick, until: float, log: list, rng: random.Random) -> None:
    """One closed-loop client: a request, its answer, the next request."""
    while time.monotonic() < until:
        kind, url = pick(rng)
        t0 = time.perf_counter()
        try:
            status = await get(url)
        except (httpx.HTTPError, OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError) as exc:
            status = f"no answer ({type(exc).__name__})"
        log.append((kind, (time.perf_counter() - t0) * 1000, status))


async def phase(base: str, clients: int, seconds: float, mix: list, heavy: list,
                client: str = "raw") -> tuple[list, float]:
    """``clients`` closed-loop clients over ``mix`` (and 4 over ``heavy``) for ``seconds``; each
    client keeps one connection (``raw``) or all share an httpx pool (``httpx``)."""
    log: list = []
    n = clients + (4 if heavy else 0)
    pool = None
    if client == "httpx":
        limits = httpx.Limits(max_connections=n + 4, max_keepalive_connections=n + 4)
        pool = httpx.AsyncClient(base_url=base, timeout=120, limits=limits)
        getters = [lambda url: _httpx_get(pool, url)] * n
    else:
        host, port = base.split("//")[1].rsplit(":", 1)
        connections = [Connection(host, int(port)) for _ in range(n)]
        getters = [c.get for c in connections]
    try:
        t0 = time.monotonic()
        until = t0 + seconds
        tasks = [client_loop(getters[i], lambda r: r.choice(mix), until, log, random.Random(i)) for i in range(clients)]
        # each heavy request its own seed: a fresh search every time, never an answer from a cache
        tasks += [client_loop(getters[clients + i],
                              lambda r: (lambda k, u: (k, f"{u}&seed={r.randrange(10**12)}"))(*r.choice(heavy)),
                              until, log, random.Random(1000 + i))
                  for i in range(4 if heavy else 0)]
        await asyncio.gather(*tasks)
        took = time.monotonic() - t0
    finally:
        if pool is not None:
            await pool.aclose()
        else:
            for c in connections:
                c.close()
    return log, took


async def _httpx_get(pool: httpx.AsyncClient, url: str) -> int:
    return (await pool.get(url)).status_code


def bake_stages(text: str) -> list[str]:
    """``--during-bake``: the stages of the bake to measure during, in the order they come."""
    order = ("comparisons", "assessments")
    stages = [s.strip() for s in text.split(",") if s.strip()]
    if not stages or any(s not in order for s in stages):
        raise argparse.ArgumentTypeError(f"stages are {', '.join(order)} (comma-separated), not {text!r}")
    return sorted(set(stages), key=order.index)


def describe(tree: Path) -> str:
    """The served code: this checkout's commit (and whether it has changes), or the --head copy's."""
    if tree != ROOT:
        return f"{tree} (git archive of commit {tree.name.rsplit('-', 1)[1]})"
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=12", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    return f"{ROOT} at commit {head.stdout.strip()}{' with uncommitted changes' if dirty else ''}"


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
    ap.add_argument("--site", type=Path, default=None,
                    help="the site folder to serve (copied; default: the served tree's site/)")
    ap.add_argument("--head", default=None, metavar="REV",
                    help="serve the code and site of this git revision (e.g. main) instead of this checkout's; "
                         "the load generator and its requests stay this checkout's")
    ap.add_argument("--client", choices=("raw", "httpx"), default="raw",
                    help="raw: a persistent asyncio-streams connection per client (lean); httpx: httpx's "
                         "AsyncClient (the generator of the figures before 2026-12-01 17:00)")
    ap.add_argument("--results", type=Path, default=None, help="a baked results.db to serve beside the archive")
    ap.add_argument("--during-bake", nargs="?", const=["assessments"], default=None, type=bake_stages,
                    metavar="STAGES", help="measure the mix (no heavy clients) while the server bakes: its "
                    "default comparisons, its assessments (the default), or both (comparisons,assessments)")
    args = ap.parse_args()
    tree = checkout(args.head) if args.head else ROOT  # a bad revision fails before anything else
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
        shutil.copytree(args.site or tree / "site", site, ignore=shutil.ignore_patterns("*.db", "*.tmp", "inspect-data.json"))
        if args.results:
            shutil.copy(args.results, site / "results.db")
        proc, boot = start(site, args.port, bake=bool(args.during_bake), tree=tree)
        base = f"http://127.0.0.1:{args.port}"
        try:
            print(f"# command: python benchmarks/load.py --clients {args.clients} --seconds {args.seconds:g}"
                  f" --port {args.port} --client {args.client}{' --during-bake ' + ','.join(args.during_bake) if args.during_bake else ''}"
                  f"{f' --head {args.head}' if args.head else ''}")
            print(f"# served: {describe(tree)}")
            print(f"# python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cpus, shared machine;"
                  f" load average at start {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
            print(f"# server answered /games {boot:.1f} s after start; {len(kinds['play, moves'])} distinct play "
                  f"addresses; heavy: {', '.join(u for _, u in heavy[:2])} (x{len(GAMES)} games)")
            if args.during_bake:
                stages = ("compiling", "comparisons", "assessments")
                with httpx.Client(base_url=base, timeout=300) as warm:
                    for wanted in args.during_bake:
                        while (stage := warm.get("/-/bake.json").json().get("stage")) != wanted:
                            if stage not in (None, *stages[:stages.index(wanted)]):
                                raise SystemExit(f"the bake is at {stage!r}, past {wanted!r}: nothing to measure")
                            time.sleep(1)
                        for _, url in mix[:: max(1, len(mix) // 40)]:
                            warm.get(url)
                        print(f"# the bake at start: {bake_state(warm)}")
                        log, took = asyncio.run(phase(base, args.clients, args.seconds, weighted, [], args.client))
                        report(f"mix, {args.clients} clients, while the server bakes its {wanted}", log, took)
                        print(f"# the bake at end: {bake_state(warm)}")
                        print(f"# load average at end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
                return
            with httpx.Client(base_url=base, timeout=300) as warm:  # compile kernels, first pages
                for _, url in mix[:: max(1, len(mix) // 40)] + heavy:
                    warm.get(url)
            log, took = asyncio.run(phase(base, args.clients, args.seconds, weighted, [], args.client))
            report(f"mix, {args.clients} clients", log, took)
            log, took = asyncio.run(phase(base, args.clients, args.seconds, weighted, heavy, args.client))
            report(f"mix, {args.clients} clients + 4 heavy", log, took)
            print(f"# load average at end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        finally:
            stop(proc)


if __name__ == "__main__":
    main()
