"""Sweeps: cell seeds, the same numbers serially, on loky processes and on Dask, resuming after a kill."""

from __future__ import annotations

import numpy as np
import pytest

import engine
from engine import stats as S
from engine.agents import RandomAgent, play_out
from engine.compare import compare, plan
from engine.compare.measures import SEAT_A
from engine.compare.sweep import Sweep, cell_seed, run, variant_code
from engine.rng import batch_seed


def _variants(*rulesets: str) -> tuple[dict[str, str], ...]:
    return tuple(engine.resolve("tap-urdy", r) for r in rulesets)


@pytest.fixture(scope="module")
def small() -> Sweep:
    """3 variants x 130 games in blocks of 50 (the last block of each variant holds 30)."""
    return Sweep("tap-urdy", _variants("sources", "ludii", "pussa-kanawa"), 130, seed=7, block=50)


@pytest.fixture(scope="module")
def serial_rows(small) -> list[np.ndarray]:
    return run(small, task_games=60)


def test_cells_are_seeded_from_run_variant_and_block(small, serial_rows):
    cells = small.cells()
    assert [(c.variant, c.block, c.start, c.games) for c in cells[:3]] == [(0, 0, 0, 50), (0, 1, 50, 50), (0, 2, 100, 30)]
    v = small.variants[1]
    seed = batch_seed(batch_seed(7, variant_code(v)), 2)
    assert cell_seed(7, v, 2) == seed
    rows = serial_rows[1]
    assert rows.shape == (130, S.N_COLUMNS + 1)
    assert [int(s) for s in rows[100:103, S.SEED]] == [batch_seed(seed, i) for i in range(3)]
    # game 101 of the variant replays through the Python API with the random agent
    state = play_out(engine.new_game("tap-urdy", ruleset="ludii", seed=int(rows[101, S.SEED])),
                     RandomAgent(int(rows[101, S.SEED])))
    assert (state.turns, state.moves_made, state.scores()) == (rows[101, S.TURNS], rows[101, S.MOVES],
                                                                tuple(rows[101, [S.SCORE_1, S.SCORE_2]]))


def test_a_variant_gets_the_same_games_whatever_else_the_sweep_holds(serial_rows):
    alone = run(Sweep("tap-urdy", _variants("ludii"), 130, seed=7, block=50))
    assert np.array_equal(alone[0], serial_rows[1])


def test_loky_processes_give_the_serial_rows(small, serial_rows):
    rows = run(small, jobs=2, task_games=60)
    assert small.stats.tasks > 2
    assert all(np.array_equal(a, b) for a, b in zip(rows, serial_rows))


def test_dask_gives_the_serial_rows(small, serial_rows, dask_client):
    rows = run(small, scheduler=dask_client, task_games=60)
    assert all(np.array_equal(a, b) for a, b in zip(rows, serial_rows))


def test_comparisons_are_identical_serial_and_on_dask(dask_client):
    kw = dict(switches=["relay", "end"], games=60, seed=3, block=25, n_resamples=199)
    a = compare("tap-urdy", **kw)
    b = compare("tap-urdy", scheduler=dask_client, **kw)
    assert a.to_dict() == b.to_dict()
    assert len(a.variants) == 6 and a.effects


def test_agent_pairings_swap_seats_and_are_identical_on_dask(dask_client):
    sw = Sweep("tap-urdy", _variants("sources"), 6, seed=2, agents=("greedy", "random"), block=4)
    rows = run(sw)[0]
    assert list(rows[:, SEAT_A]) == [1, 2, 1, 2, 1, 2]  # counted across blocks (4 + 2)
    assert np.all(rows[:, S.DECISIONS] > 0) and np.all(rows[:, S.SITES] == 12)
    assert np.all(rows[:, S.LAPS] == rows[:, S.MOVES])  # every Tap-urdy move in Ludii's sense is a lap
    sw2 = Sweep("tap-urdy", _variants("sources"), 6, seed=2, agents=("greedy", "random"), block=4)
    assert np.array_equal(run(sw2, scheduler=dask_client)[0], rows)


class Killed(Exception):
    pass


def test_a_killed_run_resumes_and_skips_finished_cells(tmp_path, small, serial_rows):
    checkpoint = tmp_path / "cells.sqlite"
    calls = []

    def kill_after_first_task(done: int, total: int) -> None:
        calls.append(done)
        if len(calls) == 2:  # the first call reports the start; the second, the first finished task
            raise Killed

    with pytest.raises(Killed):
        run(small, checkpoint=checkpoint, progress=kill_after_first_task, task_games=60)
    played_before = small.stats.played
    assert played_before >= 1
    rows = run(small, checkpoint=checkpoint, task_games=60)
    assert small.stats.resumed == played_before
    assert small.stats.played + small.stats.resumed == small.stats.cells
    assert all(np.array_equal(a, b) for a, b in zip(rows, serial_rows))
    # a run with another seed finds nothing to reuse
    other = Sweep("tap-urdy", small.variants, 130, seed=8, block=50)
    run(other, checkpoint=checkpoint, task_games=1000)
    assert other.stats.resumed == 0
    # everything is there now: nothing left to play
    run(small, checkpoint=checkpoint)
    assert small.stats.played == 0 and small.stats.resumed == small.stats.cells


def test_sweeps_refuse_bad_plans():
    with pytest.raises(ValueError, match="at least 2"):
        Sweep("tap-urdy", _variants("ludii"), 1)
    with pytest.raises(ValueError, match="every switch"):
        Sweep("tap-urdy", ({"tap-urdy.relay": "next-hole"},), 10)
    with pytest.raises(ValueError, match="unknown value 'sideways'"):
        Sweep("tap-urdy", (dict(_variants("ludii")[0], **{"tap-urdy.relay": "sideways"}),), 10)
    with pytest.raises(ValueError, match="unknown agent 'smart'"):
        Sweep("tap-urdy", _variants("ludii"), 10, agents=("smart", "random"))
    with pytest.raises(ValueError, match="block"):
        Sweep("tap-urdy", _variants("ludii"), 10, block=0)
    with pytest.raises(ValueError, match="jobs"):
        run(Sweep("tap-urdy", _variants("ludii"), 10), jobs=0)


def test_plan_of_a_factorial_keeps_the_rest_from_the_base():
    p = plan("tap-urdy", switches=["relay", "tap-urdy.end"], base="ludii")
    base = engine.resolve("tap-urdy", "ludii")
    assert len(p.variants) == 2 * 3 and p.base == "ludii"
    assert list(p.factors) == ["tap-urdy.relay", "tap-urdy.end"]
    assert p.reference == {"tap-urdy.relay": base["tap-urdy.relay"], "tap-urdy.end": base["tap-urdy.end"]}
    for v in p.variants:
        assert {k: x for k, x in v.items() if k not in p.factors} == {k: x for k, x in base.items() if k not in p.factors}
    assert len({tuple(v[k] for k in p.factors) for v in p.variants}) == 6
    with pytest.raises(ValueError, match="unknown switch 'colour'"):
        plan("tap-urdy", switches=["colour"])
    with pytest.raises(ValueError, match="choose one"):
        plan("tap-urdy", rulesets=["ludii"], all_switches=True)
    with pytest.raises(ValueError, match="both varied and set"):
        plan("tap-urdy", switches=["relay"], settings={"relay": "next-hole"})


@pytest.mark.parametrize("game_id", sorted(__import__("engine.games", fromlist=["GAMES"]).GAMES))
def test_games_played_through_the_api_give_the_compiled_rows(game_id):
    """The random agent through the Python API reproduces the compiled playout rows of every game."""
    from engine.compare.sweep import play_game, self_play_rows
    from engine.game import Game, Limits
    from engine.games import rules_of

    rules = rules_of(game_id)
    game = Game(rules, engine.resolve(game_id), None, Limits(300, 600))
    rows = self_play_rows(game, 3, 4)
    columns = range(S.N_COLUMNS)
    for i in range(4):
        seed = int(rows[i, S.SEED])
        agent = RandomAgent(seed)
        row = play_game(game, seed, (agent, agent))
        assert [int(row[k]) for k in columns] == [int(rows[i, k]) for k in columns], S.NAMES
        # the raw counts, worked out here from the API's own views: decisions from the legal
        # moves, coverage from the board after every lap or placement (Ludii's states)
        state, agent = game.new_state(seed), RandomAgent(seed)
        decisions = choices = legal_sum = 0
        covered = _occupied(state.board())
        while not state.is_terminal():
            n = len(state.legal_moves())
            decisions, choices, legal_sum = decisions + 1, choices + (n > 1), legal_sum + n
            for event in state.apply_traced(agent.choose(state)):
                if "board" in event:
                    covered |= _occupied(event["board"])
        assert [decisions, choices, legal_sum, len(covered)] == [
            int(rows[i, k]) for k in (S.DECISIONS, S.CHOICES, S.LEGAL_SUM, S.COVERED)]


def _occupied(board: dict) -> set[int]:
    """The sites of a board (as ``State.board`` gives it) that hold counters or a piece."""
    if "a" in board:
        return {i for i, c in enumerate(list(board["a"]) + list(board["b"])) if c}
    return {i for i, site in enumerate(board["sites"]) if site["piece"]}


def test_a_checkpoint_key_follows_the_games_description(monkeypatch):
    """A game played from data/sowing: editing its description changes what a checkpoint is keyed by."""
    from engine.games import rules_of

    sweep = Sweep("tap-urdy", _variants("ludii"), 20, seed=7, block=10)
    before = sweep.fingerprint()
    rules = rules_of("tap-urdy")
    changed = rules.description.model_copy(update={"setup": rules.description.setup.model_copy(
        update={"counters_per_hole": 5})})
    monkeypatch.setattr(rules, "description", changed)
    assert sweep.fingerprint() != before
