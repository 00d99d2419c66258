"""The capture chain over alternating holes (Walak-pussa's "picking out the pearls of the necklaces"):
after a capture across an empty hole (capture ``across-gap``) or of the hole after an empty landing
(capture ``next-after-empty``), the capture goes on along the sowing: while the hole after the one just
taken is empty and the hole after that holds counters, that one is taken too, until two empty or two
occupied holes come in a row; no farther than ``gap_chain_reach`` track positions past the lap's last
hole (Ludii's Walak-Pussa.lud writes the chain out to the seventh hole after it), never round to the
landing itself."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from numba import njit
from pydantic import Field

from engine import machine
from engine.mancala.rule import Code, Reading, Rule, field_is

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import BASE, LOGGED, P_GAP_CHAIN_REACH, P_SITES, STORE
    from engine.mancala.machine.two_rows import LOG_CAPTURE


def _after_a_gap_capture(r: Reading) -> tuple[str, str] | None:
    if r.value("capture") not in ("across-gap", "next-after-empty"):
        return "gap_chain", ("gap_chain: alternating goes on from a capture across an empty hole (capture: across-gap) "
                             "or of the hole after an empty landing (capture: next-after-empty)")
    return None


RULE = Rule(
    name="gap-chain",
    what="after a capture across an empty hole or after an empty landing, each further occupied hole beyond one "
         "empty hole is taken while the holes alternate",
    fields={
        "gap_chain": (Literal["none", "alternating"], Field(
            "none", description="capture across-gap or next-after-empty: only the one hole is taken (none), or the "
                                "capture goes on along the sowing while an empty hole is followed by an occupied "
                                "one, taking each occupied one, until two empty or two occupied holes come in a row "
                                "(alternating)")),
        "gap_chain_reach": (int, Field(
            0, ge=0, description="gap_chain alternating: the farthest track position past the lap's last hole the "
                                 "chain may take (0: any, short of the landing round the board; Ludii's "
                                 "Walak-Pussa.lud: 7)")),
    },
    boards={2: {}},
    checks=(_after_a_gap_capture,),
    uses=field_is("gap_chain", "alternating"),
    slots={2: ("gap_chain", "gap_chain_reach")},
    hooks=("after-capture",),
    code={2: {"captured": Code("chain_gaps", when="gap_chain")}},
)


@njit(cache=True)
def chain_gaps(state, params, holes, length, last, q, mover, log):
    """Hook point captured (two rows): the hole at track position ``q`` was just taken (the lap's last
    counter at ``last``); while the next hole is empty and the one after it holds counters, that one
    is taken too, no farther than gap_chain_reach positions past ``last`` (0: short of ``last`` round
    the board)."""
    sites = params[P_SITES]
    reach = params[P_GAP_CHAIN_REACH]
    if reach == 0 or reach > length - 1:
        reach = length - 1
    d = q - last if q >= last else q + length - last  # how far past the landing
    while d + 2 <= reach:
        p1 = q + 1 if q + 1 < length else 0
        q = p1 + 1 if p1 + 1 < length else 0
        h1 = params[holes + p1]
        h2 = params[holes + q]
        if h1 >= sites or h2 >= sites or state[h1] != 0 or state[h2] == 0:
            return 0
        taken = state[h2]
        state[h2] = 0
        state[BASE + STORE + mover] += taken
        if log[0] >= 0:
            machine.log_event(log, state, BASE + LOGGED, LOG_CAPTURE, h2, taken, mover)
        d += 2
    return 0
