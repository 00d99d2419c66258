"""Lobudök's engine against an independent reference (``reference/lobudok.py``), in lockstep.

The reference plays the archive's statements and switch descriptions (``data/games/lobudok.yaml``)
naively, on two lists of sixteen counts. Whole games under every ruleset of the archive, and random
games under random switch values from the start and from random positions (hypothesis; released
players, a relay's choice of lap and a pass already made included), are played on both side by
side: at every decision the legal moves, the board, who is released, the player to move, the turn,
move and lap counts, and in the end the result and the scores must agree.
"""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st
from reference.archive import rulesets
from reference.lobudok import CORNERS, HOLES, MIDDLE, Lobudok
from reference.lockstep import every_ruleset, random_games_test, random_positions_test
from reference.lockstep import switch_values as every_switch

import engine

GAME = "lobudok"
TURNS = 150


switch_values = every_switch(GAME)


def test_every_archive_ruleset_agrees_with_the_reference_over_whole_games():
    every_ruleset(GAME, Lobudok, rulesets(GAME), seeds=4)


test_random_games_agree_with_the_reference = random_games_test(GAME, Lobudok, switch_values, TURNS, 60)


@st.composite
def positions(draw):
    """Switch values and a position of the engine's position format for them."""
    switches = draw(switch_values)
    # Sparse boards (stuck players, last counters), middling and heavy ones.
    count = st.one_of(st.sampled_from([0, 0, 0, 1, 1, 2]), st.integers(0, 4), st.integers(0, 20))
    spec = {key: draw(st.lists(count, min_size=HOLES, max_size=HOLES)) for key in "ab"}
    if switches["lobudok.end"] == "capture-all":
        # A side stripped bare ends the game after the move that strips it: no such position is reached.
        assume(sum(spec["a"]) and sum(spec["b"]))
    spec["to_move"] = p = draw(st.sampled_from([1, 2]))
    mover = "ab"[p - 1]
    if switches["lobudok.release-permanent"] == "permanent":
        spec["released"] = draw(st.lists(st.booleans(), min_size=2, max_size=2))
    mid = draw(st.sampled_from(["start", "choice", "passed"]))
    if mid == "choice":
        assume(switches["lobudok.release-permanent"] == "per-turn"
               and switches["lobudok.restricted-sowing"] == "skip-corners")
        own = spec[mover]
        for k in MIDDLE:  # no middle hole holds two: the lap that ended in a corner chooses its kind
            own[k] = min(own[k], 1)
        corner = draw(st.sampled_from(sorted(CORNERS)))
        own[corner] = max(own[corner], 2)
        spec["relay_from"] = f"{mover}{corner + 1}"
        spec["turn_start"] = f"{mover}{draw(st.integers(1, HOLES))}"
    elif mid == "passed":
        spec["passes"] = 1
    return switches, spec


test_games_from_random_positions_agree_with_the_reference = random_positions_test(
    GAME, Lobudok, positions(), TURNS, 120)


def test_an_endless_probe_resows_from_the_hole_it_probes():
    """Whether b7 is a legal start must not depend on where the player's previous turn started."""
    switches = {"lobudok.restricted-sowing": "skip-corners", "lobudok.release": "reserve-holes",
                "lobudok.release-permanent": "per-turn", "lobudok.restricted-capture": "in-use-holes",
                "lobudok.resow-from": "move-start", "lobudok.after-resow": "relay", "lobudok.long-lap": "sow-origin",
                "lobudok.end": "capture-all",
                "lobudok.endless": "illegal"}
    game = engine.load_game(GAME, switches=switches)
    position = {"a": [0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0],
                "b": [0, 1, 0, 1, 1, 1, 2, 0, 0, 0, 1, 0, 2, 2, 0, 0], "to_move": 2}
    ref = Lobudok(switches, 2500, 10000)
    ref.set_position(position)
    assert ref.legal() == ["b7", "b13", "b14"]
    for k in range(1, HOLES + 1):  # the hole b's previous turn started from
        state = game.state_from_position({**position, "turn_start": f"b{k}"})
        assert state.legal_moves_text() == ["b7", "b13", "b14"], f"previous turn started from b{k}"
