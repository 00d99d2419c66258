"""Build integrity: the records must be playable by the engine (the same switches and options,
both ways; every ruleset resolving), and a key written twice in YAML is an error with its line.
Each case damages a copy of data/; the build fails naming file, record and field, and the
previous archive is kept byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from engine.cli import main
from engine.cli.archive import engine_check
from schema.load import RecordErrors, load_archive
from test_defects import archive_at, edit  # the helpers that damage a copy of data/ and give an archive to keep

TAP = "games/tap-urdy.yaml"


def _drop_endless(g: dict) -> None:
    g["switches"] = [s for s in g["switches"] if s["id"] != "tap-urdy.endless"]
    for r in g["rulesets"]:
        r["choices"].pop("tap-urdy.endless")
        r.get("completions", {}).pop("tap-urdy.endless", None)


def _rename_switch(g: dict) -> None:
    for s in g["switches"]:
        if s["id"] == "tap-urdy.endless":
            s["id"] = "tap-urdy.endless-move"
    for r in g["rulesets"]:
        r["choices"]["tap-urdy.endless-move"] = r["choices"].pop("tap-urdy.endless")
        if "tap-urdy.endless" in r.get("completions", {}):
            r["completions"]["tap-urdy.endless-move"] = r["completions"].pop("tap-urdy.endless")


def _rename_option(g: dict) -> None:
    sw = next(s for s in g["switches"] if s["id"] == "tap-urdy.endless")
    sw["alternatives"][0]["id"] = "stop"
    for r in g["rulesets"]:
        r["choices"]["tap-urdy.endless"] = "stop"


def _extra_option(g: dict) -> None:
    sw = next(s for s in g["switches"] if s["id"] == "tap-urdy.endless")
    sw["alternatives"].append({**sw["alternatives"][1], "id": "replay"})


CASES = [
    ("switch-deleted", _drop_endless,
     ["record 'tap-urdy'", "field 'switches'", "the engine's tap-urdy has switch 'tap-urdy.endless'",
      "record 'sources'", "the engine cannot play this ruleset"]),
    ("switch-renamed", _rename_switch,
     ["record 'tap-urdy.endless-move'", "has no switch 'tap-urdy.endless-move'", "has switch 'tap-urdy.endless'"]),
    ("option-renamed", _rename_option,
     ["record 'tap-urdy.endless'", "has no option 'stop'", "has option 'end-game', which the records do not",
      "unknown value 'stop'"]),
    ("option-added", _extra_option, ["record 'tap-urdy.endless'", "has no option 'replay'"]),
]


@pytest.mark.parametrize(("case", "damage", "expected"), CASES, ids=[c[0] for c in CASES])
def test_records_the_engine_cannot_play_fail_the_build(data_copy: Path, tmp_path: Path, built_db: Path, case, damage,
                                                       expected):
    out = archive_at(built_db, tmp_path)
    before = out.read_bytes()
    edit(data_copy, TAP, damage)
    load_archive(data_copy)  # the records alone are valid: only the engine can tell
    result = CliRunner().invoke(main, ["build", "--data", str(data_copy), "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert "data/games/tap-urdy.yaml:" in result.output and "was not changed" in result.output
    for piece in expected:
        assert piece in result.output, f"{piece!r} not in:\n{result.output}"
    assert out.read_bytes() == before


def test_the_real_records_resolve_on_the_engine(archive):
    assert engine_check(archive) == []


def test_a_key_written_twice_is_an_error_with_its_line(data_copy: Path):
    path = data_copy / TAP
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    first = next(i for i, line in enumerate(lines) if line.strip().startswith("locator:"))
    indent = lines[first][: len(lines[first]) - len(lines[first].lstrip())]
    lines.insert(first + 1, f"{indent}locator: p. 999\n")
    path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(RecordErrors) as info:
        load_archive(data_copy)
    (error,) = info.value.errors
    assert error.file == "data/games/tap-urdy.yaml" and error.line == first + 2
    assert "key 'locator' written twice" in error.message and f"first at line {first + 1}" in error.message


def test_a_game_the_engine_plays_but_the_records_lack(data_copy: Path, tmp_path: Path):
    (data_copy / "games" / "msuwa.yaml").unlink()  # a game no other record names (Ryakati's names Lobudök)
    (data_copy / "sowing" / "msuwa.yaml").unlink()  # the engine's registry reads the project's data/sowing
    load_archive(data_copy)
    result = CliRunner().invoke(main, ["build", "--data", str(data_copy), "--out", str(tmp_path / "a.db")])
    assert result.exit_code == 1
    assert "data/games: the engine plays 'msuwa' but the records have no games/msuwa.yaml" in result.output
    assert not (tmp_path / "a.db").exists()
