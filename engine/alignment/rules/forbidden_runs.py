"""Which runs a placement may not make where lines made while placing are forbidden: the runs that
count as lines (with long-lines ignored, exactly three), or every run of three or more (Ludii's
``(not (is Line 3 Orthogonal))``, which a run of four satisfies too, whatever counts when moving)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Rule

RULE = Rule(
    name="forbidden-runs",
    what="with lines forbidden while placing, a placement may not make a run that counts as a line, or any "
         "run of three or more",
    fields={
        "forbidden_runs": (Literal["lines", "three-or-more"], Field(
            "lines", description="with placement_lines forbidden, the runs a placement may not make: those that "
                                 "count as lines (lines; with long_lines ignored, runs of exactly three), or every "
                                 "run of three or more (three-or-more)")),
    },
    slots=("forbidden_runs",),
    hooks=("placement",),
    kernels=("engine.alignment.machine.placement_mask",),
)
