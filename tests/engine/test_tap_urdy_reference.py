"""Tap-urdy's engine against an independent reference (``reference/tap_urdy.py``), in lockstep.

The reference plays the archive's switch descriptions (``data/games/tap-urdy.yaml``) naively, on a
list of twelve counts. Whole games under every ruleset of the archive, and random games under
random switch values from the start and from random positions (hypothesis), are played on both
side by side: at every decision the legal moves, the board and the captures, the player to move,
the turn, move and lap counts, and in the end the result and the scores must agree.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.archive import rulesets, switch_options
from reference.lockstep import examples, lockstep
from reference.tap_urdy import ROW, TapUrdy

import engine

GAME = "tap-urdy"
OPTIONS = switch_options(GAME)
switch_values = st.fixed_dictionaries({k: st.sampled_from(v) for k, v in OPTIONS.items()})
# Sparse and heavy holes both: empty rows, single counters, laps of twelve and more.
counts = st.lists(st.one_of(st.integers(0, 3), st.integers(0, 14)), min_size=ROW, max_size=ROW)


def from_start(switches: dict[str, str], seed: int, turn_limit: int = 2500, move_limit: int = 10000) -> int:
    game = engine.load_game(GAME, switches=switches, turn_limit=turn_limit, move_limit=move_limit)
    state = game.new_state(seed)
    ref = TapUrdy(switches, turn_limit, move_limit)
    ref.start(state.to_move - 1)  # the lot (first-player = lot) is drawn by the engine's seed
    return lockstep(state, ref, seed, GAME)


def test_every_archive_ruleset_agrees_with_the_reference_over_whole_games():
    for name, choices in rulesets(GAME).items():
        for seed in range(examples(8)):
            assert from_start(choices, seed) > 0, name


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(switches=switch_values, seed=st.integers(0, 2**63 - 1))
def test_random_games_agree_with_the_reference(switches, seed):
    from_start(switches, seed, turn_limit=200)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(switches=switch_values, a=counts, b=counts, captures=st.lists(st.integers(0, 30), min_size=2, max_size=2),
       to_move=st.sampled_from([1, 2]), seed=st.integers(0, 2**32))
def test_games_from_random_positions_agree_with_the_reference(switches, a, b, captures, to_move, seed):
    game = engine.load_game(GAME, switches=switches, turn_limit=200)
    state = game.state_from_position({"a": a, "b": b, "captures": captures, "to_move": to_move})
    ref = TapUrdy(switches, 200, 10000)
    ref.set_position(a, b, captures, to_move - 1)
    lockstep(state, ref, seed, GAME)


def test_the_lockstep_can_fail():
    """A reference one rule off (sowing every other hole) is caught at once."""

    class Off(TapUrdy):
        def next(self, h: int) -> int:
            return (h + 2 * self.step) % 12 if self.sw.get("_off") else super().next(h)

    switches = rulesets(GAME)["sources"]
    state = engine.load_game(GAME, switches=switches).new_state(0)
    ref = Off({**switches, "tap-urdy._off": "1"}, 2500, 10000)
    ref.start(state.to_move - 1)
    try:
        lockstep(state, ref, 0, "off")
    except AssertionError:
        return
    raise AssertionError("a wrong reference went unnoticed")
