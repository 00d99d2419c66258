"""The game pages in a real browser (Debian's Chromium driven by Playwright): rules with their
citations, clicking moves, keyboard play, flipping a disputed point, links that reproduce a position.

Skipped only when no Chromium is installed and CI is not set; on CI a missing browser fails.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from schema.paths import SITE_DIR

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if not CHROMIUM and not os.environ.get("CI"):
    pytest.skip("no Chromium on this machine (CI installs Debian's chromium)", allow_module_level=True)

from playwright.sync_api import expect, sync_playwright  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    site = tmp_path_factory.mktemp("browser") / "site"
    shutil.copytree(SITE_DIR, site, ignore=shutil.ignore_patterns("*.db", "inspect-data.json"))
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "engine.cli", "serve", "--port", str(port), "--site", str(site)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        try:
            with urllib.request.urlopen(base + "/games", timeout=5) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"server did not start: {proc.stdout.read() if proc.stdout else ''}")
        time.sleep(0.3)
    # the engine's kernels compile on first use: warm them before the browser's first request
    urllib.request.urlopen(base + "/-/play/tap-urdy.json?moves=b1", timeout=120).read()
    yield base
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run"],
        )
        yield b
        b.close()


@pytest.fixture()
def page(browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert errors == [], errors


def open_game(page, server: str, path: str) -> None:
    page.goto(server + path)
    page.wait_for_selector("body[data-board-ready='1']", timeout=30000)


def test_rule_with_its_citation(page, server):
    open_game(page, server, "/games/tap-urdy")
    rules = page.locator("#rules")
    expect(rules).to_contain_text("Deledicq & Popova 1977: 90")
    link = rules.locator("a.vr-cite", has_text="Deledicq & Popova 1977: 90").first
    assert link.get_attribute("href").startswith("/archive/sources/")


def test_clicking_a_hole_plays_it(page, server):
    open_game(page, server, "/games/tap-urdy?ruleset=ludii")
    expect(page.locator("#vr-status")).to_contain_text("Player 1 to move")
    page.click("g[data-site='b1']")
    expect(page.locator("#vr-moves")).to_have_text("1. b1")
    expect(page.locator("#vr-status")).to_contain_text("Player 2 to move")
    expect(page.locator("g[data-site='b3'] text.vr-count")).to_have_text("0")  # captured across the gap
    assert "moves=b1" in page.url


def test_keyboard_play(page, server):
    open_game(page, server, "/games/tap-urdy?ruleset=ludii")
    page.locator("g[data-site='b2']").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#vr-moves")).to_have_text("1. b2")
    assert page.locator("g[data-site='a1']").get_attribute("aria-label").startswith("a1: ")


def test_link_reproduces_a_position(page, server):
    open_game(page, server, "/games/tap-urdy?ruleset=ludii&set=relay:next-hole&moves=b1,a2")
    expect(page.locator("#vr-moves")).to_have_text("1. b1  2. a2")
    expect(page.locator("select[data-switch='tap-urdy.relay']")).to_have_value("next-hole")
    expect(page.locator("#vr-ruleset")).to_have_value("ludii")
    import engine

    state = engine.new_game("tap-urdy", ruleset="ludii", switches={"relay": "next-hole"})
    state.apply("b1")
    state.apply("a2")
    for i, count in enumerate(state.board()["a"]):
        expect(page.locator(f"g[data-site='a{i + 1}'] text.vr-count")).to_have_text(str(count))
    expect(page.locator("#vr-text")).to_have_text(state.to_text())


def test_flipping_a_toggle_replays_under_the_other_reading(page, server):
    open_game(page, server, "/games/tap-urdy?ruleset=ludii&moves=b1")
    page.select_option("select[data-switch='tap-urdy.relay']", "next-hole")
    notice = page.locator("#vr-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("move 1")
    assert "relay%3Anext-hole" in page.url or "relay:next-hole" in page.url
    import engine

    state = engine.new_game("tap-urdy", ruleset="ludii", switches={"relay": "next-hole"})
    state.apply("b1")
    for i, count in enumerate(state.board()["b"]):
        expect(page.locator(f"g[data-site='b{i + 1}'] text.vr-count")).to_have_text(str(count))
    assert state.board() != engine.new_game("tap-urdy", ruleset="ludii").child("b1").board()


def test_cite_this_follows_the_reading(page, server):
    open_game(page, server, "/games/tap-urdy?ruleset=ludii&set=relay:next-hole&moves=b1")
    text = page.locator("#vr-cite-text")
    expect(text).to_contain_text('ruleset "ludii" with tap-urdy.relay = next-hole')
    expect(text).to_contain_text("b1")
    expect(page.locator("#vr-cite-bibtex")).to_contain_text("@misc{variorum-tap-urdy-ludii")
    expect(page.locator("#vr-cite-csl")).to_contain_text('"type": "dataset"')


def test_evidence_map_has_its_marker(page, server):
    page.goto(server + "/games/lobudok")
    expect(page.locator("#vr-map")).to_have_attribute("data-markers", "1", timeout=15000)


def test_cite_this_names_the_editorial_choices_and_whose_words_are_quoted(page, server):
    open_game(page, server, "/games/tauru")
    text = page.locator("#vr-cite-text")
    expect(text).to_contain_text("The sources are silent on: tauru.long-lines = count (editorial completion, proposed by Variorum)")
    expect(text).to_contain_text("tauru.directions = orthogonal (editorial completion")
    expect(text).to_contain_text("(the words of Ludii portal, Tauru (DLP.Games.662), its summary of Béart 1955: 456; read at")
    expect(page.locator("#vr-cite-bibtex")).to_contain_text("the sources are silent on")
    open_game(page, server, "/games/tauru?set=directions:all")  # the reader's own choice is not the ruleset's completion
    expect(text).to_contain_text("tauru.long-lines = count (editorial completion")
    expect(text).not_to_contain_text("tauru.directions = orthogonal")
