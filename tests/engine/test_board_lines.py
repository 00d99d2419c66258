"""The lines the play API draws a board of points with (engine.play.lines): the straight runs of the
board's steps, from the board the engine plays, for every kind of board of points."""

from __future__ import annotations

import pytest

import engine
from engine.alignment.points import board_of
from engine.play import lines, straight_runs
from schema.alignment import Board

NINE_SIDES = {frozenset(x) for x in (
    ("a1", "g1"), ("b2", "f2"), ("c3", "e3"), ("c5", "e5"), ("b6", "f6"), ("a7", "g7"),  # along the rows
    ("a1", "a7"), ("b2", "b6"), ("c3", "c5"), ("e3", "e5"), ("f2", "f6"), ("g1", "g7"))}  # along the columns
NINE_JOINS = {frozenset(x) for x in (("d1", "d3"), ("d5", "d7"), ("a4", "c4"), ("e4", "g4"))}


def drawn(board) -> set[frozenset[str]]:
    runs = straight_runs([board.coords(p) for p in range(board.points)], board.steps)
    return {frozenset(board.point_names[p] for p in pair) for pair in runs}


def test_three_morris_squares_are_drawn_as_their_sides_and_joining_lines():
    assert drawn(board_of(Board(kind="morris", squares=3))) == NINE_SIDES | NINE_JOINS


def test_two_morris_squares_are_joined_by_lines_of_two_points():
    runs = drawn(board_of(Board(kind="morris", squares=2)))
    joins = {frozenset(x) for x in (("c1", "c2"), ("c4", "c5"), ("a3", "b3"), ("d3", "e3"))}
    assert joins <= runs and len(runs) == 8 + 4


def test_the_three_by_three_board_is_drawn_with_its_diagonals():
    assert drawn(board_of(Board(kind="three-by-three"))) == {frozenset(x) for x in (
        ("a1", "c1"), ("a2", "c2"), ("a3", "c3"), ("a1", "a3"), ("b1", "b3"), ("c1", "c3"), ("a1", "c3"), ("c1", "a3"))}


def test_a_board_given_point_by_point_is_drawn_from_its_steps():
    board = board_of(Board.model_validate({"kind": "points", "points": ["a1", "b1", "c1", "b2", "c3"],
                                            "lines": [["a1", "b1", "c1"]], "steps": [["b1", "b2"], ["b2", "c3"]]}))
    assert drawn(board) == {frozenset(x) for x in (("a1", "c1"), ("b1", "b2"), ("b2", "c3"))}


@pytest.mark.parametrize(("game_id", "count"), [("nine-mens-morris", 16), ("six-mens-morris", 12)])
def test_a_morris_game_is_drawn_from_the_board_its_rules_play(game_id, count):
    game = engine.load_game(game_id)
    drawn_lines = lines(game)
    assert len(drawn_lines) == count
    board = game.rules.grid
    steps = {frozenset(s) for s in board.steps}
    walked: set[frozenset[int]] = set()
    for a, b in drawn_lines:  # each line a straight run of steps, and every step on a line
        (ca, ra), (cb, rb) = board.coords(board.parse(a)), board.coords(board.parse(b))
        assert ca == cb or ra == rb, (a, b)
        along = sorted((p for p in range(board.points) if min(ca, cb) <= board.coords(p)[0] <= max(ca, cb)
                        and min(ra, rb) <= board.coords(p)[1] <= max(ra, rb)), key=board.coords)
        pairs = {frozenset(pair) for pair in zip(along, along[1:])}
        assert pairs <= steps, (a, b)
        walked |= pairs
    assert walked == steps


def test_a_grid_or_a_mancala_board_has_no_lines_to_draw():
    assert lines(engine.load_game("tauru")) == []
    assert lines(engine.load_game("tap-urdy")) == []


def test_the_lines_drawn_are_the_readings_board():
    """Triodi's corners joined (ruleset ludii-diagonal, rule joined-corners) draw the four diagonals
    too; apart (ruleset ludii) they are not drawn."""
    joined = {tuple(line) for line in lines(engine.load_game("triodi", ruleset="ludii-diagonal"))}
    apart = {tuple(line) for line in lines(engine.load_game("triodi", ruleset="ludii"))}
    assert len(joined) == 20 and len(apart) == 16 and apart < joined
    assert ("a1", "c3") in joined and ("a1", "c3") not in apart
