"""Replaying a game record (engine.record) to the state it leads to, checking the result it states."""

from __future__ import annotations

from typing import Any

from engine.game import Game, Limits, State
from engine.games import rules_of
from engine.record import GameRecord
from engine.result import Result
from engine.switches import resolve_switches


def replay(record: GameRecord | dict[str, Any] | str) -> State:
    """Play a record's moves from its start with its switch values; check the result it states."""
    if isinstance(record, str):
        record = GameRecord.from_json(record)
    elif isinstance(record, dict):
        record = GameRecord.from_dict(record)
    rules = rules_of(record.game)
    expected = {s.id for s in rules.switches}
    missing = sorted(expected - set(record.switches))
    if missing:
        raise ValueError(f"record gives no value for switch(es) {', '.join(missing)}")
    values = resolve_switches(record.game, rules.switches, None, record.switches)
    try:
        limits = Limits(int(record.limits["turns"]), int(record.limits["moves"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"malformed record limits {record.limits!r}: {exc}") from None
    game = Game(rules, values, record.ruleset, limits)
    state = game.state_from_position(record.start, record.seed) if record.start else game.new_state(record.seed)
    for i, move in enumerate(record.moves):
        try:
            state.apply(move)
        except ValueError as exc:
            raise ValueError(f"record move {i + 1} ({move!r}): {exc}") from None
    if record.result is not None:
        stated = Result.from_dict(record.result)
        if state.result() != stated:
            raise ValueError(f"record states result {stated} but the replay gives {state.result()}")
    return state
