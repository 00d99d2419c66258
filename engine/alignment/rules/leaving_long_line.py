"""A step by a piece standing in a line of four or more: the line it makes where it arrives captures
as any other, or it captures nothing (Ludii's Wari (Alignment).lud: ``(if (is Line 4 Orthogonal
through:(from)) ("StepToEmpty" Orthogonal) ...)``, a step with no line test at all)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Rule

RULE = Rule(
    name="leaving-long-line",
    what="a piece that stood in a run of four or more captures with the line it makes by a step, or captures "
         "nothing",
    fields={
        "leaving_long_line": (Literal["captures", "no-capture"], Field(
            "captures", description="a step by a piece standing in a run of four or more of its owner's pieces "
                                    "along the directions lines run in: a line it makes where it arrives captures "
                                    "(captures), or nothing it makes captures (no-capture)")),
    },
    slots=("leaving_long_line",),
    hooks=("step", "arrival"),
    kernels=("engine.alignment.machine.apply_move",),
)
