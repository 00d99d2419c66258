"""A repeated position (the same board and player to move since the last placement or removal) ends
the game without a winner, or is allowed."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Reading, Rule

KEY_POINTS = 30
"""The most points a board may have for repetition ends-game: a position key holds both players'
boards and the player to move in one int64 (2 x 30 bits + 1)."""


def _key_fits(reading: Reading) -> tuple[str, str] | None:
    points = reading.description.board.rows * reading.description.board.cols
    if reading.rules.repetition == "ends-game" and points > KEY_POINTS:
        return ("repetition", f"ends-game is played on boards of up to {KEY_POINTS} points (a position key of one "
                              f"int64), not {points}")
    return None


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
    checks=(_key_fits,),
)
