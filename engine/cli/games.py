"""The engine's commands: ``variorum play``, ``variorum simulate`` and ``variorum switches``.

``register(group)`` adds them to the ``variorum`` click group. Bad input (an unknown game,
ruleset, switch, value or move, an illegal move) prints a clear message and exits with code 2.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from engine.cli.bounds import MAX_GAMES, Count
from engine.cli.options import limit_options
from engine.cli.tables import print_table


class BadInput(click.ClickException):
    """Input the engine refuses: the message says what and what is allowed; exit code 2."""

    exit_code = 2


def _game(game_id: str, ruleset: str | None, settings: tuple[str, ...], turn_limit: int | None,
          move_limit: int | None):
    import engine
    from schema.citation import split_sets

    try:
        return engine.load_game(game_id, ruleset, dict(split_sets(settings, bare=True)), turn_limit=turn_limit,
                                move_limit=move_limit)
    except ValueError as exc:
        raise BadInput(str(exc)) from None


SWITCHES_CACHE = "variorum-switches.json"
"""The engine's switch declarations of every game, in engine/__pycache__ (derived from the engine's
code, like numba's cache; rewritten when any of its files changes)."""


def _engine_stamp(root: Path) -> list:
    """The engine's own sources (name, mtime, size); not the modules numba and engine.specialise generate
    under ``__pycache__`` while tests and serves run, which would make the cache stale at every compile."""
    return sorted((str(p.relative_to(root)), p.stat().st_mtime_ns, p.stat().st_size) for p in root.rglob("*.py")
                  if "__pycache__" not in p.relative_to(root).parts)


def declared_switches(game_id: str) -> list[dict[str, Any]]:
    """``game_id``'s switches as the engine declares them (id, point, options, default), from a
    cache derived from the engine's code, so that ``variorum switches`` needs neither numba nor the
    kernels; the engine itself when the cache is missing or stale (then the cache is rewritten).
    ValueError naming an unknown game."""
    root = Path(__file__).resolve().parents[1]
    cache = root / "__pycache__" / SWITCHES_CACHE
    stamp = _engine_stamp(root)
    try:
        found = json.loads(cache.read_text(encoding="utf-8"))
        if found["stamp"] == json.loads(json.dumps(stamp)) and game_id in found["games"]:
            return found["games"][game_id]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    from engine.games import GAMES, rules_of

    rules_of(game_id)  # ValueError naming an unknown game
    games = {gid: [{"id": s.id, "point": s.point, "options": list(s.options), "default": s.default}
                   for s in rules.switches] for gid, rules in GAMES.items()}
    try:
        cache.parent.mkdir(exist_ok=True)
        tmp = cache.with_name(f"{cache.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"stamp": stamp, "games": games}), encoding="utf-8")
        os.replace(tmp, cache)
    except OSError:
        pass  # a read-only install: the engine answers every time
    return games[game_id]


def _rule_options(f):
    f = limit_options(f)
    f = click.option("--set", "settings", multiple=True, metavar="SWITCH=VALUE",
                     help="Set a switch (full id or its point, e.g. relay=next-hole); repeatable.")(f)
    f = click.option("--ruleset", default=None, help="A ruleset id of the archive (default: the engine's defaults).")(f)
    return f


def _stdin_is_terminal() -> bool:
    return sys.stdin.isatty()


def _echo_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2))


def _show(console: Console, state) -> None:
    console.print(state.to_text(), highlight=False, markup=False)
    if state.is_terminal():
        res = state.result()
        who = f", player {res.winner} wins" if res.winner else ""
        console.print(f"game over: {res.ending}{who}; scores {res.scores[0]} - {res.scores[1]}", highlight=False)
    else:
        console.print(f"player {state.to_move} to move; legal moves: {', '.join(state.legal_moves_text())}",
                      highlight=False)


def _interactive(console: Console, state, human: int, seed: int) -> None:
    from engine.agents import RandomAgent
    from schema.citation import check_move

    agent = RandomAgent(seed)
    console.print(f"You are player {human}; the random agent plays the other side. Type a move (its notation, as the legal moves are listed), or q to quit.")
    while not state.is_terminal():
        _show(console, state)
        if state.to_move == human:
            text = click.prompt("your move", default="", show_default=False).strip()
            if text.lower() in ("q", "quit", "exit"):
                return
            try:
                state.apply(check_move(text))
            except ValueError as exc:
                console.print(f"[red]{exc}[/red]", markup=True)
        else:
            move = agent.choose(state)
            console.print(f"the agent plays {state.move_to_text(move)}", highlight=False)
            state.apply(move)
    _show(console, state)


def register(group: click.Group) -> None:
    """Add the engine's commands to ``group``."""

    @group.command("play")
    @click.argument("game_id", metavar="GAME")
    @_rule_options
    @click.option("--moves", default=None, help="Moves to play from the start, comma-separated (e.g. b3,a2).")
    @click.option("--seed", type=int, default=0, show_default=True, help="The game's seed (drawing lots; the agent's seed).")
    @click.option("--human", type=click.IntRange(1, 2), default=1, show_default=True, help="Interactive play: your seat.")
    @click.option("--json", "as_json", is_flag=True, help="Print the state as JSON.")
    def play(game_id: str, ruleset: str | None, settings: tuple[str, ...], turn_limit: int | None,
             move_limit: int | None, moves: str | None, seed: int, human: int, as_json: bool) -> None:
        """Show a game after some moves, with the legal moves; or play against the random agent.

        With no --moves and a terminal on standard input, play interactively.
        """
        from schema.citation import check_move

        game = _game(game_id, ruleset, settings, turn_limit, move_limit)
        try:
            state = game.new_state(seed)
        except ValueError as exc:
            raise BadInput(str(exc)) from None
        for i, text in enumerate(m.strip() for m in (moves or "").split(",")):
            if not text:
                if moves and moves.strip():
                    raise BadInput(f"empty move at position {i + 1} of --moves {moves!r}")
                continue
            try:
                state.apply(check_move(text))
            except ValueError as exc:
                raise BadInput(f"move {i + 1} ({text!r}): {exc}") from None
        if as_json:
            _echo_json(state.to_dict())
            return
        console = Console(highlight=False)
        if moves is None and _stdin_is_terminal():
            _interactive(console, state, human, seed)
        else:
            _show(console, state)

    @group.command("simulate")
    @click.argument("game_id", metavar="GAME")
    @_rule_options
    @click.option("--games", "n_games", type=Count(1, MAX_GAMES), required=True, help="How many games to play.")
    @click.option("--seed", type=int, default=0, show_default=True, help="Seed of the batch (game i gets its own).")
    @click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
    def simulate(game_id: str, ruleset: str | None, settings: tuple[str, ...], turn_limit: int | None,
                 move_limit: int | None, n_games: int, seed: int, as_json: bool) -> None:
        """Random self-play in compiled code: wins, draws, unfinished games, lengths, speed."""
        from engine.playout import simulate as run_batch

        game = _game(game_id, ruleset, settings, turn_limit, move_limit)
        try:
            summary = run_batch(game, n_games, seed)
        except ValueError as exc:
            raise BadInput(str(exc)) from None
        data = summary.to_dict()
        if as_json:
            _echo_json(data)
            return
        table = Table(title=f"{game_id}: {n_games} random games, seed {seed}")
        table.add_column("measure")
        table.add_column("value", justify="right")
        for key in ("ruleset", "games", "p1_wins", "p2_wins", "draws", "unfinished", "endless", "repetitions", "limit_stops",
                    "first_player_wins", "mean_turns", "mean_moves", "playouts_per_second"):
            table.add_row(key, str(data[key]))
        print_table(Console(), table)

    @group.command("switches")
    @click.argument("game_id", metavar="GAME")
    @click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
    def switches(game_id: str, as_json: bool) -> None:
        """The switches of a game, their alternatives and defaults, and the archive's rulesets."""
        from engine import rulesets
        from engine.cli.archive import needs_build
        from schema.paths import ARCHIVE_DB, DATA_DIR

        try:
            declared = declared_switches(game_id)
        except ValueError as exc:
            raise BadInput(str(exc)) from None
        # the records' texts and rulesets: from the built archive when it is as new as data/ (the
        # same records, read in milliseconds), else from data/
        source = ARCHIVE_DB if not needs_build(DATA_DIR, ARCHIVE_DB) else None
        try:
            found = rulesets.rulesets(game_id, source)
            texts = rulesets.switch_texts(game_id, source)
            archive_error = None
        except ValueError as exc:
            found, texts, archive_error = [], {}, str(exc)
        data = {
            "game": game_id,
            "switches": [
                {
                    "id": s["id"],
                    "summary": texts.get(s["id"], ("", {}))[0],
                    "default": s["default"],
                    "alternatives": [{"id": o, "summary": texts.get(s["id"], ("", {}))[1].get(o, "") if texts else None}
                                     for o in s["options"]],
                }
                for s in declared
            ],
            "rulesets": [{"id": r.id, "name": r.name, "default": r.default, "choices": r.choices} for r in found],
            "archive_error": archive_error,
        }
        if as_json:
            _echo_json(data)
            return
        console = Console(highlight=False)
        table = Table(title=f"{game_id}: switches (default marked *)")
        table.add_column("switch")
        table.add_column("question")
        table.add_column("alternatives", no_wrap=True)  # a line an option
        for s, shown in zip(declared, data["switches"]):
            table.add_row(s["id"], shown["summary"], "\n".join(("* " if o == s["default"] else "  ") + o for o in s["options"]))
        print_table(console, table)
        if archive_error:
            console.print(f"rulesets: not available ({archive_error})", markup=False)
            return
        rs = Table(title="rulesets of the archive")
        rs.add_column("switch")
        for r in found:
            rs.add_column(r.id + (" (default)" if r.default else ""))
        for s in declared:
            rs.add_row(s["point"], *[r.choices.get(s["id"], "?") for r in found])
        print_table(console, rs)
