"""The engine's commands (play, simulate, switches), run with click's CliRunner."""

from __future__ import annotations

import json

import click
import pytest
from click.testing import CliRunner

import engine
from engine.cli import games


@pytest.fixture(scope="module")
def cli() -> click.Group:
    """A group holding only the engine's commands (``engine.cli.main`` holds these and the lead's)."""

    @click.group()
    def group() -> None:
        pass

    games.register(group)
    return group


def run(cli, *args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_the_variorum_group_has_the_engine_commands():
    from engine.cli import main

    assert {"play", "simulate", "switches"} <= set(main.commands)


def test_play_shows_the_board_and_the_legal_moves(cli):
    r = run(cli, "play", "tap-urdy", "--set", "first-player=player-1", "--moves", "b3")
    assert r.exit_code == 0, r.output
    assert "a1" in r.output and "b6" in r.output
    assert "player 2 to move; legal moves: a1, a2, a3, a4, a5" in r.output


def test_play_json_is_the_state_after_the_moves(cli):
    r = run(cli, "play", "tap-urdy", "--set", "first-player=player-1", "--moves", "b3,a2", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    s = engine.new_game("tap-urdy", switches={"first-player": "player-1"})
    s.apply("b3")
    s.apply("a2")
    assert data["board"] == s.board()
    assert data["to_move"] == s.to_move and data["legal_moves"] == s.legal_moves_text()
    assert data["terminal"] is False and data["result"] is None
    assert data["switches"] == s.game.switches and data["history"] == ["b3", "a2"]


def test_play_with_a_ruleset(cli, tap_urdy_rulesets):
    rid = tap_urdy_rulesets[0].id
    r = run(cli, "play", "tap-urdy", "--ruleset", rid, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["ruleset"] == rid and data["switches"] == tap_urdy_rulesets[0].choices


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "tap-urdy", "--moves", "z9"], "unknown move 'z9'"),
        (["play", "tap-urdy", "--set", "first-player=player-1", "--moves", "a1"], "illegal move 'a1'"),
        (["play", "tap-urdy", "--set", "relay=bogus"], "unknown value 'bogus' for switch 'tap-urdy.relay'"),
        (["play", "tap-urdy", "--set", "nonsense=1"], "unknown switch 'nonsense'"),
        (["play", "tap-urdy", "--set", "relay"], "has no value"),
        (["play", "tap-urdy", "--ruleset", "nope"], "unknown ruleset 'nope'"),
        (["play", "oware"], "unknown game 'oware'"),
        (["simulate", "tap-urdy", "--games", "0"], "positive integer"),
        (["switches", "oware"], "unknown game 'oware'"),
    ],
)
def test_bad_input_gives_a_clear_message_and_exit_code_2(cli, args, message):
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 2, r.output
    assert message in r.output


def test_play_without_a_terminal_does_not_prompt(cli):
    r = CliRunner().invoke(cli, ["play", "tap-urdy"], input="")
    assert r.exit_code == 0 and "legal moves" in r.output


def test_simulate_json_is_reproducible(cli):
    outs = []
    for _ in range(2):
        r = run(cli, "simulate", "tap-urdy", "--games", "200", "--seed", "5", "--json")
        assert r.exit_code == 0, r.output
        data = json.loads(r.output)
        for key in ("games", "p1_wins", "p2_wins", "draws", "unfinished", "endless", "mean_turns", "mean_moves",
                    "playouts_per_second"):
            assert key in data
        data.pop("playouts_per_second"), data.pop("seconds")
        outs.append(data)
    assert outs[0] == outs[1]
    assert outs[0]["games"] == 200
    assert outs[0]["p1_wins"] + outs[0]["p2_wins"] + outs[0]["draws"] + outs[0]["unfinished"] == 200


def test_simulate_table(cli):
    r = run(cli, "simulate", "tap-urdy", "--set", "end=cannot-move", "--games", "50", "--seed", "1")
    assert r.exit_code == 0, r.output
    assert "p1_wins" in r.output and "mean_turns" in r.output


def test_switches_lists_switches_defaults_and_rulesets(cli, tap_urdy_rulesets):
    r = run(cli, "switches", "tap-urdy", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    by_id = {s["id"]: s for s in data["switches"]}
    assert by_id["tap-urdy.relay"]["default"] == "take-up-last"
    assert [a["id"] for a in by_id["tap-urdy.relay"]["alternatives"]] == ["take-up-last", "next-hole"]
    assert [r["id"] for r in data["rulesets"]] == [r.id for r in tap_urdy_rulesets]
    assert data["archive_error"] is None
    text = run(cli, "switches", "tap-urdy").output
    assert "tap-urdy.long-lap" in text and tap_urdy_rulesets[0].id in text


def test_interactive_play_against_the_random_agent(cli, monkeypatch):
    monkeypatch.setattr(games, "_stdin_is_terminal", lambda: True)
    r = CliRunner().invoke(cli, ["play", "tap-urdy", "--set", "first-player=player-1", "--seed", "3"],
                           input="z9\nb2\nq\n")
    assert r.exit_code == 0, r.output
    assert "You are player 1" in r.output
    assert "unknown move 'z9'" in r.output  # refused, asked again
    assert "the agent plays a" in r.output  # player 2 answered from player 1's row
