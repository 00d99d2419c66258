"""The build writes a complete, checked, searchable archive, the same bytes for the same records."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

from click.testing import CliRunner

from engine.cli import main
from schema.build import build
from schema.paths import DATA_DIR
from schema.tables import FTS_COLUMNS


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_same_records_give_the_same_database(tmp_path: Path, built_db: Path):
    again = tmp_path / "archive.db"
    build(DATA_DIR, again)
    assert _sha(again) == _sha(built_db)


def test_foreign_keys_hold(built_db: Path):
    conn = sqlite3.connect(built_db)
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_counts_match_the_records(built_db: Path, archive):
    conn = sqlite3.connect(built_db)
    count = lambda table: conn.execute(f"select count(*) from {table}").fetchone()[0]  # noqa: E731
    assert count("games") == len(archive.games)
    assert count("sources") == len(archive.sources)
    assert count("switches") == sum(len(g.switches) for g in archive.games.values())
    assert count("alternatives") == sum(len(s.alternatives) for g in archive.games.values() for s in g.switches)
    assert count("rulesets") == sum(len(g.rulesets) for g in archive.games.values())
    assert count("ruleset_choices") == sum(len(g.switches) * len(g.rulesets) for g in archive.games.values())
    assert count("evidence") == sum(len(g.evidence) for g in archive.games.values())


def test_the_archive_carries_each_description_as_written(built_db: Path):
    conn = sqlite3.connect(built_db)
    rows = {(g, f): text for g, f, text in conn.execute("select game_id, family, text from descriptions")}
    files = {(p.stem, family): p.read_text(encoding="utf-8")
             for family in ("sowing", "alignment") for p in (DATA_DIR / family).glob("*.yaml")}
    assert rows == files and len(rows) >= 12 and ("tauru", "alignment") in rows
    for gid, family, sha in conn.execute("select game_id, family, sha256 from descriptions"):
        assert sha == hashlib.sha256(files[gid, family].encode("utf-8")).hexdigest()


def test_every_ruleset_chooses_one_alternative_per_switch(built_db: Path):
    conn = sqlite3.connect(built_db)
    rows = conn.execute(
        """select r.id, s.id, count(c.id) from rulesets r join switches s on s.game_id = r.game_id
           left join ruleset_choices c on c.ruleset_id = r.id and c.switch_id = s.id group by r.id, s.id"""
    ).fetchall()
    assert rows and all(n == 1 for _, _, n in rows)


def test_full_text_search_covers_rules_switches_evidence_and_titles(built_db: Path, archive):
    conn = sqlite3.connect(built_db)
    for table in FTS_COLUMNS:
        assert conn.execute(f"select count(*) from {table}_fts").fetchone()[0] == conn.execute(
            f"select count(*) from {table}"
        ).fetchone()[0]
    hits = conn.execute(
        "select rowid from sources_fts where sources_fts match 'wari'"
    ).fetchall()
    assert hits, "Deledicq & Popova's title (Wari et solo) should be found"
    quotation = archive.games["lobudok"].evidence[0].quotation.text
    word = max(quotation.replace(",", " ").split(), key=len)
    hits = conn.execute("select e.dlp_id from evidence_fts f join evidence e on e.rowid = f.rowid where evidence_fts match ?", [f'"{word}"'])
    assert "DLP.Evidence.1881" in [h[0] for h in hits]


def test_cli_build_reports_counts(tmp_path: Path):
    out = tmp_path / "a.db"
    result = CliRunner().invoke(main, ["build", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert f"games {len(list((DATA_DIR / 'games').glob('*.yaml')))}" in result.output  # every record
    assert out.exists()
