"""The registry of games the engine plays: game id -> the module's :class:`engine.game.Rules`.

To add a game (a four-row mancala, Tauru), write its module here and add it to ``GAMES``.
"""

from __future__ import annotations

from engine.game import Rules
from engine.games import lobudok, tap_urdy, tauru_api, tsoro

GAMES: dict[str, Rules] = {
    tap_urdy.GAME_ID: tap_urdy.RULES,
    tauru_api.GAME_ID: tauru_api.RULES,
    tsoro.GAME_ID: tsoro.RULES,
    lobudok.GAME_ID: lobudok.RULES,
}


def rules_of(game_id: str) -> Rules:
    """The rules of ``game_id``; ValueError naming it and listing the games if the engine has none."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {game_id!r}; games: {', '.join(sorted(GAMES))}") from None
