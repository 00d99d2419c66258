"""The sowing machine's two-row boards: what the one turn (engine.mancala.machine.turn) calls on a
board with two rows (``data/sowing/``), reading the description's rule fields from the parameter
array (engine.mancala.layout, ``params[P_<FIELD>]``). Every kernel is this module specialised per
combination of rules (engine.specialise: the fields a description fixes read as constants, the rules
it does not use folded away; benchmarks/playouts.txt, benchmarks/compile.txt).

A move takes up the counters of one hole and sows them along the track (engine.mancala.sowing),
skipping its starting hole on long laps if ``long_lap`` says so. A lap whose last counter lands in
a hole H that was occupied relays (``relay``: from H, or from H+1 sowing from H+2) unless a
capture ends the move; a lap ending in an empty hole ends it. ``across-gap``: a counter landing in
an occupied H followed by an empty H+1 captures the contents of H+2. A move is played in two
passes when it is long (engine.machine.run_laps), so that proving a move endless costs nothing
for the many moves that end after a few laps.

What is written here: the board's part of the turn (its lay-out at the start, the end's tests between
moves, the starts: min_counters, singleton last-resort, the direction offered both ways with the
first move; the count of a finished game), and the lap loop (``laps``) with the machinery played
inside it on every lap (the lap's sowing and track, the direction chosen with the first move, the
landing after a skipped origin, the relay, a store turn), what it came to (engine.mancala.machine.outcome)
and endless moves. Every other rule's code is in its module (engine.mancala.rules: the first counter
back into the origin, the captures across a gap, by count, from an own empty hole and of the next hole,
sowing captures, the gap chain, owned holes, rounds, repetition, feeding, the grand slam, majority, the
count that scores the game), run where the turn and the lap loop call their hook points ``at_<point>``
(engine.mancala.rule.TURN_POINTS and LAP_POINTS[2]), composed from the rules' declarations by
engine.mancala.machine.hooks; the end rule's test of an emptied row (engine.mancala.rules.end.row_empty)
is called directly, between moves and after each lap.

The state: the board (``sites`` holes, player 1's row first), then the fields of
engine.mancala.layout at the constant offset BASE (STATE_FIELDS: the machine's own and the rules', generated from
their declarations), then the legal moves and the rules' fields placed after them.
"""

from __future__ import annotations

from numba import njit

from engine import machine
from engine.machine import RUN_ENDLESS, RUN_OUT_OF_LAPS, popcount
from engine.mancala.layout import (
    AFTER_LAP, BASE, CANNOT_MOVE, CONTINUE_RELAY, COVER, CW_MOVE, DIRECTION, DIRECTION_FIRST_MOVE,
    ENDS_AT_ORIGIN, FIRST, LEGAL, LOGGED, MOVES, NEXT_NON_EMPTY, OWN_ROW,
    P_AFTER_CAPTURE, P_DIRECTION, P_END, P_LONG_LAP,
    P_MIN_COUNTERS, P_PER_ROW, P_RELAY, P_RELAY_WHEN, P_SINGLETON, P_SITES, P_SKIPPED_LANDING,
    P_SOW_CAPTURE, P_START_COUNT, P_START_ROW, P_STATE_SIZE, P_STORE_TURN, P_TRACK, P_TRACK_2, P_TRACK_CW,
    RELAY_NEXT_ALWAYS, RELAY_NEXT_HOLE, RELAY_SINGLE, SINGLETON_LAST_RESORT, SKIP_ORIGIN, SNAPSHOT, STATUS,
    STORE, TO_MOVE, TURN_AGAIN, TURNS,
)
from engine.mancala.machine.hooks import (
    at_captured, at_game_would_end, at_lap_landed, at_list_starts, at_lap_relays, at_lap_sown, at_lap_starts,
    at_last_landing, at_relay_due, at_score, at_sow,
)
from engine.mancala.machine.outcome import MOVE_AGAIN, MOVE_DONE, MOVE_EMPTIED_RELAY, MOVE_ROW_EMPTIED
from engine.mancala.rules.end import row_empty
from engine.mancala.sowing import TRACK_HOLES, TRACK_LENGTH, sow
from engine.repetition import begin_move_split, restore_split, seen_before
from engine.result import OVER
from engine.stats import record

SPECIALISED_WITH = ("engine.mancala.machine.hooks",)
"""The calls of the turn's hook points, specialised with this module (engine.specialise)."""

# The events of a traced move (engine.machine.log_event), each with the board and stores after it.
LOG_LAP = 1  # a = hole taken up, b = counters sown, c = hole where the last counter landed
LOG_CAPTURE = 2  # a = hole captured, b = counters taken, c = player (0 or 1)



@njit(cache=True, inline="always")
def all_of(n):
    """A bit mask of positions 0 .. n - 1 (n up to 64: the widest board's track, 2 x 32 holes)."""
    return -1 if n >= 64 else (1 << n) - 1


@njit(cache=True, inline="always")
def copy_state(dst, src, params):
    """Copy a state: its board and its fields (not the room between them, kept for wider boards)."""
    for j in range(params[P_SITES]):
        dst[j] = src[j]
    for j in range(BASE, params[P_STATE_SIZE]):
        dst[j] = src[j]


@njit(cache=True, inline="always")
def lap_cover(length, last, count):
    """The track positions a lap of ``count`` counters ending at position ``last`` sowed, as a
    bit mask; every position once the lap goes round (its starting hole, occupied before, too)."""
    if count >= length - 1:
        return all_of(length)
    first = last - count + 1
    if first >= 0:
        return ((1 << count) - 1) << first
    return ((1 << (last + 1)) - 1) | (((1 << -first) - 1) << (length + first))


@njit(cache=True, inline="always")
def hole_cover(params, holes, length, sites, last, count):
    """The holes a lap of ``count`` counters ending at track position ``last`` sowed, as a bit mask
    over holes (a track through the stores: their positions are left out)."""
    m = 0
    pos = last
    for _ in range(count if count < length else length):
        h = params[holes + pos]
        if h < sites:
            m |= 1 << h
        pos = pos - 1 if pos > 0 else length - 1
    return m


@njit(cache=True, inline="always")
def laps(state, params, table, hole, kind, lap_cap, logged, log):
    """Sow the laps of one move from ``hole`` on ``state``, at most ``lap_cap`` of them (``kind``: 1 for
    a first move choosing clockwise under direction first-move, else 0). Without ``logged`` (the quick pass), the move's snapshot is taken first.

    The order within a lap ending in H: H empty before the last counter -> the move ends. Else
    (capture across-gap) capture H+2 if H+1 is empty (and, without capture_empty, H+2 holds
    counters); a capture under end-move ends the move; with relay_when next-non-empty an empty
    H+1 ends it; otherwise relay (from H, or from H+1 under next-hole, where an empty H+1 ends the
    move). Then, with end row-empty-after-lap, an empty row ends the game. When ``logged``, a next
    lap whose (hole, board) configuration already occurred in this move proves the move endless.
    The rules' code runs where the lap reaches the turn's hook points (engine.mancala.rule.POINTS[2]:
    lap-starts, sow, lap-landed, captured, lap-sown, lap-relays, last-landing, relay-due). Returns
    (engine.mancala.machine.outcome) MOVE_DONE, MOVE_AGAIN, MOVE_ROW_EMPTIED, MOVE_EMPTIED_RELAY, or
    RUN_ENDLESS or RUN_OUT_OF_LAPS (the cap was reached).
    """
    base = BASE
    if logged:
        seen_before(table, hole, state)
    else:
        begin_move_split(table, state, params[P_SITES], BASE + STORE, SNAPSHOT)
    mover = state[base + TO_MOVE]
    per_row = params[P_PER_ROW]
    into_origin = params[P_LONG_LAP] != SKIP_ORIGIN
    store_again = params[P_STORE_TURN] == TURN_AGAIN
    sow_k = params[P_SOW_CAPTURE]  # a lap ending in a hole its sowing captures took does not relay from it
    end_at_origin = not into_origin and params[P_SKIPPED_LANDING] == ENDS_AT_ORIGIN
    continue_relay = params[P_AFTER_CAPTURE] == CONTINUE_RELAY
    next_non_empty = params[P_RELAY_WHEN] == NEXT_NON_EMPTY
    relay = params[P_RELAY]
    after_lap = params[P_END] == AFTER_LAP
    # The track is read directly (not through engine.mancala.sowing.hole_at): every inlined call
    # that takes an array costs reference counting in compiled code, and this loop runs per lap.
    t = P_TRACK if mover == 0 else params[P_TRACK_2]
    in_circuit = params[P_TRACK_2] != P_TRACK  # stores in the circuit: a track a player
    if params[P_DIRECTION] == DIRECTION_FIRST_MOVE:  # the game's first move chooses the direction (kind 1: clockwise)
        in_circuit = True  # the cover is kept by holes: the two tracks' positions differ
        if state[base + DIRECTION] == 0:
            state[base + DIRECTION] = 1 + kind
        if state[base + DIRECTION] == 2:
            t = params[P_TRACK_CW]
    sites = params[P_SITES]
    length = params[t + TRACK_LENGTH]
    holes = t + TRACK_HOLES
    logged_fields = base + LOGGED
    origin = hole
    n = 0
    while True:
        count = state[origin]
        state[origin] = 0
        sown = at_lap_starts(state, params, origin, count)  # some left in the hole (the first counter back)
        if sown < 0:
            sown = count
        last = at_sow(state, params, t, origin, sown, into_origin, mover, log)  # a lap a rule sows (rounds, sowing captures)
        if last < 0:
            last = sow(state, params, t, origin, sown, into_origin)
        n += 1
        state[base + MOVES] += 1
        if in_circuit:
            state[base + COVER] |= hole_cover(params, holes, length, sites, last, count)
        else:
            state[base + COVER] |= lap_cover(length, last, count)
        landed = params[holes + last]
        if log[0] >= 0:
            machine.log_event(log, state, logged_fields, LOG_LAP, origin, count, landed)
        if end_at_origin and sown >= length:
            at = params[holes + length + origin]  # the origin's place on the track
            if last == (at + 1 if at + 1 < length else 0):  # the last counter came right after passing it
                last = at
                landed = origin
        nxt = -1
        in_store = landed >= sites
        landing = state[landed]
        if not in_store:
            q = at_lap_landed(state, params, holes, length, last, mover, log)  # a capture there (the next hole)
            if q >= 0:
                at_captured(state, params, holes, length, last, q, mover, log)
        at_lap_sown(state, params, holes, length, origin, count, sown, last, into_origin, mover, log)
        if not in_store and (landing > 1 or relay == RELAY_NEXT_ALWAYS) and landing != sow_k and relay != RELAY_SINGLE:
            p1 = last + 1 if last + 1 < length else 0
            h1 = params[holes + p1]
            q = at_lap_relays(state, params, holes, length, last, mover, log)  # a capture there (across a gap)
            captured = q >= 0
            if captured:
                at_captured(state, params, holes, length, last, q, mover, log)
            if captured and not continue_relay:
                nxt = -1
            elif next_non_empty and state[h1] == 0:
                nxt = -1
            elif relay == RELAY_NEXT_HOLE or relay == RELAY_NEXT_ALWAYS:
                if state[h1] > 0:
                    nxt = h1
            else:
                nxt = landed
        if nxt < 0 and not in_store:
            at_last_landing(state, params, mover, holes, length, last, landed, log)  # a capture by count, ...
        if after_lap and row_empty(state, per_row):
            return MOVE_EMPTIED_RELAY if nxt >= 0 else MOVE_ROW_EMPTIED
        if nxt >= 0 and at_relay_due(state, params, mover) != 0:  # a rule ends the game, the relay not made
            return MOVE_ROW_EMPTIED
        if nxt < 0:
            return MOVE_AGAIN if in_store and store_again else MOVE_DONE
        if logged and seen_before(table, nxt, state):
            return RUN_ENDLESS
        if n >= lap_cap:
            return RUN_OUT_OF_LAPS
        origin = nxt


@njit(cache=True)
def replay_logged(state, params, table, hole, kind, quick, lap_budget, log):
    """The slow pass of a long move: from its snapshot, every configuration logged."""
    restore_split(table, state, params[P_SITES], BASE + STORE, SNAPSHOT)
    return laps(state, params, table, hole, kind, lap_budget, True, log)


@njit(cache=True)
def probe_endless(state, params, table, scratch, hole, kind, lap_budget, log):
    copy_state(scratch, state, params)  # machine.probe copies none of it (size 0)
    return machine.probe(laps, replay_logged, 0, state, params, table, scratch, hole, kind, lap_budget, log)


@njit(cache=True, inline="always")
def run_of(state, params, move):
    """A move sows from its hole; a first move choosing clockwise (direction first-move) is its hole +
    CW_MOVE, of kind 1."""
    return move % CW_MOVE, move // CW_MOVE


@njit(cache=True, inline="always")
def ended(state, params):
    """Between moves, before the player to move's moves are listed: 1 if the game ends here by its
    end rule (a row emptied, unless a rule plays on with a new round), its status set, else 0."""
    if params[P_END] != CANNOT_MOVE and row_empty(state, params[P_PER_ROW]):
        if at_game_would_end(state, params) == 0:  # 1: a rule plays on (a new round)
            state[BASE + STATUS] = OVER
            return 1
    return 0


@njit(cache=True, inline="always")
def list_starts(state, params):
    """The holes the player to move may start from, at ``state[BASE + LEGAL:]``, ascending: those a
    rule decides (hook point list-starts), else those of the starting row with at least min_counters (singleton last-resort: else those with one), each
    either way while the game's first move chooses the direction; their number."""
    base = BASE
    per_row = params[P_PER_ROW]
    p = state[base + TO_MOVE]
    n = at_list_starts(state, params, p)  # starts a rule decides
    if n >= 0:
        return n
    row = p if params[P_START_ROW] == OWN_ROW else 1 - p
    least = params[P_MIN_COUNTERS]
    legal = base + LEGAL
    n = 0
    for h in range(row * per_row, row * per_row + per_row):  # branch-free: the test is unpredictable
        state[legal + n] = h
        n += state[h] >= least
    if n == 0 and params[P_SINGLETON] == SINGLETON_LAST_RESORT:  # no hole holds min_counters: single counters move
        for h in range(row * per_row, row * per_row + per_row):
            state[legal + n] = h
            n += state[h] > 0
    if params[P_DIRECTION] == DIRECTION_FIRST_MOVE and state[base + DIRECTION] == 0:  # each hole either way
        for i in range(n):
            state[legal + n + i] = state[legal + i] + CW_MOVE
        n *= 2
    return n


@njit(cache=True, inline="always")
def lay_out(state, params):
    """The board at the start: start_count counters a hole, every field 0 (nothing captured)."""
    sites = params[P_SITES]
    for i in range(params[P_STATE_SIZE]):
        state[i] = 0
    for h in range(sites):
        state[h] = params[P_START_COUNT]
    state[BASE + COVER] = all_of(sites) if params[P_START_COUNT] > 0 else 0


@njit(cache=True, inline="always")
def finish(state, params, row):
    """The players' counts decide the game (hook point score: engine.mancala.rules.scoring)."""
    base = BASE
    a = at_score(state, params, 0)
    b = at_score(state, params, 1)
    status = state[base + STATUS]
    winner = 0 if status != OVER or a == b else (1 if a > b else 2)
    # every move in Ludii's sense is a lap here
    moves = state[base + MOVES]
    record(row, status, a, b, state[base + TURNS], moves, state[base + FIRST] + 1, popcount(state[base + COVER]),
           params[P_SITES], moves, winner)
