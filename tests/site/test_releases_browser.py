"""A release's pages in a real browser, served by ``variorum serve`` beside the latest: an old
reading opens at /v/1/ with its board and moves, says a newer release exists and links to what
changed; "Cite this" follows the board and cites the release's address."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request

import pytest

from schema.paths import SITE_DIR
from tests.site.conftest import NEW_TEXT, OLD_TEXT, RELEASE_BASE as BASE, releases_copy, stop
from tests.site.test_browser import CHROMIUM, _free_port, browser, open_game, page  # noqa: F401

from playwright.sync_api import expect  # noqa: E402


@pytest.fixture(scope="module")
def server(release_pair, tmp_path_factory):
    """``variorum serve --no-bake`` over release 2's records and archive (tests/site/conftest.py's
    release_pair; its releases folder copied: a server writes its checks there), old releases'
    figures not baked on demand (a visit to /v/1/ would start a bake of every game, which these
    tests do not read); its base address once Tauru plays."""
    root = tmp_path_factory.mktemp("release-browser")
    releases = releases_copy(release_pair, root / "releases")
    site = root / "site"
    shutil.copytree(SITE_DIR, site, ignore=shutil.ignore_patterns("*.db", "inspect-data.json", "releases"))
    shutil.copy(releases / "2" / "archive.db", site / "archive.db")  # newer than data2: served as it is
    (site / "archive.db").chmod(0o644)
    port = _free_port()
    env = dict(os.environ, VARIORUM_RELEASES=str(releases), VARIORUM_RELEASE_FIGURES="0")
    proc = subprocess.Popen(
        [sys.executable, "-m", "engine.cli", "serve", "--port", str(port), "--site", str(site), "--no-bake",
         "--data", str(release_pair["data2"]), "--base-url", BASE],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 900
    while True:
        try:
            urllib.request.urlopen(base + "/-/play/tauru.json", timeout=60).read()
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError(f"server did not start: {proc.stdout.read() if proc.stdout else ''}")
            time.sleep(1)
    yield base
    stop(proc)


def test_an_old_release_page_plays_its_reading_and_links_to_what_changed(page, server):  # noqa: F811
    open_game(page, server, "/v/1/games/tauru?ruleset=sources")
    expect(page.locator("#rules")).to_contain_text(OLD_TEXT)
    expect(page.locator("#rules")).not_to_contain_text(NEW_TEXT)
    newer = page.locator("#vr-release-newer")
    expect(newer).to_contain_text("A newer release exists: 2.")
    assert newer.locator("a").first.get_attribute("href") == "/-/releases/2"
    move = page.locator("#vr-legal button").first.text_content().split(" ")[0]
    page.locator("#vr-legal button").first.click()
    expect(page.locator("#vr-moves")).to_have_text(f"1. {move}")
    assert page.url.startswith(server + "/v/1/games/tauru?ruleset=sources&moves=")
    short = page.locator("#vr-cite-short")
    expect(short).to_contain_text(f"{BASE}/v/1/games/tauru?ruleset=sources&moves={move}")
    expect(short).to_contain_text("release 1 (2026-11-01)")
    expect(page.locator("button[data-copy='vr-cite-short']")).to_be_visible()
    expect(page.locator("#vr-cite-text")).not_to_contain_text("127.0.0.1")


def test_the_latest_page_links_to_what_changed(page, server):  # noqa: F811
    open_game(page, server, "/games/tauru")
    line = page.locator("p.vr-release")
    expect(line).to_contain_text("Release 2 (2026-12-01; archive ")
    expect(line).to_contain_text("), the latest")
    assert line.locator("a").first.get_attribute("href") == "/-/releases/2"
    expect(page.locator("#rules")).to_contain_text(NEW_TEXT)
    expect(page.locator("#rules")).not_to_contain_text(OLD_TEXT)
    page.goto(server + "/-/releases/2")
    expect(page.locator("body")).to_contain_text("tauru.board-and-pieces")
