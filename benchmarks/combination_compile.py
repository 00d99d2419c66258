"""A new combination of rules compiled: the CPU seconds of a game's first long run (engine.specialise's
bulk mode: BULK_FROM random games, on the kernels of the game's combination of rules) in a fresh numba
cache, less the same run again; the board's own kernel is compiled first, untimed. Usage (a fresh
cache each time, so that the combination is new)::

    C=$(mktemp -d); VARIORUM_NUMBA_CACHE=$C NUMBA_NUM_THREADS=1 .venv/bin/python benchmarks/combination_compile.py GAME
"""

from __future__ import annotations

import sys
import time

import engine
from engine import specialise
from engine.games import GAMES
from engine.playout import run


def measure(game_id: str) -> str:
    """The line reporting ``game_id``'s compile of its combination (its ``ludii`` ruleset)."""
    if game_id not in GAMES or not hasattr(GAMES[game_id], "specialiser"):
        raise ValueError(f"GAME: {game_id!r} is not a game played on specialised kernels")
    game = engine.load_game(game_id, ruleset="ludii")
    run(game, 2, 0)  # the board's kernel (untimed)
    n = specialise.BULK_FROM
    t, w = time.process_time(), time.time()
    run(game, n, 1)
    first, wall = time.process_time() - t, time.time() - w
    t = time.process_time()
    run(game, n, 1)
    again = time.process_time() - t
    return (f"{game_id}: first long run {first:.1f} CPU s ({wall:.1f} s wall), again {again:.2f} CPU s: "
            f"compile {first - again:.1f} CPU s")


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(measure(name), flush=True)
