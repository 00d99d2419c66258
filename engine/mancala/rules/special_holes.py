"""Special holes: holes where a lap ending in an occupied hole may stop instead of relaying: the heads
(each player's rightmost outer hole), both ends of the outer row (Misoro Tsoro's fixed misoro), or
holes each player chooses before play (misoro: Tsoro's two, Musoro Tsoro's one), which are then safe
from extra captures; the heads or ends too under ``safe`` (Misoro Tsoro (Additional Capture).lud's
fixed misoro, which its extra captures spare)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.mancala.rule import Reading, Rule

CHOSEN_EACH = 2
"""The holes each player chooses under kind chosen when count is not given (Tsoro's two misoro)."""


class SpecialHoles(BaseModel):
    """The parameters of special-holes (each may be bound to a switch instead)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["none", "heads", "chosen", "ends"] | None = Field(
        None, description="none; heads (the rightmost outer hole); chosen (each player chooses holes of their outer "
                          "row before play, safe from extra captures); ends (both ends of the outer row)")
    count: int | None = Field(None, ge=0, description=f"under kind chosen: the holes each player chooses "
                                                      f"({CHOSEN_EACH} if not given)")
    safe: bool | None = Field(None, description="the heads or ends are safe from extra captures, as chosen holes "
                                                "always are (false if not given)")


def _count(reading: Reading) -> tuple[str, str] | None:
    count = reading.param("special-holes", "count")
    each = CHOSEN_EACH if count is None else int(count)
    n = reading.holes_per_row
    if reading.param("special-holes", "kind") == "chosen" and not 1 <= each <= n:
        return ("special-holes.count", f"special-holes.count = {each}: each player chooses 1 to {n} holes of their "
                                       "outer row")
    return None


RULE = Rule(
    name="special-holes",
    what="holes where a lap may stop instead of relaying: the heads, both ends of the outer row, or holes each "
         "player chooses before play (then safe from extra captures; the heads or ends too if safe)",
    params=SpecialHoles,
    boards={4: {}},
    checks=(_count,),
    slots={4: ("stop", "stop_2", "special", "chosen_each", "special_safe")},
    state={4: (("misoro", 2), ("chosen", 1))},
    hooks=("start", "landing", "move"),
    position=("misoro", "stop_at"),
    events=("stop", "misoro"),
)
