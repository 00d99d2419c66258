"""Compiled line kernels of a board of points and lines (engine.alignment.points): the board's lines of
three, as masks in the parameter array (engine.alignment.layout ``LINES``: their number, then each
line's mask; ``PLINES``: the masks of the lines through each point, 0-padded). The counterparts of
engine.alignment.lines, whose kernels shift a grid's masks along its axes; all are inlined into
their callers.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.alignment.bits import popcount
from engine.alignment.layout import LINES, PLINES
from engine.alignment.points import LINES_A_POINT


@njit(cache=True, inline="always")
def line_through(par, own, t):
    """True if ``own`` holds every point of a line through ``t``."""
    base = PLINES + LINES_A_POINT * t
    for i in range(LINES_A_POINT):
        m = par[base + i]
        if m == 0:
            return False
        if own & m == m:
            return True
    return False


@njit(cache=True, inline="always")
def counting_lines(par, own, t):
    """The lines through ``t`` that ``own`` holds, as four masks (0: none), like
    engine.alignment.lines.counting_lines."""
    base = PLINES + LINES_A_POINT * t
    out0 = par[base] if own & par[base] == par[base] else np.int64(0)
    out1 = par[base + 1] if own & par[base + 1] == par[base + 1] else np.int64(0)
    out2 = par[base + 2] if own & par[base + 2] == par[base + 2] else np.int64(0)
    out3 = par[base + 3] if own & par[base + 3] == par[base + 3] else np.int64(0)
    return out0, out1, out2, out3


@njit(cache=True, inline="always")
def lines_of(par, own):
    """The points of ``own`` standing in a line, as a mask."""
    m = np.int64(0)
    for i in range(par[LINES]):
        line = par[LINES + 1 + i]
        if own & line == line:
            m |= line
    return m


@njit(cache=True, inline="always")
def line_makers(par, own, empty):
    """The empty points where a piece of ``own`` would complete a line, as a mask."""
    m = np.int64(0)
    for i in range(par[LINES]):
        line = par[LINES + 1 + i]
        if popcount(own & line) == 2:
            m |= line & empty
    return m
