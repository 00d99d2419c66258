"""The witness rule (schema.witnesses): a derivative passes a reading back to the source it rests on
only where that source is itself cited (or quoted) for it; otherwise it is its own witness; programs
are counted apart and conjectures witness nothing. Held on the real records and on damaged copies."""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from pathlib import Path

from schema.load import load_archive
from schema.witnesses import LABELS, RULE, tally, witnesses
from schema.records import SourceRole
from test_defects import edit

TAP, TAURU, TSORO = "games/tap-urdy.yaml", "games/tauru.yaml", "games/tsoro-additional-capture.yaml"


def _by_record(archive):
    out = defaultdict(list)
    for w in witnesses(archive):
        out[w.record].append(w)
    return out


def _tally(archive, record):
    return tally(_by_record(archive)[record], {k: v.short for k, v in archive.sources.items()})


def _alternative(doc, sid, option):
    sw = next(s for s in doc["switches"] if s["id"] == sid)
    return next(a for a in sw["alternatives"] if a["id"] == option)


def test_a_program_s_own_choice_is_not_credited_to_the_text_it_cites(archive):
    # Ludii's Tap Urdy.lud and MancalaGames both sow into the starting hole; no text speaks of it
    rows = _by_record(archive)["tap-urdy.long-lap:sow-origin"]
    assert {w.witness for w in rows} == {"ludii-tap-urdy", "mancalagames-tap-urdy"}
    assert all(w.program and w.label == LABELS[SourceRole.implementation] for w in rows)
    t = _tally(archive, "tap-urdy.long-lap:sow-origin")
    assert (t.texts, t.text_witnesses, t.programs, t.program_choices) == (0, 0, 2, 2)
    assert "parolov-1931" not in {w.witness for w in _by_record(archive)["tap-urdy.endless:end-game"]}


def test_a_summary_s_departure_is_its_own_witness(archive):
    rows = _by_record(archive)["tap-urdy.direction:clockwise"]
    assert {w.witness for w in rows} == {"dlp-evidence-1859"}
    assert "parolov-1931" not in {w.witness for w in rows}
    t = _tally(archive, "tap-urdy.direction:clockwise")
    assert t.text_witnesses == 1 and t.primaries == 0 and "a summary's reading" in t.summary


def test_texts_resting_on_one_primary_with_programs_apart(archive):
    t = _tally(archive, "tap-urdy.start:enemy-row")
    assert (t.texts, t.text_witnesses, t.primaries, t.programs) == (2, 1, 1, 1)
    assert t.summary.startswith("2 texts resting on 1 primary account (Parolov 1931); 1 program")


def test_conjectures_and_editorial_completions_have_no_witness(archive):
    rows = _by_record(archive)
    assert "tap-urdy.long-lap:skip-origin" not in rows  # a variorum conjecture only
    assert "tap-urdy.end:cannot-move" not in rows  # the Wikimanqala commentator's conjecture only


def test_citing_the_parent_for_the_reading_lets_the_program_pass_it_back(data_copy: Path):
    edit(data_copy, TAP, lambda g: _alternative(g, "tap-urdy.long-lap", "sow-origin")["citations"].append(
        {"source": "deledicq-popova-1977", "locator": "p. 90", "support": "implies",
         "read_at": {"source": "dlp-evidence-1859", "locator": 'field "Content"'}}))
    archive = load_archive(data_copy)
    ludii = [w for w in _by_record(archive)["tap-urdy.long-lap:sow-origin"] if w.source == "ludii-tap-urdy"]
    assert [w.path for w in ludii] == [("ludii-tap-urdy", "deledicq-popova-1977", "parolov-1931")]


def test_a_parent_whose_words_only_admit_the_reading_does_not_take_it(archive, data_copy: Path):
    # Beaton's quoted words admit skipping the corners; the portal's summary states it: the reading
    # is the summary's, and Ludii (which copies the summary) rests on the summary, not on Beaton
    rows = _by_record(archive)["lobudok.restricted-sowing:skip-corners"]
    assert {w.source: w.path for w in rows} == {
        "dlp-evidence-1881": ("dlp-evidence-1881",), "ludii-lobudok": ("ludii-lobudok", "dlp-evidence-1881"),
        "beaton-1939": ("beaton-1939",)}
    t = _tally(archive, "lobudok.restricted-sowing:skip-corners")
    assert (t.texts, t.text_witnesses, t.primaries) == (2, 2, 1)
    assert "a summary's reading" in t.summary and "Beaton 1939, whose words admit it among others" in t.summary
    # D&P only admit ending after a move: Wikimanqala's implying it is the summary's own reading
    rows = _by_record(archive)["tap-urdy.end:row-empty-after-move"]
    assert {w.source: w.witness for w in rows} == {"deledicq-popova-1977": "parolov-1931",
                                                    "wikimanqala-tap-urdy": "wikimanqala-tap-urdy"}
    # Ludii copies the portal's English summary, not D&P: its "unless the next hole is empty" is its own
    rows = _by_record(archive)["tap-urdy.relay-condition:next-non-empty"]
    assert [w.path for w in rows if w.program] == [("ludii-tap-urdy",)]

    def damage(g):  # Beaton's words said to state it: the summary passes it back to Beaton
        for c in _alternative(g, "lobudok.restricted-sowing", "skip-corners")["citations"]:
            if c["source"] == "beaton-1939":
                c["support"] = "states"
    edit(data_copy, "games/lobudok.yaml", damage)
    damaged = _by_record(load_archive(data_copy))["lobudok.restricted-sowing:skip-corners"]
    assert {w.witness for w in damaged} == {"beaton-1939"}


def test_a_source_is_counted_once_however_many_routes_reach_it(archive, data_copy: Path):
    # the portal page and Mancala World rest on Matthews by their own lineage; his own words
    # (DLP.Evidence.1883) are cited: one primary account, not two summaries' readings
    t = _tally(archive, "tsoro-additional-capture.extra-captures:2")
    assert (t.texts, t.text_witnesses, t.primaries) == (3, 1, 1)
    assert t.summary.startswith("3 texts resting on 1 primary account (Matthews 1964)")

    def damage(g):
        alt = _alternative(g, "tsoro-additional-capture.extra-captures", "2")
        alt["citations"] = [c for c in alt["citations"] if c["source"] != "matthews-1964"]
    edit(data_copy, TSORO, damage)
    t = _tally(load_archive(data_copy), "tsoro-additional-capture.extra-captures:2")
    assert (t.texts, t.text_witnesses, t.primaries) == (2, 2, 0)


def test_without_the_parent_s_citation_a_follower_is_its_own_witness(data_copy: Path):
    def damage(g):
        alt = _alternative(g, "tap-urdy.start", "enemy-row")
        alt["citations"] = [c for c in alt["citations"] if c["source"] != "deledicq-popova-1977"]
    edit(data_copy, TAP, damage)
    archive = load_archive(data_copy)
    rows = _by_record(archive)["tap-urdy.start:enemy-row"]
    assert {w.witness for w in rows} == {"wikimanqala-tap-urdy", "ludii-tap-urdy"}
    assert _tally(archive, "tap-urdy.start:enemy-row").primaries == 0


def _as_tauru_s(g, sid, option):
    for c in _alternative(g, sid, option)["citations"]:
        c.pop("relative", None)


def test_a_related_game_s_words_witness_nothing_of_this_game(archive, data_copy: Path):
    # Michaelsen's Bolotudu and Wikipedia's Dara are cited for comparison (relative): no witness of Tauru
    rows = _by_record(archive)
    assert "tauru.per-turn:two" not in rows
    assert not [w for ws in rows.values() for w in ws if w.game == "tauru"
                and w.source in {"wikipedia-dara", "ludii-dara", "wikipedia-wali", "maaninre-wali", "ludii-wali",
                                 "world-abstract-games-wali", "michaelsen-2006a", "michaelsen-2006b"}]
    edit(data_copy, TAURU, lambda g: _as_tauru_s(g, "tauru.per-turn", "two"))
    assert {w.witness for w in _by_record(load_archive(data_copy))["tauru.per-turn:two"]} == {"machatscheck-1984"}


def test_a_quotation_passes_every_reading_back(data_copy: Path):
    # Michaelsen 2006a quotes Machatscheck in full: cited for Tauru, both Michaelsen messages rest on him
    edit(data_copy, TAURU, lambda g: _as_tauru_s(g, "tauru.per-turn", "two"))
    assert {w.witness for w in _by_record(load_archive(data_copy))["tauru.per-turn:two"]} == {"machatscheck-1984"}
    edit(data_copy, "sources.yaml", lambda s: next(x for x in s["sources"] if x["id"] == "michaelsen-2006a")
         ["lineage"][0].update(relation="summarises"))
    damaged = load_archive(data_copy)
    assert {w.witness for w in _by_record(damaged)["tauru.per-turn:two"]} == {"michaelsen-2006a", "michaelsen-2006b"}


def test_the_built_archive_holds_the_same_figures(archive, built_db: Path):
    with sqlite3.connect(built_db) as conn:
        stored = dict(conn.execute("select record_id, summary from witness_counts"))
    shorts = {k: v.short for k, v in archive.sources.items()}
    assert stored == {r: tally(rows, shorts).summary for r, rows in _by_record(archive).items()}
    assert "programs" in RULE and "its own witness" in RULE
    assert "merely admit" in RULE and "related game" in RULE and "counted once" in RULE
