"""Boards of points and lines (the morris boards, the 3 x 3 board with its diagonals, or any board given
point by point in a description), as int64 tables for the alignment machine's compiled kernels
(engine.alignment.point_lines), beside the rectangular grid of engine.alignment.grid.

A board of points and lines is its points, its lines (three points each: a line is made when one
player holds all three) and its adjacency (where a piece may step). Points are named by column letter
and row number on the lattice the board is drawn on, from the bottom-left corner (``a1``), and
numbered row by row from the bottom, left to right: so the machine's masks, move numbers and legal
moves follow the names' order. A description gives the board (schema.alignment.Board):

- ``morris`` with ``squares``: concentric squares joined by lines across the midpoints of their sides
  (not through the inner square), drawn on a (2 squares + 1)-point lattice. Each side of a square is
  a line; the joining lines are lines where they have three points (three squares: Nine Men's
  Morris' 24 points a1 .. g7 and 16 lines), and only steps where they have two (two squares: Six
  Men's Morris' 16 points a1 .. e5 and 8 lines). Steps go between consecutive points of a side or a
  joining line;
- ``three-by-three``: nine points a1 .. c3, lines along the rows, the columns and both diagonals,
  steps between consecutive points of a line (so the centre reaches all eight others);
- ``points``: the points, the lines and the extra steps as the description lists them.

Tables (numpy int64, packed into the parameter array by engine.alignment.description):
``neighbour_masks`` (for each point, the mask of the points it steps to), ``line_masks`` (each line's
mask) and ``lines_through`` (for each point, the masks of the lines through it, 0-padded to
:data:`LINES_A_POINT`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from schema.alignment import Board

LINES_A_POINT = 4
"""The most lines through one point the tables hold."""
MAX_LINES = 48
"""The most lines a board may have."""


def _coords(name: str) -> tuple[int, int]:
    """(column, row), 0-based, of a point named by column letter and row number (``c3`` -> (2, 2))."""
    t = name.strip().lower()
    if len(t) < 2 or not "a" <= t[0] <= "z" or not t[1:].isdigit() or t[1] == "0":
        raise ValueError(f"point {name!r}: a point is named by a column letter and a row number, e.g. c3")
    return ord(t[0]) - ord("a"), int(t[1:]) - 1


def _name(col: int, row: int) -> str:
    return f"{chr(ord('a') + col)}{row + 1}"


@dataclass(frozen=True)
class Points:
    """A board of points and lines: ``point_names`` (in the machine's order), ``lines`` and ``steps`` (pairs of
    adjacent points), each by point number. Made by :func:`board_of`."""

    point_names: tuple[str, ...]
    lines: tuple[tuple[int, ...], ...]
    steps: tuple[tuple[int, int], ...]

    @property
    def points(self) -> int:
        return len(self.point_names)

    @property
    def full(self) -> int:
        """The mask of every point."""
        return (1 << self.points) - 1

    @cached_property
    def _lattice(self) -> tuple[tuple[int, int], ...]:
        return tuple(_coords(n) for n in self.point_names)

    @cached_property
    def cols(self) -> int:
        """The columns of the lattice the board is drawn on."""
        return 1 + max(c for c, _ in self._lattice)

    @cached_property
    def rows(self) -> int:
        """The rows of the lattice the board is drawn on."""
        return 1 + max(r for _, r in self._lattice)

    def coords(self, p: int) -> tuple[int, int]:
        """(column, row) of point ``p`` on the lattice, 0-based from the bottom-left corner."""
        return self._lattice[p]

    # --- names (as engine.alignment.grid.Grid names a grid's) ------------------------------------
    def name(self, p: int) -> str:
        if not 0 <= p < self.points:
            raise ValueError(f"no point {p} on a board of {self.points} points")
        return self.point_names[p]

    def parse(self, text: str) -> int:
        """The point a name gives (``d7``, case and surrounding blanks ignored); ValueError if none."""
        t = text.strip().lower() if isinstance(text, str) else ""
        if t in self.point_names:
            return self.point_names.index(t)
        raise ValueError(f"unknown point {text!r}: the points are {', '.join(self.point_names)}")

    def names(self, mask: int) -> list[str]:
        """The names of the points of ``mask``, in the machine's order."""
        return [self.point_names[p] for p in range(self.points) if mask >> p & 1]

    @cached_property
    def row_points(self) -> tuple[tuple[int, ...], ...]:
        """The points of each lattice row holding points, the top row first, each row left to right."""
        rows: list[list[int]] = [[] for _ in range(self.rows)]
        for p in range(self.points):
            rows[self.rows - 1 - self._lattice[p][1]].append(p)
        return tuple(tuple(r) for r in rows if r)

    def rows_text(self, masks: tuple[int, int], symbols: str = "xo", empty: str = ".") -> list[str]:
        """The board as one string per lattice row holding points, the top first, one symbol per point."""
        return ["".join(symbols[0] if masks[0] >> p & 1 else symbols[1] if masks[1] >> p & 1 else empty for p in row)
                for row in self.row_points]

    def parse_rows(self, rows: object, symbols: str = "xo", empty: str = ".") -> tuple[int, int]:
        """The two players' masks from rows as ``rows_text`` writes them (blanks inside a row ignored)."""
        layout = self.row_points
        if not isinstance(rows, (list, tuple)) or len(rows) != len(layout):
            raise ValueError(f"a board is a list of {len(layout)} rows of points (top row first), not {rows!r}")
        masks = [0, 0]
        for row, points in zip(rows, layout):
            cells = row.replace(" ", "") if isinstance(row, str) else None
            if cells is None or len(cells) != len(points):
                raise ValueError(f"the row of {', '.join(self.point_names[p] for p in points)} must be {len(points)} "
                                 f"points of {symbols[0]!r}, {symbols[1]!r} or {empty!r}, not {row!r}")
            for p, ch in zip(points, cells):
                if ch == empty:
                    continue
                if ch not in symbols:
                    raise ValueError(f"point {self.point_names[p]}: unknown symbol {ch!r}; "
                                     f"use {symbols[0]!r}, {symbols[1]!r} or {empty!r}")
                masks[symbols.index(ch)] |= 1 << p
        return masks[0], masks[1]

    # --- tables -------------------------------------------------------------------------------
    def neighbour_masks(self) -> np.ndarray:
        out = np.zeros(self.points, dtype=np.int64)
        for a, b in self.steps:
            out[a] |= 1 << b
            out[b] |= 1 << a
        return out

    def line_masks(self) -> np.ndarray:
        return np.array([sum(1 << p for p in line) for line in self.lines], dtype=np.int64)

    def lines_through(self) -> np.ndarray:
        out = np.zeros((self.points, LINES_A_POINT), dtype=np.int64)
        count = [0] * self.points
        for mask, line in zip(self.line_masks(), self.lines):
            for p in line:
                out[p, count[p]] = mask
                count[p] += 1
        return out


def _made(names: list[str], lines: list[list[str]], steps: list[list[str]], where: str) -> Points:
    """A :class:`Points` from names (any order), lines and extra steps; ValueError naming ``where`` and the fault."""
    for n in names:
        try:
            _coords(n)
        except ValueError as exc:
            raise ValueError(f"{where}.points: {exc}") from None
    order = sorted({n.strip().lower() for n in names}, key=lambda n: (_coords(n)[1], _coords(n)[0]))
    if len(order) != len(names):
        raise ValueError(f"{where}.points: a point is named twice")
    index = {n: i for i, n in enumerate(order)}

    def point(n: object, what: str) -> int:
        key = n.strip().lower() if isinstance(n, str) else n
        if key not in index:
            raise ValueError(f"{where}.{what}: {n!r} is not one of the board's points")
        return index[key]

    line_points: list[tuple[int, ...]] = []
    for i, line in enumerate(lines):
        if len(line) != 3:
            raise ValueError(f"{where}.lines[{i}]: a line is three points, not {len(line)}")
        line_points.append(tuple(point(n, f"lines[{i}]") for n in line))
    pairs: set[tuple[int, int]] = set()
    for line in line_points:
        for a, b in zip(line, line[1:]):
            pairs.add((min(a, b), max(a, b)))
    for i, pair in enumerate(steps):
        if len(pair) != 2:
            raise ValueError(f"{where}.steps[{i}]: a step joins two points, not {len(pair)}")
        a, b = (point(n, f"steps[{i}]") for n in pair)
        pairs.add((min(a, b), max(a, b)))
    if len(line_points) > MAX_LINES:
        raise ValueError(f"{where}.lines: {len(line_points)} lines; the machine plays boards of up to {MAX_LINES}")
    through = [0] * len(order)
    for line in line_points:
        for p in line:
            through[p] += 1
    crowded = [order[p] for p in range(len(order)) if through[p] > LINES_A_POINT]
    if crowded:
        raise ValueError(f"{where}.lines: more than {LINES_A_POINT} lines through {crowded[0]}")
    return Points(tuple(order), tuple(line_points), tuple(sorted(pairs)))


def morris(squares: int, corners: bool = False) -> tuple[list[str], list[list[str]], list[list[str]]]:
    """The points, lines and extra steps of ``squares`` concentric squares joined at the midpoints of their
    sides (and, with ``corners``, by diagonals at their corners: rule joined-corners), on a (2 squares +
    1)-point lattice."""
    n = squares
    names: list[str] = []
    lines: list[list[str]] = []
    for k in range(n):  # square k, from the outside in: corners at k and 2n - k, midpoints at n
        lo, hi = k, 2 * n - k
        names += [_name(c, r) for c, r in ((lo, lo), (n, lo), (hi, lo), (hi, n), (hi, hi), (n, hi), (lo, hi), (lo, n))]
        lines += [[_name(lo, lo), _name(n, lo), _name(hi, lo)], [_name(hi, lo), _name(hi, n), _name(hi, hi)],
                  [_name(lo, hi), _name(n, hi), _name(hi, hi)], [_name(lo, lo), _name(lo, n), _name(lo, hi)]]
    joins = [[_name(n, k) for k in range(n)], [_name(2 * n - k, n) for k in range(n)],
             [_name(n, 2 * n - k) for k in range(n)], [_name(k, n) for k in range(n)]]
    if corners:  # from each outer corner inwards: a1-b2-c3, g1-f2-e3, g7-f6-e5, a7-b6-c5 (three squares)
        joins += [[_name(k, k) for k in range(n)], [_name(2 * n - k, k) for k in range(n)],
                  [_name(2 * n - k, 2 * n - k) for k in range(n)], [_name(k, 2 * n - k) for k in range(n)]]
    steps: list[list[str]] = []
    for join in joins:
        if len(join) == 3:
            lines.append(join)
        else:
            steps += [[a, b] for a, b in zip(join, join[1:])]
    return names, lines, steps


def three_by_three() -> tuple[list[str], list[list[str]], list[list[str]]]:
    """Nine points, lines along the rows, the columns and both diagonals."""
    names = [_name(c, r) for r in range(3) for c in range(3)]
    lines = [[_name(c, r) for c in range(3)] for r in range(3)] + [[_name(c, r) for r in range(3)] for c in range(3)]
    lines += [[_name(i, i) for i in range(3)], [_name(i, 2 - i) for i in range(3)]]
    return names, lines, []


def board_of(board: Board, corners: bool = False) -> Points:
    """The board of points and lines a description gives (kind morris, three-by-three or points; a morris
    board with its corners joined too: ``corners``, rule joined-corners); ValueError naming the field at
    fault."""
    if board.kind == "morris":
        return _made(*morris(board.squares, corners), where="board")
    if board.kind == "three-by-three":
        return _made(*three_by_three(), where="board")
    if board.kind == "points":
        return _made(list(board.points), [list(x) for x in board.lines], [list(x) for x in board.steps or []],
                     where="board")
    raise ValueError(f"board kind {board.kind!r} is not a board of points and lines")
