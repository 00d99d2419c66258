"""Hand-worked Tsoro (Additional Capture) positions, at least one for every value of every switch.

Holes: player 1's a1-a8 run along their outer row from their left, a9-a16 back along their inner
row (a9 is the right end); player 2's b1-b16 likewise. On the 4 x 8 board, a player's inner hole
k (9-16) faces the opponent's inner hole 25-k and, behind it, the opponent's outer hole k-8 (a9
faces b16 and b1; a10 faces b15 and b2). Each test states the position, the move and the board
worked out by hand. Unless a test says otherwise the switches are the engine's defaults (the
archive's ``sources`` ruleset): 8 holes, 2 extra captures, no heads, capture-all, singletons
capture, a stuck player passes, an endless move ends the game.
"""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.result import Result

GAME = "tsoro-additional-capture"
Z8 = [0] * 8


def at(a: list[int], b: list[int], to_move: int = 1, captures: tuple[int, int] | None = None,
       extra: dict[str, Any] | None = None, **switches: str):
    """A state at this position; unless given, the captures make the total 32 (split evenly)."""
    game = engine.load_game(GAME, switches={k.replace("_", "-"): v for k, v in switches.items()})
    n = len(a) // 2
    if captures is None:
        rest = 4 * n - sum(a) - sum(b)
        captures = (rest - rest // 2, rest // 2)
    spec = {"a": a, "b": b, "captures": list(captures), "to_move": to_move, **(extra or {})}
    return game.state_from_position(spec)


def plain(board: dict[str, Any]) -> dict[str, Any]:
    """A board without the holes laid out for drawing."""
    return {k: v for k, v in board.items() if k != "sites"}


def after(state, *moves: str) -> dict[str, Any]:
    for m in moves:
        state.apply(m)
    return plain(state.board())


# --- column capture and tsoro-additional-capture.extra-captures ---------------------------------

# a7 (2) -> a8, a9; a9 was empty and is an inner hole: b16 (3) is taken, then b1 (2) behind it.
COLUMN = dict(a=Z8[:6] + [2, 0] + Z8[:7] + [1], b=[2, 0, 0, 0, 4, 0, 0, 1] + [0, 1] + [0] * 5 + [3],
              captures=(9, 9))
AFTER_COLUMN = {"a": Z8[:7] + [1] + [1] + [0] * 6 + [1], "b": [0, 0, 0, 0, 4, 0, 0, 1, 0, 1] + [0] * 6,
                "captures": [14, 9]}


def test_column_capture_takes_the_opposite_inner_then_outer_hole_and_extra_captures_follow():
    s = at(**COLUMN, extra_captures="2")
    assert after(s, "a7") == AFTER_COLUMN
    # the same player now chooses the extra holes, one at a time, among player 2's non-empty holes
    assert s.to_move == 1 and s.legal_moves_text() == ["b5", "b8", "b10"]
    assert (s.moves_made, s.turns) == (1, 0)
    assert after(s, "b5")["captures"] == [18, 9]
    assert s.to_move == 1 and s.legal_moves_text() == ["b8", "b10"]
    assert after(s, "b10") == {"a": AFTER_COLUMN["a"], "b": [0] * 7 + [1] + [0] * 8, "captures": [19, 9]}
    # two extra holes taken: the turn is over; player 2's single b8 may move into the empty b9
    assert s.to_move == 2 and s.legal_moves_text() == ["b8"] and (s.moves_made, s.turns) == (3, 1)


def test_one_extra_capture_ends_the_turn_after_one_hole():
    s = at(**COLUMN, extra_captures="1")
    after(s, "a7", "b5")
    assert s.to_move == 2 and s.legal_moves_text() == ["b8", "b10"]  # singles into empty holes
    assert s.board()["captures"] == [18, 9]


def test_three_extra_captures_can_take_the_opponents_last_counters():
    s = at(**COLUMN, extra_captures="3")
    assert after(s, "a7", "b5", "b8", "b10")["b"] == [0] * 16
    assert s.result() == Result("win", 1, (1, 0))
    assert s.board()["captures"] == [20, 9] and (s.moves_made, s.turns) == (4, 1)


def test_the_outer_hole_is_not_taken_without_an_inner_capture():
    # b16 empty: a9 captures nothing, although b1 holds 2; the turn ends.
    b = [2, 0, 0, 0, 4, 0, 0, 1] + [0, 1] + [0] * 6
    s = at(COLUMN["a"], b)
    assert after(s, "a7")["b"] == b and s.to_move == 2 and s.moves_made == 1


# --- sowing: relays, long laps, single counters --------------------------------------------------

def test_ludii_first_move_a1_relays_twice_and_ends_in_an_empty_inner_hole():
    # a1 (2) -> a2, a3 (occupied: 3); relay a3 -> a4, a5, a6 (3); relay a6 -> a7, a8, a9; a9 was
    # empty, but b16 is empty: no capture, the turn ends.
    s = engine.new_game(GAME, ruleset="ludii")
    assert s.legal_moves_text() == [f"a{k}" for k in range(1, 9)]
    assert after(s, "a1") == {"a": [0, 3, 0, 3, 3, 0, 3, 3, 1] + [0] * 7, "b": [2] * 8 + Z8, "captures": [0, 0]}
    assert (s.moves_made, s.turns, s.to_move) == (3, 1, 2)


def test_a_lap_of_2n_counters_sows_its_own_starting_hole():
    # a1 (16): a2..a16 get one each, the 16th falls into a1, emptied a moment ago: the turn ends.
    s = at([16] + [0] * 15, [2] * 8 + Z8, captures=(0, 0))
    assert after(s, "a1")["a"] == [1] * 16 and s.moves_made == 1 and s.to_move == 2


def test_a_single_counter_moves_only_if_no_hole_holds_two_and_only_into_an_empty_hole():
    # a1 -> a2 is occupied, a16 -> a1 is occupied: only a2 (-> a3, empty) may move.
    s = at([1, 1] + [0] * 13 + [1], [2] * 8 + Z8)
    assert s.legal_moves_text() == ["a2"]
    assert after(s, "a2")["a"] == [1, 0, 1] + [0] * 12 + [1] and s.to_move == 2
    s = at([1, 1, 0, 0, 2] + [0] * 10 + [1], [2] * 8 + Z8)
    assert s.legal_moves_text() == ["a5"]


def test_board_width_six():
    # 4 x 6: player 1's holes a1-a12; a6 (2) -> a7, a8. a8 faces b11 (inner) and b2 (outer).
    s = at([0, 0, 0, 0, 0, 2] + [0] * 6, [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0], captures=(10, 9), holes="6")
    assert s.legal_moves_text() == ["a6"]
    assert after(s, "a6") == {"a": [0] * 6 + [1, 1] + [0] * 4, "b": [0] * 12, "captures": [13, 9]}
    assert s.result() == Result("win", 1, (1, 0))


@pytest.mark.parametrize("n", [str(k) for k in range(6, 22)])
def test_every_board_width_starts_with_two_counters_in_each_outer_hole(n):
    s = engine.new_game(GAME, switches={"holes": n})
    k = int(n)
    assert plain(s.board()) == {"a": [2] * k + [0] * k, "b": [2] * k + [0] * k, "captures": [0, 0]}
    assert s.legal_moves_text() == [f"a{i}" for i in range(1, k + 1)]


# --- tsoro-additional-capture.singleton-capture --------------------------------------------------

SINGLE = dict(a=Z8[:7] + [1] + Z8, b=[1, 0, 0, 0, 3, 0, 0, 0] + [0] * 7 + [2], captures=(10, 15))


def test_a_single_counter_captures_when_singleton_capture_is_yes():
    # a8 (1) -> a9, empty: b16 (2) and b1 (1) are taken, then an extra capture of b5.
    s = at(**SINGLE, singleton_capture="yes")
    assert after(s, "a8") == {"a": Z8 + [1] + [0] * 7, "b": [0, 0, 0, 0, 3] + [0] * 11, "captures": [13, 15]}
    assert s.to_move == 1 and s.legal_moves_text() == ["b5"]


def test_a_single_counter_never_captures_when_singleton_capture_is_no():
    s = at(**SINGLE, singleton_capture="no")
    assert after(s, "a8") == {"a": Z8 + [1] + [0] * 7, "b": SINGLE["b"], "captures": [10, 15]}
    assert s.to_move == 2


# --- tsoro-additional-capture.heads --------------------------------------------------------------

# a6 (2) -> a7, a8; a8 (player 1's head: the rightmost hole of their outer row) held 1.
HEAD = dict(a=[0, 0, 0, 0, 0, 2, 0, 1] + Z8, b=[2] + [0] * 13 + [3, 0], captures=(12, 12))


def test_a_lap_ending_in_an_occupied_head_lets_the_player_stop():
    s = at(**HEAD, heads="stop-hole")
    assert after(s, "a6")["a"] == [0, 0, 0, 0, 0, 0, 1, 2] + Z8
    assert s.to_move == 1 and s.legal_moves_text() == ["a8", "stop"]
    assert after(s, "stop")["a"] == [0, 0, 0, 0, 0, 0, 1, 2] + Z8
    assert s.to_move == 2 and (s.moves_made, s.turns) == (2, 1)


def test_relaying_from_the_head_goes_on_as_usual():
    # a8 (2) -> a9, a10; a10 empty: b15 (3) is taken (b2, behind it, is empty); extra: b1.
    s = at(**HEAD, heads="stop-hole")
    assert after(s, "a6", "a8") == {"a": [0] * 6 + [1, 0, 1, 1] + [0] * 6, "b": [2] + [0] * 15, "captures": [15, 12]}
    assert s.to_move == 1 and s.legal_moves_text() == ["b1"]


def test_without_heads_the_same_lap_relays_at_once():
    s = at(**HEAD, heads="none")
    assert after(s, "a6") == {"a": [0] * 6 + [1, 0, 1, 1] + [0] * 6, "b": [2] + [0] * 15, "captures": [15, 12]}
    assert s.moves_made == 2


def test_misoro_are_chosen_in_turn_before_the_first_sowing():
    s = engine.new_game(GAME, switches={"heads": "immune"})
    assert s.to_move == 1 and s.legal_moves_text() == [f"a{k}" for k in range(1, 9)]
    s.apply("a3")
    assert s.to_move == 2 and s.legal_moves_text() == [f"b{k}" for k in range(1, 9)]
    s.apply("b2")
    assert s.legal_moves_text() == ["a1", "a2", "a4", "a5", "a6", "a7", "a8"]
    s.apply("a5")
    s.apply("b7")
    assert s.to_move == 1 and s.legal_moves_text() == [f"a{k}" for k in range(1, 9)]
    assert s.board()["misoro"] == {"a": ["a3", "a5"], "b": ["b2", "b7"]}
    assert (s.turns, s.moves_made) == (4, 4)


def test_misoro_are_safe_from_extra_captures_but_not_from_the_column_capture():
    s = at(**COLUMN, extra={"misoro": {"a": ["a1", "a2"], "b": ["b5", "b8"]}}, heads="immune")
    after(s, "a7")
    assert s.legal_moves_text() == ["b10"]
    s.apply("b10")  # one extra hole left to take, but nothing unprotected: the turn ends
    assert s.to_move == 2 and s.board()["b"] == [0, 0, 0, 0, 4, 0, 0, 1] + [0] * 8
    s = at(**COLUMN, extra={"misoro": {"a": ["a1", "a2"], "b": ["b1", "b5"]}}, heads="immune")
    assert after(s, "a7")["b"][0] == 0  # b1, a misoro, went with the column capture
    assert s.legal_moves_text() == ["b8", "b10"]


def test_a_lap_ending_in_an_occupied_misoro_may_stop_there():
    s = at(**HEAD, extra={"misoro": {"a": ["a3", "a8"], "b": ["b1", "b2"]}}, heads="immune")
    after(s, "a6")
    assert s.legal_moves_text() == ["a8", "stop"]


# --- tsoro-additional-capture.end and tsoro-additional-capture.no-move ---------------------------

# Player 2 has sixteen single counters, each followed by an occupied hole: no legal move.
STUCK = dict(a=[0] * 15 + [2], b=[1] * 16, to_move=2, captures=(0, 14))


def test_a_stuck_player_passes_when_no_move_is_pass():
    s = at(**STUCK, end="capture-all", no_move="pass")
    assert s.legal_moves_text() == ["pass"]
    s.apply("pass")
    assert s.to_move == 1 and s.legal_moves_text() == ["a16"] and (s.turns, s.moves_made) == (1, 1)


def test_a_stuck_player_loses_when_no_move_is_lose():
    s = at(**STUCK, end="capture-all", no_move="lose")
    assert s.result() == Result("win", 1, (1, 0)) and s.legal_moves() == []


def test_a_stuck_player_loses_when_the_game_ends_on_no_move():
    s = at(**STUCK, end="cannot-move", no_move="pass")
    assert s.result() == Result("win", 1, (1, 0))


def test_two_passes_in_a_row_are_a_draw():
    s = at([1] * 16, [1] * 16, captures=(0, 0))
    after(s, "pass")
    assert s.legal_moves_text() == ["pass"]
    after(s, "pass")
    assert s.result() == Result("draw", None, (0, 0)) and (s.turns, s.moves_made) == (2, 2)


def test_capture_all_ends_the_game_when_the_column_capture_takes_the_last_counters():
    # a7 -> a8, a9: b16 and b1 are all player 2 has left: player 1 wins before any extra capture.
    s = at(COLUMN["a"], [2] + [0] * 14 + [3], end="capture-all")
    s.apply("a7")
    assert s.result() == Result("win", 1, (1, 0)) and s.moves_made == 1


def test_cannot_move_waits_for_the_stripped_player_to_be_unable_to_move():
    s = at(COLUMN["a"], [2] + [0] * 14 + [3], end="cannot-move")
    s.apply("a7")  # no hole left to take: the turn ends; player 2 cannot move and loses
    assert s.result() == Result("win", 1, (1, 0)) and s.turns == 1


# --- tsoro-additional-capture.endless ------------------------------------------------------------

# Found in random play (ludii ruleset): a6 relays for 104 laps and comes back to this position with
# a6 to be taken up again, so the move can never end.
ENDLESS_AT = dict(a=[0, 2, 1, 0, 1, 2, 0, 2, 1, 0, 1, 2, 1, 0, 2, 1], b=[0] * 7 + [1] + Z8, captures=(15, 0))


def test_an_endless_move_ends_the_game_as_endless():
    s = at(**ENDLESS_AT, endless="end-game")
    assert "a6" in s.legal_moves_text()
    s.apply("a6")
    assert s.result() == Result("endless", None, (0, 0))
    assert plain(s.board()) == {"a": ENDLESS_AT["a"], "b": ENDLESS_AT["b"], "captures": [15, 0]}
    assert s.moves_made == 104


def test_an_endless_move_is_not_legal_when_endless_is_illegal():
    s = at(**ENDLESS_AT, endless="illegal")
    both = at(**ENDLESS_AT, endless="end-game")
    assert set(both.legal_moves_text()) - set(s.legal_moves_text()) == {"a6"}
    with pytest.raises(ValueError, match="illegal move 'a6'"):
        s.apply("a6")


def test_endless_is_detected_by_repetition_not_by_a_lap_count():
    game = engine.load_game(GAME, move_limit=60)
    s = game.state_from_position({**ENDLESS_AT, "captures": [15, 0], "to_move": 1})
    s.apply("a6")
    assert s.result().ending == "unfinished" and s.moves_made == 60


# --- positions -----------------------------------------------------------------------------------

def test_position_spec_round_trips_mid_turn_states():
    s = at(**COLUMN, extra_captures="3")
    s.apply("a7")
    spec = s.game.rules.position_spec(s._st)
    assert spec["extra_captures"] == 3 and spec["to_move"] == 1
    again = s.game.state_from_position(spec)
    assert again.legal_moves() == s.legal_moves() and again.board() == s.board()
    h = at(**HEAD, heads="stop-hole")
    h.apply("a6")
    spec = h.game.rules.position_spec(h._st)
    assert spec["stop_at"] == "a8"
    assert h.game.state_from_position(spec).legal_moves_text() == ["a8", "stop"]


@pytest.mark.parametrize("bad, message", [
    ({"a": [0] * 15}, "must list 16 counts"),
    ({"captures": [1]}, "captures"),
    ({"to_move": 3}, "to_move"),
    ({"misoro": {"a": ["a1"]}}, "only with"),
    ({"stop_at": "a8"}, "stop_at"),
    ({"extra_captures": -1}, "extra_captures"),
    ({"colour": 1}, "unknown position field"),
])
def test_malformed_positions_raise(bad, message):
    game = engine.load_game(GAME)
    spec = {"a": [2] * 8 + Z8, "b": [2] * 8 + Z8, "captures": [0, 0], "to_move": 1, **bad}
    with pytest.raises(ValueError, match=message):
        game.state_from_position(spec)


def test_ludii_ruleset_is_ludiis_reading():
    assert engine.resolve(GAME, ruleset="ludii") == {
        "tsoro-additional-capture.holes": "8",
        "tsoro-additional-capture.extra-captures": "3",
        "tsoro-additional-capture.heads": "none",
        "tsoro-additional-capture.end": "capture-all",
        "tsoro-additional-capture.singleton-capture": "yes",
        "tsoro-additional-capture.no-move": "pass",
        "tsoro-additional-capture.endless": "end-game",
        "tsoro-additional-capture.first-player": "player-1",
    }
