"""Play an engine state and a reference side by side, comparing everything at every decision.

A reference offers ``to_move`` (0 or 1), ``legal()`` (move notations), ``play(text)``,
``board()`` (the engine's ``State.board()`` without its drawing data), ``result()`` ((ending,
winner 1 | 2 | None) or None), ``scores()`` and ``counters()`` (turns, moves, laps). This module
uses only what it is handed (the engine's public ``State`` API); it imports nothing from ``engine``.

Set ``LOCKSTEP_TALLY`` to a file name and every lockstep game appends a line ``game decisions`` to
it (``tests/engine/reference/tally.py`` sums them). ``LOCKSTEP_SCALE=k`` multiplies the examples
hypothesis draws (and the seeds per ruleset) by k, for a heavier run by hand.
"""

from __future__ import annotations

import os
import random
from typing import Any

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
    rules_counts = getattr(state.rules, "counters", None)
    if rules_counts is not None:
        counts["laps"] = rules_counts(state.raw())["laps"]
    return counts


def compare_now(state: Any, ref: Any, n: int) -> None:
    where = f"after {n} decisions; history {[state.move_to_text(m) for m in state.history()]}"
    assert state.is_terminal() == (ref.result() is not None), f"terminal: engine {state.is_terminal()}, " \
        f"reference {ref.result()} {where}; board {engine_board(state)} vs {ref.board()}"
    assert engine_board(state) == ref.board(), f"board: engine {engine_board(state)}, reference {ref.board()} {where}"
    assert sorted(state.legal_moves_text()) == sorted(ref.legal()), \
        f"legal moves: engine {state.legal_moves_text()}, reference {ref.legal()} {where}"
    assert engine_counts(state) == ref.counters(), f"counts: engine {engine_counts(state)}, reference {ref.counters()} {where}"
    if not state.is_terminal():
        assert state.to_move == ref.to_move + 1, f"to move: engine {state.to_move}, reference {ref.to_move + 1} {where}"


def lockstep(state: Any, ref: Any, seed: int, game: str, max_decisions: int | None = None) -> int:
    """Play random moves (drawn with ``seed``) on both until the end (or ``max_decisions``);
    return the decisions played."""
    rng = random.Random(seed)
    n = 0
    while True:
        compare_now(state, ref, n)
        if state.is_terminal() or (max_decisions is not None and n >= max_decisions):
            break
        move = rng.choice(sorted(state.legal_moves_text()))
        state.apply(move)
        ref.play(move)
        n += 1
    if state.is_terminal():
        res = state.result()
        assert (res.ending, res.winner) == ref.result(), f"result: engine {res}, reference {ref.result()}"
        assert tuple(res.scores) == tuple(ref.scores()), f"scores: engine {res.scores}, reference {ref.scores()}"
    tally = os.environ.get("LOCKSTEP_TALLY")
    if tally:
        with open(tally, "a", encoding="utf-8") as f:
            f.write(f"{game} {n}\n")
    return n
