"""A single counter's move: when no hole holds ``min_counters``, a single counter may move into an
empty next hole (Tsoro's and its relatives' last resort), or, on two rows, start a move from any
hole as any other move (Walak-pussa's singletons, played only when no hole holds more)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from numba import njit
from pydantic import Field

from engine.inlining import unaliased
from engine.mancala.rule import Reading, Rule, field_is
from engine.mancala.sowing import idx

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import (
        F_PREVIOUS_EMPTY, F_SINGLETON, P_SINGLETON, ROWS, SINGLETON_INTO_EMPTY, SINGLETON_LAST_RESORT,
    )


def _more_than_one(r: Reading) -> tuple[str, str] | None:
    if r.value("singleton") == "last-resort" and r.value("min_counters") < 2:
        return "singleton", ("singleton: last-resort lets a single counter move when no hole holds min_counters: "
                             "it needs min_counters of 2 or more")
    return None


RULE = Rule(
    name="singleton",
    what="when no hole holds min_counters, a single counter may move into an empty next hole, or (last-resort) "
         "start a move as any other",
    fields={
        "singleton": (Literal["any", "into-empty", "last-resort"], Field(
            "any", description="when no hole holds min_counters: a single counter may not move (any: no such rule), "
                               "or may move into an empty next hole (into-empty), or may start a move from any hole "
                               "as any other move (last-resort: Walak-pussa's singletons, moved only when no hole "
                               "of the mover's holds more)")),
    },
    boards={2: {"singleton": ("any", "last-resort")}, 4: {"singleton": ("any", "into-empty")}},
    checks=(_more_than_one,),
    uses=field_is("singleton", "into-empty", "last-resort"),
    slots={2: ("singleton",), 4: ("singleton",)},
    hooks=("list-starts",),
    kernels=("engine.mancala.rules.singleton.single_counters",),
)


# --- its compiled code, on every board, called by the start rule's listing (engine.mancala.rules.start) ---------


@njit(cache=True, inline="always")
def single_counters(state, params, legal, first, length, moves):
    """No start of the player holds min_counters: the single counters' moves, listed at ``legal`` (branch-free;
    ``first``, ``length``, ``moves``: the player's starts as engine.mancala.rules.start lists them); their number:
    on two rows under last-resort every hole holding a counter; on four rows under into-empty a single counter
    whose next hole on the track is empty (previous-hole: and whose previous hole is); 0 otherwise."""
    n = 0
    if params[ROWS] == 4:
        if params[F_SINGLETON] == SINGLETON_INTO_EMPTY:
            previous_empty = params[F_PREVIOUS_EMPTY] != 0
            for pos in range(length):
                nxt = pos + 1 if pos + 1 < length else 0
                prev = pos - 1 if pos > 0 else length - 1
                state[idx(legal + n)] = moves + pos
                n += ((state[idx(params[idx(first + pos)])] == 1) & (state[idx(params[idx(first + nxt)])] == 0)
                      & (not previous_empty or state[idx(params[idx(first + prev)])] == 0))
    elif params[P_SINGLETON] == SINGLETON_LAST_RESORT:
        for pos in range(length):
            state[idx(legal + n)] = moves + pos
            n += state[idx(first + pos)] > 0
    return n


unaliased(single_counters)  # called once a listing: no reference count a call (engine.inlining)
