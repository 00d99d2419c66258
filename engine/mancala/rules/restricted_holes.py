"""Restricted holes (Lobudök): a player is at first restricted to their middle holes (their laps pass
over the four corners, or only do not start there) and released when no middle hole can move, to
the reserve holes or to every hole, for good or for the turn; while the opponent is restricted, no
capture is made from a corner of theirs in use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.mancala.fourrow import MAX_SITES, MAX_TRACK
from engine.mancala.rule import Board, Reading, Rule, SlotWriter, param_code


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


def _code(param: str) -> SlotWriter:
    """The writer of the slot of parameter ``param``: its value's code (0 without restricted holes)."""
    def write(r: Reading, board: Board) -> int:
        if "restricted-holes" not in r.named:
            return 0
        return param_code("restricted-holes", RestrictedHoles, param, r.param("restricted-holes", param))
    return write


def _choose(r: Reading, board: Board) -> int:
    """Slot ``choose``: 1 if a lap ending in a corner may be relayed restricted or released (a per-turn
    release with skip-corners)."""
    return int("restricted-holes" in r.named and r.param("restricted-holes", "lasting") == "per-turn"
               and r.param("restricted-holes", "sowing") == "skip-corners")


def _given(param: str) -> Callable[[Reading], tuple[str, str] | None]:
    """The check that parameter ``param`` has a value in a reading: the kernel has no default for any
    of them, so a setting that leaves one unset (neither in ``primitives`` nor bound by the option of a
    switch) is refused by the build, not found at play."""
    def check(r: Reading) -> tuple[str, str] | None:
        if r.param("restricted-holes", param) is None:
            return (f"restricted-holes.{param}",
                    f"restricted-holes.{param} has no value: give it in primitives or bind it to a switch")
        return None
    return check


RULE = Rule(
    name="restricted-holes",
    what="a player starts restricted to the middle holes and is released when none can move, to the reserve "
         "holes or every hole, for good or for the turn",
    params=RestrictedHoles,
    boards={4: {}},
    checks=tuple(_given(param) for param in RestrictedHoles.model_fields),
    slots={4: ("restricted", "restricted_sowing", "release", "lasting", "restricted_capture", "choose", "n_middle")},
    writes={"restricted": lambda r, board: int("restricted-holes" in r.named), "restricted_sowing": _code("sowing"),
            "release": _code("release"), "lasting": _code("lasting"), "restricted_capture": _code("capture"),
            "choose": _choose, "n_middle": lambda r, board: 2 * r.holes_per_row - 4},
    state={4: (("released_flag", 2), ("kind", 1))},
    tables={4: (("corner", MAX_SITES), ("middle", 2 * MAX_TRACK), ("reserve", 4))},
    hooks=("list-starts", "sow", "landing", "capture", "move"),
    kernels=("engine.mancala.machine.four_rows.restricted", "engine.mancala.machine.four_rows.can_start_restricted"),
    position=("released", "relay_from", "turn_start"),
    events=("lap-restricted",),
)
