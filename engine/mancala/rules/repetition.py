"""The end by repetition (OpenSpiel's oware): a position (board, stores, player to move) that
repeats one since the last capture ends the game; the counters left are scored as ``remaining``
says (by their row's owner, as OpenSpiel collects them).

A position is remembered by a 64-bit hash of the board and the player to move (the stores cannot
change without a capture, which clears the memory), the last HISTORY of them; a game whose
positions since the last capture outnumber them is checked against the last HISTORY only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import numpy as np
from numba import njit
from pydantic import Field

from engine.mancala.rule import Board, Code, Reading, Rule, field_is

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import BASE, P_HISTORY, P_SITES, STORE, TO_MOVE

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
    state={2: (("history", 1 + HISTORY, "tail"),)},  # the repetition memory, after the legal moves
    hooks=("start", "end-of-turn"),
    code={2: {"play-starts": Code("start_memory", when="repetition"),
              "turn-ends": Code("repeated", when="repetition")}},
)


# --- its compiled code on two rows (Rule.code), run at the turn's hook points (engine.mancala.machine.hooks) --


@njit(cache=True)
def position_key(state, params):
    """A 64-bit hash (FNV-1a) of the board and the player to move: a position since the last capture."""
    key = np.uint64(0xCBF29CE484222325)
    prime = np.uint64(0x100000001B3)
    for h in range(params[P_SITES]):
        key = (key ^ np.uint64(state[h])) * prime
    key = (key ^ np.uint64(state[BASE + TO_MOVE] + 7)) * prime
    return np.int64(key)


@njit(cache=True)
def remember(state, params):
    """Add the position to the repetition memory; True if it repeats one remembered (the memory
    holds the positions since the last capture, the last HISTORY of them)."""
    at = params[P_HISTORY]
    key = position_key(state, params)
    n = state[at]
    for i in range(n if n < HISTORY else HISTORY):
        if state[at + 1 + i] == key:
            return True
    state[at + 1 + n % HISTORY] = key
    state[at] = n + 1
    return False


@njit(cache=True)
def start_memory(state, params):
    """Hook point play-starts: the repetition memory starts with the position at hand (a game's start,
    a position set up)."""
    state[params[P_HISTORY]] = 0
    remember(state, params)
    return 0


@njit(cache=True, inline="always")
def repeated(state, params, stores):
    """Hook point turn-ends: the position after the turn is remembered (the memory cleared first if
    the move captured: no earlier position can come back); 1 if it repeats one, ending the game."""
    if state[BASE + STORE] + state[BASE + STORE + 1] != stores:
        state[params[P_HISTORY]] = 0
    return 1 if remember(state, params) else 0
