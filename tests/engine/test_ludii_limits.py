"""Two faults at Ludii's limits found by an independent check (issue 20), each with its reproduction.

- Lobudök, a player stuck exactly at the move limit: Ludii reaches the loss only after the forced
  pass, which would be move 82, past the cap, so the game is unfinished (not a win for player 2).
- A turn cut short by the move limit at a decision inside the turn counts as played (statement
  ``counting`` of Tsoro and Lobudök, as in Tauru): Tsoro seed 1, move_limit 41, stopped with
  extra captures still due, has begun 18 turns.
"""

from __future__ import annotations

import engine

LOBUDOK_STUCK = ("a15 b7 a5 b10 a11 b11 a13 b4 a14 b5 a3 b10 a12 b15 a4 b11 a7 b13 a5 b4 a10 b3 a16 b13 a7 b11 "
                 "a9 b7 a15 b12 a2 b15 a3 b2 a6 b3 a14 b10 a12 b14").split()
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
