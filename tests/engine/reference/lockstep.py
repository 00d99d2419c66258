"""Play an engine state and a reference side by side, comparing everything at every decision.

A reference (reference.game.Reference) offers ``start(first)``, ``to_move`` (0 or 1), ``legal()``
(move notations), ``play(text)``, ``board()`` (the engine's ``State.board()`` without its drawing
data), ``result()`` ((ending, winner 1 | 2 | None) or None), ``scores()`` and ``counters()`` (turns,
moves, laps). This harness, unlike the references, uses the engine: through its public API only
(``engine.load_game``, ``Game.new_state``, ``State``).

Set ``LOCKSTEP_TALLY`` to a file name and every lockstep game appends a line ``game decisions ending`` to
it with the game's ending (``tests/engine/reference/tally.py`` sums them). ``LOCKSTEP_SCALE=k`` multiplies the examples
hypothesis draws (and the seeds per ruleset) by k, for a heavier run by hand.
"""

from __future__ import annotations

import os
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from reference.archive import switch_options

DRAWING = ("sites",)
SCALE = int(os.environ.get("LOCKSTEP_SCALE", "1"))


def examples(n: int) -> int:
    """``n`` examples, times LOCKSTEP_SCALE."""
    return n * SCALE


def engine_board(state: Any) -> dict:
    return {k: v for k, v in state.board().items() if k not in DRAWING}


def engine_counts(state: Any) -> dict[str, int]:
    """Turns, moves and (where the rules report them) laps."""
    counts = {"turns": state.turns, "moves": state.moves_made}
    laps = state.rules.counters(state.game.params, state.raw()).get("laps")
    if laps is not None:
        counts["laps"] = laps
    return counts


def where(state: Any, n: int) -> str:
    """Where a disagreement is: the decisions played and the game's moves."""
    return f"after {n} decisions; history {[state.move_to_text(m) for m in state.history()]}"


def compare_now(state: Any, ref: Any, n: int) -> None:
    # where(...) in the messages only: a message is built when its assertion fails, and the history's
    # notation at every decision made a game's checks quadratic in its length (benchmarks/make-test.txt)
    assert state.is_terminal() == (ref.result() is not None), f"terminal: engine {state.is_terminal()}, " \
        f"reference {ref.result()} {where(state, n)}; board {engine_board(state)} vs {ref.board()}"
    assert engine_board(state) == ref.board(), \
        f"board: engine {engine_board(state)}, reference {ref.board()} {where(state, n)}"
    assert sorted(state.legal_moves_text()) == sorted(ref.legal()), \
        f"legal moves: engine {state.legal_moves_text()}, reference {ref.legal()} {where(state, n)}"
    assert engine_counts(state) == ref.counters(), \
        f"counts: engine {engine_counts(state)}, reference {ref.counters()} {where(state, n)}"
    if not state.is_terminal():
        assert state.to_move == ref.to_move + 1, \
            f"to move: engine {state.to_move}, reference {ref.to_move + 1} {where(state, n)}"


def lockstep(state: Any, ref: Any, seed: int, game: str, opening: tuple[str, ...] = ()) -> int:
    """Play the moves of ``opening``, then random moves (drawn with ``seed``), on both until the end;
    return the decisions played."""
    rng = random.Random(seed)
    n = 0
    while True:
        compare_now(state, ref, n)
        if state.is_terminal():
            break
        move = opening[n] if n < len(opening) else rng.choice(sorted(state.legal_moves_text()))
        state.apply(move)
        ref.play(move)
        n += 1
    if state.is_terminal():
        res = state.result()
        assert (res.ending, res.winner) == ref.result(), f"result: engine {res}, reference {ref.result()}"
        assert tuple(res.scores) == tuple(ref.scores()), f"scores: engine {res.scores}, reference {ref.scores()}"
    tally = os.environ.get("LOCKSTEP_TALLY")
    if tally:
        ending = state.result().ending if state.is_terminal() else "cut"
        with open(tally, "a", encoding="utf-8") as f:
            f.write(f"{game} {n} {ending}\n")
    return n


LUDII_RULESETS = ("ludii", "ludii-extra-counters")
"""The rulesets that play Ludii's files: Ludii's turn limit cuts their last turn after its first move."""


def last_turn(ruleset: str | None) -> str:
    """How the references play the turn limit's last turn under ``ruleset`` (None: switch values alone)."""
    return "first-lap" if ruleset in LUDII_RULESETS else "whole-turn"


def from_start(game_id: str, reference: type, switches: dict[str, str], seed: int, turn_limit: int = 2500,
               move_limit: int = 10000, ruleset: str | None = None) -> int:
    """A random game from the start (``seed`` draws any lot and the moves), under the archive's
    ``ruleset`` if named (with ``switches`` its choices); its decisions."""
    game = engine.load_game(game_id, ruleset, switches=switches, turn_limit=turn_limit, move_limit=move_limit)
    state = game.new_state(seed)
    ref = reference(switches, turn_limit, move_limit, last_turn(ruleset))
    ref.start(state.to_move - 1)
    return lockstep(state, ref, seed, game_id)


def from_position(game_id: str, reference: type, switches: dict[str, str], spec: dict, seed: int,
                  turn_limit: int, opening: tuple[str, ...] = ()) -> int:
    """A random game from the position ``spec`` (the engine's position format), after the moves of
    ``opening``; its decisions."""
    state = engine.load_game(game_id, switches=switches, turn_limit=turn_limit).state_from_position(spec)
    ref = reference(switches, turn_limit, 10000)
    ref.set_position(spec)
    return lockstep(state, ref, seed, game_id, opening)


def every_ruleset(game_id: str, reference: type, rulesets: dict[str, dict[str, str]], seeds: int,
                  turn_limit: int = 2500) -> None:
    """``seeds`` whole games under every ruleset of the archive."""
    for name, choices in rulesets.items():
        for seed in range(examples(seeds)):
            assert from_start(game_id, reference, choices, seed, turn_limit, ruleset=name) > 0, name


def switch_values(game_id: str) -> st.SearchStrategy:
    """Random values of every switch of the game, from the archive's records."""
    return st.fixed_dictionaries({k: st.sampled_from(v) for k, v in switch_options(game_id).items()})


def random_games_test(game_id: str, reference: type, switch_values: st.SearchStrategy, turn_limit: int,
                      n: int):
    """A test: ``n`` (times LOCKSTEP_SCALE) random games from the start under random switch values."""

    @settings(max_examples=examples(n), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(switches=switch_values, seed=st.integers(0, 2**32))
    def test(switches, seed):
        from_start(game_id, reference, switches, seed, turn_limit=turn_limit)

    return test


def random_positions_test(game_id: str, reference: type, cases: st.SearchStrategy, turn_limit: int, n: int):
    """A test: ``n`` (times LOCKSTEP_SCALE) random games from the (switch values, position) ``cases`` draws."""

    @settings(max_examples=examples(n), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(case=cases, seed=st.integers(0, 2**32))
    def test(case, seed):
        switches, spec = case
        from_position(game_id, reference, switches, spec, seed, turn_limit)

    return test
