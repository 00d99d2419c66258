"""The capture of the next hole (Pallankuli, Ludii's Walak-pussa): a lap whose last counter falls
into an empty hole takes the counters of the hole after it, and the move ends."""

from __future__ import annotations

from engine.mancala.rule import Rule, field_is

RULE = Rule(
    name="capture-next",
    what="a lap ending in an empty hole takes the hole after it",
    adds={"capture": ("next-after-empty",)},
    boards={2: {}},
    uses=field_is("capture", "next-after-empty"),
    hooks=("landing", "capture"),
    kernels=("engine.mancala.machine.two_rows.laps",),
)
