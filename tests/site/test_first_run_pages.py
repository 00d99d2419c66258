"""A game page's sections on a first run (engine.compare.first_run): preliminary figures are marked
as such, with their budget, the default budget and their intervals; while the server bakes they say
they are being refined; a section without figures says it is being computed; a defaults run
replaces the mark."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from engine.compare import first_run as F

from tests.site.conftest import keep_play_engine, make_datasette

SECTION_IDS = {"comparison": "compare", "assessment": "assess", "reconstruction": "reconstruct"}


@pytest.fixture(scope="module")
def preliminary_site(built_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site folder whose results hold Tap-urdy's three sections at the floor budget, preliminary."""
    from engine import rulesets

    site = tmp_path_factory.mktemp("first-run")
    shutil.copy(built_db, site / "archive.db")
    rulesets.use_source(built_db)
    try:
        for section in F.SECTIONS:
            F.bake(section, "tap-urdy", F.FLOOR[section], site / "results.db", kind="preliminary")
    finally:
        rulesets.use_source(None)
    return site


def section(html: str, name: str) -> str:
    return html.split(f'<section id="{SECTION_IDS[name]}"', 1)[1].split("</section>", 1)[0]


async def _page(site: Path, game: str = "tap-urdy") -> str:
    """The game page of a new Datasette over ``site``; its play engine the one an earlier test's
    started over the same archive (tests/site/conftest.py's keep_play_engine: each new Datasette
    stopped it and started another, for pages that play nothing)."""
    ds = make_datasette(site / "archive.db", site / "results.db")
    keep_play_engine(ds)
    await ds.invoke_startup()
    page = await ds.client.get(f"/games/{game}")
    assert page.status_code == 200
    return page.text


@pytest.mark.parametrize("name", F.SECTIONS)
async def test_preliminary_figures_are_marked_with_their_budget_and_intervals(preliminary_site, compiled_kernels,
                                                                               monkeypatch, name):
    monkeypatch.setenv("VARIORUM_ASSESSING", "0")
    html = section(await _page(preliminary_site), name)
    mark = re.search(r'<p class="vr-preliminary" data-preliminary data-budget="([^"]+)">(.*?)</p>', html, re.S)
    assert mark, html[:400]
    floor = F.FLOOR[name]
    expected = f"{floor.games} random games a ruleset" if name == "comparison" else \
        f"screen of {floor.screen_games} random games a reading; {floor.agent} against itself, {floor.games} games a reading"
    assert mark.group(1) == expected
    assert F.default_budget(name, "tap-urdy").text(name) in mark.group(2)
    assert "Preliminary figures" in mark.group(2) and "intervals are wide" in mark.group(2)
    assert "The default budget's run replaces them when it is baked" in mark.group(2)
    assert re.search(r"\[[-0-9.%]+, [-0-9.%]+\]", html)  # figures with their intervals


@pytest.mark.parametrize("name", F.SECTIONS)
async def test_while_the_server_bakes_preliminary_figures_say_they_are_being_refined(preliminary_site,
                                                                                    compiled_kernels, monkeypatch,
                                                                                    name):
    monkeypatch.setenv("VARIORUM_ASSESSING", "1")
    (preliminary_site / ".assessing").write_text("1")
    try:
        html = section(await _page(preliminary_site), name)
    finally:
        (preliminary_site / ".assessing").unlink()
    stage = {"comparison": "comparisons", "assessment": "assessments", "reconstruction": "reconstructions"}[name]
    assert f'data-pending data-stage="{stage}" data-game="tap-urdy"' in html
    assert "refining them to the default budget in the background" in html
    assert "data-bake-progress" in html


async def test_a_section_without_figures_says_it_is_being_computed_and_a_defaults_run_replaces_the_mark(
        preliminary_site, compiled_kernels, monkeypatch, tmp_path):
    from engine import rulesets

    site = tmp_path / "site"
    shutil.copytree(preliminary_site, site)
    monkeypatch.setenv("VARIORUM_ASSESSING", "1")
    (site / ".assessing").write_text("1")
    kalah = section(await _page(site, "kalah"), "reconstruction")  # no reconstruction of Kalah at all
    assert 'data-pending data-stage="preliminary" data-game="kalah"' in kalah and "being computed" in kalah
    rulesets.use_source(site / "archive.db")
    try:
        F.bake("comparison", "tap-urdy", F.Budget(40, resamples=99), site / "results.db", kind="defaults")
    finally:
        rulesets.use_source(None)
    html = await _page(site)
    assert "data-preliminary" not in section(html, "comparison")
    assert "40 games per ruleset" in section(html, "comparison")
    assert "data-preliminary" in section(html, "assessment")  # not refined yet
