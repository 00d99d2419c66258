"""Feeding (Oware's must-share): when the opponent's row is empty, only a move whose lap sows into
it is legal; a player who cannot feed has no legal move."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Reading, Rule, field_is, placed


def _single_own(r: Reading) -> tuple[str, str] | None:
    if r.value("relay") != "single":
        return "feeding", "feeding: required is played for moves of one lap (relay: single)"
    if r.value("start_row") != "own":
        return "feeding", "feeding: required is played for moves from the mover's own row (start_row: own)"
    return None


RULE = Rule(
    name="feeding",
    what="when the opponent's row is empty, only a move that sows into it is legal",
    fields={
        "feeding": (Literal["none", "required"], Field(
            "none", description="when the opponent's row is empty: any move (none), or only a move whose lap sows "
                                "into it (required; a player who cannot feed has no legal move)")),
    },
    boards={2: {}},
    checks=(_single_own,),
    uses=field_is("feeding", "required"),
    slots={2: ("feeding", "feed")},
    writes={"feed": placed("feed")},  # where the feed table starts: hole -> counters its lap needs to reach the opponent's row
    hooks=("list-starts",),
    kernels=("engine.mancala.machine.two_rows.settle",),
)
