"""The registry of games the engine plays: game id -> its :class:`engine.game.Rules`.

A mancala game described in ``data/sowing/<game id>.yaml`` is played by the sowing machine
(engine.mancala.games), an alignment game described in ``data/alignment/<game id>.yaml`` by the
alignment machine (engine.alignment.games): neither needs anything here. A game of another family
would be a module of rule kernels and its Python side (the engine.game.Rules over the kernels),
added to ``GAMES`` below.
"""

from __future__ import annotations

import engine.inlining  # noqa: F401  (numba's inliner without its redundant copies, before any kernel compiles)
from engine.game import Rules
from engine.alignment.games import load_games as load_alignment_games
from engine.mancala.games import load_games

GAMES: dict[str, Rules] = {
    **load_games(),
    **load_alignment_games(),
}


def rules_of(game_id: str) -> Rules:
    """The rules of ``game_id``; ValueError naming it and listing the games if the engine has none."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {game_id!r}; games: {', '.join(sorted(GAMES))}") from None
