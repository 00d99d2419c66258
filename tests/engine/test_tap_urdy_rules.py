"""Hand-worked Tap-urdy positions, at least one for every value of every switch.

Holes: a1-a6 are player 1's row (index order = counter-clockwise), b1-b6 player 2's row; b1
faces a6. Each test states the position, the move and the board worked out by hand. Unless a
test says otherwise the switches are the engine's defaults (the archive's ``sources`` ruleset):
enemy-row, counterclockwise, take-up-last, occupied, gap-any, end-move, row-empty-after-move,
unscored, sow-origin, lot, end-game.
"""

from __future__ import annotations

import pytest

import engine

ONES = [1, 1, 1, 1, 1, 1]


def after(state, move):
    state.apply(move)
    return state.board()


# --- tap-urdy.capture and tap-urdy.after-capture -----------------------------------------------

def test_capture_across_the_gap_takes_h_plus_2_and_ends_the_move(tap_urdy_at):
    # b1 (2) -> b2, b3; b3 was occupied, b4 is empty: b5's 3 counters are captured; the move ends.
    s = tap_urdy_at(ONES, [2, 0, 1, 0, 3, 1])
    assert after(s, "b1") == {"a": ONES, "b": [0, 1, 2, 0, 0, 1], "captures": [3, 35]}
    assert s.moves_made == 1 and s.to_move == 2


def test_gap_any_captures_an_empty_h_plus_2_and_that_ends_the_move(tap_urdy_at):
    # b1 (2) -> b2, b3; b4 empty, b5 empty: a capture of nothing, which still ends the move.
    s = tap_urdy_at(ONES, [2, 0, 1, 0, 0, 1], capture="gap-any")
    assert after(s, "b1") == {"a": ONES, "b": [0, 1, 2, 0, 0, 1], "captures": [0, 38]}
    assert s.moves_made == 1


def test_gap_non_empty_does_not_capture_an_empty_hole_so_the_lap_relays(tap_urdy_at):
    # Same position: no capture; b3 was occupied, so relay b3 (2) -> b4, b5; b5 was empty: end.
    s = tap_urdy_at(ONES, [2, 0, 1, 0, 0, 1], capture="gap-non-empty")
    assert after(s, "b1") == {"a": ONES, "b": [0, 1, 0, 1, 1, 1], "captures": [0, 38]}
    assert s.moves_made == 2


def test_continue_relay_goes_on_from_h_after_a_capture(tap_urdy_at):
    # b1 (2) -> b2, b3; capture b5 (3); then relay b3 (2) -> b4, b5 (b5 now empty): end.
    s = tap_urdy_at(ONES, [2, 0, 1, 0, 3, 1], after_capture="continue-relay")
    assert after(s, "b1") == {"a": ONES, "b": [0, 1, 0, 1, 1, 1], "captures": [3, 35]}
    assert s.moves_made == 2


# --- tap-urdy.relay and tap-urdy.relay-condition -----------------------------------------------

def test_take_up_last_relays_the_contents_of_h(tap_urdy_at):
    # b1 (2) -> b2, b3 (occupied, b4 non-empty): take up b3 (2) -> b4, b5; b5 was empty: end.
    s = tap_urdy_at(ONES, [2, 0, 1, 1, 0, 0], relay="take-up-last")
    assert after(s, "b1") == {"a": ONES, "b": [0, 1, 0, 2, 1, 0], "captures": [0, 38]}


def test_pussa_kanawa_relays_the_contents_of_h_plus_1_from_h_plus_2(tap_urdy_at):
    # b1 (2) -> b2, b3 (occupied): take up b4 (1) and sow it into b5, which was empty: end.
    s = tap_urdy_at(ONES, [2, 0, 1, 1, 0, 0], relay="next-hole")
    assert after(s, "b1") == {"a": ONES, "b": [0, 1, 2, 0, 1, 0], "captures": [0, 38]}
    assert s.moves_made == 2


def test_pussa_kanawa_with_an_empty_h_plus_1_has_nothing_to_take_up(tap_urdy_at):
    # b1 (2) -> b2, b3; b4 empty, b5 empty, gap-non-empty: no capture; nothing in b4: the move ends.
    s = tap_urdy_at(ONES, [2, 0, 1, 0, 0, 1], relay="next-hole", capture="gap-non-empty")
    assert after(s, "b1") == {"a": ONES, "b": [0, 1, 2, 0, 0, 1], "captures": [0, 38]}
    assert s.moves_made == 1


def test_next_non_empty_ends_the_move_when_h_plus_1_is_empty(tap_urdy_at):
    # As in the gap-non-empty test, but relaying needs b4 non-empty: the move ends after lap 1.
    s = tap_urdy_at(ONES, [2, 0, 1, 0, 0, 1], capture="gap-non-empty", relay_condition="next-non-empty")
    assert after(s, "b1") == {"a": ONES, "b": [0, 1, 2, 0, 0, 1], "captures": [0, 38]}
    assert s.moves_made == 1


def test_next_non_empty_still_relays_when_h_plus_1_holds_counters(tap_urdy_at):
    s = tap_urdy_at(ONES, [2, 0, 1, 1, 0, 0], relay_condition="next-non-empty")
    assert after(s, "b1") == {"a": ONES, "b": [0, 1, 0, 2, 1, 0], "captures": [0, 38]}


def test_occupied_relays_even_across_an_empty_h_plus_1_when_nothing_is_captured(tap_urdy_at):
    s = tap_urdy_at(ONES, [2, 0, 1, 0, 0, 1], capture="gap-non-empty", relay_condition="occupied")
    assert s.child("b1").moves_made == 2


# --- tap-urdy.direction and tap-urdy.start -----------------------------------------------------

def test_clockwise_from_a_own_row_hole_runs_right_to_left_then_along_b6_to_b1(tap_urdy_at):
    # Own row, clockwise: a2 (3) -> a1, b6, b5 (occupied, b4 non-empty): relay b5 (2) -> b4, b3;
    # relay b3 (2) -> b2, b1; relay b1 (2) -> a6, a5 (was empty): end.
    s = tap_urdy_at([0, 3, 0, 0, 0, 1], ONES, start="own-row", direction="clockwise")
    assert s.legal_moves_text() == ["a2", "a6"]
    assert after(s, "a2") == {"a": [1, 0, 0, 0, 1, 2], "b": [0, 2, 0, 2, 0, 2], "captures": [0, 38]}
    assert s.moves_made == 4


def test_counterclockwise_runs_b6_into_a1(tap_urdy_at):
    # b6 (2) -> a1, a2; a2 was empty: end.
    s = tap_urdy_at([1, 0, 1, 1, 1, 1], [1, 1, 1, 1, 1, 2], direction="counterclockwise")
    assert after(s, "b6") == {"a": [2, 1, 1, 1, 1, 1], "b": [1, 1, 1, 1, 1, 0], "captures": [0, 36]}


def test_clockwise_runs_b1_into_a6(tap_urdy_at):
    # b1 (2) -> a6, a5; a5 was empty: end.
    s = tap_urdy_at([1, 1, 1, 1, 0, 0], [2, 1, 1, 1, 1, 1], direction="clockwise")
    assert after(s, "b1") == {"a": [1, 1, 1, 1, 1, 1], "b": [0, 1, 1, 1, 1, 1], "captures": [0, 37]}


def test_enemy_row_start_offers_the_opponents_non_empty_holes(tap_urdy_at):
    s = tap_urdy_at([1, 0, 2, 0, 0, 1], [0, 3, 0, 1, 0, 2], start="enemy-row")
    assert s.legal_moves_text() == ["b2", "b4", "b6"]
    s2 = tap_urdy_at([1, 0, 2, 0, 0, 1], [0, 3, 0, 1, 0, 2], to_move=2, start="enemy-row")
    assert s2.legal_moves_text() == ["a1", "a3", "a6"]


def test_own_row_start_offers_the_movers_non_empty_holes(tap_urdy_at):
    s = tap_urdy_at([1, 0, 2, 0, 0, 1], [0, 3, 0, 1, 0, 2], start="own-row")
    assert s.legal_moves_text() == ["a1", "a3", "a6"]
    s2 = tap_urdy_at([1, 0, 2, 0, 0, 1], [0, 3, 0, 1, 0, 2], to_move=2, start="own-row")
    assert s2.legal_moves_text() == ["b2", "b4", "b6"]


def test_ludii_reading_first_move_b1_from_the_start():
    # Ludii: player 1 starts, clockwise from the enemy row. b1 (4) -> a6..a3; relay a3 (5) ->
    # a2, a1, b6, b5, b4; relay b4 (5) -> b3, b2, b1, a6, a5; relay a5 (6) -> a4, a3, a2, a1, b6,
    # b5; b4 is empty: capture b3 (5), and the move ends (next-non-empty).
    s = engine.new_game("tap-urdy", switches={
        "start": "enemy-row", "direction": "clockwise", "relay": "take-up-last",
        "relay-condition": "next-non-empty", "capture": "gap-any", "after-capture": "end-move",
        "end": "row-empty-after-lap", "remaining": "owner", "long-lap": "sow-origin",
        "first-player": "player-1", "endless": "end-game"})
    assert s.to_move == 1
    assert after(s, "b1") == {"a": [6, 6, 1, 6, 0, 6], "b": [1, 5, 0, 0, 6, 6], "captures": [5, 0]}
    assert (s.moves_made, s.turns, s.to_move) == (4, 1, 2)


# --- tap-urdy.long-lap -------------------------------------------------------------------------

def test_a_lap_of_12_sows_its_last_counter_into_its_own_emptied_hole(tap_urdy_at):
    # b1 (12): b2-b6, a1-a6 get one each, the 12th falls into b1 (empty): the move ends.
    s = tap_urdy_at([1, 0, 0, 0, 0, 0], [12, 0, 0, 0, 0, 0], long_lap="sow-origin")
    assert after(s, "b1") == {"a": [2, 1, 1, 1, 1, 1], "b": [1, 1, 1, 1, 1, 1], "captures": [0, 35]}
    assert s.moves_made == 1


def test_a_lap_of_12_that_skips_its_hole_lands_in_b2_and_relays(tap_urdy_at):
    # b1 (12) skipping b1: the 12th counter lands in b2 (now 2): relay b2 -> b3, b4; b4 -> b5, b6;
    # b6 -> a1, a2; a2 -> a3, a4; a4 -> a5, a6; b1 is empty: capture b2 (empty, gap-any): end.
    s = tap_urdy_at([1, 0, 0, 0, 0, 0], [12, 0, 0, 0, 0, 0], long_lap="skip-origin")
    assert after(s, "b1") == {"a": [3, 0, 2, 0, 2, 2], "b": [0, 0, 2, 0, 2, 0], "captures": [0, 35]}
    assert s.moves_made == 6


# --- tap-urdy.end and tap-urdy.remaining -------------------------------------------------------

# b6 (1) -> a1 (now 6), b's row is empty after this lap; a2 holds 1: relay a1 (6) -> a2..a6, b1.
LAP_EMPTIES_B = dict(a=[5, 1, 0, 0, 0, 0], b=[0, 0, 0, 0, 0, 1], captures=(20, 21))


def test_row_empty_after_lap_stops_the_game_in_the_middle_of_a_relay(tap_urdy_at):
    s = tap_urdy_at(**LAP_EMPTIES_B, end="row-empty-after-lap", remaining="unscored")
    assert after(s, "b6") == {"a": [6, 1, 0, 0, 0, 0], "b": [0] * 6, "captures": [20, 21]}
    assert s.is_terminal() and s.moves_made == 1
    assert s.result() == engine.result.Result("win", 2, (20, 21))


def test_remaining_owner_scores_the_counters_left_in_each_row(tap_urdy_at):
    s = tap_urdy_at(**LAP_EMPTIES_B, end="row-empty-after-lap", remaining="owner")
    s.apply("b6")
    assert s.result() == engine.result.Result("win", 1, (27, 21))


def test_row_empty_after_move_lets_the_relay_refill_the_row(tap_urdy_at):
    s = tap_urdy_at(**LAP_EMPTIES_B, end="row-empty-after-move")
    assert after(s, "b6") == {"a": [0, 2, 1, 1, 1, 1], "b": [1, 0, 0, 0, 0, 0], "captures": [20, 21]}
    assert not s.is_terminal() and s.to_move == 2 and s.moves_made == 2


# b6 (1) -> a1 (now 3); a2 empty: capture a3 (nothing), end. Player 1's enemy row (b) is empty.
B_EMPTIED = dict(a=[2, 0, 0, 0, 0, 0], b=[0, 0, 0, 0, 0, 1])


def test_row_empty_after_move_ends_the_game_when_a_row_is_empty(tap_urdy_at):
    s = tap_urdy_at(**B_EMPTIED, end="row-empty-after-move")
    assert after(s, "b6") == {"a": [3, 0, 0, 0, 0, 0], "b": [0] * 6, "captures": [0, 45]}
    assert s.result() == engine.result.Result("win", 2, (0, 45))


def test_cannot_move_goes_on_until_the_player_to_move_has_no_move(tap_urdy_at):
    s = tap_urdy_at(**B_EMPTIED, end="cannot-move")
    s.apply("b6")
    assert not s.is_terminal() and s.to_move == 2 and s.legal_moves_text() == ["a1"]
    # a1 (3) -> a2, a3, a4 (a4 was empty): end. Player 1's enemy row is empty: no move, game over.
    assert after(s, "a1") == {"a": [0, 1, 1, 1, 0, 0], "b": [0] * 6, "captures": [0, 45]}
    assert s.is_terminal() and s.legal_moves() == []
    assert s.result() == engine.result.Result("win", 2, (0, 45))


def test_equal_scores_are_a_draw(tap_urdy_at):
    s = tap_urdy_at([2, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1], captures=(22, 23), end="row-empty-after-move")
    s.apply("b6")  # board a1 = 3; scores unscored: 22 - 23
    assert s.result().ending == "win"
    s = tap_urdy_at([2, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1], captures=(23, 23), end="row-empty-after-move")
    s.apply("b6")
    assert s.result() == engine.result.Result("draw", None, (23, 23))


# --- tap-urdy.first-player ---------------------------------------------------------------------

def test_player_1_always_starts_with_player_1():
    game = engine.load_game("tap-urdy", switches={"first-player": "player-1"})
    assert {game.new_state(seed).to_move for seed in range(40)} == {1}


def test_lot_draws_the_first_player_from_the_seed():
    game = engine.load_game("tap-urdy", switches={"first-player": "lot"})
    starters = [game.new_state(seed).to_move for seed in range(40)]
    assert set(starters) == {1, 2}
    assert starters == [game.new_state(seed).to_move for seed in range(40)]


# --- tap-urdy.endless --------------------------------------------------------------------------

# Found by searching random positions: b6 (3) relays for 44 laps and comes back to this very
# position with b6 to be taken up again, so the move can never end.
ENDLESS_AT = dict(a=[1, 0, 2, 1, 0, 3], b=[2, 1, 3, 2, 1, 3])


def test_an_endless_move_ends_the_game_as_endless(tap_urdy_at):
    s = tap_urdy_at(**ENDLESS_AT, endless="end-game")
    assert "b6" in s.legal_moves_text()
    s.apply("b6")
    res = s.result()
    assert res is not None and res.ending == "endless" and res.winner is None
    # The repeat is found at the first configuration that occurred before: the start itself.
    assert s.board() == {"a": [1, 0, 2, 1, 0, 3], "b": [2, 1, 3, 2, 1, 3], "captures": [0, 29]}
    assert s.moves_made == 45


def test_an_endless_move_is_not_legal_when_endless_is_illegal(tap_urdy_at):
    s = tap_urdy_at(**ENDLESS_AT, endless="illegal")
    both = tap_urdy_at(**ENDLESS_AT, endless="end-game")
    assert set(both.legal_moves_text()) - set(s.legal_moves_text()) == {"b6"}
    with pytest.raises(ValueError, match="illegal move 'b6'"):
        s.apply("b6")
    for move in s.legal_moves():
        assert s.child(move).result() is None or s.child(move).result().ending != "endless"


def test_endless_is_detected_by_repetition_not_by_a_lap_count(tap_urdy_at):
    # A long but finite move must not be called endless: the limit on moves would stop it, not a guess.
    s = tap_urdy_at(**ENDLESS_AT, endless="end-game")
    game = engine.load_game("tap-urdy", switches={"endless": "end-game"}, move_limit=30)
    short = game.state_from_position(s.start)
    short.apply("b6")
    assert short.result().ending == "unfinished" and short.moves_made == 30
