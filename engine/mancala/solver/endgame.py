"""Endgame databases: the value of every board with few counters left, solved once.

As Irving, Donkers & Uiterwijk (2000, "Solving Kalah") describe, a database holds, for every way
of laying ``N`` counters in the two rows, the score difference the player to move can force from
there on; boards are indexed by their combinatorial rank (:mod:`.rank`) and the values are
computed by forward search over the layers of fewer counters, not by retrograde moves. A move
that puts no counter in a store nor captures keeps the count of counters, so a layer also
depends on itself; such successors are solved first, on an explicit stack (every such move
carries counters towards the mover's store, so the chain ends).

One database serves every count of counters per hole of the same rules (holes, empty capture).

With ``workers=2`` two threads fill each layer (numba's compiled loop releases the GIL), one
taking the odd blocks of 1024 ranks, the other the even: a board depends only on smaller layers
and on boards of its own layer that its moves lead to, and every entry, once written, is the
board's value, whoever wrote it; a thread that finds a board of its own layer unsolved solves it
itself (both threads may then solve it, and write the same byte). So the database is the serial
one byte for byte, whatever the threads' timing.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from numba import njit

from .kalah import AGAIN, ENDS, REMAINING, end_value, over, row_sums, sow, swap_rows
from .watch import Alarm
from .rank import binomials, first_board, layer_size, layers_size, next_board, rank

UNKNOWN = -128
"""The mark of a database entry not yet solved."""

WORKERS = (1, 2)
"""The thread counts the solver runs on (this machine has two cores)."""


def check_workers(workers: int) -> None:
    """ValueError naming ``workers`` unless it is one of :data:`WORKERS`."""
    if isinstance(workers, bool) or not isinstance(workers, int) or workers not in WORKERS:
        raise ValueError(f"workers must be 1 or 2, not {workers!r}")


@njit(cache=True)
def _solve_board(board: np.ndarray, m: int, empty_capture: bool, remaining: int, end: int, total: int, db: np.ndarray,
                 binom: np.ndarray, work: np.ndarray, r0: np.int64, child: np.ndarray, turned: np.ndarray) -> None:
    """Solve ``board`` (``total`` counters, rank ``r0``, a position that is not over) into
    ``db``, solving first the boards of the same count it leads to (an explicit stack: numba
    cannot cache recursive functions). ``work`` holds one frame a row: the board, its count,
    rank, next hole and best value so far; ``child`` and ``turned`` are scratch boards (allocated
    once a layer, not once a board)."""
    k = 2 * m
    # a frame: work[p, 0:k] board, k: total, k+1: rank, k+2: next hole, k+3: best
    for j in range(k):
        work[0, j] = board[j]
    work[0, k] = total
    work[0, k + 1] = r0
    work[0, k + 2] = 0
    work[0, k + 3] = -1000
    p = 0
    while True:
        here = work[p, :k]
        hole = work[p, k + 2]
        if hole == m:
            db[work[p, k + 1]] = work[p, k + 3]
            if p == 0:
                return
            p -= 1
            continue
        if here[hole] == 0:
            work[p, k + 2] = hole + 1
            continue
        left_here = work[p, k]
        gain, kind = sow(here, m, hole, empty_capture, child)
        a, b = row_sums(child, m)
        if over(a, b, kind == AGAIN, end):
            value = gain + end_value(a, b, remaining)
        elif kind == AGAIN:
            value = gain + db[rank(child, k, left_here - gain, binom)]
        else:
            swap_rows(child, m, turned)
            left = left_here - gain
            r = rank(turned, k, left, binom)
            if db[r] == UNKNOWN:
                p += 1
                if p >= work.shape[0]:
                    raise ValueError("endgame database: the stack of same-count boards overflowed")
                for j in range(k):
                    work[p, j] = turned[j]
                work[p, k] = left
                work[p, k + 1] = r
                work[p, k + 2] = 0
                work[p, k + 3] = -1000
                continue
            value = gain - db[r]
        if value > work[p, k + 3]:
            work[p, k + 3] = value
        work[p, k + 2] = m if value == left_here else hole + 1


BLOCK_BITS = 10
"""The parallel fill deals out a layer's ranks in blocks of ``2 ** BLOCK_BITS``."""

PARALLEL_FROM = 1 << 16
"""Layers of fewer boards than this are filled by one thread (starting threads costs more)."""


@njit(cache=True, nogil=True)
def _fill_layer(m: int, empty_capture: bool, remaining: int, end: int, total: int, db: np.ndarray, binom: np.ndarray,
                work: np.ndarray, expired: np.ndarray, part: int = 0, parts: int = 1) -> bool:
    """Solve every board of ``total`` counters whose rank's block (:data:`BLOCK_BITS`) is
    ``part`` modulo ``parts`` (and the boards of the layer they lead to); False if ``expired[0]``
    was raised (:class:`~.watch.Alarm`)."""
    k = 2 * m
    board = np.empty(k, dtype=np.int64)
    child = np.empty(k, dtype=np.int64)
    turned = np.empty(k, dtype=np.int64)
    first_board(board, k, total)
    r = binom[total + k - 1, k]
    step = 0
    while True:
        if (r >> BLOCK_BITS) % parts == part and db[r] == UNKNOWN:
            mover, waiting = row_sums(board, m)
            if over(mover, waiting, True, end):
                db[r] = end_value(mover, waiting, remaining)
            else:
                _solve_board(board, m, empty_capture, remaining, end, total, db, binom, work, r, child, turned)
        r += 1
        step += 1
        if (step & 0xFFFF) == 0 and expired[0]:
            return False
        if not next_board(board, k):
            break
    return True


class EndgameDatabase:
    """The values of every board of at most ``counters`` counters for Kalah with ``holes`` holes a
    row, the empty capture or not, where the counters left at the end go (``remaining``, a key
    of :data:`~.kalah.REMAINING`) and when the game ends (``end``, a key of :data:`~.kalah.ENDS`): ``values[rank(board)]`` (int8, the mover's view).
    ``workers``: the threads that fill each layer (1 or 2; the values are the same byte for byte).
    ``seconds``: each layer's wall time; ``critical_seconds``: the CPU time of the busiest thread
    of each layer, summed (the wall time on as many idle cores as workers)."""

    def __init__(self, holes: int, counters: int, empty_capture: bool, deadline: float = float("inf"),
                 remaining: str = "owner", end: str = "row-empty-after-move", workers: int = 1) -> None:
        check_workers(workers)
        if remaining not in REMAINING:
            raise ValueError(f"remaining must be one of {sorted(REMAINING)}, not {remaining!r}")
        if end not in ENDS:
            raise ValueError(f"end must be one of {sorted(ENDS)}, not {end!r}")
        if holes < 1:
            raise ValueError(f"holes must be at least 1, not {holes}")
        if not 0 <= counters <= 127:
            raise ValueError(f"database counters must be in 0..127, not {counters}")
        self.holes, self.counters, self.empty_capture, self.remaining, self.end = holes, counters, empty_capture, remaining, end
        k = 2 * holes
        self.binom = binomials(max(counters, 1) + k + 1, k)
        self.values = np.full(layers_size(counters, k), UNKNOWN, dtype=np.int8)
        self.seconds: list[float] = []
        self.critical_seconds = 0.0
        works = [np.zeros((counters * holes * 2 + 4, k + 4), dtype=np.int64) for _ in range(workers)]
        rules = (holes, empty_capture, REMAINING[remaining], ENDS[end])

        def fill(total: int, part: int, parts: int, flag: np.ndarray) -> tuple[bool, float]:
            cpu = time.thread_time()
            done = _fill_layer(*rules, total, self.values, self.binom, works[part], flag, part, parts)
            return done, time.thread_time() - cpu

        with ThreadPoolExecutor(workers) as pool, Alarm(deadline) as alarm:
            for total in range(counters + 1):
                started = time.perf_counter()
                parts = workers if layer_size(total, k) >= PARALLEL_FROM else 1
                done = list(pool.map(fill, [total] * parts, range(parts), [parts] * parts, [alarm.flag] * parts))
                if not all(ok for ok, _ in done):
                    raise TimeoutError(f"the endgame database stopped at {total} counters: budget spent")
                self.seconds.append(time.perf_counter() - started)
                self.critical_seconds += max(cpu for _, cpu in done)

    @property
    def nbytes(self) -> int:
        """The database's memory."""
        return int(self.values.nbytes)
