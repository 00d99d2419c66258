"""A move whose laps never end (a configuration repeats): the game ends as endless, or the move is
illegal (engine.machine's two-pass check)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Rule

RULE = Rule(
    name="endless",
    what="a move whose laps repeat a configuration ends the game as endless, or is illegal",
    fields={
        "endless": (Literal["end-game", "illegal"], Field(
            description="a move whose laps never end (a repeated configuration): the game ends as endless, "
                        "or the move is illegal")),
    },
    boards={2: {}, 4: {}},
    slots={2: ("endless",), 4: ("endless",)},
    hooks=("list-starts", "sow"),
    kernels=("engine.machine.run_laps", "engine.machine.drop_endless"),
)
