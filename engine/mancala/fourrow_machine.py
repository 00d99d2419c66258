"""The sowing machine's four-row boards: one compiled set of kernels for every sowing description
whose board has four rows (``board.rows: 4``), reading the description's rule fields from the
parameter array at run time (engine.mancala.layout, FOUR_PARAM_FIELDS; the board's geometry from
engine.mancala.fourrow). Tsoro (Additional Capture) is played so.

Each player sows anticlockwise round their own two rows (engine.mancala.fourrow: holes ``a1 ..
a2N`` of player 1 and ``b1 .. b2N`` of player 2, numbered along the track from the leftmost outer
hole). A move starts from a hole with ``min_counters`` or more if the player has one; otherwise
(``singleton: into-empty``) from a single counter whose next hole is empty. A lap whose last
counter lands in an occupied hole relays from it (a lap of 2N or more also sows its own starting
hole). A lap ending in an empty hole of the player's inner row takes the opponent's inner hole in
that column, if it holds counters, and (``capture: inner-and-outer``) then the outer hole behind it;
with the primitive ``extra-captures`` the player then takes the whole contents of a number of
further opponent holes, each one its own decision (one hole per move, the same player to move
again). The primitive ``special-holes`` gives holes where a lap may stop instead of relaying: the
heads (the rightmost outer hole), or holes each player chooses before play (misoro), safe from
the extra captures. A game ``decided_by: rule``: a player's score is 1 for a win and 0 otherwise
(captures are on the board, ``board()["captures"]``).

Moves are ints (engine.mancala.fourrow): a hole ``100 * player + position`` (a start, a relay at a
special hole, an extra capture of an opponent's hole, a misoro choice), ``PASS``, ``STOP``. The
state: the board (4N sites) first, then the fields below at a constant offset; the kernels are
handed to the shared machinery (engine.machine: one compiled entry point, two-pass endless
detection; here the quick pass writes down its laps and undoes them instead of taking a snapshot
first). Its Python side is engine.mancala.fourrow_rules.

``moves`` are Ludii's moves: every lap, extra capture, pass, stop and misoro choice; a turn is
everything one player does before the other moves (a misoro choice is a turn of its own, as the
players alternate). A capture-all game ends as soon as a capture takes the opponent's last counter,
extra captures still due or not.
"""

from __future__ import annotations

from numba import njit

from engine import machine
from engine.machine import RUN_ENDLESS, RUN_OUT_OF_LAPS, popcount
from engine.mancala import fourrow
from engine.mancala.fourrow import G_INNER, G_OPPOSITE, G_OPPOSITE_OUTER, G_TRACKS, PASS, PLAYER_MOVES, STOP, TRACK_SLOT
from engine.mancala.layout import (
    BY_LOT, CAPTURE_INNER_AND_OUTER, CHOSEN_HOLES, END_CANNOT_MOVE, F_CAPTURE, F_END, F_ENDLESS, F_EXTRA,
    F_FIRST_PLAYER, F_LENGTH, F_MIN_COUNTERS, F_NO_MOVE, F_PER_ROW, F_SINGLE_CAPTURES, F_SINGLETON, F_SITES,
    F_SPECIAL, F_START_INNER, F_START_OUTER, F_STOP, GEO, ILLEGAL, NO_MOVE_LOSE, SINGLETON_INTO_EMPTY,
)
from engine.mancala.sowing import TRACK_HOLES, idx, sow, unsow
from engine.repetition import QUICK_LAPS, begin_move, seen_before
from engine.result import UNFINISHED
from engine.turns import first_player, play_pass

TRACKS = GEO + G_TRACKS  # player p's track block is at TRACKS + p * TRACK_SLOT

# Layout of the state: the board (4N sites, room for the widest board), then these fields at
# constant offsets (so that the kernels' accesses to them need no arithmetic at run time).
FIELDS = fourrow.MAX_SITES
MOVES = FIELDS + 0  # moves in Ludii's sense: laps and decisions that are not laps
LAPS = FIELDS + 1  # sowing laps
STORE = FIELDS + 2  # + player: counters captured
TO_MOVE = FIELDS + 4  # 0 or 1
STATUS = FIELDS + 5
TURNS = FIELDS + 6
PHASE = FIELDS + 7  # what the player to move decides (below)
PENDING = FIELDS + 8  # extra captures still to take this turn
RELAY = FIELDS + 9  # the site of a head or misoro where a lap ended (PHASE_STOP)
PASSES = FIELDS + 10  # passes in a row
MISORO = FIELDS + 11  # + player: the player's misoro, a bit mask of positions
CHOSEN = FIELDS + 13  # misoro chosen so far
WINNER = FIELDS + 14  # 0, 1 or 2
SIDE = FIELDS + 15  # + player: counters in the player's two rows
COVER = FIELDS + 17  # + player: the player's holes occupied at some point (bit mask of positions)
PER_ROW = FIELDS + 19  # N (for the Python side, which reads states without the parameters)
FIRST = FIELDS + 20  # the player who moved first: 0 or 1
N_LEGAL = FIELDS + 21
LEGAL = FIELDS + 22
MAX_LEGAL = 2 * fourrow.MAX_TRACK + 2
UNDO = LEGAL + MAX_LEGAL  # the quick pass's laps (hole, counters), to undo it if it grows long
STATE_SIZE = UNDO + 2 * QUICK_LAPS

PHASE_START = 0  # the start of a turn: a hole to sow from (or pass)
PHASE_EXTRA = 1  # an extra capture: an opponent hole
PHASE_STOP = 2  # a lap ended in an occupied head or misoro: relay from it or stop
PHASE_SETUP = 3  # choosing a misoro (heads = immune)
MISORO_EACH = 2

# What a run of laps came to (besides engine.machine's RUN_ENDLESS and RUN_OUT_OF_LAPS).
MOVE_DONE = 0  # the turn ends
MOVE_CAPTURED = 1  # a column capture: extra captures follow
MOVE_STOP = 2  # the lap ended in an occupied head or misoro: the player decides

# The events of a traced move (engine.machine.log_event), each with the state after it up to the stores.
LOG_LAP = 1  # a = hole taken up, b = counters sown, c = site where the last counter landed
LOG_CAPTURE = 2  # a = site, b = counters, c = player (the column capture)
LOG_EXTRA = 3  # a = site, b = counters, c = player (an extra capture)
LOG_STOP = 4  # a = site where the turn stops
LOG_PASS = 5
LOG_MISORO = 6  # a = site chosen, c = player
LOGGED = STORE + 2


@njit(cache=True, inline="always")
def laps(state, params, table, origin, kind, lap_cap, logged, log):
    """Sow the laps of one run from the site ``origin``, at most ``lap_cap`` laps.

    A lap ending in an occupied hole relays from it, unless the hole is one where the mover may
    stop (MOVE_STOP); a lap ending in an empty inner hole captures the opposite inner hole if it
    holds counters, then the opposite outer hole if it does (MOVE_CAPTURED); any other empty
    landing ends the turn (MOVE_DONE). With ``logged``, a lap about to start from a (hole,
    board) configuration already seen in this run proves it endless (RUN_ENDLESS); without, each
    lap is written down (hole, counters) so that the run can be undone (replay_logged). One kind
    of lap: ``kind`` is not used.
    """
    mover = state[TO_MOVE]
    t = TRACKS + mover * TRACK_SLOT
    holes = t + TRACK_HOLES
    may_stop = params[idx(F_STOP + mover)] | state[idx(MISORO + mover)]
    no_capture = state[idx(origin)] == 1 and params[F_SINGLE_CAPTURES] == 0
    inner_and_outer = params[F_CAPTURE] == CAPTURE_INNER_AND_OUTER
    if logged:
        seen_before(table, origin, state)
    n = 0
    cover = 0
    while True:
        count = state[idx(origin)]
        state[idx(origin)] = 0
        if not logged:
            state[idx(UNDO + 2 * n)] = origin
            state[idx(UNDO + 2 * n + 1)] = count
        last = sow(state, params, t, origin, count, True)
        n += 1
        cover |= fourrow.lap_cover(params, GEO, 0, mover, origin, count, last)
        landed = params[idx(holes + last)]
        if log[0] >= 0:
            machine.log_event(log, state, LOGGED, LOG_LAP, origin, count, landed)
        if state[idx(landed)] > 1:
            if (may_stop >> last) & 1:
                state[RELAY] = landed
                outcome = MOVE_STOP
                break
            if logged and seen_before(table, landed, state):
                outcome = RUN_ENDLESS
                break
            if n >= lap_cap:
                outcome = RUN_OUT_OF_LAPS
                break
            origin = landed
            continue
        outcome = MOVE_DONE
        if params[idx(GEO + G_INNER + landed)] != 0 and not no_capture:
            inner = params[idx(GEO + G_OPPOSITE + landed)]
            taken = state[idx(inner)]
            if taken > 0:
                outcome = MOVE_CAPTURED
                state[idx(inner)] = 0
                state[idx(STORE + mover)] += taken
                state[idx(SIDE + 1 - mover)] -= taken
                if log[0] >= 0:
                    machine.log_event(log, state, LOGGED, LOG_CAPTURE, inner, taken, mover)
                outer = params[idx(GEO + G_OPPOSITE_OUTER + landed)]
                taken = state[idx(outer)]
                if taken > 0 and inner_and_outer:
                    state[idx(outer)] = 0
                    state[idx(STORE + mover)] += taken
                    state[idx(SIDE + 1 - mover)] -= taken
                    if log[0] >= 0:
                        machine.log_event(log, state, LOGGED, LOG_CAPTURE, outer, taken, mover)
        break
    state[MOVES] += n
    state[LAPS] += n
    state[idx(COVER + mover)] |= cover
    return outcome


@njit(cache=True)
def replay_logged(state, params, table, origin, kind, quick, lap_budget, log):
    """The slow pass of a long run (out of line: few runs get here): undo the ``quick`` laps of the
    quick pass, then play the run again with every configuration logged."""
    t = TRACKS + state[TO_MOVE] * TRACK_SLOT
    for i in range(quick - 1, -1, -1):
        unsow(state, params, t, state[UNDO + 2 * i], state[UNDO + 2 * i + 1], True)
    state[MOVES] -= quick
    state[LAPS] -= quick
    begin_move(table, state, params[F_SITES])  # a new log (the table's snapshot is not used)
    return laps(state, params, table, origin, kind, lap_budget, True, log)


@njit(cache=True)
def probe_endless(state, params, table, scratch, origin, kind, lap_budget, log):
    return machine.probe(laps, replay_logged, LEGAL, state, params, table, scratch, origin, kind, lap_budget, log)


@njit(cache=True, inline="always")
def run_of(state, params, m):
    """The site a move sows from (a start, a relay), or -1 (a pass, a stop)."""
    if m >= PASS:
        return -1, 0
    p = m // PLAYER_MOVES
    return params[TRACKS + p * TRACK_SLOT + TRACK_HOLES + m - p * PLAYER_MOVES], 0


@njit(cache=True, inline="always")
def move_at(state, params, k):
    """The k-th legal move (they are listed in ascending order)."""
    return state[LEGAL + k]


@njit(cache=True, inline="always")
def list_starts(state, params):
    """The holes the player to move may start from, in state[LEGAL:] (branch-free); their number."""
    p = state[TO_MOVE]
    length = params[F_LENGTH]
    holes = TRACKS + p * TRACK_SLOT + TRACK_HOLES
    base = p * PLAYER_MOVES
    least = params[F_MIN_COUNTERS]
    n = 0
    for pos in range(length):
        state[idx(LEGAL + n)] = base + pos
        n += state[idx(params[idx(holes + pos)])] >= least
    if n == 0 and params[F_SINGLETON] == SINGLETON_INTO_EMPTY:  # none can start: a single counter may, into an empty hole
        for pos in range(length):
            nxt = pos + 1 if pos + 1 < length else 0
            state[idx(LEGAL + n)] = base + pos
            n += (state[idx(params[idx(holes + pos)])] == 1) & (state[idx(params[idx(holes + nxt)])] == 0)
    return n


@njit(cache=True, inline="always")
def list_targets(state, params):
    """The opponent's holes an extra capture may take (non-empty, not misoro); their number."""
    q = 1 - state[TO_MOVE]
    length = params[F_LENGTH]
    holes = TRACKS + q * TRACK_SLOT + TRACK_HOLES
    safe = state[idx(MISORO + q)]
    base = q * PLAYER_MOVES
    n = 0
    for pos in range(length):
        state[idx(LEGAL + n)] = base + pos
        n += (state[idx(params[idx(holes + pos)])] > 0) & (((safe >> pos) & 1) == 0)
    return n


@njit(cache=True, inline="always")
def end_turn(state):
    state[TURNS] += 1
    state[TO_MOVE] = 1 - state[TO_MOVE]
    state[PENDING] = 0
    if state[PHASE] == PHASE_SETUP and state[CHOSEN] < 2 * MISORO_EACH:
        return
    state[PHASE] = PHASE_START


@njit(cache=True, inline="always")
def stop_mid_turn(state):
    """The move limit stops the game at a decision inside a turn (an extra capture, a stop): the
    turn cut short counts as played (statement counting), as in Tauru."""
    state[TURNS] += 1
    state[N_LEGAL] = 0
    state[STATUS] = UNFINISHED


@njit(cache=True, inline="always")
def settle(state, params, table, scratch, turn_limit, move_limit, log):
    """Between decisions: end the game by its rules or a limit, or list the decision's legal moves."""
    state[N_LEGAL] = 0
    phase = state[PHASE]
    if phase == PHASE_EXTRA:
        n = list_targets(state, params)
        if n > 0:
            state[N_LEGAL] = n
            if state[MOVES] >= move_limit:
                stop_mid_turn(state)
            return
        end_turn(state)  # nothing left to take: the turn ends
        phase = state[PHASE]
    elif phase == PHASE_STOP:
        p = state[TO_MOVE]
        state[LEGAL] = p * PLAYER_MOVES + params[GEO + fourrow.G_POSITION + state[RELAY]]
        state[LEGAL + 1] = STOP
        n = 2
        if params[F_ENDLESS] == ILLEGAL:
            n = machine.drop_endless(probe_endless, run_of, state, params, table, scratch, LEGAL, n,
                                     move_limit - state[MOVES], log)
        state[N_LEGAL] = n
        if state[MOVES] >= move_limit:
            stop_mid_turn(state)
        return
    p = state[TO_MOVE]
    if phase == PHASE_SETUP:
        chosen = state[MISORO + p]
        n = 0
        for pos in range(params[F_PER_ROW]):
            if not (chosen >> pos) & 1:
                state[LEGAL + n] = p * PLAYER_MOVES + pos
                n += 1
        state[N_LEGAL] = n
    else:
        if params[F_END] != END_CANNOT_MOVE and state[idx(SIDE + p)] == 0:
            machine.game_over(state, 2 - p, STATUS, WINNER, N_LEGAL)
            return
        n = list_starts(state, params)
        if n > 0 and params[F_ENDLESS] == ILLEGAL:
            n = machine.drop_endless(probe_endless, run_of, state, params, table, scratch, LEGAL, n,
                                     move_limit - state[MOVES], log)
        if n == 0:
            if params[F_END] == END_CANNOT_MOVE or params[F_NO_MOVE] == NO_MOVE_LOSE:
                machine.game_over(state, 2 - p, STATUS, WINNER, N_LEGAL)
                return
            state[LEGAL] = PASS
            n = 1
        state[N_LEGAL] = n
    if state[MOVES] >= move_limit or state[TURNS] >= turn_limit:
        state[N_LEGAL] = 0
        state[STATUS] = UNFINISHED


@njit(cache=True, inline="always")
def init_state(state, params, table, scratch, rng, seed, turn_limit, move_limit, log):
    """The start: start_outer counters in every outer hole, start_inner in every inner one; player 1
    (or the player drawn by lot) moves, or chooses a misoro, first."""
    n = params[F_PER_ROW]
    for i in range(4 * n):
        state[i] = 0
    for i in range(FIELDS, LEGAL):
        state[i] = 0
    outer = params[F_START_OUTER]
    inner = params[F_START_INNER]
    for c in range(n):
        state[c] = outer
        state[3 * n + c] = outer
        state[n + c] = inner
        state[2 * n + c] = inner
    state[PER_ROW] = n
    state[SIDE] = n * (outer + inner)
    state[SIDE + 1] = n * (outer + inner)
    cover = ((1 << n) - 1 if outer > 0 else 0) | (((1 << n) - 1) << n if inner > 0 else 0)  # positions 0..N-1: outer
    state[COVER] = cover
    state[COVER + 1] = cover
    if params[F_SPECIAL] == CHOSEN_HOLES:
        state[PHASE] = PHASE_SETUP
    first_player(state, rng, seed, params[F_FIRST_PLAYER] == BY_LOT, TO_MOVE, FIRST)
    settle(state, params, table, scratch, turn_limit, move_limit, log)


@njit(cache=True, inline="always")
def apply_move(state, params, table, scratch, move, turn_limit, move_limit, log):
    """Play a legal move (the caller checked it) and settle the game."""
    p = state[TO_MOVE]
    phase = state[PHASE]
    if move == PASS:
        if play_pass(state, log, LOGGED, LOG_PASS, PASSES, MOVES, TURNS, STATUS, WINNER, N_LEGAL, TO_MOVE):
            return
        end_turn(state)
    elif move == STOP:
        state[MOVES] += 1
        if log[0] >= 0:
            machine.log_event(log, state, LOGGED, LOG_STOP, state[RELAY], 0, p)
        end_turn(state)
    else:
        q = move // PLAYER_MOVES
        pos = move - q * PLAYER_MOVES
        site = params[idx(TRACKS + q * TRACK_SLOT + TRACK_HOLES + pos)]
        if phase == PHASE_SETUP:
            state[idx(MISORO + p)] |= 1 << pos
            state[CHOSEN] += 1
            state[MOVES] += 1
            if log[0] >= 0:
                machine.log_event(log, state, LOGGED, LOG_MISORO, site, 0, p)
            end_turn(state)
        elif phase == PHASE_EXTRA:
            taken = state[idx(site)]
            state[idx(site)] = 0
            state[idx(STORE + p)] += taken
            state[idx(SIDE + 1 - p)] -= taken
            state[MOVES] += 1
            state[PENDING] -= 1
            if log[0] >= 0:
                machine.log_event(log, state, LOGGED, LOG_EXTRA, site, taken, p)
            if params[F_END] != END_CANNOT_MOVE and state[idx(SIDE + 1 - p)] == 0:
                state[TURNS] += 1
                machine.game_over(state, p + 1, STATUS, WINNER, N_LEGAL)
                return
            if state[PENDING] == 0:
                end_turn(state)
        else:  # a sowing move: a start, or a relay from a head or misoro
            state[PASSES] = 0
            outcome = machine.run_laps(laps, replay_logged, state, params, table, site, 0, move_limit - state[MOVES], log)
            if outcome == MOVE_DONE:
                end_turn(state)
            elif outcome == MOVE_CAPTURED:
                if params[F_END] != END_CANNOT_MOVE and state[idx(SIDE + 1 - p)] == 0:
                    state[TURNS] += 1
                    machine.game_over(state, p + 1, STATUS, WINNER, N_LEGAL)
                    return
                state[PHASE] = PHASE_EXTRA
                state[PENDING] = params[F_EXTRA]
            elif outcome == MOVE_STOP:
                state[PHASE] = PHASE_STOP
            else:
                state[TURNS] += 1
                machine.stop_run(state, outcome, STATUS, N_LEGAL)
                return
    settle(state, params, table, scratch, turn_limit, move_limit, log)


@njit(cache=True, inline="always")
def finish(state, params, row):
    """1 for the winner, 0 otherwise (the game is won by a rule, not by counting)."""
    machine.won_by_rule(row, state[STATUS], state[WINNER], state[TURNS], state[MOVES], state[FIRST] + 1,
                        popcount(state[COVER]) + popcount(state[COVER + 1]), params[F_SITES], state[LAPS])


@njit(cache=True)
def run(op, params, table, start, state, scratch, rng, log, seed, games, move, turn_limit, move_limit, tree, out):
    """The one compiled entry point (engine.machine.drive over this module's kernels)."""
    machine.drive(init_state, apply_move, settle, move_at, finish, STATUS, N_LEGAL, TO_MOVE, op, params, table, start,
                  state, scratch, rng, log, seed, games, move, turn_limit, move_limit, tree, out)
