"""The column captures of four-row boards: a lap ending in the mover's inner row takes the opponent's
inner hole across (opposite), then the outer hole behind it (inner-and-outer), or the outer hole
whenever it holds counters (inner-and-outer-each); on an empty landing (the lap ends there) or an
occupied one whose opposite hole holds counters (the capture takes the relay's place)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Rule

RULE = Rule(
    name="capture-column",
    what="a lap ending in the mover's inner row takes the opponent's inner hole across, and the outer hole "
         "behind it (inner-and-outer, or whenever it holds counters: inner-and-outer-each)",
    adds={"capture": ("opposite", "inner-and-outer", "inner-and-outer-each")},
    fields={
        "capture_on": (Literal["empty", "occupied"], Field(
            "empty", description="the landing that triggers an opposite or inner-and-outer capture: an empty hole of "
                                 "the mover's inner row (the lap ends there), or an occupied one whose opposite "
                                 "inner hole holds counters (the capture takes the place of the relay)")),
    },
    boards={4: {}},
    slots={4: ("capture_on",)},
    hooks=("landing", "capture"),
    kernels=("engine.mancala.machine.four_rows.take_column", "engine.mancala.machine.four_rows.take_hole"),
)
