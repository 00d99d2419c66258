"""The registry of games the engine plays: game id -> its :class:`engine.game.Rules`.

A mancala game described in ``data/sowing/<game id>.yaml`` is played by the sowing machine
(engine.mancala.games), an alignment game described in ``data/alignment/<game id>.yaml`` by the
alignment machine (engine.alignment.game): neither needs anything here (engine.descriptions builds
them). A game of another family would be a module of rule kernels and its Python side (the
engine.game.Rules over the kernels), added to ``GAMES`` below.
"""

from __future__ import annotations

import engine.inlining  # noqa: F401  (numba's inliner without its redundant copies, before any kernel compiles)
import engine.liveness  # noqa: F401  (numba's live-variable analysis on bit sets, likewise)
import engine.ssa  # noqa: F401  (numba's SSA reconstruction visiting only each variable's blocks, likewise)
from pathlib import Path

from engine import descriptions
from engine.game import Rules

GAMES: dict[str, Rules] = descriptions.registry()
"""Every game described in ``data/`` (engine.descriptions): game id -> its rules."""


def rules_of(game_id: str, source: str | Path | None = None) -> Rules:
    """The rules of ``game_id`` as the archive ``source`` describes it (a folder of records or a built
    archive database; None: engine.rulesets' default source, else ``data/``): the registry's rules when
    the source's description is the registry's, byte for byte, else rules built from the source's
    (engine.descriptions). ValueError naming the game, and listing the games, if there is none."""
    from engine import rulesets

    if source is None:
        source = rulesets.default_source()
    found = descriptions.text_of(game_id, source) if source is not None else None
    if found is not None:
        return descriptions.rules_from(found[0], game_id, found[1], found[2])
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {game_id!r}; games: {', '.join(sorted(GAMES))}") from None
