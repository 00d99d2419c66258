"""The first run's pilots (engine.compare.first_run.pilot) of several games in one process, as the
bake runs them: each pilot's CPU and wall seconds, the random games it played (counted where the
sweep plays them, engine.compare.sweep.self_play_rows) and the rate it measured.

Usage (the tree measured is the one on PYTHONPATH, so that two trees can be compared with one
archive and one interpreter):
    PYTHONPATH=. python benchmarks/pilot.py ARCHIVE.db GAME [GAME ...]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path


def main() -> None:
    """Run the pilots of the games named, in order, and print a line each and one for them all."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("archive", type=Path, help="an archive built from data/ (variorum build)")
    parser.add_argument("games", nargs="+", help="game ids, in the order the pilots run")
    args = parser.parse_args()
    if not args.archive.is_file():
        raise SystemExit(f"{args.archive}: no such archive")

    from engine import rulesets
    from engine.compare import first_run as F
    from engine.compare import sweep

    rulesets.use_source(args.archive)
    played = [0]
    inner = sweep.self_play_rows

    def counting(game, seed: int, games: int):
        played[0] += games
        return inner(game, seed, games)

    sweep.self_play_rows = counting  # the pilot looks it up in the module as it runs
    cpu0, wall0, total = time.process_time(), time.monotonic(), 0
    for game in args.games:
        played[0] = 0
        cpu, wall = time.process_time(), time.monotonic()
        rates = F.pilot(game)
        total += played[0]
        print(f"{game:28s} pilot {time.process_time() - cpu:6.3f} CPU s {time.monotonic() - wall:6.3f} s; "
              f"{played[0]:4d} games played; random game {rates.random_game * 1e3:.3f} ms, {rates.rulesets} rulesets")
    print(f"all {len(args.games)} pilots: {time.process_time() - cpu0:.2f} CPU s, {time.monotonic() - wall0:.2f} s, "
          f"{total} games played")


if __name__ == "__main__":
    main()
