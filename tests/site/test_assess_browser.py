"""In a real browser: a game page opened while the server bakes the assessments fills its section
in by itself when the game's assessment is saved (the page's only client-side behaviour there),
and the section's chart loads.

Skipped only when no Chromium is installed and CI is not set; on CI a missing browser fails.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from tests.site.conftest import serve_site, site_copy, stop
from tests.site.test_browser import CHROMIUM, _free_port

if not CHROMIUM and not os.environ.get("CI"):
    pytest.skip("no Chromium on this machine (CI installs Debian's chromium; see the summary for how to run "
                "these tests)", allow_module_level=True)

from playwright.sync_api import expect, sync_playwright  # noqa: E402


@pytest.fixture()
def baking_site(built_db: Path, tmp_path: Path):
    """A site served as `variorum serve` serves it while it bakes the assessments; its kernels not
    loaded for play (VARIORUM_WARM=0: these tests read the assessment section, and a board's first
    request loads its game's kernels itself)."""
    from engine.cli.archive import ASSESSING
    from engine.compare.results import create

    site = site_copy(built_db, tmp_path)
    create(site / "results.db")
    (site / ASSESSING).write_text("1")
    base, proc = serve_site(site, _free_port(), VARIORUM_BAKING="0", VARIORUM_ASSESSING="1", VARIORUM_WARM="0")
    yield base, site
    stop(proc)


def test_the_section_fills_in_when_the_assessment_is_saved(baking_site):
    from engine.cli.archive import ASSESSING
    from engine.compare.results import assess_defaults

    base, site = baking_site
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                    args=["--no-sandbox", "--disable-gpu", "--no-first-run"])
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        from rich.console import Console

        from engine.cli.bake_progress import BakeLog

        # a section without figures waits for the first pass, which bakes each game's sections in turn
        log = BakeLog(site, Console(file=io.StringIO()), None, {"preliminary": ["tauru", "tap-urdy"]})
        log.start_stage("preliminary")
        log.update("tauru", 30, 250, phase="evaluate")  # the bake's progress file, as variorum serve writes it
        page.goto(base + "/games/tap-urdy")
        expect(page.locator("#assess [data-pending]")).to_contain_text("being computed")
        progress = page.locator("#assess [data-bake-progress]")
        expect(progress).to_contain_text("Now baking the preliminary figures; this game's turn comes in about")
        log.end_game()
        log.update("tap-urdy", 40, 250, phase="evaluate")
        expect(progress).to_contain_text("Now: evaluate, 40 of 250 games;", timeout=15_000)
        expect(progress).to_contain_text("left.")
        assess_defaults(site / "results.db", agent="uct:2", games=2, skill_levels=1, screen_games=20,
                        game_ids=["tap-urdy"])
        (site / ASSESSING).unlink()
        expect(page.locator("#assess table.vr-assess")).to_be_visible(timeout=30_000)
        expect(page.locator("#assess [data-pending]")).to_have_count(0)
        expect(page.locator("#assess tr[data-reading]")).to_have_count(5)
        chart = page.locator("#assess img.vr-chart")
        chart.scroll_into_view_if_needed()
        page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=chart.element_handle(), timeout=30_000)
        page.locator("#assess a.vr-play-reading", has_text="ludii").click()
        expect(page).to_have_url(base + "/games/tap-urdy?ruleset=ludii#play")
        expect(page.locator("#vr-ruleset")).to_have_value("ludii")
        browser.close()
    assert errors == [], errors


def test_while_the_kernels_compile_the_section_says_so_with_what_is_left(baking_site):
    """The bake's stage "compiling" (engine.cli.bake.await_kernels): a section being computed says
    the kernels are being compiled, the compile's estimate of what is left, and when its turn comes."""
    from rich.console import Console

    from engine.cli.bake import KERNELS
    from engine.cli.bake_progress import BakeLog

    base, site = baking_site
    log = BakeLog(site, Console(file=io.StringIO()), None, {"preliminary": ["tauru", "tap-urdy"]})
    log.expect("preliminary", {"tauru": 60.0, "tap-urdy": 60.0})
    log.games["compiling"] = [KERNELS]
    log.expect("compiling", {KERNELS: 120.0})
    log.start_stage("compiling")
    log.update(KERNELS, 0, None, unit="kernels")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                    args=["--no-sandbox", "--disable-gpu", "--no-first-run"])
        page = browser.new_page()
        page.goto(base + "/games/tap-urdy")
        progress = page.locator("#assess [data-bake-progress]")
        expect(progress).to_contain_text("Now compiling the engine's kernels (about 2 min left); "
                                         "this game's turn comes in about 3 min")
        log.end_stage()
        log.start_stage("preliminary")
        log.update("tauru", 30, 250, phase="evaluate")
        expect(progress).to_contain_text("Now baking the preliminary figures; this game's turn comes in about",
                                         timeout=15_000)
        browser.close()
    log.close()
