"""The Python side of the sowing machine: the :class:`engine.game.Rules` of a game described in
``data/sowing/`` (its parameters, positions set up from a spec and read back, the board as data
and drawn, traced moves, notation), over the machine's one compiled entry point
(engine.mancala.machine.turn.run). A game with a description needs no Python of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import yaml

from engine.game import Limits
from engine.machine import TRUNCATED, KernelRules, Params
from engine.mancala import description as described
from engine.mancala.rules import readings, settings, with_ruleset
from engine.mancala import layout
from engine.mancala.layout import BASE, COVER, CW_MOVE, DIRECTION, FIRST, LEGAL, LOGGED, N_LEGAL, OUT, OWNED, ROUND, SNAPSHOT, STATUS, STORE, TO_MOVE
from engine.mancala.machine import turn
from engine.mancala.machine.two_rows import LOG_LAP
from engine.mancala.notation import ROW_LETTERS, board_text, hole_name, parse_hole
from engine.position import captures_of, check_fields, player_to_move
from engine.repetition import new_table
from engine.result import ONGOING
from engine.specialise import SpecialisedKernels, Specialiser
from schema.paths import DATA_DIR
from schema.yamlfile import LOADER
from schema.sowing import SowingDescription


DIRECTIONS = (None, "counterclockwise", "clockwise")
"""direction first-move: the position field ``direction`` by its code in the state (None: the first
move, still to be made, chooses it)."""


def game_name(game_id: str) -> str:
    """The game's name as its record gives it (``data/games/<id>.yaml``, ``game.name``)."""
    path = DATA_DIR / "games" / f"{game_id}.yaml"
    try:
        return str(yaml.load(path.read_text(encoding="utf-8"), Loader=LOADER)["game"]["name"])  # noqa: S506
    except (OSError, KeyError, TypeError):
        return game_id


class SowingGame(SpecialisedKernels, KernelRules):
    """A game the sowing machine plays from its description (on the kernels of its combination of
    rules: engine.specialise)."""

    specialiser = Specialiser(turn, (layout.ROWS, *layout.RULE_SLOTS))
    board_key = ((layout.ROWS, 2),)

    def __init__(self, description: SowingDescription, name: str | None = None):
        described.check_played(description)
        self.description = description
        self.id = description.game
        self.name = name or game_name(description.game)
        self.switches = described.switches(description)
        self.per_row = description.board.holes_per_row
        self.sites = 2 * self.per_row
        self.base = BASE
        self.STATUS, self.TO_MOVE = self.base + STATUS, self.base + TO_MOVE
        self.N_LEGAL, self.LEGAL = self.base + N_LEGAL, self.base + LEGAL
        self.state_size = described.state_size(description)
        self.logged = self.base + LOGGED  # what a traced event shows: up to the stores and the rules' run fields
        self.owns = "owned-holes" in {p.name for p in description.primitives}
        self.rounds = any(r.value("rounds") != "one" for r in readings(description))
        self.chooses = any(r.value("direction") == "first-move" for r in readings(description))

    def reading_arrays(self) -> list[np.ndarray]:
        return [described.parameters(self.description, s)[0] for s in settings(self.description)]

    def build(self, values: Mapping[str, str], limits: Limits, ruleset: str | None = None) -> Params:
        params, rules = described.parameters(self.description, with_ruleset(values, ruleset))
        return Params(par=params, state_size=self.state_size, limits=limits, values=dict(values),
                      table=new_table(self.sites, int(limits.moves) + 2, self.sites + SNAPSHOT),
                      scratch=np.zeros(self.state_size, dtype=np.int64), extra={"rules": rules})

    def _stores(self, st: np.ndarray) -> list[int]:
        return [int(st[self.base + STORE]), int(st[self.base + STORE + 1])]

    def position(self, params: Params, spec: Mapping[str, Any]) -> np.ndarray:
        """``{"a": [counts], "b": [counts], "captures": [p1, p2], "to_move": 1 | 2}``, and where the game
        has owned holes, ``"owned_holes": [player 1's hole or null, player 2's]`` (hole names); where
        it is played in rounds, ``"out_of_play": [hole names]`` and ``"round"`` (rounds played before);
        where the first move chooses the direction, ``"direction"`` (counterclockwise, clockwise, or
        null while the first move is to be made)."""
        check_fields(spec, ("a", "b", "captures", "to_move") + (("owned_holes",) if self.owns else ())
                     + (("out_of_play", "round") if self.rounds else ()) + (("direction",) if self.chooses else ()))
        st = np.zeros(self.state_size, dtype=np.int64)
        for r, key in enumerate(ROW_LETTERS):
            row = spec.get(key)
            if not isinstance(row, (list, tuple)) or len(row) != self.per_row:
                raise ValueError(f"position row {key!r} must list {self.per_row} counts, not {row!r}")
            for i, c in enumerate(row):
                if isinstance(c, bool) or not isinstance(c, (int, np.integer)) or c < 0:
                    raise ValueError(f"hole {key}{i + 1}: a count is a non-negative integer, not {c!r}")
                st[r * self.per_row + i] = c
        st[self.base + STORE], st[self.base + STORE + 1] = captures_of(spec)
        owned = spec.get("owned_holes", [None, None])
        if not isinstance(owned, (list, tuple)) or len(owned) != 2:
            raise ValueError(f"position owned_holes must list two holes or nulls, not {owned!r}")
        for p, name in enumerate(owned):
            if name is not None:
                h = self.text_to_move(str(name))
                if h // self.per_row == p:
                    raise ValueError(f"position owned_holes: player {p + 1} owns a hole of the opponent's row, not {name}")
                st[self.base + OWNED + p] = h + 1
        for name in spec.get("out_of_play", []):
            h = self.text_to_move(str(name))
            if st[h] != 0:
                raise ValueError(f"position out_of_play: hole {name} holds counters")
            st[self.base + OUT] |= described.as_int64(1 << h)
        rnd = spec.get("round", 0)
        if isinstance(rnd, bool) or not isinstance(rnd, int) or rnd < 0:
            raise ValueError(f"position round must be a non-negative integer, not {rnd!r}")
        st[self.base + ROUND] = rnd
        way = spec.get("direction")
        if way not in DIRECTIONS:
            raise ValueError(f"position direction must be one of {', '.join(map(str, DIRECTIONS))}, not {way!r}")
        st[self.base + DIRECTION] = DIRECTIONS.index(way)
        to_move = player_to_move(spec)
        st[self.base + TO_MOVE] = to_move - 1
        st[self.base + FIRST] = to_move - 1
        st[self.base + COVER] = described.cover_bits(self.description, params.extra["rules"], st)
        self.settle(params, st)  # the repetition memory started too (engine.mancala.machine.turn.set_up)
        return st

    def position_spec(self, st: np.ndarray) -> dict[str, Any]:
        return {**self.board(st), "to_move": int(st[self.base + TO_MOVE]) + 1}

    def trace_move(self, params: Params, st: np.ndarray, move: int,
                   counts: np.ndarray | None = None) -> list[dict[str, Any]]:
        """Play ``move`` and return its laps and captures, each with the board after it."""
        mover = int(st[self.base + TO_MOVE]) + 1
        entries, truncated = self.logged_move(params, st, move, counts, self.logged)
        events: list[dict[str, Any]] = []
        for e in entries:
            board = self.board(e[4:])
            if e[0] == LOG_LAP:
                events.append({"kind": "lap", "from": hole_name(int(e[1]), self.per_row), "count": int(e[2]),
                               "last": self._site_name(int(e[3])), "player": mover, "board": board})
            else:
                events.append({"kind": "capture", "hole": hole_name(int(e[1]), self.per_row), "count": int(e[2]),
                               "player": int(e[3]) + 1, "board": board})
        return events + [dict(TRUNCATED)] if truncated else events

    def _site_name(self, site: int) -> str:
        """A hole's name, or ``store`` for a store in the sowing circuit (stores-in-circuit)."""
        return hole_name(site, self.per_row) if site < self.sites else "store"

    def evaluate(self, params: Params, st: np.ndarray) -> float:
        """Player 1's score minus player 2's (as the description counts them)."""
        a, b = self.scores(params, st)
        return float(a - b)

    def move_to_text(self, move: int) -> str:
        """A hole's name; a first move choosing clockwise (direction first-move), the name and ``cw``."""
        return hole_name(int(move) % CW_MOVE, self.per_row) + ("cw" if move >= CW_MOVE else "")

    def text_to_move(self, text: str) -> int:
        if self.chooses and isinstance(text, str) and text.strip().lower().endswith("cw"):
            return parse_hole(text.strip()[:-2], self.per_row) + CW_MOVE
        return parse_hole(text, self.per_row)

    def board(self, st: np.ndarray) -> dict[str, Any]:
        out: dict[str, Any] = {
            "a": [int(x) for x in st[:self.per_row]],
            "b": [int(x) for x in st[self.per_row:self.sites]],
            "captures": self._stores(st),
        }
        if self.rounds:
            out["out_of_play"] = [hole_name(h, self.per_row) for h in range(self.sites)
                                  if (int(st[self.base + OUT]) >> h) & 1]
            out["round"] = int(st[self.base + ROUND])
        if self.chooses and len(st) > self.base + DIRECTION:  # a traced event's board copies less of the state
            out["direction"] = DIRECTIONS[int(st[self.base + DIRECTION])]
        if self.owns:
            out["owned_holes"] = [hole_name(int(h) - 1, self.per_row) if h > 0 else None
                                  for h in st[self.base + OWNED:self.base + OWNED + 2]]
        return out

    def render(self, params: Params, st: np.ndarray) -> str:
        to_move = None if st[self.base + STATUS] != ONGOING else int(st[self.base + TO_MOVE]) + 1
        direction = params.extra["rules"].direction
        if direction == "first-move":  # the direction the first move chose, or that it is still to choose
            direction = DIRECTIONS[int(st[self.base + DIRECTION])] or "chosen by the first move"
        return board_text([int(x) for x in st[:self.sites]], self._stores(st), self.per_row, to_move, direction)
