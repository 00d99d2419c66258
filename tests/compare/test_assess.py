"""Assessing readings: plausibility criteria, the skill trace (Ludii's figure, with intervals), and the
screen -> evaluate -> skill pipeline of ``variorum assess``."""

from __future__ import annotations

import numpy as np
import pytest

from engine import stats as S
from engine.compare.assess import assess
from engine.compare.criteria import DEFAULT_CRITERIA, criteria, judge, passes
from engine.compare.intervals import Interval
from engine.compare.measures import N_ROW_COLUMNS, SEAT_A
from engine.compare.skill import ladder, skill_value, strong_utilities, trace


def pairing_rows(results: list[tuple[int, int]]) -> np.ndarray:
    """Rows of a pairing from (seat of agent A, winner) per game."""
    rows = np.zeros((len(results), N_ROW_COLUMNS), dtype=np.int64)
    for i, (seat, winner) in enumerate(results):
        rows[i, SEAT_A], rows[i, S.WINNER] = seat, winner
    return rows


def test_strong_utilities_follow_the_seat_of_agent_a() -> None:
    rows = pairing_rows([(1, 1), (2, 1), (2, 2), (1, 0)])
    assert strong_utilities(rows).tolist() == [1.0, -1.0, 1.0, 0.0]
    with pytest.raises(ValueError, match="self-play"):
        strong_utilities(pairing_rows([(0, 1)]))


@pytest.mark.parametrize("levels, expected", [
    # y = 0.2, 0.4, 0.6: the line predicts 1.0 at k = 4, so the figure is 1.
    ([[1, 0, 0, 0, 0.0], [1, 1, 0, 0, 0.0], [1, 1, 1, 0, 0.0]], None),
    # y = 0, 0: nothing predicted, no area.
    ([[1, -1], [-1, 1]], 0.0),
    # y = 0.5, 0.25: the line predicts -0.25 at k = 3 (clamped to 0); area 0.75 over 2 levels.
    ([[1, 0], [1, 0, 0, 0]], 0.375),
])
def test_skill_value_is_ludiis_figure(levels, expected) -> None:
    arrays = [np.array(u, dtype=float) for u in levels]
    if expected is None:  # y_k = mean: 0.2, 0.4, 0.6
        arrays = [np.array([0.2]), np.array([0.4]), np.array([0.6])]
        expected = 1.0
    assert skill_value(arrays) == pytest.approx(expected)


def test_trace_gives_each_rung_a_win_rate_and_the_figure_an_interval() -> None:
    rng = np.random.default_rng(5)
    levels = []
    for p in (0.55, 0.65, 0.75):  # the strong agent wins more as budgets grow
        seats = np.where(np.arange(60) % 2 == 0, 1, 2)
        won = rng.random(60) < p
        winner = np.where(won, seats, 3 - seats)
        levels.append(pairing_rows(list(zip(seats.tolist(), winner.tolist()))))
    t = trace(levels, [4, 8, 16], n_resamples=199, seed=1)
    assert [lv.weak for lv in t.levels] == [4, 8, 16] and [lv.strong for lv in t.levels] == [8, 16, 32]
    for lv, rows in zip(t.levels, levels):
        assert lv.win_rate.value == pytest.approx((strong_utilities(rows).mean() + 1) / 2)
        assert lv.win_rate.low <= lv.win_rate.value <= lv.win_rate.high
    assert t.value.value == pytest.approx(skill_value([strong_utilities(r) for r in levels]))
    assert t.value.low <= t.value.value <= t.value.high
    assert t.value.high - t.value.low > 0.01


def test_ladder_doubles_and_rejects_nonsense() -> None:
    assert ladder(5, 3) == [5, 10, 20]
    with pytest.raises(ValueError, match="levels"):
        ladder(5, 0)


def test_criteria_are_changed_dropped_or_added_by_spec() -> None:
    found = {c.name: c for c in criteria(["balance>=0.6", "duration=5..50", "drawishness=off", "agent_score>=0.5"])}
    assert found["balance"].low == 0.6 and found["balance"].source == "given on the command line"
    assert (found["duration"].low, found["duration"].high) == (5.0, 50.0)
    assert "drawishness" not in found
    assert found["agent_score"].measure == "agent_score"
    assert found["completion"] == next(c for c in DEFAULT_CRITERIA if c.name == "completion")
    for bad, word in (("nonsense>=1", "nonsense"), ("balance>>1", "balance>>1"), ("balance>=x", "x"),
                      ("duration=9..1", "above")):
        with pytest.raises(ValueError, match=word):
            criteria([bad])


def test_a_criterion_is_judged_on_the_point_and_unknown_measures_do_not_fail() -> None:
    verdicts = judge(DEFAULT_CRITERIA, {"balance": Interval(0.69, 0.6, 0.8), "completion": Interval(0.9, 0.85, 0.95)})
    assert verdicts["balance"] is False and verdicts["completion"] is True and verdicts["duration"] is None
    assert not passes(verdicts)
    assert passes({"completion": True, "duration": None})


def test_balance_is_not_met_where_games_do_not_finish() -> None:
    from engine.compare.criteria import failed_by_requirement

    # Lobudök's literal reading: a few games finish, the rest count a half each, so balance looks fine.
    unfinished = {"balance": Interval(0.95, 0.9, 1.0), "completion": Interval(0.05, 0.01, 0.2)}
    verdicts = judge(DEFAULT_CRITERIA, unfinished)
    assert verdicts["balance"] is False and verdicts["completion"] is False
    assert failed_by_requirement(DEFAULT_CRITERIA, verdicts) == {"balance": "completion"}
    finished = {"balance": Interval(0.95, 0.9, 1.0), "completion": Interval(0.9, 0.85, 0.95)}
    assert judge(DEFAULT_CRITERIA, finished)["balance"] is True
    # with completion dropped, balance stands on its own figure
    assert judge(criteria(["completion=off"]), unfinished)["balance"] is True


def tiny(**kw):
    return assess("tap-urdy", switches=["tap-urdy.relay"], screen_games=40, games=4, agent="uct:4",
                  skill_levels=1, n_resamples=99, seed=3, **kw)


def test_assess_evaluates_only_the_readings_that_pass_the_screen() -> None:
    none = tiny(criteria=criteria(["advantage_p1<=0"], base=()))
    assert len(none.readings) == 2 and not any(r.evaluated for r in none.readings)
    assert all(r.screen_verdicts["advantage_p1"] is False for r in none.readings)
    every = tiny(criteria=criteria(["advantage_p1>=0"], base=()))
    assert all(r.evaluated for r in every.readings)
    d = every.to_dict()
    assert d["skill_ladder"] == ["uct:4 vs uct:2"]
    for r in d["readings"]:
        assert set(r["measures"]) >= {"advantage_p1", "balance", "completion", "duration_turns", "agent_score"}
        assert set(r["skill"]) >= {"value", "low", "high", "levels"}
        assert set(r["criteria"]) == {c.name for c in every.criteria}
        assert r["switches"]["tap-urdy.relay"] in ("take-up-last", "next-hole")
    assert tiny(criteria=criteria(["advantage_p1>=0"], base=())).to_dict() == d  # deterministic for a seed


def test_named_rulesets_are_always_evaluated() -> None:
    a = assess("tap-urdy", rulesets=["ludii"], criteria=criteria(["advantage_p1<=0"], base=()), screen_games=20, games=2,
               agent="uct:2", skill_levels=1, n_resamples=99)
    assert [r.ruleset for r in a.readings] == ["ludii"] and a.readings[0].evaluated


@pytest.mark.parametrize("kw, word", [({"agent": "greedy"}, "uct"), ({"games": 1}, "games"),
                                       ({"skill_levels": 0}, "skill_levels")])
def test_assess_rejects_bad_arguments_by_name(kw, word) -> None:
    with pytest.raises(ValueError, match=word):
        assess("tap-urdy", rulesets=["ludii"], **kw)


def test_a_saved_assessment_reads_back_as_its_json(tmp_path) -> None:
    import json
    import sqlite3

    from engine.compare.results import load_assessment, save_assessment

    a = tiny(criteria=criteria(["advantage_p1>=0"], base=()))
    path = tmp_path / "results.db"
    run_id = save_assessment(a, path)
    back = load_assessment(path, run_id=run_id)
    run = back.pop("run")
    assert back == json.loads(json.dumps(a.to_dict()))
    assert (run["id"], run["kind"], run["agent"], run["games"], run["seed"]) == (run_id, "user", "uct:4", 4, 3)
    assert json.loads(run["skill_ladder"]) == ["uct:4 vs uct:2"] and run["git_commit"]
    assert load_assessment(path, game="tap-urdy")["run"]["id"] == run_id
    assert load_assessment(path, game="tauru") is None and load_assessment(tmp_path / "none.db", game="tauru") is None
    conn = sqlite3.connect(path)
    count = {t: conn.execute(f"select count(*) from {t} where run_id = ?", [run_id]).fetchone()[0]
             for t in ("assess_criteria", "assess_readings", "assess_skill", "assess_verdicts")}
    assert count == {"assess_criteria": 1, "assess_readings": 2, "assess_skill": 2, "assess_verdicts": 4}
    plays = conn.execute("select distinct play from assess_measures where run_id = ?", [run_id]).fetchall()
    assert sorted(p for (p,) in plays) == ["agent", "random"]


def test_a_defaults_run_replaces_the_games_previous_one_and_keeps_user_runs(tmp_path) -> None:
    import sqlite3

    from engine.compare.results import save_assessment

    a = tiny(criteria=criteria(["advantage_p1>=0"], base=()))
    path = tmp_path / "results.db"
    user = save_assessment(a, path)
    save_assessment(a, path, kind="defaults", replace_kind=True)
    last = save_assessment(a, path, kind="defaults", replace_kind=True)
    conn = sqlite3.connect(path)
    assert sorted(conn.execute("select id from assess_runs").fetchall()) == sorted([(user,), (last,)])
    assert {r for (r,) in conn.execute("select distinct run_id from assess_readings")} == {user, last}
    with pytest.raises(ValueError, match="kind"):
        save_assessment(a, path, kind="mine")


class Killed(Exception):
    pass


def test_a_killed_run_resumes_from_its_checkpoint_and_saves_once(tmp_path) -> None:
    import json
    import sqlite3

    from click.testing import CliRunner

    from engine.cli import main
    from engine.compare.results import load_assessment

    checkpoint, path = tmp_path / "run.ckpt", tmp_path / "results.db"

    def kill_in_the_evaluation(name: str, done: int, total: int) -> None:
        if name == "evaluate" and 0 < done < total:
            raise Killed

    with pytest.raises(Killed):
        tiny(criteria=criteria(["advantage_p1>=0"], base=()), checkpoint=checkpoint, phase=kill_in_the_evaluation)
    assert not path.exists()  # nothing saved by the killed run
    kept = sqlite3.connect(checkpoint).execute("select count(*) from cells").fetchone()[0]
    assert kept > 0
    args = ["assess", "tap-urdy", "--switch", "tap-urdy.relay", "--screen-games", "40", "--games", "4", "--agent", "uct:4",
            "--skill-levels", "1", "--resamples", "99", "--seed", "3", "--criterion", "advantage_p1>=0",
            "--criterion", "balance=off", "--criterion", "completion=off", "--criterion", "drawishness=off",
            "--criterion", "duration=off", "--json", "--quiet"]
    r = CliRunner().invoke(main, args + ["--checkpoint", str(checkpoint), "--save", "--results", str(path)],
                           catch_exceptions=False)
    assert r.exit_code == 0, r.output
    resumed = json.loads(r.stdout)
    assert [n for (n,) in sqlite3.connect(path).execute("select count(*) from assess_runs")] == [1]
    saved = load_assessment(path, game="tap-urdy")
    saved.pop("run")
    assert saved == resumed
    fresh = CliRunner().invoke(main, args, catch_exceptions=False)
    assert resumed == json.loads(fresh.stdout)  # the resumed run found what an uninterrupted one finds


def test_assess_runs_on_dask_as_it_does_serially(dask_client) -> None:
    kw = {"criteria": criteria(["advantage_p1>=0"], base=())}
    assert tiny(scheduler=dask_client, **kw).to_dict() == tiny(**kw).to_dict()


@pytest.mark.parametrize(("args", "param", "message"), [
    (["assess-defaults", "--game", "chess"], "--game", "unknown game 'chess'"),
    (["assess-defaults", "--agent", "random"], "--agent", "uct:ITERATIONS"),
    (["assess-defaults", "--games", "1"], "--games", "at least 2"),
    (["assess-defaults", "--seed", "-1"], "--seed", "out of range"),
])
def test_assess_defaults_rejects_bad_input_naming_the_option(args, param, message) -> None:
    from click.testing import CliRunner

    from engine.cli import main

    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2 and f"'{param}'" in r.output and message in r.output, r.output


def test_the_default_bake_takes_the_games_with_the_shortest_random_games_first(tmp_path) -> None:
    import sqlite3

    from engine.compare.results import create, shortest_first

    path = create(tmp_path / "results.db")
    conn = sqlite3.connect(path)
    with conn:
        for run, game, kind, turns in (("a", "lobudok", "defaults", 1400.0), ("b", "tauru", "defaults", 120.0),
                                       ("c", "tap-urdy", "defaults", 75.0), ("d", "tap-urdy", "user", 5000.0)):
            conn.execute("insert into compare_runs (id, game, kind) values (?, ?, ?)", [run, game, kind])
            conn.execute("insert into compare_metrics (run_id, variant, measure, value) values (?, 0, 'duration_turns', ?)",
                         [run, turns])
    conn.close()
    games = ["lobudok", "tap-urdy", "tauru", "tsoro-additional-capture"]
    assert shortest_first(path, games) == ["tap-urdy", "tauru", "lobudok", "tsoro-additional-capture"]
    assert shortest_first(tmp_path / "none.db", games) == games


def test_the_findings_name_the_readings_that_neither_random_players_nor_agents_finish(tmp_path) -> None:
    from engine.compare.findings import findings
    from engine.compare.results import load_assessment, save_assessment

    path = tmp_path / "results.db"
    data = load_assessment(path, run_id=save_assessment(tiny(criteria=criteria(["advantage_p1>=0"], base=())), path))
    assert "Neither" not in dict(findings(data))["completion"]  # random players finish most Tap-urdy games
    first = data["readings"][0]
    first["screen"]["measures"]["completion"] = {"value": 0.004, "low": 0.0016, "high": 0.01}
    first["measures"]["completion"] = {"value": 0.0, "low": 0.0, "high": 0.28}
    said = dict(findings(data))["completion"]
    assert (f"Neither random players nor the agents finish most of their games under {first['label']}: "
            f"random players 0.4% [0.2%, 1%] and the agents 0% [0%, 28%] under {first['label']}.") in said


def test_a_games_own_budget_applies_unless_the_command_line_gives_one(tmp_path) -> None:
    """assess-defaults: a game of GAME_BUDGETS is assessed at its own budget; a budget option given
    on the command line applies to every game instead."""
    import sqlite3

    from click.testing import CliRunner

    from engine.cli import assess as cli_assess
    from engine.cli import main

    path = tmp_path / "results.db"
    own = {"tap-urdy": {"agent": "uct:3", "games": 2, "skill_levels": 1}}
    args = ["assess-defaults", "--game", "tap-urdy", "--screen-games", "10", "--results", str(path), "--quiet"]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(cli_assess, "GAME_BUDGETS", own)
        r = CliRunner().invoke(main, args, catch_exceptions=False)
        assert r.exit_code == 0, r.output
        given = CliRunner().invoke(main, args + ["--agent", "uct:2", "--games", "2", "--skill-levels", "1"],
                                   catch_exceptions=False)
        assert given.exit_code == 0, given.output
    conn = sqlite3.connect(path)
    assert conn.execute("select agent, games from assess_runs").fetchall() == [("uct:2", 2)]  # the last run replaced the first
    conn.execute("delete from assess_runs")
    conn.commit()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(cli_assess, "GAME_BUDGETS", own)
        assert CliRunner().invoke(main, args, catch_exceptions=False).exit_code == 0
    assert conn.execute("select agent, games from assess_runs").fetchall() == [("uct:3", 2)]


def test_progress_lines_print_agent_specs_as_written() -> None:
    """"uct:200 vs uct:100: 2/2 games" is printed as it is, not with rich's emoji for ":100:"."""
    from click.testing import CliRunner

    from engine.cli import main

    r = CliRunner().invoke(main, ["assess", "tap-urdy", "--ruleset", "sources", "--agent", "uct:200", "--games", "2",
                                  "--skill-levels", "1", "--screen-games", "10", "--resamples", "9"],
                           catch_exceptions=False)
    assert r.exit_code == 0, r.output
    assert "uct:200 vs uct:100: 2/2 games" in r.stderr and "\U0001f4af" not in r.stderr
