"""Alignment descriptions (``data/alignment/``, schema.alignment, engine.alignment): each binds
exactly its record's switches and options, the machine refuses what it cannot play naming the file
and field, and the layouts and the JSON Schema are derived from the rules' declarations."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import pytest
import yaml
from pydantic import Field, ValidationError

from engine.alignment import description as described
from engine.alignment import layout
from engine.alignment.rule import HOOKS, Rule
from engine.alignment.rules import RULES, description_model, problems
from schema.alignment import AlignmentDescription
from schema.paths import DATA_DIR
from schema.sowing import check_against_game

GAME_IDS = described.game_ids()


def _tauru() -> dict:
    return yaml.safe_load((DATA_DIR / "alignment" / "tauru.yaml").read_text(encoding="utf-8"))


def test_tauru_is_described():
    assert "tauru" in GAME_IDS


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_description_binds_its_records_switches_and_is_what_the_engine_plays(game_id, archive):
    from engine.games import GAMES

    d = described.load(game_id)
    record = {s.id: [a.id for a in s.alternatives] for s in archive.games[game_id].switches}
    assert check_against_game(d, record) == []
    assert [s.id for s in d.switches] == [s.id for s in archive.games[game_id].switches]  # the record's order
    assert [(s.id, s.options, s.default) for s in GAMES[game_id].switches] == \
        [(s.id, tuple(s.options), s.default) for s in d.switches]


def test_the_record_check_names_a_switch_whose_options_differ():
    data = _tauru()
    data["switches"][0]["options"]["sometimes"] = {"placement_lines": "ignored"}
    record = {s["id"]: list(s["options"]) for s in _tauru()["switches"]}
    found = check_against_game(AlignmentDescription.model_validate(data), record)
    assert found == ["switch 'tauru.placement-lines': options ['capture', 'ignored', 'forbidden', 'sometimes'] in "
                     "the description, ['capture', 'ignored', 'forbidden'] in the record"]


def test_a_description_whose_options_differ_from_its_record_fails_the_build(data_copy: Path, tmp_path: Path):
    from click.testing import CliRunner

    from engine.cli import main

    data = _tauru()
    data["switches"][1]["options"]["sometimes"] = {"long_lines": "ignored"}
    (data_copy / "alignment" / "tauru.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "--data", str(data_copy), "--out", str(tmp_path / "a.db")])
    assert result.exit_code == 1
    assert "data/alignment/tauru.yaml" in result.output and "switch 'tauru.long-lines': options" in result.output


def _damaged(path: str, value: object) -> dict:
    data = _tauru()
    keys = path.split("/")
    target = data
    for k in keys[:-1]:
        target = target[int(k)] if isinstance(target, list) else target[k]
    target[keys[-1]] = value
    return data


@pytest.mark.parametrize("where, value, message", [
    ("switches/0/options/ignored", {"placement_lines": "sometimes"},
     r"switches\[tauru.placement-lines\].options.ignored: rule field placement_lines: Input should be"),
    ("rules", {"long_line": "ignored"}, r"rules: 'long_line' is not a rule field"),
    ("board", {"kind": "grid", "rows": 8, "cols": 8}, r"board: 8 x 8 = 64 points: the machine plays boards of up to 62"),
    ("board", {"kind": "grid", "rows": 6, "cols": 6},
     r"switches\[tauru.repetition\].options.ends-game.repetition: ends-game is played on boards of up to 30 points"),
])
def test_the_machine_refuses_what_it_cannot_play_naming_the_file_and_field(tmp_path, where, value, message):
    data = _damaged(where, value)
    (tmp_path / "tauru.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(ValueError, match=r"tauru.yaml: " + message):
        described.load("tauru", tmp_path)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["rules"].update(removal="any"), "rule field 'removal' has a value in rules and is bound to switch"),
    (lambda d: [o.update({"lines.count": 1}) for o in d["switches"][0]["options"].values()],
     "switch tauru.placement-lines binds 'lines.count': an alignment switch binds rule fields"),
    (lambda d: d.update(pieces=16), "pieces: 16 a player do not fit on 30 points"),
    (lambda d: d["switches"][2].update(id="dara.directions"), "is not a switch of 'tauru'"),
])
def test_the_frame_refuses_a_damaged_description(change, message):
    data = _tauru()
    change(data)
    with pytest.raises(ValidationError, match=message):
        AlignmentDescription.model_validate(data)


def test_a_missing_switch_value_is_named():
    d = described.load("tauru")
    values = {s.id: s.default for s in d.switches}
    del values["tauru.removal"]
    with pytest.raises(ValueError, match="no value for switch 'tauru.removal'; allowed: any, not-in-line, next-to-line"):
        described.parameters(d, values)


def test_the_layouts_are_generated_from_the_rules_declarations():
    slots = [s for rule in RULES for s in rule.slots]
    assert list(layout.PARAM_FIELDS)[:len(slots)] == slots  # the rules' slots in the rules' order, then the board's
    assert layout.AXIS == layout.P_AXES + 1 and layout.PAR_SIZE == layout.TABLES["end"]
    state = [name for rule in RULES for name, _ in rule.state]
    assert [n for n in layout.STATE if n in state] == state
    assert layout.REP == layout.FIXED_SIZE  # the repetition log is the variable tail
    d = described.load("tauru")
    par, rules = described.parameters(d, {s.id: s.default for s in d.switches})
    for rule in RULES:
        for name in rule.slots:
            slot = par[layout.PARAM_FIELDS[name]]
            if rule.fields[name][0] is int:  # a number as it is (draw_after_turns 0: a turn no game reaches)
                assert slot == (getattr(rules, name) or layout.NEVER)
                continue
            allowed = rule.fields[name][0].__args__
            assert allowed[slot] == getattr(rules, name)  # the code is the value's index
    assert (par[layout.P_POINTS], par[layout.P_COLS], par[layout.P_PIECES]) == (30, 6, 12)


def test_every_rule_declares_known_hooks_and_fields_owned_once():
    owned = [f for rule in RULES for f in rule.fields]
    assert len(owned) == len(set(owned))
    assert all(set(rule.hooks) <= set(HOOKS) for rule in RULES)
    with pytest.raises(RuntimeError, match="unknown hook point"):
        Rule(name="x", what="x", fields={"x": (Literal["a"], Field("a"))}, hooks=("landing",))


def test_the_json_schema_names_every_rule_field_and_its_values():
    schema = description_model().model_json_schema()
    fields = schema["$defs"]["AlignmentRuleFields"]["properties"]
    assert set(fields) == {f for rule in RULES for f in rule.fields}
    assert fields["removal"]["anyOf"][0]["enum"] == ["any", "not-in-line", "next-to-line", "not-in-line-unless-all"]


def test_the_descriptions_in_data_have_no_problems():
    for gid in GAME_IDS:
        assert problems(described.load(gid)) == []


def test_the_docs_table_of_the_rules_is_current():
    from engine.alignment.rules import table

    text = (Path(__file__).resolve().parents[2] / "docs" / "alignment-rules.md").read_text(encoding="utf-8")
    assert text.endswith(table()), "regenerate the table in docs/alignment-rules.md from engine.alignment.rules.table()"


@pytest.mark.parametrize("field, value", [("line_length", "two"), ("forbidden_runs", "three-or-more"),
                                          ("leaving_long_line", "no-capture")])
def test_the_grid_runs_rules_are_refused_on_a_board_of_points_and_lines(tmp_path, field, value):
    """line-length, forbidden-runs and leaving-long-line read a grid's axes: a morris board refuses them."""
    data = yaml.safe_load((DATA_DIR / "alignment" / "nine-mens-morris.yaml").read_text(encoding="utf-8"))
    data["rules"][field] = value
    (tmp_path / "nine-mens-morris.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(ValueError, match=rf"nine-mens-morris.yaml: rules.{field}: a board of points and lines"):
        described.load("nine-mens-morris", tmp_path)
