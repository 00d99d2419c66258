"""Two faults at Ludii's limits found by an independent check (issue 20), each with its reproduction.

- Lobudök, a player stuck exactly at the move limit: Ludii reaches the loss only after the forced
  pass, which would be move 82, past the cap, so the game is unfinished (not a win for player 2).
- A turn cut short by the move limit at a decision inside the turn counts as played (statement
  ``counting`` of Tsoro and Lobudök, as in Tauru): Tsoro seed 1, move_limit 41, stopped with
  extra captures still due, has begun 18 turns; Lobudök seed 5, move_limit 279, stopped at a
  choice of lap, has begun 149.
"""

from __future__ import annotations

import engine

LOBUDOK_STUCK = ("a15 b7 a5 b10 a11 b11 a13 b4 a14 b5 a3 b10 a12 b15 a4 b11 a7 b13 a5 b4 a10 b3 a16 b13 a7 b11 "
                 "a9 b7 a15 b12 a2 b15 a3 b2 a6 b3 a14 b10 a12 b14").split()
LOBUDOK_AT_A_CHOICE = """
    a7 b15 a11 b11 a3 b15 a4 b5 a13 b6 a12 b2 a15 b12 a5 b5 a14 b15 a3 b10 a2 b2 a13 b11 a14 b12 a5 b7 a10 b14
    a3 b6 a12 b2 a11 b12 a14 b10 a16 b5 a5 b6 a6 b10 a11 b12 a10 b11 a7 b2 a11 b4 a13 b15 a11 b6 a12 b11 a3 b12
    a14 b6 a4 b7 a13 b13 a12 b12 a4 b13 a5 b5 a10 b6 a10 b7 a11 b15 a7 b10 a14 b3 a10 b11 a5 b2 a12 b12 a13 b4
    a14 b10 a15 b13 a2 b6 a6 b12 a11 b7 a10 b13 a13 b4 a5 b11 a12 b10 a3 b2 a4 b3 a15 b11 a5 b10 a14 b12 a7 b3
    a6 b7 a12 b10 a11 b12 a14 b4 a13 b14 a15 b11 a6 b7 a3 b2 a7 b5 a10 b6 a11 b13 a12 b5 a13 b6 a14 b6 a9
""".split()
"""Lobudök seed 5 under ludii: the last move, a9, relays into a corner, where the kind of the next lap is the
player's choice (a9 or a9+): a decision inside the 149th turn, at move 279."""
TSORO_CUT_SHORT = "a3 b2 a4 b1 a6 b6 b8 b9 b5 a1 b4 a12 b7 b5 b2 b6 a8 b7 a9 b8 a4 a10 a11 a3 b9 a7 b10".split()


def _play(game_id: str, seed: int, move_limit: int, moves: list[str]):
    s = engine.new_game(game_id, ruleset="ludii", seed=seed, move_limit=move_limit)
    for m in moves:
        s.apply(m)
    return s


def test_lobudok_stuck_exactly_at_the_move_limit_is_unfinished():
    s = _play("lobudok", 191, 81, LOBUDOK_STUCK)
    assert s.is_terminal()
    assert s.result().ending == "unfinished" and s.result().winner is None
    assert s.moves_made == 81 and s.turns == 40  # the forced pass, move 82, is not played


def test_lobudok_stuck_below_the_limit_still_loses_after_the_counted_pass():
    s = _play("lobudok", 191, 82, LOBUDOK_STUCK)
    assert s.result().ending == "win" and s.result().winner == 2
    assert s.moves_made == 82 and s.turns == 41


def test_tsoro_turn_cut_short_by_the_move_limit_counts_as_played():
    s = _play("tsoro-additional-capture", 1, 41, TSORO_CUT_SHORT)
    assert s.is_terminal() and s.result().ending == "unfinished"
    assert s.moves_made == 41 and s.turns == 18


def test_lobudok_turn_cut_short_by_the_move_limit_at_a_choice_counts_as_played():
    free = _play("lobudok", 5, 10000, LOBUDOK_AT_A_CHOICE)
    assert not free.is_terminal() and any(m.endswith("+") for m in free.legal_moves_text())
    assert free.turns == 148 and free.moves_made == 279  # 148 turns played, the 149th under way
    s = _play("lobudok", 5, 279, LOBUDOK_AT_A_CHOICE)
    assert s.is_terminal() and s.result().ending == "unfinished"
    assert s.turns == 149 and s.moves_made == 279
