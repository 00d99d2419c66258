"""Bad records get a clear error naming the file, the record, the field (and the line where known).

Each case damages a copy of data/ in one way and checks the message; the last tests check that
`variorum build` exits non-zero and leaves the existing archive byte for byte as it was.
"""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from engine.cli import main
from schema.build import build
from schema.load import RecordErrors, load_archive
from schema.yamlfile import LOADER

GAME = "games/tap-urdy.yaml"


def edit(data_dir: Path, rel: str, change: Callable[[dict[str, Any]], None]) -> None:
    path = data_dir / rel
    doc = yaml.load(path.read_text(encoding="utf-8"), Loader=LOADER)  # libyaml's: the same document
    change(doc)
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")


def append_text(data_dir: Path, rel: str, text: str) -> None:
    path = data_dir / rel
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def _first_alt_citation(doc: dict) -> dict:
    return doc["switches"][0]["alternatives"][0]["citations"][0]


def _del(d: dict, key: str) -> None:
    del d[key]


# (case id, damage, file named, strings the message must hold)
CASES: list[tuple[str, Callable[[Path], None], str, list[str]]] = [
    ("yaml-syntax", lambda d: append_text(d, GAME, "\nextra: [unclosed\n"), GAME, ["YAML syntax error"]),
    ("not-a-mapping", lambda d: (d / GAME).write_text("- just\n- a list\n"), GAME, ["must hold a mapping"]),
    ("missing-field", lambda d: edit(d, GAME, lambda g: _del(g["game"], "region")), GAME, ["record 'tap-urdy'", "field 'region'", "missing"]),
    ("wrong-type", lambda d: edit(d, GAME, lambda g: g["evidence"][0].update(confidence="high")), GAME, ["'confidence'", "integer"]),
    ("unknown-field", lambda d: edit(d, GAME, lambda g: g["switches"][0].update(colour="red")), GAME, ["'colour'", "unknown field"]),
    ("duplicate-switch-id", lambda d: edit(d, GAME, lambda g: g["switches"].append(g["switches"][0])), GAME, ["duplicate id"]),
    (
        "duplicate-source-id",
        lambda d: edit(d, "sources.yaml", lambda s: s["sources"].append(s["sources"][0])),
        "sources.yaml",
        ["duplicate source id"],
    ),
    ("unknown-source", lambda d: edit(d, GAME, lambda g: _first_alt_citation(g).update(source="nobody-1999")), GAME, ["unknown source 'nobody-1999'", "citations.0.source"]),
    (
        "unknown-game",
        lambda d: edit(d, GAME, lambda g: g["game"].setdefault("related", []).append(
            {"name": "Nowhere", "game": "no-such-game", "relation": "said to be related",
             "citations": [{"source": _first_alt_citation(g)["source"], "locator": "p. 1"}]})),
        GAME,
        ["unknown game 'no-such-game'"],
    ),
    ("citation-without-locator", lambda d: edit(d, GAME, lambda g: _del(_first_alt_citation(g), "locator")), GAME, ["locator", "missing"]),
    ("empty-locator", lambda d: edit(d, GAME, lambda g: _first_alt_citation(g).update(locator="  ")), GAME, ["locator", "at least 1 character"]),
    (
        "ruleset-leaves-switch-unset",
        lambda d: edit(d, GAME, lambda g: g["rulesets"][0]["choices"].pop(g["switches"][0]["id"])),
        GAME,
        ["leaves switch(es) unset", "rulesets.0.choices"],
    ),
    (
        "ruleset-unknown-option",
        lambda d: edit(d, GAME, lambda g: g["rulesets"][0]["choices"].update({g["switches"][0]["id"]: "no-such-option"})),
        GAME,
        ["unknown option 'no-such-option'", "allowed:"],
    ),
    (
        "ruleset-unknown-switch",
        lambda d: edit(d, GAME, lambda g: g["rulesets"][0]["choices"].update({"tap-urdy.no-such-point": "x"})),
        GAME,
        ["unknown switch 'tap-urdy.no-such-point'"],
    ),
    (
        "switch-with-one-alternative",
        lambda d: edit(d, GAME, lambda g: g["switches"][0].update(alternatives=g["switches"][0]["alternatives"][:1])),
        GAME,
        ["alternatives", "at least 2"],
    ),
    ("bad-coordinates", lambda d: edit(d, GAME, lambda g: g["evidence"][0]["place"].update(latitude=123.0)), GAME, ["place.latitude", "less than or equal to 90"]),
    (
        "bad-date-range",
        lambda d: edit(d, GAME, lambda g: g["evidence"][0].update(date={"start": "1977-12-31", "end": "1977-01-01"})),
        GAME,
        ["ends (1977-01-01) before it starts"],
    ),
    ("bad-id", lambda d: edit(d, GAME, lambda g: g["statements"][0].update(id="Not A Slug!")), GAME, ["record 'Not A Slug!'", "field 'id'", "should match pattern"]),
    (
        "conjecture-without-proposer",
        lambda d: edit(d, GAME, lambda g: _first_alt_citation(g).update(support="conjecture", note=None) or _first_alt_citation(g).pop("note")),
        GAME,
        ["conjecture citation needs a 'note'"],
    ),
    ("unknown-support-kind", lambda d: edit(d, GAME, lambda g: _first_alt_citation(g).update(support="rumour")), GAME, ["support"]),
    ("two-default-rulesets", lambda d: edit(d, GAME, lambda g: [r.update(default=True) for r in g["rulesets"]]), GAME, ["exactly one ruleset must be the default"]),
    ("switch-id-of-another-game", lambda d: edit(d, GAME, lambda g: g["switches"][0].update(id="tauru.stolen")), GAME, ["must start with the game id"]),
    ("file-name-not-game-id", lambda d: edit(d, GAME, lambda g: g["game"].update(id="tap-urdy-2")), GAME, ["file name must be the game id"]),
    (
        "lineage-unknown-source",
        lambda d: edit(d, "sources.yaml", lambda s: s["sources"][0].setdefault("lineage", []).append({"source": "ghost-1900", "relation": "quotes", "covers": "all of it"})),
        "sources.yaml",
        ["unknown source 'ghost-1900' in lineage"],
    ),
    (
        "lineage-cycle",
        lambda d: edit(d, "sources.yaml", lambda s: [
            s["sources"][0].setdefault("lineage", []).append({"source": s["sources"][1]["id"], "relation": "summarises"}),
            s["sources"][1].setdefault("lineage", []).append({"source": s["sources"][0]["id"], "relation": "summarises"}),
        ]),
        "sources.yaml",
        ["lineage cycle"],
    ),
    (
        "quotation-lineage-without-covers",
        lambda d: edit(d, "sources.yaml", lambda s: next(x for x in s["sources"] if x["id"] == "deledicq-popova-1977")
                       ["lineage"][0].pop("covers")),
        "sources.yaml",
        ["record 'deledicq-popova-1977'", "lineage.0", "must say which passages it covers"],
    ),
    ("quotation-too-long", lambda d: edit(d, GAME, lambda g: g["evidence"][0]["quotation"].update(text="x" * 500)), GAME, ["quotation.text", "at most 400"]),
    ("webpage-without-url", lambda d: edit(d, "sources.yaml", lambda s: [x.pop("url", None) for x in s["sources"] if x["type"] == "webpage"]), "sources.yaml", ["needs a 'url'"]),
]


@pytest.mark.parametrize(("case", "damage", "rel", "expected"), CASES, ids=[c[0] for c in CASES])
def test_defect_is_reported_with_its_place(data_copy: Path, case: str, damage, rel: str, expected: list[str]):
    damage(data_copy)
    with pytest.raises(RecordErrors) as info:
        load_archive(data_copy)
    text = str(info.value)
    assert f"data/{rel}" in text, text
    for piece in expected:
        assert piece in text, f"{piece!r} not in:\n{text}"


def test_defect_names_record_and_line(data_copy: Path):
    edit(data_copy, GAME, lambda g: g["switches"][1]["alternatives"][0].update(colour="red"))
    doc = yaml.safe_load((data_copy / GAME).read_text(encoding="utf-8"))
    switch_id = doc["switches"][1]["id"]
    alt_id = doc["switches"][1]["alternatives"][0]["id"]
    with pytest.raises(RecordErrors) as info:
        load_archive(data_copy)
    (error,) = info.value.errors
    assert error.record == alt_id
    assert error.field == "colour"
    line = (data_copy / GAME).read_text(encoding="utf-8").splitlines()[error.line - 1]
    assert "colour" in line, (error, line)
    assert switch_id  # the alternative sits inside this switch


def test_every_defect_is_listed_not_only_the_first(data_copy: Path):
    edit(data_copy, GAME, lambda g: (g["switches"][0].update(colour="red"), g["evidence"][0]["place"].update(latitude=99.0)))
    with pytest.raises(RecordErrors) as info:
        load_archive(data_copy)
    assert len(info.value.errors) == 2


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def archive_at(built_db: Path, folder: Path) -> Path:
    """An existing archive for a failing build to keep: a copy of the session's archive built from
    data/ (tests/conftest.py's built_db), at ``folder``/archive.db. The tests building a damaged copy
    of data/ over it built the undamaged copy there first, a whole build each (about 3 CPU s); what
    they check is that the failed build leaves the file there byte for byte, whichever archive it is."""
    out = folder / "archive.db"
    shutil.copy(built_db, out)
    out.chmod(0o644)
    return out


def test_failed_build_leaves_existing_archive_untouched(data_copy: Path, tmp_path: Path, built_db: Path):
    out = archive_at(built_db, tmp_path)
    before = _sha(out)
    edit(data_copy, GAME, lambda g: _del(g["game"], "country"))
    result = CliRunner().invoke(main, ["build", "--data", str(data_copy), "--out", str(out)])
    assert result.exit_code != 0
    assert "data/games/tap-urdy.yaml" in result.output and "field 'country'" in result.output
    assert _sha(out) == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_build_killed_midway_leaves_existing_archive_untouched(data_copy: Path, tmp_path: Path, monkeypatch,
                                                               built_db: Path):
    import schema.build as b

    out = archive_at(built_db, tmp_path)
    before = _sha(out)
    real_rows = b.rows

    def dying_rows(archive):
        for i, row in enumerate(real_rows(archive)):
            if i == 40:
                raise KeyboardInterrupt("killed")
            yield row

    monkeypatch.setattr(b, "rows", dying_rows)
    with pytest.raises(KeyboardInterrupt):
        build(data_copy, out)
    assert _sha(out) == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix != "") == ["archive.db"]
