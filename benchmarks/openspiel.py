"""Random playouts per CPU second of Variorum's machines against OpenSpiel's C++ games, one thread,
side by side in one run: Oware (OpenSpiel ``oware``) and Kalah (``mancala``) on the sowing machine,
Nine Men's Morris (``nine_mens_morris``) on the alignment machine, each under the archive's
``openspiel`` ruleset, the reading OpenSpiel plays (tests/engine/test_openspiel_lockstep.py and
test_openspiel_morris_lockstep.py hold them move for move).

Variorum: one compiled call per run (engine.playout.run, seeds 1, 2, ...). OpenSpiel: its uniform
random bots played by ``pyspiel.evaluate_bots``, which runs a whole game in C++ (one Python call a
game). Both timed by the process's CPU clock, alternating, ``--rounds`` times; medians, with each
side's mean game length in moves (decisions) measured on the same games' kind. Usage::

    .venv/bin/python benchmarks/openspiel.py --rounds 5 > benchmarks/openspiel.txt
    .venv/bin/python benchmarks/openspiel.py --rounds 5 --game nine-mens-morris >> benchmarks/openspiel.txt
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from datetime import datetime, timezone

import numpy as np
import pyspiel

import engine
from engine.playout import run, warm_up
from engine.stats import DECISIONS

PEERS = {"oware": "oware", "kalah": "mancala", "nine-mens-morris": "nine_mens_morris"}


def ours(game, games: int, seed: int) -> tuple[float, float]:
    t0 = time.process_time()
    rows = run(game, games, seed)
    return games / (time.process_time() - t0), float(rows[:, DECISIONS].mean())


def theirs(name: str, games: int, seed: int) -> tuple[float, float]:
    peer = pyspiel.load_game(name)
    bots = [pyspiel.make_uniform_random_bot(0, seed), pyspiel.make_uniform_random_bot(1, seed + 1)]
    t0 = time.process_time()
    for g in range(games):
        pyspiel.evaluate_bots(peer.new_initial_state(), bots, seed * 100_003 + g)
    rate = games / (time.process_time() - t0)
    lengths = []
    rng = np.random.default_rng(seed)
    for _ in range(200):  # the mean game length, outside the timing (a Python loop)
        state = peer.new_initial_state()
        n = 0
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
            n += 1
        lengths.append(n)
    return rate, float(np.mean(lengths))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=20_000, help="Variorum's games a run")
    parser.add_argument("--peer-games", type=int, default=5_000, help="OpenSpiel's games a run")
    parser.add_argument("--game", action="append", choices=sorted(PEERS), help="only these games (repeatable)")
    args = parser.parse_args()
    only = "".join(f" --game {g}" for g in args.game or ())
    print(f"# command: python benchmarks/openspiel.py --rounds {args.rounds} --games {args.games} "
          f"--peer-games {args.peer_games}{only}")
    print(f"# {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} cpus, numba threads "
          f"{os.environ.get('NUMBA_NUM_THREADS', 'default')}, open_spiel {pyspiel.__version__ if hasattr(pyspiel, '__version__') else '2.0.2'}; "
          f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'game':16} {'variorum/s':>12} {'openspiel/s':>12} {'ratio':>7} {'moves (v)':>10} {'moves (os)':>11}")
    for game_id, name in PEERS.items():
        if args.game and game_id not in args.game:
            continue
        game = engine.load_game(game_id, ruleset="openspiel")
        warm_up(game)
        run(game, 2000, 0)
        theirs(name, 200, 0)
        mine, peer, len_mine, len_peer = [], [], [], []
        for r in range(args.rounds):
            rate, length = ours(game, args.games, r + 1)
            mine.append(rate)
            len_mine.append(length)
            rate, length = theirs(name, args.peer_games, r + 1)
            peer.append(rate)
            len_peer.append(length)
        a, b = statistics.median(mine), statistics.median(peer)
        print(f"{game_id:16} {a:12,.0f} {b:12,.0f} {a / b:6.2f}x {np.mean(len_mine):10.1f} {np.mean(len_peer):11.1f}")
    print(f"# load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
