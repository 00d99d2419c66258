"""The capture from an empty own hole (Kalah): the move's last counter falls into an empty hole of
the mover's own row, and the counters of the opposite hole go to the mover's store with the
capturing counter (with ``capture_empty``, the capturing counter goes even when the opposite hole
is empty: Kalah's "empty capture")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from numba import njit

from engine import machine
from engine.mancala.rule import Code, Rule, field_is

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import BASE, LOGGED, P_CAPTURE_EMPTY, P_PER_ROW, STORE
    from engine.mancala.machine.two_rows import LOG_CAPTURE

RULE = Rule(
    name="capture-own-empty",
    what="the move's last counter falls into an empty hole of the mover's own row: the opposite hole's counters "
         "and the capturing counter are taken (with capture_empty, the capturing counter even when the opposite "
         "hole is empty)",
    adds={"capture": ("own-empty-opposite",)},
    boards={2: {}},
    uses=field_is("capture", "own-empty-opposite"),
    hooks=("landing", "capture"),
    code={2: {"last-landing": Code("capture", when="capture")}},
)


@njit(cache=True)
def capture(state, params, mover, holes, length, last, landed, log):
    """Hook point last-landing (two rows): the move's last counter made ``landed``, in the mover's row,
    hold one: it and the opposite hole's counters are taken (not an empty opposite hole's without
    capture_empty). 1 if taken, else 0."""
    per_row = params[P_PER_ROW]
    if landed // per_row != mover or state[landed] != 1:
        return 0
    opposite = 2 * per_row - 1 - landed
    if state[opposite] == 0 and params[P_CAPTURE_EMPTY] == 0:
        return 0
    taken = state[opposite] + 1
    state[opposite] = 0
    state[landed] = 0
    state[BASE + STORE + mover] += taken
    if log[0] >= 0:
        machine.log_event(log, state, BASE + LOGGED, LOG_CAPTURE, opposite, taken, mover)
    return 1
