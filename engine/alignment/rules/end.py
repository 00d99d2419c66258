"""The end of the game, judged at the start of every turn by the pieces each player has left."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Rule

RULE = Rule(
    name="end",
    what="the game ends when a player has fewer than three pieces, none, or both have fewer than three "
         "(then the last player to remove wins)",
    fields={
        "end": (Literal["two-left", "last-capturer", "capture-all", "no-line-possible"], Field(
            description="the end: a player left with fewer than three pieces loses (two-left, no-line-possible); "
                        "the last player to remove a piece wins once a player has none or both have fewer than "
                        "three (last-capturer); a player left with none loses (capture-all)")),
    },
    slots=("end",),
    state=(("last", 1),),
    hooks=("start-of-turn", "end-of-game"),
    kernels=("engine.alignment.machine.decide_by_pieces",),
    position=("last_capturer",),
)
