"""Who moves first: player 1, or a player drawn by lot from the game's seed."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Rule

RULE = Rule(
    name="first-player",
    what="player 1 moves first, or the first player is drawn by lot",
    fields={
        "first_player": (Literal["lot", "player-1"], Field(
            description="who starts: drawn by lot from the game's seed, or player 1")),
    },
    boards={2: {}, 4: {}},
    slots={2: ("first_player",), 4: ("first_player",)},
    hooks=("start",),
    kernels=("engine.turns.first_player",),
)
