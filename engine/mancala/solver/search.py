"""The search: MTD(f) over a fail-soft alpha-beta negamax with a transposition table, move
ordering, enhanced transposition cut-offs and endgame databases, the methods Irving, Donkers &
Uiterwijk (2000, "Solving Kalah") name in their abstract. In place of their iterative deepening,
one heuristic search to a fixed number of plies gives MTD(f) its first guess and its table's best
moves (not its values) to the exact search; the passes then search to the end of the game or
into the database.

Values are the score difference the player to move can still force (counters on the board
only). The search runs on an explicit stack (numba cannot cache recursive functions); each frame
holds a board, its window, its children and their order. Moves are tried in the order: the
table's best move, moves that end in the mover's store (nearest the store first), captures
(largest first), the rest from the hole nearest the store.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numba import njit, objmode

from .endgame import EndgameDatabase
from .kalah import (
    AGAIN,
    CAPTURES,
    ENDS,
    REMAINING,
    KalahState,
    end_value,
    over,
    row_sums,
    sow,
    swap_rows,
)
from .rank import binomials, rank
from .table import (
    ABSENT,
    TranspositionTable,
    lookup,
    lower_of,
    move_of,
    seed_moves,
    store,
    upper_of,
)

MAX_PLY = 4096
"""The deepest stack the search keeps (a Kalah game of the sizes solved here is far shorter)."""

GUESS_HORIZON = 20
"""The plies of the heuristic search that gives MTD(f) its first guess and the exact search its first
moves (each pass costs a search of the whole game, so a guess near the value saves whole passes).
From 20 plies the guess of Kalah(6,4) is 10 with the empty capture and 10 (rounded up to the
parity of the counters) without, of Kalah(6,5) 12 with it; from 16 plies 8, 8 and 10 (the values
are 10, 8 and 12; from a guess below the value MTD(f) proves a bound it does not need: Kalah(6,4)
with the empty capture took three passes from 8)."""
GUESS_TABLE_BITS = 18
"""The size of the first guess's own table."""
ETC_ABOVE_DATABASE = 8
"""Enhanced transposition cut-offs are tried for children this many counters above the database
(Kalah(5,4) and (6,3) took more CPU time with them at every node than without)."""

# stats: 0 nodes, 1 aborted (deadline passed), 2 database hits, 3 table cut-offs
_NODES, _ABORTED, _DB_HITS, _TT_CUTS = 0, 1, 2, 3


def _report(nodes: int, ply: int, now: float) -> None:
    """Tell stderr how far a pass has gone (``report_every`` nodes; a long solve's heartbeat)."""
    print(f"  ... {nodes:,} nodes, ply {ply}, {now:.1f} s (perf_counter)", file=sys.stderr, flush=True)


EXACT = 3
"""A child whose value is known without search: the game ended, or the database holds it."""


@njit(cache=True)
def _search(root: np.ndarray, m: int, empty_capture: bool, remaining: int, end: int, alpha0: int, beta0: int,
            db: np.ndarray, db_counters: int, binom: np.ndarray,
            slots: np.ndarray,
            bits: int, stats: np.ndarray, deadline: float, etc_from: int, horizon: int,
            report_every: int = 0, tt_from: int = 0) -> tuple[int, int]:
    """The value of ``root`` (a position that is not over) for the mover within the window
    ``alpha0 < v < beta0`` (fail-soft: a value ``<= alpha0`` is an upper bound, ``>= beta0`` a
    lower bound) and the root's best move (-1 if none was found above ``alpha0``).

    Children whose value is known (the game ended, or few enough counters for the database) are
    valued where they are generated; the others are looked up in the table first, and one whose
    bound already refutes the window ends the node (enhanced transposition cut-off).

    ``horizon``: nodes that many plies below the root count as worth 0 (no further gain): a
    heuristic search, for MTD(f)'s first guess only (give it a table of its own)."""
    k = 2 * m
    boards = np.zeros((MAX_PLY, k), dtype=np.int64)
    children = np.zeros((MAX_PLY, m, k), dtype=np.int64)
    child_key = np.zeros((MAX_PLY, m), dtype=np.int64)
    child_total = np.zeros((MAX_PLY, m), dtype=np.int64)
    gains = np.zeros((MAX_PLY, m), dtype=np.int64)
    kinds = np.zeros((MAX_PLY, m), dtype=np.int64)
    order = np.zeros((MAX_PLY, m), dtype=np.int64)
    count = np.zeros(MAX_PLY, dtype=np.int64)
    nexti = np.zeros(MAX_PLY, dtype=np.int64)
    alpha = np.zeros(MAX_PLY, dtype=np.int64)
    beta = np.zeros(MAX_PLY, dtype=np.int64)
    alpha_in = np.zeros(MAX_PLY, dtype=np.int64)
    beta_in = np.zeros(MAX_PLY, dtype=np.int64)
    best = np.zeros(MAX_PLY, dtype=np.int64)
    best_move = np.zeros(MAX_PLY, dtype=np.int64)
    key = np.zeros(MAX_PLY, dtype=np.int64)
    total = np.zeros(MAX_PLY, dtype=np.int64)
    started = np.zeros(MAX_PLY, dtype=np.int64)
    scores = np.zeros(m, dtype=np.int64)
    turned = np.zeros(k, dtype=np.int64)
    gen = np.zeros(m, dtype=np.int64)
    values = np.zeros(m, dtype=np.int64)

    n0 = 0
    for j in range(k):
        boards[0, j] = root[j]
        n0 += root[j]
    total[0] = n0
    key[0] = rank(root, k, n0, binom)
    alpha[0] = alpha0
    beta[0] = beta0
    p = 0
    entering = True
    ret = 0
    while True:
        if entering:
            # ---- enter the node at ply p (its board, key and count are set; it is not over)
            entering = False
            stats[_NODES] += 1
            if (stats[_NODES] & 0xFFFFF) == 0:
                with objmode(now="float64"):
                    now = time.perf_counter()
                if now > deadline:
                    stats[_ABORTED] = 1
                    return 0, -1
                if report_every > 0 and (stats[_NODES] % report_every) == 0:
                    with objmode():
                        _report(int(stats[_NODES]), int(p), now)
            b = boards[p]
            n = total[p]
            best_move[p] = -1
            done = False
            tt_move = -1
            if p >= horizon:
                ret = 0
                done = True
            elif alpha[p] >= n:
                ret = n
                done = True
            elif beta[p] <= -n:
                ret = -n
                done = True
            elif n >= tt_from:
                word = lookup(slots, key[p], bits)
                if word != ABSENT:
                    lo = lower_of(word)
                    hi = upper_of(word)
                    tt_move = move_of(word)
                    if p > 0 and (lo >= beta[p] or hi <= alpha[p] or lo == hi):
                        stats[_TT_CUTS] += 1
                        ret = lo if lo >= beta[p] or lo == hi else hi
                        done = True
            if not done:
                alpha_in[p] = alpha[p]
                beta_in[p] = beta[p]
                started[p] = stats[_NODES]
                best[p] = -1000
                c = 0
                # phase A: make the children (stopping at a finished game that refutes the window)
                # and rank the ones the database or the table may know; phase B looks them all up
                # back to back, so that their cache misses overlap
                ng = 0
                cut = False
                for hole in range(m):
                    if b[hole] == 0:
                        continue
                    child = children[p, hole]
                    g, kind = sow(b, m, hole, empty_capture, child)
                    gains[p, hole] = g
                    a, bb = row_sums(child, m)
                    child_key[p, hole] = -1  # ranked when searched
                    if over(a, bb, kind == AGAIN, end):
                        v = g + end_value(a, bb, remaining)
                        kinds[p, hole] = EXACT
                        gen[ng] = hole
                        values[ng] = v
                        ng += 1
                        if v >= beta[p]:
                            cut = True
                            break  # a finished game refutes the window: the rest need not be made
                        continue
                    left = n - g
                    child_total[p, hole] = left
                    if kind != AGAIN:
                        swap_rows(child, m, turned)
                        for j in range(k):
                            child[j] = turned[j]
                    if left <= db_counters or left >= etc_from:
                        child_key[p, hole] = rank(child, k, left, binom)
                    kinds[p, hole] = kind
                    gen[ng] = hole
                    ng += 1
                # phase B
                for i in range(ng):
                    hole = gen[i]
                    kind = kinds[p, hole]
                    if kind == EXACT:
                        continue
                    ck = child_key[p, hole]
                    if ck < 0:
                        continue
                    g = gains[p, hole]
                    if child_total[p, hole] <= db_counters:
                        cv = db[ck]
                        values[i] = g + cv if kind == AGAIN else g - cv
                        kinds[p, hole] = EXACT
                    else:
                        cw = lookup(slots, ck, bits)
                        if cw != ABSENT:
                            bound = g + lower_of(cw) if kind == AGAIN else g - upper_of(cw)
                            if bound >= beta[p]:
                                values[i] = bound  # enhanced transposition cut-off
                                kinds[p, hole] = EXACT
                for i in range(ng):
                    hole = gen[i]
                    kind = kinds[p, hole]
                    g = gains[p, hole]
                    if kind == EXACT:
                        v = values[i]
                        if child_key[p, hole] >= 0 and child_total[p, hole] <= db_counters:
                            stats[_DB_HITS] += 1
                        if v > best[p]:
                            best[p] = v
                            best_move[p] = hole
                            if v > alpha[p]:
                                alpha[p] = v
                                if v >= beta[p]:
                                    cut = True
                                    break  # a known child refutes the window
                        continue
                    if hole == tt_move:
                        score = 1000
                    elif kind == AGAIN:
                        score = 500 + hole
                    elif kind == CAPTURES:
                        score = 200 + g
                    else:
                        score = hole
                    q = c
                    while q > 0 and scores[q - 1] < score:
                        scores[q] = scores[q - 1]
                        order[p, q] = order[p, q - 1]
                        q -= 1
                    scores[q] = score
                    order[p, q] = hole
                    c += 1
                if cut:
                    c = 0
                count[p] = c
                nexti[p] = 0
                ret = -10000  # nothing returned yet
            elif p == 0:
                return ret, -1
            else:
                p -= 1  # ret is the value of the child p was searching
        # ---- at node p: take a returned child value, then go on with the next child
        if ret != -10000:
            hole = order[p, nexti[p]]
            g = gains[p, hole]
            v = g + ret if kinds[p, hole] == AGAIN else g - ret
            if v > best[p]:
                best[p] = v
                best_move[p] = hole
                if v > alpha[p]:
                    alpha[p] = v
            nexti[p] += 1
            ret = -10000
        if stats[_ABORTED]:
            return 0, -1
        if nexti[p] < count[p] and alpha[p] < beta[p]:
            hole = order[p, nexti[p]]
            if p + 1 >= MAX_PLY:
                raise ValueError("Kalah search: the stack overflowed")
            child = children[p, hole]
            for j in range(k):
                boards[p + 1, j] = child[j]
            g = gains[p, hole]
            if kinds[p, hole] == AGAIN:
                alpha[p + 1] = alpha[p] - g
                beta[p + 1] = beta[p] - g
            else:
                alpha[p + 1] = g - beta[p]
                beta[p + 1] = g - alpha[p]
            total[p + 1] = child_total[p, hole]
            if child_key[p, hole] >= 0:
                key[p + 1] = child_key[p, hole]
            elif total[p + 1] >= tt_from:
                key[p + 1] = rank(child, k, total[p + 1], binom)
            p += 1
            entering = True
            continue
        # ---- all children done (or cut off): record and return
        v = best[p]
        n = total[p]
        if v <= alpha_in[p]:
            lo, hi = -n, v
        elif v >= beta_in[p]:
            lo, hi = v, n
        else:
            lo, hi = v, v
        if n >= tt_from:
            store(slots, key[p], bits, lo, hi, best_move[p], stats[_NODES] - started[p])
        if p == 0:
            return v, best_move[0]
        ret = v
        p -= 1


@dataclass
class Solution:
    """A solved Kalah start: ``value`` is the final score difference (first player minus second)
    under perfect play, ``best_move`` a first move that achieves it (the mover's hole, 0 = the
    hole farthest from their store); ``seconds`` wall time and ``cpu_seconds`` this process's CPU
    time, database included (on a shared machine the CPU time leaves out the other jobs)."""

    holes: int
    counters: int
    empty_capture: bool
    remaining: str
    value: int
    best_move: int
    nodes: int
    seconds: float
    cpu_seconds: float
    database_counters: int
    database_seconds: float
    database_bytes: int
    table_bytes: int
    passes: int
    end: str = "row-empty-after-move"


DEFAULT_DATABASE_BOARDS = 32_000_000
"""The most boards the default database holds (32 MB; 16 counters on six holes a row)."""


def default_database(holes: int, counters: int) -> int:
    """The database size the solver picks: boards of at most this many counters, the most that
    keeps it within :data:`DEFAULT_DATABASE_BOARDS` boards and at most half the counters in play
    (on small boards a larger database costs more than the search it saves)."""
    from .rank import layers_size
    k = 2 * holes
    half = k * counters // 2
    size = 0
    while size < half and layers_size(size + 1, k) <= DEFAULT_DATABASE_BOARDS:
        size += 1
    return size


def solve(holes: int, counters: int, empty_capture: bool = False, *, remaining: str = "owner",
          end: str = "row-empty-after-move", budget: float | None = None,
          database: int | None = None, table_bits: int = 22, state: KalahState | None = None,
          progress: Callable[[str], None] | None = None, etc_from: int | None = None,
          seed: bool = True, heartbeat: int = 0, window: bool = False, tt_from: int | None = None) -> Solution:
    """Solve Kalah(``holes``, ``counters``) from the start (or from ``state``, whose stores then
    count in the value).

    ``remaining``: where the counters left at the end go ("owner", "emptier" or "unscored");
    ``end``: when the game ends ("row-empty-after-move" or "cannot-move"; see :mod:`.kalah`). ``database``: the endgame database holds every board of at most this many counters
    (default: :func:`default_database`). ``budget``: seconds before giving up (TimeoutError).
    ``etc_from``: children of at least this many counters are looked up in the table before any
    is searched (enhanced transposition cut-off; default: the database's count plus
    :data:`ETC_ABOVE_DATABASE`; nearer the database the lookups cost more than they save).
    ``progress`` is told of the database's completion and of the bounds after each MTD(f) pass
    (the mover's view of the counters on the board). ``seed``: the first guess's best moves
    order the exact search (its values do not enter it). ``heartbeat``: print the nodes searched to
    stderr every this many (a multiple of 2**20; 0: never). ``window``: the first exact pass searches
    the window around the guess (exact in one pass when the guess is right) before MTD(f)'s
    zero-window passes. ``tt_from``: nodes of fewer counters than this neither probe nor fill the
    transposition table (their subtrees are small: the table keeps the costly ones; default: every
    node above the database probes it).
    """
    if not 1 <= holes <= 6:
        raise ValueError(f"holes must be in 1..6, not {holes}")
    if not 1 <= counters <= 6:
        raise ValueError(f"counters must be in 1..6, not {counters}")
    if budget is not None and not budget > 0:
        raise ValueError(f"budget must be a positive number of seconds, not {budget}")
    started = time.perf_counter()
    cpu_started = time.process_time()
    deadline = started + budget if budget is not None else float("inf")
    if state is None:
        state = KalahState(holes, counters, empty_capture, remaining, end)
    if (state.holes, state.empty_capture, state.remaining, state.end) != (holes, empty_capture, remaining, end):
        raise ValueError("the state's holes and rules differ from the ones asked for")
    if state.over:
        raise ValueError("the game is over: nothing to solve")
    if database is None:
        database = default_database(holes, counters)
    if not 0 <= database <= 2 * holes * counters:
        raise ValueError(f"database must be in 0..{2 * holes * counters}, not {database}")
    if etc_from is None:
        etc_from = database + ETC_ABOVE_DATABASE
    if tt_from is None:
        tt_from = 0
    k = 2 * holes
    db = EndgameDatabase(holes, database, empty_capture, deadline, remaining, end)
    db_seconds = time.perf_counter() - started
    if progress:
        progress(f"database of boards up to {database} counters: {db.nbytes:,} bytes, {db_seconds:.1f} s, "
                 f"CPU {time.process_time() - cpu_started:.1f} s")
    binom = binomials(2 * holes * counters + k + 1, k)
    tt = TranspositionTable(table_bits)
    stats = np.zeros(4, dtype=np.int64)
    root = state.board()
    n = int(root.sum())

    def run(table: TranspositionTable, counts: np.ndarray, alpha: int, beta: int, horizon: int) -> tuple[int, int]:
        v, mv = _search(root, holes, empty_capture, REMAINING[remaining], ENDS[end], alpha, beta, db.values, database, binom,
                        table.slots, table.bits, counts, deadline,
                        etc_from, horizon, heartbeat, tt_from)
        if counts[_ABORTED]:
            raise TimeoutError(f"Kalah({holes},{counters}) not solved within {budget} s "
                               f"({int(counts[_NODES]):,} nodes searched)")
        return int(v), int(mv)

    # the first guess: a full-window search to GUESS_HORIZON plies, valuing the nodes there as 0
    guess_stats = np.zeros(4, dtype=np.int64)
    guess_table = TranspositionTable(GUESS_TABLE_BITS)
    guess, _ = run(guess_table, guess_stats, -n - 1, n + 1, GUESS_HORIZON)
    if seed:
        seed_moves(guess_table.slots, tt.slots, tt.bits)
    del guess_table
    stats[_NODES] += guess_stats[_NODES]
    guess = int(min(n, max(-n, guess)))
    guess += (guess - n) % 2  # the parity of the counters on the board
    if progress:
        progress(f"first guess {guess} ({GUESS_HORIZON} plies, {int(guess_stats[_NODES]):,} nodes), "
                 f"{time.perf_counter() - started:.1f} s, CPU {time.process_time() - cpu_started:.1f} s")
    # MTD(f): zero-window searches closing in on the value from the guess. Every value has the
    # parity of the counters on the board (the two players' gains add up to them), so each test
    # asks "at least beta?" for a beta of that parity.
    lo, hi, passes, best = -n, n, 0, -1
    if window:
        # one pass with the window around the guess (the only value of that parity inside it):
        # exact when the guess is the value, else a bound that MTD(f) goes on from
        aim = guess
        v, move = run(tt, stats, aim - 1, aim + 1, MAX_PLY)
        passes += 1
        if v < aim:
            hi = v
        else:
            lo = v
            best = move
            if v == aim:
                hi = v
        guess = v
        if progress:
            progress(f"pass {passes} (window {aim - 1}..{aim + 1}): value in {lo}..{hi}; "
                     f"{int(stats[_NODES]):,} nodes, {time.perf_counter() - started:.1f} s, CPU {time.process_time() - cpu_started:.1f} s")
    while lo < hi:
        beta = guess + 2 if guess == lo else guess
        guess, move = run(tt, stats, beta - 1, beta, MAX_PLY)
        passes += 1
        if guess < beta:
            hi = guess
        else:
            lo = guess
            best = move  # the move that reached lo: at the end lo is the value
        if progress:
            progress(f"pass {passes}: value in {lo}..{hi}; {int(stats[_NODES]):,} nodes, "
                     f"{time.perf_counter() - started:.1f} s, CPU {time.process_time() - cpu_started:.1f} s")
    value = lo
    if best < 0:  # the mover loses every counter in play whatever they do: any move is best
        best = int(np.flatnonzero(root[:holes])[0])
    score = value + state.stores[state.to_move] - state.stores[1 - state.to_move]
    first_minus_second = score if state.to_move == 0 else -score
    return Solution(holes, counters, empty_capture, remaining, first_minus_second, best, int(stats[_NODES]),
                    time.perf_counter() - started, time.process_time() - cpu_started, database, db_seconds,
                    db.nbytes, tt.nbytes, passes, end)
