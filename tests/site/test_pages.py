"""The game pages: rules with short citations, every disputed point with its sources, evidence, downloads."""

from __future__ import annotations

import json
import re
from markupsafe import escape

import pytest

GAMES = ["tap-urdy", "tauru", "tsoro-additional-capture", "lobudok"]


async def test_games_index_lists_every_game(ds):
    page = await ds.client.get("/games")
    assert page.status_code == 200
    for gid in GAMES:
        assert f'href="/games/{gid}"' in page.text


@pytest.mark.parametrize("game_id", GAMES)
async def test_game_page_shows_rules_disputes_rulesets_and_evidence(ds, archive, game_id):
    page = await ds.client.get(f"/games/{game_id}")
    assert page.status_code == 200
    html = page.text
    record = archive.games[game_id]
    assert record.game.name in html
    for st in record.statements:
        assert f'id="rule-{game_id}.{st.id}"' in html
    for sw in record.switches:
        assert f'id="switch-{sw.id}"' in html
        for alt in sw.alternatives:
            assert f'id="alt-{sw.id}:{alt.id}"' in html
    for ev in record.evidence:
        assert f'id="evidence-{ev.id}"' in html
    for rs in record.rulesets:
        assert escape(rs.name) in html


async def test_tap_urdy_page_cites_deledicq_and_popova_with_page(ds):
    html = (await ds.client.get("/games/tap-urdy")).text
    rules = html.split('id="rules"', 1)[1].split("</section>", 1)[0]
    assert re.search(r'<a class="vr-cite[^"]*" href="/sources/[^"]+"[^>]*>Deledicq[^<]*: 90</a>', rules), rules[:2000]


async def test_reading_shows_evidence_quotation(ds):
    html = (await ds.client.get("/games/tap-urdy")).text
    start = html.split('id="switch-tap-urdy.start"', 1)[1].split("</article>", 1)[0]
    assert 'class="vr-quote"' in start and "DLP.Evidence.1859" in start


async def test_unknown_game_is_404(ds):
    assert (await ds.client.get("/games/no-such-game")).status_code == 404


async def test_bibliography_downloads(ds, archive):
    bib = await ds.client.get("/-/bibliography.bib")
    assert bib.status_code == 200 and "bibtex" in bib.headers["content-type"]
    assert bib.text.count("\n@") + bib.text.startswith("@") == len(archive.sources)
    csl = await ds.client.get("/-/bibliography.json")
    items = json.loads(csl.text)
    assert {i["id"] for i in items} == set(archive.sources)


async def test_game_page_shows_the_comparison_of_its_rulesets(ds, archive):
    html = (await ds.client.get("/games/tap-urdy")).text
    section = html.split('id="compare"', 1)[1].split("</section>", 1)[0]
    for rs in archive.games["tap-urdy"].rulesets:
        assert f"<td>{rs.id}</td>" in section
    assert "AdvantageP1" in section and "[" in section  # an interval
    chart = re.search(r'src="(/-/compare/[0-9a-f]{32}\.svg)"', section).group(1)
    response = await ds.client.get(chart)
    assert response.status_code == 200 and response.headers["content-type"].startswith("image/svg+xml")
    assert "<svg" in response.text and "tap-urdy: 5 variant(s), 200 games each" in response.text


async def test_game_without_a_baked_comparison_says_so(ds):
    html = (await ds.client.get("/games/lobudok")).text
    assert "No comparison has been baked" in html


async def test_unknown_chart_is_404(ds):
    assert (await ds.client.get("/-/compare/" + "0" * 32 + ".svg")).status_code == 404


@pytest.mark.parametrize("game_id", ["tap-urdy", "lobudok"])
async def test_editorial_readings_are_shown_apart_from_the_agreed_rules(ds, archive, game_id):
    """A statement cited to Variorum as a conjecture is the archive's own reading: it is listed under
    its own heading with an "editorial" mark, not among the rules the sources agree on."""
    html = (await ds.client.get(f"/games/{game_id}")).text
    rules = html.split('id="rules"', 1)[1].split("</section>", 1)[0]
    agreed, _, editorial = rules.partition('id="editorial"')
    record = archive.games[game_id]
    mine = [st for st in record.statements
            if any(c.source == "variorum" and c.support == "conjecture" for c in st.citations)]
    assert mine, "the records have editorial statements"
    for st in record.statements:
        anchor = f'id="rule-{game_id}.{st.id}"'
        assert anchor in (editorial if st in mine else agreed)
    assert editorial.count('class="vr-badge">editorial<') == len(mine)
