"""Kalah's position and move generator for the solver, over small integer arrays.

A *board* is the holes of both rows seen from the player to move: ``board[0:m]`` are the mover's
holes in sowing order (the last, ``m - 1``, next to the mover's store), ``board[m:2m]`` the
waiting player's holes in their own sowing order. Stores are not part of a board: captured
counters never come back into play, so the value of a position (the score difference the mover
can still force) depends on the counters on the board alone (Irving, Donkers & Uiterwijk 2000
note this for Kalah's databases). The mover's hole ``i`` faces the waiting player's hole
``m - 1 - i`` (array index ``2m - 1 - i``).

The rules are those of OpenSpiel's ``mancala`` (``open_spiel/games/mancala/mancala.cc``): a lap
sows the mover's holes, the mover's store, the opponent's holes, and skips the opponent's store;
the last counter in the mover's store gives another move; the last counter in an empty hole of
the mover's row takes itself and the opposite hole's counters into the mover's store, when the
opposite hole holds counters, or always with ``empty_capture`` (the "empty capture" variant); as
soon as either row is empty the game ends (:data:`ROW_EMPTY`) or, with :data:`CANNOT_MOVE`, when
the player to move has no counters in their row (the written rules' and Ludii's reading); then
each row's counters go to its owner (:data:`TO_OWNER`, OpenSpiel's reading), or the counters
left go to the player whose row is empty (:data:`TO_EMPTIER`, the reading of yukamo.de's Kalaha
rules: "whoever empties his own hollows first" takes the opponent's stones), or to nobody
(:data:`TO_NOBODY`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numba import njit

PASSES = 0
"""A move after which the other player moves."""
AGAIN = 1
"""A move whose last counter fell into the mover's store: the mover moves again."""
CAPTURES = 2
"""A move that captured (the other player moves next)."""

TO_OWNER = 0
"""At the end each row's counters go to the row's owner."""
TO_EMPTIER = 1
"""At the end the counters left go to the player whose row is empty."""
TO_NOBODY = 2
"""At the end the counters left are not scored."""
REMAINING = {"owner": TO_OWNER, "emptier": TO_EMPTIER, "unscored": TO_NOBODY}
"""The readings of where the counters left at the end go, by name (the names the records use,
``kalah.remaining``'s options ``owner`` and ``unscored``, and the solver's own ``emptier``)."""

ROW_EMPTY = 0
"""The game ends as soon as either row is empty after a move (OpenSpiel's reading)."""
CANNOT_MOVE = 1
"""The game ends when the player to move has no counters in their row (the other row may be
empty and the game go on: the other player sows into it)."""
ENDS = {"row-empty-after-move": ROW_EMPTY, "cannot-move": CANNOT_MOVE}
"""The readings of when the game ends, by the names of the record's switch ``kalah.end``."""


@njit(cache=True, inline="always")
def end_value(mover: int, waiting: int, remaining: int) -> int:
    """What the counters left at the end (``mover`` in the mover's row, ``waiting`` in the other,
    one of them 0) add to the mover's score difference."""
    if remaining == TO_OWNER:
        return mover - waiting
    if remaining == TO_EMPTIER:
        return waiting - mover
    return 0


@njit(cache=True, inline="always")
def over(mover: int, waiting: int, again: bool, end: int) -> bool:
    """Whether the game is over after a move that left ``mover`` counters in the mover's row and
    ``waiting`` in the other; ``again``: the mover moves next (the move ended in their store)."""
    if end == ROW_EMPTY:
        return mover == 0 or waiting == 0
    if again:
        return mover == 0
    return waiting == 0


@njit(cache=True)
def sow(board: np.ndarray, m: int, hole: int, empty_capture: bool, child: np.ndarray) -> tuple[int, int]:
    """Sow the mover's ``hole`` of ``board`` into ``child`` (same orientation: the mover first).

    Returns ``(gain, kind)``: the counters that went into the mover's store (sown and captured)
    and the kind of move (:data:`PASSES`, :data:`AGAIN`, :data:`CAPTURES`)."""
    k = 2 * m
    for j in range(k):
        child[j] = board[j]
    count = child[hole]
    child[hole] = 0
    circuit = k + 1  # the mover's holes, the mover's store, the waiting player's holes
    laps, rest = divmod(count, circuit)
    gain = laps
    if laps:
        for j in range(k):
            child[j] += laps
    position = hole
    for _ in range(rest):
        position += 1
        if position == circuit:
            position = 0
        if position == m:
            gain += 1
        elif position < m:
            child[position] += 1
        else:
            child[position - 1] += 1
    last = position if rest else hole  # a whole number of laps ends in the origin hole
    if last == m:
        return gain, AGAIN
    if last < m and child[last] == 1:
        opposite = k - 1 - last
        if child[opposite] > 0 or empty_capture:
            gain += 1 + child[opposite]
            child[last] = 0
            child[opposite] = 0
            return gain, CAPTURES
    return gain, PASSES


@njit(cache=True)
def row_sums(board: np.ndarray, m: int) -> tuple[int, int]:
    """The counters in the mover's row and in the waiting player's row."""
    mover = 0
    waiting = 0
    for j in range(m):
        mover += board[j]
        waiting += board[m + j]
    return mover, waiting


@njit(cache=True)
def swap_rows(child: np.ndarray, m: int, out: np.ndarray) -> None:
    """``child`` seen from the other player: the waiting row first."""
    for j in range(m):
        out[j] = child[m + j]
        out[m + j] = child[j]


@dataclass
class KalahState:
    """A whole Kalah position for play and checks outside the search: both rows, both stores,
    the player to move (0 moves first). ``rows[p][i]`` is player ``p``'s hole ``i`` in sowing
    order; hole ``holes - 1`` is next to ``p``'s store."""

    holes: int
    counters: int
    empty_capture: bool = False
    remaining: str = "owner"
    end: str = "row-empty-after-move"
    rows: np.ndarray = field(default=None)  # type: ignore[assignment]
    stores: list[int] = field(default_factory=lambda: [0, 0])
    to_move: int = 0

    def __post_init__(self) -> None:
        if self.holes < 1:
            raise ValueError(f"holes must be at least 1, not {self.holes}")
        if self.remaining not in REMAINING:
            raise ValueError(f"remaining must be one of {sorted(REMAINING)}, not {self.remaining!r}")
        if self.end not in ENDS:
            raise ValueError(f"end must be one of {sorted(ENDS)}, not {self.end!r}")
        if self.counters < 0:
            raise ValueError(f"counters must be at least 0, not {self.counters}")
        if self.rows is None:
            self.rows = np.full((2, self.holes), self.counters, dtype=np.int64)

    def board(self) -> np.ndarray:
        """The board from the player to move's side (the solver's orientation)."""
        return np.concatenate([self.rows[self.to_move], self.rows[1 - self.to_move]]).astype(np.int64)

    @property
    def over(self) -> bool:
        """Whether the game has ended: a row is empty, or (``cannot-move``) the mover's row."""
        mover, waiting = int(self.rows[self.to_move].sum()), int(self.rows[1 - self.to_move].sum())
        return over(mover, waiting, True, ENDS[self.end])

    def moves(self) -> list[int]:
        """The mover's holes that hold counters (none once the game is over)."""
        if self.over:
            return []
        return [i for i in range(self.holes) if self.rows[self.to_move][i] > 0]

    def play(self, hole: int) -> int:
        """Play the mover's ``hole``; returns the move's kind. At the end of the game the counters
        left go to the stores as ``remaining`` says."""
        if hole not in self.moves():
            raise ValueError(f"hole {hole} is not a move here (moves: {self.moves()})")
        m = self.holes
        board = self.board()
        child = np.empty_like(board)
        gain, kind = sow(board, m, hole, self.empty_capture, child)
        p = self.to_move
        self.rows[p] = child[:m]
        self.rows[1 - p] = child[m:]
        self.stores[p] += int(gain)
        if kind != AGAIN:
            self.to_move = 1 - p
        if self.over:
            for q in (0, 1):
                left = int(self.rows[q].sum())
                if self.remaining != "unscored":
                    taker = q if self.remaining == "owner" else 1 - q
                    self.stores[taker] += left
                self.rows[q][:] = 0
        return int(kind)

    def score(self) -> int:
        """The stores' difference, first player minus second."""
        return self.stores[0] - self.stores[1]
