"""What a rule of the sowing family declares about itself (:class:`Rule`), and a description read
under one setting of its switches (:class:`Reading`), which the rules' checks are written over.

Each rule of the family is one module of ``engine.mancala.rules`` holding one :class:`Rule`: its
rule fields (or, for a named primitive, its parameters), the values it adds to a field another
rule owns (each kind of capture adds its value to ``capture``), the boards that play it, the
combinations it refuses, the parameter and state slots its compiled code needs, the points of the
turn where that code runs, its position fields and its trace events. Everything else is derived
from these declarations (engine.mancala.rules): the model a description is validated against and
its JSON Schema, what each board plays, the build's checks of a description and the table of the
rules in docs/rules.md, and what each of its parameter slots holds under a reading (its
:attr:`Rule.writes`, engine.mancala.layout.rule_slots): a new rule is its module, its kernel code and
its tests.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal, get_args, get_origin

from pydantic import BaseModel

from engine.rule import RuleBase

if TYPE_CHECKING:
    from schema.sowing import SowingDescription

HOOKS = (
    "start",  # the start of a game (set-up phases, who moves first)
    "list-starts",  # the holes a move may start from
    "sow",  # a lap: the holes it sows and skips
    "landing",  # where a lap's last counter fell: relay, stop, capture
    "capture",  # what a capture takes
    "captured",  # where captured counters go
    "after-capture",  # what a capture earns next (further captures, the turn's end)
    "end-of-turn",
    "no-move",  # a player with no legal move
    "end-of-game",  # the end and the score
    "move",  # a move of a phase of its own (a choice before play, an opening step)
)
"""The points of one turn where a rule's compiled code runs, in the order a turn meets them."""


@dataclass(frozen=True)
class Rule(RuleBase):
    """One rule of the sowing family, as its module declares it (what every family's rules declare is
    engine.rule.RuleBase: name, what, fields, checks, uses, hooks, kernels, position, events)."""

    HOOKS: ClassVar[tuple[str, ...]] = HOOKS

    adds: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Values it adds to a field another rule owns (field -> values), in that field's order."""
    params: type[BaseModel] | None = None
    """A named primitive's parameters (its name is :attr:`name`); None for a rule of fields."""
    boards: Mapping[int, Mapping[str, tuple[Any, ...]]] = field(default_factory=dict)
    """By the board's rows: the boards whose kernels play it, each with the values of its fields
    (owned or added) played there where not all of them are. A board not named plays none of the
    rule: its owned fields only at their default, its added values and its primitive not at all."""
    slots: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    """By the board's rows: its slots in the parameter array (engine.mancala.layout generates the
    layout from them, in the order of the rules)."""
    state: Mapping[int, tuple[tuple[str, int], ...]] = field(default_factory=dict)
    """By the board's rows: its fields in the state, each (name, size): engine.mancala.layout places
    them after the machine's own fields, in the order of the rules."""
    tables: Mapping[int, tuple[tuple[str, int], ...]] = field(default_factory=dict)
    """By the board's rows: its tables in the parameter array (after the board's geometry), each
    (name, size), placed by engine.mancala.layout likewise."""
    writes: Mapping[str, SlotWriter] = field(default_factory=dict)
    """How its slots are written, where not by default: slot -> a function of the reading and the
    board (:class:`Board`) giving the slot's value. By default a slot named after one of its fields
    holds that field's value (a count as it is, a bool as 0 or 1, another value its code:
    engine.mancala.layout.slot_value); every other slot of :attr:`slots` must be named here."""

    def __post_init__(self) -> None:
        super().__post_init__()
        declared = {slot for slots in self.slots.values() for slot in slots}
        for rows, slots in self.slots.items():
            if rows not in self.boards:
                raise ValueError(f"rule {self.name}: slots {slots} on {rows} rows, a board that does not play it")
        for slot in sorted(declared):
            if slot in self.writes:
                continue
            if slot not in self.fields:
                raise ValueError(f"rule {self.name}: slot {slot!r} is not one of its fields: declare how it is written "
                                 f"(writes={{{slot!r}: ...}})")
            annotation = self.fields[slot][0]
            if annotation not in (int, bool) and get_origin(annotation) is not Literal:
                raise ValueError(f"rule {self.name}: slot {slot!r} holds field {slot} of type {annotation}, which "
                                 f"has no default code: declare how it is written (writes={{{slot!r}: ...}})")
        unknown = sorted(set(self.writes) - declared)
        if unknown:
            raise ValueError(f"rule {self.name}: writes slot(s) {unknown} it does not declare in slots")

    def in_play(self, reading: Reading) -> bool:
        """Whether ``reading`` uses this rule."""
        if self.uses is not None:
            return self.uses(reading)
        if self.params is not None:
            return self.name in reading.named
        if self.adds:
            return any(reading.value(f) in values for f, values in self.adds.items())
        return True


@dataclass(frozen=True)
class Board:
    """The board a parameter array is written for, as its board code lays it out: what a rule's slot
    may be written from besides the reading (:attr:`Rule.writes`)."""

    rows: int
    per_row: int
    places: Mapping[str, int] = field(default_factory=dict)
    """Where the board code placed what a rule's slot points at: name -> index (on two rows
    ``track_2``, player 2's track block, ``feed``, the feed table, in the parameter array, and
    ``history``, the repetition memory, in the state)."""


SlotWriter = Callable[["Reading", Board], int]
"""How a rule's parameter slot is written: its value under a reading, on a board."""


def placed(name: str) -> SlotWriter:
    """The writer of a slot holding where the board code placed ``name`` (:attr:`Board.places`)."""
    return lambda reading, board: board.places[name]


def param_code(name: str, model: type[BaseModel], param: str, value: Any) -> int:
    """The code of primitive ``name``'s parameter ``param`` at ``value``: its index among the values
    the parameter's Literal allows in ``model`` (the primitive's parameters); ValueError naming the
    parameter otherwise."""
    allowed = next((get_args(a) for a in get_args(model.model_fields[param].annotation) if get_args(a)), ())
    if value not in allowed:
        raise ValueError(f"{name}.{param} has no value {value!r}")
    return allowed.index(value)


@dataclass
class Reading:
    """A description under one setting of its switches (``choices``: switch id -> option; a switch
    not named takes its default): its rule fields, board, set-up and primitive parameters."""

    description: SowingDescription
    choices: dict[str, str]
    rules: Any
    """The rule fields (engine.mancala.rules.SowingRules)."""
    settings: dict[str, Any]
    """What the options of ``choices`` set (rule fields, board.<f>, setup.<f>, <primitive>.<param>)."""

    @property
    def rows(self) -> int:
        return self.description.board.rows

    @property
    def holes_per_row(self) -> int:
        return int(self.settings.get("board.holes_per_row", self.description.board.holes_per_row))

    @property
    def named(self) -> set[str]:
        """The primitives the description lists."""
        return {p.name for p in self.description.primitives}

    def value(self, name: str) -> Any:
        """A rule field's value."""
        return getattr(self.rules, name)

    def param(self, primitive: str, name: str) -> Any:
        """A primitive's parameter: bound by an option, else as ``primitives`` gives it (None if not given)."""
        key = f"{primitive}.{name}"
        if key in self.settings:
            return self.settings[key]
        for p in self.description.primitives:
            if p.name == primitive:
                return p.params.get(name)
        return None

    @property
    def under(self) -> str:
        """Which setting this is, for messages."""
        return ", ".join(f"switch {k} = {v}" for k, v in self.choices.items()) or "rules"

    def where(self, name: str) -> str:
        """Where the value of field ``name`` (a rule field, or ``<primitive>.<param>``) is written, for
        messages: ``rules.<f>``, ``switches[<id>].options.<option>.<f>`` or ``primitives[<i>].params.<p>``."""
        for s in self.description.switches:
            option = self.choices.get(s.id, s.default)
            if name in s.options[option]:
                return f"switches[{s.id}].options.{option}.{name}"
        head, _, tail = name.partition(".")
        for i, p in enumerate(self.description.primitives):
            if p.name == head:
                return f"primitives[{i}].params.{tail}" if tail else f"primitives[{i}]"
        if tail or "-" in name:  # a primitive not listed, or its parameter
            return "primitives"
        return f"rules.{name}"


def field_is(name: str, *values: Any) -> Callable[[Reading], bool]:
    """A test of a reading: rule field ``name`` has one of ``values``."""
    return lambda reading: reading.value(name) in values
