"""A single counter's move: when no hole holds ``min_counters``, a single counter may move into an
empty next hole (Tsoro's and its relatives' last resort)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Rule, field_is

RULE = Rule(
    name="singleton",
    what="when no hole holds min_counters, a single counter may move into an empty next hole",
    fields={
        "singleton": (Literal["any", "into-empty"], Field(
            "any", description="when no hole holds min_counters: a single counter may not move (any: no such rule), "
                               "or may move into an empty next hole (into-empty)")),
    },
    boards={4: {}},
    uses=field_is("singleton", "into-empty"),
    slots={4: ("singleton",)},
    hooks=("list-starts",),
)
