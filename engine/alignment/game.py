"""The Python side of the alignment machine: the :class:`engine.game.Rules` of a game described in
``data/alignment/`` (its parameters, positions set up from a spec and read back, the board as data
and drawn, traced moves, notation), over the machine's one compiled entry point
(engine.alignment.machine.run). A game with a description needs no Python of its own.

Notation: a placement ``c3``, a step ``c3-c4``, a removal ``xd2``, ``pass`` (points named by column
letter and row number from the bottom-left corner, engine.alignment.grid; on a board of points and
lines, engine.alignment.points, by their place on the lattice it is drawn on; a flight is written as
a step, ``b2-g7``; ``xhand``: the removal of the pieces in the enemy's hand, hand-removal). A position
spec and a traced move's events are described at :meth:`AlignmentGame.position` and
:meth:`AlignmentGame.trace_move`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from numba import njit

from engine.alignment import description as described
from engine.alignment.bits import popcount
from engine.alignment.layout import (
    BOARD, COVER, EV_LINE, HAND_POINT, EV_PASS, EV_PLACE, EV_REMOVE, EV_STEP, FIRST, FIXED_SIZE, HAND, KIND, K_PASS,
    K_MOVE, K_PLACE, K_REMOVE, K_STEP, LAST, LINE, LMASK, LOG_SIZE, LOG_WIDTH, MOVEMENT, N_LEGAL, N_REC, PASSES, PASS_MOVE,
    PER_TURN_TWO, PHASE, PLACED, PLACEMENT, P_AXES, P_COLS, P_COL_A, P_COL_F, P_PER_TURN, P_REMOVAL, P_REPETITION, REC,
    REMOVED, REMOVE_BASE, REMOVE_NEXT_TO_LINE, REPETITION_IGNORED, STAGE, STAGE_REMOVAL, STAGE_SECOND, STAGE_TURN, STATUS,
    STEP_BASE, TO_MOVE, TURNS, WINNER,
)
from engine.alignment.layout import MOVE_BASE, NBR, OWED, PIECES, POINT_ROOM, P_PIECES
from engine.alignment.grid import Grid
from engine.alignment.lines import line_through, run_masks
from engine.alignment.machine import placement_mask, removal_candidates, run, run_points, select_move
from engine.alignment.points import Points
from engine.alignment.rules.line import MAX_RECORDED as MAX_REC
from engine.game import Limits
from engine.machine import KernelRules, Params
from engine.mancala.tworow_rules import game_name
from engine.position import check_fields, player_to_move
from engine.result import ONGOING, OVER
from schema.alignment import AlignmentDescription

MAX_SET_UP_LINES = 16
"""Recorded lines a position spec may give a player."""
SYMBOLS = "xo"


# --- compiled entry points of its own -------------------------------------------------------------

@njit(cache=True)
def set_up_removal(st, par, line, points):
    """A set-up position with a removal pending: the candidates for the lines ``line``."""
    cand = removal_candidates(st, par, st[TO_MOVE], line, points)
    st[STAGE] = STAGE_REMOVAL
    st[LINE] = line
    st[KIND] = K_REMOVE
    st[LMASK] = cand
    st[N_LEGAL] = popcount(cand)


@njit(cache=True)
def set_up_second_placement(st, par, points):
    m = placement_mask(st, par, st[TO_MOVE], points)
    st[STAGE] = STAGE_SECOND
    st[KIND] = K_PLACE
    st[LMASK] = m
    st[N_LEGAL] = popcount(m)


@njit(cache=True)
def legal_list(st, tables):
    """The legal moves; ``tables``: a parameter array holding the board's neighbours (all select_move reads)."""
    out = np.empty(st[N_LEGAL], dtype=np.int64)
    for k in range(st[N_LEGAL]):
        out[k] = select_move(st, tables, k)
    return out


@njit(cache=True)
def line_flags(par, own, t):
    """Through ``t``: (three or more, exactly three, four or more) by run_masks, and three or more by
    line_through (for tests of the bit-parallel masks against runs walked point by point)."""
    full, exact, long = run_masks(par, P_AXES, own)
    return (bool((full >> t) & 1), bool((exact >> t) & 1), bool((long >> t) & 1),
            line_through(own, t, par[P_AXES] == 4, par[P_COLS], par[P_COL_A], par[P_COL_F]))


# --- the Python side --------------------------------------------------------------------------

def _int(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not low <= value <= high:
        raise ValueError(f"position {what} must be an integer {low}..{high}, not {value!r}")
    return int(value)


def _points(grid: Grid, value: object, what: str) -> int:
    if not isinstance(value, (list, tuple)) or not value:
        raise ValueError(f"position {what} must be a non-empty list of point names, not {value!r}")
    mask = 0
    for name in value:
        try:
            mask |= 1 << grid.parse(name)
        except ValueError as exc:
            raise ValueError(f"position {what}: {exc}") from None
    return mask


def board_rows(board: object) -> object:
    """The rows of a board given as a list of rows, or drawn as one string the way ``render`` draws it.

    In a drawing, the lines that start with a row number are the rows (top row first, as
    drawn); the row number may be repeated at the end, and the column letters are ignored.
    """
    if not isinstance(board, str):
        return board
    rows = []
    for line in board.splitlines():
        tokens = line.split()
        if tokens and tokens[0].isdigit():
            cells = tokens[1:]
            if cells and cells[-1] == tokens[0]:
                cells = cells[:-1]
            rows.append("".join(cells))
    return rows


class AlignmentGame(KernelRules):
    """A game the alignment machine plays from its description."""

    machine = staticmethod(run)
    STATUS, TO_MOVE, N_LEGAL = STATUS, TO_MOVE, N_LEGAL

    def __init__(self, description: AlignmentDescription, name: str | None = None):
        self.description = description
        self.id = description.game
        self.name = name or game_name(description.game)
        self.switches = described.switches(description)
        self.grid = described.grid(description)
        self.rows, self.cols, self.points = self.grid.rows, self.grid.cols, self.grid.points
        self.pieces = description.pieces
        self.on_points = isinstance(self.grid, Points)
        """A board of points and lines: its own entry point, and moves from a point to a point."""
        self.step_to: list[list[int]] = [] if self.on_points else self.grid.step_table().tolist()
        """step_to[f][d]: the point one step from f in direction d (0 south, 1 west, 2 east, 3 north), or -1."""
        self.first_matters = "second-hand-empty" in (
            description.rules.get("movement_begins"), *(o.get("movement_begins") for s in description.switches
                                                        for o in s.options.values()))
        """Whether who placed first decides when the movement phase begins (a position spec says it)."""
        if self.on_points:
            self.machine = run_points
        self.counts_turns = any(o.get("draw_after_turns") for s in description.switches for o in s.options.values()) \
            or bool(description.rules.get("draw_after_turns"))
        """Whether the rules may draw the game by its length: positions then say the turns played."""
        self.tables = described.parameters(description, {s.id: s.default for s in description.switches})[0]
        """The default setting's parameters: the neighbour table the legal moves are listed from."""
        self.move_tables = (self.tables, self.tables)
        """The moves from a point to a point are listed from the first, or with a morris board's corners joined
        from the second (joined-corners: the kernel says which, lmask + 3)."""
        if description.board.kind == "morris":
            tables = []
            for corners in (False, True):
                t = self.tables.copy()
                nbr = described.grid(description, corners).neighbour_masks()
                t[NBR:NBR + len(nbr)] = nbr
                tables.append(t)
            self.move_tables = (tables[0], tables[1])

    def build(self, values: Mapping[str, str], limits: Limits, ruleset: str | None = None) -> Params:
        par, rules = described.parameters(self.description, values)
        repeat = par[P_REPETITION] != REPETITION_IGNORED
        return Params(par=par, state_size=FIXED_SIZE + (int(limits.turns) + 2 if repeat else 0), limits=limits,
                      values=dict(values), extra={"rules": rules})

    def move_name(self, move: int) -> str:
        """The notation of a move number: ``c3``, ``c3-c4``, ``xd2`` or ``pass``."""
        if isinstance(move, bool) or not isinstance(move, (int, np.integer)):
            raise ValueError(f"unknown move {move!r}")
        move = int(move)
        if 0 <= move < self.points:
            return self.grid.name(move)
        if self.on_points and MOVE_BASE <= move < MOVE_BASE + POINT_ROOM * self.points:
            f, t = divmod(move - MOVE_BASE, POINT_ROOM)
            if t < self.points and t != f:
                return f"{self.grid.name(f)}-{self.grid.name(t)}"
        if not self.on_points and STEP_BASE <= move < STEP_BASE + 4 * self.points:
            f, d = divmod(move - STEP_BASE, 4)
            t = self.step_to[f][d]
            if t >= 0:
                return f"{self.grid.name(f)}-{self.grid.name(t)}"
        if REMOVE_BASE <= move < REMOVE_BASE + self.points:
            return "x" + self.grid.name(move - REMOVE_BASE)
        if move == REMOVE_BASE + HAND_POINT:
            return "xhand"
        if move == PASS_MOVE:
            return "pass"
        raise ValueError(f"unknown move {move!r}")

    def parse_move(self, text: str) -> int:
        """The move number a notation names; ValueError naming it if it is malformed."""
        if not isinstance(text, str):
            raise ValueError(f"unknown move {text!r}: a move is a string such as c3, c3-c4, xd2 or pass")
        t = text.strip().lower()
        why = "moves are a placement (c3), a step (c3-c4), a removal (xd2) or pass"
        try:
            if t == "pass":
                return PASS_MOVE
            if t == "xhand":
                return REMOVE_BASE + HAND_POINT
            if t.startswith("x"):
                return REMOVE_BASE + self.grid.parse(t[1:])
            if "-" in t:
                a, _, b = t.partition("-")
                f, to = self.grid.parse(a), self.grid.parse(b)
                if self.on_points:
                    if f == to:
                        raise ValueError("a move goes from a point to another")
                    return MOVE_BASE + POINT_ROOM * f + to
                steps = self.step_to[f]
                if to not in steps:
                    raise ValueError(f"{b.strip()} is not next to {a.strip()}")
                return STEP_BASE + 4 * f + steps.index(to)
            return self.grid.parse(t)
        except ValueError as exc:
            raise ValueError(f"unknown move {text!r}: {exc}; {why}") from None

    def board_of(self, b1: int, b2: int, h1: int, h2: int, phase: int, pieces: int) -> dict[str, Any]:
        """The board as JSON-able data: rows (top first), hands, pieces each player has taken, phase,
        and ``sites`` for drawing it (name, row from the top, column from the left, piece: 0, 1 or 2)."""
        return {
            "rows": self.grid.rows_text((b1, b2), SYMBOLS),
            "hands": [h1, h2],
            "captures": [pieces - h2 - bin(b2).count("1"), pieces - h1 - bin(b1).count("1")],
            "phase": "placement" if phase == PLACEMENT else "movement",
            "sites": [
                {"name": self.grid.name(p), "row": self.rows - 1 - self._at(p)[1], "col": self._at(p)[0],
                 "piece": 1 if b1 >> p & 1 else 2 if b2 >> p & 1 else 0}
                for p in range(self.points)
            ],
        }

    def _at(self, p: int) -> tuple[int, int]:
        """(column, row) of point ``p``, 0-based from the bottom-left corner."""
        return self.grid.coords(p) if self.on_points else (p % self.cols, p // self.cols)

    def position(self, params: Params, spec: Mapping[str, Any]) -> np.ndarray:
        """A position: ``{"board": [the rows, top first, of "x" "o" "."], "hands": [h1, h2], "to_move": 1 | 2}``
        (the board may also be drawn as one string, as ``render`` draws it: see ``board_rows``),

        and optionally ``"phase"`` ("placement" or "movement"; default: placement while a hand
        holds pieces), ``"turns"`` (turns completed, for a draw by length; default 0), ``"first"`` (the
        player who placed first, 1 or 2; default: the player to move), ``"last_capturer"`` (1, 2 or
        None), ``"passes"`` (consecutive passes, 0 or
        1), ``"recorded_lines"`` ([lines of player 1, lines of player 2], each line a list of
        point names: standing-line = new-only), and for a turn in progress ``"stage"``
        ("removal", with ``"line"``, the points of the lines that earned it, needed with
        removal = next-to-line; or "placement", the second placement of per-turn = two),
        ``"removed"`` (whether a piece was removed this turn) and ``"placed"`` (pieces placed
        this turn) and ``"owed"`` (removals a double line still owes after the pending one: double_line
        one-per-line). Positions logged for repetition start afresh. The end rule is tested at once
        (as at the start of any turn).
        """
        check_fields(spec, ("board", "hands", "to_move", "phase", "last_capturer", "passes", "recorded_lines",
                            "stage", "line", "removed", "placed", "owed", "turns", "first"))
        b1, b2 = self.grid.parse_rows(board_rows(spec.get("board")), SYMBOLS)
        hands = spec.get("hands", [0, 0])
        if not isinstance(hands, (list, tuple)) or len(hands) != 2:
            raise ValueError(f"position hands must be two counts, not {hands!r}")
        pieces = int(params.par[P_PIECES])
        h = [_int(x, "hands", 0, pieces) for x in hands]
        for p, mask in enumerate((b1, b2)):
            if bin(mask).count("1") + h[p] > pieces:
                raise ValueError(f"player {p + 1} has more than {pieces} pieces on the board and in hand")
        to_move = player_to_move(spec)
        phase = spec.get("phase", "placement" if h[0] + h[1] > 0 else "movement")
        if phase not in ("placement", "movement"):
            raise ValueError(f"position phase must be 'placement' or 'movement', not {phase!r}")
        last = spec.get("last_capturer")
        if last not in (None, 1, 2) or isinstance(last, bool):
            raise ValueError(f"position last_capturer must be 1, 2 or None, not {last!r}")
        st = np.zeros(params.state_size, dtype=np.int64)
        st[BOARD], st[BOARD + 1] = b1, b2
        st[HAND], st[HAND + 1] = h
        st[PIECES] = pieces
        st[TO_MOVE] = to_move - 1
        st[FIRST] = _int(spec.get("first", to_move), "first", 1, 2) - 1
        st[PHASE] = PLACEMENT if phase == "placement" else MOVEMENT
        st[LAST] = last or 0
        st[PASSES] = _int(spec.get("passes", 0), "passes", 0, 1)
        st[COVER] = b1 | b2
        st[TURNS] = _int(spec.get("turns", 0), "turns", 0, 1_000_000)
        lines = spec.get("recorded_lines", [[], []])
        if not isinstance(lines, (list, tuple)) or len(lines) != 2:
            raise ValueError(f"position recorded_lines must be two lists of lines, not {lines!r}")
        for p, own in enumerate(lines):
            if not isinstance(own, (list, tuple)) or len(own) > MAX_SET_UP_LINES:
                raise ValueError(f"position recorded_lines of player {p + 1}: at most {MAX_SET_UP_LINES} lines")
            for line in own:
                mask = _points(self.grid, line, f"recorded line of player {p + 1}")
                st[REC + p * MAX_REC + st[N_REC + p]] = mask
                st[N_REC + p] += 1
        stage = spec.get("stage", "turn")
        if stage not in ("turn", "removal", "placement"):
            raise ValueError(f"position stage must be 'turn', 'removal' or 'placement', not {stage!r}")
        if stage == "turn":
            extra = sorted({"line", "removed", "placed", "owed"} & set(spec))
            if extra:
                raise ValueError(f"position field(s) {extra} belong to a turn in progress (stage)")
            self.settle(params, st)
            return st
        removed = spec.get("removed", False)
        if not isinstance(removed, bool):
            raise ValueError(f"position removed must be true or false, not {removed!r}")
        st[REMOVED] = int(removed)
        if stage == "removal":
            if removed:
                raise ValueError("a second removal in one turn is never pending")
            placing = st[PHASE] == PLACEMENT
            st[PLACED] = _int(spec.get("placed", 1 if placing else 0), "placed", 1 if placing else 0,
                              2 if placing else 0)
            st[OWED] = _int(spec.get("owed", 0), "owed", 0, 3)
            line = spec.get("line")
            if line is None and params.par[P_REMOVAL] == REMOVE_NEXT_TO_LINE:
                raise ValueError("position line (the points of the line just formed) is needed with removal = "
                                 "next-to-line")
            set_up_removal(st, params.par, np.int64(0 if line is None else _points(self.grid, line, "line")),
                           self.on_points)
        else:
            if "line" in spec:
                raise ValueError("position line belongs to stage 'removal'")
            if st[PHASE] != PLACEMENT or params.par[P_PER_TURN] != PER_TURN_TWO:
                raise ValueError("a second placement is pending only in the placement phase with per-turn = two")
            st[PLACED] = _int(spec.get("placed", 1), "placed", 1, 1)
            set_up_second_placement(st, params.par, self.on_points)
        if st[N_LEGAL] == 0:
            raise ValueError(f"position stage {stage!r} has no legal move")
        return st

    def position_spec(self, st: np.ndarray) -> dict[str, Any]:
        spec: dict[str, Any] = {
            "board": self.grid.rows_text((int(st[BOARD]), int(st[BOARD + 1])), SYMBOLS),
            "hands": [int(st[HAND]), int(st[HAND + 1])],
            "to_move": int(st[TO_MOVE]) + 1,
            "phase": "placement" if st[PHASE] == PLACEMENT else "movement",
            "last_capturer": int(st[LAST]) or None,
            "passes": int(st[PASSES]),
        }
        if self.counts_turns:  # the game may be drawn by its length (turn-limit)
            spec["turns"] = int(st[TURNS])
        if st[FIRST] != st[TO_MOVE] and st[PHASE] == PLACEMENT and self.first_matters:
            spec["first"] = int(st[FIRST]) + 1  # it decides when the movement phase begins
        if st[N_REC] or st[N_REC + 1]:
            spec["recorded_lines"] = [
                [self.grid.names(int(st[REC + p * MAX_REC + i])) for i in range(int(st[N_REC + p]))] for p in (0, 1)
            ]
        if st[STATUS] == ONGOING and st[STAGE] != STAGE_TURN:
            spec["stage"] = "removal" if st[STAGE] == STAGE_REMOVAL else "placement"
            spec["removed"] = bool(st[REMOVED])
            spec["placed"] = int(st[PLACED])
            if st[STAGE] == STAGE_REMOVAL and st[LINE]:  # kept with removal = next-to-line only
                spec["line"] = self.grid.names(int(st[LINE]))
            if st[STAGE] == STAGE_REMOVAL and st[OWED]:  # double_line one-per-line
                spec["owed"] = int(st[OWED])
        return spec

    def legal_moves(self, st: np.ndarray) -> list[int]:
        if st[STATUS] != ONGOING:
            return []
        tables = self.move_tables[int(st[LMASK + 3] == 1)] if st[KIND] == K_MOVE else self.tables
        return [int(m) for m in legal_list(st, tables)]

    def move_to_text(self, move: int) -> str:
        return self.move_name(move)

    def text_to_move(self, text: str) -> int:
        return self.parse_move(text)

    def board(self, st: np.ndarray) -> dict[str, Any]:
        return self.board_of(int(st[BOARD]), int(st[BOARD + 1]), int(st[HAND]), int(st[HAND + 1]), int(st[PHASE]),
                             int(st[PIECES]))

    def render(self, params: Params, st: np.ndarray) -> str:
        b = self.board(st)
        letters = "   " + " ".join(chr(ord("a") + c) for c in range(self.cols))
        lines = [letters]
        if self.on_points:  # each point at its place on the lattice, blanks elsewhere
            cells = {self._at(p): "x" if s["piece"] == 1 else "o" if s["piece"] == 2 else "."
                     for p, s in enumerate(b["sites"])}
            rows = ["".join(cells.get((c, r), " ") for c in range(self.cols)) for r in reversed(range(self.rows))]
        else:
            rows = b["rows"]
        for i, row in enumerate(rows):
            r = self.rows - i
            lines.append(f"{r}  " + " ".join(row) + f"  {r}")
        lines.append(letters)
        for p in (0, 1):
            on_board = bin(int(st[BOARD + p])).count("1")
            lines.append(f"player {p + 1} ({SYMBOLS[p]}): {b['hands'][p]} in hand, {on_board} on the board, "
                         f"{b['captures'][p]} taken")
        if st[STATUS] == ONGOING:
            who = f"player {int(st[TO_MOVE]) + 1} ({SYMBOLS[int(st[TO_MOVE])]})"
            doing = {K_PLACE: "to place", K_STEP: "to step", K_MOVE: "to move", K_REMOVE: "to remove an enemy piece",
                     K_PASS: "to pass"}[int(st[KIND])]
            if st[STAGE] == STAGE_SECOND:
                doing = "to place a second piece"
            lines.append(f"{b['phase']} phase; {who} {doing}")
        return "\n".join(lines)

    def trace_move(self, params: Params, st: np.ndarray, move: int,
                   counts: np.ndarray | None = None) -> list[dict[str, Any]]:
        """Play ``move`` and return its events, each with the board after it: ``place`` (point),
        ``step`` (from, to), ``line`` (points; captures: whether it earned the removal that
        follows), ``remove`` (point), ``pass``, and ``phase`` when the movement phase begins."""
        player = int(st[TO_MOVE]) + 1
        log = np.zeros(LOG_SIZE, dtype=np.int64)
        self.apply_logged(params, st, move, log, counts)
        events: list[dict[str, Any]] = []
        for i in range(int(log[0])):
            kind, a, b, b1, b2, h1, h2, phase = (int(x) for x in log[1 + LOG_WIDTH * i:1 + LOG_WIDTH * (i + 1)])
            if kind == EV_PLACE:
                event: dict[str, Any] = {"kind": "place", "player": player, "point": self.grid.name(a)}
            elif kind == EV_STEP:
                event = {"kind": "step", "player": player, "from": self.grid.name(a), "to": self.grid.name(b)}
            elif kind == EV_LINE:
                event = {"kind": "line", "player": player, "points": self.grid.names(a), "captures": bool(b)}
            elif kind == EV_REMOVE:
                event = {"kind": "remove", "player": player, "point": "hand" if a == HAND_POINT else self.grid.name(a)}
            elif kind == EV_PASS:
                event = {"kind": "pass", "player": player}
            else:
                event = {"kind": "phase", "phase": "movement"}
            event["board"] = self.board_of(b1, b2, h1, h2, phase, int(st[PIECES]))
            events.append(event)
        return events

    def evaluate(self, params: Params, st: np.ndarray) -> float:
        """The piece difference (board and hand) for player 1; a decided game is worth +-100, other endings 0."""
        if st[STATUS] == OVER:
            return {0: 0.0, 1: 100.0, 2: -100.0}[int(st[WINNER])]
        if st[STATUS] != ONGOING:
            return 0.0
        n = [bin(int(st[BOARD + p])).count("1") + int(st[HAND + p]) for p in (0, 1)]
        return float(n[0] - n[1])

