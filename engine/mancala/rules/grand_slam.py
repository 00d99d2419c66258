"""The grand slam (Oware): a capture by count that would take every counter in the opponent's row
is made, is not made (the move is played), or gives the counters to the opponent."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Reading, Rule


def _needs_count(r: Reading) -> tuple[str, str] | None:
    if r.value("capture") != "count":
        return "grand_slam", f"grand_slam {r.value('grand_slam')!r} needs capture: count (it is {r.value('capture')!r})"
    return None


RULE = Rule(
    name="grand-slam",
    what="a capture by count that would take every counter of the opponent's row: made, not made (the move "
         "stands), or its counters given to the opponent",
    fields={
        "grand_slam": (Literal["capture-all", "no-capture", "to-opponent"], Field(
            "capture-all", description="a capture by count that would take all the opponent's counters: it is made "
                                       "(capture-all); the move is played and nothing is captured (no-capture); the "
                                       "counters it would take go to the opponent's store (to-opponent)")),
    },
    boards={2: {}},
    checks=(_needs_count,),
    uses=lambda r: r.value("grand_slam") != "capture-all",
    slots={2: ("grand_slam",)},
    hooks=("capture",),
    kernels=("engine.mancala.tworow_machine.count_capture",),
)
