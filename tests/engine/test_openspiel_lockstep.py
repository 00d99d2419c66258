"""The archive's readings that OpenSpiel implements, played move for move against OpenSpiel's own
games (the ``open_spiel`` wheel, a test dependency): Oware (``oware``) and Kalah (``mancala``).

Each game's ``openspiel`` ruleset (data/games/<id>.yaml) is the reading OpenSpiel's C++ plays, as
the record says where it departs from the texts. Thousands of random games are played on both side
by side: at every decision the player to move, the board, the stores and the legal moves must
agree, and in the end the result. OpenSpiel's moves are mapped to holes: Oware's action k is the
mover's k-th house (player 2's houses 6..11 are b1..b6); Kalah's action is the pit (player 1's
pits 1..6 are a1..a6, player 2's 8..13 are b1..b6, the stores 7 and 0).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import engine

pyspiel = pytest.importorskip("pyspiel")


def oware_view(state) -> tuple[list[int], list[int], list[int]]:
    values = state.observation_tensor(0)  # seeds and scores, each a share of the total
    total = 48
    seeds = [round(x * total) for x in values[:12]]
    return seeds[:6], seeds[6:], [round(x * total) for x in values[12:]]


def kalah_view(state) -> tuple[list[int], list[int], list[int]]:
    board = [int(x) for x in state.observation_tensor(0)]  # the 14 pits, player 2's store first
    return board[1:7], board[8:14], [board[7], board[0]]


PEERS: dict[str, tuple[str, Callable, Callable[[int, int], int]]] = {
    "oware": ("oware", oware_view, lambda player, hole: hole if player == 0 else hole - 6),
    "kalah": ("mancala", kalah_view, lambda player, hole: hole + 1 if player == 0 else hole + 2),
}


def lockstep(game_id: str, games: int, seed: int) -> tuple[int, int]:
    """Play ``games`` random games of the game's ``openspiel`` ruleset on the engine and on OpenSpiel
    side by side, asserting agreement at every decision; (games, decisions)."""
    name, view, action = PEERS[game_id]
    ours = engine.load_game(game_id, ruleset="openspiel", turn_limit=2000, move_limit=2000)
    peer = pyspiel.load_game(name)
    rng = random.Random(seed)
    decisions = 0
    for g in range(games):
        state = ours.new_state(seed=g)
        other = peer.new_initial_state()
        while not state.is_terminal() and not other.is_terminal():
            player = state.to_move - 1
            board = state.board()
            a, b, stores = view(other)
            where = f"game {g}, decision {decisions}"
            assert player == other.current_player(), where
            assert (board["a"], board["b"], board["captures"]) == (a, b, stores), where
            legal = state.legal_moves()
            assert [action(player, h) for h in legal] == other.legal_actions(), where
            move = rng.choice(legal)
            state.apply(move)
            other.apply_action(action(player, move))
            decisions += 1
        assert state.is_terminal() and other.is_terminal(), f"game {g}: one side ended, the other did not"
        first, second = state.scores()
        assert (first > second) - (first < second) == int(other.returns()[0]), f"game {g}: the results differ"
    return games, decisions


@pytest.mark.parametrize("game_id", sorted(PEERS))
def test_the_openspiel_reading_plays_move_for_move_as_openspiel(game_id):
    games, decisions = lockstep(game_id, 2000, seed=2026)
    assert decisions > 20 * games  # whole games were played, not one move


def test_the_lockstep_can_fail():
    """A reading one rule off (Kalah with the empty capture) is caught within a few games."""
    name, view, action = PEERS["kalah"]
    ours = engine.load_game("kalah", ruleset="openspiel", switches={"kalah.empty-capture": "empty-capture"})
    with pytest.raises(AssertionError):
        rng = random.Random(0)
        for g in range(200):
            state, other = ours.new_state(seed=g), pyspiel.load_game(name).new_initial_state()
            while not state.is_terminal():
                player = state.to_move - 1
                assert (state.board()["a"], state.board()["b"], state.board()["captures"]) == view(other)
                move = rng.choice(state.legal_moves())
                state.apply(move)
                other.apply_action(action(player, move))
