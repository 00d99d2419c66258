"""The measures on hand-made outcome lists: exact values, and which measures a run reports."""

from __future__ import annotations

import numpy as np
import pytest

import engine
from engine.compare.measures import MEASURES, measure_keys, measure_variants


def test_every_measure_on_a_hand_made_list(hand_rows):
    m = measure_variants([hand_rows])[0]
    expected = {
        "advantage_p1": 4.5 / 8,  # first mover: won 3, lost 2, three halves (draw, limit, endless)
        "balance": 0.875,  # 1 - |0.5625 - 0.4375|
        "balance_finished": 1 - abs(2 * 3.5 / 6 - 1),  # six finished games: 3 won, 2 lost, 1 drawn by the rules
        "completion": 5 / 8,
        "drawishness": 1 / 8,  # the draw only, not the limit or the endless game
        "timeouts": 1 / 8,
        "endless": 1 / 8,
        "repetitions": 0.0,
        "outcome_uniformity": 1 - (5 / 8 - (1 / 8) ** 2),  # results 1,1,1,-1,-1,0,0,0
        "duration_turns": 45.0,
        "duration_turns_sd": 10 * np.sqrt(6),  # 10..80, ddof 1
        "duration_turns_median": 45.0,
        "duration_moves": 52.5,
        "decision_moves": 4.25 / 8,
        "branching_factor": 2.5,
        "board_coverage": 7.25 / 8,
        "laps_per_move": 10.5 / 8,
        "agent_score": 0.5,
    }
    assert set(m) == {x.key for x in MEASURES}
    for key, value in expected.items():
        assert m[key].value == pytest.approx(value, abs=1e-12), key
        if m[key].low is not None:
            assert m[key].low <= m[key].value + 1e-12 and m[key].value <= m[key].high + 1e-12, key


def test_balance_over_finished_games_leaves_out_the_unfinished(make_row):
    from engine.result import UNFINISHED

    # The first mover wins the one finished game; nine games stop at the limit. Balance counts the
    # nine as halves and looks fair; over the finished games the reading is one-sided.
    rows = np.stack([make_row(winner=1)] + [make_row(status=UNFINISHED, winner=0)] * 9)
    m = measure_variants([rows], ["balance", "balance_finished"])[0]
    assert m["balance"].value == pytest.approx(0.9)
    assert m["balance_finished"].value == pytest.approx(0.0)
    none = measure_variants([np.stack([make_row(status=UNFINISHED, winner=0)] * 4)], ["balance_finished"])[0]
    assert none["balance_finished"].value is None


def test_practical_thresholds_absolute_and_relative():
    from engine.compare.measures import BY_KEY

    assert BY_KEY["completion"].practical_gap(0.5, 0.61) and not BY_KEY["completion"].practical_gap(0.5, 0.59)
    assert BY_KEY["duration_turns"].practical_gap(100, 126) and not BY_KEY["duration_turns"].practical_gap(100, 124)
    assert not BY_KEY["outcome_uniformity"].practical_gap(0.0, 1.0)  # never a finding by itself


def test_agent_score_follows_agent_a_across_seats(make_row):
    rows = np.stack([
        make_row(winner=1, seat_a=1), make_row(winner=2, seat_a=2),  # A wins from both seats
        make_row(winner=1, seat_a=2),  # A loses
        make_row(winner=0, seat_a=1),  # draw
    ])
    m = measure_variants([rows], ["agent_score", "completion"])[0]
    assert m["agent_score"].value == pytest.approx((1 + 1 + 0 + 0.5) / 4)
    assert list(m) == ["agent_score", "completion"]


def test_games_ended_by_a_repeated_position_are_counted_apart(make_row):
    from engine.compare.measures import REPETITION

    if REPETITION is None:
        pytest.skip("the engine has no repetition ending")
    rows = np.stack([make_row(status=REPETITION), make_row(winner=1), make_row(winner=0), make_row(status=REPETITION)])
    m = measure_variants([rows], ["repetitions", "drawishness", "completion", "advantage_p1"])[0]
    assert (m["repetitions"].value, m["drawishness"].value, m["completion"].value) == (0.5, 0.25, 0.25)
    assert m["advantage_p1"].value == pytest.approx((0.5 + 1 + 0.5 + 0.5) / 4)


def test_ratio_measures_count_zero_for_a_game_without_moves(make_row):
    rows = np.stack([make_row(turns=0, moves=0, decisions=0, choices=0, legal_sum=0, laps=0),
                     make_row(turns=10, moves=20, decisions=10, choices=10, legal_sum=30, laps=20)])
    m = measure_variants([rows], ["decision_moves", "branching_factor", "laps_per_move"])[0]
    assert m["decision_moves"].value == pytest.approx(0.25)
    assert m["branching_factor"].value == pytest.approx(1.5)
    assert m["laps_per_move"].value == pytest.approx(1.0)


def test_compiled_rows_give_the_playout_summary():
    from engine.compare.sweep import self_play_rows
    from engine.playout import run, summarise

    game = engine.load_game("tap-urdy", "ludii")
    rows = self_play_rows(game, 5, 400)
    s = summarise(game, run(game, 400, 5), 5, 1.0)
    m = measure_variants([rows])[0]
    assert m["completion"].value == pytest.approx((s.p1_wins + s.p2_wins) / 400)
    assert m["drawishness"].value == pytest.approx(s.draws / 400)
    assert m["timeouts"].value == pytest.approx(s.limit_stops / 400)
    assert m["endless"].value == pytest.approx(s.endless / 400)
    assert m["duration_turns"].value == pytest.approx(s.mean_turns, abs=1e-3)
    assert m["advantage_p1"].value == pytest.approx((s.first_player_wins + 0.5 * (400 - s.p1_wins - s.p2_wins)) / 400)


def test_measure_keys_leave_out_what_a_run_cannot_say():
    keys = measure_keys(sowing=False, pairing=False)
    assert "laps_per_move" not in keys and "agent_score" not in keys and "board_coverage" in keys
    assert measure_keys(True, True) == [m.key for m in MEASURES]


def test_measure_variants_refuses_bad_input(hand_rows):
    with pytest.raises(ValueError, match="unknown measure.*'?fun'?"):
        measure_variants([hand_rows], ["fun"])
    with pytest.raises(ValueError, match="at least 2 games"):
        measure_variants([hand_rows[:1]])


def test_measuring_does_not_depend_on_the_order_rows_arrive(hand_rows):
    from engine.compare.measures import Measurer

    rng = np.random.default_rng(0)
    variants = [hand_rows[rng.permutation(8)][: 6 + (i % 3)] for i in range(7)]
    a = Measurer(7, batch=3)
    for i in range(7):
        a.add(i, variants[i])
    b = Measurer(7, batch=3)
    for i in (6, 2, 0, 5, 1, 4, 3):
        b.add(i, variants[i])
    assert a.results() == b.results()
