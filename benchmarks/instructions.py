"""Instructions a random playout executes, counted by valgrind's callgrind: an A/B of checkouts that the
machine's load cannot move (a playout rate on a shared machine can; an A/A of identical code in two
trees differed by 11.5 % at load 15 in the eleventh session).

For each tree (a checkout with its own ``.venv``) and game, the game's kernels are compiled natively
for a generic CPU (``NUMBA_CPU_NAME=generic``: under valgrind the CPU reports other features, and
numba's cache, keyed by them, would miss); then one process under callgrind loads and warms the game
with the counting off (``--instr-atstart=no``), turns it on (``callgrind_control -i on``), plays
``--games`` random games (seed 0) and turns it off: the count over the games is the instructions a
game, plus the toggling's own (about 0.5 million a run, measured with no game between: 1,700 a game
of 300). The kernel counted is by default the description's combination of rules
(engine.specialise), the one benchmarks/playouts.py times; ``--kernel generic`` counts the board's
generic kernel; ``--simulate`` adds valgrind's model of the caches and branch predictor (not this
CPU's: two checkouts that execute the same instructions, mispredict the same branches and miss the
same lines but differ in speed differ in their code's layout). One thread each
(``OPENBLAS_NUM_THREADS=1`` too: OpenBLAS's idle threads spin, tens of millions of instructions a
run). Usage::

    .venv/bin/python benchmarks/instructions.py --game lobudok --ruleset sources --tree ../base --tree .

(about 40 s a tree and game for Lobudök's 300 games, two processes at a time; counts repeat to
within 0.1 %).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

COUNTING = r"""
import os, subprocess

def counting(on):  # callgrind's collection on or off in this process (started with --instr-atstart=no)
    subprocess.run(["callgrind_control", "-i", "on" if on else "off", str(os.getpid())], check=True,
                   capture_output=True)
"""
"""The child's switch of callgrind's collection (benchmarks/kernel_profile.py's child has it too)."""

CHILD = COUNTING + r"""
import sys
import engine
from engine.playout import run, warm_up
game = engine.load_game(sys.argv[1], ruleset=sys.argv[2])
warm_up(game)
run(game, 2, 1)  # what the first run of a process pays once, not counted
count = sys.argv[4] == "count"
if count:
    counting(True)
run(game, int(sys.argv[3]), 0)
if count:
    counting(False)
"""

KERNELS = {"specialised": "all", "generic": "off"}
"""The kernel counted, as engine.specialise.MODE: the description's combination of rules (what long runs,
benchmarks/playouts.py's among them, play on) or the board's generic kernel (what a game played move by
move runs on). Without it, runs of fewer than engine.specialise.BULK_FROM games, such as these, would
count the generic kernel (the eleventh session's counts did)."""


EVENTS = ("Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw", "Bc", "Bcm", "Bi", "Bim")
"""Callgrind's events with ``--cache-sim=yes --branch-sim=yes``, in the order it prints them."""


def environment(tree: Path, kernel: str = "specialised") -> dict[str, str]:
    """A child's environment: ``tree``'s code, one thread, kernels compiled for a generic CPU, the
    ``kernel`` counted (:data:`KERNELS`)."""
    return dict(os.environ, NUMBA_CPU_NAME="generic", NUMBA_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1",
                PYTHONPATH=str(tree), VARIORUM_SPECIALISE=KERNELS[kernel])


def _run(tree: Path, game: str, ruleset: str, games: int, kernel: str, count: bool,
         simulate: bool = False) -> list[int]:
    env = environment(tree, kernel)
    command = [str(tree / ".venv" / "bin" / "python"), "-c", CHILD, game, ruleset, str(games),
               "count" if count else "compile"]
    if count:
        simulated = ["--cache-sim=yes", "--branch-sim=yes"] if simulate else []
        command = ["valgrind", "--tool=callgrind", "--instr-atstart=no", *simulated, "--callgrind-out-file=/dev/null",
                   *command]
    out = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"{tree} {game} {ruleset}: exit {out.returncode}\n{out.stderr[-2000:]}")
    found = re.search(r"Collected :((?: \d+)+)", out.stderr)
    return [int(x) for x in found.group(1).split()] if found else [0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", required=True, help="a game (several: one after the other)")
    ap.add_argument("--ruleset", default="sources", help="the ruleset of every game (default: sources)")
    ap.add_argument("--games", type=int, default=300, help="random games counted (default 300)")
    ap.add_argument("--tree", action="append", required=True, help="a checkout with its .venv")
    ap.add_argument("--kernel", choices=tuple(KERNELS), default="specialised",
                    help="the kernel counted: the description's combination of rules (default: what "
                         "benchmarks/playouts.py times, its runs being long) or the board's generic kernel")
    ap.add_argument("--simulate", action="store_true",
                    help="also simulate the caches and branch prediction (valgrind's model, not this CPU): "
                         "mispredicted branches and first-level cache misses a game")
    args = ap.parse_args()
    if args.games < 1:
        raise SystemExit(f"--games: at least 1, not {args.games}")
    trees = [Path(t).resolve() for t in args.tree]
    jobs = [(tree, game) for game in args.game for tree in trees]
    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(lambda job: _run(job[0], job[1], args.ruleset, 2, args.kernel, False), jobs))  # native first
        counts = list(pool.map(lambda job: _run(job[0], job[1], args.ruleset, args.games, args.kernel, True,
                                                args.simulate), jobs))
    print("# command: python benchmarks/instructions.py " + " ".join(f"--game {g}" for g in args.game)
          + f" --ruleset {args.ruleset} --games {args.games} --kernel {args.kernel} "
          + " ".join(f"--tree {t}" for t in args.tree))
    extra = f"{'mispredicted':>14}{'L1 misses':>12}" if args.simulate else ""
    print(f"{'game':<28}{'tree':<28}{'a game':>14}  {'against the first tree':<24}{extra}")
    for k, (tree, game) in enumerate(jobs):
        first = counts[k - k % len(trees)][0] / args.games
        per_game = counts[k][0] / args.games
        line = f"{game:<28}{str(tree)[-27:]:<28}{per_game:>14,.0f}  {f'{100 * (per_game / first - 1):+.2f} %':<24}"
        if args.simulate and len(counts[k]) == len(EVENTS):
            ev = dict(zip(EVENTS, counts[k]))
            misses = ev["I1mr"] + ev["D1mr"] + ev["D1mw"]
            line += f"{(ev['Bcm'] + ev['Bim']) / args.games:>14,.1f}{misses / args.games:>12,.2f}"
        print(line)


if __name__ == "__main__":
    main()
