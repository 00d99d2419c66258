"""Old releases whole: ``/v/<N>/`` game pages show that release's comparison, assessment and
reconstruction, baked from its records on demand (one release at a time, niced, dying with the
server) and saved once under ``<releases>/figures/<N>/``; meanwhile they say so, with the bake's
progress, and never "in a moment" for good."""

from __future__ import annotations

import os
import shutil
import sqlite3

import pytest

from engine.release import bake_figures, figures_dir

from tests.site.conftest import keep_play_engine, make_datasette, releases_copy

TINY = {"comparison": {"games": 20, "resamples": 99},
        "assessment": {"agent": "uct:2", "games": 2, "skill_levels": 1, "screen_games": 20, "resamples": 99},
        "reconstruction": {"agent": "uct:2", "games": 2, "skill_levels": 1, "screen_games": 4, "top": 1,
                           "nearest": 0, "resamples": 99}}


@pytest.fixture(scope="module")
def two_releases(release_pair, tmp_path_factory) -> dict:
    """Releases 1 and 2 (tests/site/conftest.py's release_pair: the second after a change of words,
    a choice and a description), in this module's own copy of the releases folder (figures are
    baked into it), the latest served."""
    root = tmp_path_factory.mktemp("release-figures")
    folder = releases_copy(release_pair, root / "releases")
    site = root / "site"
    site.mkdir()
    shutil.copy(folder / "2" / "archive.db", site / "archive.db")
    (site / "archive.db").chmod(0o644)
    return {"folder": folder, "db": site / "archive.db"}


class FakeBake:
    """A release bake's process that never ends (it is this test's own id, so it counts as alive)."""

    started: list[list[str]] = []

    def __init__(self, args, **kwargs) -> None:
        FakeBake.started.append(list(args))
        self.pid = os.getpid()

    def poll(self):
        return None

    def terminate(self) -> None:
        pass


async def _served(two_releases, monkeypatch):
    monkeypatch.setenv("VARIORUM_RELEASES", str(two_releases["folder"]))
    ds = make_datasette(two_releases["db"])
    keep_play_engine(ds)  # the first test's play engine (these tests read pages)
    await ds.invoke_startup()
    return ds


async def test_a_visit_starts_the_releases_figures_once_and_one_release_at_a_time(two_releases, monkeypatch,
                                                                                  compiled_kernels):
    monkeypatch.setenv("VARIORUM_RELEASE_FIGURES", "1")
    ds = await _served(two_releases, monkeypatch)  # the plugins are loaded by now
    from datasette.plugins import pm

    plugin = next(m for m in pm.get_plugins() if hasattr(m, "start_figures"))
    monkeypatch.setattr(plugin.subprocess, "Popen", FakeBake)
    monkeypatch.setattr(plugin, "_figuring", {})
    FakeBake.started.clear()
    try:
        page = await ds.client.get("/v/1/games/tap-urdy")
        assert page.status_code == 200
        assert [a[-3:] for a in FakeBake.started] == [["release", "--figures", "1"]]
        assert page.headers["cache-control"] == "no-cache"  # the figures to come are not cached away
        text = page.text
        assert text.count("data-pending") >= 3 and "being computed" in text and "in a moment" not in text
        assert 'fetch("/v/1/-/bake.json")' in text  # the release's own progress
        assert (figures_dir(1, two_releases["folder"]) / ".assessing").read_text() == str(os.getpid())
        await ds.client.get("/v/1/games/kalah")
        assert len(FakeBake.started) == 1  # once
        other = (await ds.client.get("/v/2/games/tap-urdy")).text
        assert len(FakeBake.started) == 1  # one release at a time
        assert "another release's are being computed now" in other and "data-pending" not in other
    finally:
        (figures_dir(1, two_releases["folder"]) / ".assessing").unlink(missing_ok=True)


async def test_a_releases_figures_are_baked_from_its_records_saved_once_and_shown(two_releases, monkeypatch,
                                                                                  compiled_kernels,
                                                                                  first_figures_as_asked):
    folder = two_releases["folder"]  # Shono: 8 readings to reconstruct, where Tap-urdy has 3,072
    results = bake_figures(2, folder, games=["shono"], overrides=TINY, total_seconds=1.0)
    assert results == figures_dir(2, folder) / "results.db"
    assert (figures_dir(2, folder) / ".done").is_file() and not (figures_dir(2, folder) / ".assessing").exists()
    with sqlite3.connect(results) as conn:
        for table in ("compare_runs", "assess_runs", "reconstruct_runs"):
            assert conn.execute(f"select game, kind from {table}").fetchall() == [("shono", "defaults")]
    stamp = results.stat().st_mtime_ns
    assert bake_figures(2, folder, games=["shono"], overrides=TINY) == results and results.stat().st_mtime_ns == stamp
    monkeypatch.setenv("VARIORUM_RELEASE_FIGURES", "1")
    ds = await _served(two_releases, monkeypatch)
    from datasette.plugins import pm

    plugin = next(m for m in pm.get_plugins() if hasattr(m, "start_figures"))
    monkeypatch.setattr(plugin.subprocess, "Popen", FakeBake)
    FakeBake.started.clear()
    page = await ds.client.get("/v/2/games/shono")
    assert FakeBake.started == []  # saved once: nothing started
    text = page.text
    for mark in ('class="vr-table vr-compare"', 'id="assess-run"', 'id="reconstruct-run"'):
        assert mark in text
    assert "being computed" not in text and "in a moment" not in text and "data-preliminary" not in text
    assert page.headers["cache-control"] == "public, max-age=3600"


def test_the_release_figures_command_names_a_missing_release(two_releases):
    from click.testing import CliRunner

    from engine.cli import main as cli

    out = CliRunner().invoke(cli, ["release", "--figures", "9", "--releases", str(two_releases["folder"])])
    assert out.exit_code == 2 and "no release 9" in out.output and "Traceback" not in out.output
