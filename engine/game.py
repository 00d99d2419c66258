"""The game-independent API: a :class:`Game` (rules + switch values + limits) and its :class:`State`.

In the spirit of OpenSpiel: a state offers the player to move, the legal moves (sorted), applying
a move, the terminal test, the result, the history, move notation both ways, cloning and a JSON
record. Moves are integers (``state.legal_moves()``); ``move_to_text`` / ``text_to_move`` give
their notation, and ``apply`` takes either form. A game module implements :class:`Rules`; the
state calls the module's compiled kernels, the same ones the compiled playout loop calls.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.record import GameRecord
from engine.result import ONGOING, Result, result_of
from engine.rng import check_seed
from engine.stats import DECISIONS, LEGAL_SUM, N_COLUMNS, SEED
from engine.switches import Switch

TURN_LIMIT = 2500
"""Ludii's turn limit: a game still going after this many turns stops unfinished."""
MOVE_LIMIT = 10000
"""Ludii's move limit (relay laps and capture choices count as moves)."""


@dataclass(frozen=True)
class Limits:
    """Engine parameters (not rule switches): when a game stops with no result."""

    turns: int = TURN_LIMIT
    moves: int = MOVE_LIMIT

    def __post_init__(self) -> None:
        for name in ("turns", "moves"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 1:
                raise ValueError(f"the {name} limit must be a positive integer, not {v!r}")

    def to_dict(self) -> dict[str, int]:
        return {"turns": int(self.turns), "moves": int(self.moves)}


class Rules(ABC):
    """What a game module provides: its switches and the kernels behind a state."""

    id: str
    name: str
    switches: tuple[Switch, ...]

    @abstractmethod
    def compile(self, values: Mapping[str, str], limits: Limits, ruleset: str | None = None) -> Any:
        """The kernels' parameters for these switch values and limits (with scratch space), under the
        archive's ``ruleset`` when one is named (a description may bind a program's own limits to it)."""

    @abstractmethod
    def initial(self, params: Any, seed: int) -> np.ndarray:
        """The start of a game (its seed decides anything drawn by lot)."""

    @abstractmethod
    def position(self, params: Any, spec: Mapping[str, Any]) -> np.ndarray:
        """A state from a described position (see the module's ``position_spec``)."""

    @abstractmethod
    def position_spec(self, st: np.ndarray) -> dict[str, Any]:
        """The position of ``st`` as a JSON-able dict that :meth:`position` accepts."""

    @abstractmethod
    def legal_moves(self, st: np.ndarray) -> list[int]:
        """The legal moves, sorted."""

    @abstractmethod
    def apply(self, params: Any, st: np.ndarray, move: int, counts: np.ndarray | None = None) -> None:
        """Play a legal move on ``st`` in place; ``counts`` (an engine.stats row, shape (1, N)), if
        given, counts the decision (decisions, choices, legal moves)."""

    @abstractmethod
    def status(self, st: np.ndarray) -> int:
        """ONGOING, OVER, ENDLESS or UNFINISHED (engine.result)."""

    @abstractmethod
    def to_move(self, st: np.ndarray) -> int:
        """The player to move, 1 or 2."""

    @abstractmethod
    def counters(self, params: Any, st: np.ndarray) -> dict[str, int]:
        """Counts of the game so far: ``turns``, ``moves`` (laps and decisions), ``laps`` (sowing
        laps, 0 in games without sowing), ``covered`` (board sites occupied at some point, in
        Ludii's states after every move) and ``sites``."""

    @abstractmethod
    def row(self, params: Any, st: np.ndarray) -> np.ndarray:
        """The engine.stats columns the state decides (status, scores, turns, moves, first,
        covered, sites, laps, winner), computed by the same kernel as the compiled loop's rows."""

    @abstractmethod
    def scores(self, params: Any, st: np.ndarray) -> tuple[int, int]:
        """The two players' scores as they stand."""

    @abstractmethod
    def move_to_text(self, move: int) -> str:
        """The notation of a move."""

    @abstractmethod
    def text_to_move(self, text: str) -> int:
        """The move a notation names; ValueError naming it if malformed or unknown."""

    @abstractmethod
    def board(self, st: np.ndarray) -> dict[str, Any]:
        """The board as JSON-able data."""

    @abstractmethod
    def render(self, params: Any, st: np.ndarray) -> str:
        """The board as text."""

    @abstractmethod
    def playouts(self, params: Any, seed: int, games: int) -> np.ndarray:
        """Random self-play of ``games`` games in compiled code: an int64 array of shape
        ``(games, engine.stats.N_COLUMNS)``, one row per game, columns as engine.stats names them."""

    @abstractmethod
    def trace_move(self, params: Any, st: np.ndarray, move: int,
                   counts: np.ndarray | None = None) -> list[dict[str, Any]]:
        """Play ``move`` on ``st`` like :meth:`apply` (``counts`` as there), and return what happened, in order, as
        events for animation: e.g. ``{"kind": "lap", "from": "b3", "count": 5, "sown": ["b4", ...]}``,
        ``{"kind": "capture", "hole": "a4", "count": 3, "player": 1}``; for placement games
        ``{"kind": "place" | "step" | "remove" | "line", ...}``. Same kernels as apply (a log array
        the kernels fill when asked)."""

    @abstractmethod
    def evaluate(self, params: Any, st: np.ndarray) -> float:
        """A simple heuristic value of the position for player 1 (positive: player 1 is ahead),
        e.g. the score difference; used by the greedy and alpha-beta agents."""


class Game:
    """A game with every switch set, and its limits: the factory of states."""

    def __init__(self, rules: Rules, values: Mapping[str, str], ruleset: str | None = None,
                 limits: Limits | None = None) -> None:
        self.rules = rules
        self.switches = dict(values)
        self.ruleset = ruleset
        self.limits = limits or Limits()
        self.params = rules.compile(self.switches, self.limits, ruleset)

    @property
    def id(self) -> str:
        return self.rules.id

    def new_state(self, seed: int = 0) -> "State":
        """The start of a game; ``seed`` decides anything drawn by lot."""
        seed = check_seed(seed)
        return State(self, self.rules.initial(self.params, seed), seed)

    def state_from_position(self, position: Mapping[str, Any], seed: int = 0) -> "State":
        """A state set up from a described position (for analysis and tests)."""
        seed = check_seed(seed)
        return State(self, self.rules.position(self.params, position), seed, start=dict(position))

    def __repr__(self) -> str:
        return f"Game({self.id!r}, ruleset={self.ruleset!r})"


class State:
    """One position of a game, with the moves that led to it."""

    def __init__(self, game: Game, st: np.ndarray, seed: int, start: dict[str, Any] | None = None,
                 history: list[int] | None = None, counts: np.ndarray | None = None) -> None:
        self.game = game
        self._st = st
        self.seed = seed
        self.start = start
        self._history = list(history or [])
        self._counts = np.zeros((1, N_COLUMNS), dtype=np.int64) if counts is None else counts.copy()
        self._checked: tuple[bytes, list[int], str | None] | None = None
        """The position :meth:`_check_legal` last saw (its state array's bytes), its legal moves and, once a
        move was refused there, why (the legal moves' notation): a caller trying many moves in one position
        (the conformance suite's probes, a user's retries) lists and names them once."""

    # --- who, what, whether -------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def to_move(self) -> int | None:
        """The player to move (1 or 2), or None when the game is over."""
        return None if self.is_terminal() else self.rules.to_move(self._st)

    def legal_moves(self) -> list[int]:
        """The legal moves, sorted (empty when the game is over)."""
        return [] if self.is_terminal() else self.rules.legal_moves(self._st)

    def legal_moves_text(self) -> list[str]:
        return [self.rules.move_to_text(m) for m in self.legal_moves()]

    def is_terminal(self) -> bool:
        return self.rules.status(self._st) != ONGOING

    def result(self) -> Result | None:
        """How the game ended, or None while it goes on."""
        return result_of(self.rules.status(self._st), self.scores())

    def scores(self) -> tuple[int, int]:
        return self.rules.scores(self.game.params, self._st)

    def history(self) -> list[int]:
        """The moves played from the start, in order."""
        return list(self._history)

    @property
    def turns(self) -> int:
        return self.rules.counters(self.game.params, self._st)["turns"]

    @property
    def moves_made(self) -> int:
        """Moves in Ludii's sense: every lap and every decision."""
        return self.rules.counters(self.game.params, self._st)["moves"]

    # --- notation -----------------------------------------------------------------------------
    def move_to_text(self, move: int) -> str:
        return self.rules.move_to_text(move)

    def text_to_move(self, text: str) -> int:
        return self.rules.text_to_move(text)

    # --- playing ------------------------------------------------------------------------------
    def _as_move(self, move: int | str) -> int:
        if isinstance(move, str):
            return self.rules.text_to_move(move)
        if isinstance(move, bool) or not isinstance(move, (int, np.integer)):
            raise ValueError(f"unknown move {move!r}: a move is an int or its notation")
        return int(move)

    def apply(self, move: int | str) -> None:
        """Play ``move`` (an int or its notation); ValueError naming it if it is not legal."""
        m = self._check_legal(move)
        self.rules.apply(self.game.params, self._st, m, self._counts)
        self._history.append(m)

    def _check_legal(self, move: int | str) -> int:
        """The move as an int; ValueError naming it and listing the legal moves if it is not legal.
        The legal moves and their list are kept for the position (keyed by the state array's bytes,
        whatever changed it) until it changes."""
        m = self._as_move(move)
        key = self._st.tobytes()
        checked = self._checked
        if checked is None or checked[0] != key:
            checked = self._checked = (key, self.legal_moves(), None)
        legal = checked[1]
        if m not in legal:
            try:
                name = self.rules.move_to_text(m)
            except ValueError:
                name = str(move)
            why = checked[2]
            if why is None:
                why = "the game is over" if self.is_terminal() else "legal moves: " + ", ".join(
                    self.rules.move_to_text(x) for x in legal
                )
                self._checked = (key, legal, why)
            raise ValueError(f"illegal move {name!r} ({why})")
        return m

    def apply_traced(self, move: int | str) -> list[dict[str, Any]]:
        """Play ``move`` as :meth:`apply` does and return its events (laps, captures...) for animation."""
        m = self._check_legal(move)
        events = self.rules.trace_move(self.game.params, self._st, m, self._counts)
        self._history.append(m)
        return events

    def child(self, move: int | str) -> "State":
        """A copy of this state with ``move`` played."""
        c = self.clone()
        c.apply(move)
        return c

    def clone(self) -> "State":
        return State(self.game, self._st.copy(), self.seed, copy.deepcopy(self.start), self._history, self._counts)

    # --- views --------------------------------------------------------------------------------
    def board(self) -> dict[str, Any]:
        return self.rules.board(self._st)

    def to_text(self) -> str:
        return self.rules.render(self.game.params, self._st)

    def __str__(self) -> str:
        return self.to_text()

    def to_dict(self) -> dict[str, Any]:
        """What the CLI's ``--json`` prints: board, player to move, legal moves, result, switches."""
        res = self.result()
        return {
            "game": self.game.id,
            "ruleset": self.game.ruleset,
            "switches": dict(self.game.switches),
            "board": self.board(),
            "to_move": self.to_move,
            "legal_moves": self.legal_moves_text(),
            "terminal": self.is_terminal(),
            "result": res.to_dict() if res else None,
            "turns": self.turns,
            "moves": self.moves_made,
            "history": [self.rules.move_to_text(m) for m in self._history],
        }

    def stats_row(self) -> np.ndarray:
        """The game so far as a row of engine.stats columns, counted as the compiled loop counts
        them (decisions, choices and legal moves counted when moves are applied, from this
        state's start; the rest from the state)."""
        row = self.rules.row(self.game.params, self._st).copy()
        row[DECISIONS:LEGAL_SUM + 1] = self._counts[0, DECISIONS:LEGAL_SUM + 1]
        row[SEED] = self.seed
        return row

    def position_spec(self) -> dict[str, Any]:
        """The position as a JSON-able dict that ``Game.state_from_position`` accepts."""
        return self.rules.position_spec(self._st)

    def raw(self) -> np.ndarray:
        """A copy of the kernel's state array (for comparing states exactly)."""
        return self._st.copy()

    def same_as(self, other: "State") -> bool:
        """True if both states are the same position of the same game with the same history."""
        return (
            self.game.id == other.game.id
            and self.game.switches == other.game.switches
            and np.array_equal(self._st, other._st)
            and self._history == other._history
        )

    def record(self) -> GameRecord:
        """The game so far as a record (JSON; engine.replay plays it back)."""
        return GameRecord.of(self)
