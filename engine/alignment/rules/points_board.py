"""Boards of points and lines (engine.alignment.points: the morris boards, the 3 x 3 board with its
diagonals, a board given point by point): lines are the board's own lines of three, steps go along
its adjacency. The machine plays them with their own compiled kernels (engine.alignment.point_lines)
from an entry point of their own (engine.alignment.machine.run_points), so a grid's games do not pay
for them; the rule fields that describe a grid's runs do not apply to them."""

from __future__ import annotations

from engine.alignment.rule import Reading, Rule


def _points(reading: Reading) -> bool:
    return reading.description.board.kind != "grid"


def _grid_fields(reading: Reading) -> tuple[str, str] | None:
    if reading.value("directions") != "orthogonal":
        return "directions", "a board of points and lines has its own lines: directions must be orthogonal (the default)"
    if reading.value("long_lines") != "count":
        return "long_lines", "a board of points and lines has lines of three only: long_lines must be count (the default)"
    for name, default in (("line_length", "three"), ("forbidden_runs", "lines"), ("leaving_long_line", "captures")):
        if reading.value(name) != default:  # the grid's runs (their kernels read a grid's axes)
            return name, f"a board of points and lines has its own lines: {name} must be {default} (the default)"
    return None


RULE = Rule(
    name="points-board",
    what="a board of points and lines (morris, three-by-three, or points given as data): its lines of three, its "
         "adjacency",
    checks=(_grid_fields,),
    uses=_points,
    hooks=("placement", "step", "arrival", "removal"),
    kernels=("engine.alignment.point_lines.line_through", "engine.alignment.point_lines.counting_lines",
             "engine.alignment.point_lines.lines_of", "engine.alignment.point_lines.line_makers",
             "engine.alignment.machine.set_move_masks"),
)
