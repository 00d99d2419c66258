"""A single counter's move: when no hole holds ``min_counters``, a single counter may move into an
empty next hole (Tsoro's and its relatives' last resort), or, on two rows, start a move from any
hole as any other move (Walak-pussa's singletons, played only when no hole holds more)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Reading, Rule, field_is


def _more_than_one(r: Reading) -> tuple[str, str] | None:
    if r.value("singleton") == "last-resort" and r.value("min_counters") < 2:
        return "singleton", ("singleton: last-resort lets a single counter move when no hole holds min_counters: "
                             "it needs min_counters of 2 or more")
    return None


RULE = Rule(
    name="singleton",
    what="when no hole holds min_counters, a single counter may move into an empty next hole, or (last-resort) "
         "start a move as any other",
    fields={
        "singleton": (Literal["any", "into-empty", "last-resort"], Field(
            "any", description="when no hole holds min_counters: a single counter may not move (any: no such rule), "
                               "or may move into an empty next hole (into-empty), or may start a move from any hole "
                               "as any other move (last-resort: Walak-pussa's singletons, moved only when no hole "
                               "of the mover's holds more)")),
    },
    boards={2: {"singleton": ("any", "last-resort")}, 4: {"singleton": ("any", "into-empty")}},
    checks=(_more_than_one,),
    uses=field_is("singleton", "into-empty", "last-resort"),
    slots={2: ("singleton",), 4: ("singleton",)},
    hooks=("list-starts",),
)
