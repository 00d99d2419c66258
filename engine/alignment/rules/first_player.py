"""Who moves first: player 1, or by lot (engine.turns.first_player)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Rule

RULE = Rule(
    name="first-player",
    what="player 1 moves first, or the first player is drawn by lot",
    fields={
        "first_player": (Literal["lot", "player-1"], Field(
            "player-1", description="who moves first: player 1, or a player drawn by lot from the game's seed")),
    },
    slots=("first_player",),
    hooks=("start",),
    kernels=("engine.turns.first_player",),
)
