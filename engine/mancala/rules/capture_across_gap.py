"""The capture across a gap (Tap-urdy): a lap whose last counter falls into an occupied hole followed
by an empty one takes the contents of the hole after the gap."""

from __future__ import annotations

from engine.mancala.rule import Rule

RULE = Rule(
    name="capture-across-gap",
    what="last counter in an occupied hole, the next one empty: the hole after the gap is taken",
    adds={"capture": ("across-gap",)},
    boards={2: {}},
    hooks=("landing", "capture"),
    kernels=("engine.mancala.machine.two_rows.laps",),
)
