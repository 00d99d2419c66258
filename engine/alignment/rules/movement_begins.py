"""When the movement phase begins: once neither player can place (a player who cannot place passes
while the other still can), or once the second player's hand is empty (Ludii's
``(nextPhase ("HandEmpty" P2) "Movement")``: before it a player who cannot place passes, the passes
count, and two passes running end the game without a winner)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Rule

RULE = Rule(
    name="movement-begins",
    what="the movement phase begins when neither player can place, or when the second player's hand is empty "
         "(then two passes running while placing end the game without a winner)",
    fields={
        "movement_begins": (Literal["none-can-place", "second-hand-empty"], Field(
            "none-can-place", description="the movement phase begins when neither player can place "
                                          "(none-can-place), or when the hand of the player who placed second is "
                                          "empty, whatever the other still holds (second-hand-empty; a player who "
                                          "cannot place before then passes, and two passes running end the game "
                                          "without a winner)")),
    },
    slots=("movement_begins",),
    hooks=("placement", "no-move"),
    kernels=("engine.alignment.machine.turn_moves",),
    events=("pass", "phase"),
)
