"""The capture of both opposite holes (Lobudök): a lap ending in an occupied inner hole of the mover
whose two opposite holes are occupied takes both."""

from __future__ import annotations

from engine.mancala.rule import Reading, Rule
from engine.mancala.rules.opening import first_turn


def _no_opening(reading: Reading) -> tuple[str, str] | None:
    if first_turn(reading) and reading.param("opening", "capture") == "column":
        return ("capture", "opening.capture = 'column' with capture = 'both-opposite': an opening lap takes a column "
                           "(opposite, inner-and-outer)")
    return None


RULE = Rule(
    name="capture-both-opposite",
    what="a lap ending in an occupied inner hole whose two opposite holes are occupied takes both",
    adds={"capture": ("both-opposite",)},
    boards={4: {}},
    checks=(_no_opening,),
    hooks=("landing", "capture"),
    kernels=("engine.mancala.machine.four_rows.capture_both_opposite",),
)
