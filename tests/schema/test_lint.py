"""The lint: each rule fires on a copy of data/ damaged in one way, with the file, record and line;
the real records have no lint error; errors fail the build, warnings are printed."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from engine.cli import main
from schema.lint import RULES, lint
from schema.load import load_archive
from test_defects import archive_at, edit  # the helpers that damage a copy of data/ and give an archive to keep

TAP, TAURU, LOBUDOK, TSORO = (f"games/{g}.yaml" for g in ("tap-urdy", "tauru", "lobudok", "tsoro-additional-capture"))


def switch(doc: dict, sid: str) -> dict:
    return next(s for s in doc["switches"] if s["id"] == sid)


def alternative(doc: dict, sid: str, option: str) -> dict:
    return next(a for a in switch(doc, sid)["alternatives"] if a["id"] == option)


def source(doc: dict, sid: str) -> dict:
    return next(s for s in doc["sources"] if s["id"] == sid)


def findings(data_dir: Path, rule: str) -> list[str]:
    return [str(f.error) for f in lint(load_archive(data_dir)) if f.rule == rule]


def _set_support(doc: dict, sid: str, source_id: str, support: str) -> None:
    for alt in switch(doc, sid)["alternatives"]:
        for c in alt["citations"]:
            if c["source"] == source_id:
                c["support"] = support


def test_the_records_have_no_lint_error_and_no_warning(archive):
    assert [str(f) for f in lint(archive)] == []


def test_every_rule_has_a_level():
    assert set(RULES.values()) == {"error", "warning"}


# --- double-support (error) -------------------------------------------------------------------

def test_one_source_implying_two_readings_of_a_switch(data_copy: Path):
    edit(data_copy, TAP, lambda g: _set_support(g, "tap-urdy.capture", "deledicq-popova-1977", "implies"))
    (found,) = findings(data_copy, "double-support")
    assert "data/games/tap-urdy.yaml:" in found and "record 'tap-urdy.capture'" in found
    assert "'deledicq-popova-1977'" in found and "gap-any, gap-non-empty" in found and "admits" in found


def test_a_switch_left_to_the_players_may_have_one_source_for_every_option(data_copy: Path):
    assert findings(data_copy, "double-support") == []  # tsoro's holes: the portal states 6 to 21
    edit(data_copy, TSORO, lambda g: switch(g, "tsoro-additional-capture.holes").pop("agreed"))
    found = findings(data_copy, "double-support")
    assert len(found) == 1 and "'dlp-games-1136'" in found[0] and "tsoro-additional-capture.holes" in found[0]


# --- unseen-states (error) --------------------------------------------------------------------

def test_an_unseen_source_stating_a_rule_without_where_it_was_read(data_copy: Path):
    edit(data_copy, LOBUDOK, lambda g: alternative(g, "lobudok.release", "reserve-holes")["citations"][0].pop("read_at"))
    (found,) = findings(data_copy, "unseen-states")
    assert "data/games/lobudok.yaml:" in found and "record 'lobudok.release:reserve-holes'" in found
    assert "'beaton-1939'" in found and "seen: false" in found


def test_a_seen_source_needs_no_read_at(data_copy: Path):
    edit(data_copy, LOBUDOK, lambda g: alternative(g, "lobudok.release", "reserve-holes")["citations"][0].pop("read_at"))
    edit(data_copy, "sources.yaml", lambda s: source(s, "beaton-1939").update(seen=True))
    assert findings(data_copy, "unseen-states") == []


# --- quotation-owner (error) ------------------------------------------------------------------

def test_a_quotation_without_its_owner(data_copy: Path):
    def strip(g: dict) -> None:
        for key in ("owner", "words", "read_at", "summarising", "note"):
            g["evidence"][0]["quotation"].pop(key, None)

    edit(data_copy, TAURU, strip)
    (found,) = findings(data_copy, "quotation-owner")
    assert "data/games/tauru.yaml:" in found and "record 'beart-1955-bariba'" in found and "whose words" in found


def test_an_owner_needs_words_and_where_they_were_read(data_copy: Path):
    from schema.load import RecordErrors

    edit(data_copy, TAURU, lambda g: g["evidence"][0]["quotation"].pop("read_at"))
    with pytest.raises(RecordErrors, match="also needs 'words' and 'read_at'"):
        load_archive(data_copy)


# --- implementation-only (warning) ------------------------------------------------------------

def test_a_statement_backed_only_by_programs(data_copy: Path):
    def only_ludii(g: dict) -> None:
        st = next(s for s in g["statements"] if s["id"] == "board-and-pieces")
        st["citations"] = [c for c in st["citations"] if c["source"] == "ludii-tauru"]

    edit(data_copy, TAURU, only_ludii)
    (found,) = findings(data_copy, "implementation-only")
    assert "data/games/tauru.yaml:" in found and "record 'board-and-pieces'" in found


# --- unmarked-completion (warning) ------------------------------------------------------------

def test_a_default_choice_no_followed_source_backs_and_not_marked(data_copy: Path):
    edit(data_copy, TAURU, lambda g: g["rulesets"][0]["completions"].pop("tauru.directions"))
    (found,) = findings(data_copy, "unmarked-completion")
    assert "record 'sources'" in found and "field 'rulesets.0.choices.tauru.directions'" in found
    assert "'orthogonal'" in found and "dlp-games-662" in found


def test_a_choice_backed_by_a_source_the_ruleset_does_not_follow_is_still_a_completion(data_copy: Path):
    # wikipedia-dara states orthogonal lines, but for Dara: the Tauru sources ruleset does not follow it
    edit(data_copy, TAURU, lambda g: g["rulesets"][0]["completions"].pop("tauru.directions"))
    assert any("tauru.directions" in f for f in findings(data_copy, "unmarked-completion"))
    edit(data_copy, TAURU, lambda g: g["rulesets"][0]["citations"].append(
        {"source": "wikipedia-dara", "locator": 'section "Game play and rules"'}))
    assert not any("tauru.directions" in f for f in findings(data_copy, "unmarked-completion"))


def test_other_rulesets_count_the_programs_they_follow(data_copy: Path):
    def bolotudu(g: dict) -> dict:
        return next(r for r in g["rulesets"] if r["id"] == "bolotudu")

    edit(data_copy, TAURU, lambda g: bolotudu(g)["completions"].pop("tauru.long-lines"))
    (found,) = findings(data_copy, "unmarked-completion")
    assert "record 'bolotudu'" in found and "tauru.long-lines" in found and "states, implies or implements" in found
    # the ludii ruleset follows Tauru.lud, which implements each of its choices: nothing to mark
    assert not any("record 'ludii'" in f for f in findings(data_copy, "unmarked-completion"))


def test_a_completion_must_name_a_known_proposer(data_copy: Path):
    from schema.load import RecordErrors

    edit(data_copy, TAURU, lambda g: g["rulesets"][0]["completions"]["tauru.directions"].update(by="nobody-2020"))
    with pytest.raises(RecordErrors, match="unknown source 'nobody-2020'"):
        load_archive(data_copy)


# --- the build runs the lint ------------------------------------------------------------------

def test_a_lint_error_fails_the_build_and_keeps_the_archive(data_copy: Path, tmp_path: Path, built_db: Path):
    out = archive_at(built_db, tmp_path)
    before = out.read_bytes()
    edit(data_copy, TAP, lambda g: _set_support(g, "tap-urdy.capture", "deledicq-popova-1977", "implies"))
    result = CliRunner().invoke(main, ["build", "--data", str(data_copy), "--out", str(out)])
    assert result.exit_code == 1 and "was not changed" in result.output and "double-support" not in result.output
    assert "'deledicq-popova-1977' is cited as stating or implying 2 alternatives" in result.output
    assert out.read_bytes() == before


def test_a_lint_warning_is_printed_and_the_build_goes_on(data_copy: Path, tmp_path: Path):
    edit(data_copy, TAURU, lambda g: g["rulesets"][0]["completions"].pop("tauru.directions"))
    result = CliRunner().invoke(main, ["build", "--data", str(data_copy), "--out", str(tmp_path / "a.db")])
    assert result.exit_code == 0, result.output
    assert "warning [unmarked-completion]" in result.output and (tmp_path / "a.db").exists()


def test_the_lint_command(data_copy: Path):
    ok = CliRunner().invoke(main, ["lint", "--data", str(data_copy)])
    assert ok.exit_code == 0 and "0 error(s), 0 warning(s)" in ok.output
    edit(data_copy, TAP, lambda g: _set_support(g, "tap-urdy.capture", "deledicq-popova-1977", "implies"))
    bad = CliRunner().invoke(main, ["lint", "--data", str(data_copy)])
    assert bad.exit_code == 1 and "error [double-support]" in bad.output


# --- quotation-scope (error) ------------------------------------------------------------------

def _quotation(doc: dict, ev_id: str) -> dict:
    return next(e for e in doc["evidence"] if e["id"] == ev_id)["quotation"]


def test_a_quotation_that_bears_on_nothing(data_copy: Path):
    edit(data_copy, TSORO, lambda g: _quotation(g, "matthews-1964-zimbabwe").pop("bears_on"))
    (found,) = findings(data_copy, "quotation-scope")
    assert "data/games/tsoro-additional-capture.yaml:" in found and "record 'matthews-1964-zimbabwe'" in found
    assert "bears on nothing" in found


def test_a_quotation_scoped_to_a_reading_that_does_not_cite_its_owner(data_copy: Path):
    # the D&P capture passage said to bear on the direction clockwise, which cites the portal and Ludii only
    edit(data_copy, TAP, lambda g: _quotation(g, "dlp-evidence-1859")["parts"][-1]["bears_on"].append(
        "tap-urdy.direction:clockwise"))
    (found,) = findings(data_copy, "quotation-scope")
    assert "record 'dlp-evidence-1859'" in found and "'tap-urdy.direction:clockwise'" in found
    assert "'deledicq-popova-1977'" in found and "parts.5.bears_on.3" in found


# --- silent-asserts (error) -------------------------------------------------------------------

def test_implies_from_a_source_a_note_on_the_same_point_calls_silent(data_copy: Path):
    # the audit's case: Beaton "implies" skip-corners while the note on start-only says his words need not forbid it
    def damage(g):
        c = next(c for c in alternative(g, "lobudok.restricted-sowing", "skip-corners")["citations"]
                 if c["source"] == "beaton-1939")
        c["support"] = "implies"
        c["note"] = "Beaton confines play at first to holes 2-7 and 10-15."
        note = next(c for c in alternative(g, "lobudok.restricted-sowing", "start-only")["citations"]
                    if c["source"] == "variorum")
        note["note"] = "A reading of Beaton's confinement, which need not forbid sowing through the corners."
    edit(data_copy, LOBUDOK, damage)
    (found,) = findings(data_copy, "silent-asserts")
    assert "record 'lobudok.restricted-sowing'" in found and "'beaton-1939' is cited as implies" in found
    assert "'need not'" in found and "alternatives.0.citations" in found


def test_states_whose_own_note_says_the_source_is_silent(data_copy: Path):
    def damage(g):
        c = next(c for c in alternative(g, "tap-urdy.end", "row-empty-after-move")["citations"]
                 if c["source"] == "deledicq-popova-1977")
        c["support"] = "states"
        c["note"] = "D&P do not say after a lap or after a move."
    edit(data_copy, TAP, damage)
    found = findings(data_copy, "silent-asserts")
    assert len(found) == 1 and "'deledicq-popova-1977' is cited as states" in found[0]


def test_a_note_naming_another_source_as_silent_does_not_flag_the_cited_one(data_copy: Path):
    # "Wikimanqala ... reads D&P as ...; D&P do not say": the silence is D&P's, not Wikimanqala's
    assert findings(data_copy, "silent-asserts") == []


# --- seen-unread (error) ----------------------------------------------------------------------

def test_a_seen_source_whose_note_says_it_was_not_rechecked(data_copy: Path):
    edit(data_copy, "sources.yaml", lambda s: source(s, "dlp-evidence-1859").update(
        note="The evidence record as the research notes read it; not re-checked for this record."))
    (found,) = findings(data_copy, "seen-unread")
    assert "data/sources.yaml:" in found and "record 'dlp-evidence-1859'" in found and "'not re-checked'" in found


def test_an_unseen_source_may_say_so(data_copy: Path):
    assert not source_is_seen(data_copy, "beaton-1939")
    assert findings(data_copy, "seen-unread") == []


def source_is_seen(data_dir: Path, sid: str) -> bool:
    return load_archive(data_dir).sources[sid].seen


# --- completion-attributed (error) ------------------------------------------------------------

def test_a_description_giving_a_completion_as_the_source_s(data_copy: Path):
    # the audit's case: the bolotudu ruleset giving rows and columns as Machatscheck's
    def damage(g):
        rs = next(r for r in g["rulesets"] if r["id"] == "bolotudu")
        rs["description"] = ("Tauru played as Machatscheck's Bolotudu, quoted by Michaelsen, with lines only along "
                             "rows and columns. Two pieces are placed per turn.")
    edit(data_copy, TAURU, damage)
    (found,) = findings(data_copy, "completion-attributed")
    assert "record 'bolotudu'" in found and "'Rows and columns only'" in found and "Machatscheck's" in found


# --- primary-in-program (error) ---------------------------------------------------------------

def _statement(doc: dict, sid: str) -> dict:
    return next(s for s in doc["statements"] if s["id"] == sid)


def test_no_primary_is_cited_for_words_read_in_a_program_file(archive):
    """Every game, not the seeds only: a primary's words read inside a program are the summary's."""
    assert findings(archive.data_dir, "primary-in-program") == []


def test_a_primary_cited_states_for_a_lud_file_s_rules_text(data_copy: Path):
    # the audit's case: Musoro Tsoro's summary, carried by the .lud, cited as Matthews 1964
    def damage(g):
        c = _statement(g, "start-layout")["citations"][0]
        c.update(source="matthews-1964", locator="pp. 65-66",
                 read_at={"source": "ludii-musoro-tsoro", "locator": "(metadata (info (rules ...)))"})
    edit(data_copy, "games/musoro-tsoro.yaml", damage)
    (found,) = findings(data_copy, "primary-in-program")
    assert "data/games/musoro-tsoro.yaml:" in found and "record 'start-layout'" in found
    assert "'matthews-1964'" in found and "'ludii-musoro-tsoro'" in found


def test_a_primary_that_only_admits_in_a_program_file_is_not_flagged(data_copy: Path):
    def damage(g):
        c = _statement(g, "start-layout")["citations"][0]
        c.update(source="matthews-1964", locator="pp. 65-66", support="admits",
                 read_at={"source": "ludii-musoro-tsoro", "locator": "(metadata (info (rules ...)))"})
    edit(data_copy, "games/musoro-tsoro.yaml", damage)
    assert findings(data_copy, "primary-in-program") == []


# --- identifier-kind (error) ------------------------------------------------------------------

def test_every_identifier_written_in_the_records_exists_with_its_kind(archive):
    assert findings(archive.data_dir, "identifier-kind") == []
    held = {str(i) for s in archive.sources.values() for i in s.identifiers}
    assert {"DLP.Games.662", "DLP.Games.1136", "DLP.GameRulesets.775", "DLP.GameRulesets.1295",
            "DLP.GameRulesets.1290", "DLP.Evidence.1883", "DLP.Evidence.1887"} <= held
    assert "DLP.Games.1313" not in held and "DLP.Games.1319" not in held


def test_a_lud_file_s_id_given_as_a_game_page_s(data_copy: Path):
    # the audit's case: Tauru.lud's (id "775") is a ruleset id; the portal's game page is DLP.Games.662
    edit(data_copy, "sources.yaml", lambda s: source(s, "ludii-tauru")["identifiers"][0].update(kind="DLP.Games"))
    found = findings(data_copy, "identifier-kind")
    assert any("record 'ludii-tauru'" in f and "DLP.Games.775 was read in the program file 'ludii-tauru'" in f
               for f in found), found


def test_a_source_named_after_an_identifier_it_does_not_hold(data_copy: Path):
    # the audit's case: dlp-games-1313, named after Nsolo.lud's ruleset id
    def damage(s):
        src = source(s, "dlp-nsolo")
        src.update(id="dlp-games-1313", short="Ludii portal, Nsolo (DLP.Games.1313)")
        for other in s["sources"]:
            for link in other.get("lineage", []):
                if link["source"] == "dlp-nsolo":
                    link["source"] = "dlp-games-1313"
    edit(data_copy, "sources.yaml", damage)
    for game in ("nsolo",):
        path = data_copy / "games" / f"{game}.yaml"
        path.write_text(path.read_text(encoding="utf-8").replace("dlp-nsolo", "dlp-games-1313"), encoding="utf-8")
    found = findings(data_copy, "identifier-kind")
    assert any("record 'dlp-games-1313'" in f and "DLP.Games.1313" in f for f in found), found
    assert any("DLP.Games.1313 is written here, but no source holds that identifier" in f for f in found), found


def test_an_identifier_without_its_kind(data_copy: Path):
    from test_defects import append_text
    append_text(data_copy, "games/nsolo.yaml", "# the metadata of Ludii's .lud file (DLP id 1313)\n")
    (found,) = findings(data_copy, "identifier-kind")
    assert "data/games/nsolo.yaml:" in found and "an identifier without its kind" in found


# --- program-as-agreed (error) ----------------------------------------------------------------

def test_no_statement_gives_a_program_s_or_editorial_choice_as_agreed(archive):
    assert findings(archive.data_dir, "program-as-agreed") == []


def test_ryakati_s_opening_order_given_as_agreed(data_copy: Path):
    # the audit's case: "The two openings are played in turn" with no editorial mark
    edit(data_copy, "games/ryakati.yaml", lambda g: _statement(g, "opening-order").update(
        text="The two openings are played in turn, each step a turn of its own."))
    (found,) = findings(data_copy, "program-as-agreed")
    assert "data/games/ryakati.yaml:" in found and "record 'opening-order'" in found


def test_a_statement_a_summary_only_admits(data_copy: Path):
    edit(data_copy, "games/tshuba.yaml", lambda g: _statement(g, "any-occupied-hole").update(
        text="A move may start from any occupied hole of the player, a single counter included."))
    (found,) = findings(data_copy, "program-as-agreed")
    assert "record 'any-occupied-hole'" in found and "dlp-tshuba" in found
