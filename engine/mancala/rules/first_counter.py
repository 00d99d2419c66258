"""Where a lap's first counter falls (Toguz Kumalak): in the next hole, or back into the hole just
emptied (a single counter then moving on to the next hole)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Rule, field_is

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
    kernels=("engine.mancala.machine.two_rows.laps",),
)
