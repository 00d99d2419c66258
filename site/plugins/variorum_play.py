"""Datasette plugin: the play API, ``GET /-/play/<game-id>.json``, answered off the event loop.

Query parameters (all optional):

- ``ruleset``: a ruleset id of the archive (default: the game's default ruleset);
- ``set``: switch values on top of it, ``SWITCH:VALUE,...`` (a switch by full id or by point);
- ``moves``: the moves from the start, in the engine's notation, comma separated
  (at most ``engine.play.MAX_MOVES``, 2,000);
- ``seed``: the game's seed (what is drawn by lot), a non-negative integer, default 0;
- ``truncate=1``: stop at the first illegal move and say so, instead of answering 400;
- ``compare``: another reading (``RULESET`` or ``RULESET;SWITCH:VALUE,...`` or ``;SWITCH:VALUE,...``)
  to replay the same moves under, reporting the first move where the two games differ;
- ``agent``: ``random``, ``greedy``, ``uct:N`` or ``alphabeta:D``: the move that agent would
  play now (``suggestion``), within the web ceiling ``engine.agents.WEB_CEILING``.

The answer: the board (and its sites, for drawing), the player to move, the legal moves, the last
move's events (laps and captures, for animation), the result and every switch value. Bad input
gets HTTP 400 with ``{"error": ..., "parameter": ...}`` naming the problem (an agent over the
ceiling names the ceiling); never a 500.

The work runs in worker processes (:mod:`engine.play`), never on the event loop: replays and the
light agents in one pool, the searches (``uct``, ``alphabeta``) in another of one lower-priority
process, so a cheap request never waits behind a search; at start two more processes compile every
game's kernels into numba's cache, a kind of game each at a time (``WARM_NICE``), and exit. Each pool has a bounded queue
(``QUEUE``): when it is full the API answers 503 with ``Retry-After``; so does a request past its
time budget (``BUDGET``) or for a game whose kernels are still compiling after ``WARM_WAIT``
seconds. The workers read the rulesets from the archive database the server opened, so the pages
and the play API say the same thing whatever happens to ``data/`` while serving.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from datasette import hookimpl
from datasette.utils.asgi import Response

from engine.play import HEAVY_AGENTS, BadRequest, check_request, init_worker, kinds, lanes, warm_kind_timed, work

DB = "archive"
WORKERS = {"light": 1, "heavy": 1}
"""Worker processes per pool (the machine this was measured on has 2 cores: one for the server,
one for the replays, and the searches niced below both)."""
QUEUE = {"light": 64, "heavy": 8}
"""Requests a pool takes (running or waiting) before the API answers 503."""
BUDGET = {"light": 5.0, "heavy": 10.0}
"""Seconds of work a request may take once it runs."""
WARM_WAIT = 60.0
"""Seconds a request waits for its game's kernels before the API answers 503 (the board then says
the engine is being compiled and asks again after ``Retry-After``, by itself: site/static/board.js)."""
RETRY_AFTER = {"busy": "2", "warming": "10"}
WARM_NICE = (5, 8)
"""The niceness of each process compiling the kernels at start, a lane each (engine.play.lanes): two
on a 2-core machine, where the compile is the first run's longest part (benchmarks/first-run.txt);
the first lane (the first page's kind) niced less, so that on a loaded machine, where this server's
processes share what the kernel's scheduler gives the server, it keeps most of it."""


# --- the server side ----------------------------------------------------------------------------

class Engine:
    """The two pools, their queues, and the processes that compile every game's kernels at start
    (one per archive)."""

    def __init__(self, archive_path: str) -> None:
        self.ctx = multiprocessing.get_context("spawn")  # no fork of a running event loop
        self.archive_path = archive_path
        self.pools = {
            kind: ProcessPoolExecutor(WORKERS[kind], mp_context=self.ctx, initializer=init_worker,
                                      initargs=(archive_path, 10 if kind == "heavy" else 0, os.getpid()))
            for kind in WORKERS
        }
        self.queued = {kind: 0 for kind in WORKERS}
        self.ready: dict[str, Future] = {}
        self.warm_seconds: dict[str, float] = {}
        self.started = time.monotonic()
        self.warmers: list[ProcessPoolExecutor] = []
        self.kinds: list[dict[str, Any]] = []
        """Each kind being warmed (engine.compile_costs): its name, games, lane, estimate and, once
        ready, its CPU and wall seconds, for /-/play.json and the serve's log."""
        self.database: Any = None  # the Datasette database these pools read

    def kill(self) -> None:
        """Stop every worker now (the server is stopping: no waiting for a compilation or a search)."""
        for pool in [*self.pools.values(), *self.warmers]:
            if pool is None:
                continue
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()
            pool.shutdown(wait=False, cancel_futures=True)

    def warm_all(self, games: list[str]) -> None:
        """Compile every game's kernels into numba's cache, a kind of game at a time
        (engine.play.kinds: the first page's kind first, then the kinds that make most games ready),
        in one process a lane (engine.play.lanes, :data:`WARM_NICE`): the pools load what they
        compiled (seconds) on their first request for a game, so a request for a game that is ready
        never waits behind another's compilation. A kind's games are ready together, when its
        process has warmed them all. On an idle machine the lanes compile on both cores; on a loaded
        one the first lane, niced less, keeps most of what this server gets, so the first pages'
        kernels are not slowed by the second lane's."""
        if self.ready:
            return
        from engine import compile_costs

        plan = lanes(kinds(games), len(WARM_NICE))
        left = [sum(len(lane) for lane in plan)]
        for number, (lane, nice) in enumerate(zip(plan, WARM_NICE)):
            warmer = ProcessPoolExecutor(1, mp_context=self.ctx, initializer=init_worker,
                                         initargs=(self.archive_path, nice, os.getpid()))
            self.warmers.append(warmer)
            for kind in lane:
                cpu, source = compile_costs.estimate(kind)
                entry = {"kind": compile_costs.kind_name(kind), "games": list(kind), "lane": number,
                         "cached": source == "cached", "estimate_cpu": round(cpu, 2), "estimate_source": source}
                self.kinds.append(entry)
                fut = warmer.submit(warm_kind_timed, kind)
                for game_id in kind:
                    self.ready[game_id] = fut
                fut.add_done_callback(lambda f, k=kind, e=entry: self._kind_warmed(k, f, left, e))

    def _kind_warmed(self, kind: list[str], fut: Future, left: list[int], entry: dict[str, Any]) -> None:
        if not fut.cancelled() and fut.exception() is None:
            entry.update({k: round(v, 2) if isinstance(v, float) else v for k, v in fut.result().items()},
                         ready_seconds=round(time.monotonic() - self.started, 2))
        for g in kind:
            self._warmed(g, fut)
        left[0] -= 1
        if not left[0]:
            for warmer in self.warmers:
                warmer.shutdown(wait=False)

    def _warmed(self, game_id: str, fut: Future) -> None:
        if not fut.cancelled() and fut.exception() is None:
            self.warm_seconds[game_id] = time.monotonic() - self.started

    def status(self) -> dict[str, Any]:
        return {
            "kernels": {g: {"ready": g in self.warm_seconds, "seconds": self.warm_seconds.get(g)}
                        for g in self.ready},
            "kinds": self.kinds,
            "queued": dict(self.queued),
            "limits": {"queue": QUEUE, "budget_seconds": BUDGET},
        }

    async def _wait_ready(self, game_id: str) -> bool:
        fut = self.ready.get(game_id)
        if fut is None:
            return True  # not warmed: the work compiles what it needs
        try:
            await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(fut)), WARM_WAIT)
        except asyncio.TimeoutError:
            return False
        except Exception:  # a failed warm-up: the request itself will say what is wrong
            return True
        return True

    async def run(self, kind: str, game_id: str, args: dict[str, str]) -> Response:
        if self.queued[kind] >= QUEUE[kind]:
            return _unavailable("busy", f"the play API is busy ({QUEUE[kind]} {kind} requests queued); retry shortly")
        self.queued[kind] += 1
        try:
            if not await self._wait_ready(game_id):
                return _unavailable("warming", f"the engine for {game_id} is still being compiled; retry shortly")
            outcome, a, b = await asyncio.wrap_future(self.pools[kind].submit(work, game_id, args, BUDGET[kind]))
        except (BrokenProcessPool, RuntimeError):  # the server is stopping
            return _unavailable("busy", "the server is stopping; retry shortly")
        finally:
            self.queued[kind] -= 1
        if outcome == "ok":
            return Response(json.dumps(a, ensure_ascii=False), content_type="application/json; charset=utf-8",
                            headers={"cache-control": "no-store"})
        if outcome == "bad":
            return _bad(a, b)
        return _unavailable("busy", f"{b}; retry later or ask for less (a smaller agent budget)")


def _bad(parameter: str | None, message: str) -> Response:
    return Response.json({"error": message, "parameter": parameter}, status=400)


def _unavailable(why: str, message: str) -> Response:
    return Response.json({"error": message, "parameter": None}, status=503,
                         headers={"Retry-After": RETRY_AFTER[why], "cache-control": "no-store"})


_engines: dict[str, Engine] = {}


def engine_of(datasette) -> Engine:
    """The engine pools of the server's archive (made on first use; one per archive file). When a
    build replaced the file and the server swapped it in (site/plugins/variorum_archive.py), the
    old pools stop and new ones read the new file: the play API says what the pages say."""
    db = datasette.get_database(DB)
    found = _engines.get(db.path)
    if found is not None and found.database is not None and found.database is not db:
        found.kill()
        found = None
    if found is None:
        found = _engines[db.path] = Engine(db.path)
        found.database = db
    return found


def games() -> frozenset[str]:
    from engine.games import GAMES

    return frozenset(GAMES)


def ascii_moves(text: str | None) -> None:
    """BadRequest naming ``moves`` when a move is not in the engine's notation, in ASCII (``b١`` and
    full-width digits are refused, as ``/-/cite`` and ``variorum cite`` refuse them)."""
    from schema.citation import check_move

    for move in (text or "").split(","):
        if move.strip():
            try:
                check_move(move.strip())
            except ValueError as exc:
                raise BadRequest("moves", str(exc)) from None


async def play(datasette, request) -> Response:
    game_id = request.url_vars["game_id"]
    args = {k: request.args.get(k) for k in request.args.keys()}
    try:
        for name in ("moves", "set"):
            if len(request.args.getlist(name)) > 1:
                raise BadRequest(name, f"give {name} once (it takes a comma-separated list)")
        agent = check_request(game_id, args, games())
        ascii_moves(args.get("moves"))
    except BadRequest as exc:
        return _bad(exc.parameter, str(exc))
    kind = "heavy" if agent in HEAVY_AGENTS else "light"
    return await engine_of(datasette).run(kind, game_id, args)


async def play_status(datasette) -> Response:
    """``/-/play.json``: the ceilings, and whether each game's kernels are ready."""
    from engine.agents import WEB_CEILING
    from engine.play import MAX_MOVES

    body = {"ceilings": {"moves": MAX_MOVES, "uct_iterations": WEB_CEILING.uct_iterations,
                         "alphabeta_depth": WEB_CEILING.alphabeta_depth},
            **engine_of(datasette).status()}
    return Response.json(body, headers={"cache-control": "no-store"})


@hookimpl
def register_routes():
    return [(r"^/-/play/(?P<game_id>[^/]+)\.json$", play), (r"^/-/play\.json$", play_status)]


@hookimpl
def asgi_wrapper(datasette):
    """When the server stops (ASGI lifespan shutdown), stop the workers at once."""

    def wrap(app):
        async def stopping(scope, receive, send):
            if scope.get("type") != "lifespan":
                return await app(scope, receive, send)

            async def receive_and_stop():
                message = await receive()
                if message.get("type") == "lifespan.shutdown":
                    for found in _engines.values():
                        found.kill()
                return message

            return await app(scope, receive_and_stop, send)

        return stopping

    return wrap


@hookimpl
def startup(datasette):
    if datasette.setting("base_url") != "/":  # a release's pages play through the main server's engine
        return
    if DB not in datasette.databases or os.environ.get("VARIORUM_WARM", "1") == "0":
        return

    engine_of(datasette).warm_all(sorted(games()))
