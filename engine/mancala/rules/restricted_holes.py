"""Restricted holes (Lobudök): a player is at first restricted to their middle holes (their laps pass
over the four corners, or only do not start there) and released when no middle hole can move, to
the reserve holes or to every hole, for good or for the turn; while the opponent is restricted, no
capture is made from a corner of theirs in use."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Literal

from numba import njit
from pydantic import BaseModel, ConfigDict, Field

from engine.mancala.fourrow import G_POSITION, MAX_SITES, MAX_TRACK, PLAYER_MOVES
from engine.mancala.rule import Board, Code, Reading, Rule, SlotWriter, param_code
from engine.mancala.sowing import idx

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import (
        F_LASTING, F_MIN_COUNTERS, F_N_MIDDLE, F_RELEASE, FULL_LAP, GEO, PER_TURN, RESERVE_HOLES, RESTRICTED_LAP,
    )
    from engine.mancala.machine.four_rows import (
        KIND, LEGAL, RELAY, RELEASED_FLAG, T_CORNER, T_MIDDLE, T_RESERVE,
    )
    from engine.mancala.machine.outcome import MOVE_CHOICE


class RestrictedHoles(BaseModel):
    """The parameters of restricted-holes (each may be bound to a switch instead)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    sowing: Literal["skip-corners", "start-only"] | None = Field(
        None, description="while restricted, laps pass over the corners (skip-corners) or only do not start there")
    release: Literal["reserve-holes", "all-holes"] | None = Field(
        None, description="when no middle hole can start a move: released to the inner row's corners or every hole")
    lasting: Literal["permanent", "per-turn"] | None = Field(
        None, description="the release is for good, or decided afresh each turn")
    capture: Literal["in-use-holes", "unrestricted"] | None = Field(
        None, description="while the opponent is restricted, no capture from a corner of theirs (in-use-holes)")


def _code(param: str) -> SlotWriter:
    """The writer of the slot of parameter ``param``: its value's code (0 without restricted holes)."""
    def write(r: Reading, board: Board) -> int:
        if "restricted-holes" not in r.named:
            return 0
        return param_code("restricted-holes", RestrictedHoles, param, r.param("restricted-holes", param))
    return write


def _choose(r: Reading, board: Board) -> int:
    """Slot ``choose``: 1 if a lap ending in a corner may be relayed restricted or released (a per-turn
    release with skip-corners)."""
    return int("restricted-holes" in r.named and r.param("restricted-holes", "lasting") == "per-turn"
               and r.param("restricted-holes", "sowing") == "skip-corners")


def _given(param: str) -> Callable[[Reading], tuple[str, str] | None]:
    """The check that parameter ``param`` has a value in a reading: the kernel has no default for any
    of them, so a setting that leaves one unset (neither in ``primitives`` nor bound by the option of a
    switch) is refused by the build, not found at play."""
    def check(r: Reading) -> tuple[str, str] | None:
        if r.param("restricted-holes", param) is None:
            return (f"restricted-holes.{param}",
                    f"restricted-holes.{param} has no value: give it in primitives or bind it to a switch")
        return None
    return check


# --- its compiled code on four rows (Rule.code), run at the turn's hook points (engine.mancala.machine.hooks) --


@njit(cache=True, inline="always")
def list_starts(state, params, p):
    """Hook point list-starts: a restricted player ``p`` lists their middle holes holding enough
    (laps of kind RESTRICTED_LAP); none can start: they are released (for good, or this turn), to
    the reserve holes (listed here) or every hole (-1: the ordinary starts, laps of kind FULL_LAP)."""
    base = p * PLAYER_MOVES
    least = params[F_MIN_COUNTERS]
    n = 0
    per_turn = params[F_LASTING] == PER_TURN
    if per_turn or state[idx(RELEASED_FLAG + p)] == 0:
        at = T_MIDDLE + MAX_TRACK * p
        for i in range(params[F_N_MIDDLE]):
            site = params[idx(at + i)]
            state[idx(LEGAL + n)] = base + params[idx(GEO + G_POSITION + site)]
            n += state[idx(site)] >= least
        state[KIND] = RESTRICTED_LAP
        if n > 0:
            return n
        if not per_turn:
            state[idx(RELEASED_FLAG + p)] = 1  # released for good
        state[KIND] = FULL_LAP
        if params[F_RELEASE] == RESERVE_HOLES:
            at = T_RESERVE + 2 * p
            for i in range(2):
                site = params[idx(at + i)]
                state[idx(LEGAL + n)] = base + params[idx(GEO + G_POSITION + site)]
                n += state[idx(site)] >= least
            return n
    state[KIND] = FULL_LAP
    return -1


@njit(cache=True, inline="always")
def can_start_restricted(state, params, p):
    """True if one of player ``p``'s middle holes holds enough counters to start a move."""
    at = T_MIDDLE + MAX_TRACK * p
    least = params[F_MIN_COUNTERS]
    for i in range(params[F_N_MIDDLE]):
        if state[idx(params[idx(at + i)])] >= least:
            return True
    return False


@njit(cache=True, inline="always")
def restricted(state, params, p):
    """True if player ``p`` is restricted: not yet released for good, or (per-turn) their next turn
    would start from a middle hole (what the capture in-use-holes reads: capture_both_opposite)."""
    if params[F_LASTING] == PER_TURN:
        return can_start_restricted(state, params, p)
    return state[idx(RELEASED_FLAG + p)] == 0


@njit(cache=True, inline="always")
def corner_choice(state, params, landed, mover):
    """Hook point before-relay (a per-turn release with skip-corners: slot ``choose``): a lap ending in
    an occupied corner while no middle hole of the mover's holds enough lets them choose the kind of
    the next lap (MOVE_CHOICE, the corner noted at RELAY); else -1, the relay made."""
    if params[idx(T_CORNER + landed)] != 0 and not can_start_restricted(state, params, mover):
        state[RELAY] = landed
        return MOVE_CHOICE
    return -1


@njit(cache=True, inline="always")
def relay_restricted(state, params, kind):
    """Hook point relay-kind (slot ``choose``): every relay is a restricted lap (a lap released at a
    corner, chosen there, released only itself)."""
    return RESTRICTED_LAP


RULE = Rule(
    name="restricted-holes",
    what="a player starts restricted to the middle holes and is released when none can move, to the reserve "
         "holes or every hole, for good or for the turn",
    params=RestrictedHoles,
    boards={4: {}},
    checks=tuple(_given(param) for param in RestrictedHoles.model_fields),
    slots={4: ("restricted", "restricted_sowing", "release", "lasting", "restricted_capture", "choose", "n_middle")},
    writes={"restricted": lambda r, board: int("restricted-holes" in r.named), "restricted_sowing": _code("sowing"),
            "release": _code("release"), "lasting": _code("lasting"), "restricted_capture": _code("capture"),
            "choose": _choose, "n_middle": lambda r, board: 2 * r.holes_per_row - 4},
    state={4: (("released_flag", 2), ("kind", 1))},
    tables={4: (("corner", MAX_SITES), ("middle", 2 * MAX_TRACK), ("reserve", 4))},
    hooks=("list-starts", "sow", "landing", "capture", "move"),
    code={4: {"list-starts": Code("list_starts", when="restricted"),
              "before-relay": Code("corner_choice", when="choose"),
              "relay-kind": Code("relay_restricted", when="choose")}},
    kernels=("engine.mancala.rules.restricted_holes.restricted",
             "engine.mancala.rules.restricted_holes.can_start_restricted"),
    position=("released", "relay_from", "turn_start"),
    events=("lap-restricted",),
)
