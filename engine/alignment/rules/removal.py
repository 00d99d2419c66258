"""What a line earns: the removal of one enemy piece, any of them, one not standing in a line, or one
next to the line just made."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Rule

RULE = Rule(
    name="removal",
    what="a line earns its maker the removal of one enemy piece: any, one not in a line, or one next to the line",
    fields={
        "removal": (Literal["any", "not-in-line", "next-to-line"], Field(
            "any", description="the enemy pieces a line lets its maker remove: any; any not standing in a line "
                               "(not-in-line); or one on a point next to the line just made (next-to-line)")),
    },
    slots=("removal",),
    state=(("line", 1),),
    hooks=("removal",),
    kernels=("engine.alignment.machine.removal_candidates",),
    position=("line", "removed", "last_capturer"),
    events=("remove",),
)
