"""Where a move may start: from the mover's own row (or own two rows) or the opponent's, and from a
hole holding at least so many counters."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Rule

RULE = Rule(
    name="start",
    what="a move starts from a hole of the mover's own row(s), or of the opponent's, holding at least min_counters",
    fields={
        "start_row": (Literal["own", "enemy"], Field(
            description="the row a move starts from: the mover's own (or own two rows) or the opponent's")),
        "min_counters": (int, Field(1, ge=1, description="counters a hole needs for a move to start from it")),
    },
    boards={2: {"start_row": ("own", "enemy")}, 4: {"start_row": ("own",)}},
    slots={2: ("start_row", "min_counters"), 4: ("min_counters",)},
    hooks=("list-starts",),
)
