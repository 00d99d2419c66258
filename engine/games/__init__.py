"""The registry of games the engine plays: game id -> the module's :class:`engine.game.Rules`.

To add a game, write its rule kernels (a module named after it) and its Python side (``<game>_api``:
the engine.game.Rules over the kernels) here and add the rules to ``GAMES``.
"""

from __future__ import annotations

import engine.inlining  # noqa: F401  (numba's inliner without its redundant copies, before any kernel compiles)
from engine.game import Rules
from engine.games import lobudok_api, tap_urdy_api, tauru_api, tsoro_api

GAMES: dict[str, Rules] = {
    tap_urdy_api.GAME_ID: tap_urdy_api.RULES,
    tauru_api.GAME_ID: tauru_api.RULES,
    tsoro_api.GAME_ID: tsoro_api.RULES,
    lobudok_api.GAME_ID: lobudok_api.RULES,
}


def rules_of(game_id: str) -> Rules:
    """The rules of ``game_id``; ValueError naming it and listing the games if the engine has none."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {game_id!r}; games: {', '.join(sorted(GAMES))}") from None
