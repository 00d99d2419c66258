"""Lobudök's Python side over its kernels (engine.games.lobudok): the parameter array, positions
set up from a spec and read back, the board as data and drawn, traced moves, notation
(engine.mancala.fourrow) and the :class:`Lobudok` rules the registry (engine.games) serves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from engine.game import Limits
from engine.games.lobudok import (
    CORNERS, COVER, GAME_ID, HOLES, LEGAL, LOG_CAPTURE, LOG_LAP, LOG_LAP_FULL, LOG_RESOW, MIDDLE, NAME, N_LEGAL,
    PASSES, PER_ROW, PHASE, PHASE_CHOICE, P_START, RELAY, RELEASED_FLAG, RESERVES, SIDE, SITES, SNAPSHOT, START,
    STATE_SIZE, STATUS, SWITCHES, TO_MOVE, TURN_START, WINNER, run,
)
from engine.machine import TRUNCATED, KernelRules, Params
from engine.mancala import fourrow
from engine.mancala.fourrow import PASS, PLAYER_MOVES
from engine.position import check_fields, passes_of, player_to_move
from engine.repetition import new_table
from engine.result import ONGOING, OVER


def _parameters(values: Mapping[str, str]) -> np.ndarray:
    sw = [s.index(values[s.id]) for s in SWITCHES]
    corner = [0] * SITES
    middle: list[int] = []
    reserve: list[int] = []
    for p in (0, 1):
        for pos in CORNERS:
            corner[fourrow.site_of(PER_ROW, p, pos)] = 1
        middle += [fourrow.site_of(PER_ROW, p, pos) for pos in MIDDLE]
        reserve += [fourrow.site_of(PER_ROW, p, pos) for pos in RESERVES]
    restricted_skips = CORNERS if values["lobudok.restricted-sowing"] == "skip-corners" else ()
    geo = fourrow.geometry(PER_ROW, (restricted_skips, ()))
    par = np.concatenate([np.array(sw + corner + middle + reserve, dtype=np.int64), geo,
                          np.array(START, dtype=np.int64)])
    if par.size != P_START + HOLES:
        raise RuntimeError("the Lobudok parameter layout is inconsistent")  # a programming error, not input
    return par


class Lobudok(KernelRules):
    """The engine's Lobudök."""

    id, name, switches, machine = GAME_ID, NAME, SWITCHES, staticmethod(run)
    STATUS, TO_MOVE, N_LEGAL, LEGAL = STATUS, TO_MOVE, N_LEGAL, LEGAL

    def build(self, values: Mapping[str, str], limits: Limits) -> Params:
        return Params(par=_parameters(values), state_size=STATE_SIZE, limits=limits, values=dict(values),
                      table=new_table(SITES, int(limits.moves) + 2, SNAPSHOT),
                      scratch=np.zeros(STATE_SIZE, dtype=np.int64))

    def position(self, params: Params, spec: Mapping[str, Any]) -> np.ndarray:
        """``{"a": [16 counts, holes a1..a16], "b": [...], "to_move": 1 | 2}`` and, optionally,
        ``"released": [bool, bool]`` (release-permanent = permanent), ``"relay_from": hole`` (per-turn:
        the lap of the player to move ended in that corner and they choose its kind),
        ``"turn_start": hole`` (the hole the turn started from, for resow-from = move-start),
        ``"passes": 0 | 1``."""
        check_fields(spec, ("a", "b", "to_move", "released", "relay_from", "turn_start", "passes"))
        st = np.zeros(STATE_SIZE, dtype=np.int64)
        st[:SITES] = fourrow.board_from_holes(PER_ROW, spec)
        to_move = player_to_move(spec)
        p = to_move - 1
        st[TO_MOVE] = p
        st[SIDE], st[SIDE + 1] = int(st[:HOLES].sum()), int(st[HOLES:SITES].sum())
        st[COVER], st[COVER + 1] = (fourrow.occupied_positions(PER_ROW, st[:SITES], q) for q in (0, 1))
        released = spec.get("released", [False, False])
        if not isinstance(released, (list, tuple)) or len(released) != 2 or not all(isinstance(r, bool) for r in released):
            raise ValueError(f"position released must be two booleans, not {released!r}")
        if any(released) and params.values["lobudok.release-permanent"] != "permanent":
            raise ValueError("position released: release is remembered only with lobudok.release-permanent = permanent")
        st[RELEASED_FLAG], st[RELEASED_FLAG + 1] = (int(r) for r in released)

        def own_hole(field: str) -> int:
            text = spec[field]
            m = fourrow.parse_move(text, HOLES) if isinstance(text, str) else -1
            if m < 0 or m >= PASS or m // PLAYER_MOVES != p:
                raise ValueError(f"position {field} must name a hole of the player to move, not {text!r}")
            return fourrow.site_of(PER_ROW, p, m % PLAYER_MOVES)

        if "relay_from" in spec:
            site = own_hole("relay_from")
            choice = (params.values["lobudok.release-permanent"] == "per-turn"
                      and params.values["lobudok.restricted-sowing"] == "skip-corners")
            middle = any(st[fourrow.site_of(PER_ROW, p, pos)] > 1 for pos in MIDDLE)
            if not choice or fourrow.owner_and_position(PER_ROW, site)[1] not in CORNERS or st[site] < 2 or middle:
                raise ValueError(f"position relay_from {spec['relay_from']!r}: no choice of lap there under these switches "
                                 "(per-turn release with skip-corners, a corner holding 2+, no middle hole holding 2+)")
            st[PHASE] = PHASE_CHOICE
            st[RELAY] = site
            st[TURN_START] = site
        if "turn_start" in spec:
            st[TURN_START] = own_hole("turn_start")
        st[PASSES] = passes_of(spec)
        self.settle(params, st)
        return st

    def position_spec(self, st: np.ndarray) -> dict[str, Any]:
        spec: dict[str, Any] = dict(fourrow.counts_by_hole(PER_ROW, st[:SITES]))
        spec["to_move"] = int(st[TO_MOVE]) + 1
        spec["released"] = [bool(st[RELEASED_FLAG]), bool(st[RELEASED_FLAG + 1])]
        if st[PHASE] == PHASE_CHOICE:
            spec["relay_from"] = fourrow.site_name(PER_ROW, int(st[RELAY]))
            spec["turn_start"] = fourrow.site_name(PER_ROW, int(st[TURN_START]))
        if st[PASSES]:
            spec["passes"] = int(st[PASSES])
        return spec

    def trace_move(self, params: Params, st: np.ndarray, move: int,
                   counts: np.ndarray | None = None) -> list[dict[str, Any]]:
        """Play ``move`` and return its laps (``restricted``: corners passed over or not), captures,
        re-sowings and passes, each with the board after it."""
        mover = int(st[TO_MOVE]) + 1
        skip_corners = params.values["lobudok.restricted-sowing"] == "skip-corners"
        entries, truncated = self.logged_move(params, st, move, counts, SITES)
        events: list[dict[str, Any]] = []
        last_lap_restricted = False

        def name(site: int) -> str:
            return fourrow.site_name(PER_ROW, int(site))

        released = [bool(st[RELEASED_FLAG]), bool(st[RELEASED_FLAG + 1])]  # set between moves only
        for e in entries:
            kind = int(e[0])
            board = self._board(e[4:4 + SITES], released)
            if kind in (LOG_LAP, LOG_LAP_FULL):
                last_lap_restricted = kind == LOG_LAP and skip_corners
                events.append({"kind": "lap", "from": name(e[1]), "count": int(e[2]), "last": name(e[3]),
                               "player": mover, "restricted": last_lap_restricted, "board": board})
            elif kind == LOG_CAPTURE:
                events.append({"kind": "capture", "hole": name(e[1]), "count": int(e[2]), "player": int(e[3]) + 1,
                               "board": board})
            elif kind == LOG_RESOW:
                events.append({"kind": "resow", "after": name(e[1]), "count": int(e[2]), "last": name(e[3]),
                               "player": mover, "restricted": last_lap_restricted, "board": board})
            else:
                events.append({"kind": "pass", "player": mover, "board": board})
        return events + [dict(TRUNCATED)] if truncated else events

    def evaluate(self, params: Params, st: np.ndarray) -> float:
        """Counters on player 1's side minus player 2's; +-1000 once the game is won."""
        if st[STATUS] == OVER:
            w = int(st[WINNER])
            return 0.0 if w == 0 else (1000.0 if w == 1 else -1000.0)
        return float(st[:HOLES].sum() - st[HOLES:SITES].sum())

    def move_to_text(self, move: int) -> str:
        return fourrow.move_name(move)

    def text_to_move(self, text: str) -> int:
        return fourrow.parse_move(text, HOLES, released=True)

    def board(self, st: np.ndarray) -> dict[str, Any]:
        """Counts by hole (``a``, ``b``), who is released (release-permanent = permanent) and the
        holes for drawing (``sites``, engine.mancala.fourrow.board_sites)."""
        return self._board(st[:SITES], [bool(st[RELEASED_FLAG]), bool(st[RELEASED_FLAG + 1])])

    @staticmethod
    def _board(cells: np.ndarray, released: list[bool]) -> dict[str, Any]:
        out: dict[str, Any] = dict(fourrow.counts_by_hole(PER_ROW, cells))
        out["released"] = released
        sites = fourrow.board_sites(PER_ROW, cells)
        corners = {f"{row}{pos + 1}" for row in "ab" for pos in CORNERS}
        for site in sites:  # the corner holes, marked on the drawn board
            site["corner"] = site["name"] in corners
        out["sites"] = sites
        return out

    def render(self, params: Params, st: np.ndarray) -> str:
        to_move = None if st[STATUS] != ONGOING else int(st[TO_MOVE]) + 1
        marks = {fourrow.site_of(PER_ROW, p, pos): "'" for p in (0, 1) for pos in CORNERS}
        per_turn = params.values["lobudok.release-permanent"] == "per-turn"
        notes = ["", ""]
        for p in (0, 1):
            total = int(st[p * HOLES:(p + 1) * HOLES].sum())
            state = "" if per_turn else ("released" if st[RELEASED_FLAG + p] else "restricted") + ", "
            notes[p] = f"{state}{total} counters"
        footer = ["' corner (holes 1, 8, 9, 16)" + ("; release is decided afresh each turn" if per_turn else "")]
        if to_move is not None and st[PHASE] == PHASE_CHOICE:
            hole = fourrow.site_name(PER_ROW, int(st[RELAY]))
            footer.append(f"lap ended in {hole}: relay restricted ({hole}) or released ({hole}+)")
        return fourrow.board_text(PER_ROW, st[:SITES], to_move, marks, notes, footer)


RULES = Lobudok()
