"""When the end rule applies: from the first turn, or only once the movement phase has begun (Ludii's
Dra.lud writes its end rule inside the movement phase: while the pieces are placed no player loses by
pieces, and two passes running do not end the game)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Rule

RULE = Rule(
    name="end-tested",
    what="the end rule applies from the first turn, or only in the movement phase (then two passes while "
         "placing do not end the game either)",
    fields={
        "end_tested": (Literal["always", "movement"], Field(
            "always", description="when the end rule (and the end of two passes running) applies: at every turn "
                                  "(always), or only once the movement phase has begun (movement)")),
    },
    slots=("end_tested",),
    hooks=("start-of-turn",),
)
