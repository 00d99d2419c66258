"""The games the seed pages name as similar are records: each related game says who calls it
similar (a citation of the page's list), and what is known of how it differs, cited."""

from __future__ import annotations

import pytest

SIMILAR = {
    # the "Similar Games" lists of the portal's pages (DLP.Games.662, DLP.Games.1136), as the seeds give them
    "tauru": ("dlp-games-662", ["Dra", "Dara", "Aqrad", "Triodi (Diagonal)", "Achi", "Triodi", "Wari (Alignment)",
                                "Symbol S.2", "Bolotudu", "Six Men's Morris"]),
    "tsoro-additional-capture": ("dlp-games-1136", [
        "Msuwa wa Kunja", "Msuwa", "Tsoro", "Tshuba", "Musoro Tsoro", "Spreta", "Misoro Tsoro (Additional Capture)",
        "Misoro Tsoro", "Nsolo", "Tsoro (Reentered Captures)"]),
}


@pytest.mark.parametrize("gid", sorted(SIMILAR))
def test_every_similar_game_of_the_seed_page_is_a_related_game(archive, gid):
    page, names = SIMILAR[gid]
    related = {r.name: r for r in archive.games[gid].game.related}
    missing = [n for n in names if n not in related]
    assert not missing, f"{gid}: similar games not recorded: {missing}"
    for name in names:
        rel = related[name]
        assert any(c.source == page and "Similar Games" in c.locator for c in rel.citations), name
        assert rel.differs or rel.relation, name


def test_a_difference_is_cited_beyond_the_list_that_only_names_the_game(archive):
    for gid, (page, names) in SIMILAR.items():
        for rel in archive.games[gid].game.related:
            if rel.differs and "not known" not in rel.differs:
                assert any(c.source != page for c in rel.citations), (gid, rel.name)


def test_the_other_seeds_name_their_relatives(archive):
    assert "Ryakati" in {r.name for r in archive.games["lobudok"].game.related}
    assert any("Indian" in r.name for r in archive.games["tap-urdy"].game.related)
