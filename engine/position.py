"""Checks every game's position spec shares (engine.game.Rules.position): the spec is a mapping of
known fields, whose player to move is 1 or 2, whose consecutive passes are 0 or 1 and whose
captures are two counts.

Each raises ValueError naming the field and what it may be.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np


def check_fields(spec: Any, known: Iterable[str]) -> None:
    """ValueError unless ``spec`` is a mapping whose fields are all among ``known``."""
    if not isinstance(spec, Mapping):
        raise ValueError(f"a position is a mapping, not {spec!r}")
    known = set(known)
    unknown = set(spec) - known
    if unknown:
        raise ValueError(f"unknown position field(s) {sorted(unknown)}; fields: {', '.join(sorted(known))}")


def player_to_move(spec: Mapping[str, Any]) -> int:
    """The spec's ``to_move`` (1 or 2; default 1)."""
    to_move = spec.get("to_move", 1)
    if to_move not in (1, 2) or isinstance(to_move, bool):
        raise ValueError(f"position to_move must be 1 or 2, not {to_move!r}")
    return int(to_move)


def passes_of(spec: Mapping[str, Any]) -> int:
    """The spec's ``passes`` (consecutive passes before this position: 0 or 1; default 0)."""
    passes = spec.get("passes", 0)
    if passes not in (0, 1) or isinstance(passes, bool):
        raise ValueError(f"position passes must be 0 or 1, not {passes!r}")
    return int(passes)


def captures_of(spec: Mapping[str, Any]) -> tuple[int, int]:
    """The spec's ``captures`` (counters each player has captured: two non-negative integers; default 0, 0)."""
    caps = spec.get("captures", [0, 0])
    if not isinstance(caps, (list, tuple)) or len(caps) != 2 or any(
        isinstance(c, bool) or not isinstance(c, (int, np.integer)) or c < 0 for c in caps
    ):
        raise ValueError(f"position captures must be two non-negative integers, not {caps!r}")
    return int(caps[0]), int(caps[1])
