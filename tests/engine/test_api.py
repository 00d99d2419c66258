"""The game-independent API: creating games, notation, illegal moves, clones, records, the agent."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

import engine
from engine import stats
from engine.agents import RandomAgent, play_out
from engine.games import GAMES
from engine.playout import run, simulate
from engine.record import GameRecord
from engine.replay import replay
from engine.rng import batch_seed


def test_engine_version_and_registry():
    assert re.fullmatch(r"[0-9a-f]{16}", engine.ENGINE_FINGERPRINT)
    assert "tap-urdy" in GAMES


def test_unknown_game_is_named_with_the_games():
    with pytest.raises(ValueError, match=r"unknown game 'chaturanga'.*tap-urdy"):
        engine.new_game("chaturanga")


def test_start_position_and_legal_moves_are_sorted():
    s = engine.new_game("tap-urdy", switches={"first-player": "player-1"})
    assert s.board() == {"a": [4] * 6, "b": [4] * 6, "captures": [0, 0]}
    assert s.legal_moves() == sorted(s.legal_moves())
    assert s.legal_moves_text() == ["b1", "b2", "b3", "b4", "b5", "b6"]
    assert s.to_move == 1 and not s.is_terminal() and s.result() is None and s.history() == []


@pytest.mark.parametrize("text", ["a1", "a6", "b1", "b6", "B3", " a2 "])
def test_notation_round_trips(text):
    s = engine.new_game("tap-urdy")
    move = s.text_to_move(text)
    assert s.move_to_text(move) == text.strip().lower()


@pytest.mark.parametrize("text", ["c1", "a0", "a7", "b12", "", "1", "a", "a01", "aa"])
def test_malformed_notation_raises_naming_it(text):
    s = engine.new_game("tap-urdy")
    with pytest.raises(ValueError, match=f"unknown move {text!r}"):
        s.text_to_move(text)


def test_illegal_move_raises_naming_it_and_the_legal_moves():
    s = engine.new_game("tap-urdy", switches={"first-player": "player-1"})
    with pytest.raises(ValueError, match=r"illegal move 'a1' \(legal moves: b1, b2, b3, b4, b5, b6\)"):
        s.apply("a1")
    with pytest.raises(ValueError, match="illegal move"):
        s.apply(0)
    with pytest.raises(ValueError, match="unknown move"):
        s.apply(1.5)  # type: ignore[arg-type]
    assert s.history() == []


def test_a_refusal_lists_the_legal_moves_of_its_position():
    """A refused move's message lists the legal moves where it was tried: the same list while the
    position stands (State keeps it), the new position's once a move, by apply or apply_traced, changed it."""
    s = engine.new_game("tap-urdy", switches={"first-player": "player-1"})
    for _ in range(2):
        with pytest.raises(ValueError, match=r"illegal move 'a1' \(legal moves: b1, b2, b3, b4, b5, b6\)"):
            s.apply("a1")
    for play in (s.apply, s.apply_traced):
        play(s.legal_moves()[0])
        legal = s.legal_moves_text()
        refused = next(m for m in range(12) if m not in s.legal_moves())
        with pytest.raises(ValueError) as e:
            s.apply(refused)
        assert str(e.value) == f"illegal move {s.move_to_text(refused)!r} (legal moves: {', '.join(legal)})"
    assert len(s.history()) == 2


def test_apply_takes_ints_and_notation_alike():
    a = engine.new_game("tap-urdy", seed=4)
    b = engine.new_game("tap-urdy", seed=4)
    move = a.legal_moves()[2]
    a.apply(move)
    b.apply(b.move_to_text(move))
    assert a.same_as(b)


def test_clone_is_independent():
    s = engine.new_game("tap-urdy", seed=1)
    c = s.clone()
    c.apply(c.legal_moves()[0])
    assert s.history() == [] and len(c.history()) == 1
    assert not s.same_as(c)


def test_record_replays_to_the_same_state_and_checks_the_result():
    s = engine.new_game("tap-urdy", ruleset=None, switches={"relay": "next-hole"}, seed=11)
    play_out(s, RandomAgent(5))
    rec = s.record()
    data = json.loads(rec.to_json())
    assert data["game"] == "tap-urdy" and data["engine_version"] == engine.ENGINE_FINGERPRINT
    assert data["switches"]["tap-urdy.relay"] == "next-hole" and len(data["switches"]) == 11
    assert data["seed"] == 11 and data["limits"] == {"turns": 2500, "moves": 10000}
    assert data["result"] == s.result().to_dict()
    assert replay(rec.to_json()).same_as(s)
    data["result"]["scores"] = [99, 0]
    with pytest.raises(ValueError, match="replay gives"):
        replay(data)


def test_record_of_a_set_up_position_keeps_the_start():
    game = engine.load_game("tap-urdy")
    s = game.state_from_position({"a": [1, 1, 1, 1, 1, 1], "b": [2, 0, 1, 0, 3, 1], "captures": [0, 35], "to_move": 1})
    s.apply("b1")
    assert replay(GameRecord.from_json(s.record().to_json())).same_as(s)


def test_malformed_records_raise():
    with pytest.raises(ValueError, match="must be JSON"):
        replay("{not json")
    with pytest.raises(ValueError, match="lacks"):
        replay({"game": "tap-urdy"})
    rec = engine.new_game("tap-urdy").record().to_dict()
    rec["moves"] = ["z9"]
    with pytest.raises(ValueError, match=r"record move 1 \('z9'\)"):
        replay(rec)
    rec = engine.new_game("tap-urdy").record().to_dict()
    del rec["switches"]["tap-urdy.relay"]
    with pytest.raises(ValueError, match="tap-urdy.relay"):
        replay(rec)


def test_seeds_must_be_non_negative_integers():
    for bad in (-1, 2**63, "3", 1.0, True):
        with pytest.raises(ValueError, match="seed"):
            engine.new_game("tap-urdy", seed=bad)  # type: ignore[arg-type]


def test_random_agent_is_deterministic_and_uniform():
    s = engine.new_game("tap-urdy", switches={"first-player": "player-1"})
    picks = [RandomAgent(seed).choose(s) for seed in range(600)]
    assert picks == [RandomAgent(seed).choose(s) for seed in range(600)]
    counts = np.bincount(picks, minlength=12)[6:]
    assert counts.min() > 60  # 100 expected for each of the 6 moves


@pytest.mark.parametrize("switches", [{}, {"endless": "illegal", "end": "cannot-move"}, {"start": "own-row", "relay": "next-hole"}])
def test_compiled_playouts_are_the_python_api_games(switches):
    game = engine.load_game("tap-urdy", switches=switches)
    rows = run(game, 12, 2024)
    assert rows.shape == (12, stats.N_COLUMNS)
    for i in range(12):
        seed = batch_seed(2024, i)
        s = game.new_state(seed)
        first = s.to_move
        agent = RandomAgent(seed)
        decisions = choices = legal_sum = 0
        covered = {h for h, c in enumerate(s.board()["a"] + s.board()["b"]) if c}
        while not s.is_terminal():
            n = len(s.legal_moves())
            decisions, choices, legal_sum = decisions + 1, choices + (n > 1), legal_sum + n
            for event in s.apply_traced(agent.choose(s)):  # Ludii's states: after every lap
                if event["kind"] == "lap":
                    covered |= {h for h, c in enumerate(event["board"]["a"] + event["board"]["b"]) if c}
        result = s.result()
        status = {"win": 1, "draw": 1, "endless": 2, "unfinished": 3}[result.ending]
        expected = [
            status, *s.scores(), s.turns, s.moves_made, first, seed,
            decisions, choices, legal_sum, len(covered), 12, s.moves_made, result.winner or 0,
        ]
        assert rows[i].tolist() == expected
        assert s.stats_row().tolist() == expected  # the API's own count: the same kernels


def test_simulate_is_reproducible():
    game = engine.load_game("tap-urdy", switches={"first-player": "lot"})
    a, b = simulate(game, 300, 9).to_dict(), simulate(game, 300, 9).to_dict()
    for d in (a, b):
        d.pop("seconds"), d.pop("playouts_per_second")
    assert a == b
    assert a["p1_wins"] + a["p2_wins"] + a["draws"] + a["unfinished"] == 300
    assert a["endless"] <= a["unfinished"]


def test_limits_stop_games_unfinished():
    game = engine.load_game("tap-urdy", turn_limit=5)
    s = game.new_state(1)
    play_out(s, RandomAgent(1))
    assert s.result().ending == "unfinished" and s.turns == 5 and s.result().winner is None
    game = engine.load_game("tap-urdy", move_limit=7)
    s = game.new_state(1)
    play_out(s, RandomAgent(1))
    assert s.result().ending == "unfinished" and s.moves_made == 7
    with pytest.raises(ValueError, match="limit"):
        engine.load_game("tap-urdy", turn_limit=0)


def test_traced_move_is_the_same_move_with_its_laps_and_captures():
    """Ludii's first move b1 from the start (worked by hand): 4 laps, then b3 captured for 5."""
    plain = engine.new_game("tap-urdy", ruleset="ludii")
    traced = plain.clone()
    plain.apply("b1")
    events = traced.apply_traced("b1")
    assert traced.same_as(plain)
    laps = [e for e in events if e["kind"] == "lap"]
    captures = [e for e in events if e["kind"] == "capture"]
    assert len(laps) == 4 and laps[0]["from"] == "b1" and laps[0]["count"] == 4
    assert captures == [{"kind": "capture", "hole": "b3", "count": 5, "player": 1, "board": plain.board()}]
    assert events[-1]["board"] == plain.board()
    for lap, after in zip(laps, laps[1:]):
        assert after["from"] == lap["last"]  # take-up-last: the next lap starts where the last ended


def test_evaluate_is_player_one_minus_player_two():
    game = engine.load_game("tap-urdy", ruleset="ludii")
    s = game.state_from_position({"a": [1, 0, 0, 0, 0, 2], "b": [0, 0, 3, 0, 0, 0], "captures": [20, 22]})
    assert game.rules.evaluate(game.params, s._st) == (20 + 3) - (22 + 3)
