"""Tsoro (Additional Capture) (Zimbabwe; 4 x 6-21 holes, 2 counters in each outer hole): every
disputed point as a switch.

Each player sows anticlockwise round their own two rows (engine.mancala.fourrow: holes ``a1 ..
a2N`` of player 1 and ``b1 .. b2N`` of player 2, numbered along the track from the leftmost outer
hole). A move starts from a hole with two or more counters if the player has one; otherwise from
a single counter whose next hole is empty. A lap whose last counter lands in an occupied hole
relays from it (a lap of 2N or more also sows its own starting hole). A lap ending in an empty
hole of the player's inner row takes the opponent's inner hole in that column, if it holds
counters, and then the outer hole behind it; the player then takes the whole contents of a
number of further opponent holes, each one its own decision (one hole per move, the same player
to move again). The switches decide the board's width, the number of extra captures, special
holes (heads where a lap may stop; misoro safe from the extra captures), the end of the game,
whether a single counter captures, what a player with no move does, endless moves, and who
starts (first-player: player 1, or a lot drawn from the game's seed; no source says).

The game is decided by a rule, not by counting: a player's score is 1 for a win and 0 otherwise
(captures are on the board, ``board()["captures"]``).

Moves are ints (engine.mancala.fourrow): a hole ``100 * player + position`` (a start, a relay at a
head, an extra capture of an opponent's hole, a misoro choice), ``PASS``, ``STOP``. The rules are
compiled kernels over an int64 state array: the board (4N sites) first, then the fields below at a
constant offset; they are handed to the shared machinery (engine.machine: one compiled entry
point, two-pass endless detection; here the quick pass writes down its laps and undoes them
instead of taking a snapshot first).

``moves`` are Ludii's moves: every lap, extra capture, pass, stop and misoro choice; a turn is
everything one player does before the other moves (a misoro choice is a turn of its own, as the
players alternate). A capture-all game ends as soon as a capture takes the opponent's last counter,
extra captures still due or not.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from numba import njit

from engine import machine
from engine.game import Limits
from engine.machine import RUN_ENDLESS, RUN_OUT_OF_LAPS, TRUNCATED, KernelRules, Params, popcount
from engine.mancala import fourrow
from engine.mancala.fourrow import (
    G_INNER, G_OPPOSITE, G_OPPOSITE_OUTER, PASS, PLAYER_MOVES, STOP, TRACK_SLOT, G_TRACKS,
)
from engine.mancala.sowing import TRACK_HOLES, idx, sow, unsow
from engine.repetition import QUICK_LAPS, begin_move, new_table, seen_before
from engine.result import ONGOING, OVER, UNFINISHED
from engine.rng import LOT_STREAM, rng_below, rng_init
from engine.switches import Switch, option_slot, switch_slot

GAME_ID = "tsoro-additional-capture"
NAME = "Tsoro (Additional Capture)"
WIDTHS = tuple(range(6, 22))
START_COUNT = 2

SWITCHES: tuple[Switch, ...] = (
    Switch("tsoro-additional-capture.holes", tuple(str(n) for n in WIDTHS), "8"),
    Switch("tsoro-additional-capture.extra-captures", ("1", "2", "3"), "2"),
    Switch("tsoro-additional-capture.heads", ("none", "stop-hole", "immune"), "none"),
    Switch("tsoro-additional-capture.end", ("capture-all", "cannot-move"), "capture-all"),
    Switch("tsoro-additional-capture.singleton-capture", ("yes", "no"), "yes"),
    Switch("tsoro-additional-capture.no-move", ("pass", "lose"), "pass"),
    machine.endless_switch("tsoro-additional-capture"),
    Switch("tsoro-additional-capture.first-player", ("player-1", "lot"), "player-1"),
)

S_HOLES = switch_slot(SWITCHES, "tsoro-additional-capture.holes")
S_EXTRA = switch_slot(SWITCHES, "tsoro-additional-capture.extra-captures")
S_HEADS = switch_slot(SWITCHES, "tsoro-additional-capture.heads")
STOP_HOLE = option_slot(SWITCHES, "tsoro-additional-capture.heads", "stop-hole")
IMMUNE = option_slot(SWITCHES, "tsoro-additional-capture.heads", "immune")
S_END = switch_slot(SWITCHES, "tsoro-additional-capture.end")
CANNOT_MOVE = option_slot(SWITCHES, "tsoro-additional-capture.end", "cannot-move")
S_SINGLETON = switch_slot(SWITCHES, "tsoro-additional-capture.singleton-capture")
SINGLETON_NO = option_slot(SWITCHES, "tsoro-additional-capture.singleton-capture", "no")
S_NO_MOVE = switch_slot(SWITCHES, "tsoro-additional-capture.no-move")
NO_MOVE_LOSE = option_slot(SWITCHES, "tsoro-additional-capture.no-move", "lose")
S_ENDLESS = switch_slot(SWITCHES, "tsoro-additional-capture.endless")
ILLEGAL = option_slot(SWITCHES, "tsoro-additional-capture.endless", "illegal")
S_FIRST = switch_slot(SWITCHES, "tsoro-additional-capture.first-player")
FIRST_LOT = option_slot(SWITCHES, "tsoro-additional-capture.first-player", "lot")

# Layout of the parameter array: switch option indices, derived values, the geometry block.
P_SITES = len(SWITCHES)  # 4N: the board's sites, and where the state's fields begin
P_LENGTH = P_SITES + 1  # 2N: holes per player
P_PER_ROW = P_SITES + 2  # N
P_EXTRA = P_SITES + 3  # extra captures after a column capture
P_STOP = P_SITES + 4  # + player: positions where a lap may stop (bit mask; heads = stop-hole)
GEO = 16
T0 = GEO + G_TRACKS  # player p's track block is at T0 + p * TRACK_SLOT

# Layout of the state: the board (4N sites, room for the widest board), then these fields at
# constant offsets (so that the kernels' accesses to them need no arithmetic at run time).
F = fourrow.MAX_SITES
MOVES = F + 0  # moves in Ludii's sense: laps and decisions that are not laps
LAPS = F + 1  # sowing laps
STORE = F + 2  # + player: counters captured
TO_MOVE = F + 4  # 0 or 1
STATUS = F + 5
TURNS = F + 6
PHASE = F + 7  # what the player to move decides (below)
PENDING = F + 8  # extra captures still to take this turn
RELAY = F + 9  # the site of a head or misoro where a lap ended (PHASE_STOP)
PASSES = F + 10  # passes in a row
MISORO = F + 11  # + player: the player's misoro, a bit mask of positions
CHOSEN = F + 13  # misoro chosen so far
WINNER = F + 14  # 0, 1 or 2
SIDE = F + 15  # + player: counters in the player's two rows
COVER = F + 17  # + player: the player's holes occupied at some point (bit mask of positions)
PER_ROW = F + 19  # N (for the Python side, which reads states without the parameters)
FIRST = F + 20  # the player who moved first: 0 or 1
N_LEGAL = F + 21
LEGAL = F + 22
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
def laps(st, par, table, origin, kind, lap_cap, logged, log):
    """Sow the laps of one run from the site ``origin``, at most ``lap_cap`` laps.

    A lap ending in an occupied hole relays from it, unless the hole is one where the mover may
    stop (MOVE_STOP); a lap ending in an empty inner hole captures the opposite inner hole if it
    holds counters, then the opposite outer hole if it does (MOVE_CAPTURED); any other empty
    landing ends the turn (MOVE_DONE). With ``logged``, a lap about to start from a (hole,
    board) configuration already seen in this run proves it endless (RUN_ENDLESS); without, each
    lap is written down (hole, counters) so that the run can be undone (replay_logged). One kind
    of lap: ``kind`` is not used.
    """
    mover = st[TO_MOVE]
    t = T0 + mover * TRACK_SLOT
    holes = t + TRACK_HOLES
    may_stop = par[idx(P_STOP + mover)] | st[idx(MISORO + mover)]
    no_capture = st[idx(origin)] == 1 and par[S_SINGLETON] == SINGLETON_NO
    if logged:
        seen_before(table, origin, st)
    n = 0
    cover = 0
    while True:
        count = st[idx(origin)]
        st[idx(origin)] = 0
        if not logged:
            st[idx(UNDO + 2 * n)] = origin
            st[idx(UNDO + 2 * n + 1)] = count
        last = sow(st, par, t, origin, count, True)
        n += 1
        cover |= fourrow.lap_cover(par, GEO, 0, mover, origin, count, last)
        landed = par[idx(holes + last)]
        if log[0] >= 0:
            machine.log_event(log, st, LOGGED, LOG_LAP, origin, count, landed)
        if st[idx(landed)] > 1:
            if (may_stop >> last) & 1:
                st[RELAY] = landed
                outcome = MOVE_STOP
                break
            if logged and seen_before(table, landed, st):
                outcome = RUN_ENDLESS
                break
            if n >= lap_cap:
                outcome = RUN_OUT_OF_LAPS
                break
            origin = landed
            continue
        outcome = MOVE_DONE
        if par[idx(GEO + G_INNER + landed)] != 0 and not no_capture:
            inner = par[idx(GEO + G_OPPOSITE + landed)]
            taken = st[idx(inner)]
            if taken > 0:
                outcome = MOVE_CAPTURED
                st[idx(inner)] = 0
                st[idx(STORE + mover)] += taken
                st[idx(SIDE + 1 - mover)] -= taken
                if log[0] >= 0:
                    machine.log_event(log, st, LOGGED, LOG_CAPTURE, inner, taken, mover)
                outer = par[idx(GEO + G_OPPOSITE_OUTER + landed)]
                taken = st[idx(outer)]
                if taken > 0:
                    st[idx(outer)] = 0
                    st[idx(STORE + mover)] += taken
                    st[idx(SIDE + 1 - mover)] -= taken
                    if log[0] >= 0:
                        machine.log_event(log, st, LOGGED, LOG_CAPTURE, outer, taken, mover)
        break
    st[MOVES] += n
    st[LAPS] += n
    st[idx(COVER + mover)] |= cover
    return outcome


@njit(cache=True)
def replay_logged(st, par, table, origin, kind, quick, lap_budget, log):
    """The slow pass of a long run (out of line: few runs get here): undo the ``quick`` laps of the
    quick pass, then play the run again with every configuration logged."""
    t = T0 + st[TO_MOVE] * TRACK_SLOT
    for i in range(quick - 1, -1, -1):
        unsow(st, par, t, st[UNDO + 2 * i], st[UNDO + 2 * i + 1], True)
    st[MOVES] -= quick
    st[LAPS] -= quick
    begin_move(table, st, par[P_SITES])  # a new log (the table's snapshot is not used)
    return laps(st, par, table, origin, kind, lap_budget, True, log)


@njit(cache=True)
def probe_endless(st, par, table, scratch, origin, kind, lap_budget, log):
    return machine.probe(laps, replay_logged, LEGAL, st, par, table, scratch, origin, kind, lap_budget, log)


@njit(cache=True, inline="always")
def run_of(st, par, m):
    """The site a move sows from (a start, a relay), or -1 (a pass, a stop)."""
    if m >= PASS:
        return -1, 0
    p = m // PLAYER_MOVES
    return par[T0 + p * TRACK_SLOT + TRACK_HOLES + m - p * PLAYER_MOVES], 0


@njit(cache=True, inline="always")
def move_at(st, k):
    """The k-th legal move (they are listed in ascending order)."""
    return st[LEGAL + k]


@njit(cache=True, inline="always")
def list_starts(st, par):
    """The holes the player to move may start from, in st[LEGAL:] (branch-free); their number."""
    p = st[TO_MOVE]
    length = par[P_LENGTH]
    holes = T0 + p * TRACK_SLOT + TRACK_HOLES
    base = p * PLAYER_MOVES
    n = 0
    for pos in range(length):
        st[idx(LEGAL + n)] = base + pos
        n += st[idx(par[idx(holes + pos)])] > 1
    if n == 0:  # no hole holds two: a single counter may move, into an empty hole only
        for pos in range(length):
            nxt = pos + 1 if pos + 1 < length else 0
            st[idx(LEGAL + n)] = base + pos
            n += (st[idx(par[idx(holes + pos)])] == 1) & (st[idx(par[idx(holes + nxt)])] == 0)
    return n


@njit(cache=True, inline="always")
def list_targets(st, par):
    """The opponent's holes an extra capture may take (non-empty, not misoro); their number."""
    q = 1 - st[TO_MOVE]
    length = par[P_LENGTH]
    holes = T0 + q * TRACK_SLOT + TRACK_HOLES
    safe = st[idx(MISORO + q)]
    base = q * PLAYER_MOVES
    n = 0
    for pos in range(length):
        st[idx(LEGAL + n)] = base + pos
        n += (st[idx(par[idx(holes + pos)])] > 0) & (((safe >> pos) & 1) == 0)
    return n


@njit(cache=True, inline="always")
def end_turn(st):
    st[TURNS] += 1
    st[TO_MOVE] = 1 - st[TO_MOVE]
    st[PENDING] = 0
    if st[PHASE] == PHASE_SETUP and st[CHOSEN] < 2 * MISORO_EACH:
        return
    st[PHASE] = PHASE_START


@njit(cache=True, inline="always")
def settle(st, par, table, scratch, turn_limit, move_limit, log):
    """Between decisions: end the game by its rules or a limit, or list the decision's legal moves."""
    st[N_LEGAL] = 0
    phase = st[PHASE]
    if phase == PHASE_EXTRA:
        n = list_targets(st, par)
        if n > 0:
            st[N_LEGAL] = n
            if st[MOVES] >= move_limit:
                st[N_LEGAL] = 0
                st[STATUS] = UNFINISHED
            return
        end_turn(st)  # nothing left to take: the turn ends
        phase = st[PHASE]
    elif phase == PHASE_STOP:
        p = st[TO_MOVE]
        st[LEGAL] = p * PLAYER_MOVES + par[GEO + fourrow.G_POSITION + st[RELAY]]
        st[LEGAL + 1] = STOP
        n = 2
        if par[S_ENDLESS] == ILLEGAL:
            n = machine.drop_endless(probe_endless, run_of, st, par, table, scratch, LEGAL, n,
                                     move_limit - st[MOVES], log)
        st[N_LEGAL] = n
        if st[MOVES] >= move_limit:
            st[N_LEGAL] = 0
            st[STATUS] = UNFINISHED
        return
    p = st[TO_MOVE]
    if phase == PHASE_SETUP:
        chosen = st[MISORO + p]
        n = 0
        for pos in range(par[P_PER_ROW]):
            if not (chosen >> pos) & 1:
                st[LEGAL + n] = p * PLAYER_MOVES + pos
                n += 1
        st[N_LEGAL] = n
    else:
        if par[S_END] != CANNOT_MOVE and st[idx(SIDE + p)] == 0:
            machine.game_over(st, 2 - p, STATUS, WINNER, N_LEGAL)
            return
        n = list_starts(st, par)
        if n > 0 and par[S_ENDLESS] == ILLEGAL:
            n = machine.drop_endless(probe_endless, run_of, st, par, table, scratch, LEGAL, n,
                                     move_limit - st[MOVES], log)
        if n == 0:
            if par[S_END] == CANNOT_MOVE or par[S_NO_MOVE] == NO_MOVE_LOSE:
                machine.game_over(st, 2 - p, STATUS, WINNER, N_LEGAL)
                return
            st[LEGAL] = PASS
            n = 1
        st[N_LEGAL] = n
    if st[MOVES] >= move_limit or st[TURNS] >= turn_limit:
        st[N_LEGAL] = 0
        st[STATUS] = UNFINISHED


@njit(cache=True, inline="always")
def init_state(st, par, table, scratch, rng, seed, turn_limit, move_limit, log):
    """The start: two counters in every outer hole; player 1 (or the player drawn by lot) moves, or
    chooses a misoro, first."""
    n = par[P_PER_ROW]
    for i in range(4 * n):
        st[i] = 0
    for i in range(F, LEGAL):
        st[i] = 0
    for c in range(n):
        st[c] = START_COUNT
        st[3 * n + c] = START_COUNT
    st[PER_ROW] = n
    st[SIDE] = n * START_COUNT
    st[SIDE + 1] = n * START_COUNT
    st[COVER] = (1 << n) - 1  # the outer rows: holes 1..N
    st[COVER + 1] = (1 << n) - 1
    if par[S_HEADS] == IMMUNE:
        st[PHASE] = PHASE_SETUP
    if par[S_FIRST] == FIRST_LOT:  # the game's own stream of the seed, as tauru and tap_urdy draw it
        rng_init(rng, np.uint64(seed), np.uint64(LOT_STREAM))
        st[TO_MOVE] = rng_below(rng, 2)
    st[FIRST] = st[TO_MOVE]
    settle(st, par, table, scratch, turn_limit, move_limit, log)


@njit(cache=True, inline="always")
def apply_move(st, par, table, scratch, move, turn_limit, move_limit, log):
    """Play a legal move (the caller checked it) and settle the game."""
    p = st[TO_MOVE]
    phase = st[PHASE]
    if move == PASS:
        if log[0] >= 0:
            machine.log_event(log, st, LOGGED, LOG_PASS, -1, 0, p)
        if machine.second_pass(st, PASSES, MOVES, TURNS, STATUS, WINNER, N_LEGAL):
            return
        end_turn(st)
    elif move == STOP:
        st[MOVES] += 1
        if log[0] >= 0:
            machine.log_event(log, st, LOGGED, LOG_STOP, st[RELAY], 0, p)
        end_turn(st)
    else:
        q = move // PLAYER_MOVES
        pos = move - q * PLAYER_MOVES
        site = par[idx(T0 + q * TRACK_SLOT + TRACK_HOLES + pos)]
        if phase == PHASE_SETUP:
            st[idx(MISORO + p)] |= 1 << pos
            st[CHOSEN] += 1
            st[MOVES] += 1
            if log[0] >= 0:
                machine.log_event(log, st, LOGGED, LOG_MISORO, site, 0, p)
            end_turn(st)
        elif phase == PHASE_EXTRA:
            taken = st[idx(site)]
            st[idx(site)] = 0
            st[idx(STORE + p)] += taken
            st[idx(SIDE + 1 - p)] -= taken
            st[MOVES] += 1
            st[PENDING] -= 1
            if log[0] >= 0:
                machine.log_event(log, st, LOGGED, LOG_EXTRA, site, taken, p)
            if par[S_END] != CANNOT_MOVE and st[idx(SIDE + 1 - p)] == 0:
                st[TURNS] += 1
                machine.game_over(st, p + 1, STATUS, WINNER, N_LEGAL)
                return
            if st[PENDING] == 0:
                end_turn(st)
        else:  # a sowing move: a start, or a relay from a head or misoro
            st[PASSES] = 0
            outcome = machine.run_laps(laps, replay_logged, st, par, table, site, 0, move_limit - st[MOVES], log)
            if outcome == MOVE_DONE:
                end_turn(st)
            elif outcome == MOVE_CAPTURED:
                if par[S_END] != CANNOT_MOVE and st[idx(SIDE + 1 - p)] == 0:
                    st[TURNS] += 1
                    machine.game_over(st, p + 1, STATUS, WINNER, N_LEGAL)
                    return
                st[PHASE] = PHASE_EXTRA
                st[PENDING] = par[P_EXTRA]
            elif outcome == MOVE_STOP:
                st[PHASE] = PHASE_STOP
            else:
                st[TURNS] += 1
                machine.stop_run(st, outcome, STATUS, N_LEGAL)
                return
    settle(st, par, table, scratch, turn_limit, move_limit, log)


@njit(cache=True, inline="always")
def finish(st, par, row):
    """1 for the winner, 0 otherwise (the game is won by a rule, not by counting)."""
    machine.won_by_rule(row, st[STATUS], st[WINNER], st[TURNS], st[MOVES], st[FIRST] + 1,
                        popcount(st[COVER]) + popcount(st[COVER + 1]), par[P_SITES], st[LAPS])


@njit(cache=True)
def run(op, par, table, start, st, scratch, rng, log, seed, games, move, turn_limit, move_limit, tree, out):
    """The one compiled entry point (engine.machine.drive over this module's kernels)."""
    machine.drive(init_state, apply_move, settle, move_at, finish, STATUS, N_LEGAL, TO_MOVE, op, par, table, start,
                  st, scratch, rng, log, seed, games, move, turn_limit, move_limit, tree, out)


def _per_row(st: np.ndarray) -> int:
    return int(st[PER_ROW])


class Tsoro(KernelRules):
    """The engine's Tsoro (Additional Capture)."""

    id, name, switches, machine = GAME_ID, NAME, SWITCHES, staticmethod(run)
    STATUS, TO_MOVE, N_LEGAL, LEGAL = STATUS, TO_MOVE, N_LEGAL, LEGAL

    def build(self, values: Mapping[str, str], limits: Limits) -> Params:
        sw = self.option_indices(values)
        n = int(values["tsoro-additional-capture.holes"])
        head = 1 << (n - 1) if sw[S_HEADS] == STOP_HOLE else 0  # the rightmost outer hole: position N-1
        header = sw + [4 * n, 2 * n, n, int(values["tsoro-additional-capture.extra-captures"]), head, head]
        header += [0] * (GEO - len(header))
        par = np.concatenate([np.array(header, dtype=np.int64), fourrow.geometry(n)])
        return Params(par=par, state_size=STATE_SIZE, limits=limits, values=dict(values),
                      table=new_table(4 * n, int(limits.moves) + 2, 4 * n),
                      scratch=np.zeros(STATE_SIZE, dtype=np.int64), extra={"per_row": n})

    def position(self, params: Params, spec: Mapping[str, Any]) -> np.ndarray:
        """``{"a": [2N counts, holes a1..], "b": [...], "captures": [p1, p2], "to_move": 1 | 2}`` and,
        optionally, ``"misoro": {"a": [holes], "b": [holes]}`` (heads = immune; fewer than two each:
        the choosing goes on), ``"extra_captures": k`` (the player to move still takes k holes),
        ``"stop_at": hole`` (the player to move decides whether to relay from that head or misoro),
        ``"passes": 0 | 1``."""
        n = params.extra["per_row"]
        if not isinstance(spec, Mapping):
            raise ValueError(f"a position is a mapping, not {spec!r}")
        known = {"a", "b", "captures", "to_move", "misoro", "extra_captures", "stop_at", "passes"}
        unknown = set(spec) - known
        if unknown:
            raise ValueError(f"unknown position field(s) {sorted(unknown)}; fields: {', '.join(sorted(known))}")
        f = 4 * n
        st = np.zeros(STATE_SIZE, dtype=np.int64)
        st[:f] = fourrow.board_from_holes(n, spec)
        st[PER_ROW] = n
        caps = spec.get("captures", [0, 0])
        if not isinstance(caps, (list, tuple)) or len(caps) != 2 or any(
            isinstance(c, bool) or not isinstance(c, (int, np.integer)) or c < 0 for c in caps
        ):
            raise ValueError(f"position captures must be two non-negative integers, not {caps!r}")
        st[STORE], st[STORE + 1] = caps
        st[SIDE], st[SIDE + 1] = int(st[:2 * n].sum()), int(st[2 * n:f].sum())
        st[COVER], st[COVER + 1] = (fourrow.occupied_positions(n, st[:f], q) for q in (0, 1))
        to_move = spec.get("to_move", 1)
        if to_move not in (1, 2) or isinstance(to_move, bool):
            raise ValueError(f"position to_move must be 1 or 2, not {to_move!r}")
        p = to_move - 1
        st[TO_MOVE] = p
        immune = params.values["tsoro-additional-capture.heads"] == "immune"
        misoro = spec.get("misoro")
        if misoro is not None:
            if not immune:
                raise ValueError("position misoro: only with tsoro-additional-capture.heads = immune")
            if not isinstance(misoro, Mapping) or set(misoro) - {"a", "b"}:
                raise ValueError(f"position misoro must be {{'a': [holes], 'b': [holes]}}, not {misoro!r}")
            for q, key in enumerate(fourrow.ROW_LETTERS):
                holes = misoro.get(key, [])
                if not isinstance(holes, (list, tuple)) or len(holes) > MISORO_EACH or len(set(holes)) != len(holes):
                    raise ValueError(f"position misoro {key!r}: at most two different holes, not {holes!r}")
                for h in holes:
                    m = fourrow.parse_move(h, 2 * n) if isinstance(h, str) else -1
                    if m < 0 or m // PLAYER_MOVES != q or m % PLAYER_MOVES >= n:
                        raise ValueError(f"position misoro {key!r}: {h!r} is not a hole of {key}'s outer row ({key}1-{key}{n})")
                    st[MISORO + q] |= 1 << (m % PLAYER_MOVES)
                st[CHOSEN] += len(holes)
        phase = PHASE_START
        if immune and st[CHOSEN] < 2 * MISORO_EACH:
            phase = PHASE_SETUP
            counts = [bin(int(st[MISORO + q])).count("1") for q in (0, 1)]
            chooser = 0 if counts[0] == counts[1] else (1 if counts[0] == counts[1] + 1 else -1)
            if chooser != p:
                raise ValueError(f"position: misoro are chosen in turn, player 1 first; player {to_move} is not the one to choose")
        extra = spec.get("extra_captures", 0)
        if isinstance(extra, bool) or not isinstance(extra, (int, np.integer)) or extra < 0:
            raise ValueError(f"position extra_captures must be a non-negative integer, not {extra!r}")
        stop_at = spec.get("stop_at")
        if (extra or stop_at is not None) and phase == PHASE_SETUP:
            raise ValueError("position: no extra capture or stop while misoro are still being chosen")
        if extra and stop_at is not None:
            raise ValueError("position: extra_captures and stop_at cannot both be given")
        if extra:
            phase = PHASE_EXTRA
            st[PENDING] = extra
        if stop_at is not None:
            m = fourrow.parse_move(stop_at, 2 * n) if isinstance(stop_at, str) else -1
            pos = m % PLAYER_MOVES
            if m < 0 or m >= PASS or m // PLAYER_MOVES != p:
                raise ValueError(f"position stop_at must name a hole of the player to move, not {stop_at!r}")
            site = fourrow.site_of(n, p, pos)
            may_stop = int(params.par[P_STOP + p]) | int(st[MISORO + p])
            if not (may_stop >> pos) & 1 or st[site] < 2:
                raise ValueError(f"position stop_at {stop_at!r}: not a head or misoro of the player to move holding 2 or more")
            phase = PHASE_STOP
            st[RELAY] = site
        passes = spec.get("passes", 0)
        if passes not in (0, 1) or isinstance(passes, bool):
            raise ValueError(f"position passes must be 0 or 1, not {passes!r}")
        st[PASSES] = passes
        st[PHASE] = phase
        self.settle(params, st)
        return st

    def position_spec(self, st: np.ndarray) -> dict[str, Any]:
        n = _per_row(st)
        f = 4 * n
        spec: dict[str, Any] = dict(fourrow.counts_by_hole(n, st[:f]))
        spec["captures"] = [int(st[STORE]), int(st[STORE + 1])]
        spec["to_move"] = int(st[TO_MOVE]) + 1
        misoro = self._misoro(st)
        if misoro["a"] or misoro["b"]:
            spec["misoro"] = misoro
        if st[PHASE] == PHASE_EXTRA:
            spec["extra_captures"] = int(st[PENDING])
        if st[PHASE] == PHASE_STOP:
            spec["stop_at"] = fourrow.site_name(n, int(st[RELAY]))
        if st[PASSES]:
            spec["passes"] = int(st[PASSES])
        return spec

    def _misoro(self, st: np.ndarray) -> dict[str, list[str]]:
        n = _per_row(st)
        return {key: [fourrow.hole_name(q, pos) for pos in range(n) if (int(st[MISORO + q]) >> pos) & 1]
                for q, key in enumerate(fourrow.ROW_LETTERS)}

    def trace_move(self, params: Params, st: np.ndarray, move: int,
                   counts: np.ndarray | None = None) -> list[dict[str, Any]]:
        """Play ``move`` and return its laps, captures, passes, stops and misoro choices, each with
        the board after it."""
        n = params.extra["per_row"]
        mover = int(st[TO_MOVE]) + 1
        entries, truncated = self.logged_move(params, st, move, counts, LOGGED)
        misoro = self._misoro(st)  # only a misoro choice changes them, and it is a move of its own
        events: list[dict[str, Any]] = []
        for e in entries:
            kind = int(e[0])
            board = self._board(n, e[4:4 + 4 * n], [int(e[4 + STORE]), int(e[5 + STORE])], misoro)
            if kind == LOG_LAP:
                events.append({"kind": "lap", "from": fourrow.site_name(n, int(e[1])), "count": int(e[2]),
                               "last": fourrow.site_name(n, int(e[3])), "player": mover, "board": board})
            elif kind in (LOG_CAPTURE, LOG_EXTRA):
                ev = {"kind": "capture", "hole": fourrow.site_name(n, int(e[1])), "count": int(e[2]),
                      "player": int(e[3]) + 1, "board": board}
                if kind == LOG_EXTRA:
                    ev["extra"] = True
                events.append(ev)
            elif kind == LOG_STOP:
                events.append({"kind": "stop", "hole": fourrow.site_name(n, int(e[1])), "player": mover, "board": board})
            elif kind == LOG_PASS:
                events.append({"kind": "pass", "player": mover, "board": board})
            else:
                events.append({"kind": "misoro", "hole": fourrow.site_name(n, int(e[1])), "player": mover,
                               "board": board})
        return events + [dict(TRUNCATED)] if truncated else events

    def evaluate(self, params: Params, st: np.ndarray) -> float:
        """Counters on player 1's side minus player 2's; +-1000 once the game is won."""
        f = 4 * _per_row(st)
        if st[STATUS] == OVER:
            w = int(st[WINNER])
            return 0.0 if w == 0 else (1000.0 if w == 1 else -1000.0)
        half = f // 2
        return float(st[:half].sum() - st[half:f].sum())

    def move_to_text(self, move: int) -> str:
        return fourrow.move_name(move)

    def text_to_move(self, text: str) -> int:
        return fourrow.parse_move(text, fourrow.MAX_TRACK)

    def board(self, st: np.ndarray) -> dict[str, Any]:
        """Counts by hole (``a``, ``b``), captures, misoro (if chosen) and the holes for drawing
        (``sites``, engine.mancala.fourrow.board_sites)."""
        n = _per_row(st)
        return self._board(n, st[:4 * n], [int(st[STORE]), int(st[STORE + 1])], self._misoro(st))

    @staticmethod
    def _board(n: int, cells: np.ndarray, captures: list[int], misoro: dict[str, list[str]]) -> dict[str, Any]:
        out: dict[str, Any] = dict(fourrow.counts_by_hole(n, cells))
        out["captures"] = captures
        if misoro["a"] or misoro["b"]:
            out["misoro"] = misoro
        out["sites"] = fourrow.board_sites(n, cells)
        return out

    def render(self, params: Params, st: np.ndarray) -> str:
        n = _per_row(st)
        f = 4 * n
        to_move = None if st[STATUS] != ONGOING else int(st[TO_MOVE]) + 1
        marks: dict[int, str] = {}
        for q in (0, 1):
            safe = int(params.par[P_STOP + q]) | int(st[MISORO + q])
            for pos in range(n):
                if (safe >> pos) & 1:
                    marks[fourrow.site_of(n, q, pos)] = "*"
        notes = [f"{int(st[SIDE])} counters, captured {int(st[STORE])}",
                 f"{int(st[SIDE + 1])} counters, captured {int(st[STORE + 1])}"]
        footer = []
        heads = params.values["tsoro-additional-capture.heads"]
        if heads == "stop-hole":
            footer.append("* head: a lap ending there, occupied, may relay or stop")
        elif heads == "immune":
            footer.append("* misoro: safe from extra captures; a lap ending there may stop")
        phase = int(st[PHASE])
        if to_move is not None:
            if phase == PHASE_EXTRA:
                footer.append(f"player {to_move} takes {int(st[PENDING])} more opponent hole(s)")
            elif phase == PHASE_STOP:
                footer.append(f"player {to_move}'s lap ended in {fourrow.site_name(n, int(st[RELAY]))}: relay or stop")
            elif phase == PHASE_SETUP:
                footer.append(f"player {to_move} chooses a misoro in their outer row")
        return fourrow.board_text(n, st[:f], to_move, marks, notes, footer)


RULES = Tsoro()
