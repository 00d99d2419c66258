"""Where a lap's first counter falls (Toguz Kumalak): in the next hole, or back into the hole just
emptied (a single counter then moving on to the next hole)."""

from __future__ import annotations

from typing import Literal

from numba import njit
from pydantic import Field

from engine.mancala.rule import Code, Rule, field_is

RULE = Rule(
    name="first-counter",
    what="a lap's first counter falls in the next hole, or back into the hole just emptied (a lone counter moves on)",
    fields={
        "first_counter": (Literal["next-hole", "origin"], Field(
            "next-hole", description="where a lap's first counter falls: in the hole after the one taken up "
                                     "(next-hole), or back into the hole just emptied, except a lone counter, which "
                                     "moves to the next hole (origin)")),
    },
    boards={2: {}},
    uses=field_is("first_counter", "origin"),
    slots={2: ("first_counter",)},
    hooks=("sow",),
    code={2: {"lap-starts": Code("back_into_origin", when="first_counter", values=("origin",))}},
)


# --- its compiled code on two rows (Rule.code), run at the turn's hook points (engine.mancala.machine.hooks) --


@njit(cache=True, inline="always")
def back_into_origin(state, params, origin, count):
    """Hook point lap-starts (two rows): a lap of ``count`` counters taken up from hole ``origin``
    puts its first counter back into it, unless it is alone: the counters left to sow, or -1 (a
    lone counter moves on: all of them are sown)."""
    if count < 2:
        return -1
    state[origin] = 1
    return count - 1
