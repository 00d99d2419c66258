"""The game and source pages count witnesses with the archive's one definition (schema.witnesses,
stored in witness_counts), explain the rule, and print a quotation only under what it bears on."""

from __future__ import annotations

import re

from markupsafe import escape

from schema.witnesses import RULE


def row(html: str, alternative_id: str) -> str:
    return html.split(f'<tr id="alt-{alternative_id}">', 1)[1].split("</tr>", 1)[0]


async def test_the_game_page_explains_the_rule_and_prints_each_reading_s_witnesses(ds):
    html = (await ds.client.get("/games/tap-urdy")).text
    assert str(escape(RULE)) in html
    enemy = row(html, "tap-urdy.start:enemy-row")
    assert "Witnesses: 2 texts resting on 1 primary account (Parolov 1931); 1 program resting on the same." in enemy
    clockwise = row(html, "tap-urdy.direction:clockwise")
    assert "Parolov" not in clockwise.split("Witnesses:", 1)[1]
    assert "a summary&#39;s reading" in clockwise
    assert "Witnesses: no text; 2 programs, each its own choice." in row(html, "tap-urdy.long-lap:sow-origin")
    assert "Witnesses: none (conjecture only)." in row(html, "tap-urdy.long-lap:skip-origin")


async def test_the_canned_query_gives_the_page_s_figures(ds):
    rows = (await ds.client.get("/archive/independent_witnesses.json?game=tap-urdy&_shape=array")).json()
    by = {(r["switch"], r["option"]): r for r in rows}
    sow = by[("tap-urdy.long-lap", "sow-origin")]
    assert (sow["independent_witnesses"], sow["programs"], sow["programs_own_choice"]) == (0, 2, 2)
    assert sow["rests_on"] is None  # no text rests anywhere: the programs' own choice
    assert set(sow["editorial_in"].split(", ")) == {"sources", "commentary", "pussa-kanawa"}  # completions: no witness
    endless = by[("tap-urdy.endless", "end-game")]
    assert endless["independent_witnesses"] == 0 and "Parolov" not in (endless["rests_on"] or "")
    html = (await ds.client.get("/games/tap-urdy")).text
    for (sid, option), r in by.items():
        expected = r["witnesses"] if r["witnesses"] != "no witness" else "none (conjecture only)"
        assert f"Witnesses: {escape(expected)}." in row(html, f"{sid}:{option}")


async def test_a_quotation_is_printed_only_under_what_it_bears_on(ds):
    html = (await ds.client.get("/games/tap-urdy")).text
    capture = "Prise: Lorsque le dernier pion en main"
    lot = "Le trait est adjugé par un tirage au sort."
    assert capture in row(html, "tap-urdy.capture:gap-any")
    assert lot in row(html, "tap-urdy.first-player:lot") and capture not in row(html, "tap-urdy.first-player:lot")
    for elsewhere in ("tap-urdy.direction:counterclockwise", "tap-urdy.end:row-empty-after-move",
                      "tap-urdy.remaining:unscored"):
        text = row(html, elsewhere)
        assert capture not in text and lot not in text, elsewhere
    assert 'href="/sources/deledicq-popova-1977">the source\'s entry</a>' in row(html, "tap-urdy.remaining:unscored")
    direction = row(html, "tap-urdy.direction:counterclockwise")
    assert "Sens du movement: trigonometrique." in direction and capture not in direction


async def test_the_source_page_shows_what_each_citation_rests_on(ds):
    html = (await ds.client.get("/sources/ludii-tap-urdy")).text
    assert str(escape(RULE)) in html
    supports = html.split('id="supports"', 1)[1]
    rows = re.findall(r"<tr>(.*?)</tr>", supports, re.S)
    sow = next(r for r in rows if "Does a lap of twelve or more counters" in r and "sow-origin" in r)
    assert "its own witness (an implementation&#39;s choice)" in sow
    enemy = next(r for r in rows if "enemy-row" in r)
    assert "Parolov 1931" in enemy


async def test_the_related_games_of_the_seed_pages_are_listed_with_how_they_differ(ds):
    html = (await ds.client.get("/games/tauru")).text
    related = html.split('id="related"', 1)[1].split("</section>", 1)[0]
    for name in ("Dra", "Aqrad", "Triodi (Diagonal)", "Achi", "Wari (Alignment)", "Symbol S.2", "Six Men&#39;s Morris"):
        assert name in related, name
    assert "Monod 1939" in related and 'href="/sources/ludii-dra"' in related
    html = (await ds.client.get("/games/tsoro-additional-capture")).text
    related = html.split('id="related"', 1)[1].split("</section>", 1)[0]
    assert "Msuwa wa Kunja" in related and 'href="/sources/dlp-evidence-1905"' in related


async def test_the_three_cases_of_the_audit_read_as_the_sources_words_allow(ds):
    lobudok = row((await ds.client.get("/games/lobudok")).text, "lobudok.restricted-sowing:skip-corners")
    assert "2 texts resting on 2 witnesses (Beaton 1939, whose words admit it among others; " in lobudok
    assert "a summary&#39;s reading" in lobudok
    tap = (await ds.client.get("/games/tap-urdy")).text
    ending = row(tap, "tap-urdy.end:row-empty-after-move").split("Witnesses:", 1)[1]
    assert "Parolov 1931, whose words admit it among others" in ending and "Wikimanqala" in ending
    relay = row(tap, "tap-urdy.relay-condition:next-non-empty").split("Witnesses:", 1)[1]
    assert "1 program, its own choice" in relay


async def test_a_source_page_shows_its_identifiers_and_what_a_quotation_covers(ds):
    html = (await ds.client.get("/sources/dlp-games-662")).text
    assert '<dd id="source-identifiers">DLP.Games.662</dd>' in html
    html = (await ds.client.get("/sources/ludii-tauru")).text
    assert '<dd id="source-identifiers">DLP.GameRulesets.775</dd>' in html
    html = (await ds.client.get("/sources/deledicq-popova-1977")).text
    assert "Covers: The rules after each of D&amp;P&#39;s headings" in html


async def test_words_about_a_related_game_are_shown_as_such_and_witness_nothing(ds):
    html = (await ds.client.get("/games/tauru")).text
    two = row(html, "tauru.per-turn:two")
    assert "on Bolotudu, a related game" in two
    assert "Witnesses: none for this game (words about related games only, cited for comparison)." in two
