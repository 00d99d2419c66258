"""Hole names and board text for two-row mancala boards.

Holes are named after their row and their place along the counter-clockwise cycle: player 1's
row is ``a1`` .. ``aN`` from player 1's left to right, player 2's row is ``b1`` .. ``bN`` from
player 2's left to right (so ``b1`` faces ``aN``). Hole index ``i`` is ``a{i+1}`` for
``i < N`` and ``b{i-N+1}`` after; counter-clockwise sowing is index order.
"""

from __future__ import annotations

from collections.abc import Sequence

ROW_LETTERS = ("a", "b")


def hole_name(hole: int, per_row: int) -> str:
    """The name of hole index ``hole`` (``a1`` ..)."""
    if not 0 <= hole < 2 * per_row:
        raise ValueError(f"no hole {hole} on a 2 x {per_row} board")
    return f"{ROW_LETTERS[hole // per_row]}{hole % per_row + 1}"


def parse_hole(text: str, per_row: int) -> int:
    """The hole index named by ``text``; ValueError naming it if it names no hole."""
    if not isinstance(text, str):
        raise ValueError(f"unknown move {text!r}: moves are hole names a1-a{per_row}, b1-b{per_row}")
    t = text.strip().lower()
    if len(t) >= 2 and t[0] in ROW_LETTERS and t[1:].isdigit():
        k = int(t[1:])
        if 1 <= k <= per_row and t[1] != "0":
            return ROW_LETTERS.index(t[0]) * per_row + k - 1
    raise ValueError(f"unknown move {text!r}: moves are hole names a1-a{per_row}, b1-b{per_row}")


def board_text(
    holes: Sequence[int],
    captures: Sequence[int],
    per_row: int,
    to_move: int | None = None,
    direction: str = "",
) -> str:
    """The board as player 1 sees it: player 2's row on top (b{N} .. b1), player 1's below."""
    width = max(3, max((len(str(c)) for c in holes), default=1) + 1)
    top = [holes[per_row + i] for i in reversed(range(per_row))]
    bottom = [holes[i] for i in range(per_row)]
    top_names = [f"b{i + 1}" for i in reversed(range(per_row))]
    bottom_names = [f"a{i + 1}" for i in range(per_row)]

    def line(cells: Sequence[object]) -> str:
        return "".join(str(c).rjust(width) for c in cells)

    marks = ["  ", "  "]
    if to_move in (1, 2):
        marks[to_move - 1] = "> "
    label = 12
    lines = [
        " " * label + line(top_names),
        f"{marks[1]}player 2: ".ljust(label) + line(top) + f"   captured {captures[1]}",
        f"{marks[0]}player 1: ".ljust(label) + line(bottom) + f"   captured {captures[0]}",
        " " * label + line(bottom_names),
    ]
    if direction:
        lines.append(f"sowing {direction}")
    return "\n".join(lines)
