"""A release's pages in a real browser, served by ``variorum serve`` beside the latest: an old
reading opens at /v/1/ with its board and moves, says a newer release exists and links to what
changed; "Cite this" follows the board and cites the release's address."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import urllib.request

import pytest

from engine.release import make
from schema.paths import DATA_DIR, SITE_DIR
from tests.site.conftest import stop
from tests.site.test_browser import CHROMIUM, _free_port, browser, open_game, page  # noqa: F401

from playwright.sync_api import expect  # noqa: E402

BASE = "https://variorum.example.org"
OLD = "The board is a grid of five rows and six columns"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = tmp_path_factory.mktemp("release-browser")
    old = root / "data-old"
    shutil.copytree(DATA_DIR, old)
    tauru = old / "games" / "tauru.yaml"
    tauru.write_text(tauru.read_text().replace(OLD, OLD + " (as first released)"))
    releases = root / "releases"
    make(old, releases, base_url=BASE, date="2026-11-01")
    make(DATA_DIR, releases, base_url=BASE, date="2026-12-01")
    site = root / "site"
    shutil.copytree(SITE_DIR, site, ignore=shutil.ignore_patterns("*.db", "inspect-data.json", "releases"))
    port = _free_port()
    env = dict(__import__("os").environ, VARIORUM_RELEASES=str(releases))
    proc = subprocess.Popen(
        [sys.executable, "-m", "engine.cli", "serve", "--port", str(port), "--site", str(site), "--no-bake",
         "--base-url", BASE], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
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
    expect(page.locator("#rules")).to_contain_text(OLD + " (as first released)")
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
    expect(page.locator("#rules")).not_to_contain_text("(as first released)")
    page.goto(server + "/-/releases/2")
    expect(page.locator("body")).to_contain_text("tauru.board-and-pieces")
