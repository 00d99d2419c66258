"""A start only after an empty hole: a move may start only from a hole whose previous hole on the
mover's circuit is empty (Tsoro (Baia)); a relay is not a start."""

from __future__ import annotations

from typing import Literal

from numba import njit
from pydantic import Field

from engine.inlining import unaliased
from engine.mancala.rule import Reading, Rule, field_is
from engine.mancala.sowing import idx


def _not_restricted(reading: Reading) -> tuple[str, str] | None:
    if "restricted-holes" in reading.named:
        return ("previous_hole", "previous_hole = 'empty' with the primitive restricted-holes: the machine lists a "
                                 "restricted player's holes without the start condition")
    return None


RULE = Rule(
    name="previous-hole",
    what="a move starts only from a hole whose previous hole on the circuit is empty (relays exempt)",
    fields={
        "previous_hole": (Literal["any", "empty"], Field(
            "any", description="a move may start from a hole whatever the hole before it on the mover's circuit holds "
                               "(any), or only from one whose previous hole is empty (empty); a relay is not a start")),
    },
    boards={4: {}},
    uses=field_is("previous_hole", "empty"),
    checks=(_not_restricted,),
    slots={4: ("previous_empty",)},
    writes={"previous_empty": lambda r, board: int(r.value("previous_hole") == "empty")},
    hooks=("list-starts",),
    kernels=("engine.mancala.rules.previous_hole.after_empty",),
)


# --- its compiled code on four rows, called by the start rule's listing (engine.mancala.rules.start) ------------


@njit(cache=True, inline="always")
def after_empty(state, params, legal, first, length, moves, least):
    """The starts of a player's track (its holes at ``params[first:]``, ``length`` of them, a start's move
    ``moves`` + its position) holding ``least`` or more whose previous hole on the circuit is empty, listed at
    ``legal`` (branch-free); their number."""
    n = 0
    before = state[idx(params[idx(first + length - 1)])]
    for pos in range(length):
        here = state[idx(params[idx(first + pos)])]
        state[idx(legal + n)] = moves + pos
        n += (here >= least) & (before == 0)
        before = here
    return n


unaliased(after_empty)  # called once a listing: no reference count a call (engine.inlining)
