"""The registry of the games the sowing machine plays: one for each description in ``data/sowing/``,
on the kernels of its board (two rows: engine.mancala.tworow_rules; four rows:
engine.mancala.fourrow_rules)."""

from __future__ import annotations

from engine.machine import KernelRules
from engine.mancala import description as described
from engine.mancala.tworow_rules import SowingGame, game_name


def load_games() -> dict[str, KernelRules]:
    """Every game described in ``data/sowing/``: game id -> its rules (on the machine's two-row or
    four-row kernels, as its board says)."""
    from engine.mancala.fourrow_rules import FourRowGame

    games: dict[str, KernelRules] = {}
    for gid in described.game_ids():
        description = described.load(gid)
        if description.board.rows == 4:
            games[gid] = FourRowGame(description, game_name(gid))
        else:
            games[gid] = SowingGame(description)
    return games
