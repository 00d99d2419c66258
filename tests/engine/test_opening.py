"""The opening (engine.mancala.rules.opening, engine.mancala.machine.opening): each part of its
vocabulary on the 4 x 5 board of test_sowing_primitives.py (a player's holes 1-5 along the outer
row from their left, 6-10 back along the inner row; a6 faces b10 and b1), positions worked by
hand, and the build's refusals of what the machine does not play, each naming the parameter."""

from __future__ import annotations

from typing import Any

import pytest

from engine.mancala import description as described
from engine.mancala.machine import four_rows
from engine.mancala.rules import opening_steps
from engine.mancala.rules.opening import LAPS, STARTS
from tests.engine.test_sowing_primitives import RESOWING, RULES, at, describe, holes


def opening(**params: Any) -> list[dict[str, Any]]:
    return [{"name": "opening", "params": params}]


def test_the_opening_code_writes_the_four_row_machines_events():
    assert (opening_steps.LOG_LAP, opening_steps.LOG_TAKE) == (four_rows.LOG_LAP, four_rows.LOG_TAKE)
    assert (len(STARTS), len(LAPS)) == (4, 3)


def test_a_first_turn_from_a_row_with_an_ordinary_lap_relays_and_then_any_hole():
    a, b = holes(h1=2, h7=2, h9=3), holes(h3=2, h5=2)
    s = at(describe(RULES, opening(start="row", row="inner", lap="ordinary", capture="as-rules")), a, b)
    assert s.legal_moves_text() == ["a7", "a9"]  # the inner row's holes holding two or more, not a1
    s.apply("a7")  # a8, a9 (4, occupied): relay a10, a1 (3), a2, a3 (empty, outer): the turn ends
    assert s.board()["a"] == holes(h1=3, h2=1, h3=1, h8=1, h10=1) and s.to_move == 2
    assert s.legal_moves_text() == ["pass"]  # player 2 has no hole of their inner row to start from: they pass
    later = at(describe(RULES, opening(start="row", row="inner", lap="ordinary", capture="as-rules")), a, b,
               opening_played=[True, True])
    assert later.legal_moves_text() == ["a1", "a7", "a9"]


def test_a_plain_first_lap_neither_relays_nor_captures_under_capture_none():
    a, b = holes(h1=2, h5=2, h9=1), holes(h9=1, h2=1, h4=2)
    s = at(describe(RULES, opening(start="any", lap="plain", capture="none")), a, b)
    assert s.legal_moves_text() == ["a1", "a5"]
    s.apply("a5")  # a6, a7 (empty, inner): no capture; b9 and b2 stay
    assert s.board()["a"] == holes(h1=2, h6=1, h7=1, h9=1) and s.board()["b"] == b and s.to_move == 2
    main = at(describe(RULES), a, b)
    main.apply("a5")  # the main play's lap takes b9 and b2
    assert main.board()["b"] == holes(h4=2)
    s = at(describe(RULES, opening(start="any", lap="plain", capture="none")), holes(h1=2, h3=1, h7=1), b)
    s.apply("a1")  # a2, a3 (occupied): one lap, no relay
    assert s.board()["a"] == holes(h2=1, h3=2, h7=1) and s.to_move == 2


def test_a_first_turn_from_a_hole_holding_a_count_each_players_or_the_games():
    a, b = holes(h1=2, h3=3, h8=2), holes(h2=2, h4=3)
    each = describe(RULES, opening(start="holding", holding=2, lap="plain", capture="none"))
    s = at(each, a, b)
    assert s.legal_moves_text() == ["a1", "a8"]  # holding exactly two: not a3
    s.apply("a1")
    assert s.to_move == 2 and s.legal_moves_text() == ["b2"]  # player 2's first turn too
    game_only = describe(RULES, opening(start="holding", holding=2, lap="plain", capture="none", turns="game"))
    s = at(game_only, a, b)
    s.apply("a1")
    assert s.to_move == 2 and s.legal_moves_text() == ["b2", "b4"]  # only the game's first turn
    assert s.position_spec()["opening_played"] == [True, True]


REFUSED = [
    ({"steps": [{"hole": 1}], "start": "hole"}, "primitives[0].params.start", "one or the other"),
    ({}, "primitives[0].params.start", "needs start"),
    ({"start": "hole", "row": "inner", "lap": "plain", "capture": "none"}, "primitives[0].params.from_left",
     "needs row and from_left"),
    ({"start": "row", "row": "inner", "holding": 2, "lap": "plain", "capture": "none"}, "primitives[0].params.holding",
     "not read under start row"),
    ({"start": "hole", "row": "inner", "from_left": 6, "lap": "plain", "capture": "none"},
     "primitives[0].params.from_left", "1 to 5"),
    ({"start": "any", "lap": "plain"}, "primitives[0].params.capture", "needs lap and capture"),
    ({"start": "any", "lap": "plain", "capture": "as-rules"}, "primitives[0].params.capture", "ordinary lap's"),
    ({"start": "any", "lap": "ordinary", "capture": "none"}, "primitives[0].params.capture", "not played yet"),
]


@pytest.mark.parametrize("params, field, why", REFUSED, ids=[f"{i}" for i in range(len(REFUSED))])
def test_the_build_refuses_an_opening_the_machine_does_not_play_naming_the_parameter(params, field, why):
    found = described.problems(describe(RULES, opening(**params)))
    assert any(f == field and why in w for f, w in found), found


def test_a_column_capturing_opening_lap_with_both_opposite_captures_is_refused():
    found = described.problems(describe(RESOWING, opening(start="hole", row="inner", from_left=3, lap="plain",
                                                          capture="column"), stores=False))
    assert any(f == "rules.capture" and "opening.capture = 'column'" in w for f, w in found), found
    assert not described.problems(describe(RESOWING, opening(start="any", lap="plain", capture="none"), stores=False))
