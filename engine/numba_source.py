"""The digest of a piece of numba's source, by which the engine's replacements of numba's compile
passes (engine.ssa, engine.liveness) know whether the installed numba is the one they were written
against: each is applied only when the digest of the code it replaces is the one it records."""

from __future__ import annotations

import hashlib
import inspect
from typing import Any


def digest(obj: Any) -> str:
    """The first 16 hex digits of the SHA-256 of ``obj``'s source (a module or a function), or
    ``"unreadable"`` when its source cannot be read (it then matches no recorded digest)."""
    try:
        return hashlib.sha256(inspect.getsource(obj).encode()).hexdigest()[:16]
    except (OSError, TypeError):
        return "unreadable"
