"""The transposition table: fixed-size numpy arrays of bounds, probed and filled by the search.

Entries come in buckets of two. The first slot keeps the entry whose subtree cost the most nodes
(depth-preferred: a newcomer that cost more pushes the old first entry down), the second takes
whatever the first refuses (always replace): a two-level replacement scheme. A key is the board's rank plus one (0 marks an empty slot); an entry holds
a lower and an upper bound of the mover's value, the best move found, and the nodes its search
took.
"""

from __future__ import annotations

import numpy as np
from numba import njit

NO_MOVE = -1
"""The best move of an entry that has none."""


class TranspositionTable:
    """``2 ** bits`` buckets of two entries (``bits`` from 4 to 34)."""

    def __init__(self, bits: int) -> None:
        if not 4 <= bits <= 34:
            raise ValueError(f"transposition table bits must be in 4..34, not {bits}")
        self.bits = bits
        size = 2 << bits
        self.keys = np.zeros(size, dtype=np.int64)
        self.lower = np.zeros(size, dtype=np.int8)
        self.upper = np.zeros(size, dtype=np.int8)
        self.move = np.full(size, NO_MOVE, dtype=np.int8)
        self.work = np.zeros(size, dtype=np.int32)

    @property
    def nbytes(self) -> int:
        """The table's memory."""
        return int(self.keys.nbytes + self.lower.nbytes + self.upper.nbytes + self.move.nbytes + self.work.nbytes)

    def used(self) -> int:
        """How many entries hold a position."""
        return int(np.count_nonzero(self.keys))


@njit(cache=True, inline="always")
def bucket(key: np.int64, bits: int) -> np.int64:
    """The first slot of ``key``'s bucket (Fibonacci hashing of the rank)."""
    h = np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)
    return np.int64(h >> np.uint64(64 - bits)) * 2


@njit(cache=True, inline="always")
def probe(keys: np.ndarray, key: np.int64, bits: int) -> np.int64:
    """The slot holding ``key``, or -1."""
    i = bucket(key, bits)
    if keys[i] == key + 1:
        return i
    if keys[i + 1] == key + 1:
        return i + 1
    return np.int64(-1)


@njit(cache=True, inline="always")
def store(keys: np.ndarray, lower: np.ndarray, upper: np.ndarray, move: np.ndarray, work: np.ndarray,
          key: np.int64, bits: int, lo: int, hi: int, best: int, nodes: np.int64) -> None:
    """Record that the value of ``key`` lies in ``lo..hi`` (narrowing what the table knew)."""
    i = bucket(key, bits)
    w = nodes if nodes < 2_000_000_000 else 2_000_000_000
    for s in range(2):
        if keys[i + s] == key + 1:
            if lower[i + s] > lo:
                lo = lower[i + s]
            if upper[i + s] < hi:
                hi = upper[i + s]
            lower[i + s] = lo
            upper[i + s] = hi
            if best >= 0:
                move[i + s] = best
            if w > work[i + s]:
                work[i + s] = w
            return
    if w >= work[i]:
        keys[i + 1] = keys[i]
        lower[i + 1] = lower[i]
        upper[i + 1] = upper[i]
        move[i + 1] = move[i]
        work[i + 1] = work[i]
        s = 0
    else:
        s = 1
    keys[i + s] = key + 1
    lower[i + s] = lo
    upper[i + s] = hi
    move[i + s] = best
    work[i + s] = w
