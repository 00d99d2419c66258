"""Sowing descriptions (``data/sowing/``, schema.sowing): the frame a description must fill (board,
set-up, the binding of fields to the game's switches) and the cross-check with the game's record.
What the rule fields and primitives allow is the engine's rules' (tests/engine/test_sowing_rules.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from pydantic import ValidationError

from schema.load import RecordErrors, load_archive
from schema.paths import DATA_DIR
from schema.sowing import SowingDescription


def _tap_urdy() -> dict:
    return yaml.safe_load((DATA_DIR / "sowing" / "tap-urdy.yaml").read_text(encoding="utf-8"))


def test_every_description_validates_and_binds_every_switch_of_its_game(archive):
    assert archive.sowing, "no sowing description loaded"
    for gid, d in archive.sowing.items():
        assert sorted(s.id for s in d.switches) == sorted(s.id for s in archive.games[gid].switches)


def test_each_option_is_a_set_of_field_values():
    d = SowingDescription.model_validate(_tap_urdy())
    assert d.settings({"tap-urdy.relay": "next-hole"})["relay"] == "next-hole"
    assert d.settings({})["relay"] == "last-hole"  # the switch's default


def test_an_unknown_option_is_named_with_the_allowed_ones():
    d = SowingDescription.model_validate(_tap_urdy())
    with pytest.raises(ValueError, match="unknown value 'nope' for switch 'tap-urdy.relay'; allowed: take-up-last"):
        d.settings({"tap-urdy.relay": "nope"})


@pytest.mark.parametrize("damage, message", [
    (lambda d: d["rules"].update(relay="last-hole"), "has a value in rules and is bound to switch"),
    (lambda d: d["rules"].update({"extra-captures.count": 2}), "rules holds rule fields"),
    (lambda d: d["switches"][2]["options"]["next-hole"].update(relay_when="occupied"),
     "every option of a switch must set the same fields"),
    (lambda d: [o.update({"board.rows": 4}) for o in d["switches"][1]["options"].values()],
     "a switch may bind board.holes_per_row"),
    (lambda d: [o.update(relay="single") for o in d["switches"][3]["options"].values()], "bound to two switches"),
    (lambda d: d["switches"][0].update(default="nowhere"), "default 'nowhere' is not one of the options"),
    (lambda d: d["setup"].update(layout=[1, 2]), "exactly one of counters_per_hole, counters_per_row and layout"),
])
def test_a_bad_description_is_refused_naming_what_is_wrong(damage, message):
    data = _tap_urdy()
    damage(data)
    with pytest.raises(ValidationError, match=message):
        SowingDescription.model_validate(data)


def test_a_description_whose_switches_differ_from_its_record_fails_the_build(data_copy: Path, tmp_path: Path):
    from click.testing import CliRunner

    from engine.cli import main

    path = data_copy / "sowing" / "tap-urdy.yaml"
    data = _tap_urdy()
    data["switches"][0]["options"]["middle-row"] = {"start_row": "own"}
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    load_archive(data_copy)  # valid on its own: the build's engine check holds it against the record
    result = CliRunner().invoke(main, ["build", "--data", str(data_copy), "--out", str(tmp_path / "a.db")])
    assert result.exit_code == 1
    assert "data/sowing/tap-urdy.yaml" in result.output and "switch 'tap-urdy.start': options" in result.output


def test_a_description_of_an_unknown_game_fails_the_load(data_copy: Path):
    data = _tap_urdy()
    data["game"] = "nowhere"
    for s in data["switches"]:
        s["id"] = s["id"].replace("tap-urdy.", "nowhere.")
    (data_copy / "sowing" / "nowhere.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(RecordErrors, match=r"sowing/nowhere.yaml.*no game 'nowhere'"):
        load_archive(data_copy)


@pytest.mark.parametrize("path", sorted((DATA_DIR / "sowing").glob("*.yaml")), ids=lambda p: p.stem)
def test_every_description_agrees_with_its_record_and_the_engines_switches(path, archive):
    from schema.sowing import check_against_game

    game_id = path.stem
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    d = SowingDescription.model_validate(data)
    record = {s.id: [a.id for a in s.alternatives] for s in archive.games[game_id].switches}
    assert check_against_game(d, record) == []
    from engine.games import GAMES

    engine_switches = GAMES[game_id].switches
    assert [(s.id, s.options, s.default) for s in engine_switches] == \
        [(s.id, tuple(s.options), s.default) for s in d.switches]


def test_a_bound_board_field_and_primitive_parameter_are_options_values():
    d = SowingDescription.model_validate(
        yaml.safe_load((DATA_DIR / "sowing" / "tsoro-additional-capture.yaml").read_text(encoding="utf-8")))
    got = d.settings({"tsoro-additional-capture.holes": "12", "tsoro-additional-capture.heads": "immune"})
    assert got["board.holes_per_row"] == 12 and got["special-holes.kind"] == "chosen"
    assert got["extra-captures.count"] == 2  # the default option
