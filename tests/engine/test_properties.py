"""Property tests over random positions and random switch values (hypothesis)."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.agents import RandomAgent, play_out
from engine.games import GAMES
from engine.replay import replay
from engine.result import ENDINGS

TAP = GAMES["tap-urdy"]
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

switch_values = st.fixed_dictionaries({s.id: st.sampled_from(s.options) for s in TAP.switches})


@st.composite
def positions(draw):
    """48 counters spread over the 12 holes and the two stores, and a player to move."""
    cells = draw(st.lists(st.integers(0, 13), min_size=48, max_size=48))
    counts = np.bincount(cells, minlength=14).tolist()
    return {"a": counts[:6], "b": counts[6:12], "captures": counts[12:], "to_move": draw(st.sampled_from([1, 2]))}


def counters(state) -> list[int]:
    b = state.board()
    return b["a"] + b["b"] + b["captures"]


@SETTINGS
@given(switches=switch_values, pos=positions())
def test_every_legal_move_applies_and_conserves_counters(switches, pos):
    s = engine.load_game("tap-urdy", switches=switches).state_from_position(pos)
    for move in s.legal_moves():
        c = s.child(move)
        cells = counters(c)
        assert sum(cells) == 48
        assert min(cells) >= 0
        assert c.history() == [move]
        assert c.turns == 1 and c.moves_made >= 1
        assert c.is_terminal() or (c.to_move in (1, 2) and c.legal_moves() == sorted(c.legal_moves()))


@SETTINGS
@given(switches=switch_values, pos=positions())
def test_a_move_outside_the_legal_moves_raises(switches, pos):
    s = engine.load_game("tap-urdy", switches=switches).state_from_position(pos)
    legal = set(s.legal_moves())
    for move in range(12):
        if move not in legal:
            try:
                s.clone().apply(move)
            except ValueError as exc:
                assert "illegal move" in str(exc)
            else:
                raise AssertionError(f"illegal move {move} was accepted")


@SETTINGS
@given(switches=switch_values, pos=positions(), turns=st.integers(1, 80), moves=st.integers(1, 400),
       agent=st.integers(0, 10**6))
def test_every_game_ends_within_the_limits_or_is_reported(switches, pos, turns, moves, agent):
    game = engine.load_game("tap-urdy", switches=switches, turn_limit=turns, move_limit=moves)
    s = game.state_from_position(pos)
    play_out(s, RandomAgent(agent))
    res = s.result()
    assert res is not None and res.ending in ENDINGS
    assert s.turns <= turns and s.moves_made <= moves
    if res.ending == "win":
        assert res.scores[res.winner - 1] > res.scores[2 - res.winner]
    if res.ending == "draw":
        assert res.scores[0] == res.scores[1]
    if res.ending == "endless":
        assert switches["tap-urdy.endless"] == "end-game"
    assert sum(counters(s)) == 48 and min(counters(s)) >= 0
    assert replay(s.record().to_dict()).same_as(s)
