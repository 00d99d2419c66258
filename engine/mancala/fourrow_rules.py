"""The Python side of the sowing machine's four-row boards (engine.mancala.fourrow_machine): the
:class:`engine.game.Rules` of a four-row game described in ``data/sowing/`` (its parameters,
positions set up from a spec and read back, the board as data and drawn, traced moves, notation:
engine.mancala.fourrow). A game with a description needs no Python of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from engine.game import Limits
from engine.machine import TRUNCATED, KernelRules, Params
from engine.mancala import description as described
from engine.mancala import fourrow, layout
from engine.mancala.fourrow_machine import (
    CHOSEN, COVER, LEGAL, LOGGED, LOG_CAPTURE, LOG_EXTRA, LOG_LAP, LOG_PASS, LOG_STOP, MISORO, MISORO_EACH, N_LEGAL,
    PASSES, PENDING, PER_ROW, PHASE, PHASE_EXTRA, PHASE_SETUP, PHASE_START, PHASE_STOP, RELAY, SIDE, STATE_SIZE,
    STATUS, STORE, TO_MOVE, WINNER, run,
)
from engine.mancala.layout import F_STOP, GEO
from engine.mancala.fourrow import PASS, PLAYER_MOVES
from engine.position import captures_of, check_fields, passes_of, player_to_move
from engine.repetition import new_table
from engine.result import ONGOING, OVER
from schema.sowing import SowingDescription


def _per_row(st: np.ndarray) -> int:
    return int(st[PER_ROW])


class FourRowGame(KernelRules):
    """A four-row game the sowing machine plays from its description."""

    machine = staticmethod(run)
    STATUS, TO_MOVE, N_LEGAL, LEGAL = STATUS, TO_MOVE, N_LEGAL, LEGAL

    def __init__(self, description: SowingDescription, name: str) -> None:
        self.description = description
        self.id = description.game
        self.name = name
        self.switches = described.switches(description)

    def _binding(self, name: str, value: object) -> str:
        """The switch option that sets ``name`` to ``value`` (``switch = option``), for messages."""
        for s in self.description.switches:
            for option, sets in s.options.items():
                if sets.get(name) == value:
                    return f"{s.id} = {option}"
        return f"{name} = {value}"

    def build(self, values: Mapping[str, str], limits: Limits) -> Params:
        rules = self.description.rules_for(dict(values))
        settings = self.description.settings(dict(values))
        n = int(settings.get("board.holes_per_row", self.description.board.holes_per_row))
        special = settings.get("special-holes.kind", described.primitive(self.description, "special-holes", "kind"))
        head = 1 << (n - 1) if special == "heads" else 0  # the rightmost outer hole: position N-1
        header = [0] * GEO
        header[layout.F_SITES], header[layout.F_LENGTH], header[layout.F_PER_ROW] = 4 * n, 2 * n, n
        header[layout.F_EXTRA] = int(settings.get("extra-captures.count",
                                                  described.primitive(self.description, "extra-captures", "count")))
        header[F_STOP], header[F_STOP + 1] = head, head
        header[layout.F_MIN_COUNTERS] = rules.min_counters
        header[layout.F_SINGLE_CAPTURES] = int(rules.single_captures)
        header[layout.F_SPECIAL] = layout.SPECIAL_KINDS.index(special)
        header[layout.F_START_OUTER], header[layout.F_START_INNER] = self.description.setup.counters_per_row
        for slot, name in ((layout.F_SINGLETON, "singleton"), (layout.F_CAPTURE, "capture"), (layout.F_END, "end"),
                           (layout.F_NO_MOVE, "no_move"), (layout.F_ENDLESS, "endless"),
                           (layout.F_FIRST_PLAYER, "first_player")):
            header[slot] = layout.code(name, getattr(rules, name))
        par = np.concatenate([np.array(header, dtype=np.int64), fourrow.geometry(n)])
        return Params(par=par, state_size=STATE_SIZE, limits=limits, values=dict(values),
                      table=new_table(4 * n, int(limits.moves) + 2, 4 * n),
                      scratch=np.zeros(STATE_SIZE, dtype=np.int64),
                      extra={"per_row": n, "special": special, "rules": rules})

    def position(self, params: Params, spec: Mapping[str, Any]) -> np.ndarray:
        """``{"a": [2N counts, holes a1..], "b": [...], "captures": [p1, p2], "to_move": 1 | 2}`` and,
        optionally, ``"misoro": {"a": [holes], "b": [holes]}`` (heads = immune; fewer than two each:
        the choosing goes on), ``"extra_captures": k`` (the player to move still takes k holes),
        ``"stop_at": hole`` (the player to move decides whether to relay from that head or misoro),
        ``"passes": 0 | 1``."""
        n = params.extra["per_row"]
        check_fields(spec, ("a", "b", "captures", "to_move", "misoro", "extra_captures", "stop_at", "passes"))
        f = 4 * n
        st = np.zeros(STATE_SIZE, dtype=np.int64)
        st[:f] = fourrow.board_from_holes(n, spec)
        st[PER_ROW] = n
        st[STORE], st[STORE + 1] = captures_of(spec)
        st[SIDE], st[SIDE + 1] = int(st[:2 * n].sum()), int(st[2 * n:f].sum())
        st[COVER], st[COVER + 1] = (fourrow.occupied_positions(n, st[:f], q) for q in (0, 1))
        to_move = player_to_move(spec)
        p = to_move - 1
        st[TO_MOVE] = p
        immune = params.extra["special"] == "chosen"
        misoro = spec.get("misoro")
        if misoro is not None:
            if not immune:
                raise ValueError(f"position misoro: only with {self._binding('special-holes.kind', 'chosen')}")
            if not isinstance(misoro, Mapping) or set(misoro) - {"a", "b"}:
                raise ValueError(f"position misoro must be {{'a': [holes], 'b': [holes]}}, not {misoro!r}")
            for q, key in enumerate(fourrow.ROW_LETTERS):
                holes = misoro.get(key, [])
                if not isinstance(holes, (list, tuple)) or len(holes) > MISORO_EACH or len(set(holes)) != len(holes):
                    raise ValueError(f"position misoro {key!r}: at most two different holes, not {holes!r}")
                for h in holes:
                    m = fourrow.parse_move(h, 2 * n) if isinstance(h, str) else -1
                    if m < 0 or m // PLAYER_MOVES != q or m % PLAYER_MOVES >= n:
                        raise ValueError(f"position misoro {key!r}: {h!r} is not a hole of {key}'s outer row ({key}1-{key}{n})")
                    st[MISORO + q] |= 1 << (m % PLAYER_MOVES)
                st[CHOSEN] += len(holes)
        phase = PHASE_START
        if immune and st[CHOSEN] < 2 * MISORO_EACH:
            phase = PHASE_SETUP
            counts = [bin(int(st[MISORO + q])).count("1") for q in (0, 1)]
            chooser = 0 if counts[0] == counts[1] else (1 if counts[0] == counts[1] + 1 else -1)
            if chooser != p:
                raise ValueError(f"position: misoro are chosen in turn, player 1 first; player {to_move} is not the one to choose")
        extra = spec.get("extra_captures", 0)
        if isinstance(extra, bool) or not isinstance(extra, (int, np.integer)) or extra < 0:
            raise ValueError(f"position extra_captures must be a non-negative integer, not {extra!r}")
        stop_at = spec.get("stop_at")
        if (extra or stop_at is not None) and phase == PHASE_SETUP:
            raise ValueError("position: no extra capture or stop while misoro are still being chosen")
        if extra and stop_at is not None:
            raise ValueError("position: extra_captures and stop_at cannot both be given")
        if extra:
            phase = PHASE_EXTRA
            st[PENDING] = extra
        if stop_at is not None:
            m = fourrow.parse_move(stop_at, 2 * n) if isinstance(stop_at, str) else -1
            pos = m % PLAYER_MOVES
            if m < 0 or m >= PASS or m // PLAYER_MOVES != p:
                raise ValueError(f"position stop_at must name a hole of the player to move, not {stop_at!r}")
            site = fourrow.site_of(n, p, pos)
            may_stop = int(params.par[F_STOP + p]) | int(st[MISORO + p])
            if not (may_stop >> pos) & 1 or st[site] < 2:
                raise ValueError(f"position stop_at {stop_at!r}: not a head or misoro of the player to move holding 2 or more")
            phase = PHASE_STOP
            st[RELAY] = site
        st[PASSES] = passes_of(spec)
        st[PHASE] = phase
        self.settle(params, st)
        return st

    def position_spec(self, st: np.ndarray) -> dict[str, Any]:
        n = _per_row(st)
        f = 4 * n
        spec: dict[str, Any] = dict(fourrow.counts_by_hole(n, st[:f]))
        spec["captures"] = [int(st[STORE]), int(st[STORE + 1])]
        spec["to_move"] = int(st[TO_MOVE]) + 1
        misoro = self._misoro(st)
        if misoro["a"] or misoro["b"]:
            spec["misoro"] = misoro
        if st[PHASE] == PHASE_EXTRA:
            spec["extra_captures"] = int(st[PENDING])
        if st[PHASE] == PHASE_STOP:
            spec["stop_at"] = fourrow.site_name(n, int(st[RELAY]))
        if st[PASSES]:
            spec["passes"] = int(st[PASSES])
        return spec

    def _misoro(self, st: np.ndarray) -> dict[str, list[str]]:
        n = _per_row(st)
        return {key: [fourrow.hole_name(q, pos) for pos in range(n) if (int(st[MISORO + q]) >> pos) & 1]
                for q, key in enumerate(fourrow.ROW_LETTERS)}

    def trace_move(self, params: Params, st: np.ndarray, move: int,
                   counts: np.ndarray | None = None) -> list[dict[str, Any]]:
        """Play ``move`` and return its laps, captures, passes, stops and misoro choices, each with
        the board after it."""
        n = params.extra["per_row"]
        mover = int(st[TO_MOVE]) + 1
        entries, truncated = self.logged_move(params, st, move, counts, LOGGED)
        misoro = self._misoro(st)  # only a misoro choice changes them, and it is a move of its own
        events: list[dict[str, Any]] = []
        for e in entries:
            kind = int(e[0])
            board = self._board(n, e[4:4 + 4 * n], [int(e[4 + STORE]), int(e[5 + STORE])], misoro)
            if kind == LOG_LAP:
                events.append({"kind": "lap", "from": fourrow.site_name(n, int(e[1])), "count": int(e[2]),
                               "last": fourrow.site_name(n, int(e[3])), "player": mover, "board": board})
            elif kind in (LOG_CAPTURE, LOG_EXTRA):
                ev = {"kind": "capture", "hole": fourrow.site_name(n, int(e[1])), "count": int(e[2]),
                      "player": int(e[3]) + 1, "board": board}
                if kind == LOG_EXTRA:
                    ev["extra"] = True
                events.append(ev)
            elif kind == LOG_STOP:
                events.append({"kind": "stop", "hole": fourrow.site_name(n, int(e[1])), "player": mover, "board": board})
            elif kind == LOG_PASS:
                events.append({"kind": "pass", "player": mover, "board": board})
            else:
                events.append({"kind": "misoro", "hole": fourrow.site_name(n, int(e[1])), "player": mover,
                               "board": board})
        return events + [dict(TRUNCATED)] if truncated else events

    def evaluate(self, params: Params, st: np.ndarray) -> float:
        """Counters on player 1's side minus player 2's; +-1000 once the game is won."""
        f = 4 * _per_row(st)
        if st[STATUS] == OVER:
            w = int(st[WINNER])
            return 0.0 if w == 0 else (1000.0 if w == 1 else -1000.0)
        half = f // 2
        return float(st[:half].sum() - st[half:f].sum())

    def move_to_text(self, move: int) -> str:
        return fourrow.move_name(move)

    def text_to_move(self, text: str) -> int:
        return fourrow.parse_move(text, fourrow.MAX_TRACK)

    def board(self, st: np.ndarray) -> dict[str, Any]:
        """Counts by hole (``a``, ``b``), captures, misoro (if chosen) and the holes for drawing
        (``sites``, engine.mancala.fourrow.board_sites)."""
        n = _per_row(st)
        return self._board(n, st[:4 * n], [int(st[STORE]), int(st[STORE + 1])], self._misoro(st))

    @staticmethod
    def _board(n: int, cells: np.ndarray, captures: list[int], misoro: dict[str, list[str]]) -> dict[str, Any]:
        out: dict[str, Any] = dict(fourrow.counts_by_hole(n, cells))
        out["captures"] = captures
        if misoro["a"] or misoro["b"]:
            out["misoro"] = misoro
        out["sites"] = fourrow.board_sites(n, cells)
        return out

    def render(self, params: Params, st: np.ndarray) -> str:
        n = _per_row(st)
        f = 4 * n
        to_move = None if st[STATUS] != ONGOING else int(st[TO_MOVE]) + 1
        marks: dict[int, str] = {}
        for q in (0, 1):
            safe = int(params.par[F_STOP + q]) | int(st[MISORO + q])
            for pos in range(n):
                if (safe >> pos) & 1:
                    marks[fourrow.site_of(n, q, pos)] = "*"
        notes = [f"{int(st[SIDE])} counters, captured {int(st[STORE])}",
                 f"{int(st[SIDE + 1])} counters, captured {int(st[STORE + 1])}"]
        footer = []
        heads = params.extra["special"]
        if heads == "heads":
            footer.append("* head: a lap ending there, occupied, may relay or stop")
        elif heads == "chosen":
            footer.append("* misoro: safe from extra captures; a lap ending there may stop")
        phase = int(st[PHASE])
        if to_move is not None:
            if phase == PHASE_EXTRA:
                footer.append(f"player {to_move} takes {int(st[PENDING])} more opponent hole(s)")
            elif phase == PHASE_STOP:
                footer.append(f"player {to_move}'s lap ended in {fourrow.site_name(n, int(st[RELAY]))}: relay or stop")
            elif phase == PHASE_SETUP:
                footer.append(f"player {to_move} chooses a misoro in their outer row")
        return fourrow.board_text(n, st[:f], to_move, marks, notes, footer)

