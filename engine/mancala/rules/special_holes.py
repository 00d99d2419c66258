"""Special holes: holes where a lap ending in an occupied hole may stop instead of relaying: the heads
(each player's rightmost outer hole), both ends of the outer row (Misoro Tsoro's fixed misoro), or
holes each player chooses before play (misoro: Tsoro's two, Musoro Tsoro's one), which are then safe
from extra captures; the heads or ends too under ``safe`` (Misoro Tsoro (Additional Capture).lud's
fixed misoro, which its extra captures spare)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from numba import njit
from pydantic import BaseModel, ConfigDict, Field

from engine import machine
from engine.mancala.fourrow import G_POSITION, PLAYER_MOVES, TRACK_SLOT
from engine.mancala.rule import Board, Code, Reading, Rule, param_code
from engine.mancala.sowing import TRACK_HOLES, idx

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import CHOSEN_HOLES, F_CHOSEN_EACH, F_PER_ROW, F_SPECIAL, F_STOP, GEO
    from engine.mancala.machine.four_rows import (
        CHOSEN, LEGAL, LOG_MISORO, LOGGED, MISORO, MOVES, PHASE_SETUP, PHASE_START, RELAY, TRACKS,
    )
    from engine.mancala.machine.outcome import MOVE_STOP

CHOSEN_EACH = 2
"""The holes each player chooses under kind chosen when count is not given (Tsoro's two misoro)."""


class SpecialHoles(BaseModel):
    """The parameters of special-holes (each may be bound to a switch instead)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["none", "heads", "chosen", "ends"] | None = Field(
        None, description="none; heads (the rightmost outer hole); chosen (each player chooses holes of their outer "
                          "row before play, safe from extra captures); ends (both ends of the outer row)")
    count: int | None = Field(None, ge=0, description=f"under kind chosen: the holes each player chooses "
                                                      f"({CHOSEN_EACH} if not given)")
    safe: bool | None = Field(None, description="the heads or ends are safe from extra captures, as chosen holes "
                                                "always are (false if not given)")


def _count(reading: Reading) -> tuple[str, str] | None:
    count = reading.param("special-holes", "count")
    each = CHOSEN_EACH if count is None else int(count)
    n = reading.holes_per_row
    if reading.param("special-holes", "kind") == "chosen" and not 1 <= each <= n:
        return ("special-holes.count", f"special-holes.count = {each}: each player chooses 1 to {n} holes of their "
                                       "outer row")
    return None


def _stops(r: Reading, board: Board) -> int:
    """Slots ``stop`` and ``stop_2`` (one a player): the positions where a lap may stop, a bit each: the
    heads (the rightmost outer hole, position N-1) or both ends of the outer row (0 and N-1)."""
    kind, n = r.param("special-holes", "kind"), r.holes_per_row
    return {"heads": 1 << (n - 1), "ends": 1 | 1 << (n - 1)}.get(kind, 0)


def _chosen_each(r: Reading, board: Board) -> int:
    """Slot ``chosen_each``: the holes each player chooses under kind chosen."""
    count = r.param("special-holes", "count")
    return CHOSEN_EACH if count is None else int(count)


# --- its compiled code on four rows (Rule.code), run at the turn's hook points (engine.mancala.machine.hooks) --


@njit(cache=True, inline="always")
def game_starts(state, params):
    """Hook point game-starts: holes chosen before play (kind chosen) start the game with the choice."""
    return PHASE_SETUP if params[F_SPECIAL] == CHOSEN_HOLES else PHASE_START


@njit(cache=True, inline="always")
def choice_moves(state, params, p):
    """Hook point choice-moves: player ``p``'s outer holes not chosen yet, listed at LEGAL; their number."""
    chosen = state[MISORO + p]
    n = 0
    for pos in range(params[F_PER_ROW]):
        if not (chosen >> pos) & 1:
            state[LEGAL + n] = p * PLAYER_MOVES + pos
            n += 1
    return n


@njit(cache=True, inline="always")
def choice_move(state, params, p, q, pos, log):
    """Hook point choice-move: player ``p`` chooses the hole at ``pos`` (of player ``q``'s track: their
    own) as a misoro; 1 if the choosing goes on (fewer than ``chosen_each`` holes each so far)."""
    state[idx(MISORO + p)] |= 1 << pos
    state[CHOSEN] += 1
    state[MOVES] += 1
    if log[0] >= 0:
        machine.log_event(log, state, LOGGED, LOG_MISORO, params[idx(TRACKS + q * TRACK_SLOT + TRACK_HOLES + pos)],
                          0, p)
    return 1 if state[CHOSEN] < 2 * params[F_CHOSEN_EACH] else 0


@njit(cache=True, inline="always")
def stops(state, params, mover):
    """What a run holds (Code.held, read once before the lap loop): the positions of the mover's track
    where a lap may stop, a bit each (the heads or ends, the misoro chosen); 0: none."""
    return params[idx(F_STOP + mover)] | state[idx(MISORO + mover)]


@njit(cache=True, inline="always")
def stop_at(state, params, landed, mover, held):
    """Hook point before-relay: a lap ending in an occupied hole where the mover may stop (``held``:
    :func:`stops`) lets them relay or stop (MOVE_STOP, the hole noted at RELAY); else -1."""
    if (held >> params[idx(GEO + G_POSITION + landed)]) & 1:
        state[RELAY] = landed
        return MOVE_STOP
    return -1


RULE = Rule(
    name="special-holes",
    what="holes where a lap may stop instead of relaying: the heads, both ends of the outer row, or holes each "
         "player chooses before play (then safe from extra captures; the heads or ends too if safe)",
    params=SpecialHoles,
    boards={4: {}},
    checks=(_count,),
    slots={4: ("stop", "stop_2", "special", "chosen_each", "special_safe")},
    writes={"stop": _stops, "stop_2": _stops, "chosen_each": _chosen_each,
            "special": lambda r, board: param_code("special-holes", SpecialHoles, "kind",
                                                   r.param("special-holes", "kind") or "none"),
            "special_safe": lambda r, board: int(bool(r.param("special-holes", "safe")))},
    state={4: (("misoro", 2), ("chosen", 1))},
    hooks=("start", "landing", "move"),
    code={4: {"game-starts": Code("game_starts", when="special"), "choice-moves": Code("choice_moves", when="special"),
              "choice-move": Code("choice_move", when="special"),
              "before-relay": Code("stop_at", when="special", held="stops")}},
    position=("misoro", "stop_at"),
    events=("stop", "misoro"),
)
