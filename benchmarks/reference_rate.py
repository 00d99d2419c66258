"""Random playouts per CPU second of a game in its pure-Python reference (tests/engine/reference: the
archive's words written out naively, no code shared with the engine) and in the engine, in one
process, and their ratio (issue 27: Lobudök's engine at 27 times its reference or more).

The reference plays ``--reference-games`` random games (moves drawn uniformly, ``random.Random(seed)``)
under the ruleset's switch values with the engine's limits; the engine plays ``--games`` random games
a run (engine.playout.run), ``--runs`` runs. The games are not the same games (the two draw their
moves differently); their mean turns and moves are printed so that the workloads can be compared.
Usage::

    .venv/bin/python benchmarks/reference_rate.py --game lobudok --ruleset ludii
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("NUMBA_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "engine"))

import engine  # noqa: E402
from engine.playout import run, warm_up  # noqa: E402
from engine.stats import MOVES, TURNS  # noqa: E402

REFERENCES = {"lobudok": ("reference.lobudok", "Lobudok"), "tap-urdy": ("reference.tap_urdy", "TapUrdy"),
              "tsoro-additional-capture": ("reference.tsoro", "Tsoro")}
"""The games with a reference: module and class."""


def reference_rate(game_id: str, ruleset: str, games: int) -> tuple[float, float, float]:
    """(games per CPU second, mean turns, mean moves) of the reference's random games."""
    module, name = REFERENCES[game_id]
    reference = getattr(__import__(module, fromlist=[name]), name)
    game = engine.load_game(game_id, ruleset=ruleset)
    switches = dict(game.switches)
    turns = moves = 0
    t0 = time.process_time()
    for seed in range(games):
        rng = random.Random(seed)
        ref = reference(switches, game.limits.turns, game.limits.moves)
        ref.start(rng.randrange(2))
        while ref.result() is None:
            ref.play(rng.choice(sorted(ref.legal())))
        turns += ref.turns
        moves += ref.moves
    return games / (time.process_time() - t0), turns / games, moves / games


def engine_rates(game_id: str, ruleset: str, games: int, runs: int) -> tuple[list[float], float, float]:
    game = engine.load_game(game_id, ruleset=ruleset)
    warm_up(game)
    run(game, min(games, 2000), 0)
    rates, turns, moves = [], [], []
    for i in range(runs):
        t0 = time.process_time()
        rows = run(game, games, i + 1)
        rates.append(games / (time.process_time() - t0))
        turns.append(float(rows[:, TURNS].mean()))
        moves.append(float(rows[:, MOVES].mean()))
    return rates, statistics.mean(turns), statistics.mean(moves)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="lobudok", choices=sorted(REFERENCES))
    ap.add_argument("--ruleset", default="ludii")
    ap.add_argument("--games", type=int, default=5000, help="engine games a timed run")
    ap.add_argument("--runs", type=int, default=5, help="engine timed runs")
    ap.add_argument("--reference-games", type=int, default=200)
    args = ap.parse_args()
    print(f"# command: python benchmarks/reference_rate.py {' '.join(sys.argv[1:])}")
    print(f"# load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rates, e_turns, e_moves = engine_rates(args.game, args.ruleset, args.games, args.runs)
    r_rate, r_turns, r_moves = reference_rate(args.game, args.ruleset, args.reference_games)
    median = statistics.median(rates)
    print(f"{'':<10}{'games/s':>10}{'turns':>9}{'moves':>9}")
    print(f"{'engine':<10}{median:>10,.0f}{e_turns:>9.1f}{e_moves:>9.1f}   (median of {args.runs} runs of {args.games})")
    print(f"{'reference':<10}{r_rate:>10,.0f}{r_turns:>9.1f}{r_moves:>9.1f}   ({args.reference_games} games)")
    print(f"# engine / reference: {median / r_rate:.1f} times")
    print(f"# load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
