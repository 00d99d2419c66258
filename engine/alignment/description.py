"""Alignment descriptions as the engine reads them: ``data/alignment/<game id>.yaml`` (validated by
schema.alignment and the rules' model, engine.alignment.rules) -> the game's switches and, for one
setting of them, the alignment machine's parameter array (engine.alignment.layout).

A description the machine cannot play is refused here, naming the file and the field as written in
it and why (engine.alignment.rules.problems).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from engine import descriptions
from engine.alignment import layout
from engine.alignment.grid import ALL, ORTHOGONAL, Grid
from engine.alignment.lines import edge_columns
from engine.alignment.points import LINES_A_POINT, Points, board_of
from engine.alignment.rules import problems, rules_for, slot_value
from engine.switches import Switch
from schema.alignment import AlignmentDescription
from schema.paths import DATA_DIR

ALIGNMENT_DIR = DATA_DIR / "alignment"


def load(game_id: str, folder: Path = ALIGNMENT_DIR) -> AlignmentDescription:
    """The description of ``game_id``; ValueError naming the file (and the field) if it is missing,
    invalid, or asks for what the machine does not play."""
    path = folder / f"{game_id}.yaml"
    return parse(game_id, descriptions.read(path, "alignment", game_id), path)


def parse(game_id: str, text: str, where: str | Path) -> AlignmentDescription:
    """The description of ``game_id`` in ``text`` (from ``where``), checked as :func:`load` does."""
    return descriptions.parse(AlignmentDescription, game_id, text, where, problems, "alignment")


def game_ids(folder: Path = ALIGNMENT_DIR) -> list[str]:
    """The games with an alignment description, sorted."""
    return sorted(p.stem for p in folder.glob("*.yaml"))


def switches(description: AlignmentDescription) -> tuple[Switch, ...]:
    """The engine's switches of the description, in its order."""
    return tuple(Switch(s.id, tuple(s.options), s.default) for s in description.switches)


def grid(description: AlignmentDescription, corners: bool = False) -> Grid | Points:
    """The board's geometry: a rectangular grid, or a board of points and lines (engine.alignment.points;
    ``corners``: a morris board's corners joined too, rule joined-corners)."""
    if description.board.kind != "grid":
        return board_of(description.board, corners)
    return Grid(description.board.rows, description.board.cols)


def parameters(description: AlignmentDescription, values: Mapping[str, str]) -> tuple[np.ndarray, Any]:
    """The machine's parameter array for switch values ``values`` (switch id -> option; every switch
    of the description named), and the rule fields they give; ValueError naming a missing switch or
    an unknown option."""
    for s in description.switches:
        if s.id not in values:
            raise ValueError(f"no value for switch {s.id!r}; allowed: {', '.join(s.options)}")
    rules = rules_for(description, dict(values))
    g = grid(description, rules.corners == "joined")
    par = np.zeros(layout.PAR_SIZE, dtype=np.int64)
    for name, slot in layout.PARAM_FIELDS.items():
        if name in type(rules).model_fields:
            par[slot] = slot_value(name, getattr(rules, name))
    if par[layout.P_DRAW_AFTER] == 0:
        par[layout.P_DRAW_AFTER] = layout.NEVER
    par[layout.P_PIECES] = rules.pieces or description.pieces  # the frame's number, unless a switch sets it
    if isinstance(g, Points):
        par[layout.P_POINTS] = g.points
        par[layout.P_FULL] = g.full
        par[layout.NBR:layout.NBR + g.points] = g.neighbour_masks()
        masks = g.line_masks()
        par[layout.LINES] = len(masks)
        par[layout.LINES + 1:layout.LINES + 1 + len(masks)] = masks
        par[layout.PLINES:layout.PLINES + LINES_A_POINT * g.points] = g.lines_through().reshape(-1)
        return par, rules
    axes = ALL if rules.directions == "all" else ORTHOGONAL
    col_a, col_f = edge_columns(g.rows, g.cols)
    par[layout.P_POINTS] = g.points
    par[layout.P_COLS] = g.cols
    par[layout.P_FULL] = g.full
    par[layout.P_COL_A] = col_a
    par[layout.P_COL_F] = col_f
    par[layout.P_AXES] = len(axes)
    par[layout.AXIS:layout.AXIS + 7 * len(axes)] = g.axis_table(axes).reshape(-1)
    par[layout.NBR:layout.NBR + g.points] = g.neighbour_masks()
    rays = np.full((g.points, 8), -1, dtype=np.int64)
    rays[:, :2 * len(axes)] = g.ray_table(axes)
    par[layout.RAY:layout.RAY + 8 * g.points] = rays.reshape(-1)
    par[layout.STEP:layout.STEP + 4 * g.points] = g.step_table().reshape(-1)
    return par, rules
