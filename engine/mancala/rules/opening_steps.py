"""The opening's fixed steps (``opening.steps``, Ryakati; the opening is engine.mancala.rules.opening):
before the main play each player makes the same fixed steps, each a turn with one legal move, the
players alternating: a lap of all or some of a hole's counters, then a fixed take from the two
holes opposite the last into a fixed hole, or relays without capture."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from numba import njit
from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine import machine
from engine.mancala import fourrow
from engine.mancala.fourrow import G_INNER, G_OPPOSITE, G_OPPOSITE_OUTER, G_POSITION, TRACK_SLOT
from engine.mancala.rule import Reading
from engine.mancala.sowing import TRACK_HOLES, idx, sow

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import F_LONG_LAP, FULL_LAP, GEO, SKIP_ORIGIN
    from engine.mancala.machine.four_rows import COVER, LAPS, LOGGED, MOVES, SIDE, STEPS_MADE, T_STEPS, TO_MOVE, TRACKS
    from engine.mancala.machine.four_rows import PHASE_OPENING_STEP

MAX_STEPS = 8
"""The most steps the parameter table has room for."""
STEP_SLOT = 6
S_HOLE, S_COUNT, S_FROM_HOLE, S_TAKE, S_INTO, S_RELAY = range(STEP_SLOT)
"""A step in the parameter table: its hole and into hole (positions), count (0: all), from_hole and
relay (0 or 1), take."""
LOG_LAP = 1  # engine.mancala.machine.four_rows.LOG_LAP (tests/engine/test_opening.py holds them equal)
LOG_TAKE = 9  # a = site, b = counters, c = the site they go into (an opening step's capture)


class OpeningStep(BaseModel):
    """One fixed step: a turn with one legal move, the same for each player on their own side (holes
    numbered along the player's track, 1 .. 2N)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    hole: int = Field(ge=1, description="the hole the step sows from (the player's hole number, 1 .. 2N)")
    count: int | Literal["all"] = Field(
        "all", description="the counters taken up: all the hole holds, or this many (fewer if it holds fewer); "
                           "the rest stay")
    from_hole: bool = Field(
        False, description="the first counter goes back into the hole itself and counts as sown (Ludii's "
                           "origin:True), the others into the following holes")
    take: int = Field(0, ge=0, description="then, whatever the last hole holds, this many counters (or all it "
                                           "holds, if fewer) are taken from each of the two opponent holes "
                                           "opposite it (inner and outer; none if it is an outer hole)")
    into: int | None = Field(None, ge=1, description="the player's hole the taken counters go into")
    relay: bool = Field(
        False, description="the step's lap relays from every occupied last hole, capturing nothing, until a lap "
                           "ends in an empty hole")

    @model_validator(mode="after")
    def _into(self) -> "OpeningStep":
        if self.take > 0 and self.into is None:
            raise ValueError("take needs into: the hole the taken counters go into")
        if self.count != "all" and self.count < 1:
            raise ValueError(f"count = {self.count!r}: 1 or more, or all")
        return self


def steps_problem(reading: Reading) -> tuple[str, str] | None:
    """What the machine cannot play in ``opening.steps`` (their number, their holes), or None."""
    steps = [OpeningStep.model_validate(s) for s in reading.param("opening", "steps") or []]
    if not 1 <= len(steps) <= MAX_STEPS:
        return ("opening.steps", f"opening.steps lists {len(steps)} steps; the machine plays 1 to {MAX_STEPS}")
    n = reading.holes_per_row
    for k, step in enumerate(steps, 1):
        for name in ("hole", "into"):
            hole = getattr(step, name)
            if hole is not None and hole > 2 * n:
                return ("opening.steps", f"opening step {k}: {name} = {hole}: a player's holes are 1 to {2 * n}")
    return None


# --- its compiled code on four rows: the opening rule's code at hook points game-starts and opening-step -----


@njit(cache=True, inline="always")
def game_starts(state, params):
    """Hook point game-starts: the game starts with the opening steps."""
    return PHASE_OPENING_STEP


@njit(cache=True)
def opening_step(state, params, lap_budget, log):
    """Play the player to move's next opening step (opening.steps; out of line: a game has few):
    its lap, then its capture into a fixed hole or its relays. Returns 0 if the relays ran
    past ``lap_budget`` laps (the game is then unfinished), else 1."""
    p = state[TO_MOVE]
    at = T_STEPS + STEP_SLOT * state[idx(STEPS_MADE + p)]
    t = TRACKS + p * TRACK_SLOT  # a lap of kind FULL_LAP
    into_origin = params[F_LONG_LAP] != SKIP_ORIGIN
    origin = params[idx(t + TRACK_HOLES + params[idx(at + S_HOLE)])]
    count = state[idx(origin)]
    if params[idx(at + S_COUNT)] != 0 and params[idx(at + S_COUNT)] < count:
        count = params[idx(at + S_COUNT)]
    state[idx(origin)] -= count
    sown = count
    cover = 0
    if params[idx(at + S_FROM_HOLE)] != 0 and count > 0:  # the first counter back into the hole itself
        state[idx(origin)] += 1
        sown -= 1
        cover = 1 << params[idx(GEO + G_POSITION + origin)]
    landed = origin
    if sown > 0:
        last = sow(state, params, t, origin, sown, into_origin)
        cover |= fourrow.lap_cover(params, GEO, FULL_LAP, p, origin, sown, last)
        landed = params[idx(t + TRACK_HOLES + last)]
    n = 1
    if log[0] >= 0:
        machine.log_event(log, state, LOGGED, LOG_LAP, origin, count, landed)
    take = params[idx(at + S_TAKE)]
    if take > 0 and params[idx(GEO + G_INNER + landed)] != 0:
        into = params[idx(t + TRACK_HOLES + params[idx(at + S_INTO)])]
        for k in range(2):
            site = params[idx(GEO + (G_OPPOSITE if k == 0 else G_OPPOSITE_OUTER) + landed)]
            a = state[idx(site)] if state[idx(site)] < take else take
            state[idx(site)] -= a
            state[idx(into)] += a
            state[idx(SIDE + 1 - p)] -= a
            state[idx(SIDE + p)] += a
            if a > 0:
                cover |= 1 << params[idx(GEO + G_POSITION + into)]
            if log[0] >= 0:
                machine.log_event(log, state, LOGGED, LOG_TAKE, site, a, into)
    if params[idx(at + S_RELAY)] != 0:
        while state[idx(landed)] > 1:
            if n >= lap_budget:
                state[MOVES] += n
                state[LAPS] += n
                return 0
            origin = landed
            count = state[idx(origin)]
            state[idx(origin)] = 0
            last = sow(state, params, t, origin, count, into_origin)
            cover |= fourrow.lap_cover(params, GEO, FULL_LAP, p, origin, count, last)
            landed = params[idx(t + TRACK_HOLES + last)]
            n += 1
            if log[0] >= 0:
                machine.log_event(log, state, LOGGED, LOG_LAP, origin, count, landed)
    state[MOVES] += n
    state[LAPS] += n
    state[idx(COVER + p)] |= cover
    state[idx(STEPS_MADE + p)] += 1
    return 1
