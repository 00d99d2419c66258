"""Sowing kernels shared by the mancala games: laps along a track of holes, with a skip mask.

A *track* is the cycle of holes a lap follows, in sowing order. A two-row game with one shared
cycle has one track per direction; a four-row game gives each player a track round their own two
rows. A *skip mask* marks holes that a lap passes over without sowing (Lobudok's corner holes
while play is restricted). These functions know nothing of any game's rules.

A track is stored as a *track block*, a run of int64 values inside a game's parameter array
(compiled code then passes one array around, not several):
``[L, N, has_skip, track[0..L-1], place[0..N-1], skip[0..N-1]]`` where ``place`` maps a hole to its
position on the track (-1 if not on it). Functions take the parameter array and the block's offset.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit

_L, _N, _HAS_SKIP, _TRACK = 0, 1, 2, 3
TRACK_LENGTH = _L
"""Offset of L in a track block."""
TRACK_HOLES = _TRACK
"""Offset of the first hole of the track in a track block (kernels that must avoid a call per lap
may read ``geo[t + TRACK_HOLES + position]`` directly, as :func:`hole_at` does)."""


@njit(cache=True, inline="always")
def idx(i: np.int64) -> np.uint64:
    """An array index known to be non-negative, as an unsigned integer: numba then leaves out the
    fix-up it compiles into every access with a signed index (``a[-1]`` is the last element), which
    costs three instructions and a dependency per access in the hot loops (a third of the time of
    the four-row games' legal-move scans). Cast only the index, never values that take part in
    arithmetic (int64 mixed with uint64 gives float64)."""
    return np.uint64(i)


def as_int64(bits: int) -> int:
    """A bit mask of up to 64 positions (holes, track positions) as the parameters and the state hold
    it, an int64: bit 63 is its sign. The widest tracks have 64 positions (two rows of 32 holes; a
    player's two rows of 32 on four rows)."""
    return bits - (1 << 64) if bits >= 1 << 63 else bits


def track_block(holes: Sequence[int], n_holes: int, skip: Sequence[int] | None = None,
                compact: bool = False) -> np.ndarray:
    """The block for a track visiting ``holes`` in order on a board of ``n_holes``, skipping ``skip``.

    With ``compact``, the skipped holes are left out of the track instead of being masked (laps
    then take :func:`sow`'s fast path); a lap may still start from a skipped hole: its ``place`` is
    that of the kept hole before it, so the lap sows from the kept hole after it.
    """
    holes = [int(h) for h in holes]
    if len(set(holes)) != len(holes) or not holes:
        raise ValueError(f"a track visits each hole once: {holes}")
    if any(not 0 <= h < n_holes for h in holes):
        raise ValueError(f"track {holes} names a hole outside 0..{n_holes - 1}")
    mask = [0] * n_holes
    for h in skip or ():
        if h not in holes:
            raise ValueError(f"skipped hole {h} is not on the track")
        mask[h] = 1
    if all(mask[h] for h in holes):
        raise ValueError("a track must have a hole that is not skipped")
    if compact and any(mask):
        kept = [h for h in holes if not mask[h]]
        place = [-1] * n_holes
        for i, h in enumerate(kept):
            place[h] = i
        for i, h in enumerate(holes):
            if mask[h]:
                j = i
                while mask[holes[j]]:
                    j -= 1  # wraps round through negative indices
                place[h] = place[holes[j]]
        return np.array([len(kept), n_holes, 0] + kept + place + [0] * n_holes, dtype=np.int64)
    place = [-1] * n_holes
    for i, h in enumerate(holes):
        place[h] = i
    return np.array([len(holes), n_holes, int(any(mask))] + holes + place + mask, dtype=np.int64)


@njit(cache=True, inline="always")
def _walk(board: np.ndarray, geo: np.ndarray, t: np.int64, origin: np.int64, count: np.int64,
          into_origin: bool, delta: np.int64) -> np.int64:
    """Add ``delta`` to each of the ``count`` holes a lap from ``origin`` sows (see :func:`sow`)."""
    n = geo[idx(t + _L)]
    tr = t + _TRACK
    place = tr + n
    p = geo[idx(place + origin)]
    if geo[idx(t + _HAS_SKIP)] == 0 and (into_origin or count < n):
        for _ in range(count):  # fast path: nothing to pass over
            p += 1
            if p == n:
                p = 0
            board[idx(geo[idx(tr + p)])] += delta
        return p
    skip = place + geo[idx(t + _N)]
    while count > 0:
        p += 1
        if p == n:
            p = 0
        h = geo[idx(tr + p)]
        if geo[idx(skip + h)] != 0 or (h == origin and not into_origin):
            continue
        board[idx(h)] += delta
        count -= 1
    return p


@njit(cache=True, inline="always")
def sow(board: np.ndarray, geo: np.ndarray, t: np.int64, origin: np.int64, count: np.int64,
        into_origin: bool) -> np.int64:
    """Sow ``count`` counters one by one into the holes after ``origin`` along the track at ``geo[t:]``.

    Skipped holes are passed over; so is ``origin`` itself when ``into_origin`` is False (a long
    lap then skips its starting hole). The caller has already taken the counters up. Returns the
    track position of the hole where the last counter landed.
    """
    return _walk(board, geo, t, origin, count, into_origin, 1)


@njit(cache=True, inline="always")
def unsow(board: np.ndarray, geo: np.ndarray, t: np.int64, origin: np.int64, count: np.int64,
          into_origin: bool) -> None:
    """Undo a lap exactly: take back the counter :func:`sow` put in each hole and return the
    ``count`` counters to ``origin`` (undo laps in the reverse of the order they were sown)."""
    _walk(board, geo, t, origin, count, into_origin, -1)
    board[origin] += count


@njit(cache=True, inline="always")
def hole_at(geo: np.ndarray, t: np.int64, position: np.int64) -> np.int64:
    """The hole at track position ``position``, taken round the cycle (0 <= position < 2 L)."""
    n = geo[t + _L]
    if position >= n:
        position -= n
    return geo[t + _TRACK + position]


@njit(cache=True, inline="always")
def total(board: np.ndarray, first: np.int64, stop: np.int64) -> np.int64:
    """The number of counters in holes ``first`` .. ``stop - 1`` (a row, when rows are contiguous)."""
    s = 0
    for h in range(first, stop):
        s += board[h]
    return s
