"""What a placement or move that makes two lines at once earns: one removal, or one for each line
(removed one after the other, each under the removal rule)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Rule

RULE = Rule(
    name="double-line",
    what="a placement or move making two lines at once earns one removal, or one removal per line",
    fields={
        "double_line": (Literal["one", "one-per-line"], Field(
            "one", description="what a placement or move that makes two lines at once earns: one removal (one), or "
                               "one for each line, made one after the other (one-per-line)")),
    },
    slots=("double_line",),
    state=(("owed", 1),),
    hooks=("arrival", "removal"),
    kernels=("engine.alignment.machine.owed_removal",),
    position=("owed",),
)
