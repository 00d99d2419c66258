"""Throughput of ``variorum reconstruct``: readings screened per second and agent games per second.

For each game (default: every game the engine registers), one process runs
:func:`engine.compare.reconstruct.reconstruct` over the whole switch space at the given budget,
timing the phases through its progress callback: the screen (every reading, ``--screen-games``
random games each, compiled) and the agent phases (the front, the named rulesets and the nearest
readings, ``--agent`` against itself, ``--games`` games each, and the skill rungs). Reported: the
readings and wall seconds of the screen and its readings per second; the agent games and wall
seconds of the rest and its games per second; the whole run's wall time; the load average before
and after (run it when the machine is quiet). Usage::

    .venv/bin/python benchmarks/reconstruct.py > benchmarks/reconstruct.txt
    .venv/bin/python benchmarks/reconstruct.py --game tap-urdy --screen-games 200 --agent uct:50 --games 20
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

CHILD = r"""
import json, sys, time
from engine.compare.reconstruct import reconstruct
game_id, screen_games, agent, games, jobs = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
marks = {}
def phase(name, done, total):
    kind = "screen" if name == "screen" else "agent"
    m = marks.setdefault(kind, {"first": time.perf_counter(), "games": {}})
    m["last"] = time.perf_counter()
    m["games"][name] = (done, total)
t0 = time.perf_counter()
rec = reconstruct(game_id, screen_games=screen_games, agent=agent, games=games, jobs=jobs, phase=phase, seed=1)
wall = time.perf_counter() - t0
screen = marks["screen"]
agent_marks = marks.get("agent")
out = {"game": game_id, "readings": len(rec.candidates), "wall": wall,
       "screen_seconds": screen["last"] - t0,
       "agent_games": sum(t for _, t in agent_marks["games"].values()) if agent_marks else 0,
       "agent_seconds": (wall - (screen["last"] - t0)) if agent_marks else 0.0,
       "evaluated": sum(c.reading.evaluated for c in rec.candidates), "front": len(rec.front)}
print(json.dumps(out))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", default=None, help="a game (repeatable; default: every game)")
    ap.add_argument("--screen-games", type=int, default=200)
    ap.add_argument("--agent", default="uct:50")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    if args.game is None:
        from engine.games import GAMES

        args.game = list(GAMES)
    print(f"# benchmarks/reconstruct.py --screen-games {args.screen_games} --agent {args.agent} --games {args.games} "
          f"--jobs {args.jobs}; {time.strftime('%Y-%m-%d %H:%M')} UTC; {os.cpu_count()} cores")
    print(f"{'game':26} {'readings':>8} {'screen s':>9} {'readings/s':>10} {'agent games':>11} {'agent s':>8} "
          f"{'games/s':>8} {'wall s':>7}  load before -> after")
    for game in args.game:
        before = os.getloadavg()[0]
        out = subprocess.run([sys.executable, "-c", CHILD, game, str(args.screen_games), args.agent, str(args.games),
                              str(args.jobs)], capture_output=True, text=True, check=True)
        r = json.loads(out.stdout.strip().splitlines()[-1])
        after = os.getloadavg()[0]
        rate = r["agent_games"] / r["agent_seconds"] if r["agent_seconds"] else float("nan")
        print(f"{game:26} {r['readings']:>8} {r['screen_seconds']:>9.1f} {r['readings'] / r['screen_seconds']:>10.1f} "
              f"{r['agent_games']:>11} {r['agent_seconds']:>8.1f} {rate:>8.2f} {r['wall']:>7.1f}  "
              f"{before:.2f} -> {after:.2f}", flush=True)


if __name__ == "__main__":
    main()
