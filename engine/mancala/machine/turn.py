"""The sowing machine's one entry point: every board, two rows or four, is played by ``run``, which
reads the board's geometry (its rows, ``params[ROWS]``) from the parameter array and drives that
board's turn (engine.machine.drive over its kernels: engine.mancala.machine.two_rows,
engine.mancala.machine.four_rows).

The machine is compiled only specialised (engine.specialise, with the board modules it imports,
:data:`SPECIALISED_WITH`): a board's own kernel, what a game played move by move, a set-up
position and a short run use, is this module with the rows slot read as a constant, so the other
board's code is folded away before numba sees it; a description's combination of rules (long
runs) fixes its rule slots as well. Nothing here is compiled with the rows read at run time.
"""

from __future__ import annotations

from numba import njit

from engine import machine
from engine.mancala.layout import BASE, FOUR_STATE, LEGAL, N_LEGAL, ROWS, STATUS, TO_MOVE
from engine.mancala.machine.four_rows import apply_move as four_apply_move
from engine.mancala.machine.four_rows import finish as four_finish
from engine.mancala.machine.four_rows import init_state as four_init_state
from engine.mancala.machine.four_rows import settle as four_settle
from engine.mancala.machine.two_rows import apply_move as two_apply_move
from engine.mancala.machine.two_rows import finish as two_finish
from engine.mancala.machine.two_rows import init_state as two_init_state
from engine.mancala.machine.two_rows import set_up as two_set_up

SPECIALISED_WITH = ("engine.mancala.machine.two_rows", "engine.mancala.machine.four_rows")
"""The board modules specialised with this one (engine.specialise): their rule reads fold too, and
a board the rows slot rules out is not imported by the generated module."""

FOUR_LEGAL = FOUR_STATE["legal"]
FOUR_STATUS = FOUR_STATE["status"]
FOUR_N_LEGAL = FOUR_STATE["n_legal"]
FOUR_TO_MOVE = FOUR_STATE["to_move"]
TWO_LEGAL = BASE + LEGAL
TWO_STATUS = BASE + STATUS
TWO_N_LEGAL = BASE + N_LEGAL
TWO_TO_MOVE = BASE + TO_MOVE


@njit(cache=True, inline="always")
def move_at(state, params, k):
    """The k-th legal move (every board lists them in ascending order)."""
    return state[(FOUR_LEGAL if params[ROWS] == 4 else TWO_LEGAL) + k]


@njit(cache=True)
def run(op, params, table, start, state, scratch, rng, log, seed, games, move, turn_limit, move_limit, tree, out):
    """The one compiled entry point of every sowing description: engine.machine.drive over the
    kernels of the board ``params[ROWS]`` names."""
    if params[ROWS] == 4:
        machine.drive(four_init_state, four_apply_move, four_settle, move_at, four_finish, FOUR_STATUS, FOUR_N_LEGAL,
                      FOUR_TO_MOVE, op, params, table, start, state, scratch, rng, log, seed, games, move, turn_limit,
                      move_limit, tree, out)
    else:
        machine.drive(two_init_state, two_apply_move, two_set_up, move_at, two_finish, TWO_STATUS, TWO_N_LEGAL,
                      TWO_TO_MOVE, op, params, table, start, state, scratch, rng, log, seed, games, move, turn_limit,
                      move_limit, tree, out)
