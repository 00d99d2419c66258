"""The solver's clock and heartbeat, kept out of the compiled loops.

A compiled loop that reads the clock needs numba's object mode, and a function with an object
mode block keeps the GIL: two threads running it take turns instead of running at once. So the
loops read a flag instead (every few thousand steps), which an :class:`Alarm` thread raises at
the deadline, and a :class:`Heartbeat` thread reads the node counts to tell stderr how far a long
search has gone.
"""

from __future__ import annotations

import math
import sys
import threading
import time
from collections.abc import Callable

import numpy as np


class _Watch:
    """A daemon thread running ``target`` until :meth:`close` (or the end of the ``with`` block)."""

    def __init__(self, target: Callable[[], None] | None, name: str) -> None:
        self._off = threading.Event()
        if target is not None:
            threading.Thread(target=target, name=name, daemon=True).start()

    def close(self) -> None:
        """Stop watching."""
        self._off.set()

    def __enter__(self) -> _Watch:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Alarm(_Watch):
    """``flag[0]`` becomes 1 at ``deadline`` (a :func:`time.perf_counter` time; never if it is
    infinite), set by a daemon thread; :meth:`close` (or leaving the ``with`` block) calls it off."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.flag = np.zeros(1, dtype=np.int64)
        super().__init__(self._wait if math.isfinite(deadline) else None, "kalah-solver-alarm")

    def _wait(self) -> None:
        while not self._off.wait(max(0.0, self.deadline - time.perf_counter())):
            if time.perf_counter() >= self.deadline:
                self.flag[0] = 1
                return


class Heartbeat(_Watch):
    """Every time ``nodes()`` (the nodes searched so far and the ply of a search) passes a
    multiple of ``every``, print both to stderr with the time (polled ``poll`` times a second);
    ``every`` 0: never."""

    def __init__(self, every: int, nodes: Callable[[], tuple[int, int]], poll: float = 4.0) -> None:
        self.every, self.nodes, self.poll = every, nodes, poll
        super().__init__(self._beat if every > 0 else None, "kalah-solver-heartbeat")

    def _beat(self) -> None:
        told = 0
        while not self._off.wait(1.0 / self.poll):
            count, ply = self.nodes()
            if count // self.every > told:
                told = count // self.every
                print(f"  ... {count:,} nodes, ply {ply}, {time.perf_counter():.1f} s (perf_counter)",
                      file=sys.stderr, flush=True)
