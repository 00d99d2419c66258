"""Feeding (Oware's must-share): when the opponent's row is empty, only a move whose lap sows into
it is legal; a player who cannot feed has no legal move."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from numba import njit
from pydantic import Field

from engine.mancala.rule import Code, Reading, Rule, field_is, placed
from engine.mancala.sowing import total

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import BASE, LEGAL, P_FEED, P_PER_ROW, TO_MOVE


def _single_own(r: Reading) -> tuple[str, str] | None:
    if r.value("relay") != "single":
        return "feeding", "feeding: required is played for moves of one lap (relay: single)"
    if r.value("start_row") != "own":
        return "feeding", "feeding: required is played for moves from the mover's own row (start_row: own)"
    return None


RULE = Rule(
    name="feeding",
    what="when the opponent's row is empty, only a move that sows into it is legal",
    fields={
        "feeding": (Literal["none", "required"], Field(
            "none", description="when the opponent's row is empty: any move (none), or only a move whose lap sows "
                                "into it (required; a player who cannot feed has no legal move)")),
    },
    boards={2: {}},
    checks=(_single_own,),
    uses=field_is("feeding", "required"),
    slots={2: ("feeding", "feed")},
    writes={"feed": placed("feed")},  # where the feed table starts: hole -> counters its lap needs to reach the opponent's row
    hooks=("list-starts",),
    code={2: {"keep-moves": Code("keep_moves", when="feeding")}},
)


# --- its compiled code on two rows (Rule.code), run at the turn's hook points (engine.mancala.machine.hooks) --


@njit(cache=True, inline="always")
def keep_moves(state, params, table, scratch, n, lap_budget, log, try_move):
    """Hook point keep-moves: while the opponent's row is empty, only the moves that feed it."""
    opponent = 1 - state[BASE + TO_MOVE]
    per_row = params[P_PER_ROW]
    if n == 0 or total(state, opponent * per_row, opponent * per_row + per_row) != 0:
        return n
    return feeding_moves(state, params, BASE + LEGAL, n)


@njit(cache=True)
def feeding_moves(state, params, legal, n):
    """Keep, of the ``n`` legal moves at ``state[legal:]``, those whose lap reaches the opponent's row
    (the feed table: hole -> the counters its lap needs); the new number."""
    feed = params[P_FEED]
    k = 0
    for i in range(n):
        h = state[legal + i]
        if state[h] >= params[feed + h]:
            state[legal + k] = h
            k += 1
    return k
