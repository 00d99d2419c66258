"""Compiled kernels of the turn that every game's rules use alike: who starts (player 1, or drawn by
lot from the game's seed), and a pass (a move of its own; the second in a row ends the game drawn).

Written once here so that every game draws its lot from the same stream of the seed and counts a
pass the same way; the games hand in their state's field offsets.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine import machine
from engine.rng import LOT_STREAM, rng_below, rng_init


@njit(cache=True, inline="always")
def first_player(st, rng, seed, by_lot, to_move_at, first_at):
    """Set who starts (0: player 1): by lot from the game's own stream of ``seed``, or player 1."""
    first = 0
    if by_lot:
        rng_init(rng, np.uint64(seed), np.uint64(LOT_STREAM))
        first = rng_below(rng, 2)
    st[to_move_at] = first
    st[first_at] = first


@njit(cache=True, inline="always")
def play_pass(st, log, copied, log_kind, passes_at, moves_at, turns_at, status_at, winner_at, n_legal_at, to_move_at):
    """The player to move passes (logged as ``log_kind`` when logging is on): True if it was the
    second pass in a row, which ended the game in a draw (machine.second_pass)."""
    if log[0] >= 0:
        machine.log_event(log, st, copied, log_kind, -1, 0, st[to_move_at])
    return machine.second_pass(st, passes_at, moves_at, turns_at, status_at, winner_at, n_legal_at)
