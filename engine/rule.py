"""What a rule module of any family declares about itself: the shared part of
engine.mancala.rule.Rule (the sowing family) and engine.alignment.rule.Rule (the alignment family).

A family's rules are one module each; each holds one rule object naming its rule fields (a
description's fields with their values, each bindable to a switch of the game's record), the
combinations it refuses, the points of the family's turn skeleton where its compiled code runs
(the family's ``HOOKS``), its compiled functions, its position fields and its trace events. What a
family adds (the sowing family's boards and primitives, slots by board; the alignment family's
slots on its one machine) is in its own subclass.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal


@dataclass(frozen=True)
class RuleBase:
    """One rule of a family, as its module declares it (a family subclasses it and sets ``HOOKS``)."""

    HOOKS: ClassVar[tuple[str, ...]] = ()
    """The family's hook points (the points of its turn skeleton where a rule's code may run)."""

    name: str
    """The rule's name (a primitive's name in descriptions, or a name for the rule fields it owns)."""
    what: str
    """What it does, in a sentence (the docs' table of rules)."""
    fields: Mapping[str, tuple[Any, Any]] = field(default_factory=dict)
    """The rule fields it owns: name -> (annotation, pydantic Field with the default and description)."""
    checks: tuple[Callable[[Any], tuple[str, str] | None], ...] = ()
    """Combinations it refuses: each check of a reading that uses the rule returns (the field at
    fault, why) or None."""
    uses: Callable[[Any], bool] | None = None
    """Whether a reading uses the rule (None: the family's default)."""
    hooks: tuple[str, ...] = ()
    """The points of the turn where its compiled code runs (the family's :attr:`HOOKS`)."""
    kernels: tuple[str, ...] = ()
    """Its compiled functions (module.function), where they are its own."""
    position: tuple[str, ...] = ()
    """The fields it adds to a position spec."""
    events: tuple[str, ...] = ()
    """The events it adds to a traced move."""

    def __post_init__(self) -> None:  # a programming error in a rule module, not bad input
        unknown = [h for h in self.hooks if h not in self.HOOKS]
        if unknown:
            raise RuntimeError(f"rule {self.name}: unknown hook point(s) {unknown}; hooks: {self.HOOKS}")


def owned_fields(rules: Iterable[RuleBase]) -> dict[str, tuple[Any, Any]]:
    """Every rule field the rules own, each once: name -> (annotation, pydantic Field). RuntimeError
    (a programming error) if two rules own one field."""
    owned: dict[str, tuple[Any, Any]] = {}
    for rule in rules:
        for name, (annotation, info) in rule.fields.items():
            if name in owned:
                raise RuntimeError(f"rule field {name!r} is owned by two rules")
            owned[name] = (annotation, info)
    return owned


def code_of(annotation: Any, field_name: str, value: Any) -> int:
    """The code of ``value`` of a rule field whose annotation is a ``Literal``: its index among the
    allowed values (what the compiled code compares with); ValueError naming the field otherwise."""
    allowed = getattr(annotation, "__args__", ())
    if getattr(annotation, "__origin__", None) is not Literal or value not in allowed:
        raise ValueError(f"rule field {field_name!r} has no value {value!r}; allowed: {', '.join(map(str, allowed))}")
    return allowed.index(value)


def codes(fields: Mapping[str, tuple[Any, Any]]) -> Mapping[str, Mapping[str, int]]:
    """For each Literal rule field, value -> code (:func:`code_of`)."""
    return {name: {v: i for i, v in enumerate(annotation.__args__)}
            for name, (annotation, _) in fields.items() if getattr(annotation, "__origin__", None) is Literal}
