"""The end of the game: a row empty after a lap or a move, the player to move unable to move (with
Ludii's counted forced pass before the loss), or a player stripped of every counter."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Rule

RULE = Rule(
    name="end",
    what="the game ends when a row is empty after a lap or a move, the player to move cannot move, or a player "
         "has no counters left",
    fields={
        "end": (Literal["row-empty-after-lap", "row-empty-after-move", "cannot-move", "capture-all"], Field(
            description="the end of the game: a row empty after any lap, or after a move; the player to move "
                        "cannot move; a player has no counters left")),
        "forced_pass": (bool, Field(
            False, description="end cannot-move: the player who cannot move first makes a forced pass, counted as a "
                               "turn and a move, and loses after it (as Ludii records such an end); when that pass "
                               "would come past the turn or move limit the game is unfinished")),
    },
    boards={2: {"end": ("row-empty-after-lap", "row-empty-after-move", "cannot-move"), "forced_pass": (False,)},
            4: {"end": ("capture-all", "cannot-move")}},
    slots={2: ("end",), 4: ("end", "forced_pass")},
    hooks=("end-of-game",),
)
