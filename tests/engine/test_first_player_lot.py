"""first-player for Tsoro (Additional Capture) and Lobudök: no source says who starts, so it is a
switch, player 1 (Ludii's) or a lot drawn from the game's seed, the same in a step-by-step game and
in the compiled playouts."""

from __future__ import annotations

import numpy as np
import pytest

import engine
from engine.stats import FIRST, SEED

GAMES = ["tsoro-additional-capture", "lobudok"]


def first_movers(game_id: str, option: str, seeds: range) -> list[int]:
    game = engine.load_game(game_id, switches={"first-player": option})
    return [game.new_state(seed).to_move for seed in seeds]


@pytest.mark.parametrize("game_id", GAMES)
def test_player_1_always_starts(game_id):
    assert set(first_movers(game_id, "player-1", range(20))) == {1}


@pytest.mark.parametrize("game_id", GAMES)
def test_a_lot_lets_either_player_start_and_the_seed_decides(game_id):
    movers = first_movers(game_id, "lot", range(40))
    assert set(movers) == {1, 2}
    assert 10 <= movers.count(2) <= 30  # a fair lot: 40 draws, both sides well represented
    assert movers == first_movers(game_id, "lot", range(40))  # the same seeds, the same draws


@pytest.mark.parametrize("game_id", GAMES)
def test_the_player_drawn_makes_the_first_move(game_id):
    game = engine.load_game(game_id, switches={"first-player": "lot"})
    seed = next(s for s in range(40) if game.new_state(s).to_move == 2)
    state = game.new_state(seed)
    move = state.legal_moves_text()[0]
    assert move.startswith("b")  # player 2's holes are b1 .. b16 (or b1 .. b2N)
    state.apply(move)
    assert state.turns == 1 or state.to_move == 2  # a relay choice may keep the turn


@pytest.mark.parametrize("game_id", GAMES)
def test_compiled_playouts_draw_the_same_first_player(game_id):
    game = engine.load_game(game_id, switches={"first-player": "lot"})
    rows = game.rules.playouts(game.params, 7, 30)
    firsts = [int(r[FIRST]) for r in rows]
    assert firsts == [game.new_state(int(r[SEED])).to_move for r in rows]
    assert set(firsts) == {1, 2}
    player_1 = engine.load_game(game_id, switches={"first-player": "player-1"})
    assert set(np.asarray(player_1.rules.playouts(player_1.params, 7, 10))[:, FIRST]) == {1}


def test_tsoro_misoro_choice_starts_with_the_player_drawn():
    game = engine.load_game("tsoro-additional-capture", switches={"first-player": "lot", "heads": "immune"})
    seed = next(s for s in range(40) if game.new_state(s).to_move == 2)
    state = game.new_state(seed)
    for _ in range(4):  # the four misoro choices alternate, the player drawn first
        state.apply(state.legal_moves_text()[0])
    assert state.to_move == 2 and all(m.startswith("b") for m in state.legal_moves_text())


def test_tsoro_misoro_choice_drawn_to_player_2_round_trips_through_its_position():
    """Seed 3 draws player 2 to choose first: the start and every position while the misoro are
    chosen round-trip through their specs (the spec's counts of misoro say who chose first); under
    first-player = player-1, player 2 may not make the first choice."""
    game = engine.load_game("tsoro-additional-capture", switches={"first-player": "lot", "heads": "immune"})
    state = game.new_state(3)
    assert state.to_move == 2
    for _ in range(5):
        spec = state.position_spec()
        rebuilt = game.state_from_position(spec)
        assert rebuilt.position_spec() == spec and rebuilt.to_move == state.to_move
        assert rebuilt.legal_moves() == state.legal_moves()
        state.apply(state.legal_moves()[0])
    fixed = engine.load_game("tsoro-additional-capture", switches={"heads": "immune"})
    start = {**fixed.new_state(3).position_spec(), "to_move": 2}
    with pytest.raises(ValueError, match="misoro are chosen in turn, player 1 first; player 2 is not"):
        fixed.state_from_position(start)
