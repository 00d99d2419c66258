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

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numba import njit

from .endgame import EndgameDatabase, check_workers
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
from .watch import Alarm, Heartbeat
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
SPLIT_DEPTH = 6
"""With two workers, the plies below the root where the threads split the search: above it the
nodes are searched one child after the other (in Python, a few hundred nodes a pass), at it every
child of a node goes to the threads at once. Splitting the root alone leaves Kalah(6,4)'s second
pass on one thread (the table from the first pass settles every root move but the best one,
whose refutation is one subtree); splitting the eldest brother's line alone (young brothers
wait) left one thread 95 % of the first pass's work."""
ETC_ABOVE_DATABASE = 8
"""Enhanced transposition cut-offs are tried for children this many counters above the database
(Kalah(5,4) and (6,3) took more CPU time with them at every node than without)."""

# stats: 0 nodes, 1 aborted (deadline passed or stopped), 2 database hits, 3 table cut-offs, 4 the ply
# searched lately (for the heartbeat)
_NODES, _ABORTED, _DB_HITS, _TT_CUTS, _PLY = 0, 1, 2, 3, 4
STATS = 5


EXACT = 3
"""A child whose value is known without search: the game ended, or the database holds it."""


@njit(cache=True, nogil=True)
def _search(root: np.ndarray, m: int, empty_capture: bool, remaining: int, end: int, alpha0: int, beta0: int,
            db: np.ndarray, db_counters: int, binom: np.ndarray,
            slots: np.ndarray,
            bits: int, stats: np.ndarray, expired: np.ndarray, etc_from: int, horizon: int,
            tt_from: int, stop: np.ndarray) -> tuple[int, int]:
    """The value of ``root`` (a position that is not over) for the mover within the window
    ``alpha0 < v < beta0`` (fail-soft: a value ``<= alpha0`` is an upper bound, ``>= beta0`` a
    lower bound) and the root's best move (-1 if none was found above ``alpha0``).

    Children whose value is known (the game ended, or few enough counters for the database) are
    valued where they are generated; the others are looked up in the table first, and one whose
    bound already refutes the window ends the node (enhanced transposition cut-off).

    ``horizon``: nodes that many plies below the root count as worth 0 (no further gain): a
    heuristic search, for MTD(f)'s first guess only (give it a table of its own).

    ``expired`` (the deadline's :class:`~.watch.Alarm`) or ``stop`` (another thread's word: a
    move before this one refuted the root's window) raised in their ``[0]`` end the search early
    (checked every 2**14 nodes; ``stats`` then says aborted). No clock is read here, so the GIL is
    released throughout: threads may search at once, sharing ``slots`` (its entries are lockless,
    :mod:`.table`) and ``db`` (read only), each with its own ``stats`` and ``stop``."""
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
            if (stats[_NODES] & 0x3FFF) == 0:
                stats[_PLY] = p
                if stop[0] or expired[0]:
                    stats[_ABORTED] = 1
                    return 0, -1
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
class _Child:
    """A child of the root as the parallel driver sees it: the hole sown, the counters it gained,
    its kind, its board (the mover's view of it), its counters and rank, and its value when known
    without search."""

    hole: int
    gain: int
    kind: int
    board: np.ndarray
    left: int = 0
    key: int = -1
    value: int | None = None

    def parent_value(self, ret: int) -> int:
        """The root mover's value of this move, ``ret`` the child's value for its own mover."""
        return self.gain + ret if self.kind == AGAIN else self.gain - ret

    def window(self, alpha: int, beta: int) -> tuple[int, int]:
        """The child's window for the root's window ``alpha < v < beta``."""
        g = self.gain
        return (alpha - g, beta - g) if self.kind == AGAIN else (g - beta, g - alpha)


class _RootSplit:
    """The exact passes searched by two threads at once, sharing the transposition table
    (lockless entries) and the database.

    The nodes above :attr:`split_depth` plies are searched here, in Python, one child after the
    other, each made as :func:`_search` makes any node's children (finished games and the
    database's boards valued at once, the table's cut-offs, enhanced transposition cut-offs, the
    same move order). The children of a node at the split depth are dealt to the threads in that
    order; a thread whose move refutes the window (a cut) stops the thread searching a move after
    it in the order, and the first refuting move in the order is the node's best move, as the
    serial search's would be. At a node that fails low (every move must be refuted: most of
    Kalah(6,5)'s second pass) the threads split the work without waste; at one that fails high
    the other thread's search is speculative."""

    def __init__(self, search_args: Callable[..., tuple], root: np.ndarray, holes: int, empty_capture: bool, end: int,
                 remaining: int, db: np.ndarray, database: int, binom: np.ndarray, table: TranspositionTable,
                 etc_from: int, tt_from: int, workers: int, split_depth: int) -> None:
        self.search_args = search_args
        self.root, self.m, self.empty_capture, self.end, self.remaining = root, holes, empty_capture, end, remaining
        self.db, self.database, self.binom, self.table = db, database, binom, table
        self.etc_from, self.tt_from, self.workers, self.split_depth = etc_from, tt_from, workers, split_depth
        self.counts: list[np.ndarray] = []  # the threads' counts in the pass under way (the heartbeat reads them)
        self.critical_seconds = 0.0  # the busiest thread's CPU time in each pass, summed
        self.thread_seconds: list[float] = []  # each thread's CPU time in the last pass
        self.moves: list[tuple[int, int, bool]] = []  # the last pass's searches: hole, nodes, stopped
        self.n = int(root.sum())
        self.key = int(rank(root, 2 * holes, self.n, binom))

    def children(self, root: np.ndarray, n: int, key: int, beta: int) -> tuple[list[_Child], bool]:
        """The children of ``root`` (``n`` counters, rank ``key``) in the order the serial search
        takes them (known values first, in hole order, then the table's move, store-ending
        moves, captures, the rest), and whether a known value already reaches ``beta``."""
        m, k = self.m, 2 * self.m
        tt_move = -1
        if n >= self.tt_from:
            word = lookup(self.table.slots, key, self.table.bits)
            if word != ABSENT:
                tt_move = int(move_of(word))
        known: list[_Child] = []
        rest: list[tuple[int, int, _Child]] = []
        for hole in range(m):
            if root[hole] == 0:
                continue
            board = np.empty(k, dtype=np.int64)
            g, kind = sow(root, m, hole, self.empty_capture, board)
            child = _Child(hole, int(g), int(kind), board)
            a, b = row_sums(board, m)
            if over(a, b, kind == AGAIN, self.end):
                child.value = int(g + end_value(a, b, self.remaining))
                known.append(child)
                if child.value >= beta:
                    return known, True
                continue
            child.left = n - child.gain
            if kind != AGAIN:
                child.board = np.concatenate([board[m:], board[:m]])
            if child.left <= self.database or child.left >= self.etc_from:
                child.key = int(rank(child.board, k, child.left, self.binom))
                if child.left <= self.database:
                    child.value = child.parent_value(int(self.db[child.key]))
                else:
                    word = lookup(self.table.slots, child.key, self.table.bits)
                    if word != ABSENT:
                        bound = g + lower_of(word) if kind == AGAIN else g - upper_of(word)
                        if bound >= beta:
                            child.value = int(bound)  # enhanced transposition cut-off
            if child.value is not None:
                known.append(child)
                continue
            score = 1000 if hole == tt_move else 500 + hole if kind == AGAIN else 200 + g if kind == CAPTURES else hole
            rest.append((-score, len(rest), child))
        cut = any(c.value >= beta for c in known)
        return known + [c for _, _, c in sorted(rest, key=lambda t: t[:2])], cut

    def table_value(self, child: _Child, alpha: int, beta: int) -> int | None:
        """The child's value for the window from the table (the serial search's cut-off at a node
        below the root), or None."""
        a, b = child.window(alpha, beta)
        if a >= child.left:
            return child.left
        if b <= -child.left:
            return -child.left
        if child.left < self.tt_from:
            return None
        key = child.key if child.key >= 0 else int(rank(child.board, 2 * self.m, child.left, self.binom))
        word = lookup(self.table.slots, key, self.table.bits)
        if word == ABSENT:
            return None
        lo, hi = int(lower_of(word)), int(upper_of(word))
        if lo >= b or lo == hi:
            return lo
        if hi <= a:
            return hi
        return None

    def run(self, alpha0: int, beta0: int, stats: np.ndarray) -> tuple[int, int]:
        """One pass at the root with the window ``alpha0 < v < beta0``: the value (fail-soft) and
        the best move, as :func:`_search` gives them. ``stats`` gathers the threads' counts."""
        self.moves, self.thread_seconds = [], [0.0] * self.workers
        return self._node(self.root, self.n, self.key, alpha0, beta0, 0, stats)

    def _node(self, board: np.ndarray, n: int, key: int, alpha0: int, beta0: int, depth: int,
              stats: np.ndarray) -> tuple[int, int]:
        """A node ``depth`` plies below the root (``n`` counters, rank ``key``, not over nor in
        the database), searched as :func:`_search` searches it: above :attr:`split_depth` its
        children one after the other, each split the same way below; at that depth all its
        children go to the threads at once."""
        if alpha0 >= n:
            return n, -1
        if beta0 <= -n:
            return -n, -1
        nodes_before = int(stats[_NODES])
        stats[_NODES] += 1
        children, cut = self.children(board, n, key, beta0)
        best, best_move, alpha = -1000, -1, alpha0
        searched: list[_Child] = []
        for c in children:
            if c.value is not None:
                if c.key >= 0 and c.left <= self.database:
                    stats[_DB_HITS] += 1
                if c.value > best:
                    best, best_move = c.value, c.hole
                    alpha = max(alpha, best)
                    if best >= beta0:
                        break
            else:
                searched.append(c)
        results: list[int | None] = [None] * len(searched)
        if not cut and searched:
            if depth < self.split_depth:
                # above the split depth: each child in turn, split below (the threads work at the
                # split depth, where a node's children are many and the subtrees small)
                for i, c in enumerate(searched):
                    v = self.table_value(c, alpha, beta0)
                    if v is None:
                        ca, cb = c.window(alpha, beta0)
                        ck = c.key if c.key >= 0 else int(rank(c.board, 2 * self.m, c.left, self.binom))
                        v, _ = self._node(c.board, c.left, ck, ca, cb, depth + 1, stats)
                        if stats[_ABORTED]:
                            return 0, -1
                    results[i] = v = c.parent_value(v)
                    if depth == 0:
                        self.moves.append((c.hole, -1, False))
                    alpha = max(alpha, v)
                    if v >= beta0:
                        break
            else:
                self._deal(searched, results, alpha, beta0, stats, depth == 0)
                if stats[_ABORTED]:
                    return 0, -1
            for c, v in zip(searched, results):
                if v is None:  # stopped: a move before it in the order refuted the window
                    break
                if v > best:
                    best, best_move = v, c.hole
                    if v >= beta0:
                        break
        if best <= alpha0:
            lo, hi = -n, best
        elif best >= beta0:
            lo, hi = best, n
        else:
            lo, hi = best, best
        if n >= self.tt_from:
            store(self.table.slots, key, self.table.bits, lo, hi, best_move, int(stats[_NODES]) - nodes_before)
        return best, best_move

    def report(self) -> str:
        """The last pass's threads: each one's CPU time, and the nodes of each root move searched
        (in the order they ended; "stopped" where a move before it refuted the window)."""
        moves = ", ".join(f"hole {h + 1} " + ("split below" if n < 0 else f"{n:,}" + (" stopped" if stopped else ""))
                          for h, n, stopped in self.moves)
        threads = "/".join(f"{t:.1f}" for t in self.thread_seconds)
        return f"; threads' CPU {threads} s (the busiest's in all {self.critical_seconds:.1f} s); moves: {moves or 'none searched'}"

    def _deal(self, searched: list[_Child], results: list[int | None], alpha: int, beta: int, stats: np.ndarray,
              at_root: bool) -> None:
        """Search ``searched`` on the threads, in order, into ``results`` (None where stopped)."""
        lock = threading.Lock()
        state = {"next": 0, "cut": len(searched), "alpha": alpha}
        running: dict[int, int] = {}  # thread -> index searched
        stops = [np.zeros(1, dtype=np.int64) for _ in range(self.workers)]
        counts = self.counts = [np.zeros(STATS, dtype=np.int64) for _ in range(self.workers)]
        timed_out = []
        cpu = [0.0] * self.workers

        def work(w: int) -> None:
            began = time.thread_time()
            try:
                take(w)
            finally:
                cpu[w] = time.thread_time() - began

        def take(w: int) -> None:
            while True:
                with lock:
                    i = state["next"]
                    if i >= state["cut"] or timed_out:
                        return
                    state["next"] = i + 1
                    a = state["alpha"]
                    running[w] = i
                    stops[w][0] = 0
                c = searched[i]
                ret = self.table_value(c, a, beta)
                if ret is None:
                    ca, cb = c.window(a, beta)
                    counts[w][_ABORTED] = 0
                    nodes = int(counts[w][_NODES])
                    ret, _ = _search(c.board, *self.search_args(ca, cb, counts[w], stops[w]))
                    if at_root:
                        self.moves.append((c.hole, int(counts[w][_NODES]) - nodes, bool(counts[w][_ABORTED])))
                    if counts[w][_ABORTED]:
                        with lock:
                            running.pop(w, None)
                            if not stops[w][0]:
                                timed_out.append(i)
                                for s in stops:
                                    s[0] = 1
                        continue
                v = c.parent_value(int(ret))
                with lock:
                    running.pop(w, None)
                    results[i] = v
                    if v > state["alpha"]:
                        state["alpha"] = v
                    if v >= beta and i < state["cut"]:
                        state["cut"] = i
                        for other, j in running.items():
                            if j > i:
                                stops[other][0] = 1

        threads = [threading.Thread(target=work, args=(w,), name=f"kalah-solver-{w}") for w in range(self.workers)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.counts = []
        self.critical_seconds += max(cpu)
        self.thread_seconds = [a + b for a, b in zip(self.thread_seconds, cpu)]
        for c in counts:
            stats[_NODES] += c[_NODES]
            stats[_DB_HITS] += c[_DB_HITS]
            stats[_TT_CUTS] += c[_TT_CUTS]
        if timed_out:
            stats[_ABORTED] = 1
        for i in range(state["cut"] + 1, len(results)):
            results[i] = None  # the serial search would not have searched it


@dataclass
class Solution:
    """A solved Kalah start: ``value`` is the final score difference (first player minus second)
    under perfect play, ``best_move`` a first move that achieves it (the mover's hole, 0 = the
    hole farthest from their store); ``seconds`` wall time and ``cpu_seconds`` this process's CPU
    time (every thread's), database included (on a shared machine the CPU time leaves out the other jobs);
    ``critical_seconds`` the CPU time along the busiest thread (the main thread's, plus in each
    stretch the threads share the busiest one's): what the wall time would be on ``workers`` idle
    cores."""

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
    workers: int = 1
    critical_seconds: float = 0.0


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
          seed: bool = True, heartbeat: int = 0, window: bool = False, tt_from: int | None = None,
          workers: int = 1, split_depth: int = SPLIT_DEPTH) -> Solution:
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
    stderr every this many (:class:`~.watch.Heartbeat`; 0: never). ``window``: the first exact pass searches
    the window around the guess (exact in one pass when the guess is right) before MTD(f)'s
    zero-window passes. ``tt_from``: nodes of fewer counters than this neither probe nor fill the
    transposition table (their subtrees are small: the table keeps the costly ones; default: every
    node above the database probes it). ``workers``: 1, or 2 to use two cores: two threads build
    the database (the same bytes) and search the root's moves at once in the exact passes, sharing
    one table (:class:`_RootSplit`), splitting nodes down to ``split_depth`` plies below the root
    (:data:`SPLIT_DEPTH`; 0: the root's moves alone); the first guess stays serial. The value is the serial one; the
    best move is the serial one too when the passes go alike (the threads' table holds other
    bounds than the serial search's, so a pass may return another bound and MTD(f) take another
    path).
    """
    check_workers(workers)
    if not isinstance(split_depth, int) or not 0 <= split_depth <= MAX_PLY:
        raise ValueError(f"split_depth must be in 0..{MAX_PLY}, not {split_depth!r}")
    if not 1 <= holes <= 6:
        raise ValueError(f"holes must be in 1..6, not {holes}")
    if not 1 <= counters <= 6:
        raise ValueError(f"counters must be in 1..6, not {counters}")
    if budget is not None and not budget > 0:
        raise ValueError(f"budget must be a positive number of seconds, not {budget}")
    started = time.perf_counter()
    cpu_started = time.process_time()
    main_cpu = time.thread_time()
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
    db = EndgameDatabase(holes, database, empty_capture, deadline, remaining, end, workers)
    db_seconds = time.perf_counter() - started
    if progress:
        progress(f"database of boards up to {database} counters: {db.nbytes:,} bytes, {db_seconds:.1f} s, "
                 f"CPU {time.process_time() - cpu_started:.1f} s"
                 + (f" (the busiest thread's {db.critical_seconds:.1f} s)" if workers > 1 else ""))
    binom = binomials(2 * holes * counters + k + 1, k)
    tt = TranspositionTable(table_bits)
    stats = np.zeros(STATS, dtype=np.int64)
    root = state.board()
    n = int(root.sum())

    alarm = Alarm(deadline)
    live = [stats]  # the counts of the searches under way, for the heartbeat

    def beating() -> tuple[int, int]:
        arrays = live + (split.counts if split is not None else [])
        return sum(int(c[_NODES]) for c in arrays), int(arrays[-1][_PLY])

    beat = Heartbeat(heartbeat, beating)

    def args(table: TranspositionTable, horizon: int) -> Callable[..., tuple]:
        """_search's arguments after the board, for a window, counts and a stop flag."""
        def given(alpha: int, beta: int, counts: np.ndarray, stop: np.ndarray) -> tuple:
            return (holes, empty_capture, REMAINING[remaining], ENDS[end], alpha, beta, db.values, database, binom,
                    table.slots, table.bits, counts, alarm.flag, etc_from, horizon, tt_from, stop)
        return given

    split = None
    if workers > 1:
        split = _RootSplit(args(tt, MAX_PLY), root, holes, empty_capture, ENDS[end], REMAINING[remaining], db.values,
                           database, binom, tt, etc_from, tt_from, workers, split_depth)

    def run(table: TranspositionTable, counts: np.ndarray, alpha: int, beta: int, horizon: int) -> tuple[int, int]:
        if split is not None and table is tt:
            v, mv = split.run(alpha, beta, counts)
        else:
            v, mv = _search(root, *args(table, horizon)(alpha, beta, counts, np.zeros(1, dtype=np.int64)))
        if counts[_ABORTED]:
            raise TimeoutError(f"Kalah({holes},{counters}) not solved within {budget} s "
                               f"({int(counts[_NODES]):,} nodes searched)")
        return int(v), int(mv)

    try:
        # the first guess: a full-window search to GUESS_HORIZON plies, valuing the nodes there as 0
        guess_stats = np.zeros(STATS, dtype=np.int64)
        guess_table = TranspositionTable(GUESS_TABLE_BITS)
        live.append(guess_stats)
        guess, _ = run(guess_table, guess_stats, -n - 1, n + 1, GUESS_HORIZON)
        if seed:
            seed_moves(guess_table.slots, tt.slots, tt.bits)
        del guess_table
        stats[_NODES] += guess_stats[_NODES]
        live.pop()
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
                         f"{int(stats[_NODES]):,} nodes, {time.perf_counter() - started:.1f} s, CPU {time.process_time() - cpu_started:.1f} s"
                         + (split.report() if split is not None else ""))
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
                         f"{time.perf_counter() - started:.1f} s, CPU {time.process_time() - cpu_started:.1f} s"
                         + (split.report() if split is not None else ""))
    finally:
        alarm.close()
        beat.close()
    value = lo
    if best < 0:  # the mover loses every counter in play whatever they do: any move is best
        best = int(np.flatnonzero(root[:holes])[0])
    score = value + state.stores[state.to_move] - state.stores[1 - state.to_move]
    first_minus_second = score if state.to_move == 0 else -score
    return Solution(holes, counters, empty_capture, remaining, first_minus_second, best, int(stats[_NODES]),
                    time.perf_counter() - started, time.process_time() - cpu_started, database, db_seconds,
                    db.nbytes, tt.nbytes, passes, end, workers,
                    time.thread_time() - main_cpu + db.critical_seconds + (split.critical_seconds if split else 0.0))
