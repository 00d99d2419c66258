"""The engine's commands (play, simulate, switches), run with click's CliRunner."""

from __future__ import annotations

import json
import re

import click
import pytest
from click.testing import CliRunner

import engine
from engine.cli import games
from engine.games import GAMES


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
        (["play", "chaturanga"], "unknown game 'chaturanga'"),
        (["simulate", "tap-urdy", "--games", "0"], "positive integer"),
        (["switches", "chaturanga"], "unknown game 'chaturanga'"),
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


# --- 80 columns: no id, option or figure is ever cut ---------------------------------------------

def _narrow(*args: str) -> str:
    """The output of ``variorum ARGS`` in an 80-column terminal (rich reads COLUMNS)."""
    from engine.cli import main

    r = CliRunner(env={"COLUMNS": "80"}).invoke(main, list(args), catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return r.output


def _whole(text: str, token: str) -> bool:
    """``token`` appears in ``text`` with no id character glued to either end (so not cut)."""
    return re.search(rf"(?<![\w.-]){re.escape(token)}(?![\w-])", text) is not None


def _fits(text: str) -> None:
    long = [line for line in text.splitlines() if len(line) > 80]
    assert not long, long


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_switches_at_80_columns_keeps_every_switch_option_and_ruleset_whole(game_id):
    from engine import rulesets
    from engine.games import rules_of

    out = _narrow("switches", game_id)
    _fits(out)
    for s in rules_of(game_id).switches:
        assert _whole(out, s.id), s.id
        for option in s.options:
            assert _whole(out, option), (s.id, option)
    for r in rulesets.rulesets(game_id):
        assert _whole(out, r.id), r.id


def test_tap_urdys_end_options_are_told_apart_at_80_columns():
    out = _narrow("switches", "tap-urdy")
    assert _whole(out, "row-empty-after-move") and _whole(out, "row-empty-after-lap")
    assert "…" not in out


def _figures(comparison: dict, measures: list[str]) -> list[str]:
    from engine.cli.compare import _fmt

    return [_fmt(v["metrics"][m]["value"]) for v in comparison["variants"] for m in measures if m in v["metrics"]]


@pytest.mark.parametrize("how", [("--ruleset", "sources", "--ruleset", "ludii", "--ruleset", "mancalagames"),
                                 ("--switch", "after-capture", "--switch", "relay")])
def test_compare_at_80_columns_keeps_every_option_measure_and_figure_whole(how):
    from engine.cli.compare import KEY_MEASURES

    args = ("compare", "tap-urdy", *how, "--games", "40", "--resamples", "99", "--quiet")
    out = _narrow(*args)
    _fits(out)
    data = json.loads(_narrow(*args, "--json"))
    for token in [*how[1::2], *KEY_MEASURES]:
        if token in ("after-capture", "relay"):
            continue  # switch names: their options are checked below
        assert _whole(out, token), token
    if how[0] == "--switch":
        for option in ("end-move", "continue-relay", "take-up-last", "next-hole"):
            assert _whole(out, option), option
    for figure in _figures(data, list(KEY_MEASURES)):
        assert _whole(out, figure), figure
    assert "…" not in out


def test_assess_measures_and_diverge_at_80_columns_keep_every_id_whole():
    from engine.cli.assess import SHOWN_MEASURES

    out = _narrow("assess", "tap-urdy", "--ruleset", "sources", "--ruleset", "pussa-kanawa", "--screen-games", "20",
                  "--games", "2", "--agent", "uct:2", "--skill-levels", "1", "--resamples", "99", "--quiet")
    _fits(out)
    for token in [*SHOWN_MEASURES, "sources", "pussa-kanawa", "criteria"]:
        assert _whole(out, token), token
    glossary = _narrow("measures")
    _fits(glossary)
    from engine.compare.measures import MEASURES

    for m in MEASURES:
        assert _whole(glossary, m.key), m.key
    apart = _narrow("diverge", "tap-urdy", "--a", "ludii", "--b", "ludii,relay=next-hole", "--seed", "3")
    assert _whole(apart, "next-hole") and _whole(apart, "take-up-last")
    for out in (out, glossary, apart):
        assert "…" not in out


def test_switches_and_help_start_without_the_engines_kernels():
    """``variorum --help`` and a warm ``variorum switches`` import neither numba nor the games'
    kernels (how long they take is measured in the README, not here)."""
    import subprocess
    import sys

    from engine.cli.games import declared_switches

    declared_switches("tap-urdy")  # the cache, warm
    probe = ("import sys; from engine.cli import main\n"
             "for args in ({args}):\n"
             "    try: main(list(args), standalone_mode=False)\n"
             "    except SystemExit: pass\n"
             "print(sorted(m for m in ('numba', 'engine.games', 'engine.machine') if m in sys.modules))")
    for args in ("['--help'],", "['switches', 'tap-urdy'],", "['switches', 'tap-urdy', '--json'],"):
        out = subprocess.run([sys.executable, "-c", probe.format(args=args)], capture_output=True, text=True,
                             check=True).stdout
        assert out.strip().splitlines()[-1] == "[]", (args, out[-500:])


def test_the_switches_cache_says_what_the_engine_declares():
    from engine.cli.games import declared_switches

    for game_id, rules in GAMES.items():
        assert declared_switches(game_id) == [{"id": s.id, "point": s.point, "options": list(s.options),
                                               "default": s.default} for s in rules.switches]
    with pytest.raises(ValueError, match="unknown game 'chaturanga'"):
        declared_switches("chaturanga")


def test_rules_lists_every_family():
    from engine.alignment.rules import RULES as ALIGNMENT
    from engine.cli import main
    from engine.mancala.rules import RULES as SOWING

    out = CliRunner().invoke(main, ["rules"])
    assert out.exit_code == 0, out.output
    assert "# the sowing family" in out.output and "# the alignment family" in out.output
    for rule in (*SOWING, *ALIGNMENT):
        assert f"\n{rule.name} " in out.output or out.output.startswith(rule.name), rule.name
    alignment = CliRunner().invoke(main, ["rules", "--family", "alignment", "--markdown"])
    assert alignment.exit_code == 0 and alignment.output.startswith("| rule |")
    refused = CliRunner().invoke(main, ["rules", "--markdown"])
    assert refused.exit_code == 2 and "--family" in refused.output
