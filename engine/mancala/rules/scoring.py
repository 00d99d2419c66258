"""Who wins: the larger count of counters (those left on the board scored or not), or the rule that
ended the game."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Rule

RULE = Rule(
    name="scoring",
    what="the winner has the larger count (counters left on the board unscored, scored by the row's owner, or "
         "alone scored), or is named by the rule that ended the game",
    fields={
        "remaining": (Literal["unscored", "owner", "owner-only"], Field(
            "unscored", description="counters left on the board at the end: not scored, scored by the row's owner, "
                                    "or the only ones scored (the captures not counted: Ludii's score where the "
                                    "stores are read as empty cells)")),
        "decided_by": (Literal["count", "rule"], Field(
            "count", description="the winner: the larger count of counters, or the rule that ended the game")),
    },
    boards={2: {"decided_by": ("count",)}, 4: {"remaining": ("unscored",), "decided_by": ("rule",)}},
    slots={2: ("remaining",)},
    hooks=("end-of-game",),
)
