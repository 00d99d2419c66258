"""The sowing machine: one compiled set of kernels that plays every sowing description
(``data/sowing/``), reading the description's rule fields from the parameter array at run time.

The kernels branch on rule fields held in the parameter array (engine.mancala.layout), so every
description runs on one generic entry point (``run``, engine.machine.drive over the kernels
below), compiled once: what a game played move by move, a set-up position and a short run use.
Long runs (random self-play, UCT searches) run on this module compiled again per combination of
rules by engine.specialise, the fields a description fixes read as constants and the rules it
does not use folded away (benchmarks/playouts.txt, benchmarks/compile.txt). A kernel here reads a
rule field as ``params[P_<FIELD>]`` for that to apply to it.

A move takes up the counters of one hole and sows them along the track (engine.mancala.sowing),
skipping its starting hole on long laps if ``long_lap`` says so. A lap whose last counter lands in
a hole H that was occupied relays (``relay``: from H, or from H+1 sowing from H+2) unless a
capture ends the move; a lap ending in an empty hole ends it. ``across-gap``: a counter landing in
an occupied H followed by an empty H+1 captures the contents of H+2. A move is played in two
passes when it is long (engine.machine.run_laps), so that proving a move endless costs nothing
for the many moves that end after a few laps.

The state: the board (``sites`` holes, player 1's row first), then the fields of
engine.mancala.layout at the constant offset BASE.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine import machine
from engine.machine import RUN_ENDLESS, RUN_OUT_OF_LAPS, popcount
from engine.mancala.layout import (
    BASE, AFTER_LAP, CAPTURE_NEXT, ENDS_AT_ORIGIN, P_SKIPPED_LANDING, FIRST_ORIGIN, LOGGED, OUT, P_ROUNDS, P_ROUND_STARTER, P_SOW_CAPTURE,
    P_SOW_CAPTURE_TO, P_SOW_CAPTURE_AT, SOW_AT_LAP_STEPS, SOW_AT_SOWING, ROUND, ROUNDS_REFILL, SOW_TO_MOVER, STARTER_ALTERNATE, STARTER_FEWER_HOLES, STARTER_LOSER, OWNED, PARITY_EVEN, PARITY_ODD, P_CAPTURE_PARITY, P_FIRST_COUNTER,
    P_GAP_CHAIN, P_GAP_CHAIN_REACH, P_SINGLETON, SINGLETON_LAST_RESORT, P_DIRECTION, P_TRACK_CW, DIRECTION,
    DIRECTION_FIRST_MOVE, CW_MOVE, P_OWNED_COUNT, P_OWNED_SPARE_LAST, P_OWNED_SPARE_MIRROR, BY_LOT, CANNOT_MOVE, CAPTURE_ACROSS_GAP, CAPTURE_COUNT, CAPTURE_OWN_EMPTY, CHAIN_BACKWARD, P_OWNED_COLLECT_A1,
    CONTINUE_RELAY, COVER, FEEDING_REQUIRED, FIRST, ILLEGAL, LEGAL, MOVES, NEXT_NON_EMPTY, N_LEGAL, OWNER, OWN_ROW,
    P_AFTER_CAPTURE, P_CAPTURE, P_CAPTURE_CHAIN, P_CAPTURE_COUNTS, P_CAPTURE_EMPTY, P_CAPTURE_ROW, P_END,
    P_END_MAJORITY, P_ENDLESS, P_LAST_TURN, FIRST_LAP, P_FEED, P_FEEDING, P_FIRST_PLAYER, P_GRAND_SLAM, P_HISTORY, P_LONG_LAP,
    P_MIN_COUNTERS, P_PER_ROW, P_RELAY, P_RELAY_WHEN, P_REMAINING, P_REPETITION, P_SITES, P_START_COUNT,
    P_START_ROW, P_STATE_SIZE, P_STORE_TURN, P_TRACK, P_TRACK_2, RELAY_NEXT_ALWAYS, RELAY_NEXT_HOLE, RELAY_SINGLE, REPEAT_ENDS,
    ROW_OPPONENT, ROW_OWN, SKIP_ORIGIN, SLAM, SLAM_CAPTURE_ALL, SLAM_FORBIDDEN, SLAM_TO_OPPONENT, P_SLAM_REACH, SNAPSHOT, STATUS, STORE, TO_MOVE, OWNER_ONLY,
    TURN_AGAIN, TURNS,
)
from engine.mancala.rules.repetition import HISTORY
from engine.mancala.sowing import TRACK_HOLES, TRACK_LENGTH, sow
from engine.repetition import begin_move_split, restore_split, seen_before
from engine.result import OVER, UNFINISHED
from engine.stats import record
from engine.turns import first_player

# The events of a traced move (engine.machine.log_event), each with the board and stores after it.
LOG_LAP = 1  # a = hole taken up, b = counters sown, c = hole where the last counter landed
LOG_CAPTURE = 2  # a = hole captured, b = counters taken, c = player (0 or 1)

# What one move came to (besides engine.machine's RUN_ENDLESS and RUN_OUT_OF_LAPS).
MOVE_DONE = 0
MOVE_GAME_OVER = 1  # a row emptied mid-move (end = row-empty-after-lap)
MOVE_AGAIN = 2  # the last counter fell in the mover's store (store_turn = again): the mover moves again
MOVE_ROUND_RELAY = 3  # rounds: a lap emptied a row (end = row-empty-after-lap) while its relay was due


@njit(cache=True, inline="always")
def row_empty(state, per_row):
    """True if either row is empty."""
    a = 0
    b = 0
    for h in range(per_row):
        a += state[h]
        b += state[per_row + h]
    return a == 0 or b == 0


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
def row_total(state, per_row, row):
    s = 0
    for h in range(row * per_row, row * per_row + per_row):
        s += state[h]
    return s


@njit(cache=True)
def end_capture(state, params, mover, holes, length, last, landed, log):
    """The capture made where a move's last counter fell, when the move ends there: by count
    (capture-count, with its backward chain and the grand slam) or from an empty own hole
    (capture-own-empty). Out of line: Tap-urdy's laps never call it."""
    base = BASE
    per_row = params[P_PER_ROW]
    sites = params[P_SITES]
    logged_fields = base + LOGGED
    row = landed // per_row
    if params[P_CAPTURE] == CAPTURE_OWN_EMPTY:
        if row != mover or state[landed] != 1:
            return
        opposite = 2 * per_row - 1 - landed
        if state[opposite] == 0 and params[P_CAPTURE_EMPTY] == 0:
            return
        taken = state[opposite] + 1
        state[opposite] = 0
        state[landed] = 0
        state[base + STORE + mover] += taken
        if log[0] >= 0:
            machine.log_event(log, state, logged_fields, LOG_CAPTURE, opposite, taken, mover)
        return
    where = params[P_CAPTURE_ROW]
    if (where == ROW_OPPONENT and row == mover) or (where == ROW_OWN and row != mover):
        return
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
        if params[P_OWNED_COUNT] > 0:
            make_owned(state, params, mover, row, landed, log)
        return
    gets = mover
    slam = params[P_GRAND_SLAM]
    if slam != SLAM_CAPTURE_ALL and row != mover and taken == row_total(state, per_row, row):
        if slam == SLAM_TO_OPPONENT:
            gets = 1 - mover
        elif slam == SLAM_FORBIDDEN:
            state[base + SLAM] = 1  # only a probe of the move gets here (drop_grand_slams)
        else:
            return  # no-capture: the move stands, nothing is taken
    pos = last
    h = landed
    for _ in range(n):
        c = state[h]
        state[h] = 0
        state[base + STORE + gets] += c
        if log[0] >= 0:
            machine.log_event(log, state, logged_fields, LOG_CAPTURE, h, c, gets)
        pos = pos - 1 if pos > 0 else length - 1
        h = params[holes + pos]


@njit(cache=True)
def chain_gaps(state, params, holes, length, last, q, mover, log):
    """gap-chain alternating: the hole at track position ``q`` was just taken (the lap's last counter at
    ``last``); while the next hole is empty and the one after it holds counters, that one is taken
    too, no farther than gap_chain_reach positions past ``last`` (0: short of ``last`` round the board)."""
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
            return
        taken = state[h2]
        state[h2] = 0
        state[BASE + STORE + mover] += taken
        if log[0] >= 0:
            machine.log_event(log, state, BASE + LOGGED, LOG_CAPTURE, h2, taken, mover)
        d += 2


@njit(cache=True)
def make_owned(state, params, mover, row, landed, log):
    """owned-holes: the last counter made ``landed``, in the opponent's row, hold the owning count: it
    becomes the mover's (their first), unless spared, and its counters are taken."""
    per_row = params[P_PER_ROW]
    if row == mover or state[landed] != params[P_OWNED_COUNT] or state[BASE + OWNED + mover] != 0:
        return
    place = landed - row * per_row  # from its owner's left
    if params[P_OWNED_SPARE_LAST] != 0 and place == per_row - 1:
        return
    theirs = state[BASE + OWNED + 1 - mover] - 1
    if params[P_OWNED_SPARE_MIRROR] != 0 and theirs >= 0 and theirs - mover * per_row == place:
        return
    state[BASE + OWNED + mover] = landed + 1
    taken = state[landed]
    state[landed] = 0
    state[BASE + STORE + mover] += taken
    if log[0] >= 0:
        machine.log_event(log, state, BASE + LOGGED, LOG_CAPTURE, landed, taken, mover)


@njit(cache=True)
def collect_owned(state, params, log):
    """owned-holes: at the end of a move, the counters in each owned hole go to its owner's store (not
    those of a hole owned at a1 unless collect_a1)."""
    for p in range(2):
        h = state[BASE + OWNED + p] - 1
        if h >= 0 and state[h] > 0 and (h != 0 or params[P_OWNED_COLLECT_A1] != 0):
            taken = state[h]
            state[h] = 0
            state[BASE + STORE + p] += taken
            if log[0] >= 0:
                machine.log_event(log, state, BASE + LOGGED, LOG_CAPTURE, h, taken, p)


@njit(cache=True)
def sow_in_play(state, params, t, origin, count, into_origin, out, want, mover, log):
    """rounds: sow as engine.mancala.sowing.sow does, passing over the holes out of play (``out``, a
    bit a hole) as well; the track position of the last counter. With ``want`` (sowing-captures at
    sowing; 0: none), each hole the moment a counter brings it to ``want`` is taken (:func:`take_hole`),
    so that a hole taken may be sown again later in the lap."""
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
    """sowing-captures: hole ``h`` holds sow_capture counters: its row's owner, or the mover, takes them."""
    want = state[h]
    gets = mover if params[P_SOW_CAPTURE_TO] == SOW_TO_MOVER else h // params[P_PER_ROW]
    state[h] = 0
    state[BASE + STORE + gets] += want
    if log[0] >= 0:
        machine.log_event(log, state, BASE + LOGGED, LOG_CAPTURE, h, want, gets)


@njit(cache=True)
def take_sown(state, params, holes, length, last, sown, origin, into_origin, mover, log):
    """sowing-captures: every hole of the lap just sown (``sown`` counters ending at track position
    ``last``) that holds sow_capture counters is taken, by its row's owner or the mover."""
    sites = params[P_SITES]
    want = params[P_SOW_CAPTURE]
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


@njit(cache=True)
def take_stepped(state, params, holes, length, origin, count, mover, log):
    """sowing-captures at lap-steps (Ludii 1.3.13's Pallankuli.lud): after a lap of ``count`` counters
    from ``origin``, its starting hole and the ``count`` modulo ``length`` track positions after it
    (holes out of play counted) are looked at, and each holding sow_capture is taken."""
    sites = params[P_SITES]
    want = params[P_SOW_CAPTURE]
    pos = params[holes + length + origin]  # the origin's place on the track
    for _ in range(count % length + 1):
        h = params[holes + pos]
        if h < sites and state[h] == want:
            take_hole(state, params, h, mover, log)
        pos = pos + 1 if pos + 1 < length else 0


@njit(cache=True)
def new_round(state, params):
    """rounds = refill, where the game would end: each player takes what they hold (store and own row)
    and fills their row from their left, the set-up's count a hole, keeping the rest in their store;
    unfilled holes are out of play. False (the board emptied into the stores) if a player cannot fill
    one hole: the match is over."""
    per_row = params[P_PER_ROW]
    count = params[P_START_COUNT]
    for p in range(2):
        state[BASE + STORE + p] += row_total(state, per_row, p)
    for h in range(2 * per_row):
        state[h] = 0
    a = state[BASE + STORE]
    b = state[BASE + STORE + 1]
    if a < count or b < count:
        return False
    out = 0
    filled = 0  # player 2's holes filled less player 1's (round_starter fewer-holes)
    for p in range(2):
        k = state[BASE + STORE + p] // count
        if k > per_row:
            k = per_row
        filled += k if p == 1 else -k
        for i in range(per_row):
            if i < k:
                state[p * per_row + i] = count
            else:
                out |= 1 << (p * per_row + i)
        state[BASE + STORE + p] -= k * count
    state[BASE + OUT] = out
    state[BASE + ROUND] += 1
    starter = params[P_ROUND_STARTER]
    if starter == STARTER_ALTERNATE:
        state[BASE + TO_MOVE] = (state[BASE + FIRST] + state[BASE + ROUND]) % 2
    elif starter == STARTER_LOSER and a != b:
        state[BASE + TO_MOVE] = 0 if a < b else 1
    elif starter == STARTER_FEWER_HOLES and filled != 0:
        state[BASE + TO_MOVE] = 0 if filled > 0 else 1
    return True


@njit(cache=True)
def position_key(state, params):
    """A 64-bit hash (FNV-1a) of the board and the player to move: a position since the last capture."""
    key = np.uint64(0xCBF29CE484222325)
    prime = np.uint64(0x100000001B3)
    for h in range(params[P_SITES]):
        key = (key ^ np.uint64(state[h])) * prime
    key = (key ^ np.uint64(state[BASE + TO_MOVE] + 7)) * prime
    return np.int64(key)


@njit(cache=True)
def remember(state, params):
    """Add the position to the repetition memory; True if it repeats one remembered (the memory
    holds the positions since the last capture, the last HISTORY of them)."""
    at = params[P_HISTORY]
    key = position_key(state, params)
    n = state[at]
    for i in range(n if n < HISTORY else HISTORY):
        if state[at + 1 + i] == key:
            return True
    state[at + 1 + n % HISTORY] = key
    state[at] = n + 1
    return False


@njit(cache=True)
def start_memory(state, params):
    """Start the repetition memory with the position at hand (a game's start, a position set up)."""
    if params[P_REPETITION] == REPEAT_ENDS:
        state[params[P_HISTORY]] = 0
        remember(state, params)


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
    Returns MOVE_DONE, MOVE_GAME_OVER, RUN_ENDLESS or RUN_OUT_OF_LAPS (the cap was reached).
    """
    base = BASE
    if logged:
        seen_before(table, hole, state)
    else:
        begin_move_split(table, state, params[P_SITES], BASE + STORE, SNAPSHOT)
    mover = state[base + TO_MOVE]
    per_row = params[P_PER_ROW]
    into_origin = params[P_LONG_LAP] != SKIP_ORIGIN
    captures = params[P_CAPTURE] == CAPTURE_ACROSS_GAP
    at_end = params[P_CAPTURE] == CAPTURE_COUNT or params[P_CAPTURE] == CAPTURE_OWN_EMPTY
    store_again = params[P_STORE_TURN] == TURN_AGAIN
    first_origin = params[P_FIRST_COUNTER] == FIRST_ORIGIN
    rounds_on = params[P_ROUNDS] == ROUNDS_REFILL
    sow_k = params[P_SOW_CAPTURE]
    sow_at = params[P_SOW_CAPTURE_AT] if sow_k > 0 else -1
    take_next = params[P_CAPTURE] == CAPTURE_NEXT
    gap_chain = params[P_GAP_CHAIN] != 0
    end_at_origin = not into_origin and params[P_SKIPPED_LANDING] == ENDS_AT_ORIGIN
    capture_empty = params[P_CAPTURE_EMPTY] != 0
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
        sown = count
        if first_origin and count > 1:  # the first counter back into the hole just emptied
            state[origin] = 1
            sown = count - 1
        if sow_at == SOW_AT_SOWING or (rounds_on and state[base + OUT] != 0):  # sowing-captures as each counter falls
            last = sow_in_play(state, params, t, origin, sown, into_origin, state[base + OUT],
                               sow_k if sow_at == SOW_AT_SOWING else 0, mover, log)
        else:
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
        if take_next and landing == 1 and not in_store:  # ended in an empty hole: the next hole is taken
            p1 = last + 1 if last + 1 < length else 0
            h1 = params[holes + p1]
            if h1 < sites and state[h1] > 0:
                taken = state[h1]
                state[h1] = 0
                state[base + STORE + mover] += taken
                if log[0] >= 0:
                    machine.log_event(log, state, logged_fields, LOG_CAPTURE, h1, taken, mover)
                if gap_chain:
                    chain_gaps(state, params, holes, length, last, p1, mover, log)
        if sow_at == SOW_AT_LAP_STEPS:
            take_stepped(state, params, holes, length, origin, count, mover, log)
        elif sow_k > 0 and sow_at != SOW_AT_SOWING:
            take_sown(state, params, holes, length, last, sown, origin, into_origin, mover, log)
        if not in_store and (landing > 1 or relay == RELAY_NEXT_ALWAYS) and landing != sow_k and relay != RELAY_SINGLE:
            p1 = last + 1 if last + 1 < length else 0
            p2 = p1 + 1 if p1 + 1 < length else 0
            h1 = params[holes + p1]
            h2 = params[holes + p2]
            captured = False
            if captures and state[h1] == 0 and (capture_empty or state[h2] > 0):
                taken = state[h2]
                state[base + STORE + mover] += taken
                state[h2] = 0
                captured = True
                if log[0] >= 0:
                    machine.log_event(log, state, logged_fields, LOG_CAPTURE, h2, taken, mover)
                if gap_chain:
                    chain_gaps(state, params, holes, length, last, p2, mover, log)
            if captured and not continue_relay:
                nxt = -1
            elif next_non_empty and state[h1] == 0:
                nxt = -1
            elif relay == RELAY_NEXT_HOLE or relay == RELAY_NEXT_ALWAYS:
                if state[h1] > 0:
                    nxt = h1
            else:
                nxt = landed
        if nxt < 0 and at_end and not in_store:
            end_capture(state, params, mover, holes, length, last, landed, log)
        if after_lap and row_empty(state, per_row):
            return MOVE_ROUND_RELAY if rounds_on and nxt >= 0 else MOVE_GAME_OVER
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


@njit(cache=True)
def majority(state, per_row):
    """A player has captured more than half of the counters, or each exactly half (end_majority)."""
    total = state[BASE + STORE] + state[BASE + STORE + 1]
    for h in range(2 * per_row):
        total += state[h]
    a = 2 * state[BASE + STORE]
    b = 2 * state[BASE + STORE + 1]
    return a > total or b > total or (a == total and b == total)


@njit(cache=True)
def feeding_moves(state, params, legal, n):
    """Keep, of the ``n`` legal moves at ``state[legal:]``, those whose lap reaches the opponent's row
    (feeding = required, the opponent's row empty); the new number."""
    feed = params[P_FEED]
    k = 0
    for i in range(n):
        h = state[legal + i]
        if state[h] >= params[feed + h]:
            state[legal + k] = h
            k += 1
    return k


@njit(cache=True)
def drop_grand_slams(state, params, table, scratch, legal, n, lap_budget, log):
    """Keep, of the ``n`` legal moves at ``state[legal:]``, those that make no grand slam (grand_slam =
    forbidden), each played on ``scratch``; the new number."""
    logging = log[0]
    log[0] = -1
    k = 0
    for i in range(n):
        h = state[legal + i]
        copy_state(scratch, state, params)
        scratch[BASE + SLAM] = 0
        machine.run_laps(laps, replay_logged, scratch, params, table, h, 0, lap_budget, log)
        if scratch[BASE + SLAM] == 0:
            state[legal + k] = h
            k += 1
    log[0] = logging
    return k


@njit(cache=True, inline="always")
def settle(state, params, table, scratch, turn_limit, move_limit, log):
    """Between moves: end the game by its rules or a limit, or list the next player's legal moves
    (the holes of the starting row with at least min_counters; endless moves out, if illegal)."""
    base = BASE
    per_row = params[P_PER_ROW]
    state[base + N_LEGAL] = 0
    rounds_on = params[P_ROUNDS] == ROUNDS_REFILL
    if params[P_END] != CANNOT_MOVE and row_empty(state, per_row):
        if not (rounds_on and new_round(state, params)):
            state[base + STATUS] = OVER
            return
    if params[P_END_MAJORITY] != 0 and majority(state, per_row):
        state[base + STATUS] = OVER
        return
    n = list_moves(state, params, table, scratch, move_limit, log)
    if n == 0 and rounds_on and new_round(state, params):
        n = list_moves(state, params, table, scratch, move_limit, log)
    state[base + N_LEGAL] = n
    if n == 0:
        state[base + STATUS] = OVER  # a player with no legal move: the game ends and is scored
        return
    if state[base + MOVES] >= move_limit or state[base + TURNS] >= turn_limit:
        state[base + N_LEGAL] = 0
        state[base + STATUS] = UNFINISHED


@njit(cache=True, inline="always")
def list_moves(state, params, table, scratch, move_limit, log):
    """The legal moves of the player to move, at ``state[BASE + LEGAL:]``; their number."""
    base = BASE
    per_row = params[P_PER_ROW]
    p = state[base + TO_MOVE]
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
    if n > 0 and params[P_FEEDING] == FEEDING_REQUIRED and row_total(state, per_row, 1 - p) == 0:
        n = feeding_moves(state, params, legal, n)
    if n > 0 and params[P_GRAND_SLAM] == SLAM_FORBIDDEN and row_total(state, per_row, 1 - p) <= params[P_SLAM_REACH]:
        n = drop_grand_slams(state, params, table, scratch, legal, n, move_limit - state[base + MOVES], log)
    if n > 0 and params[P_ENDLESS] == ILLEGAL:
        n = machine.drop_endless(probe_endless, run_of, state, params, table, scratch, legal, n,
                                 move_limit - state[base + MOVES], log)
    return n


@njit(cache=True, inline="always")
def init_state(state, params, table, scratch, rng, seed, turn_limit, move_limit, log):
    """The start: start_count counters a hole, nothing captured; the first player by lot (``rng``)
    or player 1."""
    base = BASE
    sites = params[P_SITES]
    for i in range(params[P_STATE_SIZE]):
        state[i] = 0
    for h in range(sites):
        state[h] = params[P_START_COUNT]
    state[base + COVER] = all_of(sites) if params[P_START_COUNT] > 0 else 0
    first_player(state, rng, seed, params[P_FIRST_PLAYER] == BY_LOT, base + TO_MOVE, base + FIRST)
    if params[P_REPETITION] == REPEAT_ENDS:
        start_memory(state, params)
    settle(state, params, table, scratch, turn_limit, move_limit, log)


@njit(cache=True)
def round_over_mid_move(state, params, table, scratch, outcome, turn_limit, move_limit, log):
    """rounds with end = row-empty-after-lap: a lap emptied a row, so the round ends there (the move's
    relay, if one was due, is not sown); the player whose turn it would be is the mover again when that
    relay was due (Ludii's moveAgain), else the opponent, and the next round is set up (settle)."""
    if outcome != MOVE_ROUND_RELAY:
        state[BASE + TO_MOVE] = 1 - state[BASE + TO_MOVE]
    settle(state, params, table, scratch, turn_limit, move_limit, log)


@njit(cache=True, inline="always")
def apply_move(state, params, table, scratch, hole, turn_limit, move_limit, log):
    """Play the move starting from ``hole`` (the caller checked it is legal) and settle the game. Under
    last_turn = first-lap the turn the turn limit falls in is one lap (machine.last_turn_budget)."""
    base = BASE
    stores = state[base + STORE] + state[base + STORE + 1]
    budget = move_limit - state[base + MOVES]
    if params[P_LAST_TURN] == FIRST_LAP:
        budget = machine.last_turn_budget(budget, state[base + TURNS], turn_limit)
    origin, kind = run_of(state, params, hole)
    outcome = machine.run_laps(laps, replay_logged, state, params, table, origin, kind, budget, log)
    state[base + TURNS] += 1
    if params[P_ROUNDS] == ROUNDS_REFILL and (outcome == MOVE_GAME_OVER or outcome == MOVE_ROUND_RELAY):
        round_over_mid_move(state, params, table, scratch, outcome, turn_limit, move_limit, log)
        return
    if outcome == MOVE_DONE or outcome == MOVE_AGAIN:
        if params[P_OWNED_COUNT] > 0:
            collect_owned(state, params, log)
        if outcome == MOVE_DONE:
            state[base + TO_MOVE] = 1 - state[base + TO_MOVE]
        if params[P_REPETITION] == REPEAT_ENDS:
            if state[base + STORE] + state[base + STORE + 1] != stores:
                state[params[P_HISTORY]] = 0  # a capture: no earlier position can come back
            if remember(state, params):
                state[base + N_LEGAL] = 0
                state[base + STATUS] = OVER
                return
        settle(state, params, table, scratch, turn_limit, move_limit, log)
        return
    if outcome == MOVE_GAME_OVER:
        state[base + N_LEGAL] = 0
        state[base + STATUS] = OVER
    else:
        machine.stop_run(state, outcome, base + STATUS, base + N_LEGAL)


@njit(cache=True, inline="always")
def finish(state, params, row):
    """Captures, plus the counters left in the own row when remaining = owner (or those alone, when
    remaining = owner-only), decide the game."""
    base = BASE
    per_row = params[P_PER_ROW]
    remaining = params[P_REMAINING]
    a = state[base + STORE] if remaining != OWNER_ONLY else 0
    b = state[base + STORE + 1] if remaining != OWNER_ONLY else 0
    if remaining == OWNER or remaining == OWNER_ONLY:
        for h in range(per_row):
            a += state[h]
            b += state[per_row + h]
    status = state[base + STATUS]
    winner = 0 if status != OVER or a == b else (1 if a > b else 2)
    # every move in Ludii's sense is a lap here
    moves = state[base + MOVES]
    record(row, status, a, b, state[base + TURNS], moves, state[base + FIRST] + 1, popcount(state[base + COVER]),
           params[P_SITES], moves, winner)
