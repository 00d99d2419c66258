"""Where a move may start: from the mover's own row (or own two rows) or the opponent's, and from a
hole holding at least so many counters. Its compiled code lists the ordinary starts of the player to move on
every board (:func:`list_starts`, called by the one turn where no rule decides the starts at list-starts),
with what the rules of a start add to it in their modules: a previous hole that must be empty
(engine.mancala.rules.previous_hole), single counters' moves when no hole holds enough
(engine.mancala.rules.singleton), each start offered both ways with the game's first move
(engine.mancala.rules.lap)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from numba import njit
from pydantic import Field

from engine.inlining import unaliased
from engine.mancala.rule import Rule
from engine.mancala.rules.lap import both_ways
from engine.mancala.rules.previous_hole import after_empty
from engine.mancala.rules.singleton import single_counters
from engine.mancala.sowing import idx

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.fourrow import PLAYER_MOVES, TRACK_SLOT
    from engine.mancala.layout import (
        BASE, F_LENGTH, F_MIN_COUNTERS, F_PREVIOUS_EMPTY, FOUR_TRACKS, LEGAL, OWN_ROW, P_MIN_COUNTERS, P_PER_ROW,
        P_START_ROW, ROWS,
    )
    from engine.mancala.machine.four_rows import LEGAL as FOUR_LEGAL
    from engine.mancala.sowing import TRACK_HOLES

SPECIALISED_WITH = ("engine.mancala.rules.previous_hole", "engine.mancala.rules.singleton",
                    "engine.mancala.rules.lap")
"""The rules of a start whose code its listing calls, specialised with it (engine.specialise)."""

RULE = Rule(
    name="start",
    what="a move starts from a hole of the mover's own row(s), or of the opponent's, holding at least min_counters",
    fields={
        "start_row": (Literal["own", "enemy"], Field(
            description="the row a move starts from: the mover's own (or own two rows) or the opponent's")),
        "min_counters": (int, Field(1, ge=1, description="counters a hole needs for a move to start from it")),
    },
    boards={2: {"start_row": ("own", "enemy")}, 4: {"start_row": ("own",)}},
    slots={2: ("start_row", "min_counters"), 4: ("min_counters",)},
    hooks=("list-starts",),
    kernels=("engine.mancala.rules.start.list_starts", "engine.mancala.rules.start.start_hole"),
)


# --- its compiled code, on every board: the ordinary starts, called by the one turn (engine.mancala.machine.turn) --


@njit(cache=True, inline="always")
def start_hole(params, first, pos):
    """The hole at position ``pos`` of a player's starts: on four rows of their track (``first``: the offset of
    the track's holes in the parameter array), on two rows of their starting row (``first``: its first hole)."""
    return params[idx(first + pos)] if params[ROWS] == 4 else first + pos


@njit(cache=True, inline="always")
def list_starts(state, params, p):
    """The ordinary starts of player ``p``, listed at LEGAL in ascending order (branch-free: the test is
    unpredictable): the holes of their starting row (two rows: their own or the opponent's; four rows: their
    track, a move being ``128 * p + position``) holding min_counters or more (previous-hole: and whose previous
    hole is empty); when none does, the single counters' moves (singleton); each either way while the game's
    first move chooses the direction (lap); their number."""
    four = params[ROWS] == 4
    legal = FOUR_LEGAL if four else BASE + LEGAL
    least = params[F_MIN_COUNTERS if four else P_MIN_COUNTERS]
    if four:
        length = params[F_LENGTH]
        first = FOUR_TRACKS + p * TRACK_SLOT + TRACK_HOLES
        moves = p * PLAYER_MOVES  # a start's move: moves + its position
    else:
        length = params[P_PER_ROW]
        first = (p if params[P_START_ROW] == OWN_ROW else 1 - p) * length
        moves = first  # a start's move: its hole
    if four and params[F_PREVIOUS_EMPTY] != 0:
        n = after_empty(state, params, legal, first, length, moves, least)
    else:
        n = 0
        for pos in range(length):
            state[idx(legal + n)] = moves + pos
            n += state[idx(start_hole(params, first, pos))] >= least
    if n == 0:  # no hole holds enough
        n = single_counters(state, params, legal, first, length, moves)
    return both_ways(state, params, legal, n)


unaliased(start_hole)  # called once a start listed: no reference count a call (engine.inlining)
