"""The archive's door: the front page, a page per source, the search box and the measures glossary."""

from __future__ import annotations

import re

import pytest

GAMES = ["tap-urdy", "tauru", "tsoro-additional-capture", "lobudok"]


async def test_front_page_leads_to_every_game_and_the_archive(ds, archive):
    page = await ds.client.get("/")
    assert page.status_code == 200
    html = page.text
    for gid in GAMES:
        assert f'href="/games/{gid}"' in html
        record = archive.games[gid]
        assert f"{len(record.switches)} disputed points" in html
        assert f"{len(record.rulesets)} rulesets" in html
    assert 'action="/-/search"' in html
    assert 'href="/-/bibliography.bib"' in html and 'href="/-/bibliography.json"' in html
    assert 'href="/archive/statements"' in html and 'href="/archive"' in html
    assert "canned queries below" not in html


async def test_front_page_reports_the_latest_default_comparison(ds):
    html = (await ds.client.get("/")).text
    findings = html.split('id="findings"', 1)[1].split("</ul>", 1)[0]
    assert 'href="/games/tap-urdy#compare"' in findings  # the fixture's results database holds Tap-urdy's run


async def test_every_page_has_the_search_box(ds):
    for path in ("/", "/games", "/games/tap-urdy", "/sources/deledicq-popova-1977", "/archive/sources", "/-/measures"):
        html = (await ds.client.get(path)).text
        assert 'class="vr-search"' in html, path


async def test_source_page_shows_entry_lineage_both_ways_and_what_it_supports(ds):
    page = await ds.client.get("/sources/deledicq-popova-1977")
    assert page.status_code == 200
    html = page.text
    parents = html.split('id="lineage-parents"', 1)[1].split("</ul>", 1)[0]
    assert "quotes" in parents and 'href="/sources/parolov-1931"' in parents
    children = html.split('id="lineage-children"', 1)[1].split("</ul>", 1)[0]
    for child in ("dlp-evidence-1859", "wikimanqala-tap-urdy", "ludii-tap-urdy"):
        assert f'href="/sources/{child}"' in children, child
    assert '<svg class="vr-lineage"' in html
    assert 'href="/games/tap-urdy"' in html
    assert re.search(r'href="/games/tap-urdy#rule-tap-urdy\.[^"]+"', html)
    assert re.search(r'href="/games/tap-urdy#alt-tap-urdy\.relay:[^"]+"', html)
    assert "@book{deledicq-popova-1977" in html and "&#34;publisher-place&#34;" in html


async def test_source_page_anchors_exist_on_the_game_page(ds):
    html = (await ds.client.get("/sources/deledicq-popova-1977")).text
    game = (await ds.client.get("/games/tap-urdy")).text
    anchors = set(re.findall(r'href="/games/tap-urdy#([^"]+)"', html))
    assert anchors
    for anchor in anchors:
        assert f'id="{anchor}"' in game, anchor


async def test_unknown_source_is_a_404(ds):
    assert (await ds.client.get("/sources/no-such-source")).status_code == 404
    assert (await ds.client.get("/sources/BAD_ID")).status_code == 404


async def test_citations_link_to_source_pages(ds):
    html = (await ds.client.get("/games/tap-urdy")).text
    assert 'href="/sources/deledicq-popova-1977"' in html
    assert 'href="/archive/sources/' not in html
    sources = (await ds.client.get("/sources")).text
    assert 'href="/sources/deledicq-popova-1977"' in sources


async def test_search_is_stemmed_and_finds_both_readings_of_the_relay(ds):
    page = await ds.client.get("/-/search", params={"q": "relay"})
    assert page.status_code == 200
    html = page.text
    rules = html.split('id="results-statements"', 1)[1].split("</section>", 1)[0]
    assert "<mark>relays</mark>" in rules  # the word form the query does not use
    readings = html.split('id="results-alternatives"', 1)[1].split("</section>", 1)[0]
    assert 'href="/games/tap-urdy#alt-tap-urdy.relay:take-up-last"' in readings
    assert 'href="/games/tap-urdy#alt-tap-urdy.relay:next-hole"' in readings
    switches = html.split('id="results-switches"', 1)[1].split("</section>", 1)[0]
    assert 'href="/games/tap-urdy#switch-tap-urdy.relay"' in switches


async def test_search_prefix_and_sources(ds):
    html = (await ds.client.get("/-/search", params={"q": "relay*"})).text
    assert 'id="results-statements"' in html
    html = (await ds.client.get("/-/search", params={"q": "Parolov"})).text
    assert 'href="/sources/parolov-1931"' in html


@pytest.mark.parametrize("q", ['"', "*", "AND OR NOT", "relay)", "  ", "x" * 300])
async def test_search_survives_any_input(ds, q):
    page = await ds.client.get("/-/search", params={"q": q})
    assert page.status_code == 200


async def test_measures_glossary_names_each_measure_once_with_the_dlp_name(ds):
    from engine.compare.measures import MEASURES

    html = (await ds.client.get("/-/measures")).text
    for m in MEASURES:
        assert f'id="measure-{m.key}"' in html
        row = html.split(f'id="measure-{m.key}"', 1)[1].split("</tr>", 1)[0]
        assert (m.dlp or "—") in row
    assert len({m.key for m in MEASURES}) == len(MEASURES)
    assert len({m.dlp for m in MEASURES if m.dlp}) == len([m for m in MEASURES if m.dlp])
