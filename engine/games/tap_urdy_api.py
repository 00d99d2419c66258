"""Tap-urdy's Python side over its kernels (engine.games.tap_urdy): the parameter array, positions
set up from a spec and read back, the board as data and drawn, traced moves, notation
(engine.mancala.notation) and the :class:`TapUrdy` rules the registry (engine.games) serves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from engine.game import Limits
from engine.games.tap_urdy import (
    CLOCKWISE, COVER, FIRST, GAME_ID, LEGAL, LOGGED, LOG_LAP, NAME, N_HOLES, N_LEGAL, ROW, STATE_SIZE, STATUS,
    STORE, SWITCHES, S_DIRECTION, TO_MOVE, run,
)
from engine.machine import TRUNCATED, KernelRules, Params
from engine.mancala.notation import board_text, hole_name, parse_hole
from engine.mancala.sowing import track_block
from engine.position import captures_of, check_fields, player_to_move
from engine.repetition import new_table
from engine.result import ONGOING


class TapUrdy(KernelRules):
    """The engine's Tap-urdy."""

    id, name, switches, machine = GAME_ID, NAME, SWITCHES, staticmethod(run)
    STATUS, TO_MOVE, N_LEGAL, LEGAL = STATUS, TO_MOVE, N_LEGAL, LEGAL

    def build(self, values: Mapping[str, str], limits: Limits) -> Params:
        sw = self.option_indices(values)
        par = np.concatenate([np.array(sw, dtype=np.int64), track_block(self._track(sw), N_HOLES)])
        return Params(par=par, state_size=STATE_SIZE, limits=limits, values=dict(values),
                      table=new_table(N_HOLES, int(limits.moves) + 2, STATE_SIZE),
                      scratch=np.zeros(STATE_SIZE, dtype=np.int64))

    @staticmethod
    def _track(sw: list[int]) -> list[int]:
        holes = list(range(N_HOLES))
        return [0] + list(reversed(holes[1:])) if sw[S_DIRECTION] == CLOCKWISE else holes

    def position(self, params: Params, spec: Mapping[str, Any]) -> np.ndarray:
        """``{"a": [6 counts], "b": [6 counts], "captures": [p1, p2], "to_move": 1 | 2}``."""
        check_fields(spec, ("a", "b", "captures", "to_move"))
        st = np.zeros(STATE_SIZE, dtype=np.int64)
        for r, key in enumerate(("a", "b")):
            row = spec.get(key)
            if not isinstance(row, (list, tuple)) or len(row) != ROW:
                raise ValueError(f"position row {key!r} must list {ROW} counts, not {row!r}")
            for i, c in enumerate(row):
                if isinstance(c, bool) or not isinstance(c, (int, np.integer)) or c < 0:
                    raise ValueError(f"hole {key}{i + 1}: a count is a non-negative integer, not {c!r}")
                st[r * ROW + i] = c
        st[STORE], st[STORE + 1] = captures_of(spec)
        to_move = player_to_move(spec)
        st[TO_MOVE] = to_move - 1
        st[FIRST] = to_move - 1
        track = self._track([int(x) for x in params.par[:len(SWITCHES)]])
        st[COVER] = sum(1 << pos for pos, h in enumerate(track) if st[h] > 0)
        self.settle(params, st)
        return st

    def position_spec(self, st: np.ndarray) -> dict[str, Any]:
        return {
            "a": [int(x) for x in st[:ROW]],
            "b": [int(x) for x in st[ROW:N_HOLES]],
            "captures": [int(st[STORE]), int(st[STORE + 1])],
            "to_move": int(st[TO_MOVE]) + 1,
        }

    def trace_move(self, params: Params, st: np.ndarray, move: int,
                   counts: np.ndarray | None = None) -> list[dict[str, Any]]:
        """Play ``move`` and return its laps and captures, each with the board after it."""
        mover = int(st[TO_MOVE]) + 1
        entries, truncated = self.logged_move(params, st, move, counts, LOGGED)
        events: list[dict[str, Any]] = []
        for e in entries:
            board = self.board(e[4:])
            if e[0] == LOG_LAP:
                events.append({"kind": "lap", "from": hole_name(int(e[1]), ROW), "count": int(e[2]),
                               "last": hole_name(int(e[3]), ROW), "player": mover, "board": board})
            else:
                events.append({"kind": "capture", "hole": hole_name(int(e[1]), ROW), "count": int(e[2]),
                               "player": int(e[3]) + 1, "board": board})
        return events + [dict(TRUNCATED)] if truncated else events

    def evaluate(self, params: Params, st: np.ndarray) -> float:
        """Player 1's score minus player 2's (captures, plus own row when remaining = owner)."""
        a, b = self.scores(params, st)
        return float(a - b)

    def move_to_text(self, move: int) -> str:
        return hole_name(int(move), ROW)

    def text_to_move(self, text: str) -> int:
        return parse_hole(text, ROW)

    def board(self, st: np.ndarray) -> dict[str, Any]:
        return {
            "a": [int(x) for x in st[:ROW]],
            "b": [int(x) for x in st[ROW:N_HOLES]],
            "captures": [int(st[STORE]), int(st[STORE + 1])],
        }

    def render(self, params: Params, st: np.ndarray) -> str:
        to_move = None if st[STATUS] != ONGOING else int(st[TO_MOVE]) + 1
        direction = params.values["tap-urdy.direction"]
        return board_text([int(x) for x in st[:N_HOLES]], [int(st[STORE]), int(st[STORE + 1])], ROW,
                          to_move, direction)


RULES = TapUrdy()
