"""What a line earns: the removal of one enemy piece, any of them, one not standing in a line, or one
next to the line just made."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Rule

RULE = Rule(
    name="removal",
    what="a line earns its maker the removal of one enemy piece: any, one not in a line, one next to the line, or one "
         "not in a line unless all are; with none to remove, nothing or the maker's loss",
    fields={
        "removal": (Literal["any", "not-in-line", "next-to-line", "not-in-line-unless-all"], Field(
            "any", description="the enemy pieces a line lets its maker remove: any; any not standing in a line "
                               "(not-in-line); or one on a point next to the line just made (next-to-line); any not "
                               "standing in a line, or any at all when every one stands in a line "
                               "(not-in-line-unless-all)")),
        "nothing_to_remove": (Literal["no-removal", "mover-loses"], Field(
            "no-removal", description="a line made when no enemy piece may be removed: earns nothing (no-removal), or "
                                      "its maker, left without a legal move, loses (mover-loses)")),
    },
    slots=("removal", "nothing_to_remove"),
    state=(("line", 1),),
    hooks=("removal",),
    kernels=("engine.alignment.machine.removal_candidates",),
    position=("line", "removed", "last_capturer"),
    events=("remove",),
)
