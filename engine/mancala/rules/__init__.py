"""The rules of the sowing family, one module each (engine.mancala.rule.Rule), and what is derived
from them: the model of a description's rule fields (:data:`SowingRules`) and of each primitive's
parameters (:data:`PRIMITIVES`), what each board plays (:data:`PLAYED`), the check of a description
against all of it (:func:`problems`), and the table of the rules (:func:`table`).

A new rule is a new module here, with its tests: :data:`MODULES` finds it (its rule placed after the
one its ``after`` names), :data:`RULES` lists the rules that were there before, in their order.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Literal, Union, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from engine.mancala.rule import Reading, Rule
from engine.mancala.rules import (
    capture_across_gap, capture_both_opposite, capture_column, capture_count, capture_next, capture_own_empty,
    captured_to, captures, end, endless, extra_captures, feeding, first_counter, first_player, gap_chain, grand_slam, lap,
    last_turn, majority, opening, owned_holes, passes, previous_hole, relay, repetition, restricted_holes, rounds,
    scoring, singleton, sowing_captures, special_holes, start, stores_in_circuit,
)
from schema.sowing import RULESET, SowingDescription

RULES: tuple[Rule, ...] = tuple(m.RULE for m in (
    start, singleton, previous_hole, feeding, lap, first_counter, stores_in_circuit, relay, sowing_captures, captures,
    capture_across_gap, capture_count, grand_slam, capture_own_empty, capture_next, gap_chain, capture_column,
    capture_both_opposite, captured_to, end, majority, repetition, rounds, scoring, passes, first_player, endless,
    last_turn, extra_captures, special_holes, restricted_holes, opening, owned_holes,
))
"""Every rule, in the order of the turn (the layouts of the parameters follow it)."""


def discovered(listed: tuple[Rule, ...], modules: list[ModuleType]) -> tuple[ModuleType, ...]:
    """The rules' modules in their order: those of ``listed`` (:data:`RULES` as written), then each other
    module of ``modules`` holding a ``RULE`` placed after the rule its ``after`` names (at the end if
    None), in the order of their names. ValueError naming the rule if ``after`` names no rule."""
    by_rule = {id(m.RULE): m for m in modules if isinstance(getattr(m, "RULE", None), Rule)}
    out = [by_rule[id(rule)] for rule in listed]
    for module in sorted(by_rule.values(), key=lambda m: m.__name__):
        if module in out:
            continue
        after = module.RULE.after
        if after is None:
            out.append(module)
            continue
        names = [m.RULE.name for m in out]
        if after not in names:
            raise ValueError(f"rule {module.RULE.name}: after = {after!r} names no rule before it; rules: "
                             f"{', '.join(names)}")
        out.insert(names.index(after) + 1, module)
    return tuple(out)


MODULES: tuple[ModuleType, ...] = discovered(
    RULES, [importlib.import_module(f"{__name__}.{m.name}") for m in pkgutil.iter_modules(__path__)])
"""The rules' modules, in the order of the turn: those of :data:`RULES` as listed, then a module of this
package not listed there where its rule's ``after`` places it (a new rule is its module alone)."""
RULES = tuple(m.RULE for m in MODULES)


@dataclass(frozen=True)
class Call:
    """A rule's compiled function called at a point of a board's turn (engine.mancala.machine.hooks)."""

    rule: Rule
    module: str
    """The module holding the function."""
    function: str
    when: str | None
    """The rule's slot that puts the call in play while not 0, or the field whose values do
    (engine.mancala.rule.Code.when)."""
    values: tuple[str, ...] = ()
    """The values of :attr:`when`'s field that put the call in play (engine.mancala.rule.Code.values, or
    the values the rule adds to the field); none: any value other than 0."""
    held: str | None = None
    """At a point of the lap loop: the function in :attr:`module` computing what the call holds for a
    run (engine.mancala.rule.Code.held)."""


def calls(modules: tuple[ModuleType, ...]) -> dict[int, dict[str, tuple[Call, ...]]]:
    """By board: each hook point's calls by the rules of ``modules``, in their order; ValueError naming
    the rule and the hook point if a declared function is not there."""
    out: dict[int, dict[str, list[Call]]] = {}
    for module in modules:
        rule: Rule = module.RULE
        for rows, points in rule.code.items():
            for point, code in points.items():
                where, _, name = code.function.rpartition(".")
                path = f"{__name__}.{where}" if where else module.__name__
                owner = module if not where else importlib.import_module(path)
                if not callable(getattr(owner, name, None)):
                    raise ValueError(f"rule {rule.name}: code at hook point {point!r} names {code.function!r}, "
                                     f"which {path} does not define")
                if code.held is not None and not callable(getattr(owner, code.held, None)):
                    raise ValueError(f"rule {rule.name}: code at hook point {point!r} holds {code.held!r}, which "
                                     f"{path} does not define")
                values = code.values or rule.adds.get(code.when or "", ())
                out.setdefault(rows, {}).setdefault(point, []).append(
                    Call(rule, path, name, code.when, values, code.held))
    return {rows: {point: tuple(calls) for point, calls in points.items()} for rows, points in out.items()}


CALLS = calls(MODULES)
"""By the board's rows: hook point (engine.mancala.rule.POINTS) -> the rules' compiled functions called
there, in the order of the rules (engine.mancala.machine.hooks composes them)."""

BOARDS = (2, 4)
"""The boards the machine plays, by their rows."""


def _rule_fields() -> dict[str, tuple[Any, Any]]:
    owned: dict[str, tuple[Any, Any]] = {}
    for rule in RULES:
        for name, (annotation, info) in rule.fields.items():
            if name in owned:
                raise RuntimeError(f"rule field {name!r} is owned by two rules")  # a programming error
            owned[name] = (annotation, info)
    for rule in RULES:
        for name, values in rule.adds.items():
            annotation, info = owned[name]
            owned[name] = (Literal[(*annotation.__args__, *values)], info)
    return owned


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


SowingRules: type[BaseModel] = create_model("SowingRules", __base__=_Strict,
                                            __doc__="The rule fields of a sowing description.", **_rule_fields())
"""The rule fields: every one has a value in a description's ``rules`` or is bound to a switch."""
RULE_FIELDS: tuple[str, ...] = tuple(SowingRules.model_fields)
PRIMITIVES: dict[str, type[BaseModel]] = {r.name: r.params for r in RULES if r.params is not None}
"""The named primitives: name -> the model of their parameters."""
PRIMITIVES_BOARDS: dict[str, tuple[int, ...]] = {r.name: tuple(r.boards) for r in RULES if r.params is not None}
"""A primitive -> the boards that play it."""


def _every_value(name: str, values: list[Any]) -> bool:
    """Whether ``values`` are every value rule field ``name`` allows (a Literal's or a bool's)."""
    annotation = SowingRules.model_fields[name].annotation
    every = annotation.__args__ if get_origin(annotation) is Literal else (True, False) if annotation is bool else None
    return every is not None and all(v in values for v in every)


def _played() -> dict[int, dict[str, tuple[Any, ...]]]:
    """By board: the values of each rule field the board plays (where not every value)."""
    out: dict[int, dict[str, tuple[Any, ...]]] = {}
    for rows in BOARDS:
        plays: dict[str, list[Any]] = {}
        for rule in RULES:
            board = rule.boards.get(rows)
            for name, (annotation, info) in rule.fields.items():
                allowed = (board or {}).get(name)
                if board is None:
                    allowed = (info.get_default(call_default_factory=True),)
                elif allowed is None and get_origin(annotation) is Literal:
                    allowed = annotation.__args__
                if allowed is not None:
                    plays.setdefault(name, []).extend(allowed)
            for name, values in rule.adds.items():
                if board is not None:
                    plays.setdefault(name, []).extend(board.get(name, values))
        out[rows] = {name: tuple(v) for name, v in plays.items() if not _every_value(name, v)}
    return out


PLAYED = _played()
"""By the board's rows: the values of rule fields the machine plays, where it does not play every
value the rules allow."""


def check_param(name: str, param: str, value: Any) -> None:
    """ValueError naming a primitive's parameter and what it allows if ``value`` is not one."""
    model = PRIMITIVES.get(name)
    if model is None:
        raise ValueError(f"no primitive {name!r}; primitives: {', '.join(PRIMITIVES)}")
    if param not in model.model_fields:
        raise ValueError(f"primitive {name!r} has no parameter {param!r}; parameters: {', '.join(model.model_fields)}")
    try:
        model.model_validate({param: value})
    except ValidationError as exc:
        allowed = getattr(model.model_fields[param].annotation, "__args__", ())
        literal = [a for a in allowed if getattr(a, "__origin__", None) is Literal]
        if literal:
            raise ValueError(f"{name}.{param} = {value!r}; allowed: {', '.join(map(str, literal[0].__args__))}") from None
        raise ValueError(f"{name}.{param} = {value!r}: {exc.errors()[0]['msg']}") from None


def rules_for(description: SowingDescription, choices: dict[str, str]) -> Any:
    """The rule fields under ``choices`` (switch id -> option id; a switch not named takes its default);
    ValueError naming the field, switch or option at fault."""
    values = dict(description.rules)
    values.update({k: v for k, v in description.settings(choices).items() if "." not in k})
    missing = [f for f in RULE_FIELDS if f not in values and SowingRules.model_fields[f].is_required()]
    if missing:
        raise ValueError(f"rule field(s) {', '.join(missing)} have no value (in rules or bound to a switch)")
    unknown = [k for k in values if k not in RULE_FIELDS]
    if unknown:
        raise ValueError(f"{unknown[0]!r} is not a rule field (fields: {', '.join(RULE_FIELDS)})")
    try:
        return SowingRules.model_validate(values)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ValueError(f"rule field {'.'.join(map(str, err['loc']))}: {err['msg']}") from None


def with_ruleset(values: Mapping[str, str], ruleset: str | None) -> dict[str, str]:
    """Switch values ``values`` as a setting that names the archive's ``ruleset`` too (None: none)."""
    return dict(values) if ruleset is None else {**values, RULESET: ruleset}


def reading(description: SowingDescription, choices: dict[str, str]) -> Reading:
    """``description`` under ``choices`` (ValueError naming what is at fault)."""
    return Reading(description, dict(choices), rules_for(description, choices), description.settings(choices))


def settings(description: SowingDescription) -> Iterator[dict[str, str]]:
    """The settings a description is checked under: its defaults, then each other option of each switch,
    then each ruleset its ``rulesets`` name (with the defaults)."""
    yield {}
    for s in description.switches:
        for option in s.options:
            if option != s.default:
                yield {s.id: option}
    for rid in description.rulesets:
        yield {RULESET: rid}


def readings(description: SowingDescription) -> Iterator[Reading]:
    """The description under each of its :func:`settings`."""
    for choices in settings(description):
        yield reading(description, choices)


def problems(description: SowingDescription) -> list[tuple[str, str]]:
    """What the machine cannot play in ``description``, each as (the field at fault, as written in the
    file: ``rules.capture``, ``switches[<id>].options.<option>.<field>``, ``primitives[<i>].params.<p>``;
    why). Empty when the machine plays every setting of its switches."""
    out: list[tuple[str, str]] = []
    rows = description.board.rows
    for i, p in enumerate(description.primitives):
        if p.name not in PRIMITIVES:
            out.append((f"primitives[{i}].name", f"no primitive {p.name!r}; primitives: {', '.join(PRIMITIVES)}"))
            continue
        if rows not in PRIMITIVES_BOARDS[p.name]:
            out.append((f"primitives[{i}].name", f"primitive {p.name!r} is not played on {rows} rows"))
        for param, value in p.params.items():
            try:
                check_param(p.name, param, value)
            except ValueError as exc:
                out.append((f"primitives[{i}].params.{param}", str(exc)))
    for s in description.switches:
        for option, sets in s.options.items():
            for key, value in sets.items():
                head, _, tail = key.partition(".")
                if tail and head not in ("board", "setup"):
                    try:
                        check_param(head, tail, value)
                    except ValueError as exc:
                        out.append((f"switches[{s.id}].options.{option}.{key}", str(exc)))
    if out:
        return out
    seen: set[tuple[str, str]] = set()
    for choices in settings(description):
        try:
            r = reading(description, choices)
        except ValueError as exc:
            where = next((f"switches[{k}].options.{v}" for k, v in choices.items()), "rules")
            problem = (where, str(exc))
            if problem not in seen:
                seen.add(problem)
                out.append(problem)
            continue
        for name, allowed in PLAYED[rows].items():
            value = r.value(name)
            if value not in allowed:
                problem = (r.where(name), f"rule field {name} = {value!r} is not played on {rows} rows; the machine "
                                          f"plays {', '.join(map(str, allowed))}")
                if problem not in seen:
                    seen.add(problem)
                    out.append(problem)
        for problem in refused(r):
            if problem not in seen:
                seen.add(problem)
                out.append(problem)
    return out


def refused(r: Reading) -> list[tuple[str, str]]:
    """The combinations the rules in play in reading ``r`` refuse: (the field at fault, as written in the
    file; why). The build runs it over each option of each switch, and the machine over the setting it
    is given, so a combination of several switches' options is refused too."""
    out = []
    for rule in RULES:
        if rule.checks and rule.in_play(r):
            for check in rule.checks:
                found = check(r)
                if found is not None:
                    name, why = found
                    out.append((r.where(name), why))
    return out



def games_using(descriptions: dict[str, SowingDescription]) -> dict[str, list[str]]:
    """Rule name -> the games (ids) that use it under some setting of their switches."""
    out: dict[str, list[str]] = {r.name: [] for r in RULES}
    for gid, description in sorted(descriptions.items()):
        used: set[str] = set()
        for r in readings(description):
            used |= {rule.name for rule in RULES if rule.in_play(r)}
        for name in used:
            out[name].append(gid)
    return out


def table(descriptions: dict[str, SowingDescription]) -> str:
    """The rules of the family as a Markdown table: each with what it does, its fields or parameters,
    the boards that play it, its hook points and the games that use it (docs/rules.md)."""
    using = games_using(descriptions)
    lines = ["| rule | what it does | fields or parameters | boards | hook points | games |",
             "|---|---|---|---|---|---|"]
    for rule in RULES:
        names = list(rule.fields) + [f"capture: {', '.join(v)}" for k, v in rule.adds.items()]
        if rule.params is not None:
            names = [f"{rule.name}.{p}" for p in rule.params.model_fields]
        boards = ", ".join(f"{rows} rows" for rows in rule.boards)
        lines.append(f"| `{rule.name}` | {rule.what} | {', '.join(f'`{n}`' for n in names)} | {boards} | "
                     f"{', '.join(rule.hooks)} | {', '.join(using[rule.name]) or '(none yet)'} |")
    return "\n".join(lines) + "\n"


def description_model() -> type[BaseModel]:
    """The model of a sowing description with every rule field and primitive the rules declare (for
    its JSON Schema: editors then check the fields' names and values as they are typed)."""
    optional = {name: (info.annotation | None, Field(None, description=info.description))
                for name, info in SowingRules.model_fields.items()}
    fields = create_model("RuleFields", __base__=_Strict, __doc__="The rule fields not bound to a switch.", **optional)
    named = [create_model(f"Primitive{''.join(w.title() for w in name.split('-'))}", __base__=_Strict,
                          __doc__=model.__doc__, name=(Literal[name], ...),
                          params=(model, Field(default_factory=model)))
             for name, model in PRIMITIVES.items()]
    return create_model("SowingDescription", __base__=SowingDescription, __doc__=SowingDescription.__doc__,
                        rules=(fields, Field(description="the value of every rule field not bound to a switch")),
                        primitives=(list[Union[tuple(named)]], Field(default_factory=list)))


def schemas() -> dict[str, type[BaseModel]]:
    """The JSON Schema files' models (schema.jsonschema.SCHEMAS), the sowing description's with the
    rules' fields and primitives."""
    from schema.jsonschema import SCHEMAS

    return {**SCHEMAS, "sowing.schema.json": description_model()}
