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
    lines run along rows and columns (and the diagonals where the rules say so)."""

    kind: Literal["grid"] = Field("grid", description="the board's kind: a rectangular grid of points")
    rows: int = Field(ge=1, le=26, description="rows of points")
    cols: int = Field(ge=1, le=26, description="points in each row")


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
        if 2 * self.pieces > self.board.rows * self.board.cols:
            raise ValueError(f"pieces: {self.pieces} a player do not fit on {self.board.rows * self.board.cols} "
                             "points")
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
