"""The turn limit's last turn (rule last_turn): played whole, or cut after its first lap as Ludii
ends a game at its turn limit (``Game.applyInternal``: the limit is tested after every move).

The `ludii` rulesets of the games with relay laps play Ludii's (their descriptions bind last_turn
to the ruleset: ``rulesets`` in ``data/sowing``); every other ruleset, and the same switch values
played without naming the ruleset, the whole turn. At reduced turn limits the engine plays in
lockstep with the independent references (which cut the last turn themselves), and the ludii
rulesets' last turns are seen cut where the whole turn has more laps.
"""

from __future__ import annotations

import pytest
from reference.archive import rulesets
from reference.lobudok import Lobudok
from reference.lockstep import LUDII_RULESETS, from_start
from reference.tap_urdy import TapUrdy
from reference.tsoro import Tsoro

import engine
from engine.agents import RandomAgent
from engine.mancala import description as described
from engine.mancala.rules import reading
from schema.sowing import RULESET, SowingDescription

REFERENCES = {"lobudok": Lobudok, "tap-urdy": TapUrdy, "tsoro-additional-capture": Tsoro}
LIMITS = tuple(range(2, 83, 8))  # 2, 10, ..., 82 turns


@pytest.mark.parametrize("game_id", sorted(REFERENCES))
def test_every_ruleset_agrees_with_the_reference_at_reduced_turn_limits(game_id):
    for name, choices in rulesets(game_id).items():
        for turn_limit in LIMITS:
            for seed in range(2):
                from_start(game_id, REFERENCES[game_id], choices, seed, turn_limit, ruleset=name)


@pytest.mark.parametrize("game_id", sorted(REFERENCES))
def test_every_ruleset_agrees_with_the_reference_at_reduced_move_limits(game_id):
    for name, choices in rulesets(game_id).items():
        for move_limit in (3, 9, 25):
            from_start(game_id, REFERENCES[game_id], choices, 7, move_limit=move_limit, ruleset=name)


def play(game_id: str, seed: int, turn_limit: int, ruleset: str | None, switches: dict[str, str] | None = None):
    """A random game (the agent seeded ``seed``); the state and the moves made before its last turn."""
    state = engine.new_game(game_id, ruleset, switches, seed, turn_limit=turn_limit)
    agent = RandomAgent(seed)
    before_last = 0
    while not state.is_terminal():
        if state.turns + 1 >= turn_limit and before_last == 0:
            before_last = state.moves_made
        state.apply(agent.choose(state))
    return state, before_last


@pytest.mark.parametrize("game_id", ["lobudok", "tap-urdy", "tsoro-additional-capture", "tsoro", "ryakati"])
def test_the_ludii_rulesets_last_turn_is_its_first_lap(game_id):
    """Under the ludii ruleset the last turn stops after one lap; the same switch values without the
    ruleset play it whole, and in some of these games that whole turn has more laps (Ryakati's sixth
    turn is its second player's relaying opening step: cut too)."""
    choices = rulesets(game_id)["ludii"]
    longer = 0
    for turn_limit in (6, *LIMITS):
        for seed in range(4):
            cut, before = play(game_id, seed, turn_limit, "ludii")
            whole, before_whole = play(game_id, seed, turn_limit, None, choices)
            played = [cut.move_to_text(m) for m in cut.history()]
            # the same decisions; the whole turn may go on to decisions of its own (extra captures, a stop)
            assert [whole.move_to_text(m) for m in whole.history()][:len(played)] == played
            if cut.result().ending != "unfinished":
                continue  # the rules ended the game before the limit: the same game either way
            assert before == before_whole and cut.turns == whole.turns == turn_limit
            assert cut.moves_made == before + 1, (turn_limit, seed)
            assert whole.moves_made >= cut.moves_made
            longer += whole.moves_made > cut.moves_made
    assert longer > 0, "no last turn of several laps: the test shows nothing"


def test_only_the_ludii_rulesets_bind_the_last_turn():
    for game_id in described.game_ids():
        d = described.load(game_id)
        for name in rulesets(game_id):
            value = reading(d, {**rulesets(game_id)[name], RULESET: name}).value("last_turn")
            assert value == ("first-lap" if name in LUDII_RULESETS and name in d.rulesets else "whole-turn")
            assert reading(d, rulesets(game_id)[name]).value("last_turn") == "whole-turn"
        relays = any(reading(d, c).value("relay") != "single" for c in rulesets(game_id).values())
        assert bool(d.rulesets) == (relays and "ludii" in rulesets(game_id)), game_id


def _description(**extra) -> dict:
    text = described.load("tap-urdy").model_dump(mode="json", exclude_defaults=False)
    return {**text, **extra}


@pytest.mark.parametrize("rulesets_field, message", [
    ({"ludii": {"relay": "single"}}, "rulesets.ludii sets 'relay'; a ruleset sets only last_turn"),
    ({"ludii": {"last_turn": "half-turn"}}, "last_turn"),
])
def test_a_ruleset_binding_names_what_is_wrong(rulesets_field, message):
    with pytest.raises(ValueError, match=message):
        d = SowingDescription.model_validate(_description(rulesets=rulesets_field))
        reading(d, {RULESET: "ludii"})


def test_a_game_without_the_binding_pays_nothing_for_it():
    """The rule's slot is a constant of a description no ruleset binds it in, and the specialiser folds
    the rule away (its helper is not even called); where a ruleset binds it, the slot stays a parameter."""
    import inspect

    from engine.games import GAMES
    from engine.mancala import layout
    from engine.mancala.machine import turn
    from engine.specialise import specialise_source

    source = inspect.getsource(turn)
    assert "machine.last_turn_budget(" in source
    for game_id in ("kalah", "oware", "toguz-kumalak"):
        rules = GAMES[game_id]
        assert layout.P_LAST_TURN in rules.constant_slots, game_id
        folded = specialise_source(source, dict(rules.combination[1]), vars(turn))
        assert "machine.last_turn_budget(" not in folded, game_id
    assert layout.P_LAST_TURN not in GAMES["tap-urdy"].constant_slots
    assert layout.F_LAST_TURN not in GAMES["lobudok"].constant_slots
