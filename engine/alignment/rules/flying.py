"""Flying: a player reduced to three pieces moves a piece to any empty point, not only to a neighbour
(the morris games' third phase), or pieces always step."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Reading, Rule


def _on_points(reading: Reading) -> tuple[str, str] | None:
    if reading.value("flying") != "never" and reading.description.board.kind == "grid":
        return "flying", ("the machine plays flying on boards of points and lines (a grid's steps have move numbers "
                          "of their own)")
    return None


RULE = Rule(
    name="flying",
    what="a player left with three pieces moves a piece to any empty point (at-three; a flight making no line: "
         "at-three-no-line), or pieces always step",
    fields={
        "flying": (Literal["never", "at-three", "at-three-no-line"], Field(
            "never", description="in the movement phase, a player with three pieces (on the board and in hand) "
                                 "moves a piece to any empty point (at-three; at-three-no-line: but a flight makes "
                                 "no line, as Ludii's Nine Men's Morris plays it), or only steps (never)")),
    },
    checks=(_on_points,),
    slots=("flying",),
    hooks=("step",),
    kernels=("engine.alignment.machine.set_fly_masks",),
    events=("step",),
)
