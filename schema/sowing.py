"""Pydantic models of a sowing description: ``data/sowing/<game id>.yaml``, the rules of a mancala
game as data, which the engine's sowing machine (engine.mancala) plays.

A description has a board, a set-up, a value for each *rule field* (where a move may start, the
direction, laps and relays, captures and the fate of what they take, the end of a turn and of
the game, scoring, passes, who starts, endless moves) and the named *primitives* it uses, with
their parameters. A field or parameter may instead be *bound to a switch* of the game's record
(``data/games``): each option of the switch is a set of values (``options: {<option id>:
{<field>: <value>}}``). So the switches, their options, citations and rulesets stay in the
game's record, and the description only says what each option means to the machine.

This module holds the frame of a description: the board, the set-up, the bindings and how a
setting of the switches reads them (:meth:`SowingDescription.settings`). Which rule fields and
primitives there are, and what values they allow, is declared by the engine's rules, one module a
rule (engine.mancala.rules), which check a description when the build loads it and name the field
at fault. Cross-checks with the game's record (the switch ids and option ids the same both ways)
are in :func:`check_against_game`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from schema.records import OptionId, Slug, SwitchId

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True, frozen=True)


class Board(_Strict):
    """The holes: ``rows`` rows of ``holes_per_row`` holes. On two rows, player 1 owns the near
    row (``a1`` .. from their left) and player 2 the far one (``b1`` .. from theirs); on four rows
    each player owns their two near rows, numbered along their anticlockwise track."""

    rows: Literal[2, 4] = Field(description="rows of holes")
    holes_per_row: int | None = Field(None, ge=2, le=32, description="holes in each row (or bound to a switch "
                                                                      "as board.holes_per_row)")
    stores: bool = Field(True, description="captured counters are kept in a store per player (else on the board)")


class Setup(_Strict):
    """The start: the same count in every hole, a count for each of a player's rows, or each
    player's holes in the order of their notation."""

    counters_per_hole: int | None = Field(None, ge=0, description="counters in every hole at the start")
    counters_per_row: list[Annotated[int, Field(ge=0)]] | None = Field(
        None, description="counters in each hole of each of a player's rows, the outer row first (four rows)")
    layout: list[Annotated[int, Field(ge=0)]] | None = Field(
        None, description="counters in each player's holes at the start, in the order of their notation")

    @model_validator(mode="after")
    def _one(self) -> "Setup":
        given = [x for x in (self.counters_per_hole, self.counters_per_row, self.layout) if x is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of counters_per_hole, counters_per_row and layout")
        return self


class Primitive(_Strict):
    """A named primitive of the machine, with its parameters (a parameter may be bound to a switch
    as ``<primitive>.<parameter>``, then left out here). The engine's rules
    (engine.mancala.rules) say which primitives there are and what their parameters allow."""

    name: Slug = Field(description="the primitive's name")
    params: dict[str, Any] = Field(default_factory=dict)


BOARD_FIELDS = ("holes_per_row",)
"""The board's fields a switch may bind (as ``board.<field>``)."""

SETUP_FIELDS: tuple[str, ...] = tuple(Setup.model_fields)
"""The set-up's fields a switch may bind (as ``setup.<field>``): each option then gives the whole
set-up (exactly one of them), and the description's ``setup`` is left out. So a set-up may follow
the board's size (one layout for each option of a switch that also binds ``board.holes_per_row``)
or a rule's reading (Misoro Tsoro's fixed misoro start with a third counter)."""


RULESET_FIELDS = ("last_turn",)
"""The rule fields a ruleset sets by its id (a description's ``rulesets``): a program's own way of
ending a game, which no source's reading has and so no switch offers."""
RULESET = "ruleset"
"""The key under which a setting of the switches names its ruleset (not a switch id: those hold a dot)."""


class SwitchBinding(_Strict):
    """A switch of the game's record, as the machine reads it: each option's field values."""

    id: SwitchId
    default: OptionId = Field(description="the option the engine takes when none is given (the archive's "
                                          "default ruleset chooses it too)")
    options: dict[OptionId, dict[str, Any]] = Field(
        min_length=2, description="option id -> what it sets: rule fields, board fields (board.holes_per_row), "
                                  "the set-up (one of setup.layout, setup.counters_per_row, "
                                  "setup.counters_per_hole) or primitive parameters (extra-captures.count); the "
                                  "same for every option")

    @model_validator(mode="after")
    def _consistent(self) -> "SwitchBinding":
        if self.default not in self.options:
            raise ValueError(f"default {self.default!r} is not one of the options {list(self.options)}")
        # the same fields under every option; a set-up, whole under each, by any of its fields
        shapes = {tuple(sorted({"setup" if k.startswith("setup.") else k for k in v})) for v in self.options.values()}
        if len(shapes) != 1:
            raise ValueError("every option of a switch must set the same fields")
        for option, values in self.options.items():
            if len([k for k in values if k.startswith("setup.")]) > 1:
                raise ValueError(f"option {option!r} sets more than one set-up field; give exactly one of "
                                 f"setup.{', setup.'.join(SETUP_FIELDS)}")
        for option, values in self.options.items():
            for name, value in values.items():
                head, _, tail = name.partition(".")
                if head == "board":
                    if tail not in BOARD_FIELDS:
                        raise ValueError(f"option {option!r} sets {name!r}; a switch may bind "
                                         f"board.{', board.'.join(BOARD_FIELDS)}")
                    if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= 32:
                        raise ValueError(f"option {option!r}: board.{tail} = {value!r} is not 2 to 32")
                elif head == "setup":
                    if tail not in SETUP_FIELDS:
                        raise ValueError(f"option {option!r} sets {name!r}; a switch may bind "
                                         f"setup.{', setup.'.join(SETUP_FIELDS)}")
                    try:
                        Setup.model_validate({tail: value})
                    except ValueError as exc:
                        raise ValueError(f"option {option!r}: {name} = {value!r} is not a set-up: {exc}") from None
                # a rule field (a bare name) or a primitive's parameter (<primitive>.<parameter>): the
                # engine's rules check the name and the value (engine.mancala.rules.problems)
        return self

    @property
    def fields(self) -> tuple[str, ...]:
        return tuple(sorted(next(iter(self.options.values()))))


def bindings(game: str, switches: list[SwitchBinding], rules: dict[str, Any]) -> dict[str, str]:
    """The fields a description's switches bind: field -> switch id. ValueError if a switch is listed
    twice or is not the game's, or a field is bound twice or also given in ``rules`` (every family's
    descriptions bind their fields so: schema.alignment too)."""
    bound: dict[str, str] = {}
    ids = [s.id for s in switches]
    if len(set(ids)) != len(ids):
        raise ValueError("a switch is listed twice")
    for s in switches:
        if not s.id.startswith(game + "."):
            raise ValueError(f"switch {s.id!r} is not a switch of {game!r}")
        for name in s.fields:
            if name in bound:
                raise ValueError(f"rule field {name!r} is bound to two switches ({bound[name]}, {s.id})")
            if name in rules:
                raise ValueError(f"rule field {name!r} has a value in rules and is bound to switch {s.id}")
            bound[name] = s.id
    return bound


class SowingDescription(_Strict):
    """``data/sowing/<game id>.yaml``: one mancala game's rules as data."""

    game: Slug = Field(description="the game's id (its record is data/games/<game>.yaml)")
    board: Board
    setup: Setup | None = Field(None, description="the start; left out when a switch binds it (setup.<field>)")
    rules: dict[str, Any] = Field(description="the value of every rule field not bound to a switch")
    switches: list[SwitchBinding] = Field(description="the game's switches, in the order the engine declares them")
    primitives: list[Primitive] = Field(default_factory=list)
    rulesets: dict[Slug, dict[str, Any]] = Field(
        default_factory=dict,
        description="ruleset id of the game's record -> the program fields it sets besides its switch choices "
                    f"({', '.join(RULESET_FIELDS)}): how the program the ruleset plays ends a game (its limits)")

    @model_validator(mode="after")
    def _complete(self) -> "SowingDescription":
        bound = bindings(self.game, self.switches, self.rules)
        for rid, values in self.rulesets.items():
            for name in values:
                if name not in RULESET_FIELDS:
                    raise ValueError(f"rulesets.{rid} sets {name!r}; a ruleset sets only {', '.join(RULESET_FIELDS)}")
                if name in bound or name in self.rules:
                    raise ValueError(f"rulesets.{rid} sets {name!r}, which rules or a switch gives already")
        named = {p.name: p for p in self.primitives}
        if len(named) != len(self.primitives):
            raise ValueError("a primitive is listed twice")
        for name in bound:
            head, _, tail = name.partition(".")
            if tail and head not in ("board", "setup"):
                if head not in named:
                    raise ValueError(f"a switch binds {name!r} but primitive {head!r} is not listed in primitives")
                if tail in named[head].params:
                    raise ValueError(f"{name!r} is bound to switch {bound[name]} and given in primitives")
            if head == "board" and getattr(self.board, tail) is not None:
                raise ValueError(f"{name!r} is bound to switch {bound[name]}; leave it out of board")
        for name in self.rules:
            if "." in name:
                raise ValueError(f"rules sets {name!r}: rules holds rule fields; a primitive's parameters go in "
                                 "primitives, the board's in board")
        if self.board.holes_per_row is None and "board.holes_per_row" not in bound:
            raise ValueError("board.holes_per_row has no value (in board or bound to a switch)")
        self._check_setups(bound)
        return self

    def _check_setups(self, bound: dict[str, str]) -> None:
        """The set-up is given in ``setup`` or bound to one switch, whose every option gives a whole
        set-up; a layout lists each player's holes on the board of every setting."""
        setup_switches = sorted({sid for name, sid in bound.items() if name.partition(".")[0] == "setup"})
        if len(setup_switches) > 1:
            raise ValueError(f"the set-up is bound to two switches ({', '.join(setup_switches)}); one switch "
                             "gives the whole set-up")
        if setup_switches and self.setup is not None:
            raise ValueError(f"the set-up is bound to switch {setup_switches[0]}; leave setup out")
        if not setup_switches and self.setup is None:
            raise ValueError("setup has no value (give it, or bind it to a switch as setup.<field>)")
        varying = [s for s in self.switches if s.id in {bound.get("board.holes_per_row"), *setup_switches}]
        settings: list[dict[str, str]] = [{}]
        for s in varying:
            settings = [{**c, s.id: option} for c in settings for option in s.options]
        for choices in settings:
            setup = self.setup_for(choices)
            holes = self.settings(choices).get("board.holes_per_row", self.board.holes_per_row)
            if setup.layout is not None and len(setup.layout) != self.board.rows // 2 * holes:
                where = f" (under {', '.join(f'{k} = {v}' for k, v in choices.items())})" if choices else ""
                raise ValueError(f"setup.layout lists {len(setup.layout)} counts{where}; each player has "
                                 f"{self.board.rows // 2 * holes} holes")

    def setup_for(self, choices: dict[str, str]) -> Setup:
        """The set-up under ``choices`` (switch id -> option id; a switch not named takes its
        default): the description's ``setup``, or what the options of the switch binding it give."""
        if self.setup is not None:
            return self.setup
        values = {k.partition(".")[2]: v for k, v in self.settings(choices).items() if k.partition(".")[0] == "setup"}
        return Setup.model_validate(values)

    @property
    def holes_per_player(self) -> int:
        return self.board.rows // 2 * self.board.holes_per_row

    def settings(self, choices: dict[str, str]) -> dict[str, Any]:
        """Everything the options of ``choices`` set (switch id -> option id; a switch not named
        takes its default): rule fields, ``board.<field>``, ``<primitive>.<parameter>``; and what the
        ruleset ``choices[RULESET]`` sets, if the description names it in ``rulesets``."""
        values: dict[str, Any] = {}
        for s in self.switches:
            option = choices.get(s.id, s.default)
            if option not in s.options:
                raise ValueError(f"unknown value {option!r} for switch {s.id!r}; allowed: {', '.join(s.options)}")
            values.update(s.options[option])
        values.update(self.rulesets.get(choices.get(RULESET, ""), {}))
        return values


def check_against_game(description: SowingDescription, switches: dict[str, list[str]]) -> list[str]:
    """Where a description and its game's record part (``switches``: the record's switch id -> its
    option ids): the same switches, each with the same options."""
    problems = []
    ours = {s.id: list(s.options) for s in description.switches}
    for sid in sorted(set(switches) - set(ours)):
        problems.append(f"switch {sid!r} of the game's record is not bound in the description")
    for sid in sorted(set(ours) - set(switches)):
        problems.append(f"switch {sid!r} of the description is not in the game's record")
    for sid in sorted(set(ours) & set(switches)):
        if sorted(ours[sid]) != sorted(switches[sid]):
            problems.append(f"switch {sid!r}: options {ours[sid]} in the description, {switches[sid]} in the record")
    return problems
