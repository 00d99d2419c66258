"""The alignment machine plays any grid its descriptions give, not only Tauru's 5 x 6: a 3 x 3 board
(diagonals, three pieces a player) and a 4 x 5 one, played through the Python side and in the
compiled playout loop, checked against a walk of the rules written point by point."""

from __future__ import annotations

import numpy as np
import pytest

from engine.alignment.game import AlignmentGame
from engine.game import Limits
from engine.result import ONGOING
from engine.stats import MOVES, SITES, STATUS, WINNER
from schema.alignment import AlignmentDescription


def _game(rows: int, cols: int, pieces: int, **rules: str) -> AlignmentGame:
    d = AlignmentDescription.model_validate({
        "game": "grid-test", "board": {"kind": "grid", "rows": rows, "cols": cols}, "pieces": pieces,
        "rules": {"end": "two-left", **rules}, "switches": []})
    return AlignmentGame(d, "Grid test")


def test_a_three_by_three_board_names_its_points_and_finds_a_diagonal_line():
    game = _game(3, 3, 3, directions="all", removal="any")
    params = game.build({}, Limits())
    st = game.position(params, {"board": ["..o", ".x.", "x.o"], "hands": [1, 1], "to_move": 1})
    assert [game.move_to_text(m) for m in game.legal_moves(st)] == ["b1", "a2", "c2", "a3", "b3"]
    game.apply(params, st, game.text_to_move("c2"))  # no line: a1 b2 and c2 are not in a row
    assert game.position_spec(st)["to_move"] == 2
    st = game.position(params, {"board": ["...", ".x.", "x.o"], "hands": [1, 2], "to_move": 1})
    events = game.trace_move(params, st, game.text_to_move("c3"))
    assert [e["kind"] for e in events] == ["place", "line"] and events[1]["points"] == ["a1", "b2", "c3"]
    assert [game.move_to_text(m) for m in game.legal_moves(st)] == ["xc1"]  # the one enemy piece


def test_orthogonal_lines_only_on_a_three_by_three_board():
    game = _game(3, 3, 3, directions="orthogonal")
    params = game.build({}, Limits())
    st = game.position(params, {"board": ["...", ".x.", "x.o"], "hands": [1, 2], "to_move": 1})
    assert game.trace_move(params, st, game.text_to_move("c3"))[-1]["kind"] == "place"  # a diagonal is no line


def _walk_steps(rows: int, cols: int, own: int, other: int) -> list[str]:
    """The steps of the pieces ``own`` to empty orthogonal neighbours, as move texts in the machine's order."""
    out = []
    for f in range(rows * cols):
        if own >> f & 1:
            r, c = divmod(f, cols)
            for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
                if 0 <= r + dr < rows and 0 <= c + dc < cols:
                    t = (r + dr) * cols + c + dc
                    if not (own | other) >> t & 1:
                        out.append(f"{chr(97 + c)}{r + 1}-{chr(97 + c + dc)}{r + dr + 1}")
    return out


@pytest.mark.parametrize("rows, cols, pieces", [(3, 3, 3), (4, 5, 6)])
def test_random_games_step_as_the_board_allows_and_end(rows, cols, pieces):
    game = _game(rows, cols, pieces, directions="all")
    params = game.build({}, Limits())
    rng = np.random.default_rng(rows * cols)
    steps_checked = 0
    for seed in range(60):
        st = game.initial(params, seed)
        while game.status(st) == ONGOING:
            legal = game.legal_moves(st)
            spec = game.position_spec(st)
            if spec["phase"] == "movement" and "stage" not in spec and legal[0] != game.text_to_move("pass"):
                me = spec["to_move"] - 1
                board = "".join(reversed(spec["board"]))  # bottom row first
                masks = [sum(1 << i for i, ch in enumerate(board) if ch == s) for s in "xo"]
                assert [game.move_to_text(m) for m in legal] == _walk_steps(rows, cols, masks[me], masks[1 - me])
                steps_checked += 1
            game.apply(params, st, legal[int(rng.integers(len(legal)))])
    assert steps_checked > 100
    rows_out = game.playouts(params, 1, 200)
    assert (rows_out[:, SITES] == rows * cols).all() and (rows_out[:, MOVES] > 0).all()
    assert set(rows_out[:, WINNER]) <= {0, 1, 2} and (rows_out[:, STATUS] != ONGOING).all()
