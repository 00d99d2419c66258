"""Restricted holes (Lobudök): a player is at first restricted to their middle holes (their laps pass
over the four corners, or only do not start there) and released when no middle hole can move, to
the reserve holes or to every hole, for good or for the turn; while the opponent is restricted, no
capture is made from a corner of theirs in use."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.mancala.fourrow import MAX_SITES, MAX_TRACK
from engine.mancala.rule import Rule


class RestrictedHoles(BaseModel):
    """The parameters of restricted-holes (each may be bound to a switch instead)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    sowing: Literal["skip-corners", "start-only"] | None = Field(
        None, description="while restricted, laps pass over the corners (skip-corners) or only do not start there")
    release: Literal["reserve-holes", "all-holes"] | None = Field(
        None, description="when no middle hole can start a move: released to the inner row's corners or every hole")
    lasting: Literal["permanent", "per-turn"] | None = Field(
        None, description="the release is for good, or decided afresh each turn")
    capture: Literal["in-use-holes", "unrestricted"] | None = Field(
        None, description="while the opponent is restricted, no capture from a corner of theirs (in-use-holes)")


RULE = Rule(
    name="restricted-holes",
    what="a player starts restricted to the middle holes and is released when none can move, to the reserve "
         "holes or every hole, for good or for the turn",
    params=RestrictedHoles,
    boards={4: {}},
    slots={4: ("restricted", "restricted_sowing", "release", "lasting", "restricted_capture", "choose", "n_middle")},
    state={4: (("released_flag", 2), ("kind", 1))},
    tables={4: (("corner", MAX_SITES), ("middle", 2 * MAX_TRACK), ("reserve", 4))},
    hooks=("list-starts", "sow", "landing", "capture", "move"),
    kernels=("engine.mancala.machine.four_rows.restricted", "engine.mancala.machine.four_rows.can_start_restricted"),
    position=("released", "relay_from", "turn_start"),
    events=("lap-restricted",),
)
