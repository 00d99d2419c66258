"""Divergence: replay one list of moves under two readings and find the first point where they part.

A reading is a ruleset of the archive and/or switch settings: ``"ludii"``, ``"relay=next-hole"``,
``"ludii,relay=next-hole"`` or, in the canonical spelling (schema/citation.py), ``"ludii;relay:next-hole"`` (switches not named come from the ruleset, else from the game's default
ruleset in the archive, else from the engine's defaults), or a mapping of switch values.

:func:`diverge` plays the moves on both readings from the same start and seed (and
:func:`first_divergence` does the same for two :class:`engine.game.Game` objects, as the site's
play API holds them). Before each move
(and after the last) it compares, in this order:

1. ``position``: the positions differ (``Rules.position_spec``: board, captures, player to move);
2. ``ending``: one game is over and the other is not;
3. ``result``: both are over, with different results;
4. ``illegal-move``: the next move of the list is legal under one reading and not the other;
5. ``legal-moves``: the legal moves differ (though the next move is legal under both).

The first difference ends the replay; :class:`Divergence` holds it with both boards (text and
JSON), the legal moves and results. ``index`` counts the moves played before the difference
(0: the readings differ at the start); ``move`` is the move that produced it (the last one
played), or for ``illegal-move`` the move one reading refuses. Without a move list, the moves
are a random game under reading A (engine.agents.RandomAgent seeded like the game).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.game import Game, Limits, State

KINDS = ("position", "ending", "result", "illegal-move", "legal-moves")


@dataclass(frozen=True)
class Reading:
    """A reading of a game: a ruleset and/or settings, resolved to every switch's value."""

    text: str
    ruleset: str | None
    switches: dict[str, str]


def parse_reading(game_id: str, reading: str | Mapping[str, str] | Reading) -> Reading:
    """``"ludii,relay=next-hole"`` (or the canonical ``"ludii;relay:next-hole"``, schema.citation) ->
    the reading; ValueError naming what is unknown or malformed."""
    import engine
    from engine.rulesets import default_ruleset
    from schema.citation import split_sets, split_spec

    if isinstance(reading, Reading):
        return reading
    if isinstance(reading, Mapping):
        values = engine.resolve(game_id, None, dict(reading))
        return Reading(", ".join(f"{k}={v}" for k, v in reading.items()), None, values)
    if not isinstance(reading, str) or not reading.strip():
        raise ValueError(f"a reading is a ruleset id and/or SWITCH=VALUE settings, not {reading!r}")
    if ";" not in reading and any(not x.strip() for x in reading.split(",")):
        raise ValueError(f"empty item in reading {reading!r}")
    name, sets = split_spec(reading)
    values = engine.resolve(game_id, name or default_ruleset(game_id), dict(split_sets(sets)))
    return Reading(reading.strip(), name, values)


@dataclass(frozen=True)
class Divergence:
    """Where two readings part on a list of moves (``kind`` None: they never do)."""

    game: str
    a: Reading
    b: Reading
    moves: list[str]
    seed: int
    index: int | None
    kind: str | None
    move: str | None
    illegal_in: str | None
    """For ``illegal-move``: the reading ("a" or "b") that refuses the move."""
    board_a: str
    board_b: str
    position_a: dict[str, Any]
    position_b: dict[str, Any]
    legal_a: list[str]
    legal_b: list[str]
    result_a: dict[str, Any] | None
    result_b: dict[str, Any] | None

    @property
    def diverged(self) -> bool:
        return self.kind is not None

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "a": {"reading": self.a.text, "ruleset": self.a.ruleset, "switches": self.a.switches},
            "b": {"reading": self.b.text, "ruleset": self.b.ruleset, "switches": self.b.switches},
            "seed": self.seed,
            "moves": list(self.moves),
            "diverged": self.diverged,
            "index": self.index,
            "kind": self.kind,
            "move": self.move,
            "illegal_in": self.illegal_in,
            "differing_switches": {k: [self.a.switches[k], self.b.switches[k]]
                                   for k in self.a.switches if self.a.switches[k] != self.b.switches[k]},
            "board_a": self.board_a,
            "board_b": self.board_b,
            "position_a": self.position_a,
            "position_b": self.position_b,
            "legal_a": self.legal_a,
            "legal_b": self.legal_b,
            "result_a": self.result_a,
            "result_b": self.result_b,
        }

    def describe(self) -> str:
        """One sentence saying where and how the readings part."""
        if not self.diverged:
            return f"The readings agree on all {len(self.moves)} moves."
        where = "at the start" if self.index == 0 else f"after move {self.index} ({self.move})"
        what = {
            "position": "the positions differ",
            "ending": "one game is over and the other is not",
            "result": "the games end with different results",
            "legal-moves": "the legal moves differ",
        }
        if self.kind == "illegal-move":
            who = "A" if self.illegal_in == "a" else "B"
            return (f"The readings part at move {self.index + 1}: {self.move} is illegal under reading {who} "
                    f"(after {self.index} move(s)).")
        return f"The readings part {where}: {what[self.kind]}."


def _state(game: Game, seed: int, start: Mapping[str, Any] | None) -> State:
    return game.state_from_position(start, seed) if start is not None else game.new_state(seed)


def random_moves(game: Game, seed: int, start: Mapping[str, Any] | None = None) -> list[str]:
    """The moves of a random game (RandomAgent seeded ``seed``) from the start or ``start``."""
    from engine.agents import RandomAgent, play_out

    s = play_out(_state(game, seed, start), RandomAgent(seed))
    return [s.move_to_text(m) for m in s.history()]


def _result(s: State) -> dict[str, Any] | None:
    r = s.result()
    return r.to_dict() if r else None


def diverge(
    game_id: str,
    a: str | Mapping[str, str] | Reading,
    b: str | Mapping[str, str] | Reading,
    *,
    moves: Sequence[str | int] | None = None,
    seed: int = 0,
    start: Mapping[str, Any] | None = None,
    limits: Limits | None = None,
) -> Divergence:
    """Replay ``moves`` (default: a random game under reading A with ``seed``) under readings ``a``
    and ``b`` from the same start and seed; the first difference (see the module docstring).
    ValueError if a move is malformed, or illegal under both readings."""
    from engine.games import rules_of

    rules = rules_of(game_id)
    ra, rb = parse_reading(game_id, a), parse_reading(game_id, b)
    limits = limits or Limits()
    return _replay(Game(rules, ra.switches, ra.ruleset, limits), Game(rules, rb.switches, rb.ruleset, limits),
                   ra, rb, moves, seed, start)


def first_divergence(
    game_a: Game,
    game_b: Game,
    moves: Sequence[str | int] | None = None,
    *,
    seed: int = 0,
    start: Mapping[str, Any] | None = None,
) -> Divergence | None:
    """:func:`diverge` for two :class:`engine.game.Game` objects of the same game (their own
    limits); None when the readings never part on these moves."""
    if game_a.id != game_b.id:
        raise ValueError(f"readings of two different games: {game_a.id} and {game_b.id}")

    def reading(g: Game) -> Reading:
        return Reading(g.ruleset or ", ".join(f"{k}={v}" for k, v in g.switches.items()), g.ruleset, dict(g.switches))

    found = _replay(game_a, game_b, reading(game_a), reading(game_b), moves, seed, start)
    return found if found.diverged else None


def _replay(game_a: Game, game_b: Game, ra: Reading, rb: Reading, moves: Sequence[str | int] | None, seed: int,
            start: Mapping[str, Any] | None) -> Divergence:
    rules = game_a.rules
    game_id = game_a.id
    if moves is None:
        texts = random_moves(game_a, seed, start)
    else:
        texts = [m if isinstance(m, str) else rules.move_to_text(int(m)) for m in moves]
    parsed = []
    for i, t in enumerate(texts):
        try:
            parsed.append(rules.text_to_move(t))
        except ValueError as exc:
            raise ValueError(f"move {i + 1} ({t!r}): {exc}") from None
    texts = [rules.move_to_text(m) for m in parsed]
    sa, sb = _state(game_a, seed, start), _state(game_b, seed, start)

    def found(i: int, kind: str | None, move: str | None, illegal_in: str | None = None) -> Divergence:
        return Divergence(
            game_id, ra, rb, texts, seed, i if kind else None, kind, move, illegal_in,
            sa.to_text(), sb.to_text(), rules.position_spec(sa.raw()), rules.position_spec(sb.raw()),
            sa.legal_moves_text(), sb.legal_moves_text(), _result(sa), _result(sb),
        )

    for i in range(len(parsed) + 1):
        last = texts[i - 1] if i else None
        if rules.position_spec(sa.raw()) != rules.position_spec(sb.raw()):
            return found(i, "position", last)
        ta, tb = sa.is_terminal(), sb.is_terminal()
        if ta != tb:
            return found(i, "ending", last)
        if ta and _result(sa) != _result(sb):
            return found(i, "result", last)
        la, lb = sa.legal_moves(), sb.legal_moves()
        if i < len(parsed):
            m = parsed[i]
            in_a, in_b = m in la, m in lb
            if in_a != in_b:
                return found(i, "illegal-move", texts[i], "b" if in_a else "a")
            if not in_a:
                why = "the game is over" if ta else "legal moves: " + ", ".join(sa.legal_moves_text())
                raise ValueError(f"move {i + 1} ({texts[i]!r}) is illegal under both readings ({why})")
        if la != lb:
            return found(i, "legal-moves", last)
        if i == len(parsed):
            break
        sa.apply(parsed[i])
        sb.apply(parsed[i])
    return found(len(parsed), None, None)
