"""Variorum's game engine: play the historical rules of a game with every disputed point switched.

Public API::

    import engine
    state = engine.new_game("tap-urdy", ruleset="ludii", switches={"end": "cannot-move"}, seed=3)
    state.legal_moves(); state.apply("b3"); state.result(); state.record().to_json()

``load_game`` gives the :class:`engine.game.Game` (rules + switch values + limits) that makes
states; ``engine.games.GAMES`` lists the games; ``engine.playout.simulate`` runs random self-play
in compiled code.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from engine.fingerprint import fingerprint as _fingerprint, use_numba_cache as _use_numba_cache

ENGINE_FINGERPRINT = _fingerprint()
"""Which code plays the games: a hash of the engine's own files and numba's version, computed at
import (engine.fingerprint says which files). Saved runs, assessments, checkpoints, game records,
the play API and citations carry it."""
_use_numba_cache(ENGINE_FINGERPRINT)  # before any kernel is defined: an edited kernel recompiles

if TYPE_CHECKING:
    from engine.game import Game, State


def resolve(
    game_id: str,
    ruleset: str | None = None,
    switches: Mapping[str, str | None] | None = None,
    data_dir: str | Path | None = None,
) -> dict[str, str]:
    """Every switch value of ``game_id``: the defaults, or the archive's ``ruleset``, plus ``switches``."""
    from engine import rulesets
    from engine.games import rules_of
    from engine.switches import resolve_switches

    rules = rules_of(game_id, data_dir)
    chosen = None
    if ruleset is not None:
        r = rulesets.ruleset(game_id, ruleset, data_dir)
        chosen = (r.id, r.choices)
    return resolve_switches(game_id, rules.switches, chosen, switches)


def load_game(
    game_id: str,
    ruleset: str | None = None,
    switches: Mapping[str, str | None] | None = None,
    *,
    turn_limit: int | None = None,
    move_limit: int | None = None,
    data_dir: str | Path | None = None,
) -> "Game":
    """The game ``game_id`` with a ruleset of the archive and/or switch values (by full id or point),
    as the archive ``data_dir`` (a folder of records or a built archive database; default: the
    process's source, engine.rulesets) describes it."""
    from engine.game import MOVE_LIMIT, TURN_LIMIT, Game, Limits
    from engine.games import rules_of

    values = resolve(game_id, ruleset, switches, data_dir)
    limits = Limits(TURN_LIMIT if turn_limit is None else turn_limit, MOVE_LIMIT if move_limit is None else move_limit)
    return Game(rules_of(game_id, data_dir), values, ruleset, limits)


def new_game(
    game_id: str,
    ruleset: str | None = None,
    switches: Mapping[str, str | None] | None = None,
    seed: int = 0,
    *,
    turn_limit: int | None = None,
    move_limit: int | None = None,
    data_dir: str | Path | None = None,
) -> "State":
    """The start of a game of ``game_id`` (see :func:`load_game`); ``seed`` decides anything drawn by lot."""
    return load_game(
        game_id, ruleset, switches, turn_limit=turn_limit, move_limit=move_limit, data_dir=data_dir
    ).new_state(seed)


__all__ = ["ENGINE_FINGERPRINT", "load_game", "new_game", "resolve"]
