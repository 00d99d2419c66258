"""The four-row sowing machine's named primitives and general fields, each on a small description
written here (a 4 x 5 board, no seed game's), with positions worked by hand showing it do what its
docstring says (engine.mancala.rules, engine.mancala.machine.four_rows).

On 4 x 5 a player's holes are 1-10: 1-5 along their outer row from their left, 6-10 back along
their inner row. Player 1's inner hole k (6-10) faces player 2's inner hole 16-k and, behind it,
player 2's outer hole k-5 (a6 faces b10 and b1, a7 faces b9 and b2). Corners: holes 1, 5, 6, 10;
middle holes 2-4 and 7-9; the inner row's corners (the reserve holes) 6 and 10.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.game import Game, Limits
from engine.mancala import description as described
from engine.mancala.fourrow_rules import FourRowGame
from schema.sowing import SowingDescription

RULES = {
    "start_row": "own", "min_counters": 2, "direction": "counterclockwise", "sow_through": "own-rows",
    "relay": "last-hole", "relay_when": "occupied", "capture": "inner-and-outer", "capture_empty": False,
    "captured_to": "store", "end": "capture-all", "remaining": "unscored", "decided_by": "rule",
    "no_move": "pass", "first_player": "player-1", "endless": "end-game",
}
"""A Tsoro-like game: relay from an occupied hole, a lap ending in an empty inner hole takes the
opposite inner and outer holes into the store, a player stripped bare loses."""

RESOWING = {**RULES, "capture": "both-opposite", "captured_to": "resow"}
"""A Lobudök-like game: a lap ending in an occupied inner hole with both opposite holes occupied
takes both and sows them again on the capturer's side."""


def describe(rules: dict[str, Any], primitives: list[dict[str, Any]] | None = None, stores: bool = True,
             setup: dict[str, Any] | None = None) -> SowingDescription:
    desc = SowingDescription.model_validate({
        "game": "primitive-test", "board": {"rows": 4, "holes_per_row": 5, "stores": stores},
        "setup": setup or {"counters_per_row": [2, 1]}, "rules": rules, "primitives": primitives or [],
        "switches": []})
    return desc


def game(desc: SowingDescription) -> Game:
    return Game(FourRowGame(desc, "test"), {}, limits=Limits())


def at(desc: SowingDescription, a: list[int], b: list[int], to_move: int = 1, **fields: Any):
    spec: dict[str, Any] = {"a": a, "b": b, "to_move": to_move, **fields}
    if desc.board.stores:
        spec.setdefault("captures", [0, 0])
    return game(desc).state_from_position(spec)


def holes(**counts: int) -> list[int]:
    """Ten counts from ``h1=..`` .. ``h10=..``."""
    out = [0] * 10
    for key, c in counts.items():
        out[int(key[1:]) - 1] = c
    return out


# --- extra-captures ------------------------------------------------------------------------------

def test_extra_captures_take_further_opponent_holes_one_decision_each():
    desc = describe(RULES, [{"name": "extra-captures", "params": {"count": 2}}])
    s = at(desc, holes(h5=2, h1=1), holes(h2=3, h9=1, h5=4, h7=2, h1=1))
    s.apply("a5")  # a6, a7; a7 was empty: take b9 (1) and b2 (3) behind it
    assert s.board()["captures"] == [4, 0]
    assert s.to_move == 1 and s.legal_moves_text() == ["b1", "b5", "b7"]  # two more holes, each a decision
    s.apply("b5")
    assert s.board()["captures"] == [8, 0] and s.to_move == 1 and s.legal_moves_text() == ["b1", "b7"]
    s.apply("b7")
    assert s.board()["captures"] == [10, 0] and s.to_move == 2  # the two taken: the turn ends
    assert s.board()["b"] == holes(h1=1)


def test_extra_captures_count_one_ends_the_turn_after_one_hole_and_the_last_counter_ends_the_game():
    desc = describe(RULES, [{"name": "extra-captures", "params": {"count": 1}}])
    s = at(desc, holes(h5=2, h1=1), holes(h2=3, h9=1, h5=4, h7=2))
    s.apply("a5")
    s.apply("b7")
    assert s.to_move == 2 and s.board()["captures"] == [6, 0]
    s = at(desc, holes(h5=2, h1=1), holes(h2=3, h9=1, h5=4))
    s.apply("a5")
    s.apply("b5")  # player 2's last counters: capture-all ends the game at once
    assert s.is_terminal() and s.result().winner == 1


def test_without_extra_captures_a_column_capture_ends_the_turn():
    s = at(describe(RULES), holes(h5=2, h1=1), holes(h2=3, h9=1, h5=4))
    s.apply("a5")
    assert s.board()["captures"] == [4, 0] and s.to_move == 2


def test_extra_captures_after_a_two_hole_capture_only():
    desc = describe(RULES, [{"name": "extra-captures", "params": {"count": 1, "after": "two-hole-capture"}}])
    one = at(desc, holes(h5=2, h1=1), holes(h9=1, h5=4))
    one.apply("a5")  # a6, a7 (empty): b9 taken, b2 empty: one hole, no extra capture
    assert one.board()["captures"] == [1, 0] and one.to_move == 2
    two = at(desc, holes(h5=2, h1=1), holes(h9=1, h2=3, h5=4))
    two.apply("a5")  # b9 and b2: two holes, the extra capture is due
    assert two.board()["captures"] == [4, 0] and two.to_move == 1 and two.legal_moves_text() == ["b5"]


def test_extra_captures_after_an_inner_landing_even_without_a_capture():
    a, b = holes(h5=2, h1=1), holes(h2=3, h5=4)
    landing = at(describe(RULES, [{"name": "extra-captures", "params": {"count": 1, "after": "inner-landing"}}]), a, b)
    landing.apply("a5")  # a6, a7 (empty inner): b9 is empty, nothing taken, but the extra capture is due
    assert landing.board()["captures"] == [0, 0] and landing.to_move == 1
    assert landing.legal_moves_text() == ["b2", "b5"]
    capture = at(describe(RULES, [{"name": "extra-captures", "params": {"count": 1}}]), a, b)
    capture.apply("a5")
    assert capture.to_move == 2  # due after a capture only


def test_optional_extra_captures_may_be_stopped():
    desc = describe(RULES, [{"name": "extra-captures", "params": {"count": 2, "optional": True}}])
    s = at(desc, holes(h5=2, h1=1), holes(h2=3, h9=1, h5=4, h7=2))
    s.apply("a5")
    assert s.legal_moves_text() == ["b5", "b7", "stop"]
    events = s.game.rules.trace_move(s.game.params, s._st.copy(), s.game.rules.text_to_move("stop"))
    assert [e["kind"] for e in events] == ["stop"] and "hole" not in events[0]
    s.apply("stop")
    assert s.to_move == 2 and s.board()["captures"] == [4, 0]


def test_capture_on_an_occupied_landing_takes_the_place_of_the_relay():
    occupied = describe({**RULES, "capture_on": "occupied"})
    s = at(occupied, holes(h5=2, h7=1, h1=1), holes(h9=1, h2=3, h5=4))
    s.apply("a5")  # a6, a7 (occupied inner, b9 occupied): b9 and b2 taken, no relay
    assert s.board()["captures"] == [4, 0] and s.board()["a"] == holes(h1=1, h6=1, h7=2) and s.to_move == 2
    s = at(describe(RULES), holes(h5=2, h7=1, h1=1), holes(h9=1, h2=3, h5=4))
    s.apply("a5")  # the default: a7 relays: a8, a9 (empty inner, b7 empty): nothing taken
    assert s.board()["captures"] == [0, 0] and s.board()["a"] == holes(h1=1, h6=1, h8=1, h9=1)
    s = at(occupied, holes(h5=2, h1=1), holes(h9=1, h2=3, h5=4))
    s.apply("a5")  # a7 was empty: no capture on an empty landing
    assert s.board()["captures"] == [0, 0] and s.to_move == 2


# --- special-holes -------------------------------------------------------------------------------

def test_special_holes_heads_let_a_lap_stop_in_the_rightmost_outer_hole_instead_of_relaying():
    desc = describe(RULES, [{"name": "special-holes", "params": {"kind": "heads"}}])
    s = at(desc, holes(h3=2, h5=1, h1=1), holes(h1=2, h2=2, h9=1))
    s.apply("a3")  # a4, a5: a5 (the head) was occupied
    assert s.to_move == 1 and s.legal_moves_text() == ["a5", "stop"]
    stopped = s.child(s.legal_moves()[1])
    assert stopped.to_move == 2 and stopped.board()["a"] == holes(h4=1, h5=2, h1=1)
    s.apply("a5")  # relay: a6, a7 (empty inner): b9 (1) and b2 (2) taken
    assert s.board()["a"] == holes(h4=1, h6=1, h7=1, h1=1) and s.board()["captures"] == [3, 0]


def test_without_special_holes_the_same_lap_relays():
    s = at(describe(RULES), holes(h3=2, h5=1, h1=1), holes(h1=2, h2=2, h9=1))
    s.apply("a3")
    assert s.to_move == 2 and s.board()["a"] == holes(h4=1, h6=1, h7=1, h1=1) and s.board()["captures"] == [3, 0]


def test_special_holes_chosen_are_picked_in_turn_before_play_and_safe_from_extra_captures():
    desc = describe(RULES, [{"name": "special-holes", "params": {"kind": "chosen"}},
                            {"name": "extra-captures", "params": {"count": 1}}])
    s = game(desc).new_state(1)
    assert s.legal_moves_text() == ["a1", "a2", "a3", "a4", "a5"]  # a misoro in the outer row
    for m in ("a2", "b1", "a4", "b3"):
        s.apply(m)
    assert s.board()["misoro"] == {"a": ["a2", "a4"], "b": ["b1", "b3"]}
    assert all(m[0] == "a" for m in s.legal_moves_text()) and s.to_move == 1  # play starts
    s = at(desc, holes(h5=2, h1=1), holes(h2=3, h9=1, h4=2, h5=4), misoro={"a": ["a1", "a3"], "b": ["b4", "b1"]})
    s.apply("a5")  # takes b9 and b2; b4 is a misoro: only b5 may be taken
    assert s.legal_moves_text() == ["b5"]


def test_special_holes_ends_let_a_lap_stop_at_either_end_of_the_outer_row():
    """kind ends: the leftmost and the rightmost outer hole of each player (Misoro Tsoro's fixed
    misoro); the heads are the rightmost only."""
    desc = describe(RULES, [{"name": "special-holes", "params": {"kind": "ends"}}])
    s = at(desc, holes(h9=2, h1=1, h3=2, h5=1), holes(h1=2, h2=2))
    s.apply("a9")  # a10, a1: a1 (the left end) was occupied
    assert s.to_move == 1 and s.legal_moves_text() == ["a1", "stop"]
    s = at(desc, holes(h3=2, h5=1), holes(h1=2, h2=2))
    s.apply("a3")  # a4, a5: the right end, as the head
    assert s.to_move == 1 and s.legal_moves_text() == ["a5", "stop"]
    s = at(describe(RULES, [{"name": "special-holes", "params": {"kind": "heads"}}]),
           holes(h9=2, h1=1, h3=2, h5=1), holes(h1=2, h2=2))
    s.apply("a9")  # under heads a1 is no special hole: the lap relays from it (a2, then a3 ..)
    assert s.board()["a"][0] == 0 and s.legal_moves_text() != ["a1", "stop"]


def test_special_holes_chosen_count_sets_how_many_holes_each_player_chooses():
    """special-holes' ``count``: one musoro each (Musoro Tsoro's chosen reading), then play starts;
    without it, two each (Tsoro's misoro)."""
    desc = describe(RULES, [{"name": "special-holes", "params": {"kind": "chosen", "count": 1}}])
    s = game(desc).new_state(1)
    s.apply("a3")
    s.apply("b2")
    assert s.board()["misoro"] == {"a": ["a3"], "b": ["b2"]}
    start = s.board()
    s.apply("a1")  # a sowing now, not a third choice: a2, a3 (occupied, the musoro): relay or stop
    assert s.board()["a"] != start["a"] and s.legal_moves_text() == ["a3", "stop"]
    with pytest.raises(ValueError, match="at most 1 different hole"):
        at(desc, holes(h1=2), holes(h1=2), misoro={"a": ["a1", "a2"]})
    s = game(describe(RULES, [{"name": "special-holes", "params": {"kind": "chosen"}}])).new_state(1)
    for m in ("a3", "b2"):
        s.apply(m)
    assert s.legal_moves_text() == ["a1", "a2", "a4", "a5"]  # a second choice
    with pytest.raises(ValueError, match="special-holes.count = 6"):
        game(describe(RULES, [{"name": "special-holes", "params": {"kind": "chosen", "count": 6}}])).new_state(1)


# --- a set-up bound to a switch ------------------------------------------------------------------

def bound_setup(options: dict[str, dict[str, Any]], setup: dict[str, Any] | None = None) -> dict[str, Any]:
    """A description whose switch ``primitive-test.board`` sets each option's board and set-up."""
    return {"game": "primitive-test", "board": {"rows": 4, "stores": True}, "setup": setup, "rules": RULES,
            "switches": [{"id": "primitive-test.board", "default": next(iter(options)), "options": options}]}


def test_a_set_up_bound_to_the_board_size_switch_follows_the_board():
    """``setup.layout`` bound to the switch that binds ``board.holes_per_row``: each option's layout
    (here the two rightmost inner holes 0 and 1, as Msuwa's) on its own board."""
    data = bound_setup({"5": {"board.holes_per_row": 5, "setup.layout": [2] * 5 + [0, 1] + [2] * 3},
                        "6": {"board.holes_per_row": 6, "setup.layout": [2] * 6 + [0, 1] + [2] * 4}})
    desc = SowingDescription.model_validate(data)
    described.check_played(desc)
    for option, width in (("5", 5), ("6", 6)):
        start = Game(FourRowGame(desc, "test"), {"primitive-test.board": option}, limits=Limits()).new_state(1).board()
        assert start["a"] == start["b"] == [2] * width + [0, 1] + [2] * (width - 2), option
    desc = SowingDescription.model_validate(bound_setup({"fixed": {"board.holes_per_row": 5, "setup.counters_per_row": [2, 0]},
                                                         "layout": {"board.holes_per_row": 5, "setup.layout": [1] * 10}}))
    g = Game(FourRowGame(desc, "test"), {"primitive-test.board": "fixed"}, limits=Limits())
    assert g.new_state(1).board()["a"] == [2] * 5 + [0] * 5


@pytest.mark.parametrize(("options", "setup", "message"), [
    ({"5": {"board.holes_per_row": 5, "setup.layout": [2] * 10}, "6": {"board.holes_per_row": 6, "setup.layout": [2] * 10}},
     None, "setup.layout lists 10 counts (under primitive-test.board = 6); each player has 12 holes"),
    ({"5": {"board.holes_per_row": 5, "setup.layout": [2] * 10}, "6": {"board.holes_per_row": 6, "setup.layout": [2] * 12}},
     {"counters_per_row": [2, 0]}, "bound to switch primitive-test.board; leave setup out"),
    ({"5": {"board.holes_per_row": 5}, "6": {"board.holes_per_row": 6}}, None, "setup has no value"),
    ({"5": {"board.holes_per_row": 5, "setup.layout": [-1] * 10}, "6": {"board.holes_per_row": 6, "setup.layout": [2] * 12}},
     None, "setup.layout = [-1"),
    ({"5": {"board.holes_per_row": 5, "setup.layout": [2] * 10, "setup.counters_per_row": [2, 0]},
      "6": {"board.holes_per_row": 6, "setup.layout": [2] * 12}}, None, "sets more than one set-up field"),
])
def test_a_bound_set_up_is_checked_under_every_option(options, setup, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        SowingDescription.model_validate(bound_setup(options, setup))


# --- restricted-holes ----------------------------------------------------------------------------

RESTRICTED = {"name": "restricted-holes",
              "params": {"sowing": "skip-corners", "release": "reserve-holes", "lasting": "permanent",
                         "capture": "unrestricted"}}


def restricted(**params: str) -> SowingDescription:
    prim = {"name": "restricted-holes", "params": {**RESTRICTED["params"], **params}}
    return describe(RESOWING, [prim], stores=False, setup={"layout": [0, 1, 0, 3, 0, 0, 0, 2, 0, 4]})


def test_a_restricted_player_starts_only_from_middle_holes_and_their_laps_pass_over_the_corners():
    s = at(restricted(), holes(h1=3, h4=2, h10=2), holes(h3=2))
    assert s.legal_moves_text() == ["a4"]  # a1 and a10 are corners
    s.apply("a4")  # a5 and a6 are corners: passed over; a7, a8
    assert s.board()["a"] == holes(h1=3, h7=1, h8=1, h10=2)
    s = at(restricted(sowing="start-only"), holes(h1=3, h4=2, h10=2), holes(h3=2))
    assert s.legal_moves_text() == ["a4"]
    s.apply("a4")  # start-only: the corners are sown
    assert s.board()["a"] == holes(h1=3, h5=1, h6=1, h10=2)


def test_release_when_no_middle_hole_can_start_to_the_reserve_holes_or_every_hole_and_for_good():
    a, b = holes(h1=3, h6=2, h10=1, h3=1), holes(h3=2)
    s = at(restricted(), a, b)
    assert s.legal_moves_text() == ["a6"]  # reserve holes 6 and 10; a1 is not one
    assert s.board()["released"] == [True, False]
    s = at(restricted(release="all-holes"), a, b)
    assert s.legal_moves_text() == ["a1", "a6"]
    s.apply("a1")  # released: every hole sown, a2 a3 a4
    assert s.board()["a"] == holes(h2=1, h3=2, h4=1, h6=2, h10=1)
    s.apply("b3")
    assert s.legal_moves_text() == ["a3", "a6"] and s.board()["released"] == [True, False]  # for good


def test_per_turn_release_is_decided_afresh_and_a_lap_ending_in_a_corner_chooses_its_kind():
    s = at(restricted(release="all-holes", lasting="per-turn"), holes(h1=3, h6=2, h10=1, h3=1), holes(h3=2))
    assert s.legal_moves_text() == ["a1", "a6"] and s.board()["released"] == [False, False]
    s.apply("a1")
    s.apply("b3")
    assert s.legal_moves_text() == ["a3"]  # a middle hole holds two again: restricted this turn
    with pytest.raises(ValueError, match="no choice of lap"):
        at(restricted(), holes(h5=2), holes(h3=2), relay_from="a5")
    s = at(restricted(release="all-holes", lasting="per-turn"), holes(h4=1, h5=2, h1=1), holes(h3=2),
           relay_from="a5")
    assert s.legal_moves_text() == ["a5", "a5+"]
    full = s.child(s.legal_moves()[1])  # a full lap: a6, a7
    assert full.board()["a"] == holes(h4=1, h6=1, h7=1, h1=1)
    kept = s.child(s.legal_moves()[0])  # a restricted lap: a6 passed over, a7, a8
    assert kept.board()["a"] == holes(h4=1, h7=1, h8=1, h1=1)


def test_restricted_capture_in_use_holes_keeps_a_corner_from_capturing_while_the_opponent_is_restricted():
    # a lap ending in a6 (a corner, occupied) faces b10 and b1, both occupied
    a, b = holes(h3=3, h6=1, h2=1), holes(h10=2, h1=1, h3=2)
    guarded = at(restricted(capture="in-use-holes", sowing="start-only"), a, b, released=[False, False])
    guarded.apply("a3")  # a4 a5 a6: a6 now holds 2 and relays (no capture): a7 a8
    assert guarded.board()["b"] == b and guarded.board()["a"] == holes(h2=1, h4=1, h5=1, h7=1, h8=1)
    free = at(restricted(capture="unrestricted", sowing="start-only"), a, b, released=[False, False])
    free.apply("a3")  # b10 and b1 taken (3) and sown again after a3: a4 a5 a6; the turn ends
    assert free.board()["b"] == holes(h3=2)
    assert free.board()["a"] == holes(h2=1, h4=2, h5=2, h6=3) and free.to_move == 2


# --- general fields the primitives rest on -------------------------------------------------------

def test_a_layout_set_up_and_re_sown_captures_keep_every_counter_in_play():
    desc = restricted()
    s = game(desc).new_state(1)
    assert s.board()["a"] == s.board()["b"] == [0, 1, 0, 3, 0, 0, 0, 2, 0, 4]
    assert "captures" not in s.board()
    while not s.is_terminal():
        s.apply(s.legal_moves()[0])
        assert sum(s.board()["a"]) + sum(s.board()["b"]) == 20


def resowing(**rules: str) -> SowingDescription:
    return describe({**RESOWING, **rules}, stores=False, setup={"counters_per_row": [1, 1]})


def test_captured_counters_are_re_sown_after_the_capturing_laps_start_or_the_moves():
    # a2 (2): a3, a4 (occupied): relay a4 (2): a5, a6 (occupied inner), facing b10 and b1: 3 taken
    a, b = holes(h2=2, h4=1, h6=1), holes(h10=1, h1=2, h3=2)
    s = at(resowing(), a, b)
    s.apply("a2")  # re-sown after a4: a5 a6 a7; the turn ends
    assert s.board()["a"] == holes(h3=1, h5=2, h6=3, h7=1) and s.board()["b"] == holes(h3=2) and s.to_move == 2
    s = at(resowing(resow_from="move-start"), a, b)
    s.apply("a2")  # re-sown after a2: a3 a4 a5; the turn ends though a5 holds two
    assert s.board()["a"] == holes(h3=2, h4=1, h5=2, h6=2) and s.to_move == 2


def test_after_capture_continue_relay_relays_from_where_the_re_sowing_ended():
    # a7 (2): a8, a9 (occupied inner), facing b7 and b4: 3 taken, re-sown after a7: a8 a9 a10
    a, b = holes(h7=2, h9=1, h2=2, h10=1), holes(h7=1, h4=2, h1=2)
    s = at(resowing(), a, b)
    s.apply("a7")
    assert s.board()["a"] == holes(h2=2, h8=2, h9=3, h10=2) and s.to_move == 2
    s = at(resowing(after_capture="continue-relay"), a, b)
    s.apply("a7")  # a10 (2) relays: a1, a2 (3): a3 a4 a5, empty: the turn ends
    assert s.board()["a"] == holes(h1=1, h3=1, h4=1, h5=1, h8=2, h9=3) and s.to_move == 2


def test_a_both_opposite_capture_into_the_store():
    desc = describe({**RULES, "capture": "both-opposite"})
    s = at(desc, holes(h7=2, h9=1, h2=2), holes(h7=1, h4=2, h1=2))
    s.apply("a7")  # a8 a9: a9 occupied, b7 and b4 taken into the store; the turn ends
    assert s.board()["captures"] == [3, 0] and s.board()["a"] == holes(h2=2, h8=1, h9=2) and s.to_move == 2


def test_forced_pass_counts_a_turn_and_a_move_before_the_loss():
    base = {**RULES, "end": "cannot-move"}
    plain = at(describe(base), holes(h1=1), holes(h3=2))
    counted = at(describe({**base, "forced_pass": True}), holes(h1=1), holes(h3=2))
    assert plain.result().winner == counted.result().winner == 2
    assert (counted.turns, counted.moves_made) == (plain.turns + 1, plain.moves_made + 1)


def test_long_lap_skip_origin_passes_over_the_starting_hole():
    s = at(describe(RULES), holes(h1=10), holes(h3=2, h1=1))
    s.apply("a1")  # a2 .. a10, then a1 itself (empty): the turn ends
    assert s.board()["a"] == [1] * 10
    s = at(describe({**RULES, "long_lap": "skip-origin"}), holes(h1=10), holes(h3=2, h1=1))
    s.apply("a1")  # a2 .. a10, a1 passed over, a2 (2): relays a2, a4, a6, a8, a10, ending in a2 (empty)
    assert s.board()["a"] == [1, 1, 2, 0, 2, 0, 2, 0, 2, 0]


def test_combinations_the_machine_does_not_play_are_refused_naming_the_fields():
    described.check_played(describe({**RULES, "captured_to": "resow"}, stores=False))  # column captures re-sown too
    with pytest.raises(ValueError, match=r"rules.captured_to: .*board.stores = true"):
        described.check_played(describe(RESOWING))


# --- previous_hole, single_scope, opening, graduated extra captures (Tsoro (Baia)) ----------------

def test_previous_hole_empty_starts_only_after_an_empty_hole_and_relays_are_exempt():
    a, b = holes(h2=2, h3=1, h4=1, h8=2, h9=2), holes(h3=2)
    assert at(describe(RULES), a, b).legal_moves_text() == ["a2", "a8", "a9"]
    s = at(describe({**RULES, "previous_hole": "empty"}), a, b)
    assert s.legal_moves_text() == ["a2", "a8"]  # a9 follows a8, which is occupied
    s.apply("a2")  # a3, a4 (occupied): relays from a4 though a3 before it is occupied; a5, a6 (empty)
    assert s.board()["a"] == holes(h3=2, h5=1, h6=1, h8=2, h9=2) and s.to_move == 2
    wrap = at(describe({**RULES, "previous_hole": "empty"}), holes(h1=2, h10=2), b)
    assert wrap.legal_moves_text() == ["a10"]  # a1's previous hole is a10, the end of the circuit


def test_single_scope_lap_lets_the_relay_of_a_single_counter_capture():
    base = {**RULES, "min_counters": 1, "single_captures": False}
    a, b = holes(h4=1, h5=1), holes(h9=2, h2=3, h5=1)
    whole_move = at(describe(base), a, b)
    whole_move.apply("a4")  # into a5 (2): relay a6, a7 (empty inner): the move began with one counter
    assert whole_move.board()["captures"] == [0, 0] and whole_move.board()["a"] == holes(h6=1, h7=1)
    lap = at(describe({**base, "single_scope": "lap"}), a, b)
    lap.apply("a4")  # the relay sowed two: b9 and b2 taken
    assert lap.board()["captures"] == [5, 0] and lap.board()["b"] == holes(h5=1)
    alone = at(describe({**base, "single_scope": "lap"}), holes(h6=1, h1=2), b)
    alone.apply("a6")  # the single counter's own lap into a7 (empty) captures nothing
    assert alone.board()["captures"] == [0, 0] and alone.to_move == 2


OPENING = {"name": "opening", "params": {"start": "hole", "row": "inner", "from_left": 3, "lap": "plain",
                                         "capture": "column"}}
"""On 4 x 5 the third hole from the left of a player's inner row is hole 8."""


def test_opening_each_players_first_turn_from_its_hole_then_any_hole():
    a, b = holes(h1=2, h2=2, h8=2), holes(h2=2, h6=2, h5=1, h8=2)
    assert at(describe(RULES), a, b).legal_moves_text() == ["a1", "a2", "a8"]
    s = at(describe(RULES, [OPENING]), a, b)
    assert s.legal_moves_text() == ["a8"]
    s.apply("a8")  # a9, a10 (empty inner): b6 and b5 behind it taken
    assert s.board()["captures"] == [3, 0] and s.to_move == 2
    assert s.legal_moves_text() == ["b8"]  # player 2's first turn: their opening hole
    s.apply("b8")  # b9, b10: a6 and a5 empty, nothing taken
    assert s.to_move == 1 and s.legal_moves_text() == ["a1", "a2"]
    assert s.game.rules.position_spec(s._st)["opening_played"] == [True, True]


def test_opening_is_one_lap_that_takes_the_column_whatever_its_landing_held():
    desc = describe(RULES, [OPENING])
    s = at(desc, holes(h1=2, h8=2, h10=1), holes(h6=2, h3=2))
    s.apply("a8")  # a9, a10 (occupied): no relay; b6 opposite taken, b5 empty
    assert s.board()["a"] == holes(h1=2, h9=1, h10=2) and s.board()["captures"] == [2, 0] and s.to_move == 2
    later = at(desc, holes(h1=2, h8=2, h10=1), holes(h6=2, h3=2), opening_played=[True, False])
    assert later.legal_moves_text() == ["a1", "a8"]  # player 1's opening was played


def test_extra_captures_graduated_by_the_times_they_fell_due_the_last_repeated():
    desc = describe(RULES, [{"name": "extra-captures", "params": {"count": [2, 1]}}])
    a, b = holes(h5=2, h1=1), holes(h2=3, h9=1, h5=4, h7=2, h1=1)
    s = at(desc, a, b)
    s.apply("a5")  # the first time: two holes
    s.apply("b5")
    assert s.to_move == 1
    s.apply("b7")
    assert s.to_move == 2 and s.game.rules.position_spec(s._st)["extra_rounds"] == [1, 0]
    for rounds in ([1, 0], [4, 3]):  # the second time and every later one: one hole
        s = at(desc, a, b, extra_rounds=rounds)
        s.apply("a5")
        s.apply("b5")
        assert s.to_move == 2 and s.game.rules.position_spec(s._st)["extra_rounds"] == [rounds[0] + 1, rounds[1]]
    none_first = at(describe(RULES, [{"name": "extra-captures", "params": {"count": [0, 1]}}]), a, b)
    none_first.apply("a5")  # a count of 0: no extra capture this time
    assert none_first.to_move == 2


def test_extra_captures_spare_the_opening_hole():
    a, b = holes(h5=2, h1=1), holes(h2=3, h9=1, h8=2, h7=2)
    plain = at(describe(RULES, [OPENING, {"name": "extra-captures", "params": {"count": 1}}]), a, b,
               opening_played=[True, True])
    plain.apply("a5")
    assert plain.legal_moves_text() == ["b7", "b8"]
    spared = at(describe(RULES, [OPENING, {"name": "extra-captures", "params": {"count": 1, "spare": "opening-hole"}}]),
                a, b, opening_played=[True, True])
    spared.apply("a5")
    assert spared.legal_moves_text() == ["b7"]  # b8, player 2's opening hole, is spared
    with pytest.raises(ValueError, match="spare = 'opening-hole'.*without an opening hole"):
        described.check_played(describe(RULES, [{"name": "extra-captures", "params": {"count": 1, "spare": "opening-hole"}}]))
    with pytest.raises(ValueError, match=r"primitives\[0\].params.count: extra-captures.count = \[2, -1\]"):
        described.check_played(describe(RULES, [{"name": "extra-captures", "params": {"count": [2, -1]}}]))
# --- column captures: the outer hole alone, re-sown captures -------------------------------------

def test_inner_and_outer_each_takes_the_outer_hole_behind_an_empty_inner_one():
    a, b = holes(h5=2, h1=1), holes(h2=3, h5=4)
    s = at(describe(RULES), a, b)
    s.apply("a5")  # a6, a7 (empty inner): b9 is empty, so inner-and-outer takes nothing
    assert s.board()["captures"] == [0, 0] and s.to_move == 2
    each = describe({**RULES, "capture": "inner-and-outer-each"},
                    [{"name": "extra-captures", "params": {"count": 1, "after": "two-hole-capture"}}])
    s = at(each, a, b)
    s.apply("a5")  # b2 is taken alone: a capture of one hole, no extra capture
    assert s.board()["captures"] == [3, 0] and s.board()["b"] == holes(h5=4) and s.to_move == 2
    s = at(each, a, holes(h2=3, h9=1, h5=4))
    s.apply("a5")  # b9 and b2: two holes, the extra capture is due
    assert s.board()["captures"] == [4, 0] and s.to_move == 1 and s.legal_moves_text() == ["b5"]
    s = at(each, a, holes(h5=4))
    s.apply("a5")  # an empty column: nothing taken
    assert s.board()["captures"] == [0, 0] and s.to_move == 2


def test_column_captures_are_re_sown_after_the_landing_the_laps_start_or_the_moves():
    # a2 (2): a3, a4 (occupied): relay a4 (2): a5, a6 (empty inner), facing b10 (1) and b1 (2)
    a, b = holes(h2=2, h4=1), holes(h10=1, h1=2, h3=2)
    column = {**RULES, "captured_to": "resow"}
    s = at(describe({**column, "resow_from": "landing"}, stores=False), a, b)
    events = s.game.rules.trace_move(s.game.params, s._st.copy(), s.game.rules.text_to_move("a2"))
    assert [e["kind"] for e in events] == ["lap", "lap", "capture", "capture", "resow"]
    assert (events[-1]["after"], events[-1]["count"], events[-1]["last"]) == ("a6", 3, "a9")
    s.apply("a2")  # the 3 re-sown after a6: a7 a8 a9; the turn ends
    assert s.board()["a"] == holes(h3=1, h5=1, h6=1, h7=1, h8=1, h9=1) and s.board()["b"] == holes(h3=2)
    assert s.to_move == 2 and "captures" not in s.board()
    s = at(describe(column, stores=False), a, b)
    s.apply("a2")  # lap-start: after a4, where the capturing lap began: a5 a6 a7
    assert s.board()["a"] == holes(h3=1, h5=2, h6=2, h7=1) and s.to_move == 2
    s = at(describe({**column, "resow_from": "move-start"}, stores=False), a, b)
    s.apply("a2")  # move-start: after a2: a3 a4 a5
    assert s.board()["a"] == holes(h3=2, h4=1, h5=2, h6=1) and s.to_move == 2


def test_both_opposite_captures_re_sown_after_the_landing():
    # a2 (2): a3, a4 (occupied): relay a4 (2): a5, a6 (occupied inner), facing b10 and b1: 3 taken
    s = at(resowing(resow_from="landing"), holes(h2=2, h4=1, h6=1), holes(h10=1, h1=2, h3=2))
    s.apply("a2")  # re-sown after a6: a7 a8 a9; the turn ends
    assert s.board()["a"] == holes(h3=1, h5=1, h6=2, h7=1, h8=1, h9=1) and s.board()["b"] == holes(h3=2)
    assert s.to_move == 2


# --- opening steps ----------------------------------------------------------------------------------

OPENING_STEPS = [{"name": "opening", "params": {"steps": [
    {"hole": 4, "take": 1, "into": 5},                          # all of hole 4; 1 from each hole opposite the last into 5
    {"hole": 5, "count": 3, "from_hole": True, "relay": True},  # 3 of hole 5, the first back into it; relays
]}}]


def test_opening_steps_are_fixed_turns_alternating_then_the_main_play():
    desc = describe(RESOWING, OPENING_STEPS, stores=False)
    s = game(desc).new_state(1)
    assert s.board()["a"] == [2, 2, 2, 2, 2, 1, 1, 1, 1, 1] and s.legal_moves_text() == ["a4"]  # one legal move
    s.apply("a4")  # a5, a6; a6 (inner) faces b10 and b1: one from each into a5
    assert s.board()["a"] == [2, 2, 2, 0, 5, 2, 1, 1, 1, 1] and s.board()["b"] == [1, 2, 2, 2, 2, 1, 1, 1, 1, 0]
    assert s.to_move == 2 and s.legal_moves_text() == ["b4"]  # the other player's step 1
    s.apply("b4")  # likewise, taking a10 and a1 into b5
    assert s.board()["a"] == [1, 2, 2, 0, 5, 2, 1, 1, 1, 0]
    assert s.to_move == 1 and s.legal_moves_text() == ["a5"]
    s.apply("a5")  # three of a5's five: one stays, a6, a7 (2): relays a7, a9, a1, a3, a6, a10, a2, ending in a6 (empty)
    assert s.board()["a"] == [1, 0, 1, 2, 5, 1, 1, 3, 1, 0]  # no capture in the relays (b untouched)
    assert s.board()["b"] == [1, 2, 2, 0, 5, 2, 1, 1, 1, 0]
    assert s.to_move == 2 and s.legal_moves_text() == ["b5"]
    s.apply("b5")
    assert s.board()["b"] == [1, 0, 1, 2, 5, 1, 1, 3, 1, 0]
    assert s.to_move == 1 and s.legal_moves_text() == ["a4", "a5", "a8"]  # the opening is over: the main play


def test_opening_steps_position_says_each_players_steps():
    desc = describe(RESOWING, OPENING_STEPS, stores=False)
    s = at(desc, [2, 2, 2, 0, 5, 2, 1, 1, 1, 1], [1, 2, 2, 2, 2, 1, 1, 1, 1, 0], to_move=2, opening_steps=[1, 0])
    assert s.legal_moves_text() == ["b4"] and s.position_spec()["opening_steps"] == [1, 0]
    s.apply("b4")
    assert s.to_move == 1 and s.legal_moves_text() == ["a5"] and s.position_spec()["opening_steps"] == [1, 1]
    assert "opening_steps" not in at(desc, holes(h5=2), holes(h5=2)).position_spec()  # not given: the opening is over
    with pytest.raises(ValueError, match="alternate, player 1 first"):
        at(desc, holes(h5=2), holes(h5=2), to_move=1, opening_steps=[0, 1])
    for bad in ([1], [1, -1], [1, True], "11", [0, 9]):  # one count a player, 0 to the steps
        with pytest.raises(ValueError, match=r"position opening_steps must be the steps each player has made"):
            at(desc, holes(h5=2), holes(h5=2), opening_steps=bad)


# --- special-holes safe, extra-captures none_to_take ---------------------------------------------

def test_special_holes_safe_spares_the_ends_from_extra_captures():
    """special-holes' ``safe``: the ends (Misoro Tsoro (Additional Capture).lud's fixed misoro) are
    spared by the extra captures as chosen misoro are; without it they may be taken."""
    a, b = holes(h5=2, h1=1), holes(h2=3, h9=1, h1=2, h3=1, h5=4)
    extra = {"name": "extra-captures", "params": {"count": 1}}
    taken = at(describe(RULES, [{"name": "special-holes", "params": {"kind": "ends"}}, extra]), a, b)
    taken.apply("a5")  # a6, a7 (empty inner): b9 and b2 taken; one extra capture due
    assert taken.to_move == 1 and taken.legal_moves_text() == ["b1", "b3", "b5"]
    safe = at(describe(RULES, [{"name": "special-holes", "params": {"kind": "ends", "safe": True}}, extra]), a, b)
    safe.apply("a5")
    assert safe.to_move == 1 and safe.legal_moves_text() == ["b3"]  # b1 and b5 are ends


def test_extra_captures_none_to_take_lapse_or_pass_to_the_opponent():
    """extra-captures' ``none_to_take``: with captures due and none to take they lapse (the default),
    or (pass-to-opponent, Ludii's game-wide count) the capturer passes and the opponent takes those
    still due from the capturer's holes, sparing theirs, one a move, after which the capturer moves."""
    a, b = holes(h5=2, h1=1, h3=2, h8=2), holes(h2=3, h9=1, h1=2)
    ends = {"name": "special-holes", "params": {"kind": "ends", "safe": True}}
    lapse = at(describe(RULES, [ends, {"name": "extra-captures", "params": {"count": 2}}]), a, b)
    lapse.apply("a5")  # b9 and b2 taken; b1, an end, is safe: none to take
    assert lapse.to_move == 2 and lapse.board()["captures"] == [4, 0]
    desc = describe(RULES, [ends, {"name": "extra-captures", "params": {"count": 2, "none_to_take": "pass-to-opponent"}}])
    s = at(desc, a, b)
    s.apply("a5")
    assert s.to_move == 1 and s.legal_moves_text() == ["pass"]
    events = s.game.rules.trace_move(s.game.params, s._st.copy(), s.game.rules.text_to_move("pass"))
    assert [e["kind"] for e in events] == ["pass"]
    s.apply("pass")  # player 2 takes the two still due from player 1's holes, a1 (an end) spared
    assert s.to_move == 2 and s.legal_moves_text() == ["a3", "a6", "a7", "a8"]
    assert s.game.rules.position_spec(s._st)["extra_captures"] == 2
    s.apply("a3")
    assert s.to_move == 2 and s.legal_moves_text() == ["a6", "a7", "a8"]
    s.apply("a6")  # the second: player 1 moves next
    assert s.to_move == 1 and s.board()["captures"] == [4, 3] and s.legal_moves_text() == ["a8"]
    assert s.board()["a"] == holes(h1=1, h7=1, h8=2)


def test_extra_captures_passed_to_the_opponent_with_none_to_take_on_either_side_end_in_a_draw():
    """pass-to-opponent: the count stays due while neither player has a hole to take; each passes
    in turn, and two passes in a row end the game in a draw (Ludii's all-pass end)."""
    desc = describe(RULES, [{"name": "special-holes", "params": {"kind": "ends", "safe": True}},
                            {"name": "extra-captures", "params": {"count": 3, "none_to_take": "pass-to-opponent"}}])
    s = at(desc, holes(h5=2, h1=1), holes(h2=3, h9=1, h1=2))
    for move in ("a5", "pass", "a6", "a7"):  # b9, b2 taken; player 2 takes a6 and a7, two of the three
        s.apply(move)
    assert s.to_move == 2 and s.legal_moves_text() == ["pass"]  # a1 and b1, ends, are all that is left
    s.apply("pass")
    assert s.to_move == 1 and s.legal_moves_text() == ["pass"] and not s.is_terminal()
    s.apply("pass")
    assert s.is_terminal() and s.result().ending == "draw" and s.result().winner is None


# --- the widest board ----------------------------------------------------------------------------

WIDE = {
    "column-capture": (RULES, [{"name": "extra-captures", "params": {"count": 1}},
                               {"name": "special-holes", "params": {"kind": "heads"}}]),
    "resowing-restricted": ({**RESOWING, "long_lap": "sow-origin"},
                            [{"name": "restricted-holes", "params": {"sowing": "skip-corners", "release": "all-holes",
                                                                     "lasting": "per-turn", "capture": "unrestricted"}}]),
}
"""Two combinations of rules on the widest board: Tsoro's column capture with an extra capture and
heads; Lobudök's re-sown captures with restricted holes whose laps pass over the corners (two kinds
of track, a choice of lap at a corner: the released moves, ``a9+``)."""


def wide(rules: dict[str, Any], primitives: list[dict[str, Any]], holes: int) -> Game:
    desc = SowingDescription.model_validate({
        "game": "four-row-test", "board": {"rows": 4, "holes_per_row": holes, "stores": rules["captured_to"] == "store"},
        "setup": {"counters_per_row": [2, 1]}, "rules": rules, "primitives": primitives, "switches": []})
    return Game(FourRowGame(desc, "test"), {}, limits=Limits(turns=300, moves=3000))


@pytest.mark.parametrize("holes", [24, 28, 32])
@pytest.mark.parametrize("combination", sorted(WIDE))
def test_a_four_row_board_plays_up_to_32_holes_a_row(combination, holes):
    """The four-row board of the one machine: up to 32 holes a row (Tshuba 22, Hus (Damara) 24,
    Chiana wa Bwalo 28), a player's track of 64 holes (a hole's move 128 * player + position, its
    bit 63 in the masks of positions): seeded random games keep every counter, list their legal
    moves ascending, each named and read back, and a lap round a player's whole track covers it."""
    import random

    game = wide(*WIDE[combination], holes)
    total = 2 * holes * 3
    for seed in range(2):
        state = game.new_state(seed)
        pick = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_moves()
            assert legal == sorted(set(legal))
            assert [state.text_to_move(state.move_to_text(m)) for m in legal] == legal
            state.apply(pick.choice(legal))
            b = state.board()
            assert sum(b["a"]) + sum(b["b"]) + sum(b.get("captures", [])) == total and min(b["a"] + b["b"]) >= 0
    # a1 holds a lap round player 1's whole track (64 holes on the widest board): every hole of both
    # players is covered after it, player 2's from the start (bit 63 of each mask)
    n = 2 * holes
    spec = {"a": [n + 1] + [0] * (n - 1), "b": [1] * n, "to_move": 1}
    state = game.state_from_position(spec | ({"captures": [0, 0]} if "captures" in state.board() else {}))
    assert game.rules.counters(game.params, state.raw())["covered"] == n + 1
    state.apply("a1")
    assert game.rules.counters(game.params, state.raw())["covered"] == 2 * n


def test_the_four_row_board_refuses_33_holes_a_row_naming_the_field():
    """33 holes a row, written on the board or set by a switch's option: refused by the description's
    validation (schema.sowing), naming board.holes_per_row; the machine plays every width it allows."""
    base = {"game": "four-row-test", "board": {"rows": 4, "holes_per_row": 33, "stores": True},
            "setup": {"counters_per_row": [2, 1]}, "rules": RULES, "switches": []}
    with pytest.raises(ValueError, match=r"board\.holes_per_row\n.*less than or equal to 32"):
        SowingDescription.model_validate(base)
    bound = {**base, "board": {"rows": 4, "stores": True}, "switches": [
        {"id": "four-row-test.holes", "default": "32",
         "options": {"32": {"board.holes_per_row": 32}, "33": {"board.holes_per_row": 33}}}]}
    with pytest.raises(ValueError, match=r"option '33': board\.holes_per_row = 33 is not 2 to 32"):
        SowingDescription.model_validate(bound)
    del bound["switches"][0]["options"]["33"]
    bound["switches"][0]["options"]["22"] = {"board.holes_per_row": 22}  # Tshuba's widest
    described.check_played(SowingDescription.model_validate(bound))
