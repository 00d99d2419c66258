"""The capture across a gap (Tap-urdy): a lap whose last counter falls into an occupied hole followed
by an empty one takes the contents of the hole after the gap (with ``capture_empty``, even when that
hole is empty: the capture is made, and ends the move, with nothing taken)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from numba import njit

from engine import machine
from engine.mancala.rule import Code, Rule

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import BASE, LOGGED, P_CAPTURE_EMPTY, STORE
    from engine.mancala.machine.two_rows import LOG_CAPTURE

RULE = Rule(
    name="capture-across-gap",
    what="last counter in an occupied hole, the next one empty: the hole after the gap is taken",
    adds={"capture": ("across-gap",)},
    boards={2: {}},
    hooks=("landing", "capture"),
    code={2: {"lap-relays": Code("take_across_gap", when="capture")}},
)


# --- its compiled code on two rows (Rule.code), run at the turn's hook points (engine.mancala.machine.hooks) --


@njit(cache=True, inline="always")
def take_across_gap(state, params, holes, length, last, mover, log):
    """Hook point lap-relays (two rows): the lap's last counter fell into an occupied hole (at track
    position ``last``); if the hole after it is empty, take the hole after that one into the mover's
    store (and, without capture_empty, only if it holds counters): its track position, or -1."""
    p1 = last + 1 if last + 1 < length else 0
    p2 = p1 + 1 if p1 + 1 < length else 0
    h2 = params[holes + p2]
    if state[params[holes + p1]] != 0 or (params[P_CAPTURE_EMPTY] == 0 and state[h2] == 0):
        return -1
    taken = state[h2]
    state[BASE + STORE + mover] += taken
    state[h2] = 0
    if log[0] >= 0:
        machine.log_event(log, state, BASE + LOGGED, LOG_CAPTURE, h2, taken, mover)
    return p2
