"""Lobudok (Bari, South Sudan; 4 x 8 holes, 32 counters a side in a fixed layout): every disputed
point as a switch.

Holes follow Beaton's numbering (engine.mancala.fourrow): each player's holes 1-16 along their
anticlockwise track from the leftmost hole of their outer row, ``a1 .. a16`` for player 1 and
``b1 .. b16`` for player 2. The corners are holes 1, 8, 9 and 16 (9 and 16 hold the 8-counter
reserves at the start); the other twelve are the middle holes. Only holes with two or more
counters are sown. A lap whose last counter lands in an occupied hole H relays from H, unless H
is in the player's inner row and both opposite holes are occupied: then both are captured and
their counters sown again on the player's own side. At first a player is *restricted* to the
middle holes; the switches decide how the corners behave then, how and when a player is
released, whether release lasts, whether captures are limited while the opponent is restricted,
where captured counters are re-sown and what follows, whether a long lap sows the hole it
started from, the end of the game, a stuck player,
endless moves and who starts (first-player: player 1, or a lot drawn from the game's seed).

Captured counters stay in play (64 in all); the game is won by a rule, so a player's score is 1
for a win and 0 otherwise. Laps are *restricted* (corners passed over, with skip-corners) or
*released* (every hole sown). Under Ludii's per-turn release a lap that ends in a corner, when no
middle hole holds two, lets the player choose: a restricted lap from it (move ``a9``) or a released
one (move ``a9+``). Moves are ints (engine.mancala.fourrow). The kernels are handed to the shared
machinery (engine.machine: one compiled entry point, two-pass endless detection); restricted
laps under skip-corners run on a compacted track of the twelve middle holes. Its Python side
(positions, notation, the board, traces) is engine.games.lobudok_api.

Where neither the sources nor the archive's descriptions settle a combination of switches:

- per-turn release with in-use-holes: the opponent counts as restricted while one of their
  middle holes holds two or more (their next turn would start restricted);
- end = cannot-move: the game ends, the player to move losing, as soon as they have no legal
  move; the forced pass Ludii records first is counted as Ludii counts it (one turn, one move),
  so that DurationTurns and DurationMoves compare with Ludii's; when that pass would come past
  the turn or move limit, Ludii stops before it and the game is unfinished;
- a turn the move limit cuts short at a decision inside it (a choice of lap) counts as played,
  as the statement ``counting`` says;
- endless = illegal and every kind of lap from a corner endless: the player has no legal move
  (under capture-all, a pass or a loss as lobudok.no-move says; a loss under cannot-move), in
  the middle of the turn too;
- counts: ``moves`` are Ludii's moves (laps taken up from a hole, passes); a re-sowing is part of
  the capturing lap's move but is counted among the laps (``LAPS``).
"""

from __future__ import annotations

from numba import njit

from engine import machine
from engine.machine import RUN_ENDLESS, RUN_OUT_OF_LAPS, popcount
from engine.mancala import fourrow
from engine.mancala.fourrow import (
    G_INNER, G_OPPOSITE, G_OPPOSITE_OUTER, G_POSITION, G_TRACKS, PASS, PLAYER_MOVES, RELEASED, TRACK_SLOT,
)
from engine.mancala.sowing import TRACK_HOLES, idx, sow
from engine.repetition import begin_move, restore, seen_before
from engine.result import UNFINISHED
from engine.switches import Switch, option_slot, switch_slot
from engine.turns import first_player, play_pass

GAME_ID = "lobudok"
NAME = "Lobudök"
PER_ROW = 8
HOLES = 2 * PER_ROW  # per player
SITES = 4 * PER_ROW
START = (0, 0, 1, 0, 0, 1, 6, 0, 8, 0, 1, 0, 0, 1, 6, 8)
"""Each player's holes 1-16 at the start (Beaton, as DLP.Evidence.1881 gives it)."""
CORNERS = (0, 7, 8, 15)
"""Positions of the corner holes 1, 8, 9, 16."""
MIDDLE = tuple(p for p in range(HOLES) if p not in CORNERS)
"""Positions of the middle holes 2-7 and 10-15."""
RESERVES = (8, 15)
"""Positions of the reserve holes 9 and 16."""

SWITCHES: tuple[Switch, ...] = (
    Switch("lobudok.restricted-sowing", ("skip-corners", "start-only"), "skip-corners"),
    Switch("lobudok.release", ("reserve-holes", "all-holes"), "reserve-holes"),
    Switch("lobudok.release-permanent", ("permanent", "per-turn"), "permanent"),
    Switch("lobudok.restricted-capture", ("in-use-holes", "unrestricted"), "in-use-holes"),
    Switch("lobudok.resow-from", ("lap-start", "move-start"), "lap-start"),
    Switch("lobudok.after-resow", ("end-turn", "relay"), "end-turn"),
    Switch("lobudok.long-lap", ("sow-origin", "skip-origin"), "sow-origin"),
    Switch("lobudok.end", ("capture-all", "cannot-move"), "capture-all"),
    Switch("lobudok.no-move", ("pass", "lose"), "pass"),
    machine.endless_switch("lobudok"),
    Switch("lobudok.first-player", ("player-1", "lot"), "player-1"),
)

S_SOWING = switch_slot(SWITCHES, "lobudok.restricted-sowing")
START_ONLY = option_slot(SWITCHES, "lobudok.restricted-sowing", "start-only")
S_RELEASE = switch_slot(SWITCHES, "lobudok.release")
RESERVE_HOLES = option_slot(SWITCHES, "lobudok.release", "reserve-holes")
S_PERMANENT = switch_slot(SWITCHES, "lobudok.release-permanent")
PER_TURN = option_slot(SWITCHES, "lobudok.release-permanent", "per-turn")
S_CAPTURE = switch_slot(SWITCHES, "lobudok.restricted-capture")
IN_USE_HOLES = option_slot(SWITCHES, "lobudok.restricted-capture", "in-use-holes")
S_RESOW = switch_slot(SWITCHES, "lobudok.resow-from")
MOVE_START = option_slot(SWITCHES, "lobudok.resow-from", "move-start")
S_AFTER = switch_slot(SWITCHES, "lobudok.after-resow")
RESOW_RELAY = option_slot(SWITCHES, "lobudok.after-resow", "relay")
S_LONG_LAP = switch_slot(SWITCHES, "lobudok.long-lap")
SKIP_ORIGIN = option_slot(SWITCHES, "lobudok.long-lap", "skip-origin")
S_END = switch_slot(SWITCHES, "lobudok.end")
CANNOT_MOVE = option_slot(SWITCHES, "lobudok.end", "cannot-move")
S_NO_MOVE = switch_slot(SWITCHES, "lobudok.no-move")
NO_MOVE_LOSE = option_slot(SWITCHES, "lobudok.no-move", "lose")
S_FIRST = switch_slot(SWITCHES, "lobudok.first-player")
FIRST_LOT = option_slot(SWITCHES, "lobudok.first-player", "lot")
S_ENDLESS = switch_slot(SWITCHES, "lobudok.endless")
ILLEGAL = option_slot(SWITCHES, "lobudok.endless", "illegal")

RESTRICTED_LAP = 0
RELEASED_LAP = 1

# Layout of the parameter array: switch option indices, tables, the geometry block.
P_CORNER = len(SWITCHES)  # + site: 1 if the site is a corner
P_MIDDLE = P_CORNER + SITES  # + 12 * player + i: the sites of a player's middle holes, in hole order
P_RESERVE = P_MIDDLE + 2 * len(MIDDLE)  # + 2 * player + i: the sites of holes 9 and 16
GEO = P_RESERVE + 4
T0 = GEO + G_TRACKS  # the track of (kind, player) is at T0 + (2 * kind + player) * TRACK_SLOT
T_FULL = T0 + 2 * TRACK_SLOT  # + player * TRACK_SLOT: the released track, positions = hole numbers - 1
P_START = T0 + 4 * TRACK_SLOT  # + position: the counts of holes 1-16 at the start

# Layout of the state: the board (32 sites), then these fields.
F = SITES
MOVES = F + 0  # moves in Ludii's sense: laps taken up from a hole, and decisions that are not laps
LAPS = F + 1  # sowing laps, re-sowings included
SIDE = F + 2  # + player: counters in the player's sixteen holes
SNAPSHOT = F + 4  # what a run of laps changes: the board and the four values above
TO_MOVE = F + 4
STATUS = F + 5
TURNS = F + 6
PHASE = F + 7
RELAY = F + 8  # PHASE_CHOICE: the corner where the last lap ended
KIND = F + 9  # PHASE_START: the kind of lap the listed starts sow
TURN_START = F + 10  # the site the turn started from
RELEASED_FLAG = F + 11  # + player: 1 once released (release-permanent = permanent)
PASSES = F + 13
WINNER = F + 14
COVER = F + 15  # + player: the player's holes occupied at some point (bit mask of positions)
FIRST = F + 17  # the player who moved first: 0 or 1
N_LEGAL = F + 18
LEGAL = F + 19
STATE_SIZE = LEGAL + HOLES + 2

PHASE_START = 0  # the start of a turn
PHASE_CHOICE = 1  # per-turn release: a restricted or a released lap from a corner

# What a run of laps came to (besides engine.machine's RUN_ENDLESS and RUN_OUT_OF_LAPS).
MOVE_DONE = 0
MOVE_CHOICE = 1  # the player chooses the kind of the next lap
MOVE_GAME_OVER = 2  # the opponent has no counters left (end = capture-all)

# The events of a traced move (engine.machine.log_event), each with the board after it.
LOG_LAP = 1  # a = hole taken up, b = counters, c = landing site (a released lap: LOG_LAP_FULL)
LOG_LAP_FULL = 2
LOG_CAPTURE = 3  # a = site, b = counters, c = player
LOG_RESOW = 4  # a = the site after which the re-sowing starts, b = counters, c = landing site
LOG_PASS = 5


@njit(cache=True, inline="always")
def side_total(st, p):
    """Counters in player ``p``'s sixteen holes (kept up to date at every capture)."""
    return st[idx(SIDE + p)]


@njit(cache=True, inline="always")
def middle_has_two(st, par, p):
    """True if one of player ``p``'s middle holes holds two or more counters."""
    at = P_MIDDLE + len(MIDDLE) * p
    for i in range(len(MIDDLE)):
        if st[idx(par[idx(at + i)])] > 1:
            return True
    return False


@njit(cache=True, inline="always")
def restricted(st, par, p):
    """True if player ``p`` is restricted: not yet released (permanent), or (per-turn) their next
    turn would start from a middle hole."""
    if par[S_PERMANENT] == PER_TURN:
        return middle_has_two(st, par, p)
    return st[idx(RELEASED_FLAG + p)] == 0


@njit(cache=True, inline="always")
def laps(st, par, table, origin, kind, lap_cap, logged, log):
    """Sow the laps of one run from the site ``origin`` (laps of ``kind``), at most ``lap_cap``.

    A lap ending in H: if H holds two or more, is in the mover's inner row and both opposite
    holes are occupied (and the capture is allowed), both are taken and sown again from the hole
    after the re-sowing origin, skipping as the lap did; then the turn ends, or the re-sowing is
    treated as a lap (after-resow = relay). A lap or re-sowing that comes round to the hole it
    sows after sows it too, or passes over it (long-lap = skip-origin). Otherwise, if H holds two
    or more, the next lap starts from H (under per-turn release, a corner with no middle hole holding two: MOVE_CHOICE);
    otherwise the turn ends. With ``logged``, a lap about to start from a (hole, kind, board)
    configuration already seen in this run proves it endless; without, the run's snapshot is taken
    first (engine.machine.run_laps).
    """
    mover = st[TO_MOVE]
    opp = 1 - mover
    t = T0 + (2 * kind + mover) * TRACK_SLOT
    per_turn = par[S_PERMANENT] == PER_TURN
    guard_corners = par[S_CAPTURE] == IN_USE_HOLES
    resow_relay = par[S_AFTER] == RESOW_RELAY
    from_turn_start = par[S_RESOW] == MOVE_START
    capture_all = par[S_END] != CANNOT_MOVE
    into_origin = par[S_LONG_LAP] != SKIP_ORIGIN
    choose = per_turn and par[S_SOWING] != START_ONLY
    if logged:
        seen_before(table, origin + kind * SITES, st)
    else:
        begin_move(table, st, SNAPSHOT)
    n = 0
    resowings = 0
    cover = 0
    while True:
        count = st[idx(origin)]
        st[idx(origin)] = 0
        last = sow(st, par, t, origin, count, into_origin)
        n += 1
        cover |= fourrow.lap_cover(par, GEO, kind, mover, origin, count, last)
        landed = par[idx(t + TRACK_HOLES + last)]
        if log[0] >= 0:
            machine.log_event(log, st, SITES, LOG_LAP + kind, origin, count, landed)
        resow_from = st[TURN_START] if from_turn_start else origin
        while st[idx(landed)] > 1 and par[idx(GEO + G_INNER + landed)] != 0:
            inner = par[idx(GEO + G_OPPOSITE + landed)]
            outer = par[idx(GEO + G_OPPOSITE_OUTER + landed)]
            if st[idx(inner)] == 0 or st[idx(outer)] == 0:
                break
            if guard_corners and par[idx(P_CORNER + landed)] != 0 and restricted(st, par, opp):
                break
            taken = st[idx(inner)] + st[idx(outer)]
            if log[0] >= 0:
                a = st[outer]
                st[outer] = 0
                machine.log_event(log, st, SITES, LOG_CAPTURE, outer, a, mover)
                a = st[inner]
                st[inner] = 0
                machine.log_event(log, st, SITES, LOG_CAPTURE, inner, a, mover)
            st[idx(inner)] = 0
            st[idx(outer)] = 0
            st[idx(SIDE + mover)] += taken
            st[idx(SIDE + opp)] -= taken
            last = sow(st, par, t, resow_from, taken, into_origin)
            resowings += 1
            cover |= fourrow.lap_cover(par, GEO, kind, mover, resow_from, taken, last)
            landed = par[idx(t + TRACK_HOLES + last)]
            if log[0] >= 0:
                machine.log_event(log, st, SITES, LOG_RESOW, resow_from, taken, landed)
            if (capture_all and st[idx(SIDE + opp)] == 0) or not resow_relay:
                break
        if capture_all and st[idx(SIDE + opp)] == 0:
            outcome = MOVE_GAME_OVER
            break
        if st[idx(landed)] < 2 or (resowings > 0 and not resow_relay):
            outcome = MOVE_DONE
            break
        if choose:
            if par[idx(P_CORNER + landed)] != 0 and not middle_has_two(st, par, mover):
                st[RELAY] = landed
                outcome = MOVE_CHOICE
                break
            if kind != RESTRICTED_LAP:
                kind = RESTRICTED_LAP
                t = T0 + mover * TRACK_SLOT
        if logged and seen_before(table, landed + kind * SITES, st):
            outcome = RUN_ENDLESS
            break
        if n >= lap_cap:
            outcome = RUN_OUT_OF_LAPS
            break
        origin = landed
    st[MOVES] += n
    st[LAPS] += n + resowings
    st[idx(COVER + mover)] |= cover
    return outcome


@njit(cache=True)
def replay_logged(st, par, table, origin, kind, quick, lap_budget, log):
    """The slow pass of a long run: from the snapshot, every configuration logged (out of line:
    few runs get here)."""
    restore(table, st, SNAPSHOT)
    return laps(st, par, table, origin, kind, lap_budget, True, log)


@njit(cache=True)
def probe_endless(st, par, table, scratch, origin, kind, lap_budget, log):
    """Whether the run from ``origin`` is endless, probed as the move would play it: a move at the
    start of a turn starts the turn there (re-sowing from the move's start reads it)."""
    turn_start = st[TURN_START]
    if st[PHASE] == PHASE_START:
        st[TURN_START] = origin
    endless = machine.probe(laps, replay_logged, STATE_SIZE, st, par, table, scratch, origin, kind, lap_budget, log)
    st[TURN_START] = turn_start
    return endless


@njit(cache=True, inline="always")
def move_site(par, move):
    """The site a hole's move names (a released lap's move too)."""
    p = move // PLAYER_MOVES
    pos = move - p * PLAYER_MOVES
    if pos >= RELEASED:
        pos -= RELEASED
    return par[idx(T_FULL + p * TRACK_SLOT + TRACK_HOLES + pos)]


@njit(cache=True, inline="always")
def run_of(st, par, m):
    """The site and the kind of lap a move sows from (a released lap's move: a released lap)."""
    if st[PHASE] == PHASE_CHOICE:
        kind = RELEASED_LAP if m - (m // PLAYER_MOVES) * PLAYER_MOVES >= RELEASED else RESTRICTED_LAP
    else:
        kind = st[KIND]
    return move_site(par, m), kind


@njit(cache=True, inline="always")
def move_at(st, par, k):
    """The k-th legal move (they are listed in ascending order)."""
    return st[LEGAL + k]


@njit(cache=True, inline="always")
def list_starts(st, par):
    """The holes the player to move may start the turn from, and the kind of their laps."""
    p = st[TO_MOVE]
    base = p * PLAYER_MOVES
    n = 0
    releasing = False
    if par[S_PERMANENT] == PER_TURN or st[idx(RELEASED_FLAG + p)] == 0:
        at = P_MIDDLE + len(MIDDLE) * p
        for i in range(len(MIDDLE)):
            site = par[idx(at + i)]
            st[idx(LEGAL + n)] = base + par[idx(GEO + G_POSITION + site)]
            n += st[idx(site)] > 1
        if n > 0:
            st[KIND] = RESTRICTED_LAP
            return n
        if par[S_PERMANENT] != PER_TURN:
            st[idx(RELEASED_FLAG + p)] = 1  # released for good
        releasing = True
    st[KIND] = RELEASED_LAP
    if releasing and par[S_RELEASE] == RESERVE_HOLES:
        at = P_RESERVE + 2 * p
        for i in range(2):
            site = par[idx(at + i)]
            st[idx(LEGAL + n)] = base + par[idx(GEO + G_POSITION + site)]
            n += st[idx(site)] > 1
        return n
    holes = T_FULL + p * TRACK_SLOT + TRACK_HOLES
    for pos in range(HOLES):
        st[idx(LEGAL + n)] = base + pos
        n += st[idx(par[idx(holes + pos)])] > 1
    return n


@njit(cache=True, inline="always")
def end_turn(st):
    st[TURNS] += 1
    st[TO_MOVE] = 1 - st[TO_MOVE]
    st[PHASE] = PHASE_START


@njit(cache=True, inline="always")
def settle(st, par, table, scratch, turn_limit, move_limit, log):
    """Between decisions: end the game by its rules or a limit, or list the decision's legal moves."""
    st[N_LEGAL] = 0
    p = st[TO_MOVE]
    if st[PHASE] == PHASE_CHOICE:
        relay = p * PLAYER_MOVES + par[GEO + G_POSITION + st[RELAY]]
        st[LEGAL] = relay
        st[LEGAL + 1] = relay + RELEASED
        n = 2
    else:
        if par[S_END] != CANNOT_MOVE and side_total(st, p) == 0:
            machine.game_over(st, 2 - p, STATUS, WINNER, N_LEGAL)
            return
        n = list_starts(st, par)
    if n > 0 and par[S_ENDLESS] == ILLEGAL:
        n = machine.drop_endless(probe_endless, run_of, st, par, table, scratch, LEGAL, n, move_limit - st[MOVES], log)
    if n == 0:
        if par[S_END] == CANNOT_MOVE:
            if st[TURNS] >= turn_limit or st[MOVES] >= move_limit:
                # Ludii reaches the loss only after the forced pass, past the limit: the game is unfinished
                if st[PHASE] != PHASE_START:
                    st[TURNS] += 1  # the turn cut short counts as played (statement counting)
                st[STATUS] = UNFINISHED
                return
            st[TURNS] += 1  # Ludii's forced pass before the loss: one turn, one move
            st[MOVES] += 1
            machine.game_over(st, 2 - p, STATUS, WINNER, N_LEGAL)
            return
        if par[S_NO_MOVE] == NO_MOVE_LOSE:  # capture-all: a stuck player loses (else passes)
            machine.game_over(st, 2 - p, STATUS, WINNER, N_LEGAL)
            return
        st[LEGAL] = PASS
        n = 1
    st[N_LEGAL] = n
    if st[MOVES] >= move_limit or (st[PHASE] == PHASE_START and st[TURNS] >= turn_limit):
        if st[PHASE] != PHASE_START:
            st[TURNS] += 1  # the turn the move limit cuts short counts as played (statement counting)
        st[N_LEGAL] = 0
        st[STATUS] = UNFINISHED


@njit(cache=True, inline="always")
def init_state(st, par, table, scratch, rng, seed, turn_limit, move_limit, log):
    """Beaton's layout on both sides; player 1 moves first, or the player drawn by lot."""
    for i in range(STATE_SIZE):
        st[i] = 0
    for p in range(2):
        for pos in range(HOLES):
            st[par[T_FULL + p * TRACK_SLOT + TRACK_HOLES + pos]] = par[P_START + pos]
            st[SIDE + p] += par[P_START + pos]
            if par[P_START + pos] > 0:
                st[COVER + p] |= 1 << pos
    first_player(st, rng, seed, par[S_FIRST] == FIRST_LOT, TO_MOVE, FIRST)
    settle(st, par, table, scratch, turn_limit, move_limit, log)


@njit(cache=True, inline="always")
def apply_move(st, par, table, scratch, move, turn_limit, move_limit, log):
    """Play a legal move (the caller checked it) and settle the game."""
    p = st[TO_MOVE]
    if move == PASS:
        if play_pass(st, log, SITES, LOG_PASS, PASSES, MOVES, TURNS, STATUS, WINNER, N_LEGAL, TO_MOVE):
            return
        end_turn(st)
    else:
        site = move_site(par, move)
        if st[PHASE] == PHASE_CHOICE:
            kind = RELEASED_LAP if move - p * PLAYER_MOVES >= RELEASED else RESTRICTED_LAP
        else:
            kind = st[KIND]
            st[TURN_START] = site
            st[PASSES] = 0
        outcome = machine.run_laps(laps, replay_logged, st, par, table, site, kind, move_limit - st[MOVES], log)
        if outcome == MOVE_DONE:
            end_turn(st)
        elif outcome == MOVE_CHOICE:
            st[PHASE] = PHASE_CHOICE
        elif outcome == MOVE_GAME_OVER:
            st[TURNS] += 1
            machine.game_over(st, p + 1, STATUS, WINNER, N_LEGAL)
            return
        else:
            st[TURNS] += 1
            machine.stop_run(st, outcome, STATUS, N_LEGAL)
            return
    settle(st, par, table, scratch, turn_limit, move_limit, log)


@njit(cache=True, inline="always")
def finish(st, par, row):
    """1 for the winner, 0 otherwise (the game is won by a rule, not by counting)."""
    machine.won_by_rule(row, st[STATUS], st[WINNER], st[TURNS], st[MOVES], st[FIRST] + 1,
                        popcount(st[COVER]) + popcount(st[COVER + 1]), SITES, st[LAPS])


@njit(cache=True)
def run(op, par, table, start, st, scratch, rng, log, seed, games, move, turn_limit, move_limit, tree, out):
    """The one compiled entry point (engine.machine.drive over this module's kernels)."""
    machine.drive(init_state, apply_move, settle, move_at, finish, STATUS, N_LEGAL, TO_MOVE, op, par, table, start,
                  st, scratch, rng, log, seed, games, move, turn_limit, move_limit, tree, out)
