"""Both four-row games (Tsoro (Additional Capture), Lobudök) through the game-independent API:
property tests over random positions and switch values, the compiled playout loop against the
Python API, rollouts, traced moves, the evaluation, and every archive ruleset played to the end."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import rulesets, stats
from engine.agents import RandomAgent, play_out
from engine.games import GAMES
from engine.mancala import fourrow
from engine.playout import run
from engine.replay import replay
from engine.result import ENDINGS
from engine.rng import batch_seed

TSORO = "tsoro-additional-capture"
LOBUDOK = "lobudok"
GAMES_4 = (TSORO, LOBUDOK)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def total(state) -> int:
    b = state.board()
    return sum(b["a"]) + sum(b["b"]) + sum(b.get("captures", [0, 0]))


def cells(state) -> list[int]:
    b = state.board()
    return b["a"] + b["b"] + b.get("captures", [])


def expected_total(game_id: str, switches: dict[str, str]) -> int:
    return 4 * int(switches[f"{TSORO}.holes"]) if game_id == TSORO else 64


# --- random positions ----------------------------------------------------------------------------

@st.composite
def tsoro_cases(draw):
    switches = draw(st.fixed_dictionaries({s.id: st.sampled_from(s.options) for s in GAMES[TSORO].switches}))
    n = int(switches[f"{TSORO}.holes"])
    cells_ = draw(st.lists(st.integers(0, 4 * n + 1), min_size=4 * n, max_size=4 * n))
    counts = np.bincount(cells_, minlength=4 * n + 2).tolist()
    spec = {"a": counts[:2 * n], "b": counts[2 * n:4 * n], "captures": counts[4 * n:], "to_move": draw(st.sampled_from([1, 2]))}
    if switches[f"{TSORO}.heads"] == "immune":
        spec["misoro"] = {k: [f"{k}{i + 1}" for i in draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=2, unique=True))]
                          for k in ("a", "b")}
    return switches, spec


@st.composite
def lobudok_cases(draw):
    switches = draw(st.fixed_dictionaries({s.id: st.sampled_from(s.options) for s in GAMES[LOBUDOK].switches}))
    cells_ = draw(st.lists(st.integers(0, 31), min_size=64, max_size=64))
    counts = np.bincount(cells_, minlength=32).tolist()
    spec = {"a": counts[:16], "b": counts[16:], "to_move": draw(st.sampled_from([1, 2]))}
    if switches[f"{LOBUDOK}.release-permanent"] == "permanent":
        spec["released"] = [draw(st.booleans()), draw(st.booleans())]
    return switches, spec


CASES = {TSORO: tsoro_cases(), LOBUDOK: lobudok_cases()}


def _check_legal_and_conserved(game_id, case):
    switches, spec = case
    s = engine.load_game(game_id, switches=switches).state_from_position(spec)
    want = expected_total(game_id, switches)
    assert total(s) == want
    legal = s.legal_moves()
    assert legal == sorted(legal) and len(set(legal)) == len(legal)
    for move in legal:
        c = s.child(move)
        assert total(c) == want and min(cells(c)) >= 0
        assert c.history() == [move] and c.moves_made >= 1
        assert c.is_terminal() or (c.to_move in (1, 2) and c.legal_moves() == sorted(c.legal_moves()))
    names = {s.move_to_text(m) for m in legal}
    probe = [fourrow.hole_move(p, i) for p in (0, 1) for i in range(16)] + [fourrow.PASS, fourrow.STOP]
    for move in probe:
        if move not in legal:
            with pytest.raises(ValueError, match="illegal move"):
                s.clone().apply(move)
    assert all(s.text_to_move(t) in legal for t in names)


@SETTINGS
@given(case=tsoro_cases())
def test_tsoro_every_legal_move_applies_and_conserves_counters(case):
    _check_legal_and_conserved(TSORO, case)


@SETTINGS
@given(case=lobudok_cases())
def test_lobudok_every_legal_move_applies_and_conserves_counters(case):
    _check_legal_and_conserved(LOBUDOK, case)


def _check_played_out(game_id, case, turns, moves, agent):
    switches, spec = case
    game = engine.load_game(game_id, switches=switches, turn_limit=turns, move_limit=moves)
    s = game.state_from_position(spec)
    play_out(s, RandomAgent(agent))
    res = s.result()
    assert res is not None and res.ending in ENDINGS
    assert s.turns <= turns and s.moves_made <= moves
    if res.ending == "win":
        assert res.scores[res.winner - 1] == 1 and res.scores[2 - res.winner] == 0
    else:
        assert res.scores == (0, 0)
    if res.ending == "endless":
        assert switches[f"{game_id}.endless"] == "end-game"
    assert total(s) == expected_total(game_id, switches) and min(cells(s)) >= 0
    again = replay(s.record().to_json())
    assert again.same_as(s) and again.result() == res


@SETTINGS
@given(case=tsoro_cases(), turns=st.integers(1, 60), moves=st.integers(1, 300), agent=st.integers(0, 10**6))
def test_tsoro_games_end_within_the_limits_and_replay(case, turns, moves, agent):
    _check_played_out(TSORO, case, turns, moves, agent)


@SETTINGS
@given(case=lobudok_cases(), turns=st.integers(1, 60), moves=st.integers(1, 300), agent=st.integers(0, 10**6))
def test_lobudok_games_end_within_the_limits_and_replay(case, turns, moves, agent):
    _check_played_out(LOBUDOK, case, turns, moves, agent)


# --- every ruleset of the archive ----------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES_4)
def test_engine_defaults_are_the_archives_default_ruleset(game_id):
    defaults = [r for r in rulesets.rulesets(game_id) if r.default]
    assert len(defaults) == 1 and engine.resolve(game_id) == defaults[0].choices


@pytest.mark.parametrize("game_id", GAMES_4)
def test_every_archive_ruleset_plays_to_the_end(game_id):
    for r in rulesets.rulesets(game_id):
        assert engine.resolve(game_id, ruleset=r.id) == r.choices
        game = engine.load_game(game_id, ruleset=r.id)
        for seed in range(3):
            s = game.new_state(seed)
            play_out(s, RandomAgent(seed))
            assert s.is_terminal(), r.id
            assert s.result().ending in ENDINGS
            assert s.turns <= game.limits.turns and s.moves_made <= game.limits.moves
            assert total(s) == expected_total(game_id, r.choices)


# --- the compiled loop is the Python API ---------------------------------------------------------

SWITCH_SETS = [
    (TSORO, {}), (TSORO, {"heads": "immune", "extra-captures": "3", "holes": "6"}),
    (TSORO, {"heads": "stop-hole", "end": "cannot-move", "endless": "illegal", "holes": "21"}),
    (TSORO, {"singleton-capture": "no", "no-move": "lose", "extra-captures": "1"}),
    (LOBUDOK, {}), (LOBUDOK, {"release-permanent": "per-turn", "end": "cannot-move", "release": "all-holes",
                              "restricted-capture": "unrestricted"}),
    (LOBUDOK, {"restricted-sowing": "start-only", "resow-from": "move-start", "after-resow": "relay",
               "end": "cannot-move", "endless": "illegal"}),
]


def _occupied(state) -> set[tuple[str, int]]:
    b = state.board()
    return {(k, i) for k in ("a", "b") for i, c in enumerate(b[k]) if c}


def _sown(event: dict, holes: int) -> set[tuple[str, int]]:
    """The holes a traced lap or re-sowing put counters in (corners passed over when restricted)."""
    name = event.get("from") or event["after"]
    skip = {0, 7, 8, 15} if event.get("restricted") else set()
    p, out = int(name[1:]) - 1, set()
    left = event["count"]
    while left:
        p = (p + 1) % holes
        if p not in skip:
            out.add((name[0], p))
            left -= 1
    return out


@pytest.mark.parametrize("game_id, switches", SWITCH_SETS)
def test_compiled_playouts_are_the_python_api_games(game_id, switches):
    # moves of at most 2000 laps, so that no trace (4096 events) is cut short
    game = engine.load_game(game_id, switches=switches, turn_limit=300, move_limit=2000)
    games = 8
    rows = run(game, games, 2024)
    assert rows.shape == (games, stats.N_COLUMNS)
    holes = len(game.new_state().board()["a"])
    for i in range(games):
        seed = batch_seed(2024, i)
        s = game.new_state(seed)
        first = s.to_move
        agent = RandomAgent(seed)
        decisions = choices = legal_sum = 0
        covered = _occupied(s)  # at the start, then every hole a lap sows (Ludii: each lap is a move)
        laps = 0
        while not s.is_terminal():
            n = len(s.legal_moves())
            decisions, choices, legal_sum = decisions + 1, choices + (n > 1), legal_sum + n
            for e in s.apply_traced(agent.choose(s)):
                if e["kind"] in ("lap", "resow"):
                    laps += 1
                    covered |= _sown(e, holes)
        result = s.result()
        status = {"win": 1, "draw": 1, "endless": 2, "unfinished": 3}[result.ending]
        assert rows[i].tolist() == [
            status, *s.scores(), s.turns, s.moves_made, first, seed,
            decisions, choices, legal_sum, len(covered), 2 * holes, laps, result.winner or 0,
        ], i


@pytest.mark.parametrize("game_id, switches", SWITCH_SETS)
def test_traced_moves_are_the_same_moves(game_id, switches):
    game = engine.load_game(game_id, switches=switches)
    plain = game.new_state(3)
    traced = plain.clone()
    agent = RandomAgent(3)
    for _ in range(40):
        if plain.is_terminal():
            break
        move = agent.choose(plain)
        before = plain.board()
        plain.apply(move)
        events = traced.apply_traced(move)
        assert traced.same_as(plain)
        assert events, plain.move_to_text(move)
        if not plain.is_terminal() or plain.result().ending != "endless":
            assert events[-1]["board"] == plain.board()
        laps = [e for e in events if e["kind"] == "lap"]
        if laps:
            assert laps[0]["from"] == plain.move_to_text(move).rstrip("+")
            assert laps[0]["count"] == before["a" if laps[0]["from"][0] == "a" else "b"][int(laps[0]["from"][1:]) - 1]


def test_a_traced_lobudok_move_lists_laps_captures_and_the_resowing():
    s = engine.new_game(LOBUDOK, ruleset="ludii")
    events = s.apply_traced("a7")
    kinds = [(e["kind"], e.get("from") or e.get("hole") or e.get("after"), e.get("count"), e.get("last")) for e in events]
    assert kinds == [("lap", "a7", 6, "a15"), ("lap", "a15", 7, "a10"), ("lap", "a10", 2, "a12"), ("lap", "a12", 2, "a14"),
                     ("capture", "b6", 1, None), ("capture", "b11", 1, None), ("resow", "a12", 2, "a14")]
    assert all(e["restricted"] for e in events if e["kind"] in ("lap", "resow"))


def test_a_traced_tsoro_move_lists_laps_and_the_column_capture():
    game = engine.load_game(TSORO)
    s = game.state_from_position({"a": [0] * 6 + [2, 0] + [0] * 7 + [1], "b": [2, 0, 0, 0, 4, 0, 0, 1, 0, 1] + [0] * 5 + [3],
                                  "captures": [9, 9], "to_move": 1})
    events = s.apply_traced("a7")
    assert [(e["kind"], e.get("from") or e.get("hole"), e["count"]) for e in events] == [
        ("lap", "a7", 2), ("capture", "b16", 3), ("capture", "b1", 2)]
    extra = s.apply_traced("b5")
    assert extra == [{"kind": "capture", "hole": "b5", "count": 4, "player": 1, "extra": True, "board": s.board()}]


@pytest.mark.parametrize("game_id", GAMES_4)
def test_evaluate_is_material_for_player_one_and_the_result_at_the_end(game_id):
    game = engine.load_game(game_id)
    s = game.new_state()
    assert game.rules.evaluate(game.params, s._st) == 0.0
    s.apply(s.legal_moves()[0])
    b = s.board()
    assert game.rules.evaluate(game.params, s._st) == float(sum(b["a"]) - sum(b["b"]))
    play_out(s, RandomAgent(1))
    if s.result().ending == "win":
        assert game.rules.evaluate(game.params, s._st) == (1000.0 if s.result().winner == 1 else -1000.0)
