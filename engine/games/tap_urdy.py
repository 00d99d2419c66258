"""Tap-urdy (Turkmenistan; 2 x 6 holes, 4 counters each): every disputed point as a switch.

A move takes up the counters of one hole and sows them; a lap whose last counter lands in a hole
H that was occupied relays, a lap ending in an empty hole ends the move, and a counter landing in
an occupied H followed by an empty H+1 captures the contents of H+2 ("across the gap"). The
switches below decide where a move starts, the direction, the relay style and condition, the
capture, what follows a capture, the end, the scoring of counters left on the board, long laps,
who starts, and what an endless move does.

The board: holes 0-5 are player 1's row ``a1``-``a6`` (from player 1's left), 6-11 player 2's
row ``b1``-``b6`` (from player 2's left); counter-clockwise sowing is index order, clockwise the
reverse (seen from player 1: along player 1's row right to left, then player 2's row left to
right, as in Ludii's ``Tap Urdy.lud`` track "5,W,N,E"; Ludii's site s of the bottom row is a{s+1},
its site 6+j of the top row is b{6-j}).

The rules are compiled kernels over an int64 state array (layout below) with the switch values
as an int64 array of option indices followed by the sowing track (engine.mancala.sowing); they
are handed to the shared machinery (engine.machine), which compiles the one entry point that
the Python API and the random self-play both go through. The scan for legal moves is
branch-free; a move is played in two passes when it is long (engine.machine.run_laps), so that
proving a move endless costs nothing for the many moves that end after a few laps. Its Python
side (positions, notation, the board, traces) is engine.games.tap_urdy_api.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine import machine
from engine.machine import RUN_ENDLESS, RUN_OUT_OF_LAPS, popcount
from engine.mancala.sowing import TRACK_HOLES, TRACK_LENGTH, sow, total
from engine.repetition import begin_move, restore, seen_before
from engine.result import OVER, UNFINISHED
from engine.stats import record
from engine.switches import Switch, option_slot, switch_slot
from engine.turns import first_player

GAME_ID = "tap-urdy"
NAME = "Tap-urdy"
ROW = 6
N_HOLES = 2 * ROW
START_COUNT = 4

SWITCHES: tuple[Switch, ...] = (
    Switch("tap-urdy.start", ("enemy-row", "own-row"), "enemy-row"),
    Switch("tap-urdy.direction", ("counterclockwise", "clockwise"), "counterclockwise"),
    Switch("tap-urdy.relay", ("take-up-last", "next-hole"), "take-up-last"),
    Switch("tap-urdy.relay-condition", ("occupied", "next-non-empty"), "occupied"),
    Switch("tap-urdy.capture", ("gap-any", "gap-non-empty"), "gap-any"),
    Switch("tap-urdy.after-capture", ("end-move", "continue-relay"), "end-move"),
    Switch("tap-urdy.end", ("row-empty-after-lap", "row-empty-after-move", "cannot-move"), "row-empty-after-move"),
    Switch("tap-urdy.remaining", ("unscored", "owner"), "unscored"),
    Switch("tap-urdy.long-lap", ("sow-origin", "skip-origin"), "sow-origin"),
    Switch("tap-urdy.first-player", ("lot", "player-1"), "lot"),
    machine.endless_switch("tap-urdy"),
)

# Slots of the option array and option indices, derived from the declaration above.
S_START = switch_slot(SWITCHES, "tap-urdy.start")
OWN_ROW = option_slot(SWITCHES, "tap-urdy.start", "own-row")
S_DIRECTION = switch_slot(SWITCHES, "tap-urdy.direction")
CLOCKWISE = option_slot(SWITCHES, "tap-urdy.direction", "clockwise")
S_RELAY = switch_slot(SWITCHES, "tap-urdy.relay")
NEXT_HOLE = option_slot(SWITCHES, "tap-urdy.relay", "next-hole")
S_RELAY_CONDITION = switch_slot(SWITCHES, "tap-urdy.relay-condition")
NEXT_NON_EMPTY = option_slot(SWITCHES, "tap-urdy.relay-condition", "next-non-empty")
S_CAPTURE = switch_slot(SWITCHES, "tap-urdy.capture")
GAP_NON_EMPTY = option_slot(SWITCHES, "tap-urdy.capture", "gap-non-empty")
S_AFTER_CAPTURE = switch_slot(SWITCHES, "tap-urdy.after-capture")
CONTINUE_RELAY = option_slot(SWITCHES, "tap-urdy.after-capture", "continue-relay")
S_END = switch_slot(SWITCHES, "tap-urdy.end")
AFTER_LAP = option_slot(SWITCHES, "tap-urdy.end", "row-empty-after-lap")
AFTER_MOVE = option_slot(SWITCHES, "tap-urdy.end", "row-empty-after-move")
CANNOT_MOVE = option_slot(SWITCHES, "tap-urdy.end", "cannot-move")
S_REMAINING = switch_slot(SWITCHES, "tap-urdy.remaining")
OWNER = option_slot(SWITCHES, "tap-urdy.remaining", "owner")
S_LONG_LAP = switch_slot(SWITCHES, "tap-urdy.long-lap")
SKIP_ORIGIN = option_slot(SWITCHES, "tap-urdy.long-lap", "skip-origin")
S_FIRST = switch_slot(SWITCHES, "tap-urdy.first-player")
PLAYER_1 = option_slot(SWITCHES, "tap-urdy.first-player", "player-1")
S_ENDLESS = switch_slot(SWITCHES, "tap-urdy.endless")
ILLEGAL = option_slot(SWITCHES, "tap-urdy.endless", "illegal")

# Layout of the state array.
STORE = N_HOLES  # STORE + p: counters captured by player p (0 or 1)
TO_MOVE = STORE + 2  # 0 or 1
STATUS = TO_MOVE + 1  # engine.result: ONGOING, OVER, ENDLESS, UNFINISHED
TURNS = STATUS + 1  # whole turns played
MOVES = TURNS + 1  # laps sown (Ludii's moves: each lap is one)
FIRST = MOVES + 1  # who started (0 or 1)
COVER = FIRST + 1  # track positions occupied after some lap (a bit mask; BoardCoverage)
N_LEGAL = COVER + 1  # how many legal moves the player to move has
LEGAL = N_LEGAL + 1  # LEGAL .. LEGAL + N_LEGAL - 1: the legal start holes, ascending
STATE_SIZE = LEGAL + ROW
SNAPSHOT = MOVES + 1  # what a move changes lies in st[:SNAPSHOT] (COVER only grows: a replay sets the same bits)

# Layout of the parameter array: the option index of each switch, then the track block.
TRACK = len(SWITCHES)

# The events of a traced move (engine.machine.log_event), each with the board and stores after it.
LOG_LAP = 1  # a = hole taken up, b = counters sown, c = hole where the last counter landed
LOG_CAPTURE = 2  # a = hole captured, b = counters taken, c = player (0 or 1)
LOGGED = N_HOLES + 2


# What one move came to (besides engine.machine's RUN_ENDLESS and RUN_OUT_OF_LAPS).
MOVE_DONE = 0
MOVE_GAME_OVER = 1  # a row emptied mid-move (end = row-empty-after-lap)


@njit(cache=True, inline="always")
def row_empty(st: np.ndarray) -> bool:
    """True if either row is empty (written out, not via helpers: it runs after every lap)."""
    a = 0
    b = 0
    for h in range(ROW):
        a += st[h]
        b += st[ROW + h]
    return a == 0 or b == 0


@njit(cache=True, inline="always")
def lap_cover(length, last, count):
    """The track positions a lap of ``count`` counters ending at position ``last`` sowed, as a
    bit mask; every position once the lap goes round (its starting hole, occupied before, too)."""
    if count >= length - 1:
        return (1 << length) - 1
    first = last - count + 1
    if first >= 0:
        return ((1 << count) - 1) << first
    return ((1 << (last + 1)) - 1) | (((1 << -first) - 1) << (length + first))


@njit(cache=True, inline="always")
def laps(st, par, table, hole, kind, lap_cap, logged, log):
    """Sow the laps of one move from ``hole`` on ``st``, at most ``lap_cap`` of them (one kind of
    lap: ``kind`` is not used). Without ``logged`` (the quick pass), the move's snapshot is taken first.

    The order within a lap ending in H: H empty before the last counter -> the move ends. Else
    capture H+2 if H+1 is empty (and, with gap-non-empty, H+2 holds counters); a capture under
    end-move ends the move; with next-non-empty an empty H+1 ends it; otherwise relay (from H, or
    from H+1 in pussa-kanawa style, where an empty H+1 ends the move). Then, with
    row-empty-after-lap, an empty row ends the game. When ``logged``, a next lap whose (hole,
    board) configuration already occurred in this move proves the move endless.
    Returns MOVE_DONE, MOVE_GAME_OVER, RUN_ENDLESS or RUN_OUT_OF_LAPS (the cap was reached).
    """
    if logged:
        seen_before(table, hole, st)
    else:
        begin_move(table, st, SNAPSHOT)
    mover = st[TO_MOVE]
    into_origin = par[S_LONG_LAP] != SKIP_ORIGIN
    gap_non_empty = par[S_CAPTURE] == GAP_NON_EMPTY
    continue_relay = par[S_AFTER_CAPTURE] == CONTINUE_RELAY
    next_non_empty = par[S_RELAY_CONDITION] == NEXT_NON_EMPTY
    next_hole = par[S_RELAY] == NEXT_HOLE
    after_lap = par[S_END] == AFTER_LAP
    # The track is read directly (not through engine.mancala.sowing.hole_at): every inlined call
    # that takes an array costs reference counting in compiled code, and this loop runs per lap.
    length = par[TRACK + TRACK_LENGTH]
    holes = TRACK + TRACK_HOLES
    origin = hole
    n = 0
    while True:
        count = st[origin]
        st[origin] = 0
        last = sow(st, par, TRACK, origin, count, into_origin)
        n += 1
        st[MOVES] += 1
        st[COVER] |= lap_cover(length, last, count)
        landed = par[holes + last]
        if log[0] >= 0:
            machine.log_event(log, st, LOGGED, LOG_LAP, origin, count, landed)
        nxt = -1
        if st[landed] > 1:
            p1 = last + 1 if last + 1 < length else 0
            p2 = p1 + 1 if p1 + 1 < length else 0
            h1 = par[holes + p1]
            h2 = par[holes + p2]
            captured = False
            if st[h1] == 0 and (not gap_non_empty or st[h2] > 0):
                taken = st[h2]
                st[STORE + mover] += taken
                st[h2] = 0
                captured = True
                if log[0] >= 0:
                    machine.log_event(log, st, LOGGED, LOG_CAPTURE, h2, taken, mover)
            if captured and not continue_relay:
                nxt = -1
            elif next_non_empty and st[h1] == 0:
                nxt = -1
            elif next_hole:
                if st[h1] > 0:
                    nxt = h1
            else:
                nxt = landed
        if after_lap:
            a = 0
            b = 0
            for h in range(ROW):
                a += st[h]
                b += st[ROW + h]
            if a == 0 or b == 0:
                return MOVE_GAME_OVER
        if nxt < 0:
            return MOVE_DONE
        if logged and seen_before(table, nxt, st):
            return RUN_ENDLESS
        if n >= lap_cap:
            return RUN_OUT_OF_LAPS
        origin = nxt


@njit(cache=True)
def replay_logged(st, par, table, hole, kind, quick, lap_budget, log):
    """The slow pass of a long move: from its snapshot, every configuration logged."""
    restore(table, st, SNAPSHOT)
    return laps(st, par, table, hole, kind, lap_budget, True, log)


@njit(cache=True)
def probe_endless(st, par, table, scratch, hole, kind, lap_budget, log):
    return machine.probe(laps, replay_logged, STATE_SIZE, st, par, table, scratch, hole, kind, lap_budget, log)


@njit(cache=True, inline="always")
def run_of(st, par, move):
    """A move sows from its hole."""
    return move, 0


@njit(cache=True, inline="always")
def settle(st, par, table, scratch, turn_limit, move_limit, log):
    """Between moves: end the game by its rules or a limit, or list the next player's legal moves
    (the holes of the starting row that hold counters; endless moves out, if illegal)."""
    st[N_LEGAL] = 0
    if par[S_END] != CANNOT_MOVE and row_empty(st):
        st[STATUS] = OVER
        return
    p = st[TO_MOVE]
    row = p if par[S_START] == OWN_ROW else 1 - p
    n = 0
    for h in range(row * ROW, row * ROW + ROW):  # branch-free: the test is unpredictable
        st[LEGAL + n] = h
        n += st[h] > 0
    if n > 0 and par[S_ENDLESS] == ILLEGAL:
        n = machine.drop_endless(probe_endless, run_of, st, par, table, scratch, LEGAL, n, move_limit - st[MOVES], log)
    st[N_LEGAL] = n
    if n == 0:
        st[STATUS] = OVER  # a player with no legal move: the game ends and is scored
        return
    if st[MOVES] >= move_limit or st[TURNS] >= turn_limit:
        st[N_LEGAL] = 0
        st[STATUS] = UNFINISHED


@njit(cache=True, inline="always")
def init_state(st, par, table, scratch, rng, seed, turn_limit, move_limit, log):
    """The start: 4 counters a hole, nothing captured; the first player by lot (``rng``) or player 1."""
    for i in range(STATE_SIZE):
        st[i] = 0
    for h in range(N_HOLES):
        st[h] = START_COUNT
    st[COVER] = (1 << N_HOLES) - 1
    first_player(st, rng, seed, par[S_FIRST] != PLAYER_1, TO_MOVE, FIRST)
    settle(st, par, table, scratch, turn_limit, move_limit, log)


@njit(cache=True, inline="always")
def apply_move(st, par, table, scratch, hole, turn_limit, move_limit, log):
    """Play the move starting from ``hole`` (the caller checked it is legal) and settle the game."""
    outcome = machine.run_laps(laps, replay_logged, st, par, table, hole, 0, move_limit - st[MOVES], log)
    st[TURNS] += 1
    if outcome == MOVE_DONE:
        st[TO_MOVE] = 1 - st[TO_MOVE]
        settle(st, par, table, scratch, turn_limit, move_limit, log)
        return
    if outcome == MOVE_GAME_OVER:
        st[N_LEGAL] = 0
        st[STATUS] = OVER
    else:
        machine.stop_run(st, outcome, STATUS, N_LEGAL)


@njit(cache=True, inline="always")
def move_at(st, k):
    return st[LEGAL + k]


@njit(cache=True, inline="always")
def finish(st, par, row):
    """Captures, plus the counters left in the own row when remaining = owner, decide the game."""
    a = st[STORE]
    b = st[STORE + 1]
    if par[S_REMAINING] == OWNER:
        a += total(st, 0, ROW)
        b += total(st, ROW, N_HOLES)
    winner = 0 if st[STATUS] != OVER or a == b else (1 if a > b else 2)
    # every move in Ludii's sense is a lap here
    record(row, st[STATUS], a, b, st[TURNS], st[MOVES], st[FIRST] + 1, popcount(st[COVER]), N_HOLES, st[MOVES], winner)


@njit(cache=True)
def run(op, par, table, start, st, scratch, rng, log, seed, games, move, turn_limit, move_limit, tree, out):
    """The one compiled entry point (engine.machine.drive over this module's kernels)."""
    machine.drive(init_state, apply_move, settle, move_at, finish, STATUS, N_LEGAL, TO_MOVE, op, par, table, start,
                  st, scratch, rng, log, seed, games, move, turn_limit, move_limit, tree, out)
