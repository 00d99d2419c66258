"""How a lap sows: its direction, the holes it goes round (the whole board or the mover's own rows),
and whether a lap long enough to come round again sows its starting hole. On two rows the direction
may be chosen by the first player with the game's first move, for the whole game (``first-move``:
Walak-pussa as the Ludii portal's summary and Ludii's file have it): that move is offered both ways
(a hole's name, counter-clockwise, or the name and ``cw``), and the direction is a field of the
position from then on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from numba import njit
from pydantic import Field

from engine.inlining import unaliased
from engine.mancala.rule import Reading, Rule, placed

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.fourrow import TRACK_SLOT
    from engine.mancala.layout import (
        BASE, CW_MOVE, DIRECTION, DIRECTION_FIRST_MOVE, FOUR_TRACKS, P_DIRECTION, P_TRACK, P_TRACK_2, P_TRACK_CW,
        ROWS,
    )


def _first_move(r: Reading) -> tuple[str, str] | None:
    if r.value("direction") != "first-move":
        return None
    if r.value("store_sowing") != "beside":
        return "direction", "direction: first-move is played on a board whose stores are not in the circuit"
    if r.value("feeding") != "none" or r.value("grand_slam") == "forbidden":
        return "direction", ("direction: first-move is played without feeding and without a forbidden grand slam "
                             "(each looks at the moves along the counter-clockwise track)")
    return None

RULE = Rule(
    name="lap",
    what="a lap sows one counter a hole in its direction, round the whole board or the mover's own rows, its "
         "starting hole sown or passed over on a long lap",
    fields={
        "direction": (Literal["counterclockwise", "clockwise", "chosen", "first-move"], Field(
            description="the direction of sowing; chosen: the mover chooses at each move; first-move: the first "
                        "player chooses it with the game's first move, and every move of the game runs that way")),
        "sow_through": (Literal["both-rows", "own-rows"], Field(
            description="the holes a lap sows: round the whole board, or round the mover's own rows")),
        "long_lap": (Literal["sow-origin", "skip-origin"], Field(
            "sow-origin", description="a lap that comes round to its starting hole sows it, or passes over it")),
        "skipped_landing": (Literal["landing", "origin"], Field(
            "landing", description="long_lap skip-origin: a lap whose last counter falls right after passing over its "
                                   "starting hole ends, for the capture or relay that follows, where that counter fell "
                                   "(landing), or at the starting hole (origin: Ludii 1.3.13's Sow.java records the "
                                   "end before stepping past the starting hole)")),
    },
    boards={2: {"direction": ("counterclockwise", "clockwise", "first-move"), "sow_through": ("both-rows",)},
            4: {"direction": ("counterclockwise",), "sow_through": ("own-rows",), "skipped_landing": ("landing",)}},
    checks=(_first_move,),
    slots={2: ("long_lap", "skipped_landing", "direction", "track_cw"), 4: ("long_lap",)},
    # direction first-move: 0 until the game's first move chooses it, then 1 counter-clockwise, 2 clockwise
    state={2: (("direction", 1),)},
    writes={"track_cw": placed("track_cw")},
    hooks=("sow", "move"),
    kernels=("engine.mancala.sowing.sow", "engine.mancala.sowing.unsow", "engine.mancala.rules.lap.lap_track",
             "engine.mancala.rules.lap.both_ways"),
    events=("lap",),
    position=("direction",),
)


# --- its compiled code, on every board: the track a run's laps sow along (engine.mancala.machine.laps) --------


@njit(cache=True, inline="always")
def lap_track(state, params, kind, mover):
    """The offset of the track block the laps of ``mover`` sow along: on four rows the player's track of the
    lap's ``kind`` (engine.mancala.fourrow: round every hole, or as a restricted player sows); on two rows the
    player's (one circuit, or a track a player through the stores), clockwise under direction first-move
    once the game's first move chose it (``kind`` 1 on that move: the direction is noted in the state)."""
    if params[ROWS] == 4:
        return FOUR_TRACKS + (2 * kind + mover) * TRACK_SLOT
    t = P_TRACK if mover == 0 else params[P_TRACK_2]
    if params[P_DIRECTION] == DIRECTION_FIRST_MOVE:  # the game's first move chooses the direction (kind 1: clockwise)
        if state[BASE + DIRECTION] == 0:
            state[BASE + DIRECTION] = 1 + kind
        if state[BASE + DIRECTION] == 2:
            t = params[P_TRACK_CW]
    return t


@njit(cache=True, inline="always")
def both_ways(state, params, legal, n):
    """The ``n`` starts listed at ``legal``, each offered both ways while the game's first move chooses the
    direction (two rows, direction first-move: its hole + CW_MOVE sows clockwise); their number."""
    if params[ROWS] != 4 and params[P_DIRECTION] == DIRECTION_FIRST_MOVE and state[BASE + DIRECTION] == 0:
        for i in range(n):
            state[legal + n + i] = state[legal + i] + CW_MOVE
        n *= 2
    return n


# called once a run (a lap of another kind too) and once a listing: no reference count a call (engine.inlining)
unaliased(lap_track)
unaliased(both_ways)
