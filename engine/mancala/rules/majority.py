"""The end by majority (Oware): the game ends as soon as a player has captured more than half of
all the counters, or each player exactly half."""

from __future__ import annotations

from pydantic import Field

from engine.mancala.rule import Rule

RULE = Rule(
    name="majority",
    what="the game ends once a player has captured more than half of the counters, or each exactly half",
    fields={
        "end_majority": (bool, Field(
            False, description="the game also ends as soon as a player's captures are more than half of all the "
                               "counters, or both players' exactly half")),
    },
    boards={2: {}},
    uses=lambda r: bool(r.value("end_majority")),
    slots={2: ("end_majority",)},
    hooks=("end-of-game",),
    kernels=("engine.mancala.machine.two_rows.settle",),
)
