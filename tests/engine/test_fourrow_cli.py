"""``variorum play``, ``simulate`` and ``switches`` for the four-row games (CliRunner)."""

from __future__ import annotations

import json

import click
import pytest
from click.testing import CliRunner

import engine
from engine import rulesets
from engine.cli import games

TSORO = "tsoro-additional-capture"
LOBUDOK = "lobudok"


@pytest.fixture(scope="module")
def cli() -> click.Group:
    @click.group()
    def group() -> None:
        pass

    games.register(group)
    return group


def run(cli, *args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_play_tsoro_shows_four_rows_and_the_legal_moves(cli):
    r = run(cli, "play", TSORO, "--ruleset", "ludii", "--moves", "a1")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "> player 2 (holes b1-b16): 16 counters, captured 0"
    assert lines[8].split() == ["0", "3", "0", "3", "3", "0", "3", "3"]  # a1 .. a8 after a1
    assert lines[7].split() == ["0"] * 7 + ["1"]  # a16 .. a9
    assert "player 2 to move; legal moves: b1, b2, b3, b4, b5, b6, b7, b8" in r.output
    assert max(len(x) for x in lines) <= 80


def test_play_lobudok_json_is_the_state_after_the_moves(cli):
    r = run(cli, "play", LOBUDOK, "--ruleset", "ludii", "--moves", "a7,b15", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    s = engine.new_game(LOBUDOK, ruleset="ludii")
    s.apply("a7")
    s.apply("b15")
    assert data["board"] == s.board() and data["legal_moves"] == s.legal_moves_text()
    assert data["history"] == ["a7", "b15"] and data["ruleset"] == "ludii"


def test_play_lobudok_offers_the_released_relay_with_a_plus(cli):
    # a16 (8) ends in a8, a corner, with no middle hole holding two: restricted (a8) or released (a8+)
    s = engine.load_game(LOBUDOK, ruleset="ludii").state_from_position(
        {"a": [0] * 7 + [1] + [0] * 7 + [8], "b": [0, 0, 1, 0, 0, 1, 6, 0, 8, 0, 1, 0, 0, 1, 6, 8], "to_move": 1})
    s.apply("a16")
    assert s.legal_moves_text() == ["a8", "a8+"]
    text = s.to_text()
    assert "a8+" in text and "restricted" in text


@pytest.mark.parametrize("args, message", [
    (["play", TSORO, "--moves", "a9"], "illegal move 'a9'"),
    (["play", TSORO, "--moves", "z1"], "unknown move 'z1'"),
    (["play", LOBUDOK, "--moves", "a17"], "unknown move 'a17'"),
    (["play", TSORO, "--set", "holes=5"], "unknown value '5' for switch 'tsoro-additional-capture.holes'"),
    (["play", LOBUDOK, "--set", "release=sometimes"], "unknown value 'sometimes'"),
])
def test_bad_input_gives_a_clear_message_and_exit_code_2(cli, args, message):
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 2, r.output
    assert message in r.output


@pytest.mark.parametrize("game_id", [TSORO, LOBUDOK])
def test_simulate_json_is_reproducible(cli, game_id):
    outs = []
    for _ in range(2):
        r = run(cli, "simulate", game_id, "--ruleset", "ludii", "--games", "60", "--seed", "5", "--json")
        assert r.exit_code == 0, r.output
        data = json.loads(r.output)
        data.pop("playouts_per_second"), data.pop("seconds")
        outs.append(data)
    assert outs[0] == outs[1] and outs[0]["games"] == 60
    assert outs[0]["p1_wins"] + outs[0]["p2_wins"] + outs[0]["draws"] + outs[0]["unfinished"] == 60


@pytest.mark.parametrize("game_id", [TSORO, LOBUDOK])
def test_switches_lists_the_archives_switches_and_rulesets(cli, game_id):
    r = run(cli, "switches", game_id, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    archive = rulesets.load().games[game_id]
    assert [s["id"] for s in data["switches"]] == [s.id for s in archive.switches]
    for s, a in zip(data["switches"], archive.switches):
        assert [o["id"] for o in s["alternatives"]] == [x.id for x in a.alternatives]
    assert [r["id"] for r in data["rulesets"]] == [r.id for r in rulesets.rulesets(game_id)]
    text = run(cli, "switches", game_id).output
    points = [s["id"].split(".", 1)[1] for s in data["switches"]]
    assert all(p in text for p in points) and "sources" in text
