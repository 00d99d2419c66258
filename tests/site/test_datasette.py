"""The archive as Datasette serves it: pages, tables, canned queries, search, and no arbitrary SQL."""

from __future__ import annotations

import sqlite3

import pytest

from engine.cli.archive import datasette_args
from schema.paths import SITE_DIR

TABLES = [
    "sources", "source_lineage", "games", "related_games", "evidence", "statements", "switches",
    "alternatives", "rulesets", "ruleset_choices", "game_citations", "related_game_citations",
    "evidence_citations", "statement_citations", "alternative_citations", "ruleset_citations",
    "quotation_scopes", "witnesses", "witness_counts", "descriptions",
]


async def test_home_page_shows_title_and_licence(ds):
    response = await ds.client.get("/")
    assert response.status_code == 200
    assert "Variorum" in response.text and "CC BY 4.0" in response.text


async def test_database_is_immutable(ds):
    dbs = (await ds.client.get("/-/databases.json")).json()
    (archive,) = [d for d in dbs if d["name"] == "archive"]
    assert archive["is_mutable"] is False


@pytest.mark.parametrize("table", TABLES)
async def test_every_table_page_renders(ds, table):
    response = await ds.client.get(f"/archive/{table}")
    assert response.status_code == 200, table
    data = (await ds.client.get(f"/archive/{table}.json?_shape=array&_size=max")).json()
    assert isinstance(data, list)


def test_every_results_table_and_column_is_described(results_db, metadata):
    tables = metadata["databases"]["results"]["tables"]
    conn = sqlite3.connect(results_db)
    names = [r[0] for r in conn.execute("select name from sqlite_master where type='table'")]
    assert set(names) == set(tables)
    for table in names:
        columns = [r[1] for r in conn.execute(f"pragma table_info({table})")]
        assert not [c for c in columns if c not in tables[table]["columns"]], table


async def test_results_are_served_beside_the_archive(ds):
    runs = (await ds.client.get("/results/compare_runs.json?_shape=array")).json()
    assert [r["game"] for r in runs] == ["tap-urdy"] and runs[0]["kind"] == "defaults"
    assert (await ds.client.get("/results.json?sql=select+1")).status_code == 403


def test_every_table_and_column_is_described(built_db, metadata):
    tables = metadata["databases"]["archive"]["tables"]
    conn = sqlite3.connect(built_db)
    for table in TABLES:
        assert tables[table].get("description"), table
        columns = [r[1] for r in conn.execute(f"pragma table_info({table})")]
        missing = [c for c in columns if c not in tables[table].get("columns", {})]
        assert not missing, (table, missing)
    real = {r[0] for r in conn.execute("select name from sqlite_master where type='table' and name not like '%_fts%' and name not like '%_parts%'")}
    assert real == set(TABLES)


async def test_sources_show_short_cites_as_labels(ds):
    page = await ds.client.get("/archive/alternative_citations")
    assert "Deledicq" in page.text  # the label column of sources, not the bare id


async def test_arbitrary_sql_is_forbidden(ds):
    response = await ds.client.get("/archive.json?sql=select+1")
    assert response.status_code == 403


@pytest.mark.parametrize(
    ("query", "params", "expect"),
    [
        ("disputed_points", "game=tap-urdy", "tap-urdy.relay"),
        ("game_evidence", "game=lobudok", "DLP.Evidence.1881"),
        ("source_readings", "source=deledicq-popova-1977", "tap-urdy"),
        ("independent_witnesses", "game=tap-urdy", "Parolov"),
    ],
)
async def test_canned_queries_run(ds, query, params, expect):
    response = await ds.client.get(f"/archive/{query}.json?{params}&_shape=array")
    assert response.status_code == 200, response.text
    rows = response.json()
    assert rows, query
    assert expect in response.text
    page = await ds.client.get(f"/archive/{query}?{params}")
    assert page.status_code == 200


async def test_every_canned_query_is_listed_and_runs(ds, metadata):
    queries = metadata["databases"]["archive"]["queries"]
    assert len(queries) >= 4
    for name in queries:
        response = await ds.client.get(f"/archive/{name}.json?game=tauru&source=beart-1955&_shape=array")
        assert response.status_code == 200, (name, response.text)


async def test_disputed_points_list_every_alternative_with_citations(ds, archive):
    rows = (await ds.client.get("/archive/disputed_points.json?game=tap-urdy&_shape=array")).json()
    expected = sum(len(s.alternatives) for s in archive.games["tap-urdy"].switches)
    assert len(rows) == expected
    assert all(r["citations"] for r in rows)
    ludii = [r for r in rows if r["chosen_by"] and "ludii" in r["chosen_by"].split(", ")]
    assert len(ludii) == len(archive.games["tap-urdy"].switches)


async def test_independent_witnesses_counts_one_lineage_once(ds):
    rows = (await ds.client.get("/archive/independent_witnesses.json?game=tap-urdy&_shape=array")).json()
    enemy = next(r for r in rows if r["switch"] == "tap-urdy.start" and r["option"] == "enemy-row")
    # D&P, the portal, Wikimanqala and Ludii all rest on Parolov 1931: one witness, many citations
    assert len(enemy["cited_sources"].split("; ")) >= 2
    assert enemy["independent_witnesses"] == 1
    assert "Parolov" in enemy["rests_on"]


async def test_full_text_search(ds, archive):
    response = await ds.client.get("/archive/statements.json?_search=counters&_shape=array")
    assert response.status_code == 200
    assert response.json()
    quotation = archive.games["lobudok"].evidence[0].quotation.text
    word = max(quotation.replace(",", " ").split(), key=len)
    response = await ds.client.get("/archive/evidence.json", params={"_search": word, "_shape": "array"})
    assert "DLP.Evidence.1881" in [r["dlp_id"] for r in response.json()]


async def test_facets_on_evidence(ds):
    data = (await ds.client.get("/archive/evidence.json?_facet=type")).json()
    assert "type" in data["facet_results"]


async def test_evidence_page_loads_the_map(ds, monkeypatch):
    monkeypatch.setenv("VARIORUM_INTROSPECTION", "1")  # /-/plugins is private by default
    plugins = (await ds.client.get("/-/plugins.json")).json()
    assert "datasette-cluster-map" in {p["name"] for p in plugins}
    page = await ds.client.get("/archive/evidence")
    assert "datasette-cluster-map" in page.text


def test_serve_command_line(built_db):
    args = datasette_args(built_db, SITE_DIR, 8123, "127.0.0.1")
    assert args[args.index("-i") + 1] == str(built_db)
    assert "--setting" in args and args[args.index("--setting") + 1 : args.index("--setting") + 3] == ["default_allow_sql", "off"]
    assert "--cors" not in args and "127.0.0.1" in args
