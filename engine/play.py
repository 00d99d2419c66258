"""The play API's answers: a reading, a seed and a move list in; the position out.

This is the engine's side of ``GET /-/play/<game>.json`` (``site/plugins/variorum_play.py`` is the
HTTP side): :func:`answer` takes the request's query parameters and returns the answer as a dict,
or raises :class:`BadRequest` naming the parameter at fault. It runs in the server's worker
processes, which read the rulesets and the games' descriptions from the served archive database
(:func:`engine.rulesets.use_source`, engine.descriptions), never from ``data/``; ``release=N`` plays
release N's own rulesets and descriptions (its pages' requests carry it).

Every parameter that costs compute has a ceiling, checked when the request is parsed:
``moves`` (``MAX_MOVES``: also the moves replayed for ``compare``), ``agent``
(:data:`engine.agents.WEB_CEILING`: UCT iterations and alpha-beta depth) and a time budget
(``deadline``) past which the work stops with :class:`OverBudget`. Compiled games are kept in a
cache bounded in bytes (``GAME_CACHE_BYTES``), least recently used first out.
"""

from __future__ import annotations

import os
import re
import signal
import time
from collections import OrderedDict
from math import gcd
from pathlib import Path
from typing import Any

import numpy as np

import engine
from engine import rulesets
from engine.agents import WEB_CEILING, Ceiling, parse_agent

MAX_MOVES = 2000
"""The longest move list the API replays (for ``compare`` too: both readings replay it)."""
MAX_SEED = 2**63 - 1
GAME_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
PARAMETERS = ("ruleset", "set", "moves", "seed", "truncate", "compare", "agent", "release")
GAME_CACHE_BYTES = 64 * 2**20
"""The compiled games kept per process (a 21-hole Tsoro holds about 3.4 MB of tables)."""
HEAVY_AGENTS = ("uct", "alphabeta")
"""Agents whose work is a search (the server runs them in their own, lower-priority worker)."""


class BadRequest(ValueError):
    """Bad input: answered with HTTP 400 naming the parameter."""

    def __init__(self, parameter: str | None, message: str):
        super().__init__(message)
        self.parameter = parameter


class OverBudget(RuntimeError):
    """The request's work did not finish within its time budget."""


def _check(deadline: float | None) -> None:
    if deadline is not None and time.monotonic() > deadline:
        raise OverBudget("the request did not finish within its time budget")


# --- parsing (cheap: the server checks these before any engine work) --------------------------

def parse_sets(text: str, parameter: str = "set") -> dict[str, str]:
    """``relay:next-hole,end:cannot-move`` -> ``{"relay": "next-hole", "end": "cannot-move"}``
    (schema.citation's spelling of settings)."""
    from schema.citation import split_sets

    try:
        return dict(split_sets(text))
    except ValueError as exc:
        raise BadRequest(parameter, str(exc)) from None


def parse_int(text: str | None, parameter: str, default: int, high: int) -> int:
    if text is None or text == "":
        return default
    if not re.fullmatch(r"\d{1,19}", text.strip()):
        raise BadRequest(parameter, f"{parameter} must be a non-negative integer, not {text!r}")
    value = int(text)
    if value > high:
        raise BadRequest(parameter, f"{parameter} must be at most {high}, not {value}")
    return value


def parse_moves(text: str | None) -> list[str]:
    moves = [m.strip() for m in (text or "").split(",") if m.strip()]
    if len(moves) > MAX_MOVES:
        raise BadRequest("moves", f"at most {MAX_MOVES} moves (the ceiling), not {len(moves)}")
    return moves


def check_request(game_id: str, args: dict[str, str], games: set[str] | frozenset[str],
                  ceiling: Ceiling = WEB_CEILING) -> str | None:
    """Check what can be checked without the engine (game, parameter names, ceilings); the kind of
    agent asked for (None, or a key of the spec: random, greedy, uct, alphabeta)."""
    if not GAME_ID.match(game_id) or game_id not in games:
        raise BadRequest("game", f"unknown game {game_id!r}; games: {', '.join(sorted(games))}")
    unknown = sorted(set(args) - set(PARAMETERS))
    if unknown:
        raise BadRequest(unknown[0], f"unknown parameter {unknown[0]!r}; parameters: {', '.join(sorted(PARAMETERS))}")
    parse_int(args.get("seed"), "seed", 0, MAX_SEED)
    parse_moves(args.get("moves"))
    if not args.get("agent"):
        return None
    try:
        return parse_agent(args["agent"].strip(), ceiling).kind
    except ValueError as exc:
        raise BadRequest("agent", str(exc)) from None


# --- games, bounded cache -----------------------------------------------------------------------

def _nbytes(obj: Any, depth: int = 0) -> int:
    """The bytes of the arrays an object holds (a compiled game's tables), roughly."""
    if isinstance(obj, np.ndarray):
        return obj.nbytes
    if depth > 4:
        return 0
    if isinstance(obj, (tuple, list)):
        return sum(_nbytes(x, depth + 1) for x in obj)
    if isinstance(obj, dict):
        return sum(_nbytes(x, depth + 1) for x in obj.values())
    if hasattr(obj, "__dict__"):
        return sum(_nbytes(x, depth + 1) for x in vars(obj).values())
    return 0


class GameCache:
    """Compiled games by (game, ruleset, settings), bounded in bytes, least recently used out."""

    def __init__(self, max_bytes: int = GAME_CACHE_BYTES) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self._games: OrderedDict[tuple, tuple[Any, int]] = OrderedDict()

    def get(self, game_id: str, ruleset: str, sets: dict[str, str], source: Path | None = None):
        key = (rulesets.source_key(), str(source or ""), game_id, ruleset, tuple(sorted(sets.items())))
        hit = self._games.get(key)
        if hit is not None:
            self._games.move_to_end(key)
            return hit[0]
        game = engine.load_game(game_id, ruleset=ruleset, switches=sets, data_dir=source)
        size = _nbytes(game.params) + 4096
        self._games[key] = (game, size)
        self.bytes += size
        while self.bytes > self.max_bytes and len(self._games) > 1:
            _, (_, old) = self._games.popitem(last=False)
            self.bytes -= old
        return game

    def __len__(self) -> int:
        return len(self._games)


GAMES = GameCache()


def default_ruleset(game_id: str, source: Path | None = None) -> str:
    """The archive's default ruleset of ``game_id``; BadRequest if it marks none."""
    found = rulesets.default_ruleset(game_id, source)
    if found is None:
        raise BadRequest("ruleset", f"the archive has no default ruleset for {game_id}")
    return found


def release_source(text: str | None) -> Path | None:
    """The archive database of the release a request names (``release=N``: its pages play its own
    records and descriptions, engine.descriptions); None if it names none; BadRequest otherwise."""
    if not text:
        return None
    from schema.releases import numbers, releases_dir

    if not re.fullmatch(r"[1-9]\d{0,8}", text) or int(text) not in numbers():
        raise BadRequest("release", f"no release {text[:20]!r}; releases: {', '.join(map(str, numbers())) or 'none'}")
    return releases_dir() / text / "archive.db"


def load(game_id: str, ruleset: str | None, sets: dict[str, str], parameter: str = "set",
         source: Path | None = None):
    """The engine's game for a reading (of the archive ``source``, default the served one);
    BadRequest naming the parameter at fault."""
    ruleset = ruleset or default_ruleset(game_id, source)
    try:
        rulesets.ruleset(game_id, ruleset, source)
    except ValueError as exc:
        raise BadRequest("ruleset" if parameter == "set" else parameter, str(exc)) from None
    try:
        return GAMES.get(game_id, ruleset, sets, source)
    except ValueError as exc:
        raise BadRequest(parameter, str(exc)) from None


def reading_of(game) -> str:
    """A game's reading as engine.compare.divergence writes one: ``RULESET,SWITCH=VALUE,...``."""
    base = rulesets.ruleset(game.id, game.ruleset).choices
    changed = [f"{k}={v}" for k, v in game.switches.items() if base.get(k) != v]
    return ",".join([game.ruleset, *changed])


def load_reading(game_id: str, text: str, parameter: str, source: Path | None = None):
    """The game of a reading's text, ``RULESET`` or ``RULESET;SWITCH:VALUE,...`` (ruleset may be
    empty: the default), as schema.citation.split_spec reads it."""
    from schema.citation import split_spec

    try:
        ruleset, sets = split_spec(text)
    except ValueError as exc:
        raise BadRequest(parameter, str(exc)) from None
    return load(game_id, ruleset, parse_sets(sets, parameter), parameter, source)


# --- the work ---------------------------------------------------------------------------------

def replay(game, seed: int, moves: list[str], truncate: bool, deadline: float | None = None):
    """Play ``moves`` from the start; the state, the last move's events and where play stopped."""
    state = game.new_state(seed)
    events: list[dict[str, Any]] = []
    stopped = None
    for i, move in enumerate(moves):
        if i % 64 == 63:
            _check(deadline)
        try:
            if i == len(moves) - 1:
                events = state.apply_traced(move)
            else:
                state.apply(move)
        except ValueError as exc:
            if not truncate:
                raise BadRequest("moves", f"move {i + 1} ({move!r}): {exc}") from None
            stopped = {"index": i, "move": move, "reason": str(exc)}
            events = []
            break
    return state, events, stopped


def divergence(game_a, game_b, seed: int, moves: list[str]) -> dict[str, Any] | None:
    """Where reading B's game first differs from reading A's on ``moves`` (None: nowhere)."""
    from engine.compare.divergence import diverge

    try:
        found = diverge(game_a.id, reading_of(game_a), reading_of(game_b), moves=moves, seed=seed)
    except ValueError as exc:
        raise BadRequest("moves", str(exc)) from None
    if not found.diverged:
        return None
    d = found.to_dict()
    keep = ("index", "kind", "move", "illegal_in", "differing_switches", "board_a", "board_b", "legal_a", "legal_b")
    return {"summary": found.describe(), **{k: d[k] for k in keep}}


def agent_move(state, spec: str, seed: int, deadline: float | None = None,
               ceiling: Ceiling = WEB_CEILING) -> str | None:
    """The move the agent ``spec`` would play in ``state`` (None when the game is over)."""
    if state.is_terminal():
        return None
    try:
        agent = parse_agent(spec, ceiling).make(seed + len(state.history()))
    except ValueError as exc:
        raise BadRequest("agent", str(exc)) from None
    agent.deadline = deadline
    try:
        move = agent.choose(state)
    except TimeoutError as exc:
        raise OverBudget(str(exc)) from None
    return state.move_to_text(move)


def sites(game_id: str, board: dict[str, Any]) -> list[dict[str, Any]]:
    """The board's sites for drawing: name (the notation a click plays), row, column, contents."""
    if "sites" in board:  # a game module that lays out its own sites
        return list(board["sites"])
    if "a" in board and "b" in board:  # two-row mancala, seen from player 1
        n = len(board["a"])
        top = [{"name": f"b{i + 1}", "row": 0, "col": n - 1 - i, "count": c, "owner": 2} for i, c in enumerate(board["b"])]
        bottom = [{"name": f"a{i + 1}", "row": 1, "col": i, "count": c, "owner": 1} for i, c in enumerate(board["a"])]
        return top + bottom
    raise ValueError(f"no board layout for {game_id}")


def straight_runs(points, steps) -> list[tuple[int, int]]:
    """The lines a board of points is drawn with: each straight run of ``steps`` (pairs of adjacent
    points; steps continuing one another in the same direction make one run) as its two end points,
    sorted; ``points`` gives each point's (column, row). Three morris squares give their 12 sides and
    4 joining lines, the 3 x 3 board its rows, columns and diagonals."""
    def direction(a: int, b: int) -> tuple[int, int]:
        (ca, ra), (cb, rb) = points[a], points[b]
        g = gcd(cb - ca, rb - ra)
        return (cb - ca) // g, (rb - ra) // g

    onward: dict[tuple[int, tuple[int, int]], int] = {}
    for a, b in steps:
        dc, dr = direction(a, b)
        onward[a, (dc, dr)] = b
        onward[b, (-dc, -dr)] = a
    runs: set[tuple[int, int]] = set()
    for a, b in steps:
        dc, dr = direction(a, b)
        start, end = a, b
        while (start, (-dc, -dr)) in onward:
            start = onward[start, (-dc, -dr)]
        while (end, (dc, dr)) in onward:
            end = onward[end, (dc, dr)]
        runs.add((min(start, end), max(start, end)))
    return sorted(runs)


def lines(game) -> list[list[str]]:
    """The lines drawn between the sites, each as its two end points' names: on a board of points
    (engine.alignment.points) the straight runs of the steps its rules give; none for a board drawn as
    cells or holes. Drawing plays no game, so it lives here, outside the engine fingerprint."""
    from engine.alignment import description as described
    from engine.alignment.points import Points

    if not isinstance(getattr(game.rules, "grid", None), Points):
        return []
    description = game.rules.description  # the board of the reading played (joined-corners adds diagonals)
    board = described.grid(description, described.rules_for(description, dict(game.switches)).corners == "joined")
    runs = straight_runs([board.coords(p) for p in range(board.points)], board.steps)
    return [[board.name(a), board.name(b)] for a, b in runs]


def answer(game_id: str, args: dict[str, str], deadline: float | None = None) -> dict[str, Any]:
    """The play API's answer for the query ``args``; BadRequest on bad input, OverBudget past
    ``deadline`` (a ``time.monotonic()`` value)."""
    from engine.games import GAMES as ENGINE_GAMES

    check_request(game_id, args, frozenset(ENGINE_GAMES))
    ruleset = args.get("ruleset") or None
    source = release_source(args.get("release"))
    game = load(game_id, ruleset, parse_sets(args.get("set", "")), source=source)
    seed = parse_int(args.get("seed"), "seed", 0, MAX_SEED)
    moves = parse_moves(args.get("moves"))
    truncate = args.get("truncate", "") in ("1", "true", "yes")
    state, events, stopped = replay(game, seed, moves, truncate, deadline)
    for event in events:  # each step of the animation is drawn like the board itself
        if isinstance(event.get("board"), dict):
            event["sites"] = sites(game_id, event["board"])
    result = state.result()
    out: dict[str, Any] = {
        "game": game_id,
        "ruleset": ruleset or default_ruleset(game_id, source),
        "switches": dict(game.switches),
        "seed": seed,
        "moves": [state.move_to_text(m) for m in state.history()],
        "board": state.board(),
        "sites": sites(game_id, state.board()),
        "lines": lines(game),
        "to_move": state.to_move,
        "legal_moves": state.legal_moves_text(),
        "terminal": state.is_terminal(),
        "result": result.to_dict() if result else None,
        "turns": state.turns,
        "last_move": {"move": moves[-1], "events": events} if moves and stopped is None else None,
        "stopped_at": stopped,
        "text": state.to_text(),
        "engine_version": engine.ENGINE_FINGERPRINT,
    }
    if args.get("compare"):
        other = load_reading(game_id, args["compare"], "compare", source)
        _check(deadline)
        out["divergence"] = divergence(other, game, seed, moves)
    if args.get("agent"):
        _check(deadline)
        out["suggestion"] = agent_move(state, args["agent"].strip(), seed, deadline)
    return out


def warm(game_id: str) -> float:
    """Compile (or load from numba's cache) every kernel the API calls for ``game_id``: the
    default ruleset's game, a move and the agents' evaluation. Returns the seconds."""
    started = time.perf_counter()
    game = load(game_id, None, {})
    state = game.new_state(0)
    moves = state.legal_moves()
    if moves:
        state.apply_traced(state.legal_moves_text()[0])
        st = state.raw()
        game.rules.evaluate(game.params, st)
    state.board()
    state.to_text()
    return time.perf_counter() - started


def kinds(game_ids: list[str]) -> list[list[str]]:
    """``game_ids`` (in the order their pages come) grouped by the compiled kernels they run on, in
    the order to compile them: every game of a kind (its rules' compiled entry point, ``machine``,
    else their class: the two-row and the four-row sowing machines, the alignment machine's grid and
    points boards) runs on the same kernels, the descriptions being read at run time, so warming a
    kind's first game compiles them for all its games (tests/engine/test_warm.py), and two
    processes warming games of one kind would compile the same kernels twice. The first page's kind
    comes first (its figures first), then the kinds by the number of games they make ready, most
    first (ties in page order); each kind's games keep their page order. Unknown ids: ValueError."""
    from engine.games import GAMES

    unknown = [g for g in game_ids if g not in GAMES]
    if unknown:
        raise ValueError(f"game_ids: no game {', '.join(map(repr, unknown))}")
    groups: dict[Any, list[str]] = {}
    for g in game_ids:
        rules = GAMES[g]
        groups.setdefault(getattr(rules, "machine", None) or type(rules), []).append(g)
    ordered = list(groups.values())
    return ordered[:1] + sorted(ordered[1:], key=lambda k: -len(k))


def lanes(groups: list[list[str]], n: int) -> list[list[list[str]]]:
    """The kinds of :func:`kinds` shared among ``n`` compiling processes (lanes), in their order:
    each kind to the lane that has the fewest games so far (the first lane on a tie), so the first
    page's kind starts the first lane and the lanes make about as many games ready. ``n`` < 1:
    ValueError."""
    if n < 1:
        raise ValueError(f"n: at least one lane, not {n}")
    out: list[list[list[str]]] = [[] for _ in range(min(n, len(groups)))]
    for kind in groups:
        min(out, key=lambda lane: sum(len(k) for k in lane)).append(kind)
    return out


def warm_kind(game_ids: list[str]) -> float:
    """:func:`warm` each game of one kind (:func:`kinds`), in one process: the first compiles the
    kind's kernels (or loads them from numba's cache), the others reuse them. Returns the seconds."""
    started = time.perf_counter()
    for g in game_ids:
        warm(g)
    return time.perf_counter() - started


def warm_kind_timed(game_ids: list[str]) -> dict[str, Any]:
    """:func:`warm_kind` in a warmer process, timed: its CPU and wall seconds and whether numba
    compiled the kind's entry point (a miss of its cache) or loaded it, written down for the next
    first run's estimates (engine.compile_costs.record)."""
    from engine import compile_costs

    entry = compile_costs.entry_point(game_ids)
    misses = sum(entry.stats.cache_misses.values()) if entry is not None else 0
    was_cached = compile_costs.is_cached(game_ids)
    started, cpu = time.perf_counter(), time.process_time()
    warm_kind(game_ids)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - started
    compiled = sum(entry.stats.cache_misses.values()) > misses if entry is not None else not was_cached
    compile_costs.record(game_ids, cpu, wall, compiled)
    return {"cpu": cpu, "wall": wall, "compiled": compiled}


# --- worker processes ---------------------------------------------------------------------------

def die_with_parent() -> None:
    """Linux, in a child about to exec: it gets SIGTERM when this process dies, even by SIGKILL."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def init_worker(archive_path: str, nice: int = 0, parent: int | None = None) -> None:
    """A server's worker process: exits with the server (``parent``), reads the served archive
    database, at niceness ``nice``."""
    from engine.compare.sweep import exit_with_parent

    exit_with_parent(parent if parent is not None else os.getppid())
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops us
    if nice:
        os.nice(nice)
    rulesets.use_source(archive_path)


def work(game_id: str, args: dict[str, str], budget: float) -> tuple[str, Any, Any]:
    """:func:`answer` within ``budget`` seconds, as ("ok", body, None), ("bad", parameter, message)
    or ("over", None, message)."""
    try:
        return "ok", answer(game_id, args, time.monotonic() + budget), None
    except BadRequest as exc:
        return "bad", exc.parameter, str(exc)
    except OverBudget as exc:
        return "over", None, str(exc)
    except ValueError as exc:  # an engine error not attributed above: still the request's fault
        return "bad", None, str(exc)
