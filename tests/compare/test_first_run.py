"""The first run's budgets (engine.compare.first_run) and its bake (engine.cli.bake): preliminary
figures cut to a time budget per game, refined to the default budgets, each run's estimate printed
beside its real time."""

from __future__ import annotations

import io
import re
import sqlite3
import time
from pathlib import Path

import pytest
from rich.console import Console

from engine.compare import first_run as F

SLOW = F.Rates(random_game=0.0006, turns=1000.0, rulesets=3, readings=2048, agent_decisions=1000.0,
               decision_seconds=2.4e-5, step_seconds=7e-7)
"""A game like Lobudök: long and slow games, thousands of readings (its pilot's figures, rounded)."""
FAST = F.Rates(random_game=0.0001, turns=45.0, rulesets=4, readings=16, agent_decisions=40.0, decision_seconds=8e-5,
               step_seconds=1.8e-7)
"""A game like Kalah."""

TINY = {"comparison": {"games": 20, "resamples": 99},
        "assessment": {"agent": "uct:2", "games": 2, "skill_levels": 1, "screen_games": 20, "resamples": 99},
        "reconstruction": {"agent": "uct:2", "games": 2, "skill_levels": 1, "screen_games": 4, "top": 1,
                           "nearest": 0, "resamples": 99}}
"""Default budgets small enough for a test (the bake's plumbing, not its figures)."""
BAKED = "shono"
"""The game the bake tests bake (with Kalah): every section of it, at budgets as small as their floors
allow; its reconstruction screens its 8 readings (Tap-urdy's, baked before, screened 3,072 twice, most
of these tests' CPU time, which no claim of theirs depends on)."""


@pytest.mark.parametrize("section", F.SECTIONS)
@pytest.mark.parametrize("rates", [SLOW, FAST])
def test_a_preliminary_budget_fits_its_time_or_stops_at_the_floor(section, rates):
    for seconds in (0.01, 1.0, 10.0, 1000.0):
        b = F.fit(section, F.PRELIMINARY[section], rates, seconds)
        floor = F.FLOOR[section]
        assert b.games >= floor.games and b.screen_games >= floor.screen_games and b.resamples >= floor.resamples
        assert F.estimate(section, b, rates) <= seconds or _at_floor(section, b)
        assert F.estimate(section, b, rates) <= F.estimate(section, F.PRELIMINARY[section], rates)


def _at_floor(section: str, b: F.Budget) -> bool:
    """Every count of ``b`` at its floor (the agent's iterations too; its playout depth is kept)."""
    floor = F.FLOOR[section]
    counts = ("games", "screen_games", "top", "nearest", "resamples")
    return all(getattr(b, k) == getattr(floor, k) for k in counts) and \
        (b.agent == "random" or b.agent.split(":")[1] == floor.agent.split(":")[1])


def test_the_time_budget_per_game_divides_a_total_and_has_a_floor():
    assert F.game_seconds(4, 240.0) == 60.0
    assert F.game_seconds(21, 240.0) == pytest.approx(240.0 / 21)
    assert F.game_seconds(1000, 240.0) == F.MIN_GAME_SECONDS  # many games: each still gets its figures


def test_estimates_grow_with_the_budget_and_the_game():
    for section in F.SECTIONS:
        small, big = F.PRELIMINARY[section], F.default_budget(section, "tap-urdy")
        assert 0 < F.estimate(section, small, FAST) < F.estimate(section, big, FAST)
        assert F.estimate(section, small, FAST) < F.estimate(section, small, SLOW)
    full = F.agent_game(SLOW, "uct:50")
    assert F.agent_game(SLOW, "uct:50:20") < full < F.agent_game(SLOW, "uct:100")  # truncated playouts cost less


def test_the_default_budgets_are_the_commands_and_a_games_own():
    from engine.cli.assess import GAME_BUDGETS

    assert F.default_budget("comparison", "kalah").games == 2000
    assert F.default_budget("assessment", "kalah").agent == "uct:200"
    assert F.default_budget("assessment", "lobudok").agent == GAME_BUDGETS["lobudok"]["agent"]
    assert F.default_budget("reconstruction", "kalah") == F.Budget(20, screen_games=200, agent="uct:50",
                                                                   skill_levels=1, top=6, nearest=3)
    assert F.default_budget("comparison", "kalah", {"games": 40}).games == 40
    with pytest.raises(ValueError, match="unknown section 'board'"):
        F.default_budget("board", "kalah")


def test_an_agents_game_costs_its_decisions_and_their_playout_steps():
    """The alignment games' agents play to the turn limit where random players finish in a tenth of it:
    an agent game is priced by the agents' own game length, not a random game's."""
    long_games = F.Rates(random_game=5e-5, turns=160.0, rulesets=2, readings=8, agent_decisions=2500.0,
                         decision_seconds=4.8e-5, step_seconds=7.3e-8)
    assert F.agent_game(long_games, "uct:32:20") == pytest.approx(2500 * (4.8e-5 + 32 * 20 * 7.3e-8))
    assert F.agent_game(long_games, "uct:8") == pytest.approx(2500 * (4.8e-5 + 8 * 160 * F.FULL_PLAYOUT * 7.3e-8))
    assert F.agent_game(long_games, "random") == 5e-5


def test_the_calibration_fits_a_decisions_cost_and_a_steps(monkeypatch):
    """Two agents' seconds a decision against their playout steps: a line, neither part below 0."""
    import types

    import numpy as np

    from engine import stats as S
    from engine.compare import sweep

    clock = [0.0]
    seconds = {"uct:2:2": 0.0, F.CALIBRATION[0][0]: 0.012, F.CALIBRATION[1][0]: 0.036}

    def fake_run(sw, checkpoint=None):
        clock[0] += seconds[sw.agents[0]]
        rows = np.zeros((sw.games, S.N_COLUMNS), dtype=np.int64)
        rows[:, S.DECISIONS] = 100
        return [rows for _ in sw.variants]

    monkeypatch.setattr(sweep, "run", fake_run)
    monkeypatch.setattr(sweep, "Sweep", lambda game, variants, games, seed, agents, block, limits:
                        types.SimpleNamespace(variants=variants, games=games, agents=agents))
    monkeypatch.setattr(F, "time", types.SimpleNamespace(process_time=lambda: clock[0]))
    decisions, decision, step = F.calibrate("kalah", ({}, {}), (100, 400))
    (_, s1), (_, s2) = F.CALIBRATION
    per = [t / (100 * 2 * F.CALIBRATION_GAMES) for t in (0.012, 0.036)]  # seconds a decision
    assert decisions == 100.0
    assert step == pytest.approx((per[1] - per[0]) / (s2 - s1))
    assert decision == pytest.approx(per[0] - s1 * step)
    seconds[F.CALIBRATION[1][0]] = 0.006  # the deeper agent cheaper a decision (noise): no step cost, not < 0
    assert F.calibrate("kalah", ({},), (100, 400))[1:] == (pytest.approx(0.012 / (100 * F.CALIBRATION_GAMES)), 0.0)


def test_a_refining_estimate_learns_from_the_preliminary_run_within_bounds():
    assert F.corrected(10.0, None) == 10.0
    assert F.corrected(10.0, (2.0, 3.0)) == 15.0
    assert F.corrected(10.0, (1.0, 100.0)) == 40.0 and F.corrected(10.0, (100.0, 1.0)) == 2.5


def test_the_budget_is_named_as_the_log_and_the_page_print_it():
    assert F.Budget(200, resamples=199).text("comparison") == "200 random games a ruleset; 199 bootstrap resamples"
    text = F.default_budget("reconstruction", "kalah").text("reconstruction")
    assert text == ("screen 200 random games a reading; uct:50 against itself, 20 games a reading; skill ladder of "
                    "1 rung; front of 6, 3 nearest at a time")


def _kinds(results: Path, table: str, game: str) -> list[str]:
    with sqlite3.connect(results) as conn:
        return sorted(k for (k,) in conn.execute(f"select kind from {table} where game = ?", [game]))


def test_a_preliminary_run_is_replaced_by_the_defaults_run_and_a_users_is_kept(built_db, tmp_path):
    from engine import rulesets
    from engine.compare.comparison import compare
    from engine.compare.results import save

    results = tmp_path / "results.db"
    rulesets.use_source(built_db)
    try:
        mine = save(compare("tap-urdy", rulesets=["ludii"], games=4, seed=3), results, kind="user")
        F.bake("comparison", "tap-urdy", F.Budget(20, resamples=99), results, kind="preliminary")
        assert _kinds(results, "compare_runs", "tap-urdy") == ["preliminary", "user"]
        F.bake("comparison", "tap-urdy", F.Budget(40, resamples=99), results, kind="defaults")
    finally:
        rulesets.use_source(None)
    assert _kinds(results, "compare_runs", "tap-urdy") == ["defaults", "user"]
    with sqlite3.connect(results) as conn:
        assert conn.execute("select kind from compare_runs where id = ?", [mine]).fetchone() == ("user",)


def test_a_run_past_its_deadline_stops(built_db, tmp_path):
    from engine import rulesets

    rulesets.use_source(built_db)
    try:
        with pytest.raises(F.OutOfTime, match="comparison of tap-urdy went past its deadline"):
            F.bake("comparison", "tap-urdy", F.Budget(20, resamples=99), tmp_path / "r.db", kind="preliminary",
                   until=time.process_time() - 1)
    finally:
        rulesets.use_source(None)
    assert not (tmp_path / "r.db").exists() or _kinds(tmp_path / "r.db", "compare_runs", "tap-urdy") == []


def test_the_pilot_plays_its_games_once(built_db, monkeypatch):
    """The pilot's games a ruleset, once, and one game beside them that loads the kernels (it played
    them all twice, the first time only to load the kernels)."""
    from engine import rulesets
    from engine.compare import sweep

    played: list[int] = []
    inner = sweep.self_play_rows

    def counting(game, seed: int, games: int):
        played.append(games)
        return inner(game, seed, games)

    monkeypatch.setattr(sweep, "self_play_rows", counting)
    rulesets.use_source(built_db)
    try:
        rates = F.pilot("tap-urdy", games=6)
        assert rates.rulesets > 1 and rates.random_game > 0 and rates.turns >= 1
        assert rates.agent_decisions >= 1 and rates.decision_seconds + rates.step_seconds > 0
        assert sum(played) == 6 * rates.rulesets + 1
        with pytest.raises(ValueError, match="at least 2 games a ruleset, not 1"):
            F.pilot("tap-urdy", games=1)
    finally:
        rulesets.use_source(None)


def _log(site: Path, plan: dict[str, list[str]]):
    from engine.cli.bake_progress import BakeLog

    out = io.StringIO()
    return BakeLog(site, Console(file=out, width=300), None, plan), out


def test_the_bake_shows_every_section_preliminary_then_refines_each_and_logs_estimates(built_db, tmp_path,
                                                                                       first_figures_as_asked):
    """Two games, every section: preliminary figures of each (the second game waiting for its kernels),
    then the default budget (here tiny) replacing each; every run's line gives its estimate and its
    real time, and the last line counts those within a factor of two."""
    from engine import rulesets
    from engine.cli.bake import bake_figures, saved_kinds

    results = tmp_path / "results.db"
    games = [BAKED, "kalah"]
    log, out = _log(tmp_path, {"preliminary": games})
    asked: list[str] = []

    def ready(game: str) -> bool:  # Kalah's kernels are "compiled" only after the first game's figures
        asked.append(game)
        return game == BAKED or bool(saved_kinds(results).get((BAKED, "reconstruction")))

    try:
        timings = bake_figures(built_db, results, games, log, fresh=False, ready=ready, total_seconds=2.0,
                               refine=False)
        kinds = saved_kinds(results)
        assert {frozenset(kinds[(g, s)]) for g in games for s in F.SECTIONS} == {frozenset({"preliminary"})}
        text = out.getvalue()
        assert text.index(f"preliminary reconstruction of {BAKED}") < text.index("preliminary comparison of kalah")
        assert "kalah" in asked
        assert len(timings.runs) == 6 and all(r[0] == "preliminary" for r in timings.runs)
        assert all(" CPU s (" in line and ", took " in line for line in text.splitlines()
                   if line.startswith("preliminary ") and " of " in line)
        for game in games:  # each game's time beside its estimate (its pilot's time and its runs' estimates)
            assert re.search(rf"^preliminary: {game} done in \d+ s \(estimated \d+ s\), \d+ s of CPU$", text, re.M)
        assert re.search(r"^preliminary: the stage took \d+ s.*; its work \d+ s \(estimated \d+ s at its start\)$",
                         text, re.M)
        log, out = _log(tmp_path, {})
        bake_figures(built_db, results, games, log, fresh=False, overrides=TINY)
    finally:
        rulesets.use_source(None)
    kinds = saved_kinds(results)
    assert {frozenset(kinds[(g, s)]) for g in games for s in F.SECTIONS} == {frozenset({"defaults"})}
    text = out.getvalue()
    assert "baking every section's preliminary figures" not in text  # every section had figures already
    for stage in ("comparisons", "assessments", "reconstructions"):
        assert f"refining the {stage}: " in text
        assert any(line.startswith(f"{stage}: kalah (") and "estimated" in line and "took" in line
                   for line in text.splitlines())
    assert text.splitlines()[-1].startswith("estimates against real times: CPU ")
    assert "of 6 within a factor of two" in text.splitlines()[-1]


def test_while_the_kernels_compile_the_bake_says_so_with_the_compiles_estimate(built_db, tmp_path,
                                                                              first_figures_as_asked):
    """No game's kernels ready: the stage is "compiling" in the file the pages read (/-/bake.json),
    with the compile's estimate of what is left; the stage's line gives the estimate beside the real
    time, then the preliminary figures start by themselves."""
    import json

    from engine import rulesets
    from engine.cli.bake import KERNELS, bake_figures, saved_kinds
    from engine.cli.bake_progress import PROGRESS_FILE

    results = tmp_path / "results.db"
    log, out = _log(tmp_path, {"preliminary": [BAKED]})
    started = time.monotonic()
    seen: list[dict] = []

    def ready(game: str) -> bool:  # the kernels compile for 2 s
        seen.append(json.loads((tmp_path / PROGRESS_FILE).read_text()))
        return time.monotonic() - started > 2.0

    try:
        bake_figures(built_db, results, [BAKED], log, fresh=False, ready=ready, total_seconds=2.0,
                     refine=False, compile_left=lambda: 40.0 - (time.monotonic() - started))
    finally:
        rulesets.use_source(None)
    waiting = [s for s in seen if s["stage"] == "compiling"]
    assert waiting and waiting[0]["stages"] == ["compiling", "preliminary"]
    assert all(s["current"]["game"] == KERNELS for s in waiting)
    assert waiting[-1]["expected"]["compiling"][KERNELS] == pytest.approx(40.0, abs=1.5)
    assert 36.0 <= waiting[-1]["current"]["left"] <= 40.5 and 36.0 <= waiting[-1]["left"]
    text = out.getvalue()
    assert "compiling the engine's kernels: kernels (about 40 s; " in text
    assert re.search(r"^compiling: kernels done in [23] s \(estimated 40 s\)$", text, re.M)
    assert text.index("compiling: the stage took") < text.index("baking every section's preliminary figures")
    assert {saved_kinds(results)[(BAKED, s)] == {"preliminary"} for s in F.SECTIONS} == {True}


def test_the_compiling_stage_needs_a_game_and_says_when_its_estimate_is_unknown(tmp_path):
    from engine.cli.bake import await_kernels

    log, out = _log(tmp_path, {"preliminary": ["kalah"]})
    with pytest.raises(ValueError, match="at least one game"):
        await_kernels(log, [], lambda g: True)
    await_kernels(log, ["kalah"], lambda g: True)  # ready: the stage ends at once, its estimate unknown
    assert "compiling the engine's kernels: kernels (not estimated yet; baking every section's preliminary " \
           "figures estimated when it starts)" in out.getvalue()
    fresh = tmp_path / "fresh"  # no earlier time of the compile on this machine
    fresh.mkdir()
    log, out = _log(fresh, {"preliminary": ["kalah"]})
    asked = [0]

    def ready(game: str) -> bool:
        asked[0] += 1
        return asked[0] > 2

    await_kernels(log, ["kalah"], ready, lambda: 0.0)  # overdue from the start: no estimate to give
    assert re.search(r"^compiling: kernels done in \d+ s$", out.getvalue(), re.M)


def test_while_the_kernels_compile_the_log_says_what_compiles_and_its_estimate_never_unknown(tmp_path, monkeypatch):
    """A fresh clone's first run (issue 29): every stage planned as the serve plans it, no earlier
    times on this machine, so the refining stages are estimated only when they start. While the
    kernels compile, the log's lines name the kinds still compiling and the compile's estimate, and
    what is known of the rest; "all unknown left" (its words before) said neither."""
    from engine.cli import bake_progress
    from engine.cli.bake import await_kernels
    from engine.cli.compile_log import CompileEstimate

    monkeypatch.setattr(bake_progress, "LINE_EVERY", 0.2)
    games = ["kalah", "oware"]
    log, out = _log(tmp_path, {"preliminary": games, "comparisons": games, "assessments": games,
                               "reconstructions": games})
    log.expect("preliminary", {"kalah": 150.0, "oware": 150.0})  # as bake_figures does before it waits
    started = time.monotonic()
    compile_estimate = CompileEstimate(started)
    compile_estimate.expect("engine.alignment.machine.run", 90.0, 6)
    compile_estimate.expect("engine.mancala.machine.turn.run[0=2]", 40.0, 10)
    await_kernels(log, ["kalah"], lambda g: time.monotonic() - started > 1.5, compile_estimate.left,
                  compile_estimate.pending)
    text = out.getvalue()
    assert "unknown" not in text
    assert "compiling the engine's kernels: kernels (about 40 s; about 6 min before refining the comparisons, " \
           "estimated when it starts)" in text
    lines = [line for line in text.splitlines() if line.startswith("compiling: kernels of ")]
    assert lines, text
    assert all(line.startswith("compiling: kernels of engine.mancala.machine.turn.run[0=2] (10 games), "
                               "engine.alignment.machine.run (6 games)") for line in lines)
    assert all(re.search(r"the first kernels ready in about (40|35) s, about \d min before refining the "
                         r"comparisons, estimated when it starts$", line) for line in lines), lines
    log.close()


def test_the_estimates_summary_counts_the_runs_within_a_factor_of_two():
    from engine.cli.bake import Timings

    t = Timings()
    t.add("preliminary", "comparison", "kalah", 1.0, 2.0, 1.5, 2.5)
    t.add("defaults", "comparison", "kalah", 1.0, 2.0, 3.0, 9.0)
    assert t.of("preliminary", "comparison", "kalah") == (1.0, 1.5)
    assert t.summary() == ("estimates against real times: CPU 1 of 2 within a factor of two (the farthest 3.00 "
                           "times its estimate); wall 1 of 2 within a factor of two (the farthest 4.50 times its estimate)")
