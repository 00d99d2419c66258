"""Hand-worked Lobudök positions in Beaton's numbering, at least one for every value of every switch.

Each player numbers their holes 1-16 along their anticlockwise track from the leftmost hole of
their outer row: 1-8 along the outer row, 9-16 back along the inner row (a1-a16 for player 1,
b1-b16 for player 2). Corners: 1, 8, 9, 16; middle holes: 2-7 and 10-15. A player's inner hole k
(9-16) faces the opponent's inner hole 25-k and, behind it, the opponent's outer hole k-8 (a9
faces b16 and b1, a14 faces b11 and b6). Each test states the position, the move and the board
worked out by hand. Unless a test says otherwise the switches are the engine's defaults (the
archive's ``sources`` ruleset): skip-corners, reserve-holes, permanent, in-use-holes, lap-start,
end-turn, sow-origin, capture-all, end-game.
"""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.games import GAMES
from engine.mancala import fourrow
from engine.result import Result

GAME = "lobudok"
SEED_LAYOUT = "0,0,1,0,0,1,6,0,8,0,1,0,0,1,6,8"
"""The start, from a player's leftmost outer hole anticlockwise (DLP.Evidence.1881, after Beaton)."""
START = [int(c) for c in SEED_LAYOUT.split(",")]


def holes(**counts: int) -> list[int]:
    """Sixteen counts in Beaton's numbering from keyword arguments ``h1=..`` .. ``h16=..``."""
    out = [0] * 16
    for key, c in counts.items():
        out[int(key[1:]) - 1] = c
    return out


def at(a: list[int], b: list[int], to_move: int = 1, ruleset: str | None = None,
       extra: dict[str, Any] | None = None, **switches: str):
    game = engine.load_game(GAME, ruleset=ruleset, switches={k.replace("_", "-"): v for k, v in switches.items()})
    return game.state_from_position({"a": a, "b": b, "to_move": to_move, **(extra or {})})


def after(state, *moves: str) -> dict[str, Any]:
    for m in moves:
        state.apply(m)
    return {k: v for k, v in state.board().items() if k != "sites"}


# --- the start -----------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", [None, "ludii"])
def test_the_start_is_beatons_layout_hole_by_hole(ruleset):
    s = engine.new_game(GAME, ruleset=ruleset)
    for player in ("a", "b"):
        for k in range(1, 17):
            assert s.board()[player][k - 1] == START[k - 1], f"{player}{k}"
    assert START == [0, 0, 1, 0, 0, 1, 6, 0, 8, 0, 1, 0, 0, 1, 6, 8] and sum(START) == 32
    assert s.board()["released"] == [False, False]


def test_the_holes_are_laid_out_for_drawing_as_player_1_sees_them():
    sites = engine.new_game(GAME).board()["sites"]
    assert len(sites) == 32 and len({(x["row"], x["col"]) for x in sites}) == 32
    at = {(x["row"], x["col"]): x for x in sites}
    assert [at[(0, c)]["name"] for c in range(8)] == [f"b{k}" for k in range(8, 0, -1)]
    assert [at[(1, c)]["name"] for c in range(8)] == [f"b{k}" for k in range(9, 17)]
    assert [at[(2, c)]["name"] for c in range(8)] == [f"a{k}" for k in range(16, 8, -1)]
    assert [at[(3, c)]["name"] for c in range(8)] == [f"a{k}" for k in range(1, 9)]
    assert all(x["count"] == START[int(x["name"][1:]) - 1] and x["owner"] == (1 if x["name"][0] == "a" else 2)
               for x in sites)


def test_the_start_is_ludiis_start_site_by_site():
    # Lobudok.lud: 1 counter at sites 2 5 13 10 29 26 18 21, 8 at 15 16 8 23, 6 at 6 9 22 25.
    raw = engine.new_game(GAME).raw()[:32].tolist()
    want = [0] * 32
    for site in (2, 5, 13, 10, 29, 26, 18, 21):
        want[site] = 1
    for site in (15, 16, 8, 23):
        want[site] = 8
    for site in (6, 9, 22, 25):
        want[site] = 6
    assert raw == want


def test_only_the_middle_holes_with_two_or_more_can_start_at_first():
    s = engine.new_game(GAME)
    assert s.to_move == 1 and s.legal_moves_text() == ["a7", "a15"]  # a9 and a16 hold 8, but are reserves


def test_ludii_first_move_a7_relays_three_times_and_captures():
    # a7 (6), corners skipped: a10 a11 a12 a13 a14 a15 (a15 now 7; b10 empty: no capture).
    # Relay a15 (7): a2 a3 a4 a5 a6 a7 a10 (a10 now 2; b2 empty). Relay a10 (2): a11 a12 (a12 now 2;
    # b13 empty). Relay a12 (2): a13 a14; a14 now 3 faces b11 (1) and b6 (1): both taken, and the 2
    # sown again from the hole after a12 (the capturing lap's start): a13, a14. The turn ends.
    s = engine.new_game(GAME, ruleset="ludii")
    assert after(s, "a7") == {"a": [0, 1, 2, 1, 1, 2, 1, 0, 8, 0, 3, 0, 3, 4, 0, 8],
                              "b": [0, 0, 1, 0, 0, 0, 6, 0, 8, 0, 0, 0, 0, 1, 6, 8], "released": [False, False]}
    assert (s.moves_made, s.turns, s.to_move) == (4, 1, 2)
    assert s.legal_moves_text() == ["b7", "b15"]


# --- lobudok.restricted-sowing ---------------------------------------------------------------------

SOW = dict(a=holes(h6=3, h9=8, h16=8), b=START)


def test_skip_corners_passes_over_the_corners():
    # a6 (3): a7, (a8, a9 skipped) a10, a11; a11 was empty: the turn ends.
    s = at(**SOW, restricted_sowing="skip-corners")
    assert s.legal_moves_text() == ["a6"]
    assert after(s, "a6")["a"] == holes(h7=1, h9=8, h10=1, h11=1, h16=8)


def test_start_only_sows_into_the_corners_and_relays_from_them():
    # a6 (3): a7, a8, a9 (now 9; b1 is empty: no capture); relay a9 (9): a10-a15, a16 (now 9), a1,
    # a2 (was empty): the turn ends.
    s = at(**SOW, restricted_sowing="start-only")
    assert s.legal_moves_text() == ["a6"]
    assert after(s, "a6")["a"] == [1, 1, 0, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 1, 1, 9]
    assert s.moves_made == 2


# --- lobudok.release -------------------------------------------------------------------------------

RELEASE = dict(a=holes(h2=1, h4=1, h8=3, h9=2, h11=1, h16=5), b=START)


def test_reserve_holes_release_through_holes_9_and_16():
    s = at(**RELEASE, release="reserve-holes")
    assert s.legal_moves_text() == ["a9", "a16"]  # a8 holds 3, but the release is through the reserves
    assert s.board()["released"] == [True, False]
    # a16 (5), nothing skipped now: a1, a2, a3, a4, a5 (was empty): the turn ends.
    assert after(s, "a16")["a"] == [1, 2, 1, 2, 1, 0, 0, 3, 2, 0, 1, 0, 0, 0, 0, 0]


def test_all_holes_release_lets_any_hole_with_two_start():
    s = at(**RELEASE, release="all-holes")
    assert s.legal_moves_text() == ["a8", "a9", "a16"]


# --- lobudok.release-permanent ---------------------------------------------------------------------

def test_a_permanent_release_keeps_the_full_half_when_a_middle_hole_fills_again():
    s = at(holes(h2=2, h9=3), START, extra={"released": [True, False]}, release_permanent="permanent")
    assert s.legal_moves_text() == ["a2", "a9"]


def test_per_turn_release_is_decided_afresh_each_turn():
    # Ludii's quirk: the release is never remembered; a middle hole holding two restricts again.
    s = at(holes(h2=2, h9=3), START, release_permanent="per-turn")
    assert s.legal_moves_text() == ["a2"]
    with pytest.raises(ValueError, match="remembered only"):
        at(holes(h2=2, h9=3), START, extra={"released": [True, False]}, release_permanent="per-turn")


# a16 (8), a released lap: a1..a8; a8 held 1 (now 2), a corner; no middle hole holds two.
CORNER = dict(a=holes(h8=1, h16=8), b=START)


def test_per_turn_a_lap_ending_in_a_corner_offers_a_restricted_or_a_released_relay():
    s = at(**CORNER, ruleset="ludii")
    assert s.legal_moves_text() == ["a16"]
    assert after(s, "a16")["a"] == [1, 1, 1, 1, 1, 1, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0]
    assert s.to_move == 1 and s.legal_moves_text() == ["a8", "a8+"]
    # a8 restricted (2): a9 skipped, a10, a11 (empty): the turn ends.
    assert after(s.clone(), "a8")["a"] == [1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0]
    # a8+ released (2): a9, a10 (empty): the turn ends.
    r = s.clone()
    assert after(r, "a8+")["a"] == [1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0]
    assert r.to_move == 2 and (r.moves_made, r.turns) == (2, 1)


def test_a_permanent_release_relays_on_the_full_half_without_a_choice():
    s = at(**CORNER, release_permanent="permanent")
    assert after(s, "a16")["a"] == [1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0]
    assert s.board()["released"] == [True, False] and s.to_move == 2


# --- lobudok.restricted-capture --------------------------------------------------------------------

# Player 1 released, player 2 still restricted (b7 holds 6). a7 (2): a8, a9; a9 now 2, a corner,
# faces b16 (2) and b1 (1): holes player 2 is not using.
GUARD = dict(a=holes(h7=2, h9=1), b=holes(h1=1, h7=6, h16=2), extra={"released": [True, False]})


def test_in_use_holes_forbid_a_capture_from_a_restricted_opponents_reserves():
    s = at(**GUARD, restricted_capture="in-use-holes")
    # no capture: relay a9 (2): a10, a11 (empty): the turn ends.
    assert after(s, "a7") == {"a": holes(h8=1, h10=1, h11=1), "b": GUARD["b"], "released": [True, False]}


def test_unrestricted_captures_in_every_column():
    s = at(**GUARD, restricted_capture="unrestricted")
    # b16 and b1 taken (3) and sown from the hole after a7: a8, a9, a10. The turn ends.
    assert after(s, "a7") == {"a": holes(h8=2, h9=3, h10=1), "b": holes(h7=6), "released": [True, False]}


def test_in_use_holes_capture_once_the_opponent_is_released():
    s = at(GUARD["a"], GUARD["b"], extra={"released": [True, True]}, restricted_capture="in-use-holes")
    assert after(s, "a7")["a"] == holes(h8=2, h9=3, h10=1)


# --- lobudok.resow-from and lobudok.after-resow ----------------------------------------------------

# a4 (2): a5, a6 (now 2, outer): relay a6 (2): a7, (a8, a9 skipped) a10; a10 now 2 faces b15 (3)
# and b2 (1): 4 counters captured.
RESOW = dict(a=holes(h4=2, h6=1, h9=8, h10=1, h16=8), b=holes(h2=1, h7=6, h15=3))


def test_lap_start_resows_from_the_hole_after_the_capturing_laps_start():
    s = at(**RESOW, resow_from="lap-start")
    assert s.legal_moves_text() == ["a4"]
    # the 4 go into a7, a10, a11, a12 (after a6, corners skipped)
    assert after(s, "a4") == {"a": holes(h5=1, h7=2, h9=8, h10=3, h11=1, h12=1, h16=8), "b": holes(h7=6),
                              "released": [False, False]}
    assert s.moves_made == 2 and s.to_move == 2


def test_move_start_resows_from_the_hole_after_the_turns_start():
    s = at(**RESOW, resow_from="move-start")
    # the 4 go into a5, a6, a7, a10 (after a4)
    assert after(s, "a4")["a"] == holes(h5=2, h6=1, h7=2, h9=8, h10=3, h16=8)


RESOW_ON = dict(a=holes(h4=2, h6=1, h9=8, h10=1, h12=1, h16=8), b=RESOW["b"])


def test_end_turn_after_the_resowing():
    s = at(**RESOW_ON, after_resow="end-turn")
    # the re-sowing ends in a12 (now 2), but the turn ends there
    assert after(s, "a4")["a"] == holes(h5=1, h7=2, h9=8, h10=3, h11=1, h12=2, h16=8)
    assert s.moves_made == 2


def test_relay_after_the_resowing():
    s = at(**RESOW_ON, after_resow="relay")
    # a12 (2) faces b13 and b4, both empty: no capture; relay a12: a13, a14 (empty): the turn ends.
    assert after(s, "a4")["a"] == holes(h5=1, h7=2, h9=8, h10=3, h11=1, h13=1, h14=1, h16=8)
    assert s.moves_made == 3


# --- lobudok.long-lap ------------------------------------------------------------------------------

# A restricted lap of 12 from a3 comes round the twelve middle holes to a3 itself; b holds nothing
# that a capture could take.
LONG_LAP = dict(a=holes(h3=12, h9=8, h16=8), b=holes(h5=2))


def test_a_restricted_lap_of_12_sows_its_own_emptied_hole():
    # a3 (12): a4-a7, (a8, a9 skipped) a10-a15, (a16, a1 skipped) a2, a3 (the 12th, was emptied): ends.
    s = at(**LONG_LAP, long_lap="sow-origin")
    assert after(s, "a3")["a"] == holes(h2=1, h3=1, h4=1, h5=1, h6=1, h7=1, h9=8, h10=1, h11=1, h12=1, h13=1,
                                          h14=1, h15=1, h16=8)
    assert s.moves_made == 1 and s.to_move == 2


def test_a_restricted_lap_of_12_that_skips_its_hole_lands_in_a4_and_relays():
    # a3 (12): a4-a7, a10-a15, a2 (11), a3 passed over, the 12th into a4 (now 2): relay a4: a5, a6 (2);
    # a6: a7, a10 (2; b15, b2 empty: no capture); a10: a11, a12 (2); a12: a13, a14 (2); a14: a15,
    # (a16, a1 skipped) a2 (2); a2: a3, a4 (both emptied: 1): the turn ends after seven laps.
    s = at(**LONG_LAP, long_lap="skip-origin")
    assert after(s, "a3")["a"] == holes(h3=1, h4=1, h5=2, h7=2, h9=8, h11=2, h13=2, h15=2, h16=8)
    assert s.moves_made == 7 and s.to_move == 2


LONG_RELEASED = dict(a=holes(h5=16), b=holes(h5=2), extra={"released": [True, False]})


def test_a_released_lap_of_16_sows_its_own_emptied_hole():
    # a5 (16): a6-a16, a1-a4, a5 (the 16th): every hole holds one; the turn ends.
    s = at(**LONG_RELEASED, long_lap="sow-origin")
    assert after(s, "a5")["a"] == [1] * 16
    assert s.moves_made == 1


def test_a_released_lap_of_16_that_skips_its_hole_relays_from_a6():
    # a5 (16): a6-a16, a1-a4 (15), a5 passed over, the 16th into a6 (2): relay a6: a7, a8 (2); a8: a9,
    # a10 (2; b15, b2 empty); a10: a11, a12; a12: a13, a14; a14: a15, a16 (2; b9, b8 empty); a16: a1,
    # a2; a2: a3, a4; a4: a5, a6 (both emptied: 1): the turn ends after nine laps.
    s = at(**LONG_RELEASED, long_lap="skip-origin")
    assert after(s, "a5")["a"] == holes(h1=2, h3=2, h5=1, h6=1, h7=2, h9=2, h11=2, h13=2, h15=2)
    assert s.moves_made == 9


# a4 (2): a5, a6 (2): relay a6: a7, a10 (2), facing b15 (10) and b2 (2): 12 captured, re-sown after a6
# (lap-start), all the way round the twelve middle holes.
LONG_RESOW = dict(a=holes(h4=2, h6=1, h9=8, h10=1, h16=8), b=holes(h2=2, h7=6, h15=10))


def test_a_resowing_of_12_sows_the_hole_it_starts_after():
    # the 12 go into a7, a10-a15, a2-a5 and a6 (the 12th): the turn ends.
    s = at(**LONG_RESOW, long_lap="sow-origin")
    assert after(s, "a4") == {"a": holes(h2=1, h3=1, h4=1, h5=2, h6=1, h7=2, h9=8, h10=3, h11=1, h12=1, h13=1,
                                         h14=1, h15=1, h16=8),
                              "b": holes(h7=6), "released": [False, False]}
    assert s.moves_made == 2 and s.to_move == 2


def test_a_resowing_of_12_that_skips_the_hole_it_starts_after():
    # the 12 go into a7, a10-a15, a2-a5 (11), a6 passed over, a7 (the 12th): the turn ends.
    s = at(**LONG_RESOW, long_lap="skip-origin")
    assert after(s, "a4")["a"] == holes(h2=1, h3=1, h4=1, h5=2, h7=3, h9=8, h10=3, h11=1, h12=1, h13=1, h14=1,
                                        h15=1, h16=8)
    assert s.moves_made == 2 and s.to_move == 2


# --- lobudok.end -----------------------------------------------------------------------------------

LAST = dict(a=RESOW["a"], b=holes(h2=1, h15=3))


@pytest.mark.parametrize("end", ["capture-all", "cannot-move"])
def test_taking_the_opponents_last_counters_wins(end):
    s = at(**LAST, end=end)
    s.apply("a4")
    assert s.board()["b"] == [0] * 16
    # cannot-move: player 2, left with nothing, cannot move: Ludii's forced pass is one more turn and move
    assert s.result() == Result("win", 1, (1, 0)) and s.turns == (1 if end == "capture-all" else 2)


# Player 2 to move with single counters only (and empty reserves): no legal move.
STUCK = dict(a=holes(h4=2, h9=8, h16=8), b=holes(h2=1, h3=1, h10=1), to_move=2)


def test_capture_all_a_stuck_player_passes_and_two_passes_draw():
    s = at(**STUCK, end="capture-all")
    assert s.legal_moves_text() == ["pass"]
    assert s.board()["released"] == [False, True]  # released: no middle hole holds two
    s.apply("pass")
    assert s.to_move == 1 and s.legal_moves_text() == ["a4"]
    d = at(holes(h2=1), holes(h2=1), end="capture-all")
    d.apply("pass")
    d.apply("pass")
    assert d.result() == Result("draw", None, (0, 0)) and (d.turns, d.moves_made) == (2, 2)


def test_cannot_move_a_stuck_player_loses():
    s = at(**STUCK, end="cannot-move")
    assert s.result() == Result("win", 1, (1, 0)) and s.legal_moves() == []
    # Ludii records a forced pass before the loss: one turn and one move, counted as Ludii counts
    assert (s.turns, s.moves_made) == (1, 1)


# --- lobudok.endless -------------------------------------------------------------------------------

# Found in random play (ludii ruleset): b13 relays for 41 laps and comes back to this position with
# b13 to be taken up again, so the move can never end.
ENDLESS_AT = dict(a=[0, 1, 0, 0, 0, 1, 1, 0, 8, 0, 0, 2, 1, 0, 0, 8],
                  b=[0, 0, 3, 2, 3, 5, 1, 0, 8, 2, 6, 1, 2, 0, 1, 8], to_move=2)


def test_an_endless_move_ends_the_game_as_endless():
    s = at(**ENDLESS_AT, ruleset="ludii", endless="end-game")
    assert "b13" in s.legal_moves_text()
    s.apply("b13")
    assert s.result() == Result("endless", None, (0, 0))
    assert s.board()["a"] == ENDLESS_AT["a"] and s.board()["b"] == ENDLESS_AT["b"]
    assert s.moves_made == 41


def test_an_endless_move_is_not_legal_when_endless_is_illegal():
    s = at(**ENDLESS_AT, ruleset="ludii", endless="illegal")
    both = at(**ENDLESS_AT, ruleset="ludii", endless="end-game")
    assert set(both.legal_moves_text()) - set(s.legal_moves_text()) == {"b13"}
    with pytest.raises(ValueError, match="illegal move 'b13'"):
        s.apply("b13")


def test_endless_is_detected_by_repetition_not_by_a_lap_count():
    game = engine.load_game(GAME, ruleset="ludii", move_limit=35)
    s = game.state_from_position(ENDLESS_AT)
    s.apply("b13")
    assert s.result().ending == "unfinished" and s.moves_made == 35


# --- positions and notation ------------------------------------------------------------------------

def test_position_spec_round_trips_a_relay_choice():
    s = at(**CORNER, ruleset="ludii")
    s.apply("a16")
    spec = s.game.rules.position_spec(s._st)
    assert spec["relay_from"] == "a8" and spec["turn_start"] == "a16"
    again = s.game.state_from_position(spec)
    assert again.legal_moves_text() == ["a8", "a8+"] and again.board() == s.board()


@pytest.mark.parametrize("bad, message", [
    ({"a": [0] * 15}, "must list 16 counts"),
    ({"to_move": 0}, "to_move"),
    ({"released": [1, 0]}, "two booleans"),
    ({"relay_from": "a9"}, "no choice of lap"),
    ({"turn_start": "b3"}, "a hole of the player to move"),
    ({"captures": [0, 0]}, "unknown position field"),
])
def test_malformed_positions_raise(bad, message):
    spec = {"a": START, "b": START, "to_move": 1, **bad}
    with pytest.raises(ValueError, match=message):
        engine.load_game(GAME).state_from_position(spec)


def test_released_laps_are_written_with_a_plus():
    rules = GAMES[GAME]
    assert rules.move_to_text(rules.text_to_move("a9+")) == "a9+"
    assert rules.text_to_move("b16") == fourrow.hole_move(1, 15)
    with pytest.raises(ValueError, match="unknown move 'a17'"):
        rules.text_to_move("a17")


def test_ludii_ruleset_is_ludiis_reading():
    assert engine.resolve(GAME, ruleset="ludii") == {
        "lobudok.restricted-sowing": "skip-corners",
        "lobudok.release": "all-holes",
        "lobudok.release-permanent": "per-turn",
        "lobudok.restricted-capture": "unrestricted",
        "lobudok.resow-from": "lap-start",
        "lobudok.after-resow": "end-turn",
        "lobudok.long-lap": "sow-origin",
        "lobudok.end": "cannot-move",
        "lobudok.no-move": "lose",
        "lobudok.endless": "end-game",
        "lobudok.first-player": "player-1",
    }
