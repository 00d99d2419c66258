"""The game pages in a real browser (Debian's Chromium driven by Playwright): rules with their
citations, clicking moves, keyboard play, flipping a disputed point, links that reproduce a position.

Skipped only when no Chromium is installed and CI is not set; on CI a missing browser fails.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
from pathlib import Path
from urllib.parse import urlsplit

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if not CHROMIUM and not os.environ.get("CI"):
    pytest.skip("no Chromium on this machine (CI installs Debian's chromium; see the summary for how to run "
                "these tests)", allow_module_level=True)

from playwright.sync_api import expect, sync_playwright  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(browser_server: str) -> str:
    """The site served by ``variorum serve --no-bake``, every game's kernels ready
    (tests/site/conftest.py's browser_server: one server a worker for this module and
    test_layout_browser.py's, which only read its pages and play through its stateless API)."""
    return browser_server


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
    assert link.get_attribute("href").startswith("/sources/")


def test_clicking_a_hole_plays_it(page, server):
    open_game(page, server, "/games/tap-urdy?ruleset=ludii")
    expect(page.locator("#vr-status")).to_contain_text("Player 1 to move")
    page.click("g[data-site='b1']")
    expect(page.locator("#vr-moves")).to_have_text("1. b1")
    expect(page.locator("#vr-status")).to_contain_text("Player 2 to move")
    expect(page.locator("g[data-site='b3'] text.vr-count")).to_have_text("0")  # captured across the gap
    assert "moves=b1" in page.url


def test_a_hole_that_sows_either_way_offers_both_directions(page, server):
    """Walak-pussa's first move under Ludii's reading chooses the game's direction (a3 or a3cw): a
    click on the hole says so and marks both moves, playing neither; the clockwise button plays it."""
    open_game(page, server, "/games/walak-pussa?ruleset=ludii")
    page.click("g[data-site='a3']")
    expect(page.locator("#vr-notice")).to_contain_text("a3cw sows from a3 clockwise")
    expect(page.locator("#vr-legal .vr-move.vr-hot")).to_have_count(2)
    assert "moves=" not in page.url
    page.locator("#vr-legal .vr-move", has_text="a3cw").click()
    expect(page.locator("#vr-moves")).to_have_text("1. a3cw")


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
    expect(text).to_contain_text("reading ludii;relay:next-hole, position after 1 move")
    expect(text).to_contain_text("Moves: b1.")
    expect(page.locator("#vr-cite-bibtex")).to_contain_text("@misc{variorum:tap-urdy:ludii:")
    expect(page.locator("#vr-cite-csl")).to_contain_text('"type": "dataset"')
    expect(page.locator("#vr-cite-short")).to_contain_text("reading ludii;relay:next-hole")
    page.locator("select[data-switch='tap-urdy.relay']").select_option("take-up-last")  # back to the ruleset's
    expect(text).to_contain_text("reading ludii, position after 1 move")
    expect(page.locator("#vr-cite-bibtex")).not_to_contain_text("relay:next-hole")


def test_evidence_map_has_its_marker(page, server):
    page.goto(server + "/games/lobudok")
    expect(page.locator("#vr-map")).to_have_attribute("data-markers", "1", timeout=15000)


def settle(page, ms: int = 2500) -> None:
    """Wait until the board has no request in flight, then long enough for any stale animation."""
    page.wait_for_selector("body:not([data-board-busy])", state="attached", timeout=30000)
    page.wait_for_timeout(ms)
    page.wait_for_selector("body:not([data-board-busy])", state="attached", timeout=30000)


def shown_counts(page) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for g in page.locator("g[data-site]").all():
        name = g.get_attribute("data-site")
        out.setdefault(name[0], []).append((int(name[1:]), g.locator("text.vr-count").text_content()))
    return {row: [c for _, c in sorted(v)] for row, v in out.items()}


@pytest.mark.parametrize("game_id, move, switch, value", [
    ("tap-urdy", "b1", "tap-urdy.relay", "next-hole"),
    ("lobudok", "a7", "lobudok.after-resow", "relay"),
])
def test_toggle_flipped_while_a_move_animates_keeps_board_address_and_citation_agreeing(page, server, game_id, move, switch, value):
    import engine
    from engine import rulesets

    default = next(r.id for r in rulesets.rulesets(game_id) if r.default)
    open_game(page, server, f"/games/{game_id}?ruleset={default}")
    select = page.locator(f"select[data-switch='{switch}']")
    current = select.input_value()
    assert current != value
    before = engine.new_game(game_id, ruleset=default)
    assert len(before.apply_traced(move)) >= 2, "the move must animate for this test to mean anything"
    page.click(f"g[data-site='{move}']")
    page.wait_for_selector("#vr-board .vr-hot", state="attached")  # the animation is running
    select.select_option(value)
    settle(page)
    point = switch.split(".", 1)[1]
    state = engine.new_game(game_id, ruleset=default, switches={point: value})
    state.apply(move)
    board = state.board()
    assert {k: board[k] for k in "ab"} != {k: before.board()[k] for k in "ab"}, "the readings must differ on this move"
    shown = shown_counts(page)
    assert shown == {"a": [str(c) for c in board["a"]], "b": [str(c) for c in board["b"]]}
    expect(select).to_have_value(value)
    assert f"{point}%3A{value}" in page.url or f"{point}:{value}" in page.url
    assert f"moves={move}" in page.url
    expect(page.locator("#vr-cite-text")).to_contain_text(f";{point}:{value}")
    cite = page.locator("#vr-cite-text").text_content()
    assert f"{switch}={value}" in cite, cite
    assert f"{switch}={current}" not in cite, cite


def test_the_ruleset_picker_says_when_a_reading_is_modified(page, server):
    """It used to go on saying "Ludii 1.3.13" after a switch was toggled."""
    open_game(page, server, "/games/tap-urdy?ruleset=ludii&set=relay:next-hole")
    picked = page.locator("#vr-ruleset option:checked")
    expect(page.locator("#vr-ruleset")).to_have_value("ludii")
    expect(picked).to_contain_text("modified (relay = next-hole)")
    page.select_option("select[data-switch='tap-urdy.relay']", "take-up-last")  # back to the ruleset's own
    expect(picked).not_to_contain_text("modified")
    page.select_option("select[data-switch='tap-urdy.after-capture']", "continue-relay")
    expect(picked).to_contain_text("modified (after-capture = continue-relay)")


def test_a_bad_link_says_what_was_wrong_and_what_it_used(page, server):
    open_game(page, server, "/games/tap-urdy?ruleset=nonsense&set=relay:sideways&moves=b1,zz")
    notice = page.locator("#vr-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text('ruleset "nonsense"')
    expect(notice).to_contain_text('the default ruleset, "sources"')
    expect(notice).to_contain_text('"sideways"')
    expect(notice).to_contain_text("(zz) is not legal")
    expect(page.locator("#vr-ruleset")).to_have_value("sources")
    expect(page.locator("#vr-moves")).to_have_text("1. b1  (not played under this reading: 2. zz)")
    assert "nonsense" not in page.url and "moves=b1,zz" in page.url  # no move of the link is dropped


def test_a_toggle_never_drops_a_move(page, server):
    """b1, a2, b2 under the sources' counterclockwise sowing; clockwise refuses b2: the board shows the
    game up to it and says so, the address keeps all three, and flipping back plays b2 again."""
    open_game(page, server, "/games/tap-urdy?ruleset=sources&moves=b1,a2,b2")
    moves = page.locator("#vr-moves")
    expect(moves).to_have_text("1. b1  2. a2  3. b2")
    page.select_option("select[data-switch='tap-urdy.direction']", "clockwise")
    expect(moves).to_have_text("1. b1  2. a2  (not played under this reading: 3. b2)")
    expect(page.locator("#vr-notice")).to_contain_text("Move 3 (b2) is not legal under the new reading")
    expect(page.locator("#vr-notice")).to_contain_text("play again")
    assert "moves=b1,a2,b2" in page.url and "direction:clockwise" in page.url
    import engine

    state = engine.new_game("tap-urdy", ruleset="sources", switches={"direction": "clockwise"})
    state.apply("b1")
    state.apply("a2")
    expect(page.locator("#vr-text")).to_have_text(state.to_text())
    page.select_option("select[data-switch='tap-urdy.direction']", "counterclockwise")
    expect(moves).to_have_text("1. b1  2. a2  3. b2")
    assert "moves=b1,a2,b2" in page.url and "direction" not in page.url


def test_an_opponent_the_api_refuses_is_dropped_with_the_reason(page, server):
    open_game(page, server, "/games/tap-urdy?ruleset=ludii&agent=wizard")
    expect(page.locator("#vr-notice")).to_contain_text('opponent "wizard" was not accepted')
    expect(page.locator("#vr-agent")).to_have_value("")
    assert "agent=" not in page.url


NINE_MENS_MORRIS_LINES = {frozenset(x) for x in (
    ("a1", "g1"), ("b2", "f2"), ("c3", "e3"), ("c5", "e5"), ("b6", "f6"), ("a7", "g7"),  # the squares' sides
    ("a1", "a7"), ("b2", "b6"), ("c3", "c5"), ("e3", "e5"), ("f2", "f6"), ("g1", "g7"),
    ("d1", "d3"), ("d5", "d7"), ("a4", "c4"), ("e4", "g4"))}  # the joins at the midpoints

# Each drawn line as its end sites and where its ends and those sites' points fall on the screen.
LINE_ENDS = """() => [...document.querySelectorAll('#vr-board line.vr-line')].map((l) => {
  const svg = l.ownerSVGElement, ctm = l.getScreenCTM();
  const end = (x, y) => { const p = svg.createSVGPoint(); p.x = x; p.y = y; const q = p.matrixTransform(ctm); return [q.x, q.y]; };
  const centre = (name) => { const r = document.querySelector(`g[data-site='${name}'] .vr-point`).getBoundingClientRect();
                             return [r.x + r.width / 2, r.y + r.height / 2]; };
  return {from: l.dataset.from, to: l.dataset.to, ends: [end(+l.getAttribute('x1'), +l.getAttribute('y1')),
          end(+l.getAttribute('x2'), +l.getAttribute('y2'))], sites: [centre(l.dataset.from), centre(l.dataset.to)],
          right: Math.max(l.getBoundingClientRect().right, 0)};
})"""


def check_lines(page, expected: set[frozenset[str]]) -> list[dict]:
    drawn = page.evaluate(LINE_ENDS)
    assert {frozenset((d["from"], d["to"])) for d in drawn} == expected and len(drawn) == len(expected)
    for d in drawn:  # each line runs from its first site's point to its last's
        for (x, y), (sx, sy) in zip(d["ends"], d["sites"]):
            assert abs(x - sx) < 1 and abs(y - sy) < 1, d
    return drawn


def test_a_morris_board_is_drawn_with_its_lines(page, server):
    open_game(page, server, "/games/nine-mens-morris?ruleset=ludii")
    check_lines(page, NINE_MENS_MORRIS_LINES)
    assert page.locator("g[data-site]").count() == 24
    page.click("g[data-site='d7']")  # a point is played by a click on it
    expect(page.locator("#vr-moves")).to_have_text("1. d7")
    expect(page.locator("g[data-site='d7'] circle.vr-piece-1")).to_have_count(1)
    check_lines(page, NINE_MENS_MORRIS_LINES)  # drawn again with the new position
    open_game(page, server, "/games/tauru")
    assert page.locator("#vr-board line.vr-line").count() == 0  # a grid is drawn as its cells


def test_the_board_fits_a_390_px_screen(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        for game_id in ("lobudok", "tauru", "tap-urdy", "nine-mens-morris", "six-mens-morris"):
            open_game(page, server, f"/games/{game_id}")
            if game_id == "nine-mens-morris":  # scaled down, its lines still join its points, within the screen
                assert max(d["right"] for d in check_lines(page, NINE_MENS_MORRIS_LINES)) <= 390
            box = page.locator("#vr-board").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (game_id, box)
            last = page.locator("g[data-site]").last.bounding_box()
            assert last["x"] + last["width"] <= 390, (game_id, last)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, game_id
    finally:
        context.close()


def test_the_front_page_leads_to_a_game(page, server):
    page.goto(server + "/")
    page.click("article#game-tap-urdy h3 a")
    page.wait_for_selector("body[data-board-ready='1']", timeout=30000)
    assert page.url.split("?")[0].endswith("/games/tap-urdy")
    expect(page.locator("h1#game-name")).to_have_text("Tap-urdy")


def test_search_finds_a_reading_by_another_word_form_and_leads_to_its_anchor(page, server):
    page.goto(server + "/")
    page.fill("#vr-front-q", "relay")
    page.press("#vr-front-q", "Enter")
    rules = page.locator("#results-statements")
    expect(rules.locator("mark", has_text="relays").first).to_be_visible()
    link = page.locator("#results-alternatives a[href$='#alt-tap-urdy.relay:next-hole']")
    link.click()
    page.wait_for_load_state()
    assert page.url.endswith("#alt-tap-urdy.relay:next-hole")
    row = page.locator("[id='alt-tap-urdy.relay:next-hole']")
    expect(row).to_be_visible()
    expect(row).to_be_in_viewport()


def test_a_source_page_shows_its_lineage_and_leads_back_to_a_game(page, server):
    page.goto(server + "/games/tap-urdy")
    page.locator("#rules a.vr-cite", has_text="Deledicq & Popova 1977").first.click()
    page.wait_for_load_state()
    assert page.url.endswith("/sources/deledicq-popova-1977")
    expect(page.locator("#lineage-parents")).to_contain_text("translates Parolov 1931")
    graph = page.locator("svg.vr-lineage")
    expect(graph).to_be_visible()
    for later in ("Ludii", "Wikimanqala", "DLP.Evidence.1859"):
        expect(page.locator("#lineage-children")).to_contain_text(later)
    page.locator("#supports a[href^='/games/tap-urdy#rule-']").first.click()
    page.wait_for_load_state()
    # The game page may add its reading to the address (``?ruleset=...``) once its script has run, so
    # the path and the rule's anchor are checked apart, not as one string.
    landed = urlsplit(page.url)
    assert landed.path == "/games/tap-urdy" and landed.fragment.startswith("rule-"), page.url


def test_tauru_names_the_removal_step(page, server):
    import random

    import engine

    state, rng, moves = engine.new_game("tauru"), random.Random(1), []
    while not state.is_terminal() and not all(m.startswith("x") for m in state.legal_moves_text()):
        move = rng.choice(state.legal_moves_text())
        state.apply(move)
        moves.append(move)
    assert not state.is_terminal(), "the seed must reach a removal"
    open_game(page, server, "/games/tauru?moves=" + ",".join(moves))
    expect(page.locator("#vr-status")).to_contain_text(f"Player {state.to_move} formed a line and must remove an enemy piece")
    expect(page.locator("#vr-legend")).to_contain_text("removes the enemy piece on that point")
    first = state.legal_moves_text()[0]
    expect(page.locator("#vr-legal button").first).to_have_text(f"{first} (remove {first[1:]})")


def test_the_last_move_is_highlighted_at_every_site_it_names(page, server):
    """A step lights its two points and a removal the point it emptied, not only a placement (before,
    the board matched the move's whole text against a site's name, so only ``d7`` ever lit)."""
    import random

    import engine

    state, rng, moves, seen = engine.new_game("tauru"), random.Random(3), [], {}
    while not state.is_terminal() and len(seen) < 2:
        move = rng.choice(state.legal_moves_text())
        state.apply(move)
        moves.append(move)
        kind = "step" if "-" in move else "removal" if move.startswith("x") else None
        if kind and kind not in seen:
            seen[kind] = list(moves)
    assert set(seen) == {"step", "removal"}, "the seed must reach a step and a removal"
    for played in seen.values():
        last = played[-1]
        named = last.removeprefix("x").split("-")
        open_game(page, server, "/games/tauru?moves=" + ",".join(played))
        settle(page, 500)
        hot = page.eval_on_selector_all("#vr-board g.vr-hot", "gs => gs.map(g => g.dataset.site)")
        assert sorted(hot) == sorted(named), (last, hot)


def test_cite_this_names_the_editorial_choices_and_whose_words_are_quoted(page, server):
    open_game(page, server, "/games/tauru")
    text = page.locator("#vr-cite-text")
    # the audit's correction: the summary is silent on lines made while placing, so capturing is editorial
    expect(text).to_contain_text("The sources are silent on: tauru.placement-lines = capture (editorial completion, proposed by Variorum)")
    expect(text).to_contain_text("tauru.long-lines = count (editorial completion, proposed by Variorum)")
    expect(text).to_contain_text("tauru.directions = orthogonal (editorial completion")
    expect(text).to_contain_text("(the words of Ludii portal, Tauru (DLP.Games.662), its summary of Béart 1955: 456; read at")
    expect(page.locator("#vr-cite-bibtex")).to_contain_text("The sources are silent on")
    open_game(page, server, "/games/tauru?set=directions:all")  # the reader's own choice is not the ruleset's completion
    expect(text).to_contain_text("tauru.long-lines = count (editorial completion")
    expect(text).not_to_contain_text("tauru.directions = orthogonal")


def test_while_the_engine_compiles_the_board_says_so_and_starts_by_itself(page, server):
    refused = []

    def compiling(route):
        if not refused:  # the first request finds the game's kernels still compiling
            refused.append(route.request.url)
            route.fulfill(status=503, headers={"Retry-After": "1", "Content-Type": "application/json"},
                          body=json.dumps({"error": "the engine for tap-urdy is still being compiled; retry shortly",
                                           "parameter": None}))
        else:
            route.continue_()

    page.route("**/-/play/tap-urdy.json*", compiling)
    page.goto(server + "/games/tap-urdy?ruleset=ludii&moves=b1")
    expect(page.locator("#vr-notice")).to_contain_text("the board starts by itself when it is ready")
    expect(page.locator("#vr-moves")).to_have_text("1. b1", timeout=15000)
    expect(page.locator("#vr-notice")).to_be_hidden()
    assert refused
