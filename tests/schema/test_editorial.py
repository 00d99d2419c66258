"""The archive's own readings (source ``variorum``): each says where it belongs and is marked as
editorial where a reader meets it.

Readings no source states, which the engine must take all the same, are recorded as citations of
``variorum`` with support ``conjecture``: on a switch option (the locator is the switch id) or on
a rule statement (the locator is ``statement <id>``); a field of the game that is the archive's own
wording (its region, say) is cited on the game with the locator ``game.<field>``. The game page lists statements under the
rules the sources agree on, so a statement resting on the archive's own reading must say so in its
text.
"""

from __future__ import annotations

import pytest

from schema.crossref import _citations
from schema.paths import DATA_DIR
from schema.records import Support

EDITORIAL = "variorum"
GAMES = tuple(sorted(p.stem for p in (DATA_DIR / "games").glob("*.yaml")))
"""Every game of the archive, not the seeds only."""


def _editorial(game):
    return [(record, c) for record, _, c in _citations(game) if c.source == EDITORIAL]


@pytest.mark.parametrize("gid", GAMES)
def test_editorial_citations_point_at_a_record_of_their_game(archive, gid):
    game = archive.games[gid]
    places = {sw.id for sw in game.switches} | {f"statement {st.id}" for st in game.statements}
    places |= {f"game.{name}" for name in type(game.game).model_fields}
    cited = _editorial(game)
    assert cited, f"{gid}: no editorial reading recorded"
    stray = [(record, c.locator) for record, c in cited if c.locator not in places]
    assert not stray, f"{gid}: editorial citations whose locator is neither a switch id, 'statement <id>' nor 'game.<field>': {stray}"


@pytest.mark.parametrize("gid", GAMES)
def test_the_archive_never_states_a_rule_itself(archive, gid):
    wrong = [(record, c.support.value) for record, c in _editorial(archive.games[gid]) if c.support is not Support.conjecture]
    assert not wrong, f"{gid}: the archive's own readings must be cited as conjectures: {wrong}"


@pytest.mark.parametrize("gid", GAMES)
def test_statements_resting_on_an_editorial_reading_say_so(archive, gid):
    game = archive.games[gid]
    unmarked = [st.id for st in game.statements
                if any(c.source == EDITORIAL for c in st.citations) and "editorial" not in st.text]
    assert not unmarked, f"{gid}: statements citing {EDITORIAL!r} without saying in their text that they are editorial: {unmarked}"


@pytest.mark.parametrize("gid", ("tap-urdy", "tsoro-additional-capture", "lobudok"))
def test_the_counting_the_references_take_is_recorded(archive, gid):
    """The independent references and the engine count a turn cut short by the end of the game as
    played (Ludii's count); the record of each game with a reference says so."""
    counting = [st for st in archive.games[gid].statements
                if any(c.source == "ludii-trial" for c in st.citations)]
    assert len(counting) == 1, f"{gid}: expected one statement of how turns are counted, citing ludii-trial"
    assert "counts as played" in counting[0].text
