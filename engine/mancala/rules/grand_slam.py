"""The grand slam (Oware): a capture by count that would take every counter in the opponent's row
is made, is not made (the move is played), gives the counters to the opponent, or is forbidden (a
move that would make it is not legal: Ludii's Oware, whose moves must leave the opponent counters)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from numba import njit
from pydantic import Field

from engine.mancala.rule import Board, Code, Reading, Rule
from engine.mancala.sowing import total

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import (
        BASE, LEGAL, P_GRAND_SLAM, P_PER_ROW, P_SLAM_REACH, SLAM, SLAM_CAPTURE_ALL, SLAM_FORBIDDEN, SLAM_TO_OPPONENT,
        TO_MOVE,
    )


def _needs_count(r: Reading) -> tuple[str, str] | None:
    if r.value("capture") != "count":
        return "grand_slam", f"grand_slam {r.value('grand_slam')!r} needs capture: count (it is {r.value('capture')!r})"
    return None


def slam_reach(r: Reading, board: Board) -> int:
    """Slot ``slam_reach``: the most counters an opponent's row can hold and be taken whole (each of its
    holes holding the largest capturing count)."""
    return max(r.value("capture_counts"), default=0) * board.per_row


RULE = Rule(
    name="grand-slam",
    what="a capture by count that would take every counter of the opponent's row: made, not made (the move "
         "stands), its counters given to the opponent, or the move forbidden",
    fields={
        "grand_slam": (Literal["capture-all", "no-capture", "to-opponent", "forbidden"], Field(
            "capture-all", description="a capture by count that would take all the opponent's counters: it is made "
                                       "(capture-all); the move is played and nothing is captured (no-capture); the "
                                       "counters it would take go to the opponent's store (to-opponent); a move that would make it is not legal (forbidden; a "
                                       "player whose every move would has no legal move)")),
    },
    boards={2: {}},
    checks=(_needs_count,),
    uses=lambda r: r.value("grand_slam") != "capture-all",
    slots={2: ("grand_slam", "slam_reach")},
    state={2: (("slam", 1),)},  # 1 once a capture would have taken every counter of the opponent's row (forbidden)
    writes={"slam_reach": slam_reach},
    hooks=("list-starts", "capture"),
    code={2: {"keep-moves": Code("keep_moves", when="grand_slam", values=("forbidden",))}},
)


# --- its compiled code on two rows: at hook point keep-moves (Rule.code), and in the count capture
# (engine.mancala.rules.capture_count calls whole_row)


@njit(cache=True, inline="always")
def whole_row(state, params, mover, row, taken):
    """A capture by count of ``taken`` counters from ``row`` by player ``mover``: who gets them (0 or
    1), or -1 if it is not made (no-capture: the move stands). Only a capture of every counter of the
    opponent's row is the rule's; under forbidden it is marked (SLAM: only a move tried by
    keep_moves gets here)."""
    slam = params[P_GRAND_SLAM]
    if slam == SLAM_CAPTURE_ALL or row == mover or taken != total(state, row * params[P_PER_ROW],
                                                                  row * params[P_PER_ROW] + params[P_PER_ROW]):
        return mover
    if slam == SLAM_TO_OPPONENT:
        return 1 - mover
    if slam == SLAM_FORBIDDEN:
        state[BASE + SLAM] = 1
        return mover
    return -1


@njit(cache=True, inline="always")
def keep_moves(state, params, table, scratch, n, lap_budget, log, try_move):
    """Hook point keep-moves (grand_slam forbidden): when the opponent's row holds few enough counters
    for a capture to take them all (slam_reach), only the moves that make no grand slam."""
    opponent = 1 - state[BASE + TO_MOVE]
    per_row = params[P_PER_ROW]
    if n == 0 or total(state, opponent * per_row, opponent * per_row + per_row) > params[P_SLAM_REACH]:
        return n
    return drop_grand_slams(state, params, table, scratch, n, lap_budget, log, try_move)


@njit(cache=True, inline="always")
def drop_grand_slams(state, params, table, scratch, n, lap_budget, log, try_move):
    """Keep, of the ``n`` legal moves at ``state[BASE + LEGAL:]``, those that make no grand slam, each
    tried on ``scratch``; the new number."""
    legal = BASE + LEGAL
    k = 0
    for i in range(n):
        h = state[legal + i]
        try_move(state, params, table, scratch, h, lap_budget, log)
        if scratch[BASE + SLAM] == 0:
            state[legal + k] = h
            k += 1
    return k
