"""The switch registry, resolving rulesets and overrides, and the contract with the archive."""

from __future__ import annotations

import pytest

import engine
from engine import rulesets
from engine.agents import RandomAgent, play_out
from engine.games import GAMES
from engine.switches import Switch, resolve_switches
from schema.citation import split_sets

TAP = GAMES["tap-urdy"]


def test_defaults_are_one_value_per_switch():
    values = engine.resolve("tap-urdy")
    assert values == {s.id: s.default for s in TAP.switches}


def test_overrides_by_full_id_or_by_point():
    assert engine.resolve("tap-urdy", switches={"tap-urdy.relay": "next-hole"})["tap-urdy.relay"] == "next-hole"
    assert engine.resolve("tap-urdy", switches={"relay": "next-hole"})["tap-urdy.relay"] == "next-hole"


def test_unknown_switch_is_named_with_the_switches():
    with pytest.raises(ValueError, match=r"unknown switch 'sowing'.*tap-urdy\.relay"):
        engine.resolve("tap-urdy", switches={"sowing": "x"})


def test_unknown_value_is_named_with_the_allowed_values():
    with pytest.raises(ValueError, match=r"unknown value 'sideways' for switch 'tap-urdy.direction'; allowed: counterclockwise, clockwise"):
        engine.resolve("tap-urdy", switches={"direction": "sideways"})


@pytest.mark.parametrize("value", [None, "", "  "])
def test_missing_value_is_named_with_the_allowed_values(value):
    with pytest.raises(ValueError, match=r"switch 'tap-urdy.end' has no value; allowed: row-empty-after-lap"):
        engine.resolve("tap-urdy", switches={"end": value})


def test_ruleset_missing_a_switch_or_naming_an_unknown_one():
    choices = engine.resolve("tap-urdy")
    partial = dict(choices)
    del partial["tap-urdy.capture"]
    with pytest.raises(ValueError, match=r"ruleset 'x': switch 'tap-urdy.capture' has no value; allowed: gap-any, gap-non-empty"):
        resolve_switches("tap-urdy", TAP.switches, ("x", partial))
    extra = dict(choices, **{"tap-urdy.grand-slam": "yes"})
    with pytest.raises(ValueError, match="names switch 'tap-urdy.grand-slam'"):
        resolve_switches("tap-urdy", TAP.switches, ("x", extra))


def test_unknown_ruleset_is_named_with_the_rulesets(tap_urdy_rulesets):
    with pytest.raises(ValueError, match=r"unknown ruleset 'nope' for tap-urdy; rulesets: .*" + tap_urdy_rulesets[0].id):
        engine.new_game("tap-urdy", ruleset="nope")


def test_cli_settings_are_split_by_the_one_parser_and_a_bare_switch_lists_its_options():
    assert dict(split_sets(["relay=next-hole", "end"], bare=True)) == {"relay": "next-hole", "end": None}
    with pytest.raises(ValueError, match="malformed"):
        split_sets(["=x"], bare=True)
    with pytest.raises(ValueError, match="malformed"):
        split_sets(["end"])
    with pytest.raises(ValueError, match=r"'tap-urdy.end' has no value; allowed: "):
        engine.resolve("tap-urdy", None, dict(split_sets(["end"], bare=True)))


def test_a_switch_declaration_is_checked():
    with pytest.raises(ValueError, match="default"):
        Switch("g.x", ("a", "b"), "c")
    with pytest.raises(ValueError, match="twice"):
        Switch("g.x", ("a", "a"), "a")


# --- the contract with the archive -------------------------------------------------------------

def test_engine_and_archive_switches_are_equal_option_by_option():
    archive = rulesets.load()
    shared = sorted(set(GAMES) & set(archive.games))
    assert "tap-urdy" in shared
    for game_id in shared:
        engine_side = {s.id: list(s.options) for s in GAMES[game_id].switches}
        archive_side = {s.id: [a.id for a in s.alternatives] for s in archive.games[game_id].switches}
        assert set(engine_side) == set(archive_side), game_id
        for switch_id, options in engine_side.items():
            assert sorted(options) == sorted(archive_side[switch_id]), switch_id


def test_switch_texts_are_the_archives():
    archive = rulesets.load()
    for game_id, rules in GAMES.items():
        records = {s.id: s for s in archive.games[game_id].switches}
        for s in rules.switches:
            record = records[s.id]
            assert s.summary == " ".join(record.question.split()) != ""
            labels = {a.id: " ".join(a.label.split()) for a in record.alternatives}
            assert s.option_summaries == tuple(labels[o] for o in s.options)


def test_engine_defaults_are_the_archives_default_ruleset(tap_urdy_rulesets):
    defaults = [r for r in tap_urdy_rulesets if r.default]
    assert len(defaults) == 1
    assert engine.resolve("tap-urdy") == defaults[0].choices


def test_every_archive_ruleset_resolves_to_its_choices(tap_urdy_rulesets):
    for r in tap_urdy_rulesets:
        assert engine.resolve("tap-urdy", ruleset=r.id) == r.choices


def test_every_archive_ruleset_plays_to_the_end(tap_urdy_rulesets):
    for r in tap_urdy_rulesets:
        game = engine.load_game("tap-urdy", ruleset=r.id)
        for seed in range(3):
            s = game.new_state(seed)
            play_out(s, RandomAgent(seed))
            assert s.is_terminal(), r.id
            res = s.result()
            assert res.ending in ("win", "draw", "endless", "unfinished")
            assert s.turns <= game.limits.turns and s.moves_made <= game.limits.moves
            assert sum(s.board()["a"]) + sum(s.board()["b"]) + sum(s.board()["captures"]) == 48


def test_ludii_ruleset_resolves_to_the_archives_choices(tap_urdy_rulesets):
    """The archive's ludii ruleset is pinned to rules.md in tests/schema/test_records.py; the
    engine must resolve it to exactly those choices."""
    (ludii,) = [r for r in tap_urdy_rulesets if r.id == "ludii"]
    assert engine.resolve("tap-urdy", ruleset="ludii") == ludii.choices
