"""How a lap sows: its direction, the holes it goes round (the whole board or the mover's own rows),
and whether a lap long enough to come round again sows its starting hole."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Rule

RULE = Rule(
    name="lap",
    what="a lap sows one counter a hole in its direction, round the whole board or the mover's own rows, its "
         "starting hole sown or passed over on a long lap",
    fields={
        "direction": (Literal["counterclockwise", "clockwise", "chosen"], Field(
            description="the direction of sowing; chosen: the mover chooses at each move")),
        "sow_through": (Literal["both-rows", "own-rows"], Field(
            description="the holes a lap sows: round the whole board, or round the mover's own rows")),
        "long_lap": (Literal["sow-origin", "skip-origin"], Field(
            "sow-origin", description="a lap that comes round to its starting hole sows it, or passes over it")),
        "skipped_landing": (Literal["landing", "origin"], Field(
            "landing", description="long_lap skip-origin: a lap whose last counter falls right after passing over its "
                                   "starting hole ends, for the capture or relay that follows, where that counter fell "
                                   "(landing), or at the starting hole (origin: Ludii 1.3.13's Sow.java records the "
                                   "end before stepping past the starting hole)")),
    },
    boards={2: {"direction": ("counterclockwise", "clockwise"), "sow_through": ("both-rows",)},
            4: {"direction": ("counterclockwise",), "sow_through": ("own-rows",), "skipped_landing": ("landing",)}},
    slots={2: ("long_lap", "skipped_landing"), 4: ("long_lap",)},
    hooks=("sow",),
    kernels=("engine.mancala.sowing.sow", "engine.mancala.sowing.unsow"),
    events=("lap",),
)
