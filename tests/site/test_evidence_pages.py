"""Game pages say whose words each quotation is and where it was read, and mark the ruleset
choices that are editorial completions (the data "Cite this" uses comes with the page)."""

from __future__ import annotations

import json
import re

import pytest
from markupsafe import escape

GAMES = ["tap-urdy", "tauru", "tsoro-additional-capture", "lobudok"]


def section(html: str, sid: str) -> str:
    return html.split(f'id="{sid}"', 1)[1].split("</section>", 1)[0]


def play_json(html: str) -> dict:
    return json.loads(re.search(r'<script type="application/json" id="vr-game">(.*?)</script>', html, re.S).group(1))


async def test_tauru_quotation_is_the_portals_summary_of_beart(ds):
    html = (await ds.client.get("/games/tauru")).text
    evidence = section(html, "evidence")
    words = re.search(r'<p class="vr-words">(.*?)</p>', evidence, re.S).group(1)
    assert "Whose words: the words of Ludii portal, Tauru (DLP.Games.662), its summary of Béart 1955: 456" in words
    assert "read at Ludii portal, Tauru (DLP.Games.662): section" in words and "Description" in words
    assert "The portal&#39;s words, not Béart&#39;s" in words


async def test_lobudok_quotation_is_beatons_account_read_in_the_dlp_record(ds):
    html = (await ds.client.get("/games/lobudok")).text
    words = re.search(r'<p class="vr-words">(.*?)</p>', section(html, "evidence"), re.S).group(1)
    assert "the words of Beaton 1939, its own account; read at DLP.Evidence.1881 (Lobudök): field" in words


@pytest.mark.parametrize("game_id", GAMES)
async def test_every_quotation_says_whose_words_it_is(ds, archive, game_id):
    html = (await ds.client.get(f"/games/{game_id}")).text
    evidence = section(html, "evidence")
    assert evidence.count('class="vr-words"') == len(archive.games[game_id].evidence)
    assert "is not recorded" not in evidence
    for ev in play_json(html)["evidence"]:
        assert ev["words_of"].startswith("the words of ")


async def test_citations_read_elsewhere_say_where(ds):
    html = (await ds.client.get("/games/lobudok")).text
    release = html.split('id="switch-lobudok.release"', 1)[1].split("</article>", 1)[0]
    assert re.search(r"Beaton 1939: 141-142</a> <small>\(states; read at DLP\.Evidence\.1881 \(Lobudök\): field", release)


@pytest.mark.parametrize("game_id", GAMES)
async def test_completions_are_marked_in_the_rulesets(ds, archive, game_id):
    html = (await ds.client.get(f"/games/{game_id}")).text
    rulesets = section(html, "rulesets")
    data = play_json(html)
    for rs in archive.games[game_id].rulesets:
        item = rulesets.split(f'id="ruleset-{rs.id}"', 1)[1].split('<li id="ruleset-', 1)[0]
        assert item.count("<tr data-completion=") == len(rs.completions)  # a table, folded (issue 22)
        for sid, completion in rs.completions.items():
            row = item.split(f'<tr data-completion="{sid}">', 1)[1].split("</tr>", 1)[0]
            assert f"<code>{sid}</code>" in row and str(escape(completion.note)) in row
        marked = data["rulesets"][rs.id]["completions"]
        assert {sid: c["option"] for sid, c in marked.items()} == {sid: rs.choices[sid] for sid in rs.completions}
    total = sum(len(rs.completions) for rs in archive.games[game_id].rulesets)
    assert rulesets.count('class="vr-completion"') == total


async def test_tauru_sources_directions_is_editorial(ds):
    html = (await ds.client.get("/games/tauru")).text
    item = section(html, "rulesets").split('id="ruleset-sources"', 1)[1].split('<li id="ruleset-', 1)[0]
    assert "editorial completion" in item and "where its sources are silent" in item
    row = item.split('<tr data-completion="tauru.directions">', 1)[1].split("</tr>", 1)[0]
    assert re.search(r"<strong>Rows and columns only</strong> <code>orthogonal</code></td>\s*"
                     r'<td[^>]*><a href="/sources/variorum">Variorum</a></td>', row)
    chosen = html.split('id="alt-tauru.directions:orthogonal"', 1)[1].split("</tr>", 1)[0]
    assert "sources (editorial)" in chosen
