"""The capture of the next hole (Pallankuli, Ludii's Walak-pussa): a lap whose last counter falls
into an empty hole takes the counters of the hole after it, and the move ends."""

from __future__ import annotations

from typing import TYPE_CHECKING

from numba import njit

from engine import machine
from engine.mancala.rule import Code, Rule, field_is

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import BASE, LOGGED, P_SITES, STORE
    from engine.mancala.machine.two_rows import LOG_CAPTURE

RULE = Rule(
    name="capture-next",
    what="a lap ending in an empty hole takes the hole after it",
    adds={"capture": ("next-after-empty",)},
    boards={2: {}},
    uses=field_is("capture", "next-after-empty"),
    hooks=("landing", "capture"),
    code={2: {"lap-landed": Code("take_next", when="capture")}},
)


@njit(cache=True, inline="always")
def take_next(state, params, holes, length, last, mover, log):
    """Hook point lap-landed (two rows): a lap whose last counter fell into an empty hole (at track
    position ``last``) takes the hole after it, if it holds counters: its track position, or -1."""
    if state[params[holes + last]] != 1:
        return -1
    p1 = last + 1 if last + 1 < length else 0
    h1 = params[holes + p1]
    if h1 >= params[P_SITES] or state[h1] == 0:
        return -1
    taken = state[h1]
    state[h1] = 0
    state[BASE + STORE + mover] += taken
    if log[0] >= 0:
        machine.log_event(log, state, BASE + LOGGED, LOG_CAPTURE, h1, taken, mover)
    return p1
