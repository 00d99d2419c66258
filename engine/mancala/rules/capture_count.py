"""The capture by count (Oware, Awale and most two-row games): the hole where a move's last counter
fell is taken when it lies in the row the rule names and now holds one of the capturing counts (2 or
3 in Oware), and, with the backward chain, each hole before it in the same row while it holds one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from numba import njit
from pydantic import Field

from engine import machine
from engine.mancala.rule import Board, Code, Reading, Rule, field_is
from engine.mancala.rules.grand_slam import whole_row

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import (
        BASE, CHAIN_BACKWARD, LOGGED, P_CAPTURE_CHAIN, P_CAPTURE_COUNTS, P_CAPTURE_PARITY, P_CAPTURE_ROW,
        P_GRAND_SLAM, P_PER_ROW, P_SITES, PARITY_EVEN, PARITY_ODD, ROW_OPPONENT, ROW_OWN, STORE,
    )
    from engine.mancala.machine.two_rows import LOG_CAPTURE

SPECIALISED_WITH = ("engine.mancala.rules.grand_slam",)
"""The grand slam decides a capture of a whole row (engine.specialise specialises it with this module)."""


def _counts(r: Reading) -> tuple[str, str] | None:
    counts = r.value("capture_counts")
    if not counts and r.value("capture_parity") == "none":
        return "capture_counts", ("capture: count needs the counts that capture (capture_counts, e.g. [2, 3]) or a "
                                  "capture_parity")
    if any(c < 1 or c > 62 for c in counts):
        return "capture_counts", f"capture_counts {counts}: each count is between 1 and 62"
    return None


def counts_mask(r: Reading, board: Board) -> int:
    """Slot ``capture_counts``: a bit mask, bit c set if a hole holding c is taken."""
    return sum(1 << c for c in r.value("capture_counts"))


RULE = Rule(
    name="capture-count",
    what="the move's last counter makes its hole hold a capturing count (in the opponent's row, the mover's or "
         "either): it is taken, and with the backward chain each hole before it in that row holding one",
    fields={
        "capture_counts": (list[int], Field(
            default_factory=list, description="capture: count: the counts a hole must hold after the last counter "
                                              "falls for it to be taken (Oware: [2, 3])")),
        "capture_parity": (Literal["none", "even", "odd"], Field(
            "none", description="capture: count: besides capture_counts, a hole holding any even count (even) or any "
                                "odd count (odd) is taken (Toguz Kumalak: even)")),
        "capture_row": (Literal["opponent", "own", "any"], Field(
            "opponent", description="capture: count: the row where the last counter must fall for a capture")),
        "capture_chain": (Literal["none", "backward"], Field(
            "none", description="capture: count: only the hole of the last counter is taken (none), or also each "
                                "hole before it in the same row, against the sowing, while it holds a capturing "
                                "count (backward)")),
    },
    adds={"capture": ("count",)},
    boards={2: {}},
    checks=(_counts,),
    uses=field_is("capture", "count"),
    slots={2: ("capture_counts", "capture_parity", "capture_row", "capture_chain")},
    writes={"capture_counts": counts_mask},
    hooks=("landing", "capture"),
    code={2: {"last-landing": Code("capture", when="capture")}},
)


@njit(cache=True)
def capture(state, params, mover, holes, length, last, landed, log):
    """Hook point last-landing (two rows): the hole ``landed`` (at track position ``last``) is taken if
    it holds a capturing count, and with the backward chain each hole before it in its row while it
    holds one (a capture of the opponent's whole row as the grand slam says). 1 if the landing is
    decided here (a capture made or refused, a landing outside capture_row), 0 if nothing is taken
    (owned holes may then take the hole)."""
    per_row = params[P_PER_ROW]
    sites = params[P_SITES]
    row = landed // per_row
    where = params[P_CAPTURE_ROW]
    if (where == ROW_OPPONENT and row == mover) or (where == ROW_OWN and row != mover):
        return 1
    mask = params[P_CAPTURE_COUNTS]
    parity = params[P_CAPTURE_PARITY]
    chain = params[P_CAPTURE_CHAIN] == CHAIN_BACKWARD
    taken = 0
    n = 0
    pos = last
    h = landed
    while True:
        c = state[h]
        if not ((c <= 62 and (mask >> c) & 1 == 1) or (c > 0 and ((parity == PARITY_EVEN and c % 2 == 0)
                                                                  or (parity == PARITY_ODD and c % 2 == 1)))):
            break
        taken += c
        n += 1
        if not chain:
            break
        pos = pos - 1 if pos > 0 else length - 1
        h = params[holes + pos]
        if h >= sites or h // per_row != row:
            break
    if n == 0:
        return 0
    gets = mover
    if params[P_GRAND_SLAM] != 0:
        gets = whole_row(state, params, mover, row, taken)
        if gets < 0:
            return 1  # no-capture: the move stands, nothing is taken
    pos = last
    h = landed
    for _ in range(n):
        c = state[h]
        state[h] = 0
        state[BASE + STORE + gets] += c
        if log[0] >= 0:
            machine.log_event(log, state, BASE + LOGGED, LOG_CAPTURE, h, c, gets)
        pos = pos - 1 if pos > 0 else length - 1
        h = params[holes + pos]
    return 1
