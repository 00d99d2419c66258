"""The lint: each rule fires on a copy of data/ damaged in one way, with the file, record and line;
the real records have no lint error; errors fail the build, warnings are printed."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from engine.cli import main
from schema.lint import RULES, lint
from schema.load import load_archive
from test_defects import edit  # the one helper that damages a copy of data/

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

def test_a_lint_error_fails_the_build_and_keeps_the_archive(data_copy: Path, tmp_path: Path):
    out = tmp_path / "archive.db"
    assert CliRunner().invoke(main, ["build", "--data", str(data_copy), "--out", str(out)]).exit_code == 0
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
