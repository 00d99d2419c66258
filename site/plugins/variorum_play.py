"""Datasette plugin: the play API, ``GET /-/play/<game-id>.json``.

Query parameters (all optional):

- ``ruleset``: a ruleset id of the archive (default: the game's default ruleset);
- ``set``: switch values on top of it, ``SWITCH:VALUE,...`` (a switch by full id or by point);
- ``moves``: the moves from the start, in the engine's notation, comma separated
  (at most ``MAX_MOVES``);
- ``seed``: the game's seed (what is drawn by lot), a non-negative integer, default 0;
- ``truncate=1``: stop at the first illegal move and say so, instead of answering 400;
- ``compare``: another reading (``RULESET`` or ``RULESET;SWITCH:VALUE,...`` or ``;SWITCH:VALUE,...``)
  to replay the same moves under, reporting the first move where the two games differ;
- ``agent``: ``random``, ``greedy``, ``uct:N`` or ``alphabeta:D``: the move that agent would
  play now (``suggestion``).

The answer: the board (and its sites, for drawing), the player to move, the legal moves, the last
move's events (laps and captures, for animation), the result and every switch value. Bad input
gets HTTP 400 with ``{"error": ..., "parameter": ...}`` naming the problem; never a 500.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from datasette import hookimpl
from datasette.utils.asgi import Response

import engine
from engine import rulesets
from engine.games import GAMES

MAX_MOVES = 2000
"""The longest move list the API replays."""
MAX_SEED = 2**63 - 1
GAME_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


class BadRequest(ValueError):
    """Bad input: answered with HTTP 400 naming the parameter."""

    def __init__(self, parameter: str, message: str):
        super().__init__(message)
        self.parameter = parameter


def parse_sets(text: str, parameter: str = "set") -> dict[str, str]:
    """``relay:next-hole,end:cannot-move`` -> ``{"relay": "next-hole", "end": "cannot-move"}``."""
    out: dict[str, str] = {}
    for item in filter(None, (x.strip() for x in text.split(","))):
        name, sep, value = item.partition(":")
        if not sep:
            name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise BadRequest(parameter, f"malformed switch setting {item!r}: expected SWITCH:VALUE")
        out[name.strip()] = value.strip()
    return out


def default_ruleset(game_id: str) -> str:
    for r in rulesets.rulesets(game_id):
        if r.default:
            return r.id
    raise BadRequest("ruleset", f"the archive has no default ruleset for {game_id}")


@lru_cache(maxsize=256)
def _game(game_id: str, ruleset: str, sets: tuple[tuple[str, str], ...]) -> engine.game.Game:
    return engine.load_game(game_id, ruleset=ruleset, switches=dict(sets))


def load(game_id: str, ruleset: str | None, sets: dict[str, str], parameter: str = "set"):
    """The engine's game for a reading; BadRequest naming the parameter at fault."""
    ruleset = ruleset or default_ruleset(game_id)
    try:
        rulesets.ruleset(game_id, ruleset)
    except ValueError as exc:
        raise BadRequest("ruleset" if parameter == "set" else parameter, str(exc)) from None
    try:
        return _game(game_id, ruleset, tuple(sorted(sets.items())))
    except ValueError as exc:
        raise BadRequest(parameter, str(exc)) from None


def reading_of(game) -> str:
    """A game's reading as engine.compare.divergence writes one: ``RULESET,SWITCH=VALUE,...``."""
    base = rulesets.ruleset(game.id, game.ruleset).choices
    changed = [f"{k}={v}" for k, v in game.switches.items() if base.get(k) != v]
    return ",".join([game.ruleset, *changed])


def parse_reading(game_id: str, text: str, parameter: str):
    """``RULESET`` or ``RULESET;SWITCH:VALUE,...`` (ruleset may be empty: the default)."""
    ruleset, _, sets = text.partition(";")
    return load(game_id, ruleset.strip() or None, parse_sets(sets, parameter), parameter)


def replay(game, seed: int, moves: list[str], truncate: bool):
    """Play ``moves`` from the start; the state, the last move's events and where play stopped."""
    state = game.new_state(seed)
    events: list[dict[str, Any]] = []
    stopped = None
    for i, move in enumerate(moves):
        try:
            last = i == len(moves) - 1
            if last:
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


def agent_move(state, spec: str, seed: int) -> str | None:
    """The move the agent ``spec`` would play in ``state`` (None when the game is over)."""
    from engine.agents import make_agent

    if state.is_terminal():
        return None
    try:
        agent = make_agent(spec, seed=seed + len(state.history()))
    except ValueError as exc:
        raise BadRequest("agent", str(exc)) from None
    return state.move_to_text(agent.choose(state))


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


def parse_int(text: str | None, parameter: str, default: int, high: int) -> int:
    if text is None or text == "":
        return default
    if not re.fullmatch(r"\d{1,19}", text.strip()):
        raise BadRequest(parameter, f"{parameter} must be a non-negative integer, not {text!r}")
    value = int(text)
    if value > high:
        raise BadRequest(parameter, f"{parameter} must be at most {high}, not {value}")
    return value


def answer(game_id: str, args: dict[str, str]) -> dict[str, Any]:
    """The play API's answer for the query ``args``; BadRequest on bad input."""
    if not GAME_ID.match(game_id) or game_id not in GAMES:
        raise BadRequest("game", f"unknown game {game_id!r}; games: {', '.join(sorted(GAMES))}")
    known = {"ruleset", "set", "moves", "seed", "truncate", "compare", "agent"}
    unknown = sorted(set(args) - known)
    if unknown:
        raise BadRequest(unknown[0], f"unknown parameter {unknown[0]!r}; parameters: {', '.join(sorted(known))}")
    ruleset = args.get("ruleset") or None
    game = load(game_id, ruleset, parse_sets(args.get("set", "")))
    seed = parse_int(args.get("seed"), "seed", 0, MAX_SEED)
    moves = [m.strip() for m in args.get("moves", "").split(",") if m.strip()]
    if len(moves) > MAX_MOVES:
        raise BadRequest("moves", f"at most {MAX_MOVES} moves, not {len(moves)}")
    truncate = args.get("truncate", "") in ("1", "true", "yes")
    state, events, stopped = replay(game, seed, moves, truncate)
    for event in events:  # each step of the animation is drawn like the board itself
        if isinstance(event.get("board"), dict):
            event["sites"] = sites(game_id, event["board"])
    result = state.result()
    out: dict[str, Any] = {
        "game": game_id,
        "ruleset": ruleset or default_ruleset(game_id),
        "switches": dict(game.switches),
        "seed": seed,
        "moves": [state.move_to_text(m) for m in state.history()],
        "board": state.board(),
        "sites": sites(game_id, state.board()),
        "to_move": state.to_move,
        "legal_moves": state.legal_moves_text(),
        "terminal": state.is_terminal(),
        "result": result.to_dict() if result else None,
        "turns": state.turns,
        "last_move": {"move": moves[-1], "events": events} if moves and stopped is None else None,
        "stopped_at": stopped,
        "text": state.to_text(),
        "engine_version": engine.ENGINE_VERSION,
    }
    if args.get("compare"):
        other = parse_reading(game_id, args["compare"], "compare")
        out["divergence"] = divergence(other, game, seed, moves)
    if args.get("agent"):
        out["suggestion"] = agent_move(state, args["agent"].strip(), seed)
    return out


async def play(request) -> Response:
    game_id = request.url_vars["game_id"]
    args = {k: request.args.get(k) for k in request.args.keys()}
    try:
        if len(request.args.getlist("moves")) > 1 or len(request.args.getlist("set")) > 1:
            raise BadRequest("moves", "give each parameter once (moves and set take comma-separated lists)")
        body = answer(game_id, args)
    except BadRequest as exc:
        return Response.json({"error": str(exc), "parameter": exc.parameter}, status=400)
    except ValueError as exc:  # an engine error not attributed above: still the request's fault
        return Response.json({"error": str(exc), "parameter": None}, status=400)
    return Response(
        json.dumps(body, ensure_ascii=False),
        content_type="application/json; charset=utf-8",
        headers={"cache-control": "no-store"},
    )


@hookimpl
def register_routes():
    return [(r"^/-/play/(?P<game_id>[^/]+)\.json$", play)]
