"""Fixtures of the engine tests: positions of Tap-urdy set up by hand, the archive's rulesets."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import engine
from engine.game import State


def position(a: list[int], b: list[int], to_move: int = 1, captures: tuple[int, int] | None = None) -> dict[str, Any]:
    """A Tap-urdy position; unless given, player 2's captures make the total 48."""
    caps = list(captures) if captures is not None else [0, 48 - sum(a) - sum(b)]
    return {"a": list(a), "b": list(b), "captures": caps, "to_move": to_move}


@pytest.fixture()
def tap_urdy_at() -> Callable[..., State]:
    """``tap_urdy_at(a, b, to_move=1, captures=None, **switches)``: a Tap-urdy state at that position."""

    def make(a: list[int], b: list[int], to_move: int = 1, captures: tuple[int, int] | None = None,
             **switches: str) -> State:
        game = engine.load_game("tap-urdy", switches={k.replace("_", "-"): v for k, v in switches.items()})
        return game.state_from_position(position(a, b, to_move, captures))

    return make


@pytest.fixture(scope="session")
def tap_urdy_rulesets():
    """The archive's rulesets of Tap-urdy (the test fails if the archive does not load)."""
    from engine import rulesets

    return rulesets.rulesets("tap-urdy")
