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
as an int64 array of option indices followed by the sowing track (engine.mancala.sowing); the
Python API (``start_game``, ``play_move``, ...) and the compiled playout loop (``playouts``) call
the same kernels. Speed notes: the kernels are inlined into their callers (numba
``inline="always"``), the playout loop works on borrowed views (engine.borrow) so that no
reference counting runs per turn, and the scan for legal moves is branch-free. A move is played
in two passes when it is long (engine.repetition), so that proving a move endless costs nothing
for the many moves that end after a few laps.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import njit

from engine.borrow import borrow
from engine.game import Limits, Rules
from engine.mancala.notation import board_text, hole_name, parse_hole
from engine.mancala.sowing import TRACK_HOLES, TRACK_LENGTH, sow, total, track_block
from engine.repetition import QUICK_LAPS, begin_move, new_table, restore, seen_before
from engine.result import ENDLESS, ONGOING, OVER, UNFINISHED
from engine.rng import AGENT_STREAM, LOT_STREAM, derive_seed, rng_below, rng_init
from engine.stats import CHOICES as STAT_CHOICES
from engine.stats import COVERED as STAT_COVERED
from engine.stats import DECISIONS as STAT_DECISIONS
from engine.stats import FIRST as STAT_FIRST
from engine.stats import LAPS as STAT_LAPS
from engine.stats import LEGAL_SUM as STAT_LEGAL_SUM
from engine.stats import MOVES as STAT_MOVES
from engine.stats import N_COLUMNS as STAT_COLUMNS
from engine.stats import SCORE_1 as STAT_SCORE_1
from engine.stats import SCORE_2 as STAT_SCORE_2
from engine.stats import SEED as STAT_SEED
from engine.stats import SITES as STAT_SITES
from engine.stats import STATUS as STAT_STATUS
from engine.stats import TURNS as STAT_TURNS
from engine.stats import WINNER as STAT_WINNER
from engine.switches import Switch, option_slot, switch_slot

GAME_ID = "tap-urdy"
NAME = "Tap-urdy"
ROW = 6
N_HOLES = 2 * ROW
START_COUNT = 4

SWITCHES: tuple[Switch, ...] = (
    Switch("tap-urdy.start", ("enemy-row", "own-row"), "enemy-row",
           "Where a move starts",
           ("any non-empty hole of the opponent's row", "any non-empty hole of the mover's own row")),
    Switch("tap-urdy.direction", ("counterclockwise", "clockwise"), "counterclockwise",
           "Sowing direction",
           ("player 1's row left to right, then player 2's row", "player 1's row right to left, then player 2's row")),
    Switch("tap-urdy.relay", ("take-up-last", "next-hole"), "take-up-last",
           "How a lap relays",
           ("take up the contents of H (the last hole) and sow from H+1",
            "pussa-kanawa: take up the contents of H+1 and sow from H+2 (nothing there: the move ends)")),
    Switch("tap-urdy.relay-condition", ("occupied", "next-non-empty"), "occupied",
           "When a lap relays",
           ("whenever H was occupied before the last counter landed (unless a capture ended the move)",
            "only if H was occupied and H+1 is non-empty")),
    Switch("tap-urdy.capture", ("gap-any", "gap-non-empty"), "gap-any",
           "Capture across the gap (occupied H, empty H+1)",
           ("H+2 is captured even if it is empty (still a capture)", "only if H+2 holds counters")),
    Switch("tap-urdy.after-capture", ("end-move", "continue-relay"), "end-move",
           "After a capture",
           ("the move ends", "the relay goes on from H as if there had been no capture")),
    Switch("tap-urdy.end", ("row-empty-after-lap", "row-empty-after-move", "cannot-move"), "row-empty-after-move",
           "When the game ends",
           ("as soon as either row is empty, checked after every lap (a relay stops)",
            "either row empty, checked after each whole move",
            "the player to move has no legal move")),
    Switch("tap-urdy.remaining", ("unscored", "owner"), "unscored",
           "Counters left on the board at the end",
           ("not scored", "scored by the owner of the row")),
    Switch("tap-urdy.long-lap", ("sow-origin", "skip-origin"), "sow-origin",
           "A lap of 12 or more counters",
           ("sows into its own starting hole too", "skips its starting hole")),
    Switch("tap-urdy.first-player", ("lot", "player-1"), "lot",
           "Who starts",
           ("decided by lot (the game's seed)", "player 1")),
    Switch("tap-urdy.endless", ("end-game", "illegal"), "end-game",
           "A move proved endless (a configuration repeats within it)",
           ("ends the game with the ending 'endless'", "is not a legal move")),
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
N_LEGAL = FIRST + 1  # how many legal moves the player to move has
LEGAL = N_LEGAL + 1  # LEGAL .. LEGAL + N_LEGAL - 1: the legal start holes, ascending
STATE_SIZE = LEGAL + ROW
SNAPSHOT = MOVES + 1  # what a move changes lies in st[:SNAPSHOT]

# Layout of the parameter array: the option index of each switch, then the track block.
TRACK = len(SWITCHES)

# The event log a traced move fills (Rules.trace_move): log[0] = entries written (-1: off),
# log[1] = capacity in entries, then entries of LOG_WIDTH values: kind, a, b, c, board, stores.
LOG_LAP = 1  # a = hole taken up, b = counters sown, c = hole where the last counter landed
LOG_CAPTURE = 2  # a = hole captured, b = counters taken, c = player (0 or 1)
LOG_WIDTH = 4 + N_HOLES + 2
LOG_HEADER = 2
TRACE_CAPACITY = 4096
"""Events a traced move keeps (a longer move is cut short in the trace, not in play)."""


@njit(cache=True, inline="always")
def log_event(log, st, kind, a, b, c):
    """Append an event with the board after it to ``log`` (when logging is on and there is room)."""
    n = log[0]
    if n < 0 or n >= log[1]:
        return
    at = LOG_HEADER + n * LOG_WIDTH
    log[at] = kind
    log[at + 1] = a
    log[at + 2] = b
    log[at + 3] = c
    for i in range(N_HOLES + 2):
        log[at + 4 + i] = st[i]
    log[0] = n + 1


# What one move came to (run_move's answer).
MOVE_DONE = 0
MOVE_GAME_OVER = 1  # a row emptied mid-move (end = row-empty-after-lap)
MOVE_ENDLESS = 2  # a configuration repeated
MOVE_OUT_OF_LAPS = 3  # the lap budget ran out


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
def laps(st, par, table, hole, lap_cap, logged, log):
    """Sow the laps of one move from ``hole`` on ``st``, at most ``lap_cap`` of them.

    The order within a lap ending in H: H empty before the last counter -> the move ends. Else
    capture H+2 if H+1 is empty (and, with gap-non-empty, H+2 holds counters); a capture under
    end-move ends the move; with next-non-empty an empty H+1 ends it; otherwise relay (from H, or
    from H+1 in pussa-kanawa style, where an empty H+1 ends the move). Then, with
    row-empty-after-lap, an empty row ends the game. When ``logged``, a next lap whose (hole,
    board) configuration already occurred in this move proves the move endless.
    Returns MOVE_DONE, MOVE_GAME_OVER, MOVE_ENDLESS or MOVE_OUT_OF_LAPS (the cap was reached).
    """
    mover = st[TO_MOVE]
    into_origin = par[S_LONG_LAP] != SKIP_ORIGIN
    gap_non_empty = par[S_CAPTURE] == GAP_NON_EMPTY
    continue_relay = par[S_AFTER_CAPTURE] == CONTINUE_RELAY
    next_non_empty = par[S_RELAY_CONDITION] == NEXT_NON_EMPTY
    next_hole = par[S_RELAY] == NEXT_HOLE
    after_lap = par[S_END] == AFTER_LAP
    if logged:
        seen_before(table, hole, st)
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
        landed = par[holes + last]
        if log[0] >= 0:
            log_event(log, st, LOG_LAP, origin, count, landed)
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
                    log_event(log, st, LOG_CAPTURE, h2, taken, mover)
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
            return MOVE_ENDLESS
        if n >= lap_cap:
            return MOVE_OUT_OF_LAPS
        origin = nxt


@njit(cache=True, inline="always")
def run_move(st, par, table, hole, lap_budget, log):
    """Play one move from ``hole`` on ``st`` with at most ``lap_budget`` laps.

    Returns MOVE_DONE, MOVE_GAME_OVER, MOVE_ENDLESS (a configuration repeated: proved endless) or
    MOVE_OUT_OF_LAPS. A quick pass first; a move still going after QUICK_LAPS laps is replayed from
    its snapshot with every configuration logged (engine.repetition), which gives the same answer
    as logging from the start.
    """
    begin_move(table, st, SNAPSHOT)
    logged_before = log[0]
    quick = lap_budget if lap_budget < QUICK_LAPS else QUICK_LAPS
    outcome = laps(st, par, table, hole, quick, False, log)
    if outcome != MOVE_OUT_OF_LAPS:
        return outcome
    restore(table, st, SNAPSHOT)
    log[0] = logged_before  # the replay logs the move again from its start
    return laps(st, par, table, hole, lap_budget, True, log)


@njit(cache=True)
def probe_endless(st, par, table, scratch, hole, lap_budget, log):
    """True if the move from ``hole`` is proved endless (played on ``scratch``, ``st`` untouched;
    nothing is written to the event ``log``)."""
    for i in range(STATE_SIZE):
        scratch[i] = st[i]
    logging = log[0]
    log[0] = -1
    endless = run_move(scratch, par, table, hole, lap_budget, log) == MOVE_ENDLESS
    log[0] = logging
    return endless


@njit(cache=True, inline="always")
def find_legal(st, par, table, scratch, move_limit, log):
    """List the holes the player to move may start from in st[LEGAL:] (endless moves out, if illegal)."""
    p = st[TO_MOVE]
    row = p if par[S_START] == OWN_ROW else 1 - p
    n = 0
    if par[S_ENDLESS] == ILLEGAL:
        for h in range(row * ROW, row * ROW + ROW):
            if st[h] > 0 and not probe_endless(st, par, table, scratch, h, move_limit, log):
                st[LEGAL + n] = h
                n += 1
    else:
        for h in range(row * ROW, row * ROW + ROW):  # branch-free: the test is unpredictable
            st[LEGAL + n] = h
            n += st[h] > 0
    st[N_LEGAL] = n


@njit(cache=True, inline="always")
def settle(st, par, table, scratch, turn_limit, move_limit, log):
    """Between moves: end the game by its rules or a limit, or list the next player's legal moves."""
    st[N_LEGAL] = 0
    if par[S_END] != CANNOT_MOVE and row_empty(st):
        st[STATUS] = OVER
        return
    find_legal(st, par, table, scratch, move_limit, log)
    if st[N_LEGAL] == 0:
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
    first = 0
    if par[S_FIRST] != PLAYER_1:
        rng_init(rng, np.uint64(seed), np.uint64(LOT_STREAM))
        first = rng_below(rng, 2)
    st[TO_MOVE] = first
    st[FIRST] = first
    settle(st, par, table, scratch, turn_limit, move_limit, log)


@njit(cache=True, inline="always")
def apply_move(st, par, table, scratch, hole, turn_limit, move_limit, log):
    """Play the move starting from ``hole`` (the caller checked it is legal) and settle the game."""
    outcome = run_move(st, par, table, hole, move_limit - st[MOVES], log)
    st[TURNS] += 1
    if outcome == MOVE_DONE:
        st[TO_MOVE] = 1 - st[TO_MOVE]
        settle(st, par, table, scratch, turn_limit, move_limit, log)
        return
    st[N_LEGAL] = 0
    if outcome == MOVE_GAME_OVER:
        st[STATUS] = OVER
    elif outcome == MOVE_ENDLESS:
        st[STATUS] = ENDLESS
    else:
        st[STATUS] = UNFINISHED


@njit(cache=True, inline="always")
def scores(st, par):
    """Captures, plus the counters left in the own row when remaining = owner."""
    a = st[STORE]
    b = st[STORE + 1]
    if par[S_REMAINING] == OWNER:
        a += total(st, 0, ROW)
        b += total(st, ROW, N_HOLES)
    return a, b


# Entry points for the Python API: the same kernels, compiled as callable functions.
@njit(cache=True)
def start_game(st, par, table, scratch, seed, turn_limit, move_limit, log):
    rng = np.zeros(1, dtype=np.uint64)
    init_state(st, par, table, scratch, rng, seed, turn_limit, move_limit, log)


@njit(cache=True)
def play_move(st, par, table, scratch, hole, turn_limit, move_limit, log):
    apply_move(st, par, table, scratch, hole, turn_limit, move_limit, log)


@njit(cache=True)
def settle_position(st, par, table, scratch, turn_limit, move_limit, log):
    settle(st, par, table, scratch, turn_limit, move_limit, log)


@njit(cache=True)
def final_scores(st, par):
    return scores(st, par)


@njit(cache=True, inline="always")
def occupied_mask(st):
    """The holes that hold counters, as a bit mask."""
    m = 0
    for h in range(N_HOLES):
        m |= (st[h] > 0) << h
    return m


@njit(cache=True, inline="always")
def play_out(st, par, table, scratch, rng, turn_limit, move_limit, log, row):
    """Random play from ``st`` to the end of the game; the statistics go into ``row``
    (engine.stats columns DECISIONS .. LAPS, added to what the row holds)."""
    covered = occupied_mask(st)
    while st[STATUS] == ONGOING:
        n = st[N_LEGAL]
        row[STAT_DECISIONS] += 1
        row[STAT_CHOICES] += n > 1
        row[STAT_LEGAL_SUM] += n
        hole = st[LEGAL + rng_below(rng, n)]
        apply_move(st, par, table, scratch, hole, turn_limit, move_limit, log)
        covered |= occupied_mask(st)
    c = 0
    while covered:
        c += covered & 1
        covered >>= 1
    row[STAT_COVERED] = c


@njit(cache=True)
def playouts(owned_par, owned_table, owned_st, owned_scratch, owned_rng, owned_log, base_seed, n_games,
             turn_limit, move_limit, owned_out):
    """Random self-play of ``n_games`` games; game g uses seed derive_seed(base_seed, g).

    Both players are the uniform random agent (engine.agents.RandomAgent with the game's seed):
    at each decision it draws uniformly among the legal moves in ascending order. One row of
    ``out`` per game, columns as engine.stats names them. The caller provides (and so keeps
    alive) every array: the loop works on borrowed views (engine.borrow).
    """
    par = borrow(owned_par)
    table = borrow(owned_table)
    st = borrow(owned_st)
    scratch = borrow(owned_scratch)
    rng = borrow(owned_rng)
    log = borrow(owned_log)
    out = borrow(owned_out)
    for g in range(n_games):
        seed = derive_seed(np.uint64(base_seed), g)
        init_state(st, par, table, scratch, rng, seed, turn_limit, move_limit, log)
        rng_init(rng, np.uint64(seed), np.uint64(AGENT_STREAM))
        row = out[g]
        for k in range(STAT_COLUMNS):
            row[k] = 0
        play_out(st, par, table, scratch, rng, turn_limit, move_limit, log, row)
        a, b = scores(st, par)
        row[STAT_STATUS] = st[STATUS]
        row[STAT_SCORE_1] = a
        row[STAT_SCORE_2] = b
        row[STAT_TURNS] = st[TURNS]
        row[STAT_MOVES] = st[MOVES]
        row[STAT_FIRST] = st[FIRST] + 1
        row[STAT_SEED] = seed
        row[STAT_SITES] = N_HOLES
        row[STAT_LAPS] = st[MOVES]  # every move in Ludii's sense is a lap here
        row[STAT_WINNER] = 0 if st[STATUS] != OVER or a == b else (1 if a > b else 2)


@njit(cache=True)
def rollouts(st0, par, table, scratch, log, seed, n_games, turn_limit, move_limit, out):
    """Random play to the end from ``st0`` (unchanged), ``n_games`` times: status, score 1, score 2."""
    st = np.empty(STATE_SIZE, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    row = np.zeros(STAT_COLUMNS, dtype=np.int64)
    for g in range(n_games):
        for i in range(STATE_SIZE):
            st[i] = st0[i]
        rng_init(rng, np.uint64(derive_seed(np.uint64(seed), g)), np.uint64(AGENT_STREAM))
        play_out(st, par, table, scratch, rng, turn_limit, move_limit, log, row)
        a, b = scores(st, par)
        out[g, 0] = st[STATUS]
        out[g, 1] = a
        out[g, 2] = b


@dataclass
class Params:
    """Everything the kernels need for one setting of the switches."""

    par: np.ndarray  # option index of each switch, then the track block
    table: np.ndarray  # repetition table (scratch)
    scratch: np.ndarray  # a state to probe moves on
    limits: Limits
    values: dict[str, str]
    log: np.ndarray  # the event log, switched off (see trace_move)


class TapUrdy(Rules):
    """The engine's Tap-urdy."""

    id = GAME_ID
    name = NAME
    switches = SWITCHES

    def compile(self, values: Mapping[str, str], limits: Limits) -> Params:
        sw = [s.index(values[s.id]) for s in SWITCHES]
        holes = list(range(N_HOLES))
        if sw[S_DIRECTION] == CLOCKWISE:
            holes = [0] + list(reversed(holes[1:]))
        par = np.concatenate([np.array(sw, dtype=np.int64), track_block(holes, N_HOLES)])
        return Params(
            par=par,
            table=new_table(N_HOLES, int(limits.moves) + 2, STATE_SIZE),
            scratch=np.zeros(STATE_SIZE, dtype=np.int64),
            limits=limits,
            values=dict(values),
            log=np.array([-1, 0], dtype=np.int64),
        )

    def _args(self, p: Params) -> tuple:
        return (p.par, p.table, p.scratch)

    def _limits(self, p: Params) -> tuple:
        return (np.int64(p.limits.turns), np.int64(p.limits.moves))

    def initial(self, params: Params, seed: int) -> np.ndarray:
        st = np.zeros(STATE_SIZE, dtype=np.int64)
        start_game(st, *self._args(params), np.int64(seed), *self._limits(params), params.log)
        return st

    def position(self, params: Params, spec: Mapping[str, Any]) -> np.ndarray:
        """``{"a": [6 counts], "b": [6 counts], "captures": [p1, p2], "to_move": 1 | 2}``."""
        if not isinstance(spec, Mapping):
            raise ValueError(f"a position is a mapping, not {spec!r}")
        unknown = set(spec) - {"a", "b", "captures", "to_move"}
        if unknown:
            raise ValueError(f"unknown position field(s) {sorted(unknown)}; fields: a, b, captures, to_move")
        st = np.zeros(STATE_SIZE, dtype=np.int64)
        for r, key in enumerate(("a", "b")):
            row = spec.get(key)
            if not isinstance(row, (list, tuple)) or len(row) != ROW:
                raise ValueError(f"position row {key!r} must list {ROW} counts, not {row!r}")
            for i, c in enumerate(row):
                if isinstance(c, bool) or not isinstance(c, (int, np.integer)) or c < 0:
                    raise ValueError(f"hole {key}{i + 1}: a count is a non-negative integer, not {c!r}")
                st[r * ROW + i] = c
        caps = spec.get("captures", [0, 0])
        if not isinstance(caps, (list, tuple)) or len(caps) != 2 or any(
            isinstance(c, bool) or not isinstance(c, (int, np.integer)) or c < 0 for c in caps
        ):
            raise ValueError(f"position captures must be two non-negative integers, not {caps!r}")
        st[STORE], st[STORE + 1] = caps
        to_move = spec.get("to_move", 1)
        if to_move not in (1, 2):
            raise ValueError(f"position to_move must be 1 or 2, not {to_move!r}")
        st[TO_MOVE] = to_move - 1
        st[FIRST] = to_move - 1
        settle_position(st, *self._args(params), *self._limits(params), params.log)
        return st

    def position_spec(self, st: np.ndarray) -> dict[str, Any]:
        return {
            "a": [int(x) for x in st[:ROW]],
            "b": [int(x) for x in st[ROW:N_HOLES]],
            "captures": [int(st[STORE]), int(st[STORE + 1])],
            "to_move": int(st[TO_MOVE]) + 1,
        }

    def legal_moves(self, st: np.ndarray) -> list[int]:
        return [int(h) for h in st[LEGAL:LEGAL + st[N_LEGAL]]]

    def apply(self, params: Params, st: np.ndarray, move: int) -> None:
        play_move(st, *self._args(params), np.int64(move), *self._limits(params), params.log)

    def trace_move(self, params: Params, st: np.ndarray, move: int) -> list[dict[str, Any]]:
        """Play ``move`` and return its laps and captures, each with the board after it."""
        capacity = TRACE_CAPACITY
        log = np.zeros(LOG_HEADER + capacity * LOG_WIDTH, dtype=np.int64)
        log[1] = capacity
        mover = int(st[TO_MOVE]) + 1
        play_move(st, *self._args(params), np.int64(move), *self._limits(params), log)
        events: list[dict[str, Any]] = []
        for i in range(int(log[0])):
            e = log[LOG_HEADER + i * LOG_WIDTH: LOG_HEADER + (i + 1) * LOG_WIDTH]
            board = self.board(e[4:])
            if e[0] == LOG_LAP:
                events.append({"kind": "lap", "from": hole_name(int(e[1]), ROW), "count": int(e[2]),
                               "last": hole_name(int(e[3]), ROW), "player": mover, "board": board})
            else:
                events.append({"kind": "capture", "hole": hole_name(int(e[1]), ROW), "count": int(e[2]),
                               "player": int(e[3]) + 1, "board": board})
        if log[0] == capacity:
            events.append({"kind": "truncated", "after": capacity})
        return events

    def rollouts(self, params: Params, st: np.ndarray, seed: int, games: int) -> np.ndarray:
        out = np.zeros((games, 3), dtype=np.int64)
        rollouts(st, *self._args(params), params.log, np.int64(seed), np.int64(games), *self._limits(params), out)
        return out

    def evaluate(self, params: Params, st: np.ndarray) -> float:
        """Player 1's score minus player 2's (captures, plus own row when remaining = owner)."""
        a, b = final_scores(st, params.par)
        return float(a - b)

    def status(self, st: np.ndarray) -> int:
        return int(st[STATUS])

    def to_move(self, st: np.ndarray) -> int:
        return int(st[TO_MOVE]) + 1

    def counters(self, st: np.ndarray) -> dict[str, int]:
        return {"turns": int(st[TURNS]), "moves": int(st[MOVES]), "laps": int(st[MOVES])}

    def occupied(self, st: np.ndarray) -> np.ndarray:
        return st[:N_HOLES] > 0

    def scores(self, params: Params, st: np.ndarray) -> tuple[int, int]:
        a, b = final_scores(st, params.par)
        return int(a), int(b)

    def move_to_text(self, move: int) -> str:
        return hole_name(int(move), ROW)

    def text_to_move(self, text: str) -> int:
        return parse_hole(text, ROW)

    def board(self, st: np.ndarray) -> dict[str, Any]:
        return {
            "a": [int(x) for x in st[:ROW]],
            "b": [int(x) for x in st[ROW:N_HOLES]],
            "captures": [int(st[STORE]), int(st[STORE + 1])],
        }

    def render(self, params: Params, st: np.ndarray) -> str:
        to_move = None if st[STATUS] != ONGOING else int(st[TO_MOVE]) + 1
        direction = params.values["tap-urdy.direction"]
        return board_text([int(x) for x in st[:N_HOLES]], [int(st[STORE]), int(st[STORE + 1])], ROW,
                          to_move, direction)

    def playouts(self, params: Params, seed: int, games: int) -> np.ndarray:
        out = np.zeros((games, STAT_COLUMNS), dtype=np.int64)
        st = np.zeros(STATE_SIZE, dtype=np.int64)
        rng = np.zeros(1, dtype=np.uint64)
        playouts(params.par, params.table, st, params.scratch, rng, params.log, np.int64(seed),
                 np.int64(games), *self._limits(params), out)
        return out


RULES = TapUrdy()
