"""The rules of the sowing family as modules (engine.mancala.rules): what is derived from their
declarations (the model of a description's fields, what each board plays, the layouts), and the
build's refusal of a description the machine cannot play, naming the file and the field."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from engine.cli import main
from engine.mancala import description as described
from engine.mancala import layout, rules
from engine.mancala.rule import HOOKS
from schema.paths import DATA_DIR, ROOT
from schema.sowing import SowingDescription


def _load(game_id: str) -> dict:
    return yaml.safe_load((DATA_DIR / "sowing" / f"{game_id}.yaml").read_text(encoding="utf-8"))


def test_every_rule_field_and_primitive_is_declared_by_one_rule_module():
    owners = [name for rule in rules.RULES for name in rule.fields]
    assert len(owners) == len(set(owners)) == len(rules.RULE_FIELDS)
    for name in ("start_row", "min_counters", "direction", "long_lap", "relay", "relay_when", "capture",
                 "captured_to", "after_capture", "end", "remaining", "decided_by", "no_move", "first_player",
                 "endless"):
        assert name in rules.RULE_FIELDS
    assert set(rules.PRIMITIVES) == {"extra-captures", "special-holes", "restricted-holes", "opening", "owned-holes"}
    assert all(h in HOOKS for rule in rules.RULES for h in rule.hooks)


def test_each_kind_of_capture_adds_its_value_to_the_capture_field():
    allowed = rules.SowingRules.model_fields["capture"].annotation.__args__
    assert set(allowed) == {"none", "across-gap", "opposite", "inner-and-outer", "inner-and-outer-each", "both-opposite",
                            "count", "own-empty-opposite", "next-after-empty"}
    assert rules.PLAYED[2]["capture"] == ("none", "across-gap", "count", "own-empty-opposite", "next-after-empty")
    assert set(rules.PLAYED[4]["capture"]) == {"opposite", "inner-and-outer", "inner-and-outer-each", "both-opposite"}


def test_the_parameter_layouts_are_generated_from_the_rules_slots():
    for rows, fields in ((2, layout.PARAM_FIELDS), (4, layout.FOUR_PARAM_FIELDS)):
        declared = [slot for rule in rules.RULES for slot in rule.slots.get(rows, ())]
        assert len(declared) == len(set(declared))
        assert set(declared) <= set(fields)
        assert list(fields.values()) == list(range(len(fields)))  # numbered in order, none by hand
    assert layout.FOUR_PARAM_FIELDS["stop_2"] == layout.FOUR_PARAM_FIELDS["stop"] + 1  # one slot a player


def test_rules_for_reads_an_option_and_names_an_unknown_field_or_value():
    d = SowingDescription.model_validate(_load("tap-urdy"))
    assert rules.rules_for(d, {"tap-urdy.relay": "next-hole"}).relay == "next-hole"
    assert rules.rules_for(d, {"tap-urdy.capture": "gap-non-empty"}).capture_empty is False
    data = _load("tap-urdy")
    data["rules"]["sowing"] = "fast"
    with pytest.raises(ValueError, match="'sowing' is not a rule field"):
        rules.rules_for(SowingDescription.model_validate(data), {})
    data = _load("tap-urdy")
    data["rules"].pop("capture")
    with pytest.raises(ValueError, match="capture have no value"):
        rules.rules_for(SowingDescription.model_validate(data), {})


def test_a_primitive_parameter_out_of_range_is_named_with_what_it_allows():
    data = _load("lobudok")
    data["switches"][0]["options"]["start-only"] = {"restricted-holes.sowing": "sometimes"}
    found = described.problems(SowingDescription.model_validate(data))
    assert ("switches[lobudok.restricted-sowing].options.start-only.restricted-holes.sowing",
            "restricted-holes.sowing = 'sometimes'; allowed: skip-corners, start-only") in found


DAMAGED = [
    # Ryakati's opening steps with misoro chosen before play: built before, failed at play
    ("ryakati", lambda d: d["primitives"].append({"name": "special-holes", "params": {"kind": "chosen"}}),
     "primitives", "opening steps with special-holes chosen"),
    # a four-row game sown clockwise
    ("tsoro-additional-capture", lambda d: d["rules"].update(direction="clockwise"),
     "rules.direction", "direction = 'clockwise' is not played on 4 rows"),
    # a two-row game with a four-row primitive
    ("tap-urdy", lambda d: d.setdefault("primitives", []).append({"name": "restricted-holes"}),
     "primitives[0].name", "primitive 'restricted-holes' is not played on 2 rows"),
    # an option setting a value the capture field does not have
    ("lobudok", lambda d: d["rules"].update(capture="both-adjacent"),
     "rules", "capture"),
    # the opening hole spared without an opening
    ("tsoro-baia", lambda d: d["primitives"].__setitem__(
        slice(None), [p for p in d["primitives"] if p["name"] != "opening"]),
     "switches[tsoro-baia.protected-hole].options.not-the-opening-hole.extra-captures.spare",
     "'opening-hole' without an opening hole"),
    # restricted holes with a parameter left unset (its switch dropped): passed the checks, failed at build
    ("lobudok", lambda d: d["switches"].__setitem__(
        slice(None), [s for s in d["switches"] if s["id"] != "lobudok.restricted-capture"]),
     "primitives[0].params.capture", "restricted-holes.capture has no value"),
    # re-sown captures on a board with stores
    ("lobudok", lambda d: d["board"].update(stores=True), "rules.captured_to", "captures go to stores exactly when"),
]


@pytest.mark.parametrize("game_id, damage, field, message", DAMAGED, ids=[f"{g}-{f}" for g, _, f, _ in DAMAGED])
def test_the_build_refuses_a_description_the_machine_cannot_play_naming_file_and_field(
        data_copy: Path, tmp_path: Path, game_id, damage, field, message):
    data = _load(game_id)
    damage(data)
    (data_copy / "sowing" / f"{game_id}.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    out = tmp_path / "a.db"
    result = CliRunner().invoke(main, ["build", "--data", str(data_copy), "--out", str(out)])
    assert result.exit_code == 1, result.output
    line = next((ln for ln in result.output.splitlines() if f"data/sowing/{game_id}.yaml" in ln and message in ln), "")
    assert line, result.output
    assert f"field '{field}" in line
    assert not out.exists()


def test_the_rules_table_in_the_docs_is_current(archive):
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert rules.table(archive.sowing) in text, "run `variorum rules --family sowing --markdown` and paste it into docs/rules.md"
