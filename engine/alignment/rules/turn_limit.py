"""A draw by the length of the game: drawn once a number of turns have been completed (a turn is a
placement, step or pass with the removals it earns), unless it ended before; or no such limit."""

from __future__ import annotations

from pydantic import Field

from engine.alignment.rule import Rule

RULE = Rule(
    name="turn-limit",
    what="the game is drawn once a number of turns have been completed (0: never)",
    fields={
        "draw_after_turns": (int, Field(
            0, ge=0, le=100_000, description="the game is drawn when this many turns have been completed and it has "
                                             "not ended otherwise (the end by pieces and a blocked player are judged "
                                             "first); 0: no such draw")),
    },
    slots=("draw_after_turns",),
    hooks=("start-of-turn",),
)
