"""Boards of points and lines (engine.alignment.points) and the rules the morris games need, on the
alignment machine: the morris boards against OpenSpiel's table of neighbours, their corners joined
(Triodi's fig. 2), descriptions given point by point, flying, a line with nothing to remove, one removal
per line, a repeated position the third time, and the refusals of what the machine does not play on a board, each naming its field."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import yaml
from pydantic import ValidationError

from engine.alignment import description as described
from engine.alignment.game import AlignmentGame
from engine.alignment.points import board_of
from engine.alignment.rules import problems
from engine.game import Limits
from engine.result import ONGOING, REPETITION
from schema.alignment import AlignmentDescription, Board
from schema.paths import DATA_DIR

OPENSPIEL_NEIGHBOURS = [  # kPointNeighbors of nine_mens_morris.cc (N, E, S, W), commit 112b777
    (-1, 1, 9, -1), (-1, 2, 4, 0), (-1, -1, 14, 1), (-1, 4, 10, -1), (1, 5, 7, 3), (-1, -1, 13, 4),
    (-1, 7, 11, -1), (4, 8, -1, 6), (-1, -1, 12, 7), (0, 10, 21, -1), (3, 11, 18, 9), (6, -1, 15, 10),
    (8, 13, 17, -1), (5, 14, 20, 12), (2, -1, 23, 13), (11, 16, -1, -1), (-1, 17, 19, 15), (12, -1, -1, 16),
    (10, 19, -1, -1), (16, 20, 22, 18), (13, -1, -1, 19), (9, 22, -1, -1), (19, 23, -1, 21), (14, -1, -1, 22),
]


def test_the_morris_board_of_three_squares_is_openspiels():
    board = board_of(Board(kind="morris", squares=3))
    index = yaml.safe_load((DATA_DIR / "drafts" / "mechanics" / "nine-mens-morris.yaml").read_text())["board"]
    ours = {board.parse(n): k for n, k in index["openspiel_index"].items()}
    assert board.points == 24 and sorted(ours.values()) == list(range(24))
    nbr = board.neighbour_masks()
    for p in range(24):
        theirs = {q for q in OPENSPIEL_NEIGHBOURS[ours[p]] if q >= 0}
        assert {ours[q] for q in range(24) if nbr[p] >> q & 1} == theirs, board.name(p)
    assert sorted(sorted(board.names(int(m))) for m in board.line_masks()) == sorted(
        sorted(line) for line in index["lines"])
    assert all(len(board.lines_through()[p].nonzero()[0]) == 2 for p in range(24))  # each point on two lines


def test_the_morris_board_of_two_squares_joins_them_by_steps_only():
    board = board_of(Board(kind="morris", squares=2))
    mech = yaml.safe_load((DATA_DIR / "drafts" / "mechanics" / "six-mens-morris.yaml").read_text())["board"]
    assert list(board.point_names) == mech["points"]
    assert sorted(sorted(board.names(int(m))) for m in board.line_masks()) == sorted(sorted(x) for x in mech["lines"])
    steps = {frozenset(board.point_names[i] for i in s) for s in board.steps}
    assert {frozenset(s) for s in mech["joining_segments"]} <= steps and len(steps) == 8 * 2 + 4


def test_joined_corners_add_the_diagonals_as_steps_and_where_they_have_three_points_as_lines():
    apart, joined = (board_of(Board(kind="morris", squares=3), corners) for corners in (False, True))
    diagonals = [["a1", "b2", "c3"], ["e3", "f2", "g1"], ["e5", "f6", "g7"], ["a7", "b6", "c5"]]
    lines = {tuple(sorted(joined.names(int(m)))) for m in joined.line_masks()}
    assert len(lines) == 20 and lines - {tuple(sorted(apart.names(int(m)))) for m in apart.line_masks()} == {
        tuple(d) for d in diagonals}
    assert joined.names(int(joined.neighbour_masks()[joined.parse("a1")])) == ["d1", "b2", "a4"]
    assert joined.names(int(joined.neighbour_masks()[joined.parse("b2")])) == ["a1", "d2", "c3", "b4"]
    assert list(joined.point_names) == list(apart.point_names)  # the same points, so the same notation
    small = board_of(Board(kind="morris", squares=2), True)  # two squares: the diagonals have two points
    assert len(small.lines) == 8 and len(small.steps) == 8 * 2 + 4 + 4
    assert small.names(int(small.neighbour_masks()[small.parse("b2")])) == ["a1", "c2", "b3"]


def test_one_game_lists_the_moves_of_the_board_its_setting_joins():
    """A switch binds the corners: the same game object lists each setting's steps (the kernel says which
    neighbour table, lmask + 3), and a diagonal step makes a line only where the corners are joined."""
    d = AlignmentDescription.model_validate({
        "game": "points-test", "board": {"kind": "morris", "squares": 3}, "pieces": 9,
        "rules": {"end": "two-left"}, "switches": [{"id": "points-test.board", "default": "apart", "options": {
            "apart": {"corners": "apart"}, "joined": {"corners": "joined"}}}]})
    game = AlignmentGame(d, "Morris test")
    pieces = {"a1": 1, "c3": 1, "d2": 1, "g4": 1, "a7": 2, "d7": 2, "g7": 2}
    legal, stage = {}, {}
    for option in ("apart", "joined"):
        params = game.build({"points-test.board": option}, Limits())
        st = game.position(params, {"board": _board(game, pieces), "hands": [0, 0], "to_move": 1, "phase": "movement"})
        legal[option] = [game.move_to_text(m) for m in game.legal_moves(st)]
        game.apply(params, st, game.text_to_move("d2-b2"))
        stage[option] = game.position_spec(st).get("stage")
    assert stage == {"apart": None, "joined": "removal"}  # a1-b2-c3 is a line where the corners are joined
    assert "a1-b2" not in legal["apart"] and "a1-b2" in legal["joined"] and "c3-b2" in legal["joined"]
    assert set(legal["apart"]) < set(legal["joined"])


def test_the_three_by_three_board_steps_along_its_diagonals():
    board = board_of(Board(kind="three-by-three"))
    nbr = board.neighbour_masks()
    assert board.names(int(nbr[board.parse("b2")])) == ["a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"]
    assert board.names(int(nbr[board.parse("b1")])) == ["a1", "c1", "b2"]  # no diagonal from a side's middle
    assert len(board.lines) == 8


@pytest.mark.parametrize("board, message", [
    ({"kind": "points", "points": ["a1", "b1", "c1"], "lines": [["a1", "b1"]]}, r"board.lines\[0\]: a line is three"),
    ({"kind": "points", "points": ["a1", "b1", "c1"], "lines": [["a1", "b1", "d1"]]}, r"'d1' is not one of"),
    ({"kind": "points", "points": ["a1", "b1", "c1"], "lines": [], "steps": [["a1", "z9"]]}, r"board.steps\[0\]"),
    ({"kind": "points", "points": ["a1", "1b", "c1"], "lines": []}, r"board.points: point '1b'"),
])
def test_a_board_given_point_by_point_is_checked_naming_the_field(board, message):
    with pytest.raises(ValueError, match=message):
        board_of(Board.model_validate(board))


def test_the_frame_refuses_fields_of_another_kind_of_board():
    with pytest.raises(ValidationError, match="board.squares does not belong to kind 'grid'"):
        Board.model_validate({"kind": "grid", "rows": 3, "cols": 3, "squares": 3})
    with pytest.raises(ValidationError, match="board.squares is needed with kind 'morris'"):
        Board.model_validate({"kind": "morris"})


def _described(board: dict[str, Any], pieces: int, **rules: Any) -> AlignmentDescription:
    return AlignmentDescription.model_validate({"game": "points-test", "board": board, "pieces": pieces,
                                                "rules": {"end": "two-left", **rules}, "switches": []})


@pytest.mark.parametrize("board, rules, field", [
    ({"kind": "grid", "rows": 5, "cols": 6}, {"flying": "at-three"}, "rules.flying"),
    ({"kind": "morris", "squares": 3}, {"directions": "all"}, "rules.directions"),
    ({"kind": "morris", "squares": 3}, {"long_lines": "ignored"}, "rules.long_lines"),
    ({"kind": "grid", "rows": 5, "cols": 6}, {"corners": "joined"}, "rules.corners"),
])
def test_the_machine_refuses_what_a_board_does_not_have(board, rules, field):
    found = problems(_described(board, 9, **rules))
    assert [f for f, _ in found] == [field], found


def _morris(**rules: Any) -> tuple[AlignmentGame, Any]:
    game = AlignmentGame(_described({"kind": "morris", "squares": 3}, 9, **rules), "Morris test")
    return game, game.build({}, Limits())


def _board(game: AlignmentGame, pieces: dict[str, int]) -> list[str]:
    masks = [0, 0]
    for name, player in pieces.items():
        masks[player - 1] |= 1 << game.grid.parse(name)
    return game.grid.rows_text((masks[0], masks[1]))


@pytest.mark.parametrize("nothing, over", [("no-removal", False), ("mover-loses", True)])
def test_a_mill_with_no_enemy_piece_to_remove(nothing, over):
    game, params = _morris(nothing_to_remove=nothing, removal="not-in-line-unless-all")
    st = game.position(params, {"board": _board(game, {"a1": 1, "d1": 1}), "hands": [7, 9], "to_move": 1})
    game.apply(params, st, game.text_to_move("g1"))
    assert (game.status(st) != ONGOING) == over
    if over:
        assert game.scores(params, st) == (0, 1)  # the maker of the mill, with nothing to remove, loses
    else:
        assert game.position_spec(st)["to_move"] == 2


def test_flying_lists_every_empty_point_for_each_piece():
    game, params = _morris(flying="at-three")
    pieces = {"a1": 1, "d1": 1, "c3": 1, "a7": 2, "d7": 2, "b2": 2, "e3": 2}
    st = game.position(params, {"board": _board(game, pieces), "hands": [0, 0], "to_move": 2, "phase": "movement"})
    legal = [game.move_to_text(m) for m in game.legal_moves(st)]
    assert sorted(legal) == ["a7-a4", "b2-b4", "b2-d2", "d7-d6", "d7-g7", "e3-d3", "e3-e4"]  # four pieces step
    st = game.position(params, {"board": _board(game, pieces), "hands": [0, 0], "to_move": 1, "phase": "movement"})
    legal = [game.move_to_text(m) for m in game.legal_moves(st)]
    assert len(legal) == 3 * (24 - 7) and "a1-g7" in legal and legal == sorted(legal, key=game.text_to_move)


@pytest.mark.parametrize("rule, repeats", [("ends-game", 1), ("third-time", 2)])
def test_a_position_repeated_ends_the_game_at_once_or_the_third_time(rule, repeats):
    game, params = _morris(repetition=rule)
    pieces = {"a1": 1, "d1": 1, "b2": 1, "f4": 1, "a7": 2, "d7": 2, "d6": 2, "c5": 2}
    st = game.position(params, {"board": _board(game, pieces), "hands": [0, 0], "to_move": 1, "phase": "movement"})
    cycle = ["b2-b4", "c5-c4", "b4-b2", "c4-c5"]
    played = 0
    while game.status(st) == ONGOING:
        game.apply(params, st, game.text_to_move(cycle[played % 4]))
        played += 1
    assert game.status(st) == REPETITION and played == 4 * repeats


@pytest.mark.parametrize("corners", ["apart", "joined"])
def test_random_morris_games_move_as_the_board_allows(corners):
    """Every step listed is to an empty neighbour (the corners joined or not), every flight is by a player
    with three pieces."""
    game, params = _morris(flying="at-three", removal="not-in-line-unless-all", no_move="lose", corners=corners)
    nbr = board_of(Board(kind="morris", squares=3), corners == "joined").neighbour_masks()
    rng = np.random.default_rng(9)
    checked = 0
    for seed in range(40):
        st = game.initial(params, seed)
        while game.status(st) == ONGOING:
            legal = game.legal_moves(st)
            spec = game.position_spec(st)
            texts = [game.move_to_text(m) for m in legal]
            if spec["phase"] == "movement" and "stage" not in spec:
                symbol = "xo"[spec["to_move"] - 1]
                cells = "".join(spec["board"])
                order = [p for row in game.grid.row_points for p in row]
                own = sum(1 << p for p, ch in zip(order, cells) if ch == symbol)
                occupied = sum(1 << p for p, ch in zip(order, cells) if ch != ".")
                flying = bin(own).count("1") <= 3
                want = sorted(f"{game.grid.name(f)}-{game.grid.name(t)}" for f in range(24) if own >> f & 1
                              for t in range(24) if not occupied >> t & 1 and (flying or nbr[f] >> t & 1))
                assert sorted(texts) == want
                checked += 1
            game.apply(params, st, legal[int(rng.integers(len(legal)))])
    assert checked > 500


def test_nine_mens_morris_is_described():
    d = described.load("nine-mens-morris")
    assert d.board.kind == "morris" and d.board.size == 24 and d.pieces == 9
    assert problems(d) == []
