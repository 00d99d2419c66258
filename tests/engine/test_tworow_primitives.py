"""The two-row sowing machine's rules for the two-row family (Oware's capture by count with its
backward chain, the grand slam, feeding, the end by majority and by repetition; Kalah's stores in
the circuit, the store turn and the capture from an empty own hole), each on a small description
written here (2 x 6, no archive game's), with positions worked by hand showing it do what its
module's docstring says (engine.mancala.rules, engine.mancala.machine.two_rows).

Holes: a1..a6 are player 1's row from their left, b1..b6 player 2's from their left; sowing
counter-clockwise goes a1 -> a6 -> b1 -> b6 -> a1. Hole a(k) faces b(7 - k).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.game import Game, Limits
from engine.mancala.tworow_rules import SowingGame
from schema.sowing import SowingDescription

OWARE = {
    "min_counters": 1, "start_row": "own", "direction": "counterclockwise", "sow_through": "both-rows",
    "relay": "single", "capture": "count", "capture_counts": [2, 3], "capture_row": "opponent",
    "capture_chain": "backward", "grand_slam": "capture-all", "feeding": "none", "long_lap": "skip-origin",
    "captured_to": "store", "decided_by": "count", "end": "cannot-move", "remaining": "owner",
    "first_player": "player-1", "endless": "end-game",
}
"""An Oware-like game: one lap a move, the hole of the last counter taken with 2 or 3 in the
opponent's row, and the holes before it while they hold 2 or 3."""

KALAH = {
    "min_counters": 1, "start_row": "own", "direction": "counterclockwise", "sow_through": "both-rows",
    "relay": "single", "capture": "own-empty-opposite", "capture_empty": False, "store_sowing": "own-store",
    "store_turn": "again", "captured_to": "store", "decided_by": "count", "end": "row-empty-after-move",
    "remaining": "owner", "first_player": "player-1", "endless": "end-game",
}
"""A Kalah-like game: stores in the circuit, a last counter in the store moves again, one in an
empty own hole takes the opposite hole with it."""


def describe(rules: dict[str, Any], counters: int = 4) -> SowingDescription:
    return SowingDescription.model_validate({
        "game": "two-row-test", "board": {"rows": 2, "holes_per_row": 6, "stores": True},
        "setup": {"counters_per_hole": counters}, "rules": rules, "switches": []})


def at(rules: dict[str, Any], a: list[int], b: list[int], to_move: int = 1, captures: tuple[int, int] = (0, 0)):
    game = Game(SowingGame(describe(rules), "test"), {}, limits=Limits())
    return game.state_from_position({"a": a, "b": b, "captures": list(captures), "to_move": to_move})


def board(state) -> dict[str, Any]:
    return state.board()


def test_a_count_capture_takes_the_landing_hole_and_chains_backward_while_holes_hold_two_or_three():
    # a5 (3): a6, b1 (1 -> 2), b2 (2 -> 3): b2 holds 3, b1 holds 2: both taken; the chain stops at a6 (own row).
    s = at(OWARE, [1, 1, 1, 1, 3, 0], [1, 2, 4, 1, 1, 1])
    s.apply("a5")
    assert board(s) == {"a": [1, 1, 1, 1, 0, 1], "b": [0, 0, 4, 1, 1, 1], "captures": [5, 0]}
    assert s.to_move == 2


def test_the_chain_stops_at_the_first_hole_without_a_capturing_count():
    # a4 (4): a5, a6, b1 (0 -> 1), b2 (2 -> 3): b2 taken; b1 holds 1, so the chain stops.
    s = at(OWARE, [1, 1, 1, 4, 1, 1], [0, 2, 4, 1, 1, 1])
    s.apply("a4")
    assert board(s) == {"a": [1, 1, 1, 0, 2, 2], "b": [1, 0, 4, 1, 1, 1], "captures": [3, 0]}


def test_without_the_chain_only_the_landing_hole_is_taken():
    s = at({**OWARE, "capture_chain": "none"}, [1, 1, 1, 1, 3, 0], [1, 2, 4, 1, 1, 1])
    s.apply("a5")
    assert board(s)["b"] == [2, 0, 4, 1, 1, 1] and board(s)["captures"] == [3, 0]


def test_a_landing_in_the_own_row_captures_nothing_under_capture_row_opponent_but_does_under_own():
    # a1 (2): a2 (1 -> 2), a3 (2 -> 3): the last counter falls in the mover's own row.
    spec = ([2, 1, 2, 0, 0, 0], [1, 1, 1, 1, 1, 1])
    s = at(OWARE, *spec)
    s.apply("a1")
    assert board(s)["a"] == [0, 2, 3, 0, 0, 0] and board(s)["captures"] == [0, 0]
    s = at({**OWARE, "capture_row": "own"}, *spec)
    s.apply("a1")
    assert board(s)["a"] == [0, 0, 0, 0, 0, 0] and board(s)["captures"] == [5, 0]


@pytest.mark.parametrize("slam, after", [
    ("capture-all", {"b": [0, 0, 0, 0, 0, 0], "captures": [5, 0]}),
    ("no-capture", {"b": [2, 3, 0, 0, 0, 0], "captures": [0, 0]}),
    ("to-opponent", {"b": [0, 0, 0, 0, 0, 0], "captures": [0, 5]}),
])
def test_a_grand_slam_is_made_not_made_or_given_to_the_opponent(slam, after):
    # a5 (3): a6, b1 (1 -> 2), b2 (2 -> 3): b1 and b2 are every counter the opponent has.
    s = at({**OWARE, "grand_slam": slam}, [1, 0, 0, 0, 3, 0], [1, 2, 0, 0, 0, 0])
    s.apply("a5")
    assert {k: board(s)[k] for k in after} == after


def test_a_forbidden_grand_slam_is_not_a_legal_move_and_a_player_with_only_such_moves_has_none():
    forbidden = {**OWARE, "grand_slam": "forbidden"}
    assert at(OWARE, [1, 0, 0, 0, 3, 0], [1, 2, 0, 0, 0, 0]).legal_moves_text() == ["a1", "a5"]
    assert at(forbidden, [1, 0, 0, 0, 3, 0], [1, 2, 0, 0, 0, 0]).legal_moves_text() == ["a1"]
    assert at(forbidden, [1, 0, 0, 0, 3, 0], [1, 2, 0, 0, 0, 4]).legal_moves_text() == ["a1", "a5"]
    s = at(forbidden, [0, 0, 0, 0, 3, 0], [1, 2, 0, 0, 0, 0], captures=(20, 22))
    assert s.is_terminal() and s.scores() == (23, 25)


def test_a_capture_that_leaves_the_opponent_counters_is_no_grand_slam():
    s = at({**OWARE, "grand_slam": "no-capture"}, [1, 0, 0, 0, 3, 0], [1, 2, 0, 0, 0, 1])
    s.apply("a5")
    assert board(s)["b"] == [0, 0, 0, 0, 0, 1] and board(s)["captures"] == [5, 0]


@pytest.mark.parametrize("ends, b1, captured", [("landing", 0, 2), ("origin", 2, 0)])
def test_a_lap_past_its_emptied_hole_ends_where_it_fell_or_at_the_emptied_hole(ends, b1, captured):
    # a6 (12): b1..b6, a1..a5, (a6 passed over) b1: b1 holds 2. Ludii's program tests the capture at a6.
    s = at({**OWARE, "skipped_landing": ends}, [0, 0, 0, 0, 0, 12], [0, 1, 1, 1, 1, 1])
    s.apply("a6")
    assert board(s)["b"][0] == b1 and board(s)["captures"] == [captured, 0]


def test_feeding_required_keeps_only_the_moves_that_reach_the_empty_opposite_row():
    # b is empty: a4 (2) reaches a6 only; a5 (2) reaches b1; a6 (1) reaches b1.
    spec = ([0, 0, 1, 2, 2, 1], [0, 0, 0, 0, 0, 0])
    assert at(OWARE, *spec).legal_moves_text() == ["a3", "a4", "a5", "a6"]
    assert at({**OWARE, "feeding": "required"}, *spec).legal_moves_text() == ["a5", "a6"]


def test_a_player_who_cannot_feed_ends_the_game_and_each_side_keeps_its_counters():
    s = at({**OWARE, "feeding": "required"}, [3, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], captures=(20, 25))
    assert s.is_terminal()
    assert s.scores() == (23, 25)


def test_the_end_by_majority_comes_once_a_player_has_more_than_half():
    # 48 counters in all: a capture taking player 1 to 25 ends the game.
    rules = {**OWARE, "end_majority": True}
    s = at(rules, [1, 1, 1, 1, 3, 0], [1, 1, 4, 1, 1, 1], captures=(22, 10))
    assert not s.is_terminal()
    s.apply("a5")  # a6, b1 (2), b2 (2): both taken, 22 + 4 = 26 > 24
    assert s.is_terminal() and s.result().winner == 1
    s = at({**OWARE, "end_majority": False}, [1, 1, 1, 1, 3, 0], [1, 1, 4, 1, 1, 1], captures=(22, 10))
    s.apply("a5")
    assert not s.is_terminal()


def test_a_position_repeated_since_the_last_capture_ends_the_game_under_repetition():
    # Counters going round, nothing ever captured (capture_counts [5]): the last legal move each turn,
    # until a position (board, player to move) comes back (found by a search of small positions).
    rules = {**OWARE, "repetition": "end-game", "capture_counts": [5]}
    start = ([0, 0, 0, 1, 0, 1], [1, 0, 0, 0, 2, 2])
    s = at(rules, *start)
    seen = [(tuple(board(s)["a"] + board(s)["b"]), s.to_move)]
    moves = []
    while not s.is_terminal() and len(moves) < 500:
        moves.append(s.legal_moves()[-1])
        mover = s.to_move
        s.apply(moves[-1])
        key = (tuple(board(s)["a"] + board(s)["b"]), 3 - mover)
        assert s.is_terminal() == (key in seen)
        seen.append(key)
    assert s.is_terminal() and s.legal_moves_text() == []
    assert len(moves) == 64
    free = at({**rules, "repetition": "none"}, *start)
    for m in moves:
        free.apply(m)
    assert not free.is_terminal()


def test_stores_in_the_circuit_a_lap_sows_the_own_store_and_passes_over_the_opponents():
    # a6 (9): store 1, b1..b6, (player 2's store passed over), a1, a2.
    s = at(KALAH, [0, 1, 0, 0, 0, 9], [1, 1, 1, 1, 1, 1])
    s.apply("a6")
    assert board(s) == {"a": [1, 2, 0, 0, 0, 0], "b": [2, 2, 2, 2, 2, 2], "captures": [1, 0]}
    # b6 (2) for player 2: their store, then a1.
    s = at(KALAH, [1, 1, 1, 1, 1, 1], [1, 0, 0, 0, 0, 2], to_move=2)
    s.apply("b6")
    assert board(s)["captures"] == [0, 1] and board(s)["a"][0] == 2


def test_a_traced_lap_ending_in_the_store_names_it():
    s = at(KALAH, [0, 0, 0, 1, 2, 1], [1, 1, 1, 1, 1, 1])
    (lap,) = s.apply_traced("a5")
    assert lap["kind"] == "lap" and lap["last"] == "store" and lap["board"]["captures"] == [1, 0]


def test_a_last_counter_in_the_own_store_moves_again():
    s = at(KALAH, [0, 0, 0, 1, 2, 1], [1, 1, 1, 1, 1, 1])
    s.apply("a5")  # a6, store: player 1 again
    assert s.to_move == 1 and board(s)["captures"] == [1, 0]
    s = at({**KALAH, "store_turn": "none"}, [0, 0, 0, 1, 2, 1], [1, 1, 1, 1, 1, 1])
    s.apply("a5")
    assert s.to_move == 2


def test_a_last_counter_in_an_empty_own_hole_takes_the_opposite_hole_with_it():
    # a1 (2): a2, a3 (empty): a3 faces b4 (5): 5 + 1 to the store.
    s = at(KALAH, [2, 1, 0, 1, 1, 1], [1, 1, 1, 5, 1, 1])
    s.apply("a1")
    assert board(s) == {"a": [0, 2, 0, 1, 1, 1], "b": [1, 1, 1, 0, 1, 1], "captures": [6, 0]}


@pytest.mark.parametrize("empty, after", [(False, [0, 2, 1, 1, 1, 1]), (True, [0, 2, 0, 1, 1, 1])])
def test_the_empty_capture_takes_the_lone_counter_only_under_capture_empty(empty, after):
    s = at({**KALAH, "capture_empty": empty}, [2, 1, 0, 1, 1, 1], [1, 1, 1, 0, 1, 1])
    s.apply("a1")
    assert board(s)["a"] == after and board(s)["captures"] == [int(empty), 0]


def test_kalah_ends_when_a_row_is_empty_and_the_rest_go_to_their_owner():
    s = at(KALAH, [0, 0, 0, 0, 0, 1], [1, 2, 0, 0, 0, 0], captures=(20, 24))
    s.apply("a6")  # into the store: player 1 moves again, but their row is empty: the game ends
    assert s.is_terminal()
    assert s.scores() == (21, 27)


@pytest.mark.parametrize("rules, field", [
    ({**OWARE, "capture": "none", "grand_slam": "no-capture"}, "grand_slam"),
    ({**OWARE, "relay": "last-hole", "feeding": "required"}, "feeding"),
    ({**KALAH, "store_sowing": "beside"}, "store_turn"),
    ({**OWARE, "capture_counts": []}, "capture_counts"),
])
def test_combinations_the_machine_does_not_play_are_refused_naming_the_field(rules, field):
    with pytest.raises(ValueError, match=field):
        SowingGame(describe(rules), "test")


TOGUZ = {
    "min_counters": 1, "start_row": "own", "direction": "counterclockwise", "sow_through": "both-rows",
    "relay": "single", "capture": "count", "capture_parity": "even", "capture_row": "opponent",
    "first_counter": "origin", "captured_to": "store", "decided_by": "count", "end": "cannot-move",
    "remaining": "owner", "first_player": "player-1", "endless": "end-game",
}
"""A Toguz-Kumalak-like game on 2 x 6: the first counter back into the emptied hole, even counts in
the opponent's row taken, a count of 3 there making the hole the mover's (owned-holes)."""


def toguz(rules: dict[str, Any] | None = None, **owned: Any) -> SowingGame:
    desc = SowingDescription.model_validate({
        "game": "two-row-test", "board": {"rows": 2, "holes_per_row": 6, "stores": True},
        "setup": {"counters_per_hole": 9}, "rules": rules or TOGUZ,
        "primitives": [{"name": "owned-holes", "params": {"count": 3, **owned}}], "switches": []})
    return SowingGame(desc, "test")


def toguz_at(a: list[int], b: list[int], to_move: int = 1, owned: list[str | None] | None = None, **params: Any):
    game = Game(toguz(**params), {}, limits=Limits())
    return game.state_from_position({"a": a, "b": b, "captures": [0, 0], "to_move": to_move,
                                     "owned_holes": owned or [None, None]})


def test_the_first_counter_falls_back_into_the_emptied_hole_and_a_lone_counter_moves_on():
    s = toguz_at([3, 0, 0, 1, 0, 0], [1, 1, 1, 1, 1, 1])
    s.apply("a1")  # a1 keeps one, a2, a3
    assert board(s)["a"] == [1, 1, 1, 1, 0, 0]
    s = toguz_at([3, 0, 0, 1, 0, 0], [1, 1, 1, 1, 1, 1])
    s.apply("a4")  # a lone counter: to a5
    assert board(s)["a"] == [3, 0, 0, 0, 1, 0]


def test_an_even_count_made_in_the_opponents_row_is_taken():
    s = toguz_at([0, 0, 0, 0, 0, 3], [3, 1, 1, 1, 1, 1])
    s.apply("a6")  # a6 keeps one, b1 (3 -> 4), b2 (1 -> 2): b2 even, taken
    assert board(s)["b"] == [4, 0, 1, 1, 1, 1] and board(s)["captures"] == [2, 0]


def test_a_count_of_three_made_in_the_opponents_row_makes_the_hole_owned_and_later_counters_go_to_its_owner():
    s = toguz_at([0, 0, 0, 0, 0, 3], [1, 2, 1, 1, 1, 1])
    s.apply("a6")  # b1 (2: even, taken)? no: a6 keeps one, b1 (1 -> 2), b2 (2 -> 3): b2 becomes player 1's
    assert board(s)["owned_holes"] == ["b2", None] and board(s)["b"] == [2, 0, 1, 1, 1, 1]
    assert board(s)["captures"] == [3, 0]
    s.apply("b1")  # b1 keeps one, b2 (player 1's): its counter goes to player 1 at the end of the move
    assert board(s)["b"] == [1, 0, 1, 1, 1, 1] and board(s)["captures"] == [4, 0]


def test_a_player_owns_one_hole_a_game_and_never_the_mirror_of_the_opponents_nor_if_spared_their_last():
    s = toguz_at([0, 0, 0, 0, 0, 3], [1, 2, 1, 1, 1, 1], owned=["b4", None])
    s.apply("a6")  # a second: not made
    assert board(s)["owned_holes"] == ["b4", None] and board(s)["b"][1] == 3
    s = toguz_at([0, 0, 0, 0, 0, 3], [1, 2, 1, 1, 1, 1], owned=[None, "a2"])
    s.apply("a6")  # b2 mirrors a2 (second from each owner's left): not made
    assert board(s)["owned_holes"] == [None, "a2"] and board(s)["b"][1] == 3
    s = toguz_at([0, 0, 0, 0, 0, 3], [1, 2, 1, 1, 1, 1], owned=[None, "a2"], spare_mirror=False)
    s.apply("a6")
    assert board(s)["owned_holes"] == ["b2", "a2"]
    for spare, owned in ((True, None), (False, "a6")):
        s = toguz_at([1, 1, 1, 1, 1, 2], [0, 0, 0, 0, 0, 7], to_move=2, spare_last=spare)
        s.apply("b6")  # b6 keeps one, a1..a6: a6 (2 -> 3) is player 1's last hole
        assert board(s)["owned_holes"] == [None, owned]


def test_a_position_names_owned_holes_only_in_the_opponents_row():
    with pytest.raises(ValueError, match="owned_holes"):
        toguz_at([1] * 6, [1] * 6, owned=["a2", None])


PALLANKULI = {
    "min_counters": 1, "start_row": "own", "direction": "counterclockwise", "sow_through": "both-rows",
    "relay": "last-hole", "capture": "next-after-empty", "sow_capture": 4, "sow_capture_to": "owner",
    "captured_to": "store", "decided_by": "count", "end": "row-empty-after-move", "remaining": "owner",
    "rounds": "refill", "round_starter": "next", "first_player": "player-1", "endless": "end-game",
}
"""A Pallankuli-like game on 2 x 6, 6 counters a hole: a lap relays from an occupied landing, one
ending in an empty hole takes the next hole, every hole a lap brings to four goes to its row's owner,
and the game is played in rounds."""


def pallankuli_at(a: list[int], b: list[int], to_move: int = 1, captures: tuple[int, int] = (0, 0),
                  rules: dict[str, Any] | None = None, **fields: Any):
    desc = SowingDescription.model_validate({
        "game": "two-row-test", "board": {"rows": 2, "holes_per_row": 6, "stores": True},
        "setup": {"counters_per_hole": 6}, "rules": rules or PALLANKULI, "switches": []})
    game = Game(SowingGame(desc, "test"), {}, limits=Limits())
    return game.state_from_position({"a": a, "b": b, "captures": list(captures), "to_move": to_move, **fields})


def test_a_lap_ending_in_an_empty_hole_takes_the_next_hole():
    s = pallankuli_at([2, 0, 0, 1, 0, 0], [1, 1, 1, 1, 1, 1])
    s.apply("a1")  # a2, a3 (empty): a4 taken
    assert board(s)["a"] == [0, 1, 1, 0, 0, 0] and board(s)["captures"] == [1, 0]


def test_every_hole_a_lap_brings_to_four_goes_to_its_rows_owner_and_the_landing_does_not_relay():
    # a5 (3): a6 (3 -> 4), b1 (0 -> 1)... no: b1 (3 -> 4), b2 (1 -> 2): relay from b2 (2): b3 (3 -> 4), b4 (0 -> 1)
    # empty: b5 taken. The fours: a6 to player 1, b1 and b3 to player 2.
    s = pallankuli_at([1, 0, 0, 0, 3, 3], [3, 1, 3, 0, 2, 1])
    s.apply("a5")
    assert board(s) == {"a": [1, 0, 0, 0, 0, 0], "b": [0, 0, 0, 1, 0, 1], "captures": [2 + 4, 4 + 4],
                        "out_of_play": [], "round": 0}
    s = pallankuli_at([1, 0, 0, 0, 1, 3], [1, 1, 1, 1, 1, 1], rules={**PALLANKULI, "sow_capture_to": "mover"})
    s.apply("a5")  # a6 (3 -> 4): the landing holds four: taken by the mover, no relay
    assert board(s)["a"] == [1, 0, 0, 0, 0, 0] and board(s)["captures"] == [4, 0] and s.to_move == 2


def test_a_round_ends_where_the_game_would_and_each_player_refills_their_row_from_the_left():
    # a6 (1): b1 (empty): b2 taken; player 2's row... a's row is now empty: the round ends.
    s = pallankuli_at([0, 0, 0, 0, 0, 1], [0, 2, 0, 0, 0, 3], captures=(30, 36))
    s.apply("a6")
    # player 1 holds 30 + 2 = 32: five holes of six, 2 left in the store; player 2 holds 36 + 1 + 3 = 40:
    # six holes, 4 left.
    assert board(s) == {"a": [6, 6, 6, 6, 6, 0], "b": [6, 6, 6, 6, 6, 6], "captures": [2, 4],
                        "out_of_play": ["a6"], "round": 1}
    assert not s.is_terminal() and s.to_move == 2


def test_sowing_passes_over_the_holes_out_of_play():
    s = pallankuli_at([6, 6, 6, 6, 6, 0], [1, 0, 0, 0, 0, 0], to_move=2, out_of_play=["a6", "b2", "b3", "b4",
                                                                                       "b5", "b6"], round=1)
    laps = [e for e in s.apply_traced("b1") if e["kind"] == "lap"]
    # b1 (1): b2..b6 are out of play, so the counter falls in a1 (6 -> 7), which relays; a1 (7): a2..a5,
    # (a6 out) b1, (b2..b6 out) a1, a2 (7 -> 8).
    assert (laps[0]["last"], laps[0]["board"]["a"], laps[0]["board"]["b"]) == ("a1", [7, 6, 6, 6, 6, 0], [0] * 6)
    assert (laps[1]["last"], laps[1]["board"]["a"], laps[1]["board"]["b"]) == ("a2", [1, 8, 7, 7, 7, 0],
                                                                             [1, 0, 0, 0, 0, 0])


def test_a_player_who_cannot_fill_one_hole_loses_the_match():
    s = pallankuli_at([0, 0, 0, 0, 0, 1], [0, 2, 0, 0, 0, 3], captures=(2, 64))
    s.apply("a6")  # player 1 holds 2 + 2 = 4: fewer than six
    assert s.is_terminal() and s.result().winner == 2 and s.scores() == (4, 68)


@pytest.mark.parametrize("starter, first", [("next", 2), ("alternate", 2), ("loser", 1)])
def test_who_begins_the_next_round(starter, first):
    s = pallankuli_at([0, 0, 0, 0, 0, 1], [0, 2, 0, 0, 0, 3], captures=(30, 36),
                      rules={**PALLANKULI, "round_starter": starter})
    s.apply("a6")
    assert s.to_move == first


@pytest.mark.parametrize("remaining, scores, winner", [("unscored", (20, 25), 2), ("owner", (23, 25), 2),
                                                       ("owner-only", (3, 0), 1)])
def test_the_counters_left_are_unscored_scored_by_their_owner_or_alone_scored(remaining, scores, winner):
    s = at({**OWARE, "feeding": "required", "remaining": remaining}, [3, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0],
           captures=(20, 25))
    assert s.is_terminal() and s.scores() == scores and s.result().winner == winner


@pytest.mark.parametrize("collect_a1, a1_after, captured", [(True, 0, 1), (False, 1, 0)])
def test_a_hole_owned_at_a1_is_collected_or_left_as_ludii_leaves_it(collect_a1, a1_after, captured):
    s = toguz_at([0, 5, 0, 0, 0, 0], [0, 0, 0, 0, 0, 2], to_move=2, owned=[None, "a1"], collect_a1=collect_a1)
    s.apply("b6")  # the first counter back into b6, the second into a1: player 2's tuzdik
    assert board(s)["a"][0] == a1_after and board(s)["captures"] == [0, captured]
    if not collect_a1:
        assert "a1" in s.legal_moves_text()  # player 1 may sow what stays there


@pytest.mark.parametrize("at, b, captures", [
    ("lap-end", [1, 1, 0, 1, 1, 1], [4, 4]),  # a2 taken with the next hole, b3 by the fours after the lap
    ("sowing", [1, 1, 0, 1, 1, 1], [4, 4]),  # a2 and b3 taken as they reach four; the next hole a2 is then empty
    ("lap-steps", [1, 1, 4, 1, 1, 1], [4, 0]),  # twelve steps from a1 come back to a1: only a1 is looked at
])
def test_when_a_lap_round_the_board_takes_its_fours(at, b, captures):
    # a1 (12): a2..a6, b1..b6 and a1 again, the last counter in the emptied a1: the next hole a2 (3 -> 4)
    # is taken by the mover unless already taken.
    s = pallankuli_at([12, 3, 0, 0, 0, 0], [0, 0, 3, 0, 0, 0], rules={**PALLANKULI, "sow_capture_at": at})
    s.apply("a1")
    assert (board(s)["a"], board(s)["b"], board(s)["captures"]) == ([1, 0, 1, 1, 1, 1], b, captures)


def test_a_four_taken_as_sown_is_sown_again_later_in_the_lap():
    # a1 (13): a2 (3 -> 4: taken at once by player 1), a3 (2 -> 3), a4..a6, b1..b6, a1, a2 (0 -> 1, the
    # last): the lap ends in an empty hole, so the next hole a3 (3) goes to the mover.
    s = pallankuli_at([13, 3, 2, 0, 0, 0], [1, 1, 1, 1, 1, 1], rules={**PALLANKULI, "sow_capture_at": "sowing"})
    s.apply("a1")
    assert board(s)["a"] == [1, 1, 0, 1, 1, 1] and board(s)["b"] == [2] * 6 and board(s)["captures"] == [7, 0]
    # after the lap instead, a2 holds five: no four, and the lap relays from a2
    s = pallankuli_at([13, 3, 2, 0, 0, 0], [1, 1, 1, 1, 1, 1], rules={**PALLANKULI, "sow_capture_at": "lap-end"})
    assert s.apply_traced("a1")[1]["kind"] == "lap"


@pytest.mark.parametrize("at, b2, captures", [("lap-end", 0, [0, 4]), ("lap-steps", 4, [0, 0])])
def test_lap_steps_count_the_holes_out_of_play_and_miss_the_laps_last_holes(at, b2, captures):
    # a4 (3): a5, a6 out of play passed over, b1, b2 (3 -> 4, the last: a four does not relay). Three
    # steps from a4 reach b1 only, so under lap-steps b2's four stays.
    s = pallankuli_at([1, 1, 1, 3, 0, 0], [0, 3, 1, 1, 1, 1], out_of_play=["a6"], round=1,
                      rules={**PALLANKULI, "sow_capture_at": at})
    s.apply("a4")
    assert board(s)["a"] == [1, 1, 1, 0, 1, 0] and board(s)["b"] == [1, b2, 1, 1, 1, 1]
    assert board(s)["captures"] == captures and s.to_move == 2


def test_the_player_who_fills_fewer_holes_begins_and_on_a_tie_the_player_whose_turn_it_is():
    rules = {**PALLANKULI, "round_starter": "fewer-holes"}
    # player 1 fills five holes (32), player 2 six (40): player 1 begins, though player 2 was next
    s = pallankuli_at([0, 0, 0, 0, 0, 1], [0, 2, 0, 0, 0, 3], captures=(30, 36), rules=rules)
    s.apply("a6")
    assert board(s)["captures"] == [2, 4] and s.to_move == 1
    # five holes each (32 and 30): player 2, whose turn it is, begins
    s = pallankuli_at([0, 0, 0, 0, 0, 1], [0, 2, 0, 0, 0, 3], captures=(30, 26), rules=rules)
    s.apply("a6")
    assert board(s)["a"] == [6, 6, 6, 6, 6, 0] and board(s)["b"] == [6, 6, 6, 6, 6, 0] and s.to_move == 2


@pytest.mark.parametrize("end, to_move, captures", [
    ("row-empty-after-lap", 2, [3, 3]),  # the round ends with the relay due: player 2 was to move again
    ("row-empty-after-move", 1, [2, 4]),  # the relay is sown first: a1 (2): a2, a3 (empty): a4 taken
])
def test_a_row_emptied_by_a_lap_ends_the_round_there_under_row_empty_after_lap(end, to_move, captures):
    # b5 (1): b6 is out of play, the counter falls in a1 (1 -> 2): a relay is due, and player 2's row is empty.
    s = pallankuli_at([1, 0, 0, 1, 0, 0], [0, 0, 0, 0, 1, 0], to_move=2, captures=(36, 33), out_of_play=["b6"],
                      round=1, rules={**PALLANKULI, "end": end})
    s.apply("b5")
    assert board(s)["round"] == 2 and s.to_move == to_move and board(s)["captures"] == captures


@pytest.mark.parametrize("relay, a, b, captures", [
    # a3 (2): a4, a5 (empty before); a6 (3) sown on: b1, b2, b3; b4 empty: b5 (2) beyond it taken, the move ends
    ("next-hole-always", [0, 0, 0, 1, 1, 0], [2, 2, 1, 0, 0, 0], [2, 0]),
    ("next-hole", [0, 0, 0, 1, 1, 3], [1, 1, 0, 0, 2, 0], [0, 0]),  # a lap ending in an empty hole ends the move
])
def test_next_hole_always_relays_after_every_lap_whatever_its_last_hole_held(relay, a, b, captures):
    rules = {**PALLANKULI, "relay": relay, "capture": "across-gap", "capture_empty": False, "after_capture": "end-move",
             "sow_capture_at": "sowing"}
    s = pallankuli_at([0, 0, 2, 0, 0, 3], [1, 1, 0, 0, 2, 0], rules=rules)
    s.apply("a3")
    assert (board(s)["a"], board(s)["b"], board(s)["captures"], s.to_move) == (a, b, captures, 2)


def wide(rules: dict[str, Any], holes: int, counters: int = 4) -> Game:
    description = SowingDescription.model_validate({
        "game": "two-row-test", "board": {"rows": 2, "holes_per_row": holes, "stores": True},
        "setup": {"counters_per_hole": counters}, "rules": rules, "switches": []})
    return Game(SowingGame(description, "test"), {}, limits=Limits(turns=400, moves=4000))


@pytest.mark.parametrize("rules", [OWARE, KALAH], ids=["shared-track", "stores-in-circuit"])
@pytest.mark.parametrize("holes", [24, 32])
def test_a_two_row_board_plays_up_to_32_holes_a_row(rules, holes):
    """The two-row board of the one machine: up to 32 holes a row (Hus (Damara) 24, Chiana wa Bwalo
    28), a shared track of 64 holes or a track a player through the stores: seeded random games keep
    every counter, and a lap round the whole board covers every hole."""
    import random

    game = wide(rules, holes)
    total = 2 * holes * 4
    for seed in range(3):
        state = game.new_state(seed)
        pick = random.Random(seed)
        while not state.is_terminal():
            state.apply(pick.choice(state.legal_moves()))
            b = state.board()
            assert sum(b["a"]) + sum(b["b"]) + sum(b["captures"]) == total
    # a1 holds a lap round the whole board: every hole is covered after it (bit 63 on the widest track)
    spec = {"a": [2 * holes + 1] + [0] * (holes - 1), "b": [1] * holes, "captures": [0, 0], "to_move": 1}
    state = game.state_from_position(spec)
    state.apply("a1")
    assert game.rules.counters(game.params, state.raw())["covered"] == 2 * holes


WALAK = {
    "min_counters": 1, "start_row": "own", "direction": "counterclockwise", "sow_through": "both-rows",
    "relay": "next-hole-always", "capture": "across-gap", "capture_empty": False, "after_capture": "end-move",
    "gap_chain": "alternating", "captured_to": "store", "decided_by": "count", "end": "cannot-move",
    "remaining": "owner", "first_player": "player-1", "endless": "end-game",
}
"""A Walak-pussa-like game on 2 x 6: a lap relays from the hole after it; an empty hole there and an
occupied one beyond take that one, and the capture goes on over alternating empty and occupied holes."""


@pytest.mark.parametrize("chain, reach, b, captures", [
    # a4 (2): a5, a6; b1 is empty: b2 (2) taken; b3 empty, b4 (3) taken; b5 empty, b6 (1) taken; a1 empty,
    # a2 (1) taken, round the board; a3 empty and a4 (emptied by the move) too: the chain stops
    ("alternating", 0, [0, 0, 0, 0, 0, 0], [7, 0]),
    ("none", 0, [0, 0, 0, 3, 0, 1], [2, 0]),  # only b2
    ("alternating", 4, [0, 0, 0, 0, 0, 1], [5, 0]),  # b2 at 2 past the landing a6, b4 at 4; b6 at 6 is too far
])
def test_the_gap_chain_takes_each_occupied_hole_after_an_empty_one_while_they_alternate(chain, reach, b, captures):
    rules = {**WALAK, "gap_chain": chain, "gap_chain_reach": reach}
    s = at(rules, [0, 1, 0, 2, 1, 0], [0, 2, 0, 3, 0, 1])
    s.apply("a4")
    a = [0, 0 if captures[0] == 7 else 1, 0, 0, 2, 1]
    assert (board(s)["a"], board(s)["b"], board(s)["captures"]) == (a, b, captures)


def test_the_gap_chain_stops_at_two_occupied_or_two_empty_holes():
    # a6 (1): b1 (empty before): next-hole-always: b2 is empty, b3 (2) taken; b4 occupied: the chain stops.
    s = at(WALAK, [0, 0, 0, 0, 1, 1], [0, 0, 2, 1, 0, 3])
    s.apply("a6")
    assert board(s)["b"] == [1, 0, 0, 1, 0, 3] and board(s)["captures"] == [2, 0]
    # b5 (2): b6, a1 (empty before); a2 empty, a3 (1) taken; a4 and a5 both empty: the chain stops.
    s = at(WALAK, [0, 0, 1, 0, 0, 2], [1, 1, 0, 0, 2, 0], to_move=2)
    s.apply("b5")
    assert board(s)["a"] == [1, 0, 0, 0, 0, 2] and board(s)["captures"] == [0, 1]


def test_the_gap_chain_goes_on_from_the_hole_taken_after_an_empty_landing():
    # capture next-after-empty, relay last-hole: a2 (2): a3, a4 (empty before): a5 (1) taken; a6 empty, b1 (2)
    # taken; b2 and b3 occupied: stop.
    rules = {**WALAK, "relay": "last-hole", "capture": "next-after-empty"}
    s = at(rules, [0, 2, 0, 0, 1, 0], [2, 1, 1, 0, 0, 0])
    s.apply("a2")
    assert (board(s)["a"], board(s)["b"], board(s)["captures"]) == ([0, 0, 1, 1, 0, 0], [0, 1, 1, 0, 0, 0], [3, 0])


def test_a_single_counter_moves_only_when_no_hole_holds_more_under_singleton_last_resort():
    rules = {**WALAK, "min_counters": 2, "singleton": "last-resort"}
    s = at(rules, [1, 2, 1, 0, 0, 1], [1, 1, 1, 1, 1, 1])
    assert s.legal_moves_text() == ["a2"]
    s = at(rules, [1, 0, 1, 0, 0, 1], [1, 1, 1, 1, 1, 1])
    assert s.legal_moves_text() == ["a1", "a3", "a6"]
    s = at(WALAK, [1, 2, 1, 0, 0, 1], [1, 1, 1, 1, 1, 1])
    assert s.legal_moves_text() == ["a1", "a2", "a3", "a6"]


def test_the_first_move_chooses_the_direction_for_the_whole_game():
    rules = {**WALAK, "relay": "single", "capture": "none", "gap_chain": "none", "direction": "first-move"}
    game = Game(SowingGame(describe(rules, counters=2), "test"), {}, limits=Limits())
    s = game.new_state()
    assert s.legal_moves_text() == [f"a{k}" for k in range(1, 7)] + [f"a{k}cw" for k in range(1, 7)]
    assert s.board()["direction"] is None
    s.apply("a2cw")  # clockwise: a1, then b6
    assert (s.board()["a"], s.board()["b"], s.board()["direction"]) == ([3, 0, 2, 2, 2, 2], [2, 2, 2, 2, 2, 3], "clockwise")
    assert s.legal_moves_text() == [f"b{k}" for k in range(1, 7)]
    s.apply("b1")  # clockwise for player 2 too: b1 -> a6, a5
    assert (s.board()["a"], s.board()["b"]) == ([3, 0, 2, 2, 3, 3], [0, 2, 2, 2, 2, 3])
    s = game.new_state()
    s.apply("a2")  # counter-clockwise: a3, a4, kept for the game
    assert (s.board()["a"], s.board()["direction"]) == ([2, 0, 3, 3, 2, 2], "counterclockwise")
    s.apply("b1")
    assert s.board()["b"] == [0, 3, 3, 2, 2, 2]
    spec = {**s.position_spec(), "direction": "clockwise"}
    t = game.state_from_position(spec)
    t.apply("a1")  # a position names the direction chosen: clockwise, a1 -> b6, b5
    assert t.board()["b"] == [0, 3, 3, 2, 3, 3]
