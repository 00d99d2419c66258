"""What counts as a line: three of a player's pieces in a row along the directions lines run in;
a longer run counts, counts for nothing, or may not be made; a line standing on the board captures
again when it is re-formed, or only once."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Rule

MAX_RECORDED = 64
"""Lines a player's record holds (standing_line new-only)."""

RULE = Rule(
    name="line",
    what="three in a row along rows and columns (or the diagonals too); longer runs count, are ignored or "
         "forbidden; a re-formed line captures again, or only a new one",
    fields={
        "directions": (Literal["orthogonal", "all"], Field(
            "orthogonal", description="the directions lines run in: rows and columns, or the diagonals too")),
        "long_lines": (Literal["count", "ignored", "forbidden"], Field(
            "count", description="a run of four or more: counts as a line, counts for nothing, or may not be made")),
        "standing_line": (Literal["re-formed", "new-only"], Field(
            "re-formed", description="a line broken and made again on the same points earns a removal again "
                                     "(re-formed), or only lines on points that have not captured before do")),
    },
    slots=("long_lines", "directions", "standing_line"),
    state=(("n_rec", 2), ("rec", 2 * MAX_RECORDED)),
    hooks=("placement", "step", "arrival"),
    kernels=("engine.alignment.lines.run_masks", "engine.alignment.lines.counting_lines",
             "engine.alignment.lines.line_through"),
    position=("recorded_lines",),
    events=("line",),
)
