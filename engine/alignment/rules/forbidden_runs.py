"""Which runs a placement may not make: with lines forbidden while placing, the runs that count as
lines (with long-lines ignored, exactly three); or, whatever lines made while placing earn, every run
of three or more (Ludii's Dra.lud, ``(not (is Line 3 Orthogonal))``, which a run of four satisfies
too), or every run of two or more (a piece may not be placed next to one of its owner's along the
directions lines run in: Ludii's Bolotudu.lud, ``(difference (sites Empty) (sites Around (sites
Occupied by:Mover) Orthogonal))``)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Rule

RULE = Rule(
    name="forbidden-runs",
    what="a placement may not make a run that counts as a line (with lines forbidden while placing), or any run "
         "of three or more, or of two or more",
    fields={
        "forbidden_runs": (Literal["lines", "three-or-more", "two-or-more"], Field(
            "lines", description="the runs a placement may not make: with placement_lines forbidden, those that "
                                 "count as lines (lines; with long_lines ignored, runs of exactly three); or, "
                                 "whatever placement_lines says, every run of three or more (three-or-more) or of "
                                 "two or more, a piece next to one of its owner's (two-or-more)")),
    },
    slots=("forbidden_runs",),
    hooks=("placement",),
    kernels=("engine.alignment.machine.placement_mask",),
)
