"""An exact solver for Kalah on small boards (issue 31, item 5).

Kalah as OpenSpiel's ``mancala`` plays it (:mod:`.kalah`), solved by MTD(f) over a fail-soft
alpha-beta search with a transposition table (:mod:`.table`, :mod:`.search`) and endgame
databases indexed by combinatorial rank (:mod:`.endgame`, :mod:`.rank`), after Irving, Donkers &
Uiterwijk (2000, "Solving Kalah"). The value is the final score difference, first player minus
second, under perfect play. ``solve(..., workers=2)`` uses two cores: two threads build the
database and search the root's moves in the exact passes, sharing one lockless table
(:class:`.search._RootSplit`, :mod:`.watch`).
"""

from .kalah import KalahState
from .search import Solution, solve

__all__ = ["KalahState", "Solution", "solve"]
