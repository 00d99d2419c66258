"""Pydantic model of an alignment description: ``data/alignment/<game id>.yaml``, the rules of a game
of the alignment family (pieces entered on the points of a board, then moved, a line of three
earning a removal) as data, which the engine's alignment machine (engine.alignment) plays.

A description has a board, the pieces each player enters, a value for each *rule field* (lines made
while placing, lines longer than three, the directions lines run in, what may be removed, a standing
line, the end, a blocked player, pieces placed a turn, who starts, a repeated position) and the
switches of the game's record that bind fields: each option of a switch is a set of rule-field
values (``options: {<option id>: {<field>: <value>}}``), exactly as a sowing description's
(schema.sowing.SwitchBinding). The switches, their options, citations and rulesets stay in the
game's record (``data/games``); the description only says what each option means to the machine.

This module holds the frame (board, pieces, bindings, and how a setting of the switches reads
them); which rule fields there are and what values they allow is declared by the engine's rules,
one module a rule (engine.alignment.rules), which check a description when it is loaded and name
the field at fault. The switch ids and options are the record's (schema.sowing.check_against_game).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from schema.records import Slug
from schema.sowing import SwitchBinding, bindings


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True, frozen=True)


class Board(_Strict):
    """The points and the lines through them. ``grid``: ``rows`` x ``cols`` points, named by column
    letter and row number from the bottom-left corner (``a1``); steps go to an orthogonal neighbour,
    lines run along rows and columns (and the diagonals where the rules say so). The boards of points
    and lines (engine.alignment.points) name their points the same way, on the lattice they are drawn
    on: ``morris``, ``squares`` concentric squares joined at the midpoints of their sides (3: Nine
    Men's Morris' 24 points, a1 .. g7; 2: Six Men's Morris' 16, a1 .. e5); ``three-by-three``, nine
    points with both diagonals drawn; ``points``, a board given point by point: its ``points``, its
    ``lines`` (of three points each) and its ``steps`` (pairs of adjacent points besides the
    consecutive points of a line)."""

    kind: Literal["grid", "morris", "three-by-three", "points"] = Field(
        "grid", description="the board's kind: a rectangular grid of points (grid), concentric squares joined at "
                            "their midpoints (morris), a 3 x 3 board with its diagonals (three-by-three), or "
                            "points and lines given as data (points)")
    rows: int | None = Field(None, ge=1, le=26, description="grid: rows of points")
    cols: int | None = Field(None, ge=1, le=26, description="grid: points in each row")
    squares: int | None = Field(None, ge=2, le=3, description="morris: the concentric squares (2 or 3)")
    points: list[str] | None = Field(None, description="points: the points' names (column letter, row number)")
    lines: list[list[str]] | None = Field(None, description="points: the lines, three points each")
    steps: list[list[str]] | None = Field(
        None, description="points: pairs of adjacent points besides the consecutive points of each line")

    @model_validator(mode="after")
    def _kind(self) -> "Board":
        wanted = {"grid": ("rows", "cols"), "morris": ("squares",), "three-by-three": (),
                  "points": ("points", "lines")}[self.kind]
        allowed = set(wanted) | ({"steps"} if self.kind == "points" else set())
        for name in ("rows", "cols", "squares", "points", "lines", "steps"):
            given = getattr(self, name) is not None
            if name in wanted and not given:
                raise ValueError(f"board.{name} is needed with kind {self.kind!r}")
            if given and name not in allowed:
                raise ValueError(f"board.{name} does not belong to kind {self.kind!r}")
        return self

    @property
    def size(self) -> int:
        """The number of points."""
        if self.kind == "grid":
            return self.rows * self.cols
        if self.kind == "morris":
            return 8 * self.squares
        if self.kind == "three-by-three":
            return 9
        return len(self.points)


class AlignmentDescription(_Strict):
    """``data/alignment/<game id>.yaml``: one alignment game's rules as data."""

    game: Slug = Field(description="the game's id (its record is data/games/<game>.yaml)")
    board: Board
    pieces: int = Field(ge=1, le=32, description="pieces each player holds in hand at the start")
    rules: dict[str, Any] = Field(description="the value of every rule field not bound to a switch")
    switches: list[SwitchBinding] = Field(description="the game's switches, in the order the engine declares them")

    @model_validator(mode="after")
    def _complete(self) -> "AlignmentDescription":
        for name, sid in bindings(self.game, self.switches, self.rules).items():
            if "." in name:
                raise ValueError(f"switch {sid} binds {name!r}: an alignment switch binds rule fields")
        if 2 * self.pieces > self.board.size:
            raise ValueError(f"pieces: {self.pieces} a player do not fit on {self.board.size} points")
        return self

    def settings(self, choices: dict[str, str]) -> dict[str, Any]:
        """The rule fields the options of ``choices`` set (switch id -> option id; a switch not named
        takes its default); ValueError naming an unknown option."""
        values: dict[str, Any] = {}
        for s in self.switches:
            option = choices.get(s.id, s.default)
            if option not in s.options:
                raise ValueError(f"unknown value {option!r} for switch {s.id!r}; allowed: {', '.join(s.options)}")
            values.update(s.options[option])
        return values
