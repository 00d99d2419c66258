"""How long a line is: three pieces in a row, or two (Ludii's Bolotudu.lud, ``(is Line 2 Orthogonal)``:
a step that brings a piece next to one of its owner's along a row or column captures). Lines of two
are played along rows and columns, with longer runs counting, and a removal of any piece or one next
to the line (the checks below refuse the rest)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Reading, Rule


def _pairs_played(reading: Reading) -> tuple[str, str] | None:
    r = reading.rules
    if r.line_length != "two":
        return None
    if r.directions != "orthogonal":
        return ("directions", "lines of two are played along rows and columns only")
    if r.long_lines != "count":
        return ("long_lines", "with lines of two, longer runs count (the only reading played)")
    if r.removal == "not-in-line":
        return ("removal", "not-in-line is played with lines of three only")
    if r.placement_lines == "forbidden" and r.forbidden_runs == "lines":
        return ("placement_lines", "with lines of two, a placement's forbidden runs are named by forbidden_runs")
    return None


RULE = Rule(
    name="line-length",
    what="a line is three pieces in a row, or two",
    fields={
        "line_length": (Literal["three", "two"], Field(
            "three", description="the pieces in a row that make a line: three, or two (along rows and columns, "
                                 "longer runs counting)")),
    },
    slots=("line_length",),
    hooks=("arrival",),
    kernels=("engine.alignment.machine.pair_lines",),
    checks=(_pairs_played,),
)
