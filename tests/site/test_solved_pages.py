"""Solved values on the game page (engine.compare.solved, issue 31 item 5): the bake solves each
ruleset the solver plays into the results database, the page shows the value of each beside the
comparison, says why a ruleset is not solved, and shows nothing for a game no solver plays.

The bake here reads a copy of data/ whose Kalah rulesets choose three counters a hole (Kalah(6,3)
solves in seconds; the archive's four-counter readings take a minute each, measured in
benchmarks/solver.txt)."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from engine.compare import solved
from engine.compare.solved import TABLE, solve_defaults
from engine.mancala.solver import solve
from schema.paths import DATA_DIR
from tests.site.conftest import keep_play_engine, make_datasette


@pytest.fixture(scope="module")
def solved_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("solved")
    data = folder / "data"
    shutil.copytree(DATA_DIR, data)
    record = data / "games" / "kalah.yaml"
    doc = yaml.safe_load(record.read_text())
    for rs in doc["rulesets"]:
        rs["choices"]["kalah.counters"] = "3"
    record.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False))
    path = folder / "results.db"
    # the bake's transposition table is sized for Kalah(6,4) (engine.compare.solved.TABLE_BITS: 2**25
    # buckets, 1 GB), and the solver's seeding pass walks all of it: about 5 CPU s a reading of
    # Kalah(6,3), against 1.3 with the 2**20 buckets test_the_bake_solves_each_ruleset_the_solver_plays
    # solves the same readings with (the values do not depend on it)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solved, "TABLE_BITS", 20)
        solve_defaults(path, budget=300, game_ids=["kalah"], database=12, data_dir=data)
    return path


def _rows(path: Path) -> dict[str, dict]:
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    try:
        return {r["ruleset"]: dict(r) for r in conn.execute(f"select * from {TABLE} where game = 'kalah'")}
    finally:
        conn.close()


def test_the_bake_solves_each_ruleset_the_solver_plays(solved_db: Path) -> None:
    rows = _rows(solved_db)
    assert set(rows) == {"sources", "ludii", "openspiel", "bga-empty-capture"}
    # the majority end depends on the stores: not solved, and said why
    assert rows["bga-empty-capture"]["status"] == "unsolvable"
    assert "more than half" in rows["bga-empty-capture"]["reason"]
    for key in ("sources", "ludii", "openspiel"):
        assert rows[key]["status"] == "solved"
        assert json.loads(rows[key]["switches"])["kalah.counters"] == "3"
    # the same game for the solver is solved once; each value is the solver's for that reading
    assert rows["sources"]["value"] == rows["ludii"]["value"]
    openspiel = solve(6, 3, False, end="row-empty-after-move", database=12, table_bits=20)
    assert rows["openspiel"]["value"] == openspiel.value
    written = solve(6, 3, False, end="cannot-move", database=12, table_bits=20)
    assert rows["sources"]["value"] == written.value


@pytest.fixture()
async def sds(built_db: Path, solved_db: Path):
    """A new Datasette over the built archive and the solved values, started; its play engine the one
    an earlier Datasette over the archive started (tests/site/conftest.py's keep_play_engine)."""
    ds = make_datasette(built_db, solved_db)
    keep_play_engine(ds)
    await ds.invoke_startup()
    return ds


def _outcome(value: int) -> str:
    return "a draw" if value == 0 else f"a first-player {'win' if value > 0 else 'loss'} by {abs(value)}"


async def test_the_kalah_page_shows_each_rulesets_value(sds, solved_db: Path) -> None:
    rows = _rows(solved_db)
    page = await sds.client.get("/games/kalah")
    assert page.status_code == 200
    section = page.text.split('<div id="solved">', 1)[1].split("</div>", 1)[0]
    for key in ("sources", "ludii", "openspiel"):
        item = section.split(f'data-ruleset="{key}"', 1)[1].split("</li>", 1)[0]
        assert f"under perfect play, this reading is {_outcome(rows[key]['value'])}" in item
        assert f"value {rows[key]['value']:+d}" in item
    item = section.split('data-ruleset="bga-empty-capture"', 1)[1].split("</li>", 1)[0]
    assert "not solved:" in item and "more than half" in item


async def test_a_game_no_solver_plays_shows_no_value(sds) -> None:
    page = await sds.client.get("/games/oware")
    assert page.status_code == 200
    assert 'id="solved"' not in page.text and "under perfect play" not in page.text


async def test_no_table_no_section(built_db: Path, tmp_path: Path) -> None:
    """A results database without the table (a site not yet baked) shows no section and no error."""
    empty = tmp_path / "results.db"
    sqlite3.connect(empty).close()
    ds = make_datasette(built_db, empty)
    keep_play_engine(ds)
    await ds.invoke_startup()
    page = await ds.client.get("/games/kalah")
    assert page.status_code == 200
    assert 'id="solved"' not in page.text


def test_the_command_refuses_a_game_no_solver_plays(tmp_path: Path) -> None:
    from engine.cli import main

    result = CliRunner().invoke(main, ["solve", "defaults", "--game", "oware", "--results", str(tmp_path / "r.db")])
    assert result.exit_code == 2
    assert "no solver plays 'oware'" in result.output
