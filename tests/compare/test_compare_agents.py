"""The agents: specs, determinism, greedy's capture, alpha-beta depth 1 against greedy, UCT."""

from __future__ import annotations

import re

import pytest

import engine
from engine.agents import (AgentSpec, AlphaBetaAgent, GreedyAgent, RandomAgent, UCTAgent, make_agent,
                           parse_agent, play_out)


@pytest.mark.parametrize(("spec", "parsed"), [
    ("random", AgentSpec("random")), ("greedy", AgentSpec("greedy")), ("uct:200", AgentSpec("uct", 200)),
    ("alphabeta:3", AgentSpec("alphabeta", 3)), (" UCT:5 ", AgentSpec("uct", 5)),
])
def test_agent_specs_parse(spec, parsed):
    assert parse_agent(spec) == parsed
    assert str(parsed) == spec.strip().lower()


@pytest.mark.parametrize("spec", ["", "smart", "uct", "uct:", "uct:0", "uct:-3", "uct:x", "uct:010",
                                  "alphabeta", "alphabeta:0", "greedy:2", "random:1", "mcts:100"])
def test_bad_agent_specs_are_named(spec):
    with pytest.raises(ValueError, match=f"agent {re.escape(repr(spec))}"):
        parse_agent(spec)


def test_bad_spec_message_names_the_spec():
    with pytest.raises(ValueError, match=r"unknown agent 'smart'; agents: random, greedy, uct:ITERATIONS, uct:ITERATIONS:DEPTH, alphabeta:DEPTH"):
        make_agent("smart")
    with pytest.raises(ValueError, match=r"bad agent 'uct:0': uct needs a positive integer iterations"):
        make_agent("uct:0")


def _game(spec_a: str, spec_b: str, seed: int, ruleset: str = "sources"):
    state = engine.new_game("tap-urdy", ruleset=ruleset, seed=seed)
    agents = (make_agent(spec_a, seed), make_agent(spec_b, seed + 1))
    while not state.is_terminal():
        state.apply(agents[state.to_move - 1].choose(state))
    return state.history(), state.result()


@pytest.mark.parametrize("spec", ["random", "greedy", "uct:30", "alphabeta:2"])
def test_agents_are_deterministic_given_a_seed(spec):
    assert _game(spec, "random", 4) == _game(spec, "random", 4)


def test_random_agent_seeds_differ():
    assert _game("random", "random", 1)[0] != _game("random", "random", 2)[0]


def _capture_position(**switches: str):
    """Player 1 to move; b1 sows into occupied b2 with b3 empty: it captures b4's 5 counters.
    b2 ends in empty b3 and b4 ends in empty a3: no capture."""
    game = engine.load_game("tap-urdy", switches={"first-player": "player-1", **switches})
    return game.state_from_position({"a": [1, 1, 0, 1, 1, 1], "b": [1, 1, 0, 5, 0, 0], "captures": [10, 20],
                                     "to_move": 1})


def test_greedy_takes_the_capture():
    s = _capture_position()
    assert s.legal_moves_text() == ["b1", "b2", "b4"]
    assert s.child("b1").scores() == (15, 20)  # the capture, checked on the board
    assert [s.move_to_text(m) for m in GreedyAgent(0).best_moves(s)] == ["b1"]
    for seed in range(5):
        assert s.move_to_text(GreedyAgent(seed).choose(s)) == "b1"


def test_greedy_sees_from_the_movers_side():
    """Player 2 (sowing player 1's row) captures a4's 5 counters with a1; evaluate is player 1's view."""
    game = engine.load_game("tap-urdy", switches={"first-player": "player-1"})
    s = game.state_from_position({"a": [1, 1, 0, 5, 0, 0], "b": [1, 1, 0, 1, 1, 1], "captures": [20, 10], "to_move": 2})
    assert s.legal_moves_text() == ["a1", "a2", "a4"]
    assert s.child("a1").scores() == (20, 15)
    assert [s.move_to_text(m) for m in GreedyAgent(0).best_moves(s)] == ["a1"]
    assert [s.move_to_text(m) for m in AlphaBetaAgent(1).best_moves(s)] == ["a1"]


def test_alphabeta_depth_1_chooses_among_greedys_moves():
    for seed in range(6):
        state = engine.new_game("tap-urdy", ruleset="ludii", seed=seed)
        walker = RandomAgent(seed)
        for _ in range(30):
            if state.is_terminal():
                break
            assert AlphaBetaAgent(1).best_moves(state) == GreedyAgent(0).best_moves(state)
            state.apply(walker.choose(state))


def test_alphabeta_looks_ahead():
    """Depth 2 sees the reply: from the capture position, b1 still wins most material."""
    s = _capture_position()
    assert [s.move_to_text(m) for m in AlphaBetaAgent(2).best_moves(s)] == ["b1"]
    with pytest.raises(ValueError, match="depth"):
        AlphaBetaAgent(0)


def test_uct_finds_the_capture_and_refuses_a_bad_budget():
    s = _capture_position()
    assert s.move_to_text(UCTAgent(400, 1).choose(s)) == "b1"
    with pytest.raises(ValueError, match="iterations"):
        UCTAgent(0)


def test_agents_refuse_a_finished_game():
    state = play_out(engine.new_game("tap-urdy", seed=3), RandomAgent(3))
    for spec in ("random", "greedy", "uct:10", "alphabeta:2"):
        with pytest.raises(ValueError, match="game is over"):
            make_agent(spec).choose(state)
