"""A repeated position (the same board and player to move since the last placement or removal) ends
the game without a winner, or is allowed."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Rule

RULE = Rule(
    name="repetition",
    what="a position repeated since the last placement or removal ends the game without a winner, or is allowed",
    fields={
        "repetition": (Literal["ignored", "ends-game"], Field(
            "ignored", description="a repeated position is allowed (ignored) or ends the game without a winner")),
    },
    slots=("repetition",),
    state=(("n_rep", 1), ("rep", 0)),  # the positions logged: as many as turns (engine.alignment.game)
    hooks=("start-of-turn",),
)
