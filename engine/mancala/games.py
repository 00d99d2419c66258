"""The rules of a sowing description, on the kernels of its board (two rows:
engine.mancala.tworow_rules; four rows: engine.mancala.fourrow_rules). engine.descriptions builds
every game of ``data/sowing/`` (and of an archive's descriptions) through it."""

from __future__ import annotations

from engine.machine import KernelRules
from engine.mancala.tworow_rules import SowingGame, game_name
from schema.sowing import SowingDescription


def rules_of_description(description: SowingDescription) -> KernelRules:
    """The rules the sowing machine plays ``description`` with (two-row or four-row, as its board says)."""
    if description.board.rows == 4:
        from engine.mancala.fourrow_rules import FourRowGame

        return FourRowGame(description, game_name(description.game))
    return SowingGame(description)

