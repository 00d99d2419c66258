"""The comparator's commands, run with click's CliRunner: JSON shape, tables, bad input (exit 2)."""

from __future__ import annotations

import json

import click
import pytest
from click.testing import CliRunner

from engine.cli import compare as compare_cli
from engine.compare.measures import MEASURES


@pytest.fixture(scope="module")
def cli() -> click.Group:
    @click.group()
    def group() -> None:
        pass

    compare_cli.register(group)
    return group


def run(cli, *args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_the_variorum_group_has_the_comparators_commands():
    from engine.cli import main

    assert {"compare", "diverge", "compare-defaults"} <= set(main.commands)


def test_compare_json_has_the_documented_shape(cli):
    r = run(cli, "compare", "tap-urdy", "--switch", "relay", "--switch", "end", "--games", "30", "--seed", "1",
            "--json", "--resamples", "99")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert list(data) == ["game", "base", "agents", "games_per_variant", "seed", "engine_version", "variants", "effects"]
    assert data["game"] == "tap-urdy" and data["agents"] == ["random", "random"] and data["seed"] == 1
    assert data["base"] == "sources" and data["games_per_variant"] == 30 and len(data["variants"]) == 6
    v = data["variants"][0]
    assert set(v) == {"switches", "ruleset", "games", "metrics"} and v["games"] == 30
    assert list(v["metrics"]) == [m.key for m in MEASURES if m.key != "agent_score"]
    assert all(set(iv) == {"value", "low", "high"} for iv in v["metrics"].values())
    e = data["effects"][0]
    assert set(e) == {"switch", "option", "reference", "measure", "value", "low", "high", "cells", "rank"}
    assert {x["switch"] for x in data["effects"]} == {"tap-urdy.relay", "tap-urdy.end"}


def test_compare_rulesets_prints_a_table(cli):
    r = run(cli, "compare", "tap-urdy", "--ruleset", "ludii", "--ruleset", "sources", "--games", "40", "--quiet",
            "--resamples", "99")
    assert r.exit_code == 0, r.output
    assert "ludii" in r.stdout and "sources" in r.stdout and "advantage_p1" in r.stdout


def test_compare_csv_and_plot_and_save(cli, tmp_path):
    plot, db = tmp_path / "c.svg", tmp_path / "r.db"
    r = run(cli, "compare", "tap-urdy", "--ruleset", "ludii", "--games", "20", "--csv", "--plot", str(plot),
            "--save", "--results", str(db), "--resamples", "99", "--agent", "greedy", "--vs", "random", "--block", "10")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0].startswith("variant,ruleset,tap-urdy.start,") and "agent_score_high" in lines[0]
    assert lines[1].startswith("ludii,ludii,") and len(lines) == 2
    assert plot.exists() and db.exists()


def test_compare_resumes_from_a_checkpoint(cli, tmp_path):
    args = ["compare", "tap-urdy", "--ruleset", "ludii", "--games", "30", "--json", "--checkpoint",
            str(tmp_path / "c.sqlite"), "--resamples", "99"]
    first = run(cli, *args)
    second = run(cli, *args)
    assert first.exit_code == second.exit_code == 0
    assert json.loads(first.stdout) == json.loads(second.stdout)


@pytest.mark.parametrize(("args", "param", "message"), [
    (["compare", "chess"], "GAME", "unknown game 'chess'"),
    (["compare", "tap-urdy", "--agent", "smart"], "--agent", "unknown agent 'smart'"),
    (["compare", "tap-urdy", "--vs", "uct:0"], "--vs", "bad agent 'uct:0'"),
    (["compare", "tap-urdy", "--games", "1"], "--games", "at least 2"),
    (["compare", "tap-urdy", "--jobs", "0"], "--jobs", "at least 1"),
    (["compare", "tap-urdy", "--ruleset", "bogus"], "--ruleset", "unknown ruleset 'bogus'"),
    (["compare", "tap-urdy", "--switch", "colour"], "--switch", "unknown switch 'colour'"),
    (["compare", "tap-urdy", "--base", "bogus", "--all-switches"], "--base", "unknown ruleset 'bogus'"),
    (["compare", "tap-urdy", "--set", "relay=sideways"], "--set", "unknown value 'sideways'"),
    (["compare", "tap-urdy", "--plot", "chart.pdf"], "--plot", ".svg or .png"),
    (["compare", "tap-urdy", "--seed", "-1"], "--seed", "out of range"),
    (["diverge", "chess", "--a", "ludii", "--b", "ludii", "--seed", "1"], "GAME", "unknown game 'chess'"),
    (["compare-defaults", "--game", "chess"], "--game", "unknown game 'chess'"),
    (["diverge", "tap-urdy", "--a", "nope", "--b", "ludii", "--seed", "1"], "--a", "unknown ruleset 'nope'"),
    (["diverge", "tap-urdy", "--a", "ludii", "--b", "relay=up", "--seed", "1"], "--b", "unknown value 'up'"),
])
def test_bad_input_exits_2_naming_the_parameter(cli, args, param, message):
    r = run(cli, *args)
    assert r.exit_code == 2, r.output
    assert f"'{param}'" in r.output and message in r.output


@pytest.mark.parametrize("args", [
    ["compare", "tap-urdy", "--json", "--csv"],
    ["compare", "tap-urdy", "--ruleset", "ludii", "--all-switches"],
    ["diverge", "tap-urdy", "--a", "ludii", "--b", "ludii"],
])
def test_contradictory_options_exit_2(cli, args):
    r = run(cli, *args)
    assert r.exit_code == 2 and ("choose one" in r.output or "exactly one" in r.output), r.output


def test_diverge_prints_both_boards_and_json(cli, tmp_path):
    r = run(cli, "diverge", "tap-urdy", "--a", "ludii", "--b", "ludii,relay=next-hole", "--seed", "1")
    assert r.exit_code == 0, r.output
    assert "The readings part after move 1" in r.stdout and r.stdout.count("b6 b5 b4 b3 b2 b1") == 2
    j = run(cli, "diverge", "tap-urdy", "--a", "ludii", "--b", "ludii,relay=next-hole", "--seed", "1", "--json")
    data = json.loads(j.stdout)
    assert data["index"] == 1 and data["kind"] == "position" and data["board_a"] != data["board_b"]


def test_diverge_replays_a_record(cli, tmp_path):
    import engine
    from engine.agents import RandomAgent, play_out

    state = play_out(engine.new_game("tap-urdy", ruleset="ludii", seed=4), RandomAgent(4))
    path = tmp_path / "game.json"
    path.write_text(state.record().to_json())
    r = run(cli, "diverge", "tap-urdy", "--b", "ludii,remaining=unscored", "--record", str(path), "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["kind"] == "result" and data["moves"] == [state.move_to_text(m) for m in state.history()]
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    r = run(cli, "diverge", "tap-urdy", "--b", "ludii", "--record", str(bad))
    assert r.exit_code == 2 and "'--record'" in r.output


def test_compare_defaults_writes_the_results_database(cli, tmp_path):
    db = tmp_path / "r.db"
    r = run(cli, "compare-defaults", "--games", "10", "--results", str(db), "--game", "tap-urdy")
    assert r.exit_code == 0, r.output
    from engine import rulesets

    assert f"tap-urdy: {len(rulesets.rulesets('tap-urdy'))} rulesets x 10 games" in r.output and db.exists()


def test_compare_on_a_dask_scheduler_address_gives_the_local_numbers(cli, dask_client):
    args = ["compare", "tap-urdy", "--ruleset", "ludii", "--ruleset", "sources", "--games", "40", "--json",
            "--resamples", "99"]
    local = run(cli, *args)
    remote = run(cli, *args, "--scheduler", dask_client.scheduler.address)
    assert remote.exit_code == 0, remote.output
    assert json.loads(remote.stdout) == json.loads(local.stdout)
    r = run(cli, *args, "--scheduler", dask_client.scheduler.address, "--jobs", "2")
    assert r.exit_code == 2 and "'--jobs'" in r.output
