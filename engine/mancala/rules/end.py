"""The end of the game: a row empty after a lap or a move, the player to move unable to move (with
Ludii's counted forced pass before the loss), or a player stripped of every counter. Its compiled
code: the tests of a row emptied (:func:`row_empty`, two rows: the turn between moves, and the lap loop
after every lap under row-empty-after-lap) and of a player stripped (:func:`stripped`, four rows: the
turn, and the captures that may strip a player, wherever a move takes counters)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from numba import njit
from pydantic import Field

from engine.inlining import unaliased
from engine.mancala.rule import Rule
from engine.mancala.sowing import idx

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import END_CANNOT_MOVE, F_END
    from engine.mancala.machine.four_rows import SIDE


@njit(cache=True, inline="always")
def row_empty(state, per_row):
    """Two rows: True if either row is empty (end row-empty-after-lap or row-empty-after-move)."""
    a = 0
    b = 0
    for h in range(per_row):
        a += state[h]
        b += state[per_row + h]
    return a == 0 or b == 0


@njit(cache=True, inline="always")
def stripped(state, params, p):
    """Four rows: True if the game ends because player ``p`` has no counters left (end capture-all:
    every end but cannot-move, where a player without counters is one who cannot move)."""
    return params[F_END] != END_CANNOT_MOVE and state[idx(SIDE + p)] == 0


unaliased(stripped)  # tested once a lap by both-opposite's capture (engine.inlining: no reference count a call)

RULE = Rule(
    name="end",
    what="the game ends when a row is empty after a lap or a move, the player to move cannot move, or a player "
         "has no counters left",
    fields={
        "end": (Literal["row-empty-after-lap", "row-empty-after-move", "cannot-move", "capture-all"], Field(
            description="the end of the game: a row empty after any lap, or after a move; the player to move "
                        "cannot move; a player has no counters left")),
        "forced_pass": (bool, Field(
            False, description="end cannot-move: the player who cannot move first makes a forced pass, counted as a "
                               "turn and a move, and loses after it (as Ludii records such an end); when that pass "
                               "would come past the turn or move limit the game is unfinished")),
    },
    boards={2: {"end": ("row-empty-after-lap", "row-empty-after-move", "cannot-move"), "forced_pass": (False,)},
            4: {"end": ("capture-all", "cannot-move")}},
    slots={2: ("end",), 4: ("end", "forced_pass")},
    hooks=("end-of-game",),
)
