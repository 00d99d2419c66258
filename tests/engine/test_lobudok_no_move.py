"""lobudok.no-move: what a player who still has counters but no legal move does under capture-all.

No source says; the two completions are a pass (two passes in a row draw) and a loss. Under
end = cannot-move the switch has no effect: the stuck player loses either way.
"""

from __future__ import annotations

import pytest

import engine
from engine.result import Result

GAME = "lobudok"


def holes(**counts: int) -> list[int]:
    """Sixteen counts in Beaton's numbering from ``h1=..`` .. ``h16=..``."""
    out = [0] * 16
    for key, c in counts.items():
        out[int(key[1:]) - 1] = c
    return out


# Player 2 to move with lone counters only (two in the outer row, one in the inner row): no legal
# move, though they still have counters. Player 1 can move (a4 holds two).
STUCK = {"a": holes(h4=2, h9=8, h16=8), "b": holes(h2=1, h3=1, h10=1), "to_move": 2}


def at(position: dict, **switches: str):
    game = engine.load_game(GAME, switches=switches)
    return game.state_from_position(position)


def test_pass_lets_the_opponent_play_on():
    s = at(STUCK, end="capture-all", **{"no-move": "pass"})
    assert s.result() is None and s.legal_moves_text() == ["pass"]
    s.apply("pass")
    assert s.to_move == 1 and s.legal_moves_text() == ["a4"]


def test_pass_twice_in_a_row_is_a_draw():
    s = at({"a": holes(h2=1), "b": holes(h2=1), "to_move": 1}, end="capture-all", **{"no-move": "pass"})
    s.apply("pass")
    s.apply("pass")
    assert s.result() == Result("draw", None, (0, 0))


def test_lose_ends_the_game_for_the_stuck_player():
    s = at(STUCK, end="capture-all", **{"no-move": "lose"})
    assert s.result() == Result("win", 1, (1, 0)) and s.legal_moves() == []


def test_lose_for_player_1_stuck_too():
    stuck_1 = {"a": holes(h3=1, h11=1), "b": holes(h5=2, h9=8), "to_move": 1}
    s = at(stuck_1, end="capture-all", **{"no-move": "lose"})
    assert s.result() == Result("win", 2, (0, 1))


@pytest.mark.parametrize("no_move", ["pass", "lose"])
def test_under_cannot_move_the_switch_changes_nothing(no_move):
    s = at(STUCK, end="cannot-move", **{"no-move": no_move})
    assert s.result() == Result("win", 1, (1, 0))


def test_a_player_who_can_move_is_not_affected():
    s = at({**STUCK, "to_move": 1}, end="capture-all", **{"no-move": "lose"})
    assert s.result() is None and s.legal_moves_text() == ["a4"]


def test_the_archive_and_the_engine_agree_on_the_switch():
    from engine import rulesets

    archive = rulesets.load()
    (switch,) = [s for s in archive.games[GAME].switches if s.id == "lobudok.no-move"]
    (engine_switch,) = [s for s in engine.games.GAMES[GAME].switches if s.id == "lobudok.no-move"]
    assert tuple(a.id for a in switch.alternatives) == engine_switch.options == ("pass", "lose")
