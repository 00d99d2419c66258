"""Compiled line kernels of an alignment board: runs of a player's pieces along the axes, bit-parallel.

A player's pieces are an int64 mask (engine.alignment.grid numbers the points). The kernels read
two tables of engine.alignment.grid from a game's int64 parameter array, at offsets the game
passes in:

- the *axis block* at ``axes``: ``par[axes]`` is the number of axes lines run along (2: rows and
  columns; 4: the diagonals too), then ``Grid.axis_table`` (axis ``a``'s shift, then its masks
  back1..3 and fwd1..3) from ``par[axes + 1 + 7 a]``;
- the *ray table* at ``rays``: ``par[rays + 8 t + r]`` is the next point from ``t`` along ray ``r``
  (axis * 2 + 0 forwards, + 1 backwards), or -1 (``Grid.ray_table`` padded to 8 rays a point).

Shifting a player's mask along an axis tells, for every point at once, how many of the player's
pieces precede and follow it: so the test for a line through the piece just moved, the points
where a placement would make a line, and the pieces standing in lines are a few dozen word
operations each, without loops over points. All kernels are inlined into their callers.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.alignment.bits import popcount


def edge_columns(rows: int, cols: int) -> tuple[int, int]:
    """The masks of the first (a) and last column of a ``rows`` x ``cols`` board (for :func:`line_through`)."""
    first = sum(1 << (r * cols) for r in range(rows))
    return first, first << (cols - 1)


@njit(cache=True, inline="always")
def line_through(own, t, diagonals, cols, col_a, col_f):
    """True if ``own`` (which holds t) has a run of three or more through ``t``.

    Bit-parallel and branch-free (the fast path's test): along each axis of shift s, ``a``
    marks the points i with i and i + s both held (not wrapping round an edge: ``col_a`` and
    ``col_f`` are the masks of the first and last column, :func:`edge_columns`) and ``b`` the
    starts of full windows of three, i, i + s, i + 2s; t is in a line if a window starts at t,
    t - s or t - 2s. Agrees with run_masks (tests/engine/test_tauru_api.py).
    """
    a = own & (own >> 1) & ~col_f
    b = a & (a >> 1)
    hit = b | (b << 1) | (b << 2)
    a = own & (own >> cols)
    b = a & (a >> cols)
    hit |= b | (b << cols) | (b << (2 * cols))
    if diagonals:
        a = own & (own >> (cols + 1)) & ~col_f
        b = a & (a >> (cols + 1))
        hit |= b | (b << (cols + 1)) | (b << (2 * cols + 2))
        a = own & (own >> (cols - 1)) & ~col_a
        b = a & (a >> (cols - 1))
        hit |= b | (b << (cols - 1)) | (b << (2 * cols - 2))
    return (hit >> t) & 1 != 0


@njit(cache=True, inline="always")
def side_runs(par, axes, own, a):
    """Along axis ``a``, for every point t at once: is t followed by 1, 2, 3 pieces of ``own``?

    Returns ``(b1, b2, b3, f1, f2, f3)``: bit t of ``bk`` is set if the k points backwards from
    t (t - s, ..., t - k s, s the axis's shift) are all on the board and held by ``own``; ``fk``
    the same forwards. Whatever t itself holds does not matter.
    """
    base = axes + 1 + 7 * a
    s = par[base]
    b1 = (own << s) & par[base + 1]
    b2 = b1 & (own << (2 * s)) & par[base + 2]
    b3 = b2 & (own << (3 * s)) & par[base + 3]
    f1 = (own >> s) & par[base + 4]
    f2 = f1 & (own >> (2 * s)) & par[base + 5]
    f3 = f2 & (own >> (3 * s)) & par[base + 6]
    return b1, b2, b3, f1, f2, f3


@njit(cache=True, inline="always")
def run_masks(par, axes, own):
    """For every point t at once, the run a piece of ``own`` on t stands (or would stand) in.

    Returns three masks: t is in a run of three or more along some axis; of exactly three along
    some axis; of four or more along some axis (1 + the pieces before + the pieces after).
    """
    full = np.int64(0)
    exact = np.int64(0)
    long = np.int64(0)
    for a in range(par[axes]):
        b1, b2, b3, f1, f2, f3 = side_runs(par, axes, own, a)
        ge3 = b2 | f2 | (b1 & f1)
        ge4 = b3 | f3 | (b2 & f1) | (b1 & f2)
        full |= ge3
        exact |= ge3 & ~ge4
        long |= ge4
    return full, exact, long


@njit(cache=True, inline="always")
def run_along(par, rays, own, t, axis):
    """The maximal run of ``own`` through ``t`` (which ``own`` holds) along ``axis``, as a mask."""
    run = np.int64(1) << t
    for r in range(2 * axis, 2 * axis + 2):
        q = par[rays + t * 8 + r]
        while q >= 0 and (own >> q) & 1:
            run |= np.int64(1) << q
            q = par[rays + q * 8 + r]
    return run


@njit(cache=True, inline="always")
def counting_lines(par, axes, rays, own, t, long_ignored):
    """The lines through ``t`` that count, one mask per axis (0: none): a 4-tuple. A run of three
    counts; a longer one too, unless ``long_ignored``."""
    out0 = np.int64(0)
    out1 = np.int64(0)
    out2 = np.int64(0)
    out3 = np.int64(0)
    for a in range(par[axes]):
        run = run_along(par, rays, own, t, a)
        n = popcount(run)
        if n == 3 or (n > 3 and not long_ignored):
            if a == 0:
                out0 = run
            elif a == 1:
                out1 = run
            elif a == 2:
                out2 = run
            else:
                out3 = run
    return out0, out1, out2, out3


@njit(cache=True, inline="always")
def lines_of(par, axes, own, long_ignored):
    """The points of ``own`` standing in a line that counts, as a mask.

    Along each axis, ``start`` marks the first points of three in a row (with ``long_ignored``,
    of runs of exactly three); a line covers its start and the next two points.
    """
    m = np.int64(0)
    for a in range(par[axes]):
        base = axes + 1 + 7 * a
        s = par[base]
        start = own & (own >> s) & par[base + 4] & (own >> (2 * s)) & par[base + 5]
        if long_ignored:
            start &= ~((own << s) & par[base + 1]) & ~((own >> (3 * s)) & par[base + 6])
        m |= start | (start << s) | (start << (2 * s))
    return m
