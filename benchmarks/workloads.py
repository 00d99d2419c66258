"""The games the benchmarks measure and the work one timed run does for each.

The games are the engine's registry (``engine.games.GAMES``: every ``data/sowing/*.yaml`` and the
games with a module of their own), so a new game is measured with no edit here. A game's budget is
set below only where the default would make its timed run far longer or shorter than about a
second on an idle machine.
"""

from __future__ import annotations

from engine.games import GAMES as REGISTRY

GAMES: tuple[str, ...] = tuple(REGISTRY)
"""Every game the engine plays, in the registry's order."""

PLAYOUTS = {"tauru": 100_000, "tsoro-additional-capture": 100_000, "lobudok": 5_000}
"""Random games of one timed playout run, where not ``DEFAULT_PLAYOUTS``."""
DEFAULT_PLAYOUTS = 50_000

ITERATIONS = {"lobudok": 5_000}
"""UCT iterations of one timed search, where not ``DEFAULT_ITERATIONS``."""
DEFAULT_ITERATIONS = 50_000


def playouts(game_id: str) -> int:
    """Random games of one timed playout run of ``game_id``."""
    return PLAYOUTS.get(game_id, DEFAULT_PLAYOUTS)


def iterations(game_id: str) -> int:
    """UCT iterations of one timed search of ``game_id``."""
    return ITERATIONS.get(game_id, DEFAULT_ITERATIONS)
