"""How the turn the turn limit falls in is played: the whole turn, or its first move only (a lap, a
pass), as Ludii ends a game at its turn limit (``Game.applyInternal`` tests the limit after every
move against a count of turns that grows only when the mover changes). A program's rule, not a
source's: a description sets it for the rulesets that play a program (``rulesets`` of the
description), never for a reading of the sources."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Rule, field_is

RULE = Rule(
    name="last-turn",
    what="the turn the turn limit falls in is played whole, or only its first move (a lap or a pass)",
    fields={
        "last_turn": (Literal["whole-turn", "first-lap"], Field(
            "whole-turn", description="the turn limit's last turn: played whole (whole-turn), or cut after its "
                                      "first move, a lap or a pass, relays and further decisions of that turn "
                                      "unplayed (first-lap, as Ludii's turn limit ends a game)")),
    },
    uses=field_is("last_turn", "first-lap"),
    boards={2: {}, 4: {}},
    slots={2: ("last_turn",), 4: ("last_turn",)},
    hooks=("end-of-game",),
    kernels=("engine.mancala.machine.turn.apply_move",),
)
