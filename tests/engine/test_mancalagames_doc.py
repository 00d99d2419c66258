"""docs/mancalagames.md against the machine's declarations: the page says which of MancalaGames'
56 parameters the two-row sowing machine covers, and by which rule and rule field. Every rule the
table names is a rule module of engine/mancala/rules, every field it names is declared by one of the
rules of its row (a rule field, a value a kind of capture adds, a primitive or its parameter) or is
a field of the description's frame (board, set-up), and every value it names is one the two-row
machine plays (engine.mancala.rules.PLAYED). A renamed field or a dropped value fails here."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal, get_origin

import pytest

from engine.mancala.rules import PLAYED, PRIMITIVES, PRIMITIVES_BOARDS, RULES, SowingRules
from schema.sowing import Board, Setup

DOC = Path(__file__).resolve().parents[2] / "docs" / "mancalagames.md"
COVERED = ("yes", "partly", "default only", "no")
RULE_BY_NAME = {r.name: r for r in RULES}


def rows() -> list[dict[str, Any]]:
    """The table's rows: number, parameter, configurations, covered, rules, fields."""
    out = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\| (\d+) \| `(\w+)` \| (\d+) \| ([a-z ]+) \| ([^|]*) \| ([^|]*) \| [^|]+ \|$", line)
        if m:
            out.append({"n": int(m[1]), "parameter": m[2], "configurations": int(m[3]), "covered": m[4],
                        "rules": re.findall(r"`([^`]+)`", m[5]), "fields": re.findall(r"`([^`]+)`", m[6])})
    return out


ROWS = rows()


def test_the_table_lists_56_parameters_once_each():
    assert [r["n"] for r in ROWS] == list(range(1, 57))
    assert len({r["parameter"] for r in ROWS}) == 56
    assert all(0 < r["configurations"] <= 141 for r in ROWS)
    assert all(r["covered"] in COVERED for r in ROWS)


def test_the_summary_counts_are_the_tables():
    text = DOC.read_text(encoding="utf-8")
    counts = {c: sum(r["covered"] == c for r in ROWS) for c in COVERED}
    assert f"{counts['yes']} are covered" in text
    assert f"{counts['partly']} partly" in text
    assert f"{counts['default only']} in their default only" in text
    assert f"{counts['no']} not at all" in text


def test_a_covered_parameter_names_the_fields_that_cover_it():
    for r in ROWS:
        if r["covered"] == "yes":
            assert r["fields"], r["parameter"]
        if r["covered"] == "no":
            assert not r["fields"] and not r["rules"], r["parameter"]


def _allowed(name: str) -> tuple[Any, ...] | None:
    """The values of rule field ``name`` the two-row machine plays (None: any value of its type)."""
    if name in PLAYED[2]:
        return PLAYED[2][name]
    annotation = SowingRules.model_fields[name].annotation
    if get_origin(annotation) is Literal:
        return annotation.__args__
    return (True, False) if annotation is bool else None


def _owners(name: str, value: str | None) -> set[str]:
    """The rules that declare rule field ``name`` (its owner, or the rule adding ``value`` to it)."""
    adders = {r.name for r in RULES if value in r.adds.get(name, ())}
    return adders or {r.name for r in RULES if name in r.fields}


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r["parameter"])
def test_each_field_the_table_names_exists_and_is_played_on_two_rows(row):
    for rule in row["rules"]:
        assert rule in RULE_BY_NAME, (row["parameter"], rule)
        assert 2 in RULE_BY_NAME[rule].boards, (row["parameter"], rule, "not played on two rows")
    for item in row["fields"]:
        name, _, value = (part.strip() for part in item.partition(":"))
        head, dot, param = name.partition(".")
        if head == "board":
            assert param in Board.model_fields, item
        elif head == "setup":
            assert param in Setup.model_fields, item
        elif head in PRIMITIVES:  # a primitive, or one of its parameters
            assert 2 in PRIMITIVES_BOARDS[head], item
            assert not dot or param in PRIMITIVES[head].model_fields, item
            assert head in row["rules"], (item, "its rule is not in the row")
        else:
            assert name in SowingRules.model_fields, (row["parameter"], item, "not a rule field")
            allowed = _allowed(name)
            if value and allowed is not None:
                assert value in [str(v).lower() for v in allowed], (row["parameter"], item, allowed)
            assert _owners(name, value or None) & set(row["rules"]), (item, "declared by none of the row's rules")
