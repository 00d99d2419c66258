"""Tsoro (Additional Capture)'s engine against an independent reference (``reference/tsoro.py``).

The reference plays the archive's statements and switch descriptions
(``data/games/tsoro-additional-capture.yaml``) naively, on two lists of counts. Whole games under
every ruleset of the archive, and random games under random switch values from the start and from
random positions (hypothesis; mid-turn positions included: extra captures due, a stop to decide,
misoro half chosen), are played on both side by side: at every decision the legal moves, the
board, the captures and misoro, the player to move, the turn, move and lap counts, and in the end
the result and the scores must agree.
"""

from __future__ import annotations

import pytest
from hypothesis import assume
from hypothesis import strategies as st
from reference.archive import rulesets
from reference.lockstep import every_ruleset, from_position, random_games_test, random_positions_test
from reference.lockstep import switch_values as every_switch
from reference.tsoro import Tsoro

import engine

GAME = "tsoro-additional-capture"
switch_values = every_switch(GAME)
TURNS = 150


def test_every_archive_ruleset_agrees_with_the_reference_over_whole_games():
    every_ruleset(GAME, Tsoro, rulesets(GAME), seeds=4)


test_random_games_agree_with_the_reference = random_games_test(GAME, Tsoro, switch_values, TURNS, 60)


@st.composite
def positions(draw):
    """Switch values and a position of the engine's position format for them."""
    switches = draw(switch_values)
    n = int(switches[f"{GAME}.holes"])
    # Sparse boards (stuck players, last counters), middling and heavy ones.
    count = st.one_of(st.sampled_from([0, 0, 0, 1, 1, 2]), st.integers(0, 5), st.integers(0, 3 * n))
    spec = {key: draw(st.lists(count, min_size=2 * n, max_size=2 * n)) for key in "ab"}
    if switches[f"{GAME}.end"] == "capture-all":
        # A side stripped bare ends the game after the move that strips it: no such position is reached.
        assume(sum(spec["a"]) and sum(spec["b"]))
    spec["captures"] = draw(st.lists(st.integers(0, 40), min_size=2, max_size=2))
    spec["to_move"] = p = draw(st.sampled_from([1, 2]))
    mover = "ab"[p - 1]
    if switches[f"{GAME}.heads"] == "immune":
        # Either every misoro chosen, or the choosing under way with the player to move choosing.
        outer = [f"{{}}{k}" for k in range(1, n + 1)]
        full = draw(st.booleans())
        mine = 2 if full else draw(st.integers(0, 1))
        theirs = 2 if full else (mine if p == 1 else mine + 1)
        spec["misoro"] = {
            mover: [h.format(mover) for h in draw(st.lists(st.sampled_from(outer), min_size=mine, max_size=mine,
                                                           unique=True))],
            "ba"[p - 1]: [h.format("ba"[p - 1]) for h in draw(st.lists(st.sampled_from(outer), min_size=theirs,
                                                                        max_size=theirs, unique=True))],
        }
        setup = not full
    else:
        setup = False
    mid = draw(st.sampled_from(["start", "extra", "stop", "passed"]))
    if mid == "extra" and not setup:
        spec["extra_captures"] = draw(st.integers(1, 3))
    elif mid == "stop" and not setup:
        stops = [f"{mover}{n}"] if switches[f"{GAME}.heads"] == "stop-hole" else spec.get("misoro", {}).get(mover, [])
        stops = [h for h in stops if spec[mover][int(h[1:]) - 1] >= 2]
        assume(stops)
        spec["stop_at"] = draw(st.sampled_from(stops))
    elif mid == "passed":
        spec["passes"] = 1
    return switches, spec


test_games_from_random_positions_agree_with_the_reference = random_positions_test(
    GAME, Tsoro, positions(), TURNS, 80)


@pytest.mark.parametrize("endless", ["end-game", "illegal"])
def test_an_endless_move_agrees_with_the_reference(endless):
    """A move from a5 here relays for ever (found by searching positions with the reference):
    under end-game it ends the game as endless, under illegal it is not a legal move."""
    switches = {**rulesets(GAME)["sources"], f"{GAME}.holes": "6", f"{GAME}.endless": endless}
    spec = {"a": [2, 1, 0, 1, 2, 2, 1, 0, 3, 0, 1, 0], "b": [1] * 6 + [0] * 6, "to_move": 1}
    opening = ("a5",) if endless == "end-game" else ()
    assert from_position(GAME, Tsoro, switches, spec, 0, TURNS, opening) > 0


@pytest.mark.parametrize("end,no_move,b_stuck,ending", [
    ("capture-all", "pass", False, None),
    ("capture-all", "pass", True, "draw"),
    ("capture-all", "lose", False, "win"),
    ("cannot-move", "pass", False, "win"),
])
def test_a_stuck_player_agrees_with_the_reference(end, no_move, b_stuck, ending):
    """Only single counters, each followed by an occupied hole: player 1 cannot move."""
    switches = {**rulesets(GAME)["sources"], f"{GAME}.holes": "6", f"{GAME}.end": end, f"{GAME}.no-move": no_move}
    spec = {"a": [1] * 12, "b": [1] * 12 if b_stuck else [2] * 6 + [0] * 6, "to_move": 1}
    assert from_position(GAME, Tsoro, switches, spec, 0, TURNS) >= 0
    state = engine.load_game(GAME, switches=switches).state_from_position(spec)
    if ending is None or ending == "draw":
        assert state.legal_moves_text() == ["pass"]
        state.apply("pass")
    if ending is not None:
        if ending == "draw":
            state.apply("pass")
        assert state.result().ending == ending
