"""The placement phase: the pieces entered one (or two) a turn on empty points, and whether a line
made while placing earns a removal, counts for nothing, or may not be made at all."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Rule

RULE = Rule(
    name="placement",
    what="the players enter their pieces on empty points, one or two a turn; a line made while placing "
         "earns a removal, is ignored, or is forbidden",
    fields={
        "placement_lines": (Literal["capture", "ignored", "forbidden"], Field(
            "capture", description="a line made by a placement earns a removal (capture), earns nothing (ignored), "
                                   "or may not be made (forbidden: the points that would make one are not offered)")),
        "per_turn": (Literal["one", "two"], Field(
            "one", description="pieces a player enters in one turn of the placement phase")),
    },
    slots=("placement_lines", "per_turn"),
    hooks=("placement", "arrival", "end-of-turn"),
    kernels=("engine.alignment.machine.placement_mask",),
    position=("hands", "phase", "stage", "placed"),
    events=("place", "phase"),
)
