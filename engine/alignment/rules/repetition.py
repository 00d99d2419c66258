"""A repeated position (the same board and player to move since the last placement or removal) ends
the game without a winner, or is allowed."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Reading, Rule

KEY_POINTS = 30
"""The most points a board may have for repetition ends-game or third-time: a position key holds both
players' boards and the player to move in one int64 (2 x 30 bits + 1)."""


def _key_fits(reading: Reading) -> tuple[str, str] | None:
    points = reading.description.board.size
    if reading.rules.repetition != "ignored" and points > KEY_POINTS:
        return ("repetition", f"{reading.rules.repetition} is played on boards of up to {KEY_POINTS} points (a "
                              f"position key of one int64), not {points}")
    return None


RULE = Rule(
    name="repetition",
    what="a position repeated since the last placement or removal ends the game without a winner (at once, or the "
         "third time it occurs), or is allowed",
    fields={
        "repetition": (Literal["ignored", "ends-game", "third-time"], Field(
            "ignored", description="a repeated position is allowed (ignored), ends the game without a winner "
                                   "(ends-game), or does so when it occurs for the third time (third-time)")),
    },
    slots=("repetition",),
    state=(("n_rep", 1), ("rep", 0)),  # the positions logged: as many as turns (engine.alignment.game)
    hooks=("start-of-turn",),
    checks=(_key_fits,),
)
