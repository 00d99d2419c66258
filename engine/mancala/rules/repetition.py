"""The end by repetition (OpenSpiel's oware): a position (board, stores, player to move) that
repeats one since the last capture ends the game; the counters left are scored as ``remaining``
says (by their row's owner, as OpenSpiel collects them).

A position is remembered by a 64-bit hash of the board and the player to move (the stores cannot
change without a capture, which clears the memory), the last HISTORY of them; a game whose
positions since the last capture outnumber them is checked against the last HISTORY only."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Board, Reading, Rule, field_is

HISTORY = 1024
"""Positions remembered since the last capture."""


def history(r: Reading, board: Board) -> int:
    """Slot ``history``: where the state's repetition memory starts (0: none)."""
    return board.places["history"] if r.value("repetition") != "none" else 0


RULE = Rule(
    name="repetition",
    what="a position repeating one since the last capture ends the game",
    fields={
        "repetition": (Literal["none", "end-game"], Field(
            "none", description="a position (board, stores, player to move) repeating one since the last capture: "
                                "nothing happens (none), or the game ends and is scored (end-game)")),
    },
    boards={2: {}},
    uses=field_is("repetition", "end-game"),
    slots={2: ("repetition", "history")},
    writes={"history": history},
    state={2: (("history", 1 + HISTORY),)},
    hooks=("end-of-turn",),
    kernels=("engine.mancala.machine.two_rows.remember",),
)
