"""The game page's "Which readings make a playable game?": a saved tiny assessment shown as a ranked
table with links to play each reading, its chart, findings that follow the saved figures, the run
it comes from; a game without one says so; the tables are served as JSON."""

from __future__ import annotations

import re
import shutil
from html import escape
import sqlite3
from pathlib import Path

import pytest

from engine.compare.criteria import criteria
from engine.games import GAMES

from tests.site.conftest import keep_play_engine, make_datasette

TSORO_SWITCH = "tsoro-additional-capture.singleton-capture"


@pytest.fixture(scope="module")
def assessed_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Tap-urdy's rulesets assessed as the server bakes them (uct:4, 4 games: it checks the plumbing),
    and a user's run over one Tsoro switch where only the first reading that passes is played."""
    from engine.compare.assess import assess
    from engine.compare.results import assess_defaults, save_assessment

    path = tmp_path_factory.mktemp("assessed") / "results.db"
    assess_defaults(path, agent="uct:4", games=4, skill_levels=1, screen_games=40, game_ids=["tap-urdy"])
    a = assess("tsoro-additional-capture", switches=[TSORO_SWITCH], criteria=criteria(["advantage_p1>=0"], base=()),
               screen_games=20, games=2, agent="uct:2", skill_levels=1, top=1, n_resamples=99, seed=2)
    save_assessment(a, path)
    return path


async def _served(built_db: Path, results: Path):
    """A new Datasette over the built archive and ``results``, started; its play engine the one an
    earlier Datasette over the archive started (tests/site/conftest.py's keep_play_engine: these
    tests read pages, and each new Datasette stopped the engine and started another)."""
    ds = make_datasette(built_db, results)
    keep_play_engine(ds)
    await ds.invoke_startup()
    return ds


@pytest.fixture()
async def ads(built_db: Path, assessed_db: Path, compiled_kernels: None):
    return await _served(built_db, assessed_db)


def section(html: str) -> str:
    return html.split('<section id="assess">', 1)[1].split("</section>", 1)[0]


def finding(html: str, key: str) -> str:
    return re.search(rf'<li data-finding="{key}">(.*?)</li>', section(html), re.S).group(1)


async def test_the_section_ranks_every_ruleset_with_intervals_marks_and_links(ads, archive):
    page = await ads.client.get("/games/tap-urdy")
    assert page.status_code == 200
    html = section(page.text)
    assert "Which readings make a playable game?" in html
    rows = re.findall(r'<tr data-reading="([^"]+)"><td>(\d+)</td>', html)
    assert sorted(r for r, _ in rows) == sorted(rs.id for rs in archive.games["tap-urdy"].rulesets)
    assert [int(k) for _, k in rows] == list(range(1, len(rows) + 1))
    for rs in archive.games["tap-urdy"].rulesets:
        assert f'href="/games/tap-urdy?ruleset={rs.id}#play"' in html
    for c in ("balance", "completion", "drawishness", "duration"):
        assert f">{c}</abbr>" in html  # a column of marks per criterion, its range in the header
    assert "10 &lt;= duration_turns &lt;= 500" in html and "completion &gt;= 0.8" in html  # in the tooltips
    assert "<small>10–500</small>" in html and "<small>≥ 0.8</small>" in html and "<small>≤ 0.2</small>" in html
    assert html.count('title="met"') + html.count('title="not met"') + html.count('title="unknown') == 4 * len(rows)
    assert re.search(r"random: [0-9.]+<br><small>\[[0-9.]+, [0-9.]+\]</small>", html)  # random play's interval
    assert "uct:4" in html and "4 games per reading" in html and "seed 0" in html  # the run it comes from
    assert re.search(r'href="/results/assess_runs/[0-9a-f]{32}"', html) and "baked by the server" in html


async def test_the_chart_is_drawn_from_the_run(ads):
    html = section((await ads.client.get("/games/tap-urdy")).text)
    src = re.search(r'src="(/-/assess/[0-9a-f]{32}\.svg)"', html).group(1)
    chart = await ads.client.get(src)
    assert chart.status_code == 200 and chart.headers["content-type"].startswith("image/svg+xml")
    assert "<svg" in chart.text and "skill trace" in chart.text and "uct:4 vs uct:4" in chart.text
    assert (await ads.client.get("/-/assess/" + "0" * 32 + ".svg")).status_code == 404


async def test_a_switch_reading_links_to_the_board_with_its_switch_set(ads):
    html = section((await ads.client.get("/games/tsoro-additional-capture")).text)
    links = re.findall(r'href="(/games/tsoro-additional-capture\?[^"]+)"', html)
    assert len(links) == 2
    assert any(f"set={TSORO_SWITCH}:" in link for link in links)  # the reading the default ruleset does not take
    assert "Not played by the agents" in html and "beyond the 1 reading" in html  # --top 1
    assert "saved with variorum assess --save" in html


async def test_a_game_without_an_assessment_says_so_and_gives_the_command(ads):
    page = await ads.client.get("/games/tauru")
    assert page.status_code == 200
    html = section(page.text)
    assert "No assessment of this game has been saved yet" in html and "variorum assess-defaults --game tauru" in html


async def test_no_results_database_is_no_error(built_db, compiled_kernels):
    ds = make_datasette(built_db)
    keep_play_engine(ds)
    await ds.invoke_startup()
    page = await ds.client.get("/games/tap-urdy")
    assert page.status_code == 200 and "No assessment of this game has been saved yet" in section(page.text)


async def test_the_findings_follow_the_saved_figures(built_db, assessed_db, compiled_kernels, tmp_path):
    before = (await (await _served(built_db, assessed_db)).client.get("/games/tap-urdy")).text
    changed = tmp_path / "results.db"
    shutil.copy(assessed_db, changed)
    conn = sqlite3.connect(changed)
    with conn:
        run = conn.execute("select id from assess_runs where game = 'tap-urdy'").fetchone()[0]
        # the last-ranked ruleset: random players finish every game, the agents none of theirs
        rank, label = conn.execute("select rank, label from assess_readings where run_id = ? and evaluated = 1 "
                                   "order by rank desc limit 1", [run]).fetchone()
        conn.execute("update assess_measures set value = 1, low = 0.9, high = 1 where run_id = ? and rank = ? "
                     "and play = 'random' and measure = 'completion'", [run, rank])
        conn.execute("update assess_measures set value = 0, low = 0, high = 0.1 where run_id = ? and rank = ? "
                     "and play = 'agent' and measure = 'completion'", [run, rank])
        # and its first mover wins, beyond the interval
        conn.execute("update assess_measures set value = 0.9, low = 0.8, high = 1 where run_id = ? and rank = ? "
                     "and play = 'agent' and measure = 'advantage_p1'", [run, rank])
        # and its agents play a thousand times longer than random players
        conn.execute("update assess_measures set value = 1000 * value, low = 1000 * value, high = 1000 * value "
                     "where run_id = ? and rank = ? and play = 'agent' and measure = 'duration_turns'", [run, rank])
        # every reading meets every criterion
        conn.execute("update assess_verdicts set met = 1 where run_id = ? and play = 'agent'", [run])
    conn.close()
    after = (await (await _served(built_db, changed)).client.get("/games/tap-urdy")).text
    for key in ("criteria", "completion", "duration", "first_player"):
        assert finding(before, key) != finding(after, key), key
    assert finding(after, "completion").startswith(f"Agent and random play disagree most about finishing under {label}:")
    assert "100% [90%, 100%]" in finding(after, "completion") and "0% [0%, 10%], fewer" in finding(after, "completion")
    assert "(beyond both intervals)" in finding(after, "completion")
    assert re.search(rf"above one half \(the first mover favoured\) under [^;.]*\b{re.escape(label)}\b",
                     finding(after, "first_player"))
    assert finding(after, "criteria").startswith("5 of the 5 readings played by the agents meet every criterion")
    assert finding(after, "duration").startswith(f"Agent and random play differ most in length under {label}:")
    assert "(beyond both intervals)" in finding(after, "duration")
    assert finding(after, "skill") == finding(before, "skill")


async def test_the_section_cannot_mislead(built_db, assessed_db, compiled_kernels, tmp_path):
    """Balance fails with completion and balance over finished games stands beside it; a degenerate
    interval is no interval; a rate under 1% keeps its decimal; the random figures name their run."""
    changed = tmp_path / "results.db"
    shutil.copy(assessed_db, changed)
    conn = sqlite3.connect(changed)
    with conn:
        run = conn.execute("select id from assess_runs where game = 'tap-urdy'").fetchone()[0]
        rank, label = conn.execute("select rank, label from assess_readings where run_id = ? and evaluated = 1 "
                                   "order by rank desc limit 1", [run]).fetchone()
        conn.execute("update assess_verdicts set met = 0 where run_id = ? and rank = ? and play = 'agent' "
                     "and criterion in ('balance', 'completion')", [run, rank])
        conn.execute("update assess_readings set skill = 0, skill_low = 0, skill_high = 0 where run_id = ? "
                     "and rank = ?", [run, rank])
        conn.execute("update assess_measures set value = 0.002, low = 0.0005, high = 0.007 where run_id = ? "
                     "and rank = ? and play = 'random' and measure = 'completion'", [run, rank])
    conn.close()
    html = section((await (await _served(built_db, changed)).client.get("/games/tap-urdy")).text)
    row = re.search(rf'<tr data-reading="{re.escape(label)}">(.*?)</tr>', html, re.S).group(1)
    assert 'class="vr-requires"' in row and "completion fails" in row
    assert html.count('class="vr-requires"') == 1  # only where completion fails
    assert "no interval: every game alike" in row and "[0, 0]" not in row
    assert "random: 0.2%" in row and "[0.1%, 0.7%]" in row
    assert ">balance_finished</a>" in html and "only if it meets <strong>completion</strong>" in html
    assert "this run's own screen (40 random games a reading)" in " ".join(html.split())


async def test_the_assessment_tables_are_served_as_json(ads, metadata):
    runs = (await ads.client.get("/results/assess_runs.json?_shape=array")).json()
    assert {r["game"] for r in runs} == {"tap-urdy", "tsoro-additional-capture"}
    run = next(r for r in runs if r["game"] == "tap-urdy")
    readings = (await ads.client.get(f"/results/assess_readings.json?_shape=array&run_id={run['id']}")).json()
    assert len(readings) == 5 and all(r["skill"] is not None for r in readings)
    described = metadata["databases"]["results"]["tables"]
    for table in ("assess_runs", "assess_criteria", "assess_readings", "assess_measures", "assess_verdicts",
                  "assess_skill"):
        assert described[table]["description"]


def _log(site, stage: str):
    """The serve's account of its bake, written into a string (engine.cli.bake_progress)."""
    import io

    from rich.console import Console

    from engine.cli.bake_progress import BakeLog

    out = io.StringIO()
    log = BakeLog(site, Console(file=out, width=200), None, {stage: ["lobudok", "tap-urdy", "tauru"]})
    log.start_stage(stage)
    return log, out


def test_the_serve_bake_saves_each_games_assessment_and_clears_its_checkpoint(built_db, tmp_path,
                                                                              first_figures_as_asked):
    from engine import rulesets
    from engine.cli.archive import ASSESS_CHECKPOINT
    from engine.cli.bake import bake_figures, saved_kinds
    from engine.compare.results import load_assessment

    results = tmp_path / "results.db"  # Shono: 8 readings to reconstruct, where Tap-urdy has 3,072
    assert saved_kinds(results) == {}
    budget = {"agent": "uct:2", "games": 2, "skill_levels": 1, "screen_games": 20}
    log, out = _log(tmp_path, "assessments")
    try:
        bake_figures(built_db, results, ["shono"], log, fresh=False, total_seconds=1.0,
                     checkpoint=tmp_path / ASSESS_CHECKPOINT,
                     overrides={"comparison": {"games": 20}, "assessment": budget,
                                "reconstruction": {**budget, "screen_games": 4, "top": 1, "nearest": 0}})
    finally:
        rulesets.use_source(None)
    assert "assessments: shono started" in out.getvalue() and "assessments: shono done in" in out.getvalue()
    saved = load_assessment(results, game="shono")
    assert saved["run"]["kind"] == "defaults" and saved["agent"] == "uct:2"
    assert len(saved["readings"]) == 3  # its three rulesets
    assert not (tmp_path / ASSESS_CHECKPOINT).exists()
    assert saved_kinds(results)[("shono", "assessment")] == {"defaults"}


async def test_the_section_says_being_computed_while_the_server_bakes(built_db, compiled_kernels, tmp_path, monkeypatch):
    site = tmp_path / "site"
    site.mkdir()
    shutil.copy(built_db, site / "archive.db")
    from engine.compare.results import create

    create(site / "results.db")
    (site / ".assessing").write_text("1")
    monkeypatch.setenv("VARIORUM_ASSESSING", "1")
    ds = await _served(site / "archive.db", site / "results.db")
    html = section((await ds.client.get("/games/tap-urdy")).text)
    assert "data-pending" in html and "being computed" in html
    monkeypatch.setenv("VARIORUM_ASSESSING", "0")  # a server that does not bake ignores a stale mark
    ds = await _served(site / "archive.db", site / "results.db")
    assert "No assessment of this game has been saved yet" in section((await ds.client.get("/games/tap-urdy")).text)


async def test_a_run_whose_readings_all_fail_the_screen_lists_twenty_and_counts_the_rest(built_db, compiled_kernels,
                                                                                          tmp_path):
    from engine.compare.assess import assess
    from engine.compare.results import save_assessment

    a = assess("tsoro-additional-capture", switches=["holes", "extra-captures"],
               criteria=criteria(["advantage_p1<=0"], base=()), screen_games=20, games=2, agent="uct:2",
               skill_levels=1, n_resamples=99)
    assert len(a.readings) == 64 and not any(r.evaluated for r in a.readings)  # 16 board sizes x 4 extra-capture counts (Matthews: "one, two, three...")
    run = save_assessment(a, tmp_path / "results.db")
    ds = await _served(built_db, tmp_path / "results.db")
    html = section((await ds.client.get("/games/tsoro-additional-capture")).text)
    assert "No reading was played by the agents: all 64 failed the random screen." in html
    assert "vr-assess" not in html and "/-/assess/" not in html  # no table, no chart
    assert html.count("fails advantage_p1 under random play") == 20
    assert f'and 44 more (<a href="/results/assess_readings?run_id={run}&amp;evaluated=0">' in html
    assert (await ds.client.get(f"/-/assess/{run}.svg")).status_code == 404


def test_the_comparison_bake_keeps_the_runs_users_saved(built_db, tmp_path, monkeypatch):
    """Re-baking the default comparisons replaces each game's defaults run and nothing else: a
    comparison a user saved with ``--save`` survives it (it used to be dropped with the old file)."""
    from engine import rulesets
    from engine.cli.bake import _refine, Timings
    from engine.compare.comparison import compare
    from engine.compare.results import save

    results = tmp_path / "results.db"
    mine = save(compare("tap-urdy", rulesets=["ludii"], games=4, seed=3), results, kind="user")
    rulesets.use_source(built_db)
    rates = {}  # each game's pilot (the bake's order and estimates, nothing it saves), played once for both
    try:
        for _ in range(2):  # a first bake, and a re-bake over it
            _refine("comparison", sorted(GAMES), results, rates, _log(tmp_path, "comparisons")[0], Timings(), None,
                    {"games": 4})
    finally:
        rulesets.use_source(None)
    with sqlite3.connect(results) as conn:
        runs = conn.execute("select id, kind, game from compare_runs").fetchall()
    assert (mine, "user", "tap-urdy") in runs
    defaults = sorted(game for _, kind, game in runs if kind == "defaults")
    assert defaults == sorted(GAMES)


async def test_a_chart_asked_for_at_once_is_drawn_once_and_then_served_from_the_bounded_cache(ads, monkeypatch):
    import asyncio

    from datasette.plugins import pm

    pages = next(m for m in pm.get_plugins() if hasattr(m, "_drawing") and hasattr(m, "assessment_chart"))
    drawn = []
    draw = pages._draw
    monkeypatch.setattr(pages, "_draw", lambda make, *a, **k: drawn.append(make) or draw(make, *a, **k))
    cache = ads._variorum_response_cache
    cache.entries.clear()
    cache.bytes = 0
    src = re.search(r'src="(/-/assess/[0-9a-f]{32}\.svg)"', section((await ads.client.get("/games/tap-urdy")).text)).group(1)
    answers = await asyncio.gather(*(ads.client.get(src) for _ in range(6)))
    assert {a.status_code for a in answers} == {200} and len({a.text for a in answers}) == 1
    assert len(drawn) == 1 and not pages._drawing
    again = await ads.client.get(src)
    assert again.headers.get("x-variorum-cache") == "hit" and again.text == answers[0].text and len(drawn) == 1


@pytest.fixture()
def reconstructed_db(tap_urdy_reconstruction) -> Path:
    """A tiny reconstruction of Tap-urdy over three switches, saved as ``variorum reconstruct --save``
    (tests/site/conftest.py's tap_urdy_reconstruction, read only)."""
    return tap_urdy_reconstruction[1]


async def test_the_reconstruction_section_lists_the_front_and_the_nearest(built_db, reconstructed_db, compiled_kernels):
    from engine.compare.reconstruct_results import load_reconstruction

    saved = load_reconstruction(reconstructed_db, game="tap-urdy")
    page = await (await _served(built_db, reconstructed_db)).client.get("/games/tap-urdy")
    assert page.status_code == 200
    html = page.text.split('<section id="reconstruct">', 1)[1].split("</section>", 1)[0]
    assert "The readings closest to the sources that make a playable game" in html
    front = [r for r in saved["readings"].values() if r["front"]]
    assert front and len(re.findall(r'<li data-reading="\d+"><a href="/games/tap-urdy\?[^"]*#play"', html)) >= len(front)
    for r in front:
        for d in r["departures"]:
            assert f"<code>{d['switch']}</code> = <code>{d['option']}</code>: {escape(d['words']).replace('&#x27;', '&#39;')}" in html
    for n in saved["run"]["nearest"]:
        assert f'<li data-ruleset="{n["ruleset"]}">' in html
    assert re.search(r'href="/results/reconstruct_runs/[0-9a-f]{32}"', html)
    none = await (await _served(built_db, reconstructed_db)).client.get("/games/tsoro-additional-capture")
    assert "variorum reconstruct tsoro-additional-capture --save" in none.text
