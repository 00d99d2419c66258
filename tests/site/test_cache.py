"""The response cache knows what its answers were drawn from: a bake that finishes, or a run saved,
while pages are cached shows on the very next request (site/plugins/variorum_cache.py)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from datasette.app import Datasette

from tests.site.conftest import keep_play_engine, make_datasette

HIT = "x-variorum-cache"


def comparison_section(html: str) -> str:
    return html.split('<section id="compare">', 1)[1].split("</section>", 1)[0]


@pytest.fixture(scope="module")
def site_folder(built_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The module's site folder: the built archive, at one path, so that the tests' Datasettes play
    through one play engine (conftest.py's keep_play_engine; a new path started another, two worker
    processes and two more loading every game's kernels, a test: 24 CPU s of the module's)."""
    folder = tmp_path_factory.mktemp("cache") / "site"
    folder.mkdir()
    shutil.copy(built_db, folder / "archive.db")
    return folder


@pytest.fixture()
def site(site_folder: Path) -> Iterator[Path]:
    """The site folder as each test starts it, the archive alone (no results database, no
    ``.assessing``); what the test wrote beside the archive is removed after it."""
    assert [p.name for p in site_folder.iterdir()] == ["archive.db"]
    yield site_folder
    for path in site_folder.iterdir():
        if path.is_dir():
            shutil.rmtree(path)
        elif path.name != "archive.db":
            path.unlink()


async def started_datasette(site: Path, results: Path | None = None) -> Datasette:
    """A new Datasette over ``site``'s archive (and ``results``), started, its pages and cache its
    own, its play engine the module's first (keep_play_engine: what is tested here is the cache)."""
    ds = make_datasette(site / "archive.db", results)
    keep_play_engine(ds)
    await ds.invoke_startup()
    return ds


async def _twice(ds, path: str):
    """The page, then the same page again from the cache."""
    first = await ds.client.get(path)
    again = await ds.client.get(path)
    assert first.status_code == again.status_code == 200
    assert again.headers.get(HIT) == "hit" and again.text == first.text
    return first


async def test_a_bake_saved_while_pages_are_cached_shows_on_the_next_request(site, compiled_kernels):
    from engine.compare.results import compare_defaults, create

    results = create(site / "results.db")
    ds = await started_datasette(site, results)
    before = await _twice(ds, "/games/tap-urdy")
    assert "No comparison has been baked for this game yet" in comparison_section(before.text)
    await _twice(ds, "/")

    run = compare_defaults(results, games=40, game_ids=["tap-urdy"])["tap-urdy"]  # the bake, in another connection

    after = await ds.client.get("/games/tap-urdy")
    assert after.headers.get(HIT) is None
    assert run[:8] in comparison_section(after.text) and "No comparison has been baked" not in after.text
    assert (await ds.client.get("/")).headers.get(HIT) is None  # drawn anew from the new results
    assert (await ds.client.get("/games/tap-urdy")).headers.get(HIT) == "hit"  # cached again, anew


async def test_the_results_database_the_bake_writes_is_picked_up_before_the_cache_answers(site, compiled_kernels,
                                                                                           monkeypatch):
    """A fresh start: the server bakes in the background (VARIORUM_BAKING=1) and the pages, cached,
    say the comparison is being computed; the bake writes results.db; the next request, even one
    the cache would have answered, shows the figures."""
    from engine.compare.results import compare_defaults

    monkeypatch.setenv("VARIORUM_BAKING", "1")
    ds = await started_datasette(site)
    before = await _twice(ds, "/games/tap-urdy")
    assert "being computed" in comparison_section(before.text)
    assert "The default comparisons are being computed" in (await _twice(ds, "/")).text

    run = compare_defaults(site / "results.db", games=40, game_ids=["tap-urdy"])["tap-urdy"]

    after = await ds.client.get("/games/tap-urdy")
    assert after.headers.get(HIT) is None and run[:8] in comparison_section(after.text)
    assert "being computed" not in comparison_section(after.text)
    front = await ds.client.get("/")
    assert front.headers.get(HIT) is None and "The default comparisons are being computed" not in front.text


async def test_the_assessments_mark_is_part_of_what_a_page_is_drawn_from(site, compiled_kernels, monkeypatch):
    from engine.compare.results import create

    monkeypatch.setenv("VARIORUM_ASSESSING", "1")
    results = create(site / "results.db")
    (site / ".assessing").write_text("1")
    ds = await started_datasette(site, results)
    assert "being computed" in (await _twice(ds, "/games/tap-urdy")).text
    (site / ".assessing").unlink()  # the bake stopped (its end, or a failure)
    after = await ds.client.get("/games/tap-urdy")
    assert after.headers.get(HIT) is None and "No assessment of this game has been saved yet" in after.text


async def test_nothing_is_cached_while_the_results_database_is_locked_by_a_writer(site, compiled_kernels):
    import sqlite3

    from engine.compare.results import create

    results = create(site / "results.db")
    ds = await started_datasette(site, results)
    writer = sqlite3.connect(results, isolation_level=None)
    try:
        writer.execute("begin exclusive")
        for _ in range(2):
            page = await ds.client.get("/-/play/tap-urdy.json")
            assert page.status_code == 200 and page.headers.get(HIT) is None
    finally:
        writer.execute("rollback")
        writer.close()
    await ds.client.get("/-/play/tap-urdy.json")
    assert (await ds.client.get("/-/play/tap-urdy.json")).headers.get(HIT) == "hit"


def test_a_data_version_read_after_a_writers_lock_never_repeats_an_earlier_states_key(tmp_path):
    """The cache's key of a mutable database: a writer's lock closes the reader's connection, and a
    new connection counts its data version afresh; the key must still differ from every earlier one
    (it repeated the first state's, and pages drawn before the bake's saves were served again)."""
    import importlib.util
    import sqlite3

    from schema.paths import SITE_DIR

    spec = importlib.util.spec_from_file_location("variorum_cache_alone", SITE_DIR / "plugins" / "variorum_cache.py")
    cache = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cache)
    path = tmp_path / "results.db"
    with sqlite3.connect(path) as conn:
        conn.execute("create table runs (id)")
    reader = cache.DataVersion(str(path))
    keys = [reader()]
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("insert into runs values (1)")
    keys.append(reader())
    writer.execute("begin exclusive")  # the bake writing: no version can be read
    assert reader() is None
    writer.execute("insert into runs values (2)")
    writer.execute("commit")
    keys.append(reader())
    writer.close()
    assert None not in keys and len(set(keys)) == 3
