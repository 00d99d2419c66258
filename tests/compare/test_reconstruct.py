"""Reconstruction: each alternative's standing from the records, a reading's departures and their
order, the front of fit against playability, the nearest playable reading of a failing ruleset,
and a run that is deterministic for a seed and resumes from its checkpoint."""

from __future__ import annotations

import json

import pytest

from engine import rulesets
from engine.compare.criteria import criteria
from engine.compare.fit import STANDINGS, Standing, fit, fit_key, fit_summary, standings
from engine.compare.reconstruct import Candidate, distance, front_of, reconstruct
from engine.compare.assess import Reading
from schema.records import Citation

SWITCHES = ("tap-urdy.relay", "tap-urdy.after-capture", "tap-urdy.end")


def _copy_of(archive):
    """A deep copy of ``archive``, for a test to damage."""
    copy = archive.model_copy(deep=True) if hasattr(archive, "model_copy") else None
    if copy is None:  # the Archive is a plain container of pydantic records
        import copy as _copy

        copy = _copy.deepcopy(archive)
    return copy


def _set_citations(archive, switch: str, option: str, citations: list[Citation]) -> None:
    """Give one alternative of ``archive`` (a copy the test owns: :func:`_copy_of`) exactly ``citations``."""
    game = archive.games[switch.split(".")[0]]
    alt = next(a for s in game.switches if s.id == switch for a in s.alternatives if a.id == option)
    alt.citations[:] = citations


def test_standings_follow_the_citations() -> None:
    archive = rulesets.load()
    relay = "tap-urdy.relay"
    options = [a.id for s in archive.games["tap-urdy"].switches if s.id == relay for a in s.alternatives]
    a, b = options
    # one copy, damaged step by step (each step's citations replace the last's; a deep copy costs ~1 CPU s)
    damaged = _copy_of(archive)
    # a stated by a written source, b only by a program: b is contradicted, not a program's choice
    _set_citations(damaged, relay, a, [Citation(source="deledicq-popova-1977", locator="p. 1", support="states")])
    _set_citations(damaged, relay, b, [Citation(source="ludii-tap-urdy", locator="f", support="implements")]
                   if "ludii-tap-urdy" in archive.sources else [])
    t = standings("tap-urdy", damaged)[relay]
    assert t[a].standing == "stated" and t[a].sources == ("Deledicq & Popova 1977",)
    assert t[b].standing == "contradicted" and t[b].sources == ("Deledicq & Popova 1977",)
    # nobody states either: the one a text admits is admitted, the uncited one editorial
    _set_citations(damaged, relay, a, [Citation(source="deledicq-popova-1977", locator="p. 1", support="admits")])
    _set_citations(damaged, relay, b, [Citation(source="variorum", locator=relay, support="conjecture",
                                                note="the editors")])
    t = standings("tap-urdy", damaged)[relay]
    assert (t[a].standing, t[b].standing) == ("admitted", "editorial")


def test_agreed_switches_are_not_departures() -> None:
    table = standings("tsoro-additional-capture")
    assert "tsoro-additional-capture.holes" not in table
    assert all(s in STANDINGS for opts in table.values() for s in (o.standing for o in opts.values()))


def test_the_fit_order_never_trades_a_worse_departure_for_lesser_ones() -> None:
    def d(standing: str, switch: str = "g.s") -> Standing:
        return Standing(switch, "x", standing, ())

    one_contradiction = [d("contradicted")]
    many_silences = [d("editorial", f"g.s{i}") for i in range(5)]
    assert fit_key(many_silences) < fit_key(one_contradiction)
    assert fit_key([d("program")] * 3) < fit_key([d("editorial")])
    assert fit_key([]) == (0, 0, 0, 0, 0) and fit_summary([]) == "no departure"
    assert fit_summary([d("editorial"), d("implied"), d("editorial")]) == "2 editorial, 1 implied"


def test_fit_names_an_unknown_option() -> None:
    table = standings("tap-urdy")
    reading = rulesets.ruleset("tap-urdy", "sources")
    import engine

    values = engine.resolve("tap-urdy", "sources", {})
    assert all(d.standing != "stated" for d in fit(values, table))
    with pytest.raises(ValueError, match="no option 'nowhere'"):
        fit({**values, "tap-urdy.relay": "nowhere"}, table)
    assert reading.id == "sources"


def test_the_front_keeps_what_no_reading_dominates() -> None:
    def cand(standings_: list[str], meets: int) -> Candidate:
        verdicts = {f"c{i}": i < meets for i in range(4)}
        return Candidate(Reading({}, None, "", {}, verdicts), [Standing(f"g.s{i}", "x", s, ()) for i, s in enumerate(standings_)])

    cands = [cand([], 1), cand(["implied"], 1), cand(["implied"], 3), cand(["editorial"], 3), cand(["editorial"], 4),
             cand(["contradicted"], 4)]
    assert sorted(front_of(cands)) == [0, 2, 4]


def test_distance_counts_the_switches_set_differently() -> None:
    assert distance({"a": "1", "b": "2", "c": "3"}, {"a": "1", "b": "9", "c": "9"}, ["a", "b"]) == 1


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    checkpoint = tmp_path_factory.mktemp("rec") / "ck.sqlite"
    kw = dict(switches=SWITCHES, screen_games=40, games=2, agent="uct:2", skill_levels=1, top=2, nearest=1, seed=3,
              n_resamples=99, criteria=criteria(["completion>=0.9"]))
    return reconstruct("tap-urdy", checkpoint=checkpoint, **kw), reconstruct("tap-urdy", checkpoint=checkpoint, **kw), kw


def test_a_run_is_deterministic_resumes_and_lists_every_reading(small) -> None:
    first, again, kw = small
    assert json.dumps(first.to_dict()) == json.dumps(again.to_dict())  # the second run read the checkpoint
    fresh = reconstruct("tap-urdy", **kw)
    assert json.dumps(fresh.to_dict()) == json.dumps(first.to_dict())
    data = first.to_dict()
    space = 2 * 2 * 3
    assert data["switches"] == list(SWITCHES) and len(data["readings"]) >= space
    # the named rulesets that set a switch not examined otherwise than the base come after the space
    assert all(r["ruleset"] for r in data["readings"][space:])
    assert sorted(n["ruleset"] for n in data["nearest"]) == sorted(r.id for r in rulesets.rulesets("tap-urdy"))
    for r in data["readings"]:
        assert {"departures", "fit", "fit_summary", "screen", "front", "passes_screen"} <= set(r)


def test_front_and_nearest_follow_their_definitions(small) -> None:
    rec = small[0]
    cands = rec.candidates
    for i in rec.front:
        assert not any(o.key <= cands[i].key and o.screen_meets >= cands[i].screen_meets
                       and (o.key < cands[i].key or o.screen_meets > cands[i].screen_meets) for o in cands)
    shown = [i for i in rec.front if cands[i].passes_screen][:2]
    assert all(cands[i].reading.evaluated for i in shown)
    for n in rec.nearest:
        base = cands[n.index]
        assert base.reading.evaluated and base.ruleset == n.ruleset
        if not n.fails or not n.readings:
            continue
        passing = [distance(base.reading.switches, o.reading.switches, SWITCHES)
                   for j, o in enumerate(cands) if j != n.index and o.passes_screen]
        first = n.readings[0]
        assert distance(base.reading.switches, cands[first].reading.switches, SWITCHES) == min(passing)
        assert all(cands[j].reading.evaluated and n.ruleset in cands[j].nearest_of for j in n.readings)


def test_each_reading_is_named_by_what_it_sets_on_lines_of_100_columns(small) -> None:
    """Two readings that depart from the sources alike (here: differing only in ``end``) print different
    lines, each naming what it sets against the named ruleset; no line is wider than 100 columns."""
    import dataclasses

    from engine.cli.reconstruct import print_reconstruction

    rec = small[0]
    i = next(i for i in rec.front if not rec.candidates[i].ruleset) if any(
        not rec.candidates[i].ruleset for i in rec.front) else rec.front[0]
    c = rec.candidates[i]
    end = "tap-urdy.end"
    other = next(o for o in ("row-empty-after-lap", "row-empty-after-move", "cannot-move")
                 if o != c.reading.switches[end])
    twin = dataclasses.replace(c, reading=dataclasses.replace(c.reading, switches={**c.reading.switches, end: other}),
                               ruleset=None, front=True)
    twin.departures = list(c.departures)
    rec = dataclasses.replace(rec, candidates=[*rec.candidates, twin])
    lines: list[str] = []
    print_reconstruction(lines.append, rec, 1.0)
    assert max(len(line) for line in lines) <= 100, max(lines, key=len)
    j = len(rec.candidates) - 1
    first = next(line for line in lines if line.startswith(f"- reading {j} "))
    assert f"end: {other}" in first and "against " in first
    heads = [line for line in lines if line.startswith("- reading ")]
    assert len(heads) == len(set(heads))
    base = rulesets.ruleset("tap-urdy", rulesets.default_ruleset("tap-urdy")).choices
    for k in rec.front:
        if not rec.candidates[k].ruleset:
            sets = [f"{s.split('.', 1)[1]}: {v}" for s, v in rec.candidates[k].reading.switches.items() if base[s] != v]
            head = next(line for line in lines if line.startswith(f"- reading {k} "))
            assert all(s in " ".join(lines) for s in sets) and "(sets " in head
