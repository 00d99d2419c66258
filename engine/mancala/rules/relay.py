"""When a lap relays: one lap a move, or a relay from the hole where the last counter fell (or the
one after it), when that hole was occupied (and, besides, the next one holds counters)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Rule

RULE = Rule(
    name="relay",
    what="a lap ending in an occupied hole relays from it (or from the hole after it), or a move is one lap",
    fields={
        "relay": (Literal["single", "last-hole", "next-hole"], Field(
            description="laps: one lap a move (single); relay by taking up the hole where the last counter "
                        "fell (last-hole); or the hole after it, sowing from the one after that (next-hole)")),
        "relay_when": (Literal["occupied", "next-non-empty"], Field(
            "occupied", description="when a lap relays: its last counter fell into an occupied hole; or, besides, "
                                    "the hole after it holds counters")),
    },
    boards={2: {}, 4: {"relay": ("last-hole",), "relay_when": ("occupied",)}},
    slots={2: ("relay", "relay_when")},
    hooks=("landing",),
)
