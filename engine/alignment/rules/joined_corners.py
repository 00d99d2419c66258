"""Joined corners: on a morris board, diagonals join the corners of the concentric squares (Abbott's
fig. 2 of Triodi, Ludii's ``(concentric Square rings:3 joinCorners:True)``). Pieces step along them,
and where a diagonal has three points it is a line of three. The board's tables carry the diagonals
(engine.alignment.points.morris); the compiled code only says, with the moves it lists, which of the
game's two neighbour tables they are drawn from (engine.alignment.game lists them)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Reading, Rule


def _morris_only(reading: Reading) -> tuple[str, str] | None:
    if reading.value("corners") != "apart" and reading.description.board.kind != "morris":
        return "corners", "corners are joined on a morris board only (board kind morris)"
    return None


RULE = Rule(
    name="joined-corners",
    what="on a morris board, the corners of the squares are joined by diagonals too (steps along them, lines "
         "where they have three points), or only the midpoints",
    fields={
        "corners": (Literal["apart", "joined"], Field(
            "apart", description="morris boards: only the midpoints of the squares' sides are joined (apart), or "
                                 "the corners too, by diagonals a piece steps along, each a line where it has "
                                 "three points (joined)")),
    },
    checks=(_morris_only,),
    slots=("corners",),
    hooks=("step", "arrival"),
    kernels=("engine.alignment.machine.set_move_masks",),
)
