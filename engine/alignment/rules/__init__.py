"""The rules of the alignment family, one module each (engine.alignment.rule.Rule), and what is
derived from them: the model of a description's rule fields (:data:`AlignmentRules`), the field
codes the compiled code compares with (:func:`code`), the check of a description (:func:`problems`),
the model its JSON Schema is exported from (:func:`description_model`) and the table of the rules
(:func:`table`).

A new rule is a new module here, listed in :data:`RULES`, with its tests.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from engine.alignment.points import board_of
from engine.alignment.rule import Reading, Rule
from engine.alignment.rules import (
    decided_by, double_line, end, end_tested, first_player, flying, forbidden_runs, hand_removal, joined_corners,
    leaving_long_line, line, line_length, movement, movement_begins, placement, points_board, removal, repetition,
    turn_limit,
)
from engine.rule import code_of, owned_fields
from schema.alignment import AlignmentDescription

RULES: tuple[Rule, ...] = tuple(m.RULE for m in (
    placement, line, removal, end, movement, first_player, flying, double_line, turn_limit, points_board,
    movement_begins, decided_by, end_tested, forbidden_runs, leaving_long_line, line_length, hand_removal,
    joined_corners, repetition,  # the last: its state field is a variable-length tail
))
"""Every rule, in the order of the turn (the layouts of the parameters and the state follow it)."""

MAX_POINTS = 62
"""The most points a board the machine plays may have: a player's pieces are one int64 mask (and
repetition ends-game, whose position key holds both boards, asks for at most 30: its rule's check)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


FIELDS = owned_fields(RULES)
AlignmentRules: type[BaseModel] = create_model("AlignmentRules", __base__=_Strict,
                                               __doc__="The rule fields of an alignment description.", **FIELDS)
"""The rule fields: every one has a value in a description's ``rules``, is bound to a switch, or
takes its default."""
RULE_FIELDS: tuple[str, ...] = tuple(AlignmentRules.model_fields)


def code(field_name: str, value: str) -> int:
    """The code of ``value`` of rule field ``field_name`` (its index among the allowed values)."""
    if field_name not in FIELDS:
        raise ValueError(f"no rule field {field_name!r}; fields: {', '.join(RULE_FIELDS)}")
    return code_of(FIELDS[field_name][0], field_name, value)


def slot_value(field_name: str, value: object) -> int:
    """What rule field ``field_name``'s slot holds for ``value``: a number as it is, else its code."""
    if FIELDS.get(field_name, (None,))[0] is int:
        return int(value)
    return code(field_name, value)


def rules_for(description: AlignmentDescription, choices: dict[str, str]) -> Any:
    """The rule fields under ``choices`` (switch id -> option id; a switch not named takes its default);
    ValueError naming the field, switch or option at fault."""
    values = dict(description.rules)
    values.update(description.settings(choices))
    unknown = [k for k in values if k not in RULE_FIELDS]
    if unknown:
        raise ValueError(f"{unknown[0]!r} is not a rule field (fields: {', '.join(RULE_FIELDS)})")
    missing = [f for f in RULE_FIELDS if f not in values and AlignmentRules.model_fields[f].is_required()]
    if missing:
        raise ValueError(f"rule field(s) {', '.join(missing)} have no value (in rules or bound to a switch)")
    try:
        return AlignmentRules.model_validate(values)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ValueError(f"rule field {'.'.join(map(str, err['loc']))}: {err['msg']}") from None


def reading(description: AlignmentDescription, choices: dict[str, str]) -> Reading:
    """``description`` under ``choices`` (ValueError naming what is at fault)."""
    return Reading(description, dict(choices), rules_for(description, choices), description.settings(choices))


def settings(description: AlignmentDescription) -> Iterator[dict[str, str]]:
    """The settings a description is checked under: its defaults, then each other option of each switch."""
    yield {}
    for s in description.switches:
        for option in s.options:
            if option != s.default:
                yield {s.id: option}


def problems(description: AlignmentDescription) -> list[tuple[str, str]]:
    """What the machine cannot play in ``description``, each as (the field at fault, as written in the
    file; why). Empty when the machine plays every setting of its switches."""
    out: list[tuple[str, str]] = []
    board = description.board
    points = board.size
    if points > MAX_POINTS:
        size = f"{board.rows} x {board.cols} = {points}" if board.kind == "grid" else f"{points}"
        out.append(("board", f"{size} points: the machine plays boards of up to {MAX_POINTS} points"))
    if board.kind != "grid":
        try:
            board_of(board)
        except ValueError as exc:
            out.append(("board", str(exc)))
    for choices in settings(description):
        try:
            r = reading(description, choices)
        except ValueError as exc:
            where = next((f"switches[{k}].options.{v}" for k, v in choices.items()), "rules")
            if (where, str(exc)) not in out:
                out.append((where, str(exc)))
            continue
        for rule in RULES:
            if rule.checks and rule.in_play(r):
                for check in rule.checks:
                    found = check(r)
                    if found is not None and (r.where(found[0]), found[1]) not in out:
                        out.append((r.where(found[0]), found[1]))
    return out


def table() -> str:
    """The rules of the family as a Markdown table: each with what it does, its fields and hook points."""
    lines = ["| rule | what it does | fields | hook points |", "|---|---|---|---|"]
    for rule in RULES:
        lines.append(f"| `{rule.name}` | {rule.what} | {', '.join(f'`{n}`' for n in rule.fields)} | "
                     f"{', '.join(rule.hooks)} |")
    return "\n".join(lines) + "\n"


def description_model() -> type[BaseModel]:
    """The model of an alignment description with every rule field the rules declare (for its JSON
    Schema: editors check the fields' names and values as they are typed)."""
    optional = {name: (info.annotation | None, Field(None, description=info.description))
                for name, info in AlignmentRules.model_fields.items()}
    fields = create_model("AlignmentRuleFields", __base__=_Strict, __doc__="The rule fields not bound to a switch.",
                          **optional)
    return create_model("AlignmentDescription", __base__=AlignmentDescription,
                        __doc__=AlignmentDescription.__doc__,
                        rules=(fields, Field(description="the value of every rule field not bound to a switch")))
