"""Hand-worked Tauru positions, at least one for every value of every switch.

Boards are drawn as ``render`` draws them: row 5 at the top, columns a-f, ``x`` player 1,
``o`` player 2, ``.`` an empty point. Unless a test says otherwise the switches are the
engine's defaults (the archive's ``sources`` ruleset): placement-lines capture, long-lines
count, directions orthogonal, removal any, standing-line re-formed, last-capture
last-capturer, no-move pass, per-turn one, first-player player-1, repetition ignored.
"""

from __future__ import annotations

import pytest

import engine
from engine.game import State


def at(board: str, hands: tuple[int, int] = (0, 0), to_move: int = 1, **switches: str) -> State:
    """A Tauru state at a drawn position (extra position fields with a ``pos_`` prefix)."""
    extra = {k[4:]: v for k, v in switches.items() if k.startswith("pos_")}
    values = {k.replace("_", "-"): v for k, v in switches.items() if not k.startswith("pos_")}
    game = engine.load_game("tauru", switches=values)
    return game.state_from_position({"board": board, "hands": list(hands), "to_move": to_move, **extra})


def rows(state: State) -> list[str]:
    return state.board()["rows"]


def placements_but(state: State, *excluded: str) -> list[str]:
    """Every empty point of ``state`` except ``excluded``, in move order."""
    rows_ = rows(state)
    empty = [f"{'abcdef'[c]}{5 - i}" for i, row in enumerate(rows_) for c, ch in enumerate(row) if ch == "."]
    return sorted((p for p in empty if p not in excluded), key=lambda p: (int(p[1]), p[0]))


# --- tauru.placement-lines ---------------------------------------------------------------------

TWO_IN_A_ROW = """
5 . . . . . .
4 . . . . . .
3 . . . . . .
2 . o . . o .
1 x x . . . .
  a b c d e f
"""


def test_placement_capture_a_placed_line_removes_an_enemy_piece_as_a_second_decision():
    s = at(TWO_IN_A_ROW, (10, 10), placement_lines="capture")
    s.apply("c1")  # a1-b1-c1
    assert s.to_move == 1 and s.legal_moves_text() == ["xb2", "xe2"]
    assert (s.turns, s.moves_made) == (0, 1)
    s.apply("xe2")
    assert rows(s)[3:] == [".o....", "xxx..."]
    assert s.board()["captures"] == [1, 0] and s.to_move == 2 and (s.turns, s.moves_made) == (1, 2)


def test_placement_ignored_a_placed_line_captures_nothing():
    s = at(TWO_IN_A_ROW, (10, 10), placement_lines="ignored")
    s.apply("c1")
    assert s.to_move == 2 and s.board()["captures"] == [0, 0]
    assert s.legal_moves_text() == placements_but(s)


def test_placement_forbidden_a_line_forming_placement_is_illegal():
    s = at(TWO_IN_A_ROW, (10, 10), placement_lines="forbidden")
    assert s.legal_moves_text() == placements_but(s, "c1")
    with pytest.raises(ValueError, match="illegal move 'c1'"):
        s.apply("c1")


# Every empty point makes a line for x: x (2 in hand) must pass while o (1 in hand) can place;
# then neither can, and the movement phase begins with x's two pieces still in hand.
NO_PLACE_FOR_X = """
5 x . x x . x
4 x . x x . x
3 . o . . o .
2 x x . o o o
1 o o o o o o
  a b c d e f
"""


def test_placement_forbidden_a_player_who_cannot_place_passes_and_movement_begins_when_neither_can():
    s = at(NO_PLACE_FOR_X, (2, 1), placement_lines="forbidden")
    assert s.legal_moves_text() == ["pass"]
    s.apply("pass")
    # o may not make d1-d2-d3, e2-e3-e4 or f1-f2-f3 (nor c2: c2-d2-e2-f2)
    assert s.to_move == 2 and s.legal_moves_text() == ["a3", "c3", "b4", "b5", "e5"]
    s.apply("e5")
    assert s.to_move == 1 and s.board()["phase"] == "movement" and s.board()["hands"] == [2, 0]
    assert all("-" in m for m in s.legal_moves_text())


# --- tauru.long-lines --------------------------------------------------------------------------

FOUR_AND_THREE = """
5 . . . . . .
4 . . . . . .
3 . . x . . .
2 . . x . o .
1 x x . x o .
  a b c d e f
"""


def test_long_lines_count_a_run_of_four_captures():
    s = at(FOUR_AND_THREE.replace("3 . . x", "3 . . .").replace("2 . . x", "2 . . ."), (9, 10))
    events = s.apply_traced("c1")  # a1-b1-c1-d1
    assert [e["points"] for e in events if e["kind"] == "line"] == [["a1", "b1", "c1", "d1"]]
    assert s.legal_moves_text() == ["xe1", "xe2"]


def test_long_lines_ignored_only_an_exact_three_captures():
    s = at(FOUR_AND_THREE, (7, 10), long_lines="ignored")
    events = s.apply_traced("c1")  # the row a1-d1 (four) does not count; the column c1-c3 does
    assert [(e["points"], e["captures"]) for e in events if e["kind"] == "line"] == [(["c1", "c2", "c3"], True)]
    assert s.legal_moves_text() == ["xe1", "xe2"]
    alone = at(FOUR_AND_THREE.replace("3 . . x", "3 . . .").replace("2 . . x", "2 . . ."), (9, 10),
               long_lines="ignored")
    alone.apply("c1")  # only the run of four: legal, but it captures nothing
    assert alone.to_move == 2 and alone.board()["captures"] == [0, 0]


MOVING_INTO_FOUR = """
5 . . . . . .
4 . . . . . .
3 . . . . . .
2 . . x . . o
1 x x . x . o
  a b c d e f
"""


def test_long_lines_forbidden_no_placement_or_step_makes_four():
    s = at(FOUR_AND_THREE, (7, 10), long_lines="forbidden")
    assert "c1" not in s.legal_moves_text() and "c4" in s.legal_moves_text()
    count = at(MOVING_INTO_FOUR, long_lines="count")
    forbidden = at(MOVING_INTO_FOUR, long_lines="forbidden")
    assert "c2-c1" in count.legal_moves_text()
    assert set(count.legal_moves_text()) - set(forbidden.legal_moves_text()) == {"c2-c1"}
    forbidden.apply("d1-c1")  # d1 leaves: a1-b1-c1 is a line of three, legal, and it captures
    assert forbidden.legal_moves_text() == ["xf1", "xf2"]


# --- tauru.directions --------------------------------------------------------------------------

DIAGONALS = """
5 . . . . . .
4 . . . . . .
3 . . . . . .
2 . x . . x .
1 x . . . o x
  a b c d e f
"""


def test_directions_orthogonal_a_diagonal_is_no_line():
    s = at(DIAGONALS, (8, 11), directions="orthogonal")
    s.apply("c3")
    assert s.to_move == 2


@pytest.mark.parametrize("point", ["c3", "d3"])  # a1-b2-c3, and f1-e2-d3 the other way
def test_directions_all_diagonals_make_lines(point):
    s = at(DIAGONALS, (8, 11), directions="all")
    s.apply(point)
    assert s.to_move == 1 and s.legal_moves_text() == ["xe1"]


# --- tauru.removal -----------------------------------------------------------------------------

ENEMY_LINE = """
5 o . . . . .
4 . . . . . .
3 . . . o o o
2 . . . . . .
1 x x . . . .
  a b c d e f
"""


def test_removal_any_enemy_piece():
    s = at(ENEMY_LINE, (10, 8), removal="any")
    s.apply("c1")
    assert s.legal_moves_text() == ["xd3", "xe3", "xf3", "xa5"]


def test_removal_not_in_line_spares_the_pieces_of_an_enemy_line():
    s = at(ENEMY_LINE, (10, 8), removal="not-in-line")
    s.apply("c1")
    assert s.legal_moves_text() == ["xa5"]
    none_free = at(ENEMY_LINE.replace("5 o", "5 ."), (10, 9), removal="not-in-line")
    none_free.apply("c1")  # every enemy piece stands in a line: nothing is removed
    assert none_free.to_move == 2 and none_free.board()["captures"] == [0, 0]


def test_removal_not_in_line_with_long_lines_ignored_a_run_of_four_is_no_line():
    s = at(ENEMY_LINE.replace("3 . . . o", "3 . . o o"), (10, 7), removal="not-in-line", long_lines="ignored")
    s.apply("c1")
    assert s.legal_moves_text() == ["xc3", "xd3", "xe3", "xf3", "xa5"]


NEXT_TO = """
5 . . . . . o
4 . . . . . .
3 . . . . . .
2 o . . . . .
1 x x . o . .
  a b c d e f
"""


def test_removal_next_to_line_only_a_piece_bordering_the_line():
    s = at(NEXT_TO, (10, 9), removal="next-to-line")
    s.apply("c1")  # a2 borders a1, d1 borders c1; f5 is far away
    assert s.legal_moves_text() == ["xd1", "xa2"]
    far = at(NEXT_TO.replace("2 o", "2 .").replace("o . .\n", ". . .\n"), (10, 11), removal="next-to-line")
    far.apply("c1")  # no enemy piece borders the line: the line-maker is out of luck
    assert far.to_move == 2 and far.board()["captures"] == [0, 0]


# --- tauru.standing-line -----------------------------------------------------------------------

STANDING = """
5 . . . . . o
4 . . . . . o
3 . . . . . o
2 . . . x . .
1 x x x . . .
  a b c d e f
"""


def test_standing_line_re_formed_away_and_back_captures_again():
    s = at(STANDING, standing_line="re-formed")
    for move in ("c1-c2", "f5-e5"):  # x breaks the line (no capture); o moves away from its own
        s.apply(move)
        assert s.board()["captures"] == [9, 8]  # (a set-up position: pieces missing count as taken)
    s.apply("c2-c1")
    assert s.legal_moves_text() == ["xf3", "xf4", "xe5"]
    s.apply("xe5")
    for move in ("f4-e4", "c1-c2", "e4-d4", "c2-c1"):  # and again
        s.apply(move)
    assert s.to_move == 1 and s.legal_moves_text() == ["xf3", "xd4"]


def test_standing_line_new_only_a_line_captures_once_on_the_same_points():
    s = at(STANDING, standing_line="new-only")
    for move in ("c1-c2", "f5-e5", "c2-c1"):
        s.apply(move)
    assert s.legal_moves_text() == ["xf3", "xf4", "xe5"]  # the first time on a1-b1-c1 it captures
    s.apply("xe5")
    assert s.game.rules.position_spec(s._st)["recorded_lines"] == [[["a1", "b1", "c1"]], []]
    for move in ("f4-e4", "c1-c2", "e4-d4", "c2-c1"):
        s.apply(move)
    assert s.to_move == 2 and s.board()["captures"] == [10, 8]  # the same points: nothing


def test_standing_line_new_only_a_line_on_new_points_captures():
    s = at(STANDING, standing_line="new-only", pos_recorded_lines=[[["a1", "b1", "c1"]], []])
    s.apply("d2-d1")  # a1-b1-c1-d1: a new set of points
    assert s.legal_moves_text() == ["xf3", "xf4", "xf5"]
    s.apply("xf5")
    assert s.game.rules.position_spec(s._st)["recorded_lines"] == [[["a1", "b1", "c1"], ["a1", "b1", "c1", "d1"]], []]


# --- tauru.last-capture ------------------------------------------------------------------------

THREE_LEFT = """
5 . . . . . .
4 . . . . . .
3 . . . . . .
2 . . . . o o
1 x x . . . o
  a b c d e f
"""


@pytest.mark.parametrize("rule", ["two-left", "no-line-possible"])
def test_last_capture_fewer_than_three_loses_after_the_turn(rule):
    s = at(THREE_LEFT, (1, 0), last_capture=rule)
    s.apply("c1")
    assert not s.is_terminal()  # the removal is part of the turn
    s.apply("xf1")
    assert s.is_terminal() and s.result().ending == "win" and s.result().winner == 1
    assert s.scores() == (1, 0)


@pytest.mark.parametrize("rule", ["last-capturer", "capture-all"])
def test_last_capture_with_two_left_the_game_goes_on(rule):
    s = at(THREE_LEFT, (1, 0), last_capture=rule)
    s.apply("c1")
    s.apply("xf1")
    assert not s.is_terminal() and s.to_move == 2


@pytest.mark.parametrize("rule", ["last-capturer", "capture-all"])
def test_last_capture_taking_the_last_piece_wins(rule):
    s = at(THREE_LEFT.replace("2 . . . . o o", "2 . . . . . ."), (1, 0), last_capture=rule)
    s.apply("c1")
    s.apply("xf1")
    assert s.is_terminal() and s.result().winner == 1


BOTH_FEW = """
5 . . . . . .
4 . . . . . o
3 . . . . . .
2 . . . . . o
1 x . . . . .
  a b c d e f
"""


def test_last_capturer_both_below_three_ends_the_game_and_the_last_capturer_wins():
    s = at(BOTH_FEW, pos_last_capturer=1, last_capture="last-capturer")
    assert s.is_terminal() and s.result().ending == "win" and s.result().winner == 1  # fewer pieces, still wins
    s = at(BOTH_FEW, pos_last_capturer=2, last_capture="last-capturer")
    assert s.result().winner == 2


def test_last_capturer_with_no_capture_made_is_a_draw():
    s = at(BOTH_FEW, last_capture="last-capturer")
    assert s.is_terminal() and s.result().ending == "draw" and s.scores() == (0, 0)


def test_capture_all_pieces_in_hand_still_count():
    s = at(BOTH_FEW.replace("4 . . . . . o", "4 . . . . . .").replace("2 . . . . . o", "2 . . . . . ."),
           (0, 1), last_capture="capture-all")
    assert not s.is_terminal() and s.to_move == 1


def test_last_capturer_and_capture_all_decide_every_game_from_the_start_alike():
    # A capture needs three pieces on the board and pieces are lost only by capture, so both
    # players falling below three cannot happen in play: the game ends when one has no piece.
    from engine.playout import run

    a = engine.load_game("tauru", ruleset="sources")
    b = engine.load_game("tauru", ruleset="sources", switches={"last-capture": "capture-all"})
    assert (run(a, 300, 3) == run(b, 300, 3)).all()


# --- tauru.no-move -----------------------------------------------------------------------------

BLOCKED = """
5 . . . . . .
4 . . . . . .
3 o . . . . .
2 x o . . . .
1 x x o . . .
  a b c d e f
"""


def test_no_move_pass_the_blocked_player_passes():
    s = at(BLOCKED, no_move="pass")
    assert s.board()["phase"] == "movement" and s.legal_moves_text() == ["pass"]
    s.apply("pass")
    assert s.to_move == 2 and (s.turns, s.moves_made) == (1, 1) and not s.is_terminal()
    s.apply("a3-a4")
    assert s.legal_moves_text() == ["a2-a3"]


def test_no_move_pass_two_passes_in_a_row_are_a_draw():
    s = at(BLOCKED, no_move="pass", pos_passes=1)  # the opponent passed last turn
    s.apply("pass")
    assert s.is_terminal() and s.result().ending == "draw" and s.result().winner is None


def test_no_move_lose_the_blocked_player_loses():
    s = at(BLOCKED, no_move="lose")
    assert s.is_terminal() and s.result().ending == "win" and s.result().winner == 2


# --- tauru.per-turn ----------------------------------------------------------------------------

def test_per_turn_one_places_one_piece_a_turn():
    s = engine.new_game("tauru", switches={"per-turn": "one"})
    s.apply("a1")
    assert s.to_move == 2 and s.turns == 1


def test_per_turn_two_places_two_pieces_a_turn_as_two_decisions():
    s = engine.new_game("tauru", switches={"per-turn": "two"})
    s.apply("a1")
    assert s.to_move == 1 and (s.turns, s.moves_made) == (0, 1) and "a1" not in s.legal_moves_text()
    s.apply("b1")
    assert s.to_move == 2 and (s.turns, s.moves_made) == (1, 2)
    s.apply("a5")
    s.apply("b5")
    assert s.to_move == 1 and s.board()["hands"] == [10, 10]


TWO_LINES_IN_A_TURN = """
5 . . . . . .
4 . . . . x .
3 . . . . x .
2 . o . . . o
1 x x . . . .
  a b c d e f
"""


def test_per_turn_two_a_turn_removes_one_piece_at_most():
    s = at(TWO_LINES_IN_A_TURN, (8, 10), per_turn="two")
    s.apply("c1")
    assert s.legal_moves_text() == ["xb2", "xf2"]
    s.apply("xb2")
    assert s.to_move == 1  # the second placement of the turn
    s.apply("e5")  # e3-e4-e5: a line, but this turn has removed a piece already
    assert s.to_move == 2 and s.board()["captures"] == [1, 0] and s.turns == 1


def test_per_turn_two_a_last_piece_in_hand_is_placed_alone():
    s = at(TWO_LINES_IN_A_TURN, (1, 10), per_turn="two")
    s.apply("a3")
    assert s.to_move == 2 and s.board()["hands"] == [0, 10]


# --- tauru.first-player ------------------------------------------------------------------------

def test_first_player_player_1_always_starts():
    game = engine.load_game("tauru", switches={"first-player": "player-1"})
    assert {game.new_state(seed).to_move for seed in range(40)} == {1}


def test_first_player_lot_draws_from_the_games_seed():
    game = engine.load_game("tauru", switches={"first-player": "lot"})
    firsts = [game.new_state(seed).to_move for seed in range(40)]
    assert set(firsts) == {1, 2}
    assert firsts == [game.new_state(seed).to_move for seed in range(40)]


# --- tauru.repetition --------------------------------------------------------------------------

SHUTTLE = """
5 . o . o . o
4 . . . . . .
3 . . . . . .
2 . . . . . .
1 x . x . x .
  a b c d e f
"""


def test_repetition_ignored_positions_repeat_freely():
    s = at(SHUTTLE, repetition="ignored")
    for move in ("a1-a2", "b5-b4", "a2-a1", "b4-b5") * 3:
        s.apply(move)
    assert not s.is_terminal()


def test_repetition_ends_game_when_a_position_occurs_a_second_time():
    s = at(SHUTTLE, repetition="ends-game")
    for move in ("a1-a2", "b5-b4", "a2-a1"):
        s.apply(move)
        assert not s.is_terminal()
    s.apply("b4-b5")  # the start position again, x to move
    res = s.result()
    assert res.ending == "repetition" and res.winner is None and s.scores() == (0, 0) and s.turns == 4


def test_repetition_of_a_position_other_than_the_start():
    s = at(SHUTTLE, repetition="ends-game")
    for move in ("a1-a2", "b5-b4", "a2-a1", "b4-b3", "c1-c2", "b3-b4"):
        s.apply(move)
        assert not s.is_terminal()
    s.apply("c2-c1")  # the position after a2-a1 (turn 3), o to move again
    assert s.result().ending == "repetition" and s.turns == 7


# --- Ludii's reading ---------------------------------------------------------------------------

def test_ludii_a_diagonal_line_while_placing_captures_from_the_start():
    s = engine.new_game("tauru", ruleset="ludii")
    for move in ("a1", "f5", "b2", "f4", "c3"):
        s.apply(move)
    assert s.to_move == 1 and s.legal_moves_text() == ["xf4", "xf5"]
    s.apply("xf4")
    assert s.to_move == 2 and (s.turns, s.moves_made) == (5, 6)


def test_ludii_a_player_down_to_two_pieces_loses():
    s = at(THREE_LEFT, (1, 0), directions="all", last_capture="two-left")
    s.apply("c1")
    s.apply("xe2")
    assert s.result().winner == 1


def test_the_turn_limit_stops_a_game_unfinished():
    game = engine.load_game("tauru", ruleset="ludii", turn_limit=10)
    s = game.new_state(0)
    for _ in range(200):
        if s.is_terminal():
            break
        s.apply(s.legal_moves()[0])
    assert s.result().ending == "unfinished" and s.turns == 10 and s.result().winner is None
