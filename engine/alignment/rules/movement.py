"""The movement phase: once the hands are empty, a piece steps to an empty orthogonal neighbour; a
player with no step passes (two passes running end the game drawn) or loses."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Rule

RULE = Rule(
    name="movement",
    what="a piece steps to an empty orthogonal neighbour; a player with no move passes or loses",
    fields={
        "no_move": (Literal["pass", "lose"], Field(
            "pass", description="a player with no legal move passes (two passes running end the game without a "
                                "winner) or loses")),
    },
    slots=("no_move",),
    hooks=("step", "no-move"),
    kernels=("engine.alignment.machine.set_step_masks",),
    position=("passes",),
    events=("step", "pass"),
)
