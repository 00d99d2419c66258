"""Where captured counters go: the capturer's store, out of play, or sown again on the capturer's
side from a named hole (Lobudök, Tsoro (Reentered Captures))."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from numba import njit
from pydantic import Field

from engine import machine
from engine.mancala import fourrow
from engine.mancala.rule import Reading, Rule
from engine.mancala.sowing import TRACK_HOLES, idx, sow

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import (
        F_LONG_LAP, F_RESOW_FROM, GEO, RESOW_FROM_LANDING, RESOW_FROM_MOVE_START, SKIP_ORIGIN,
    )
    from engine.mancala.machine.four_rows import COVER, LAPS, LOG_RESOW, LOGGED, SIDE, TO_MOVE, TURN_START


def _stores(reading: Reading) -> tuple[str, str] | None:
    stores = reading.description.board.stores
    if reading.rows == 2 and not stores:
        return ("board.stores", "board.stores = false: the machine keeps captures in stores on two rows")
    if reading.rows == 4 and (reading.value("captured_to") == "store") != stores:
        return ("captured_to", f"captured_to = {reading.value('captured_to')!r} with board.stores = "
                               f"{str(stores).lower()}: captures go to stores exactly when the board has them")
    return None


RULE = Rule(
    name="captured-to",
    what="captured counters go to the capturer's store, out of play, or are sown again from the hole after the "
         "capturing lap's start, the move's start or the landing",
    fields={
        "captured_to": (Literal["store", "removed", "resow"], Field(
            "store", description="the fate of captured counters: the capturer's store, out of play, or sown again "
                                 "on the capturer's side")),
        "resow_from": (Literal["lap-start", "move-start", "landing"], Field(
            "lap-start", description="captured counters re-sown (captured_to resow) are sown from the hole after the "
                                     "capturing lap's start, after the move's start, or after the hole where the "
                                     "capturing lap's last counter landed (landing)")),
    },
    boards={2: {"captured_to": ("store",)}, 4: {"captured_to": ("store", "resow")}},
    checks=(_stores,),
    slots={4: ("captured_to", "resow_from")},
    state={4: (("turn_start", 1),)},
    hooks=("captured",),
    kernels=("engine.mancala.rules.captured_to.resow", "engine.mancala.rules.captured_to.resow_apart"),
    events=("resow",),
)


# --- its compiled code on four rows, called by the captures' code (capture_column, capture_both_opposite) --


@njit(cache=True, inline="always")
def resow(state, params, t, kind, origin, landed, taken, log):
    """Sow the ``taken`` counters a capture took again on the mover's side (captured_to resow), on the
    track block at ``t`` (laps of ``kind``), from the hole
    after the capturing lap's start ``origin``, the move's start or the lap's landing hole ``landed``
    (resow_from); the re-sowing is a lap (LAPS) of its own. Returns the site where it ended."""
    mover = state[TO_MOVE]
    if params[F_RESOW_FROM] == RESOW_FROM_LANDING:
        start = landed
    elif params[F_RESOW_FROM] == RESOW_FROM_MOVE_START:
        start = state[TURN_START]
    else:
        start = origin
    state[idx(SIDE + mover)] += taken
    last = sow(state, params, t, start, taken, params[F_LONG_LAP] != SKIP_ORIGIN)
    state[idx(COVER + mover)] |= fourrow.lap_cover(params, GEO, kind, mover, start, taken, last)
    state[LAPS] += 1
    ended = params[idx(t + TRACK_HOLES + last)]
    if log[0] >= 0:
        machine.log_event(log, state, LOGGED, LOG_RESOW, start, taken, ended)
    return ended


@njit(cache=True)
def resow_apart(state, params, t, kind, origin, landed, taken, log):
    """:func:`resow` out of line, for a capture made inline in the lap loop (the column's: a capture is
    rare among laps); a capture made out of line (both-opposite's) inlines :func:`resow`, one call
    fewer a capture, each call costing the reference counts of its arrays."""
    return resow(state, params, t, kind, origin, landed, taken, log)
