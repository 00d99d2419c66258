"""The opening's compiled code (engine.mancala.rules.opening), out of the four-row kernels' line: a
game plays it a few times at most. engine.mancala.machine.four_rows calls it at two points of a
turn: listing the first turn's starts (:func:`opening_starts`) and playing a plain first lap
(:func:`opening_lap`) or a fixed step (:func:`opening_step`).

The state's fields and the parameter slots are read at the offsets engine.mancala.layout
generates (the same the four-row kernels read); the traced events are the four-row machine's
(LOG_LAP, and LOG_TAKE, this module's, which machine.four_rows imports). The column capture of a
plain lap is the machine's own (four_rows's ``take_column``, called where the lap returns).
"""

from __future__ import annotations

from numba import njit

from engine import machine
from engine.mancala import fourrow, layout
from engine.mancala.fourrow import G_INNER, G_OPPOSITE, G_OPPOSITE_OUTER, G_POSITION, PLAYER_MOVES, TRACK_SLOT
from engine.mancala.layout import (
    F_LENGTH, F_LONG_LAP, F_MIN_COUNTERS, F_OPENING, F_OPENING_LAP, F_OPENING_POS, F_OPENING_TURNS, F_PER_ROW, FULL_LAP, GEO, SKIP_ORIGIN,
)
from engine.mancala.rules.opening import LAPS, STARTS
from engine.mancala.rules.opening_steps import S_COUNT, S_FROM_HOLE, S_HOLE, S_INTO, S_RELAY, S_TAKE, STEP_SLOT
from engine.mancala.sowing import TRACK_HOLES, idx, sow

TRACKS = layout.FOUR_TRACKS
T_STEPS = layout.FOUR_TABLES["steps"]
_S = layout.FOUR_STATE
MOVES, LAPS_MADE, STORE, SIDE, TO_MOVE = _S["moves"], _S["laps"], _S["store"], _S["side"], _S["to_move"]
COVER, STEPS_MADE, LEGAL = _S["cover"], _S["steps_made"], _S["legal"]
LOGGED = STORE + 2  # a traced event copies the state up to the stores (engine.mancala.machine.four_rows)

START_HOLE, START_HOLDING, START_ROW, START_ANY = (1 + STARTS.index(s) for s in ("hole", "holding", "row", "any"))
"""The codes of the slot ``opening`` (0: no first-turn opening)."""
PLAIN_NONE, PLAIN_COLUMN, ORDINARY = (LAPS.index(s) for s in ("plain-none", "plain-column", "ordinary"))

LOG_LAP = 1  # engine.mancala.machine.four_rows.LOG_LAP (tests/engine/test_opening.py holds them equal)
LOG_TAKE = 9  # a = site, b = counters, c = the site they go into (an opening step's capture)


@njit(cache=True, inline="always")
def opened(params, p):
    """The players whose first turn is over once player ``p`` has begun theirs (a bit mask): ``p``,
    or both when the opening is only the game's first turn."""
    return 3 if params[F_OPENING_TURNS] != 0 else 1 << p


@njit(cache=True)
def opening_starts(state, params, p):
    """List player ``p``'s first-turn starts at LEGAL (ascending): the opening hole if it holds
    counters, each hole holding exactly the opening's count, or each hole (of the opening's row)
    holding enough to start a move. Returns their number."""
    holes = TRACKS + p * TRACK_SLOT + TRACK_HOLES
    base = p * PLAYER_MOVES
    kind = params[F_OPENING]
    arg = params[F_OPENING_POS]  # the hole's position, the count, or the row (0 outer, 1 inner; 2 any)
    n = 0
    if kind == START_HOLE:
        state[LEGAL] = base + arg
        return 1 if state[idx(params[idx(holes + arg)])] > 0 else 0
    per_row = params[F_PER_ROW]
    for pos in range(params[F_LENGTH]):
        here = state[idx(params[idx(holes + pos)])]
        state[idx(LEGAL + n)] = base + pos
        if kind == START_HOLDING:
            n += here == arg
        else:
            n += (here >= params[F_MIN_COUNTERS]) & ((arg == 2) | ((pos >= per_row) == (arg == 1)))
    return n


@njit(cache=True)
def opening_lap(state, params, origin, log):
    """A player's plain first lap (out of line: once a player): one lap from ``origin``, no relay.
    Returns the site it ended in if the column is to be taken there (plain-column: a lap ending in
    the mover's inner row, whatever the landing held; the caller takes it as the description's
    capture does), else -1 (the turn ends)."""
    mover = state[TO_MOVE]
    t = TRACKS + mover * TRACK_SLOT
    count = state[idx(origin)]
    state[idx(origin)] = 0
    last = sow(state, params, t, origin, count, params[F_LONG_LAP] != SKIP_ORIGIN)
    landed = params[idx(t + TRACK_HOLES + last)]
    state[idx(COVER + mover)] |= fourrow.lap_cover(params, GEO, FULL_LAP, mover, origin, count, last)
    state[MOVES] += 1
    state[LAPS_MADE] += 1
    if log[0] >= 0:
        machine.log_event(log, state, LOGGED, LOG_LAP, origin, count, landed)
    if params[F_OPENING_LAP] == PLAIN_COLUMN and params[idx(GEO + G_INNER + landed)] != 0:
        return landed
    return -1


@njit(cache=True)
def opening_step(state, params, lap_budget, log):
    """Play the player to move's next opening step (opening.steps; out of line: a game has few):
    its lap, then its capture into a fixed hole or its relays. Returns False if the relays ran
    past ``lap_budget`` laps (the game is then unfinished)."""
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
                state[LAPS_MADE] += n
                return False
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
    state[LAPS_MADE] += n
    state[idx(COVER + p)] |= cover
    state[idx(STEPS_MADE + p)] += 1
    return True
