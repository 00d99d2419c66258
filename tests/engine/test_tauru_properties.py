"""Tauru property tests over random switch values and random games (hypothesis).

Each move of a random game is checked against what its kind allows: a placement puts one piece
from the mover's hand on an empty point; a step moves one of the mover's pieces to an empty
orthogonal neighbour; a removal takes one enemy piece off the board; a pass changes nothing on
the board. No piece ever comes back, the legal moves are sorted and of one kind, and every game
ends within its limits with a result Tauru's rules allow. What every game shares (illegal moves
refused, records replayed, positions round-tripped) is in test_conformance.py.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.agents import RandomAgent, play_out
from engine.games import GAMES
from engine.replay import replay
from engine.result import ENDINGS

TAURU = GAMES["tauru"]
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

switch_values = st.fixed_dictionaries({s.id: st.sampled_from(s.options) for s in TAURU.switches})


def points(state, symbol: str) -> set[str]:
    rows = state.board()["rows"]
    return {f"{'abcdef'[c]}{5 - i}" for i, row in enumerate(rows) for c, ch in enumerate(row) if ch == symbol}


def neighbours(p: str) -> set[str]:
    c, r = "abcdef".index(p[0]), int(p[1])
    return {f"{'abcdef'[c + dc]}{r + dr}" for dc, dr in ((0, 1), (0, -1), (1, 0), (-1, 0))
            if 0 <= c + dc < 6 and 1 <= r + dr <= 5}


def check_move(before, move: str, after) -> None:
    me = before.to_move
    mine, theirs = "xo"[me - 1], "xo"[2 - me]
    hands0, hands1 = before.board()["hands"], after.board()["hands"]
    m0, m1 = points(before, mine), points(after, mine)
    t0, t1 = points(before, theirs), points(after, theirs)
    empty = {f"{c}{r}" for c in "abcdef" for r in range(1, 6)} - m0 - t0
    if move == "pass":
        assert (m1, t1, hands1) == (m0, t0, hands0)
    elif move.startswith("x"):
        assert move[1:] in t0 and t1 == t0 - {move[1:]} and m1 == m0 and hands1 == hands0
    elif "-" in move:
        f, t = move.split("-")
        assert f in m0 and t in empty and t in neighbours(f)
        assert m1 == (m0 - {f}) | {t} and t1 == t0 and hands1 == hands0
    else:
        assert move in empty and m1 == m0 | {move} and t1 == t0
        assert hands1[me - 1] == hands0[me - 1] - 1 and hands1[2 - me] == hands0[2 - me]


@SETTINGS
@given(switches=switch_values, seed=st.integers(0, 2**63 - 1), agent=st.integers(0, 10**6))
def test_every_move_does_what_its_kind_allows_and_nothing_else(switches, seed, agent):
    s = engine.new_game("tauru", switches=switches, seed=seed, turn_limit=120)
    a = RandomAgent(agent)
    while not s.is_terminal():
        legal = s.legal_moves()
        assert legal == sorted(set(legal)) and legal
        kinds = {"pass" if t == "pass" else "x" if t.startswith("x") else "-" if "-" in t else "p"
                 for t in s.legal_moves_text()}
        assert len(kinds) == 1
        move = a.choose(s)
        after = s.child(move)
        check_move(s, s.move_to_text(move), after)
        assert after.moves_made == s.moves_made + 1 and after.turns in (s.turns, s.turns + 1)
        s = after


@SETTINGS
@given(switches=switch_values, seed=st.integers(0, 2**63 - 1), turns=st.integers(1, 60), moves=st.integers(1, 150),
       agent=st.integers(0, 10**6))
def test_every_game_ends_within_the_limits_or_is_reported(switches, seed, turns, moves, agent):
    s = engine.new_game("tauru", switches=switches, seed=seed, turn_limit=turns, move_limit=moves)
    play_out(s, RandomAgent(agent))
    res = s.result()
    assert res is not None and res.ending in ENDINGS and res.ending != "endless"
    assert s.turns <= turns and s.moves_made <= moves
    if res.ending == "win":
        assert res.scores[res.winner - 1] == 1 and res.scores[2 - res.winner] == 0
    else:
        assert res.winner is None and res.scores == (0, 0)
    if res.ending == "repetition":
        assert switches["tauru.repetition"] == "ends-game"
    assert all(0 <= h <= 12 for h in s.board()["hands"])
    assert replay(s.record().to_dict()).same_as(s)


def test_every_archive_ruleset_plays_to_the_end():
    from engine import rulesets

    for r in rulesets.rulesets("tauru"):
        game = engine.load_game("tauru", ruleset=r.id)
        for seed in range(4):
            s = game.new_state(seed)
            play_out(s, RandomAgent(seed))
            assert s.is_terminal(), r.id
            assert s.result().ending in ("win", "draw", "unfinished"), r.id
            assert s.turns <= game.limits.turns and s.moves_made <= game.limits.moves
