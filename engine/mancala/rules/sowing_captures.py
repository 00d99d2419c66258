"""Captures during sowing (Pallankuli's fours): a hole that a lap brings to ``sow_capture`` counters is
taken, by the owner of its row or by the mover; a lap ending in such a hole does not relay from it.

When the holes are looked at (``sow_capture_at``): after the lap, every hole it sowed (lap-end); as
each counter falls, so that a hole taken may be sown again later in a long lap (sowing: "immediately",
as the DLP's Pallankuli summary and the Pallankuzhi blog say); or after the lap, its starting hole
and the holes as many steps on along the track as the lap had counters, the steps counted round the
track at most once and over holes out of play too (lap-steps: Ludii 1.3.13's Pallankuli.lud, whose
``(sites Track from:(last From) to:(trackSite Move ... steps:(var "NumSowed"))))`` stops at the first
time it meets the site so many steps on, so that a lap of fourteen counters on 2 x 7 looks at its
starting hole only)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from numba import njit
from pydantic import Field

from engine import machine
from engine.mancala.rule import Code, Rule
from engine.mancala.sowing import TRACK_HOLES, TRACK_LENGTH

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import (
        BASE, LOGGED, OUT, P_PER_ROW, P_SITES, P_SOW_CAPTURE, P_SOW_CAPTURE_AT, P_SOW_CAPTURE_TO, SOW_AT_LAP_STEPS,
        SOW_AT_SOWING, SOW_TO_MOVER, STORE,
    )
    from engine.mancala.machine.two_rows import LOG_CAPTURE

RULE = Rule(
    name="sowing-captures",
    what="after each lap every hole it sowed holding sow_capture counters is taken, by its row's owner or the mover",
    fields={
        "sow_capture": (int, Field(
            0, ge=0, le=62, description="after each lap, every hole the lap sowed that now holds this many counters "
                                        "is taken, and a lap ending there does not relay (0: none)")),
        "sow_capture_to": (Literal["owner", "mover"], Field(
            "owner", description="who takes the holes of sow_capture: the owner of the hole's row, or the mover")),
        "sow_capture_at": (Literal["lap-end", "sowing", "lap-steps"], Field(
            "lap-end", description="when and where sow_capture looks: after each lap at every hole it sowed (lap-end); "
                                   "as each counter falls (sowing); after each lap at its starting hole and the holes "
                                   "as many track steps on as it had counters, counted round the track once at most "
                                   "and over holes out of play (lap-steps, Ludii 1.3.13's Pallankuli.lud)")),
    },
    boards={2: {}},
    uses=lambda r: r.value("sow_capture") > 0,
    slots={2: ("sow_capture", "sow_capture_to", "sow_capture_at")},
    hooks=("sow", "capture"),
    code={2: {"sow": Code("sow_taking", when="sow_capture"), "lap-sown": Code("take_sown", when="sow_capture")}},
)


# --- its compiled code on two rows (Rule.code), run at the turn's hook points (engine.mancala.machine.hooks) --


@njit(cache=True, inline="always")
def sow_taking(state, params, t, origin, sown, into_origin, mover, log):
    """Hook point sow, at sowing: the lap sown with each hole taken the moment a counter brings it to
    sow_capture (passing over the holes out of play: rounds); the track position of its last counter,
    or -1 (sow_capture_at lap-end or lap-steps: the ordinary sowing)."""
    if params[P_SOW_CAPTURE_AT] != SOW_AT_SOWING:
        return -1
    return sow_in_play(state, params, t, origin, sown, into_origin, state[BASE + OUT], params[P_SOW_CAPTURE], mover,
                       log)


@njit(cache=True)
def sow_in_play(state, params, t, origin, count, into_origin, out, want, mover, log):
    """Sow as engine.mancala.sowing.sow does, passing over the holes out of play (``out``, a bit a hole:
    rounds) as well; the track position of the last counter. With ``want`` (0: none), each hole the
    moment a counter brings it to ``want`` is taken (:func:`take_hole`), so that a hole taken may be
    sown again later in the lap."""
    sites = params[P_SITES]
    n = params[t + TRACK_LENGTH]
    tr = t + TRACK_HOLES
    p = params[tr + n + origin]  # the origin's place on the track
    while count > 0:
        p = p + 1 if p + 1 < n else 0
        h = params[tr + p]
        if (h < sites and (out >> h) & 1 == 1) or (h == origin and not into_origin):
            continue
        state[h] += 1
        count -= 1
        if state[h] == want and h < sites:
            take_hole(state, params, h, mover, log)
    return p


@njit(cache=True)
def take_hole(state, params, h, mover, log):
    """Hole ``h`` holds sow_capture counters: its row's owner, or the mover, takes them."""
    want = state[h]
    gets = mover if params[P_SOW_CAPTURE_TO] == SOW_TO_MOVER else h // params[P_PER_ROW]
    state[h] = 0
    state[BASE + STORE + gets] += want
    if log[0] >= 0:
        machine.log_event(log, state, BASE + LOGGED, LOG_CAPTURE, h, want, gets)


@njit(cache=True)
def take_sown(state, params, holes, length, origin, count, sown, last, into_origin, mover, log):
    """Hook point lap-sown: after a lap, the holes holding sow_capture are taken: every hole the lap
    sowed (``sown`` counters ending at track position ``last``: lap-end), or (lap-steps, Ludii 1.3.13's
    Pallankuli.lud) its starting hole and the ``count`` modulo ``length`` track positions after it
    (holes out of play counted). 0 (at sowing: taken as the counters fell)."""
    sites = params[P_SITES]
    want = params[P_SOW_CAPTURE]
    at = params[P_SOW_CAPTURE_AT]
    if at == SOW_AT_LAP_STEPS:
        pos = params[holes + length + origin]  # the origin's place on the track
        for _ in range(count % length + 1):
            h = params[holes + pos]
            if h < sites and state[h] == want:
                take_hole(state, params, h, mover, log)
            pos = pos + 1 if pos + 1 < length else 0
        return 0
    if at == SOW_AT_SOWING:
        return 0
    out = state[BASE + OUT]
    pos = last
    seen = 0
    for _ in range(length):
        if seen >= sown:
            break
        h = params[holes + pos]
        if h < sites and (out >> h) & 1 == 0 and (h != origin or into_origin):
            seen += 1
            if state[h] == want:
                take_hole(state, params, h, mover, log)
        pos = pos - 1 if pos > 0 else length - 1
    return 0
