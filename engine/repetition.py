"""Proving a move endless: the table of configurations seen within one move.

A relay move is a deterministic process: the next lap depends only on the hole taken up and the
board. So if the same (hole, board) configuration comes back within one move, the move is proved
endless, with no guessing by lap counts. Detection is exact and happens at the first repeat.

Because a move that repeats a configuration can never end, a move that ends needs no checking at
all. So a game kernel plays a move in two passes: a quick pass without logging, from a snapshot
of the state taken at the start of the move (``begin_move``); if the move is still going after
``QUICK_LAPS`` laps, it restores the snapshot (``restore``) and plays the move again, logging
every configuration (``seen_before``). The answer is the same as logging from the start; the
cost falls on the few long moves only.

The table is one int64 array (compiled code passes it around cheaply). Every configuration of the
current move is logged in full. The first ``LINEAR`` configurations are searched by a linear scan
(most moves have a few laps); past that, an open-addressing hash table of 64-bit keys takes over,
and a hit is confirmed by comparing the logged configuration in full, so a hash collision can
never make a move look endless. Hash entries carry the number of the move that wrote them (a
generation stamp), so starting a new move costs nothing: no clearing.

Layout: header ``[generation, rows in use, capacity (power of 2), max rows, width, snapshot size]``,
then the snapshot, the keys, the stamps, the row of each slot, and the log (``max rows`` rows of
``width + 1``: hole, board).
"""

from __future__ import annotations

import numpy as np
from numba import njit

LINEAR = 16
"""Configurations searched by linear scan before the hash table takes over."""
QUICK_LAPS = 32
"""Laps a move may take in the quick pass (no logging) before it is replayed with logging."""

_GEN, _ROWS, _CAP, _MAXROWS, _WIDTH, _SNAP = 0, 1, 2, 3, 4, 5
_HEADER = 6

_FNV = np.uint64(0x100000001B3)
_SEED = np.uint64(0xCBF29CE484222325)
_S29 = np.uint64(29)
_S32 = np.uint64(32)


def new_table(width: int, max_configs: int, snapshot: int) -> np.ndarray:
    """A table for configurations of ``width`` board cells plus a hole, up to ``max_configs`` per move,
    with room for a snapshot of a state of ``snapshot`` values."""
    if width < 1 or max_configs < 1 or snapshot < width:
        raise ValueError("a repetition table needs a positive width and capacity, and a snapshot >= width")
    cap = 16
    while cap < 2 * max_configs:
        cap *= 2
    table = np.zeros(_HEADER + snapshot + 3 * cap + max_configs * (width + 1), dtype=np.int64)
    table[_CAP] = cap
    table[_MAXROWS] = max_configs
    table[_WIDTH] = width
    table[_SNAP] = snapshot
    return table


@njit(cache=True, inline="always")
def begin_move(table: np.ndarray, st: np.ndarray, size: np.int64) -> None:
    """Start a move: forget the configurations of the previous one and snapshot ``st[:size]``.

    ``size`` is at most the snapshot size the table was made with (a constant of the game, so
    that the compiler can unroll the copy).
    """
    table[_GEN] += 1
    table[_ROWS] = 0
    for i in range(size):
        table[_HEADER + i] = st[i]


@njit(cache=True, inline="always")
def restore(table: np.ndarray, st: np.ndarray, size: np.int64) -> None:
    """Put ``st[:size]`` back as it was at ``begin_move`` (the log stays empty)."""
    for i in range(size):
        st[i] = table[_HEADER + i]


@njit(cache=True, inline="always")
def begin_move_split(table: np.ndarray, st: np.ndarray, size: np.int64, at: np.int64, count: np.int64) -> None:
    """:func:`begin_move` for a state whose move changes two runs of it: ``st[:size]`` (the board) and
    ``st[at:at + count]`` (fields at a constant offset); ``size + count`` fits the table's snapshot."""
    table[_GEN] += 1
    table[_ROWS] = 0
    for i in range(size):
        table[_HEADER + i] = st[i]
    for i in range(count):
        table[_HEADER + size + i] = st[at + i]


@njit(cache=True, inline="always")
def restore_split(table: np.ndarray, st: np.ndarray, size: np.int64, at: np.int64, count: np.int64) -> None:
    """Put back what :func:`begin_move_split` took."""
    for i in range(size):
        st[i] = table[_HEADER + i]
    for i in range(count):
        st[at + i] = table[_HEADER + size + i]


@njit(cache=True, inline="always")
def _hash_row(table: np.ndarray, at: np.int64, width: np.int64) -> np.int64:
    h = _SEED
    for i in range(width + 1):
        h = (h ^ np.uint64(table[at + i])) * _FNV
    h ^= h >> _S29
    return np.int64(h)


@njit(cache=True, inline="always")
def _insert(table: np.ndarray, row: np.int64, key: np.int64) -> None:
    cap = table[_CAP]
    keys = _HEADER + table[_SNAP]
    stamps = keys + cap
    rows = stamps + cap
    slot = (key ^ (key >> 32)) & (cap - 1)
    while table[stamps + slot] == table[_GEN]:
        slot = (slot + 1) & (cap - 1)
    table[stamps + slot] = table[_GEN]
    table[keys + slot] = key
    table[rows + slot] = row


@njit(cache=True, inline="always")
def seen_before(table: np.ndarray, hole: np.int64, board: np.ndarray) -> bool:
    """True if (hole, board[:width]) was already seen in this move; otherwise remember it."""
    width = table[_WIDTH]
    cap = table[_CAP]
    keys = _HEADER + table[_SNAP]
    log = keys + 3 * cap
    stride = width + 1
    n = table[_ROWS]
    if n >= table[_MAXROWS]:
        raise ValueError("repetition table full: more configurations in one move than its capacity")
    at = log + n * stride
    table[at] = hole
    for i in range(width):
        table[at + 1 + i] = board[i]
    if n < LINEAR:
        for r in range(n):
            other = log + r * stride
            if table[other] == hole:
                same = True
                for i in range(width):
                    if table[other + 1 + i] != board[i]:
                        same = False
                        break
                if same:
                    return True
        table[_ROWS] = n + 1
        if n + 1 == LINEAR:  # from now on, look up by hash
            for r in range(LINEAR):
                _insert(table, r, _hash_row(table, log + r * stride, width))
        return False
    key = _hash_row(table, at, width)
    stamps = keys + cap
    rows = stamps + cap
    slot = (key ^ (key >> 32)) & (cap - 1)
    while table[stamps + slot] == table[_GEN]:
        if table[keys + slot] == key:
            other = log + table[rows + slot] * stride
            same = True
            for i in range(width + 1):
                if table[other + i] != table[at + i]:
                    same = False
                    break
            if same:
                return True
        slot = (slot + 1) & (cap - 1)
    table[stamps + slot] = table[_GEN]
    table[keys + slot] = key
    table[rows + slot] = n
    table[_ROWS] = n + 1
    return False
