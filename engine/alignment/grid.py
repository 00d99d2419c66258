"""The geometry of a rectangular grid of points, as int64 tables for compiled line kernels.

Points are numbered row by row from the bottom-left corner: point ``p`` is in column ``p % cols``
(letters a, b, ... from the left) and row ``p // cols`` (numbers 1, 2, ... from the bottom), so
``c3`` on a 6-column board is point 2 * 6 + 2 = 14. Steps are orthogonal; lines run along
*axes*: rows and columns (``ORTHOGONAL``), and with ``ALL`` the two diagonals too.

Tables (numpy int64, ready to be packed into a kernel's parameter array):

- ``neighbour_masks``: for each point, the mask of its orthogonal neighbours;
- ``step_table``: for each point and step direction (south, west, east, north: ascending order of
  the point stepped to), the neighbour, or -1 off the board;
- ``axis_table``: for each axis, its shift (the point one step along the axis is p + shift) and
  the masks of the points from which 1, 2 and 3 steps backwards and forwards stay on the board
  along the axis: with them a kernel shifts a whole player's mask along an axis at once, which
  gives, for every point together, how many of the player's pieces follow it on either side
  (the run a piece placed or moved there would stand in);
- ``ray_table``: for each point and ray (axis * 2 + 0 forwards, + 1 backwards), the next point
  along it, or -1, for walking a run point by point.

A run through a point is the set of consecutive points along an axis holding the same player's
pieces.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

ORTHOGONAL = ((0, 1), (1, 0))
"""Axes of rows and columns, as (row step, column step)."""
ALL = ((0, 1), (1, 0), (1, 1), (1, -1))
"""Rows, columns and both diagonals."""
STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))
"""Orthogonal step directions, as (row step, column step): south, west, east, north."""


@dataclass(frozen=True)
class Grid:
    """A rectangular grid of ``rows`` x ``cols`` points (at most 62 points, 26 columns)."""

    rows: int
    cols: int

    def __post_init__(self) -> None:
        if not (1 <= self.cols <= 26 and 1 <= self.rows and self.rows * self.cols <= 62):
            raise ValueError(f"a grid of {self.rows} x {self.cols} points is not supported")

    @property
    def points(self) -> int:
        return self.rows * self.cols

    @property
    def full(self) -> int:
        """The mask of every point."""
        return (1 << self.points) - 1

    # --- names --------------------------------------------------------------------------------
    def name(self, p: int) -> str:
        """The name of point ``p``: column letter and row number, e.g. ``c3``."""
        if not 0 <= p < self.points:
            raise ValueError(f"no point {p} on a {self.rows} x {self.cols} grid")
        return f"{chr(ord('a') + p % self.cols)}{p // self.cols + 1}"

    def parse(self, text: str) -> int:
        """The point a name gives (``c3``, case and surrounding blanks ignored); ValueError if none."""
        t = text.strip().lower() if isinstance(text, str) else ""
        if len(t) >= 2 and "a" <= t[0] <= chr(ord("a") + self.cols - 1) and t[1:].isdigit() and t[1] != "0":
            row = int(t[1:])
            if 1 <= row <= self.rows:
                return (row - 1) * self.cols + ord(t[0]) - ord("a")
        raise ValueError(f"unknown point {text!r}: points are a1..{self.name(self.points - 1)}")

    def names(self, mask: int) -> list[str]:
        """The names of the points of ``mask``, ascending."""
        return [self.name(p) for p in range(self.points) if mask >> p & 1]

    def _at(self, r: int, c: int) -> int:
        return r * self.cols + c if 0 <= r < self.rows and 0 <= c < self.cols else -1

    # --- tables -------------------------------------------------------------------------------
    def neighbour_masks(self) -> np.ndarray:
        out = np.zeros(self.points, dtype=np.int64)
        for p in range(self.points):
            r, c = divmod(p, self.cols)
            for dr, dc in STEPS:
                q = self._at(r + dr, c + dc)
                if q >= 0:
                    out[p] |= 1 << q
        return out

    def step_table(self) -> np.ndarray:
        out = np.full((self.points, len(STEPS)), -1, dtype=np.int64)
        for p in range(self.points):
            r, c = divmod(p, self.cols)
            for d, (dr, dc) in enumerate(STEPS):
                out[p, d] = self._at(r + dr, c + dc)
        return out

    def axis_table(self, axes: tuple[tuple[int, int], ...]) -> np.ndarray:
        """For each axis: its shift, then the masks beyond1..3 backwards and beyond1..3 forwards.

        The shift of axis (dr, dc) is dr * cols + dc (positive for every axis here): the point k
        steps forwards from t is t + k * shift. ``back[k]`` holds the points t whose point k
        steps backwards is on the board along the axis (no wrapping round an edge), ``fwd[k]``
        those whose point k steps forwards is.
        """
        out = np.zeros((len(axes), 7), dtype=np.int64)
        for a, (dr, dc) in enumerate(axes):
            shift = dr * self.cols + dc
            if shift <= 0:
                raise ValueError(f"axis {(dr, dc)} must point up or right (a positive shift)")
            out[a, 0] = shift
            for p in range(self.points):
                r, c = divmod(p, self.cols)
                for k in (1, 2, 3):
                    if self._at(r - k * dr, c - k * dc) >= 0:
                        out[a, k] |= 1 << p
                    if self._at(r + k * dr, c + k * dc) >= 0:
                        out[a, 3 + k] |= 1 << p
        return out

    def ray_table(self, axes: tuple[tuple[int, int], ...]) -> np.ndarray:
        out = np.full((self.points, 2 * len(axes)), -1, dtype=np.int64)
        for p in range(self.points):
            r, c = divmod(p, self.cols)
            for a, (dr, dc) in enumerate(axes):
                out[p, 2 * a] = self._at(r + dr, c + dc)
                out[p, 2 * a + 1] = self._at(r - dr, c - dc)
        return out

    # --- text ---------------------------------------------------------------------------------
    def rows_text(self, masks: tuple[int, int], symbols: str = "xo", empty: str = ".") -> list[str]:
        """The board as one string per row, the top row first, one symbol per point."""
        out = []
        for r in reversed(range(self.rows)):
            row = ""
            for c in range(self.cols):
                p = r * self.cols + c
                row += symbols[0] if masks[0] >> p & 1 else symbols[1] if masks[1] >> p & 1 else empty
            out.append(row)
        return out

    def parse_rows(self, rows: object, symbols: str = "xo", empty: str = ".") -> tuple[int, int]:
        """The two players' masks from rows as ``rows_text`` writes them (blanks inside a row ignored)."""
        if not isinstance(rows, (list, tuple)) or len(rows) != self.rows:
            raise ValueError(f"a board is a list of {self.rows} rows (top row first), not {rows!r}")
        masks = [0, 0]
        for i, row in enumerate(rows):
            r = self.rows - 1 - i
            cells = row.replace(" ", "") if isinstance(row, str) else None
            if cells is None or len(cells) != self.cols:
                raise ValueError(f"board row {r + 1} must be {self.cols} points of "
                                 f"{symbols[0]!r}, {symbols[1]!r} or {empty!r}, not {row!r}")
            for c, ch in enumerate(cells):
                if ch == empty:
                    continue
                if ch not in symbols:
                    raise ValueError(f"point {self.name(r * self.cols + c)}: unknown symbol {ch!r}; "
                                     f"use {symbols[0]!r}, {symbols[1]!r} or {empty!r}")
                masks[symbols.index(ch)] |= 1 << (r * self.cols + c)
        return masks[0], masks[1]
