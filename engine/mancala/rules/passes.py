"""A player with no legal move: the game ends and is counted, they pass, or they lose."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Rule

RULE = Rule(
    name="passes",
    what="a player with no legal move ends the game, passes or loses",
    fields={
        "no_move": (Literal["end-game", "pass", "lose"], Field(
            "end-game", description="a player with no legal move: the game ends (and is counted), they pass, or lose")),
    },
    boards={2: {"no_move": ("end-game",)}, 4: {"no_move": ("pass", "lose")}},
    slots={4: ("no_move",)},
    state={4: (("passes", 1),)},
    hooks=("no-move",),
    kernels=("engine.turns.play_pass",),
    events=("pass",),
)
