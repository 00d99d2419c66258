"""Combinatorial ranks of boards: every way of laying ``N`` counters in ``k`` holes numbered
``0 .. C(N + k - 1, k - 1) - 1`` (stars and bars), boards of fewer counters first.

The rank of a board is its index in the endgame database and its key in the transposition
table. Within a layer (one count of counters) the order is lexicographic over the holes, which
:func:`next_board` walks.
"""

from __future__ import annotations

import numpy as np
from numba import njit

INT64_MAX = np.iinfo(np.int64).max


def binomials(n_max: int, k_max: int) -> np.ndarray:
    """``C(n, r)`` for ``n <= n_max``, ``r <= k_max``, as int64; ValueError if one overflows."""
    table = [[0] * (k_max + 1) for _ in range(n_max + 1)]
    for n in range(n_max + 1):
        table[n][0] = 1
        for r in range(1, min(n, k_max) + 1):
            table[n][r] = table[n - 1][r - 1] + (table[n - 1][r] if r <= n - 1 else 0)
            if table[n][r] > INT64_MAX:
                raise ValueError(f"C({n}, {r}) does not fit in 64 bits: board too large to rank")
    return np.array(table, dtype=np.int64)


def layer_size(counters: int, k: int) -> int:
    """How many boards lay ``counters`` counters in ``k`` holes."""
    from math import comb
    return comb(counters + k - 1, k - 1)


def layers_size(counters: int, k: int) -> int:
    """How many boards hold at most ``counters`` counters in ``k`` holes."""
    from math import comb
    return comb(counters + k, k)


@njit(cache=True)
def rank(board: np.ndarray, k: int, total: int, binom: np.ndarray) -> np.int64:
    """The rank of ``board`` (``k`` holes, ``total`` counters) among all boards of ``k`` holes."""
    r = binom[total + k - 1, k]  # the boards with fewer counters
    left = total
    for i in range(k - 1):
        v = board[i]
        if v:
            j = k - i
            r += binom[left + j - 1, j - 1] - binom[left - v + j - 1, j - 1]
            left -= v
    return r


@njit(cache=True)
def first_board(board: np.ndarray, k: int, total: int) -> None:
    """The first board of a layer: every counter in the last hole."""
    for i in range(k):
        board[i] = 0
    board[k - 1] = total


@njit(cache=True)
def next_board(board: np.ndarray, k: int) -> bool:
    """Step ``board`` to the next board of its layer; False after the last one."""
    p = k - 1
    while p >= 1 and board[p] == 0:
        p -= 1
    if p == 0:
        return False
    tail = board[p]
    board[p] = 0
    board[p - 1] += 1
    board[k - 1] = tail - 1
    return True
