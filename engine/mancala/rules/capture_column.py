"""The column captures of four-row boards: a lap ending in the mover's inner row takes the opponent's
inner hole across (opposite), then the outer hole behind it (inner-and-outer), or the outer hole
whenever it holds counters (inner-and-outer-each); on an empty landing (the lap ends there) or an
occupied one whose opposite hole holds counters (the capture takes the relay's place)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from numba import njit
from pydantic import Field

from engine import machine
from engine.mancala.fourrow import G_INNER, G_OPPOSITE, G_OPPOSITE_OUTER
from engine.mancala.rule import Code, Rule
from engine.mancala.rules.captured_to import resow_apart
from engine.mancala.sowing import idx

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import (
        CAPTURE_INNER_AND_OUTER, CAPTURE_INNER_AND_OUTER_EACH, CAPTURE_ON_OCCUPIED, CAPTURED_RESOW, F_CAPTURE,
        F_CAPTURE_ON, F_CAPTURED_TO, GEO,
    )
    from engine.mancala.machine.four_rows import (
        LOG_CAPTURE, LOGGED, SIDE, STORE,
    )
    from engine.mancala.machine.outcome import MOVE_CAPTURED, MOVE_CAPTURED_TWO, MOVE_INNER_LANDING

SPECIALISED_WITH = ("engine.mancala.rules.captured_to",)
"""Specialised with the module of the re-sowing it calls (engine.specialise)."""

ON_EMPTY = 1
ON_OCCUPIED = 2
"""What :func:`landing_kind` holds for a run: the landing that triggers the capture."""


@njit(cache=True, inline="always")
def take_hole(state, site, taken, mover, to_store, log):
    """Take the ``taken`` counters of the opponent's hole ``site`` for the mover: into their store,
    or (``to_store`` False) to be sown again."""
    state[idx(site)] = 0
    if to_store:
        state[idx(STORE + mover)] += taken
    state[idx(SIDE + 1 - mover)] -= taken
    if log[0] >= 0:
        machine.log_event(log, state, LOGGED, LOG_CAPTURE, site, taken, mover)


@njit(cache=True, inline="always")
def take_column(state, params, t, kind, origin, landed, mover, log):
    """The column capture of a lap (of ``kind``, on the track at ``t``, from ``origin``) ending in the
    inner hole ``landed``: the opposite inner hole, if it holds counters, then (inner-and-outer) the
    outer hole behind it if it does, or (inner-and-outer-each) the outer hole whenever it holds
    counters, the inner one empty or not; into the store, or sown again (captured_to resow:
    engine.mancala.rules.captured_to.resow_apart). Returns MOVE_CAPTURED (one hole), MOVE_CAPTURED_TWO, or
    MOVE_INNER_LANDING (nothing taken)."""
    inner = params[idx(GEO + G_OPPOSITE + landed)]
    taken = state[idx(inner)]
    each = params[F_CAPTURE] == CAPTURE_INNER_AND_OUTER_EACH
    if taken == 0 and not each:
        return MOVE_INNER_LANDING
    to_store = params[F_CAPTURED_TO] != CAPTURED_RESOW
    outcome = MOVE_INNER_LANDING
    total = taken
    if taken > 0:
        take_hole(state, inner, taken, mover, to_store, log)
        outcome = MOVE_CAPTURED
    outer = params[idx(GEO + G_OPPOSITE_OUTER + landed)]
    taken = state[idx(outer)]
    if taken > 0 and (each or params[F_CAPTURE] == CAPTURE_INNER_AND_OUTER):
        take_hole(state, outer, taken, mover, to_store, log)
        total += taken
        outcome = MOVE_CAPTURED_TWO if outcome == MOVE_CAPTURED else MOVE_CAPTURED
    if not to_store and total > 0:
        resow_apart(state, params, t, kind, origin, landed, total, log)
    return outcome


# --- its compiled code on four rows (Rule.code), run at the lap loop's hook points (engine.mancala.machine.hooks) --


@njit(cache=True, inline="always")
def landing_kind(state, params, mover):
    """What the run holds (Code.held, read once before the lap loop): the landing that triggers the
    capture, ON_EMPTY or ON_OCCUPIED (capture_on)."""
    return ON_OCCUPIED if params[F_CAPTURE_ON] == CAPTURE_ON_OCCUPIED else ON_EMPTY


@njit(cache=True, inline="always")
def take_at_landing(state, params, t, kind, origin, landed, mover, no_capture, log, held):
    """Hook point lap-end: a lap ending in the mover's inner row, empty (``held`` ON_EMPTY: the lap
    ends there) or occupied with counters across (ON_OCCUPIED: the capture takes the relay's place),
    takes the column (:func:`take_column`): -1 - its outcome; else ``landed`` (the board ends the run
    at an empty landing, or relays). A single counter's lap (``no_capture``) takes nothing."""
    if state[idx(landed)] < 2:
        if params[idx(GEO + G_INNER + landed)] != 0 and not no_capture and held != ON_OCCUPIED:
            return -1 - take_column(state, params, t, kind, origin, landed, mover, log)
    elif (held == ON_OCCUPIED and params[idx(GEO + G_INNER + landed)] != 0 and not no_capture
          and state[idx(params[idx(GEO + G_OPPOSITE + landed)])] != 0):
        return -1 - take_column(state, params, t, kind, origin, landed, mover, log)
    return landed


RULE = Rule(
    name="capture-column",
    what="a lap ending in the mover's inner row takes the opponent's inner hole across, and the outer hole "
         "behind it (inner-and-outer, or whenever it holds counters: inner-and-outer-each)",
    adds={"capture": ("opposite", "inner-and-outer", "inner-and-outer-each")},
    fields={
        "capture_on": (Literal["empty", "occupied"], Field(
            "empty", description="the landing that triggers an opposite or inner-and-outer capture: an empty hole of "
                                 "the mover's inner row (the lap ends there), or an occupied one whose opposite "
                                 "inner hole holds counters (the capture takes the place of the relay)")),
    },
    boards={4: {}},
    slots={4: ("capture_on",)},
    hooks=("landing", "capture"),
    code={4: {"lap-end": Code("take_at_landing", when="capture", held="landing_kind")}},
    kernels=("engine.mancala.rules.capture_column.take_column", "engine.mancala.rules.capture_column.take_hole"),
)
