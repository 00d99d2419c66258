"""When a lap relays: one lap a move, or a relay from the hole where the last counter fell (or the
one after it), when that hole was occupied (and, besides, the next one holds counters), or from the
hole after the last one after every lap, whatever the last counter fell into (next-hole-always)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Rule

RULE = Rule(
    name="relay",
    what="a lap ending in an occupied hole relays from it (or from the hole after it), every lap relays from the hole "
         "after its last, or a move is one lap",
    fields={
        "relay": (Literal["single", "last-hole", "next-hole", "next-hole-always"], Field(
            description="laps: one lap a move (single); relay by taking up the hole where the last counter "
                        "fell (last-hole); or the hole after it, sowing from the one after that (next-hole); or "
                        "the hole after it whatever the last counter fell into, an empty or captured one too "
                        "(next-hole-always: the Pallankuzhi blog's and Mancala World's Walak-pussa's \"next hole\"), "
                        "a lap followed by an empty hole ending the move after its capture")),
        "relay_when": (Literal["occupied", "next-non-empty"], Field(
            "occupied", description="when a lap relays: its last counter fell into an occupied hole; or, besides, "
                                    "the hole after it holds counters")),
    },
    boards={2: {}, 4: {"relay": ("last-hole",), "relay_when": ("occupied",)}},
    slots={2: ("relay", "relay_when")},
    hooks=("landing",),
)
