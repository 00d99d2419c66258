"""In a real browser: the game page's "The readings closest to the sources that make a playable game"
shows a saved reconstruction, and a reading's link opens the board under exactly that reading.

Skipped only when no Chromium is installed and CI is not set; on CI a missing browser fails.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.site.conftest import serve_site, site_copy, stop
from tests.site.test_browser import CHROMIUM, _free_port

if not CHROMIUM and not os.environ.get("CI"):
    pytest.skip("no Chromium on this machine (CI installs Debian's chromium; see the summary for how to run "
                "these tests)", allow_module_level=True)

from playwright.sync_api import expect, sync_playwright  # noqa: E402


@pytest.fixture(scope="module")
def reconstructed_site(built_db: Path, tmp_path_factory: pytest.TempPathFactory, tap_urdy_reconstruction):
    """A site served as `variorum serve` serves it, whose results database holds a tiny reconstruction
    of Tap-urdy over three switches (tests/site/conftest.py's tap_urdy_reconstruction); one server for
    the module's tests, which only read its pages."""
    import shutil

    rec, results = tap_urdy_reconstruction
    site = site_copy(built_db, tmp_path_factory.mktemp("reconstructed-site"))
    shutil.copy(results, site / "results.db")
    base, proc = serve_site(site, _free_port(), VARIORUM_BAKING="0", VARIORUM_ASSESSING="0")
    yield base, rec
    stop(proc)


def test_a_front_reading_opens_on_the_board_as_it_is_read(reconstructed_site):
    base, rec = reconstructed_site
    first = rec.front[0]
    reading = rec.candidates[first].reading.switches
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                    args=["--no-sandbox", "--disable-gpu", "--no-first-run"])
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base + "/games/tap-urdy")
        section = page.locator("#reconstruct")
        expect(section.locator("h2")).to_have_text("The readings closest to the sources that make a playable game")
        item = section.locator(f".vr-front > li[data-reading='{first}']")
        expect(item).to_be_visible()
        for d in rec.candidates[first].departures:
            expect(item.locator(".vr-departures")).to_contain_text(f"{d.switch} = {d.option}")
        item.locator("a.vr-play-reading").click()
        page.wait_for_selector("body[data-board-ready='1']", timeout=60000)
        page.wait_for_function("document.body.dataset.boardState !== undefined", timeout=60000)
        state = json.loads(page.evaluate("document.body.dataset.boardState"))
        assert state["switches"] == reading
        assert errors == []
        browser.close()


def test_each_front_reading_is_named_by_what_it_sets(reconstructed_site):
    import html
    import re
    import urllib.request

    from engine import rulesets

    base, rec = reconstructed_site
    page = urllib.request.urlopen(base + "/games/tap-urdy", timeout=30).read().decode()
    default = rulesets.default_ruleset("tap-urdy")
    choices = rulesets.ruleset("tap-urdy", default).choices
    for i in rec.front:
        c = rec.candidates[i]
        item = re.search(rf"<li data-reading=\"{i}\">(.*?)</li>", page, re.S).group(1)
        if c.ruleset:
            continue
        text = html.unescape(re.sub(r"<[^>]+>", "", item))
        sets = [f"{k.split('.', 1)[1]}: {v}" for k, v in c.reading.switches.items() if choices[k] != v]
        assert f"(sets {', '.join(sets) or 'nothing otherwise'} against {default})" in text, text
