"""The placement phase: the pieces entered one (or two) a turn on empty points, and whether a line
made while placing earns a removal, counts for nothing, or may not be made at all."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Reading, Rule


def _fit(reading: Reading) -> tuple[str, str] | None:
    pieces = reading.value("pieces") or reading.description.pieces
    if 2 * pieces > reading.description.board.size:
        return "pieces", f"{pieces} pieces a player do not fit on {reading.description.board.size} points"
    return None


RULE = Rule(
    name="placement",
    what="the players enter their pieces on empty points, one or two a turn; a line made while placing "
         "earns a removal, is ignored, or is forbidden",
    fields={
        "placement_lines": (Literal["capture", "ignored", "forbidden"], Field(
            "capture", description="a line made by a placement earns a removal (capture), earns nothing (ignored), "
                                   "or may not be made (forbidden: the points that would make one are not offered)")),
        "per_turn": (Literal["one", "two"], Field(
            "one", description="pieces a player enters in one turn of the placement phase")),
        "pieces": (int, Field(
            0, ge=0, le=32, description="pieces each player enters, where a switch sets them (the parameter "
                                        "array's slot 'pieces'); 0: the description's pieces")),
    },
    checks=(_fit,),
    slots=("placement_lines", "per_turn"),
    state=(("pieces", 1),),  # the pieces each player entered (what the captures are counted from)
    hooks=("placement", "arrival", "end-of-turn"),
    kernels=("engine.alignment.machine.placement_mask",),
    position=("hands", "phase", "stage", "placed"),
    events=("place", "phase"),
)
