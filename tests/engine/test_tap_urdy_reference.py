"""Tap-urdy's engine against an independent reference (``reference/tap_urdy.py``), in lockstep.

The reference plays the archive's switch descriptions (``data/games/tap-urdy.yaml``) naively, on a
list of twelve counts. Whole games under every ruleset of the archive, and random games under
random switch values from the start and from random positions (hypothesis), are played on both
side by side: at every decision the legal moves, the board and the captures, the player to move,
the turn, move and lap counts, and in the end the result and the scores must agree.
"""

from __future__ import annotations

import pytest
from hypothesis import strategies as st
from reference.archive import rulesets
from reference.lockstep import every_ruleset, from_position, lockstep, random_games_test, random_positions_test
from reference.lockstep import switch_values as every_switch
from reference.tap_urdy import ROW, TapUrdy

import engine

GAME = "tap-urdy"
switch_values = every_switch(GAME)
# Sparse and heavy holes both: empty rows, single counters, laps of twelve and more.
counts = st.lists(st.one_of(st.sampled_from([0, 0, 0, 1, 1, 2]), st.integers(0, 3), st.integers(0, 14)),
                  min_size=ROW, max_size=ROW)


def test_every_archive_ruleset_agrees_with_the_reference_over_whole_games():
    every_ruleset(GAME, TapUrdy, rulesets(GAME), seeds=8)  # the lot (first-player = lot) by the engine's seed


test_random_games_agree_with_the_reference = random_games_test(GAME, TapUrdy, switch_values, 200, 150)
positions = st.tuples(switch_values, st.fixed_dictionaries({
    "a": counts, "b": counts, "captures": st.lists(st.integers(0, 30), min_size=2, max_size=2),
    "to_move": st.sampled_from([1, 2])}))
test_games_from_random_positions_agree_with_the_reference = random_positions_test(GAME, TapUrdy, positions, 200, 200)


@pytest.mark.parametrize("endless", ["end-game", "illegal"])
def test_an_endless_move_agrees_with_the_reference(endless):
    """A move from b5 here relays for ever (found by searching positions with the reference):
    under end-game it ends the game as endless, under illegal it is not a legal move."""
    switches = {"tap-urdy.start": "own-row", "tap-urdy.relay-condition": "next-non-empty",
                "tap-urdy.capture": "gap-non-empty", "tap-urdy.end": "cannot-move", "tap-urdy.endless": endless}
    switches = {k: switches.get(k, v) for k, v in rulesets(GAME)["sources"].items()}
    spec = {"a": [1, 0, 2, 4, 0, 2], "b": [1, 3, 2, 5, 4, 2], "captures": [0, 0], "to_move": 2}
    opening = ("b5",) if endless == "end-game" else ()
    assert from_position(GAME, TapUrdy, switches, spec, 0, 200, opening) > 0
    state = engine.load_game(GAME, switches=switches).state_from_position(spec)
    assert ("b5" in state.legal_moves_text()) == (endless == "end-game")


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
