"""Divergence on constructed pairs of readings, checked by hand."""

from __future__ import annotations

import pytest

import engine
from engine.compare.divergence import diverge, parse_reading

# Ludii's reading sows clockwise: from a hole h the next is h-1 (b3 -> b2 -> b1 -> a6 -> a5 ...);
# player 1 sows from player 2's row (b), player 2 from player 1's (a).
START = {"a": [1, 1, 1, 1, 2, 0], "b": [1, 1, 1, 0, 0, 0], "captures": [20, 19], "to_move": 1}


def test_relay_readings_part_on_the_first_relay():
    """b3's counter lands in b2 (1 -> 2) with b1 non-empty: the lap relays.
    take-up-last: b2's 2 counters go to b1 (-> 2) and a6 (empty -> 1): the move ends.
    next-hole: b1's 1 counter goes to a6 (empty -> 1): the move ends; b2 keeps its 2."""
    d = diverge("tap-urdy", "ludii", "ludii,relay=next-hole", moves=["b3"], start=START)
    assert (d.index, d.kind, d.move) == (1, "position", "b3")
    assert d.position_a == {"a": [1, 1, 1, 1, 2, 1], "b": [2, 0, 0, 0, 0, 0], "captures": [20, 19], "to_move": 2}
    assert d.position_b == {"a": [1, 1, 1, 1, 2, 1], "b": [0, 2, 0, 0, 0, 0], "captures": [20, 19], "to_move": 2}
    assert d.board_a != d.board_b and "b6 b5 b4 b3 b2 b1" in d.board_a
    assert d.to_dict()["differing_switches"] == {"tap-urdy.relay": ["take-up-last", "next-hole"]}


def test_moves_that_do_not_relay_agree_until_one_does():
    """b6 -> b5 (empty: ends); a1 -> b6 (empty: ends); then b3 relays as above."""
    start = dict(START, b=[1, 1, 1, 0, 0, 1])
    d = diverge("tap-urdy", "ludii", "ludii,relay=next-hole", moves=["b6", "a1", "b3", "a2"], start=start)
    assert (d.index, d.kind, d.move) == (3, "position", "b3")
    assert d.position_a["b"] == [2, 0, 0, 0, 1, 1] and d.position_b["b"] == [0, 2, 0, 0, 1, 1]
    assert d.position_a["a"] == d.position_b["a"] == [0, 1, 1, 1, 2, 1]
    assert "after move 3 (b3)" in d.describe()


def test_the_same_reading_never_diverges():
    d = diverge("tap-urdy", "ludii", "ludii", seed=5)
    assert not d.diverged and d.index is None and d.result_a == d.result_b
    assert len(d.moves) > 0 and "agree on all" in d.describe()


def test_a_random_game_is_played_under_reading_a():
    from engine.agents import RandomAgent, play_out

    d = diverge("tap-urdy", "ludii", "ludii", seed=9)
    s = play_out(engine.new_game("tap-urdy", ruleset="ludii", seed=9), RandomAgent(9))
    assert d.moves == [s.move_to_text(m) for m in s.history()]


def test_scoring_readings_part_only_on_the_result():
    d = diverge("tap-urdy", "ludii", "ludii,remaining=unscored", seed=1)
    assert d.kind == "result" and d.index == len(d.moves)
    assert d.result_a != d.result_b


def test_the_start_row_makes_the_first_move_illegal():
    """Player 1 may start only from b under enemy-row, only from a under own-row."""
    d = diverge("tap-urdy", "ludii", "ludii,start=own-row", moves=["b3"], start=START)
    assert (d.index, d.kind, d.move, d.illegal_in) == (0, "illegal-move", "b3", "b")
    assert d.legal_a == ["b1", "b2", "b3"] and d.legal_b == ["a1", "a2", "a3", "a4", "a5"]


def test_the_legal_moves_can_differ_on_the_same_position():
    """No move list: the readings differ in the legal moves at the start, with nothing to play."""
    d = diverge("tap-urdy", "ludii", "ludii,start=own-row", moves=[], start=START)
    assert (d.index, d.kind, d.move) == (0, "legal-moves", None)


def test_readings_parse_rulesets_and_settings():
    r = parse_reading("tap-urdy", "ludii,relay=next-hole")
    assert r.ruleset == "ludii" and r.switches == engine.resolve("tap-urdy", "ludii", {"relay": "next-hole"})
    alone = parse_reading("tap-urdy", "relay=next-hole")
    assert alone.ruleset is None and alone.switches["tap-urdy.relay"] == "next-hole"
    assert parse_reading("tap-urdy", {"relay": "next-hole"}).switches["tap-urdy.relay"] == "next-hole"
    for bad, message in (("", "a reading"), ("ludii,sources", "more than one ruleset"), ("nope", "unknown ruleset 'nope'"),
                         ("ludii,,relay=next-hole", "empty item"), ("relay=sideways", "unknown value 'sideways'")):
        with pytest.raises(ValueError, match=message):
            parse_reading("tap-urdy", bad)


def test_moves_illegal_under_both_readings_are_refused():
    with pytest.raises(ValueError, match=r"move 1 \('a1'\) is illegal under both readings"):
        diverge("tap-urdy", "ludii", "ludii,relay=next-hole", moves=["a1"], start=START)
    with pytest.raises(ValueError, match="move 1 \\('z9'\\)"):
        diverge("tap-urdy", "ludii", "ludii", moves=["z9"])


def test_first_divergence_takes_games_as_the_play_api_holds_them():
    from engine.compare.divergence import first_divergence

    a = engine.load_game("tap-urdy", "ludii")
    b = engine.load_game("tap-urdy", "ludii", {"relay": "next-hole"})
    found = first_divergence(a, b, ["b3"], start=START)
    assert (found.index, found.kind, found.position_b["b"]) == (1, "position", [0, 2, 0, 0, 0, 0])
    assert found.a.ruleset == "ludii" and found.b.switches == b.switches
    assert first_divergence(a, engine.load_game("tap-urdy", "ludii"), seed=2) is None
