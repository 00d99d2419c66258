"""The registry of games the engine plays: game id -> its :class:`engine.game.Rules`.

A mancala game described in ``data/sowing/<game id>.yaml`` is played by the sowing machine
(engine.mancala.games) and needs nothing here. Other games are a module of rule kernels named
after the game and its Python side (``<game>_api``: the engine.game.Rules over the kernels), added
to ``GAMES`` below.
"""

from __future__ import annotations

import engine.inlining  # noqa: F401  (numba's inliner without its redundant copies, before any kernel compiles)
from engine.game import Rules
from engine.games import tauru_api
from engine.mancala.games import load_games

GAMES: dict[str, Rules] = {
    **load_games(),
    tauru_api.GAME_ID: tauru_api.RULES,
}


def rules_of(game_id: str) -> Rules:
    """The rules of ``game_id``; ValueError naming it and listing the games if the engine has none."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {game_id!r}; games: {', '.join(sorted(GAMES))}") from None
