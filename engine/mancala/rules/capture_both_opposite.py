"""The capture of both opposite holes (Lobudök): a lap ending in an occupied inner hole of the mover
whose two opposite holes are occupied takes both."""

from __future__ import annotations

from typing import TYPE_CHECKING

from numba import njit

from engine import machine
from engine.mancala.fourrow import G_INNER, G_OPPOSITE, G_OPPOSITE_OUTER
from engine.mancala.rule import Code, Reading, Rule
from engine.mancala.rules.captured_to import resow
from engine.mancala.rules.end import stripped
from engine.mancala.rules.opening import first_turn
from engine.mancala.rules.restricted_holes import restricted
from engine.mancala.sowing import idx

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import (
        CAPTURED_RESOW, CONTINUE_RELAY, F_AFTER_CAPTURE, F_CAPTURED_TO, F_RESTRICTED,
        F_RESTRICTED_CAPTURE, GEO, IN_USE_HOLES,
    )
    from engine.mancala.machine.four_rows import (
        LOG_CAPTURE, LOGGED, SIDE, STORE, T_CORNER, TO_MOVE,
    )
    from engine.mancala.machine.outcome import MOVE_DONE, MOVE_GAME_OVER

SPECIALISED_WITH = (
    "engine.mancala.rules.captured_to", "engine.mancala.rules.end", "engine.mancala.rules.restricted_holes",
)
"""Specialised with the modules of the re-sowing, the end's test and the restricted player it reads
(engine.specialise)."""


def _no_opening(reading: Reading) -> tuple[str, str] | None:
    if first_turn(reading) and reading.param("opening", "capture") == "column":
        return ("capture", "opening.capture = 'column' with capture = 'both-opposite': an opening lap takes a column "
                           "(opposite, inner-and-outer)")
    return None


@njit(cache=True)
def capture_both_opposite(state, params, t, kind, origin, landed, log):
    """Capture both-opposite (out of line: a capture is rare among laps): while the lap's last
    counter lies in an occupied inner hole of the mover whose two opposite holes are occupied (and
    restricted-holes' capture guard allows it), take both, into the store or sown again
    (engine.mancala.rules.captured_to.resow); after the first unless after_capture continue-relay.
    Returns the landing site of the last re-sowing (or ``landed``) and the captures made."""
    mover = state[TO_MOVE]
    opp = 1 - mover
    to_store = params[F_CAPTURED_TO] != CAPTURED_RESOW
    continue_relay = params[F_AFTER_CAPTURE] == CONTINUE_RELAY
    guard_corners = params[F_RESTRICTED] != 0 and params[F_RESTRICTED_CAPTURE] == IN_USE_HOLES
    captures = 0
    while state[idx(landed)] > 1 and params[idx(GEO + G_INNER + landed)] != 0:
        inner = params[idx(GEO + G_OPPOSITE + landed)]
        outer = params[idx(GEO + G_OPPOSITE_OUTER + landed)]
        if state[idx(inner)] == 0 or state[idx(outer)] == 0:
            break
        if guard_corners and params[idx(T_CORNER + landed)] != 0 and restricted(state, params, opp):
            break
        taken = state[idx(inner)] + state[idx(outer)]
        if log[0] >= 0:
            a = state[outer]
            state[outer] = 0
            if to_store:
                state[STORE + mover] += a
            machine.log_event(log, state, LOGGED, LOG_CAPTURE, outer, a, mover)
            a = state[inner]
            state[inner] = 0
            if to_store:
                state[STORE + mover] += a
            machine.log_event(log, state, LOGGED, LOG_CAPTURE, inner, a, mover)
        elif to_store:
            state[idx(STORE + mover)] += taken
        state[idx(inner)] = 0
        state[idx(outer)] = 0
        state[idx(SIDE + opp)] -= taken
        captures += 1
        if not to_store:
            landed = resow(state, params, t, kind, origin, landed, taken, log)
        if stripped(state, params, opp) or not continue_relay:
            break
    return landed, captures


# --- its compiled code on four rows (Rule.code), run at the lap loop's hook points (engine.mancala.machine.hooks) --


@njit(cache=True, inline="always")
def take_at_landing(state, params, t, kind, origin, landed, mover, no_capture, log):
    """Hook point lap-end: a lap ending in an occupied inner hole whose two opposite holes are
    occupied takes both (:func:`capture_both_opposite`); the opponent left without counters ends the
    run (-1 - MOVE_GAME_OVER, capture-all), a capture ends it unless the lap relays after it
    (-1 - MOVE_DONE); else the site the run goes on from (a re-sowing's landing, or ``landed``)."""
    captures = 0
    if (state[idx(landed)] > 1 and params[idx(GEO + G_INNER + landed)] != 0
            and state[idx(params[idx(GEO + G_OPPOSITE + landed)])] != 0
            and state[idx(params[idx(GEO + G_OPPOSITE_OUTER + landed)])] != 0):
        landed, captures = capture_both_opposite(state, params, t, kind, origin, landed, log)
    if stripped(state, params, 1 - mover):
        return -1 - MOVE_GAME_OVER
    if captures > 0 and params[F_AFTER_CAPTURE] != CONTINUE_RELAY:
        return -1 - MOVE_DONE
    return landed


RULE = Rule(
    name="capture-both-opposite",
    what="a lap ending in an occupied inner hole whose two opposite holes are occupied takes both",
    adds={"capture": ("both-opposite",)},
    boards={4: {}},
    checks=(_no_opening,),
    hooks=("landing", "capture"),
    code={4: {"lap-end": Code("take_at_landing", when="capture")}},
    kernels=("engine.mancala.rules.capture_both_opposite.capture_both_opposite",),
)
