"""The transposition table: one numpy array of packed entries, probed and filled by the search.

Entries come in buckets of two. The first slot keeps the entry whose subtree cost the most nodes
(depth-preferred: a newcomer that cost more pushes the old first entry down), the second takes
whatever the first refuses (always replace): a two-level replacement scheme.

An entry is two int64 words, so a bucket is 32 bytes and one cache line holds it whole (the
table is far larger than the caches: a probe costs one miss, where separate arrays of keys,
bounds, moves and costs cost one each). Word 0 is the key, the board's rank plus one, XORed with
word 1 (an empty slot is two zeros, which no key matches); word 1 packs the lower and the upper bound of the mover's value (8 bits each,
offset by 128), the best move found (8 bits, offset by 1; 0 for none) and the nodes its search
took (32 bits).

The XOR is Hyatt's lockless hashing (Hyatt & Mann, "A lockless transposition table
implementation for parallel search", ICGA Journal 2002): threads that share one table
(:func:`~.search.solve` with ``workers=2``) write an entry's two words one after the other, so a
reader may see the key of one entry with the data of another; word 0 then no longer XORs with
word 1 to the probed key, and the torn entry reads as absent instead of lending one board's
bounds to another.
"""

from __future__ import annotations

import numpy as np
from numba import njit

NO_MOVE = -1
"""The best move of an entry that has none."""

MAX_WORK = 2_000_000_000
"""The largest cost an entry records (the field has 32 bits)."""


class TranspositionTable:
    """``2 ** bits`` buckets of two entries (``bits`` from 4 to 34): ``slots[i] = (key, packed)``."""

    def __init__(self, bits: int) -> None:
        if not 4 <= bits <= 34:
            raise ValueError(f"transposition table bits must be in 4..34, not {bits}")
        self.bits = bits
        self.slots = np.zeros((2 << bits, 2), dtype=np.int64)

    @property
    def nbytes(self) -> int:
        """The table's memory."""
        return int(self.slots.nbytes)

    def used(self) -> int:
        """How many entries hold a position."""
        return int(np.count_nonzero(self.slots[:, 0] | self.slots[:, 1]))


@njit(cache=True, inline="always")
def pack(lo: int, hi: int, best: int, work: int) -> np.int64:
    """One entry's word 1."""
    return np.int64(lo + 128) | (np.int64(hi + 128) << 8) | (np.int64(best + 1) << 16) | (np.int64(work) << 24)


@njit(cache=True, inline="always")
def lower_of(word: np.int64) -> int:
    """The lower bound packed in ``word``."""
    return np.int64(word & 0xFF) - 128


@njit(cache=True, inline="always")
def upper_of(word: np.int64) -> int:
    """The upper bound packed in ``word``."""
    return np.int64((word >> 8) & 0xFF) - 128


@njit(cache=True, inline="always")
def move_of(word: np.int64) -> int:
    """The best move packed in ``word`` (:data:`NO_MOVE` for none)."""
    return np.int64((word >> 16) & 0xFF) - 1


@njit(cache=True, inline="always")
def work_of(word: np.int64) -> int:
    """The cost packed in ``word``."""
    return np.int64(word >> 24)


@njit(cache=True, inline="always")
def bucket(key: np.int64, bits: int) -> np.int64:
    """The first slot of ``key``'s bucket (Fibonacci hashing of the rank)."""
    h = np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)
    return np.int64(h >> np.uint64(64 - bits)) * 2


@njit(cache=True, inline="always")
def probe(slots: np.ndarray, key: np.int64, bits: int) -> np.int64:
    """The slot holding ``key``, or -1."""
    i = bucket(key, bits)
    if slots[i, 0] ^ slots[i, 1] == key + 1:
        return i
    if slots[i + 1, 0] ^ slots[i + 1, 1] == key + 1:
        return i + 1
    return np.int64(-1)


ABSENT = 0
"""What :func:`lookup` gives for a key the table does not hold (no entry packs to 0: its bounds
are offset by 128 and a value is never -128)."""


@njit(cache=True, inline="always")
def lookup(slots: np.ndarray, key: np.int64, bits: int) -> np.int64:
    """The packed word 1 of ``key``'s entry, or :data:`ABSENT`: each word read once, so that an
    entry another thread writes meanwhile cannot pass the check with one word and lend the
    other (a shared table)."""
    i = bucket(key, bits)
    for s in range(2):
        word = slots[i + s, 1]
        if slots[i + s, 0] ^ word == key + 1:
            return word
    return np.int64(ABSENT)


@njit(cache=True, inline="always")
def store(slots: np.ndarray, key: np.int64, bits: int, lo: int, hi: int, best: int, nodes: np.int64) -> None:
    """Record that the value of ``key`` lies in ``lo..hi`` (narrowing what the table knew)."""
    i = bucket(key, bits)
    w = nodes if nodes < MAX_WORK else MAX_WORK
    for s in range(2):
        old = slots[i + s, 1]
        if slots[i + s, 0] ^ old == key + 1:
            if lower_of(old) > lo:
                lo = lower_of(old)
            if upper_of(old) < hi:
                hi = upper_of(old)
            if best < 0:
                best = move_of(old)
            if work_of(old) > w:
                w = work_of(old)
            word = pack(lo, hi, best, w)
            slots[i + s, 0] = (key + 1) ^ word
            slots[i + s, 1] = word
            return
    first_key = slots[i, 0]
    first = slots[i, 1]
    if w >= work_of(first):
        slots[i + 1, 0] = first_key
        slots[i + 1, 1] = first
        s = 0
    else:
        s = 1
    word = pack(lo, hi, best, w)
    slots[i + s, 0] = (key + 1) ^ word
    slots[i + s, 1] = word


NO_BOUND = 127
"""The bound of an entry that knows only a move: no value of a board reaches it."""


@njit(cache=True)
def seed_moves(source: np.ndarray, target: np.ndarray, bits: int) -> int:
    """Copy the best move of every entry of the table ``source`` into ``target`` (``2 ** bits``
    buckets) with no bounds: the moves of a heuristic search order the exact one, its values do
    not enter it. Returns how many moves were copied."""
    copied = 0
    for i in range(source.shape[0]):
        key = source[i, 0] ^ source[i, 1]
        if key == 0:
            continue
        best = move_of(source[i, 1])
        if best < 0:
            continue
        store(target, key - 1, bits, -NO_BOUND, NO_BOUND, best, 0)
        copied += 1
    return copied
