"""Who wins a game that has ended: the winner the end rule names, or the player who has captured more
pieces (equal captures: no winner), however the game ended (a limit stops a game without a winner
under both)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Rule

RULE = Rule(
    name="decided-by",
    what="the winner is the one the end rule names, or the player who has captured more pieces",
    fields={
        "decided_by": (Literal["rule", "most-captures"], Field(
            "rule", description="who wins a game that has ended: the player the end rule (or a blocked player, "
                                "or two passes) names (rule), or the player who has captured more pieces, equal "
                                "captures giving no winner (most-captures)")),
    },
    slots=("decided_by",),
    hooks=("end-of-game",),
    kernels=("engine.alignment.machine.decided",),
)
