"""Owned holes (Toguz Kumalak's tuzdyk): a move whose last counter makes a hole of the opponent's
row hold ``count`` counters (and takes nothing else) makes it the mover's own, once a game: its
counters are taken, and every counter that falls in it later goes to its owner's store at the end
of the move. It may spare the opponent's last hole, and the hole facing the one the opponent owns
(the same place counted from each player's left); a hole owned at a1 may be left uncollected (Ludii's
program)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from numba import njit
from pydantic import BaseModel, ConfigDict, Field

from engine import machine
from engine.mancala.rule import Board, Code, Reading, Rule, SlotWriter

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import (
        BASE, LOGGED, OWNED, P_OWNED_COLLECT_A1, P_OWNED_COUNT, P_OWNED_SPARE_LAST, P_OWNED_SPARE_MIRROR, P_PER_ROW,
        STORE,
    )
    from engine.mancala.machine.two_rows import LOG_CAPTURE


class OwnedHoles(BaseModel):
    """The parameters of owned-holes (each may be bound to a switch instead)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    count: int = Field(3, ge=1, le=62, description="the count the last counter must make in the opponent's hole")
    spare_last: bool = Field(False, description="the opponent's last hole (the rightmost from their side) cannot "
                                                "become owned")
    spare_mirror: bool = Field(True, description="a player cannot own the hole at the same place, from their "
                                                 "opponent's left, as the hole the opponent owns")
    collect_a1: bool = Field(True, description="what falls in a hole owned at player 1's first hole (a1) goes to "
                                               "its owner; false: it stays there, and the hole is played as any other "
                                               "(Ludii 1.3.13, whose CaptureFromTuzOf skips its site 0)")


def _count_capture(reading: Reading) -> tuple[str, str] | None:
    if reading.value("capture") != "count":
        return "owned-holes", "owned-holes is played with capture: count (the hole is made where no count capture is)"
    return None


def owned(r: Reading) -> OwnedHoles | None:
    """The reading's owned-holes parameters (None if it does not list the primitive)."""
    if "owned-holes" not in r.named:
        return None
    return OwnedHoles(**{k: v for k in OwnedHoles.model_fields if (v := r.param("owned-holes", k)) is not None})


def _param(name: str) -> SlotWriter:
    """The writer of the slot of parameter ``name`` (its value as an int; 0 without owned holes)."""
    def write(r: Reading, board: Board) -> int:
        params = owned(r)
        return 0 if params is None else int(getattr(params, name))
    return write


RULE = Rule(
    name="owned-holes",
    what="a last counter making count in an opponent's hole makes it the mover's, once a game: what falls in it "
         "later goes to its owner",
    params=OwnedHoles,
    boards={2: {}},
    checks=(_count_capture,),
    slots={2: ("owned_count", "owned_spare_last", "owned_spare_mirror", "owned_collect_a1")},  # owned_count 0: none
    state={2: (("owned", 2, "run"),)},  # + player: 1 + the hole the player owns, 0 if none
    writes={f"owned_{name}": _param(name) for name in ("count", "spare_last", "spare_mirror", "collect_a1")},
    hooks=("capture", "end-of-turn"),
    code={2: {"last-landing": Code("make_owned", when="owned_count"),
              "move-ends": Code("collect_owned", when="owned_count")}},
    position=("owned_holes",),
)


# --- its compiled code on two rows (Rule.code), run at the turn's hook points (engine.mancala.machine.hooks) --


@njit(cache=True)
def make_owned(state, params, mover, holes, length, last, landed, log):
    """Hook point last-landing, where the count capture took nothing: the last counter made ``landed``,
    in the opponent's row, hold the owning count: it becomes the mover's (their first), unless spared,
    and its counters are taken. 0."""
    per_row = params[P_PER_ROW]
    row = landed // per_row
    if row == mover or state[landed] != params[P_OWNED_COUNT] or state[BASE + OWNED + mover] != 0:
        return 0
    place = landed - row * per_row  # from its owner's left
    if params[P_OWNED_SPARE_LAST] != 0 and place == per_row - 1:
        return 0
    theirs = state[BASE + OWNED + 1 - mover] - 1
    if params[P_OWNED_SPARE_MIRROR] != 0 and theirs >= 0 and theirs - mover * per_row == place:
        return 0
    state[BASE + OWNED + mover] = landed + 1
    take(state, landed, mover, log)
    return 0


@njit(cache=True)
def collect_owned(state, params, log):
    """Hook point move-ends: the counters in each owned hole go to its owner's store (not those of a
    hole owned at a1 unless collect_a1). 0."""
    for p in range(2):
        h = state[BASE + OWNED + p] - 1
        if h >= 0 and state[h] > 0 and (h != 0 or params[P_OWNED_COLLECT_A1] != 0):
            take(state, h, p, log)
    return 0


@njit(cache=True, inline="always")
def take(state, h, p, log):
    """The counters of hole ``h`` go to player ``p``'s store (a capture, traced)."""
    taken = state[h]
    state[h] = 0
    state[BASE + STORE + p] += taken
    if log[0] >= 0:
        machine.log_event(log, state, BASE + LOGGED, LOG_CAPTURE, h, taken, p)
