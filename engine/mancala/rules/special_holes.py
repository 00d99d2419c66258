"""Special holes: holes where a lap ending in an occupied hole may stop instead of relaying: the heads
(each player's rightmost outer hole), both ends of the outer row (Misoro Tsoro's fixed misoro), or
holes each player chooses before play (misoro: Tsoro's two, Musoro Tsoro's one), which are then safe
from extra captures; the heads or ends too under ``safe`` (Misoro Tsoro (Additional Capture).lud's
fixed misoro, which its extra captures spare)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.mancala.rule import Board, Reading, Rule, param_code

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


def _stops(r: Reading, board: Board) -> int:
    """Slots ``stop`` and ``stop_2`` (one a player): the positions where a lap may stop, a bit each: the
    heads (the rightmost outer hole, position N-1) or both ends of the outer row (0 and N-1)."""
    kind, n = r.param("special-holes", "kind"), r.holes_per_row
    return {"heads": 1 << (n - 1), "ends": 1 | 1 << (n - 1)}.get(kind, 0)


def _chosen_each(r: Reading, board: Board) -> int:
    """Slot ``chosen_each``: the holes each player chooses under kind chosen."""
    count = r.param("special-holes", "count")
    return CHOSEN_EACH if count is None else int(count)


RULE = Rule(
    name="special-holes",
    what="holes where a lap may stop instead of relaying: the heads, both ends of the outer row, or holes each "
         "player chooses before play (then safe from extra captures; the heads or ends too if safe)",
    params=SpecialHoles,
    boards={4: {}},
    checks=(_count,),
    slots={4: ("stop", "stop_2", "special", "chosen_each", "special_safe")},
    writes={"stop": _stops, "stop_2": _stops, "chosen_each": _chosen_each,
            "special": lambda r, board: param_code("special-holes", SpecialHoles, "kind",
                                                   r.param("special-holes", "kind") or "none"),
            "special_safe": lambda r, board: int(bool(r.param("special-holes", "safe")))},
    state={4: (("misoro", 2), ("chosen", 1))},
    hooks=("start", "landing", "move"),
    position=("misoro", "stop_at"),
    events=("stop", "misoro"),
)
