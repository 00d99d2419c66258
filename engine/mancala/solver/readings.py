"""Which readings of the archive's Kalah the solver plays, and with which parameters.

A reading is a value of each of the game's switches (``data/sowing/kalah.yaml``, the record
``data/games/kalah.yaml``). The solver plays Kalah's six holes a row under every option of
``kalah.counters``, ``kalah.empty-capture``, ``kalah.end`` and ``kalah.remaining``; it does not
play ``kalah.end-majority``'s ``at-majority`` (the game ending when a store holds more than half
the counters depends on the stores, and the solver's positions are the boards alone). A test
plays the solver's :class:`~.kalah.KalahState` move for move against the engine's Kalah under
every reading this module maps, so the mapping and the engine's rules cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

KALAH_HOLES = 6
"""Holes a row of the archive's Kalah (its description's board)."""

KALAH_SWITCHES = ("kalah.counters", "kalah.empty-capture", "kalah.end", "kalah.end-majority", "kalah.remaining")
"""The switches of the archive's Kalah the mapping reads; a reading naming others is refused."""


@dataclass(frozen=True)
class SolverReading:
    """The solver's parameters for one reading (the keyword arguments of :func:`~.search.solve`),
    or why the solver does not play it (``unsolvable``, a sentence; the parameters then unset)."""

    holes: int = KALAH_HOLES
    counters: int = 0
    empty_capture: bool = False
    end: str = "row-empty-after-move"
    remaining: str = "owner"
    unsolvable: str | None = None

    def key(self) -> tuple:
        """What makes two readings the same game for the solver."""
        return (self.holes, self.counters, self.empty_capture, self.end, self.remaining)


def kalah_reading(values: Mapping[str, str]) -> SolverReading:
    """The solver's parameters for the archive's Kalah under the switch ``values`` (every switch
    of the game, as :func:`engine.resolve` gives them). ValueError for a switch or option this
    module does not know (a record changed under it)."""
    unknown = sorted(set(values) - set(KALAH_SWITCHES))
    if unknown:
        raise ValueError(f"kalah: the solver's mapping does not know the switch(es) {', '.join(unknown)}")
    missing = sorted(set(KALAH_SWITCHES) - set(values))
    if missing:
        raise ValueError(f"kalah: no value for the switch(es) {', '.join(missing)}")

    def option(switch: str, known: tuple[str, ...]) -> str:
        v = values[switch]
        if v not in known:
            raise ValueError(f"kalah: the solver's mapping does not know {switch}={v!r} (knows {', '.join(known)})")
        return v

    counters = int(option("kalah.counters", ("3", "4", "5", "6")))
    empty = option("kalah.empty-capture", ("opposite-occupied", "empty-capture")) == "empty-capture"
    end = option("kalah.end", ("cannot-move", "row-empty-after-move"))
    remaining = option("kalah.remaining", ("owner", "unscored"))
    if option("kalah.end-majority", ("play-out", "at-majority")) == "at-majority":
        return SolverReading(unsolvable="the game ends when a store holds more than half the counters: the value "
                                        "depends on the stores, and the solver's positions are boards alone")
    return SolverReading(KALAH_HOLES, counters, empty, end, remaining)


READINGS = {"kalah": kalah_reading}
"""The games the solver plays, each with its mapping from a reading's switch values."""
