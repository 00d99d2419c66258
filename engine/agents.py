"""Agents that choose moves. The random agent knows nothing of any ruleset: it sees the legal moves.

``RandomAgent(seed)`` draws uniformly among ``state.legal_moves()`` (sorted) with the engine's
generator on the agent stream, exactly as the compiled playout loop does; so self-play of a game
seeded ``s`` with ``RandomAgent(s)`` on both sides is the same game as playout ``s`` of
``engine.playout``.
"""

from __future__ import annotations

import numpy as np

from engine.game import State
from engine.rng import AGENT_STREAM, new_rng, rng_below


class RandomAgent:
    """Uniform among the legal moves at each decision; deterministic from its seed."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = new_rng(seed, AGENT_STREAM)

    def choose(self, state: State) -> int:
        """A legal move of ``state``; ValueError if it has none (the game is over)."""
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal move to choose: the game is over")
        return moves[int(rng_below(self._rng, np.int64(len(moves))))]


def play_out(state: State, agents: tuple[RandomAgent, ...] | RandomAgent) -> State:
    """Play ``state`` to its end in place, each player with its agent (one agent may play both)."""
    if isinstance(agents, RandomAgent):
        agents = (agents, agents)
    while not state.is_terminal():
        player = state.to_move or 1
        state.apply(agents[player - 1].choose(state))
    return state
