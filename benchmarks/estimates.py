"""The first run's CPU estimates against real CPU times, game by game, without a server.

For each game: its pilot (engine.compare.first_run.pilot, timed), then each section's preliminary run
at the budget the bake would give it (``fit`` to the section's share of ``game_seconds(N)`` CPU
seconds, N the number of games, a whole core), its estimate and the CPU seconds the run took, saved
into a throwaway results database; with ``--full GAME,...`` also two games a ruleset of ``uct:8``
(full playouts) against :func:`agent_game`'s estimate. Prints one line a game and, at the end, how
many runs of each section took between half and twice their estimate.

Usage (benchmarks/first-run.txt): python benchmarks/estimates.py [--games a,b] [--full kalah,dra]
(the archive and the compiled kernels of the tree it runs in; every game by default).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path


def main() -> None:
    from engine.compare import comparison as comparing
    from engine.compare import first_run as F
    from engine.compare.sweep import Sweep, run
    from engine.game import MOVE_LIMIT, TURN_LIMIT

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="", help="comma-separated game ids (default: every game)")
    ap.add_argument("--full", default="", help="games whose uct:8 games are timed too")
    args = ap.parse_args()
    data = Path(__file__).resolve().parent.parent / "data" / "games"
    games = [g for g in args.games.split(",") if g] or sorted(p.stem for p in data.glob("*.yaml"))
    full = {g for g in args.full.split(",") if g}
    per_game = F.game_seconds(len(games))
    within = {s: 0 for s in F.SECTIONS}
    for game in games:
        started = time.process_time()
        rates = F.pilot(game)
        line = [f"{game:<32} pilot {time.process_time() - started:5.2f} CPU s"]
        with tempfile.TemporaryDirectory() as folder:
            results = Path(folder) / "results.db"
            for section in F.SECTIONS:
                budget = F.fit(section, F.PRELIMINARY[section], rates, F.SHARE[section] * per_game)
                estimated = F.estimate(section, budget, rates)
                started = time.process_time()
                F.bake(section, game, budget, results, kind="preliminary")
                took = time.process_time() - started
                within[section] += 0.5 <= took / estimated <= 2.0
                line.append(f"{section} {estimated:.2f}/{took:.2f}")
        if game in full:
            plan = comparing.plan(game, rulesets=_rulesets(game))
            started = time.process_time()
            run(Sweep(game, tuple(plan.variants), 2, 0, ("uct:8", "uct:8"), None, (TURN_LIMIT, MOVE_LIMIT)),
                checkpoint=None)
            took = time.process_time() - started
            line.append(f"uct:8 {2 * rates.rulesets * F.agent_game(rates, 'uct:8'):.2f}/{took:.2f}")
        print(" | ".join(line) + "  (estimated/took, CPU s)", flush=True)
    print("within a factor of two: " + ", ".join(f"{s} {within[s]} of {len(games)}" for s in F.SECTIONS))


def _rulesets(game: str) -> list[str]:
    from engine import rulesets as archive

    return [r.id for r in archive.rulesets(game)]


if __name__ == "__main__":
    main()
