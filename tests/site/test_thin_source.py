"""A game resting on programs' files alone says so on its page (the game page's ``programs_only``,
site/plugins/variorum_pages.py): worked on citations written for the purpose, on the drafts of
data/drafts/ (each rests on one Ludii file and the summary it carries) and on the seed games'
pages (which rest on texts too, and say nothing)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
import yaml

from schema.crossref import _citations
from schema.paths import DATA_DIR
from schema.records import GameFile, SourcesFile

PLUGIN = Path(__file__).resolve().parents[2] / "site" / "plugins" / "variorum_pages.py"
DRAFTS = DATA_DIR / "drafts"


def _pages():
    spec = importlib.util.spec_from_file_location("variorum_pages_for_test", PLUGIN)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


programs_only = _pages().read_in_programs_only


def row(source: str, role: str, read_at: tuple[str, str] | None = None) -> dict:
    return {"source_id": source, "short": source.title(), "role": role,
            "read_at_source_id": read_at[0] if read_at else None,
            "read_at_short": read_at[0].title() if read_at else None,
            "read_at_role": read_at[1] if read_at else None}


def test_a_game_read_in_one_program_file_only():
    cites = [row("ludii-x", "implementation"), row("matthews-1964", "secondary", ("ludii-x", "implementation")),
             row("variorum", "editorial")]
    assert programs_only(cites) == [{"id": "ludii-x", "short": "Ludii-X"}]


def test_a_text_read_in_itself_or_in_another_text_is_not_thin():
    assert programs_only([row("ludii-x", "implementation"), row("matthews-1964", "secondary")]) == []
    assert programs_only([row("ludii-x", "implementation"),
                          row("matthews-1964", "secondary", ("russ-2000", "secondary"))]) == []
    assert programs_only([row("variorum", "editorial")]) == []


def _sources() -> dict[str, str]:
    roles = {}
    path = DATA_DIR / "sources.yaml"  # the drafts' sources too (data/drafts/README.md)
    for s in SourcesFile.model_validate(yaml.safe_load(path.read_text(encoding="utf-8"))).sources:
        roles[s.id] = (s.short, s.role.value)
    return roles


DRAFTS_READ_IN_TEXTS: set[str] = set()
"""Drafts with texts read in themselves (portal pages, evidence records, rules pages): their pages would say nothing
(the two-row drafts of issue 31 cite stored copies of rules pages read in themselves; the last of them, Walak-pussa,
moved: RELATIVES_ON_TEXTS)."""


def test_the_drafts_read_in_texts_are_drafts():
    """A draft that moved to data/games/ leaves this list (its page is tested below)."""
    drafts = {p.stem for p in (DRAFTS / "games").glob("*.yaml")}
    assert DRAFTS_READ_IN_TEXTS <= drafts, sorted(DRAFTS_READ_IN_TEXTS - drafts)


@pytest.mark.parametrize("path", sorted((DRAFTS / "games").glob("*.yaml")), ids=lambda p: p.stem)
def test_each_draft_would_say_it_rests_on_its_ludii_file(path):
    """Or, for a draft read in texts too, would say nothing."""
    game = GameFile.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
    roles = _sources()
    rows = []
    for _, where, c in _citations(game):
        if where[:2] == ("game", "related"):
            continue
        short, role = roles[c.source]
        at = (c.read_at.source, roles[c.read_at.source][1]) if c.read_at else None
        rows.append(row(c.source, role, at))
    found = programs_only(rows)
    expected = [] if game.game.id in DRAFTS_READ_IN_TEXTS else [f"ludii-{game.game.id}"]
    assert [p["id"] for p in found] == expected, found


SEED_GAMES = ("tauru", "tap-urdy", "tsoro-additional-capture", "lobudok")
RELATIVES_ON_PROGRAMS = {
    "nsolo": ["ludii-nsolo", "ludii-remove"],
    "msuwa": ["ludii-msuwa"],
    "tsoro-baia": ["ludii-tsoro-baia"],
    "tshuba": ["ludii-tshuba"],
    "tsoro-reentered-captures": ["ludii-tsoro-reentered-captures", "ludii-sow"],
    "ryakati": ["ludii-ryakati", "ludii-sow"],
    "spreta": ["ludii-spreta"],
    "dra": ["ludii-dra"],
    "aqrad": ["ludii-aqrad"],
    "wari-alignment": ["ludii-wari-alignment"],
}
"""The relatives moved from the drafts, with the programs' files their pages name."""
READ_ON_THE_PORTAL = ("musoro-tsoro", "misoro-tsoro")
"""Relatives whose summary this archive has read on the portal itself (DLP.Evidence.1887, the ruleset
page of DLP.GameRulesets.1290), so that their pages rest on texts too."""


RELATIVES_ON_TEXTS = ("tsoro", "msuwa-wa-kunja", "misoro-tsoro-additional-capture", "dara", "bolotudu", "achi", "triodi",
                      "walak-pussa")
"""Relatives with texts read in themselves too (the portal's page, evidence records quoting the primary)."""


async def test_the_seed_game_pages_rest_on_texts_and_say_nothing(ds, archive):
    for game_id in SEED_GAMES + RELATIVES_ON_TEXTS + READ_ON_THE_PORTAL:
        html = (await ds.client.get(f"/games/{game_id}")).text
        assert 'id="game-name"' in html and 'id="thin-source"' not in html, game_id


@pytest.mark.parametrize("game_id", sorted(RELATIVES_ON_PROGRAMS))
async def test_a_relative_resting_on_programs_files_says_so_and_is_playable(ds, game_id):
    html = (await ds.client.get(f"/games/{game_id}")).text
    assert 'id="thin-source"' in html and 'id="play"' in html
    note = html[html.index('id="thin-source"'):]
    note = note[:note.index("</p>")]
    assert [s for s in RELATIVES_ON_PROGRAMS[game_id] if f'href="/sources/{s}"' in note] == RELATIVES_ON_PROGRAMS[game_id]
