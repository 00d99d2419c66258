"""The registry of the games the alignment machine plays: one for each description in
``data/alignment/`` (engine.alignment.game.AlignmentGame)."""

from __future__ import annotations

from engine.alignment import description as described
from engine.alignment.game import AlignmentGame
from engine.machine import KernelRules


def load_games() -> dict[str, KernelRules]:
    """Every game described in ``data/alignment/``: game id -> its rules."""
    return {gid: AlignmentGame(described.load(gid)) for gid in described.game_ids()}
