"""What a rule of the alignment family declares about itself (:class:`Rule`, on the shared
engine.rule.RuleBase), and a description read under one setting of its switches (:class:`Reading`).

Each rule of the family is one module of ``engine.alignment.rules`` holding one :class:`Rule`: its
rule fields, the combinations it refuses, the parameter and state slots its compiled code needs
(engine.alignment.layout generates both layouts from these declarations), the points of the turn
(:data:`HOOKS`) where its code runs in engine.alignment.machine, its position fields and trace
events. The model a description is validated against and its JSON Schema are derived from them
(engine.alignment.rules).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from engine.rule import RuleBase

if TYPE_CHECKING:
    from schema.alignment import AlignmentDescription

HOOKS = (
    "start",  # the start of a game (who moves first, the pieces in hand)
    "start-of-turn",  # before the legal moves: the end by pieces, a repeated position
    "placement",  # the points a piece may be entered on
    "step",  # the pieces that may move, and where to
    "arrival",  # a piece placed or moved: the lines it makes and whether they earn a removal
    "removal",  # the enemy pieces a line lets its maker remove
    "end-of-turn",  # a second placement, the turn passing
    "no-move",  # a player with no legal move
    "end-of-game",  # the winner
)
"""The points of one turn where a rule's compiled code runs, in the order a turn meets them."""


@dataclass(frozen=True)
class Rule(RuleBase):
    """One rule of the alignment family, as its module declares it."""

    HOOKS: ClassVar[tuple[str, ...]] = HOOKS

    slots: tuple[str, ...] = ()
    """Its slots in the parameter array (each rule field's code, by the field's name, unless it says
    otherwise): engine.alignment.layout places them in the order of the rules."""
    state: tuple[tuple[str, int], ...] = ()
    """Its fields in the state, each (name, size): placed after the machine's own fields, in the order
    of the rules (a field of size 0 is a variable-length tail: at most one, the last rule's)."""

    def in_play(self, reading: Reading) -> bool:
        """Whether ``reading`` uses this rule (every rule of fields is, unless it says when)."""
        return True if self.uses is None else self.uses(reading)


@dataclass
class Reading:
    """A description under one setting of its switches (``choices``: switch id -> option; a switch
    not named takes its default): its rule fields."""

    description: AlignmentDescription
    choices: dict[str, str]
    rules: Any
    """The rule fields (engine.alignment.rules.AlignmentRules)."""
    settings: dict[str, Any] = field(default_factory=dict)

    def value(self, name: str) -> Any:
        return getattr(self.rules, name)

    def where(self, name: str) -> str:
        """Where the value of rule field ``name`` is written: ``rules.<f>`` or
        ``switches[<id>].options.<option>.<f>`` (for messages)."""
        for s in self.description.switches:
            option = self.choices.get(s.id, s.default)
            if name in s.options[option]:
                return f"switches[{s.id}].options.{option}.{name}"
        return f"rules.{name}"
