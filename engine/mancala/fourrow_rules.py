"""The Python side of the sowing machine's four-row boards (engine.mancala.machine.four_rows): the
:class:`engine.game.Rules` of a four-row game described in ``data/sowing/`` (its parameters,
positions set up from a spec and read back, the board as data and drawn, traced moves, notation:
engine.mancala.fourrow). A game with a description needs no Python of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from engine.game import Limits
from engine.machine import TRUNCATED, KernelRules, Params
from engine.mancala import description as described
from engine.mancala import rules as rulebook
from engine.mancala import fourrow, layout
from engine.mancala.machine import turn
from engine.mancala.rule import Board
from engine.mancala.machine.four_rows import (
    CHOSEN, COVER, DUE, FIRST, GEO, LEGAL, LOGGED, LOG_CAPTURE, LOG_EXTRA, LOG_LAP, LOG_LAP_RESTRICTED, LOG_PASS,
    LOG_RESOW, LOG_STOP, LOG_TAKE, MISORO, N_LEGAL, OPENED,
    PARAMS_SIZE, PASSES, PENDING, PER_ROW, PHASE, PHASE_CHOICE, PHASE_EXTRA, PHASE_OPENING_STEP, PHASE_SETUP,
    PHASE_START, PHASE_STOP, RELAY, RELEASED_FLAG, SIDE, SNAPSHOT_FIELDS, STATE_SIZE, STATUS, STEPS_MADE, STEP_SLOT,
    STORE, TO_MOVE, TURN_START, WINNER,
)
from engine.mancala.layout import F_STOP
from engine.mancala.fourrow import MAX_SITES, MAX_TRACK, PASS, PLAYER_MOVES
from engine.position import captures_of, check_fields, passes_of, player_to_move
from engine.repetition import new_table
from engine.result import ONGOING, OVER
from engine.specialise import SpecialisedKernels, Specialiser
from engine.mancala.rules import opening as opening_rule
from engine.mancala.rules.opening_steps import S_COUNT, S_FROM_HOLE, S_HOLE, S_INTO, S_RELAY, S_TAKE, OpeningStep
from engine.mancala.rules.extra_captures import counts as extra_counts
from schema.sowing import SowingDescription


def _per_row(st: np.ndarray) -> int:
    return int(st[PER_ROW])


def corners(per_row: int) -> tuple[int, ...]:
    """The positions of a player's corner holes (holes 1, N, N+1, 2N: the ends of their two rows)."""
    return (0, per_row - 1, per_row, 2 * per_row - 1)


def reserves(per_row: int) -> tuple[int, int]:
    """The positions of the corners of a player's inner row (holes N+1 and 2N), where restricted-holes
    releases a player under ``release: reserve-holes``."""
    return (per_row, 2 * per_row - 1)


def is_count(x: Any) -> bool:
    """A non-negative integer (not a bool)."""
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def pair(spec: Mapping[str, Any], key: str, default: Any, valid: Callable[[Any], bool], what: str) -> list:
    """A position's field of one value a player (``[default, default]`` when not given); ValueError
    naming the field and what it must be."""
    value = spec.get(key, [default, default])
    if not isinstance(value, (list, tuple)) or len(value) != 2 or not all(valid(x) for x in value):
        raise ValueError(f"position {key} must be {what}, not {value!r}")
    return list(value)


class FourRowGame(SpecialisedKernels, KernelRules):
    """A four-row game the sowing machine plays from its description (on the kernels of its
    combination of rules: engine.specialise)."""

    specialiser = Specialiser(turn, (layout.ROWS, *layout.FOUR_RULE_SLOTS))
    board_key = ((layout.ROWS, 4),)
    STATUS, TO_MOVE, N_LEGAL, LEGAL = STATUS, TO_MOVE, N_LEGAL, LEGAL

    def __init__(self, description: SowingDescription, name: str) -> None:
        described.check_played(description)
        self.description = description
        self.id = description.game
        self.name = name
        self.switches = described.switches(description)
        named = {p.name for p in description.primitives}
        self.restricted = "restricted-holes" in named
        self.stores = description.board.stores
        self.fields = ["a", "b", "to_move", "passes"] + (["captures"] if self.stores else [])
        if "special-holes" in named:
            self.fields += ["misoro", "stop_at"]
        if "extra-captures" in named:
            self.fields += ["extra_captures"]
        steps = described.primitive(description, "opening", "steps")
        self.opening = "opening" in named and steps is None  # each player's first turn
        if self.opening:
            self.fields += ["opening_played"]
        counts = [described.primitive(description, "extra-captures", "count")]
        counts += [o.get("extra-captures.count") for s in description.switches for o in s.options.values()]
        self.graduated = any(isinstance(c, list) for c in counts)
        if self.graduated:
            self.fields += ["extra_rounds"]
        if self.restricted:
            self.fields += ["released", "relay_from", "turn_start"]
        self.opening_steps = "opening" in named and steps is not None  # fixed steps
        if self.opening_steps:
            self.fields += ["opening_steps"]
        per_row = description.board.holes_per_row
        self.holes = 2 * per_row if per_row is not None else MAX_TRACK

    def _binding(self, name: str, value: object) -> str:
        """The switch option that sets ``name`` to ``value`` (``switch = option``), for messages."""
        for s in self.description.switches:
            for option, sets in s.options.items():
                if sets.get(name) == value:
                    return f"{s.id} = {option}"
        return f"{name} = {value}"

    def _primitive(self, settings: Mapping[str, Any], name: str, param: str) -> Any:
        return settings.get(f"{name}.{param}", described.primitive(self.description, name, param))

    def reading_arrays(self) -> list[np.ndarray]:
        defaults = {s.id: s.default for s in self.switches}
        return [self.build(defaults | s, Limits(turns=1, moves=1)).par for s in rulebook.settings(self.description)]

    def build(self, values: Mapping[str, str], limits: Limits, ruleset: str | None = None) -> Params:
        reading = rulebook.reading(self.description, rulebook.with_ruleset(values, ruleset))
        for where, why in rulebook.refused(reading):
            raise ValueError(f"sowing description {self.id!r} ({reading.under}): {where}: {why}")
        rules, settings = reading.rules, reading.settings
        n = reading.holes_per_row
        special = self._primitive(settings, "special-holes", "kind")
        header = [0] * GEO
        header[layout.F_ROWS] = 4
        header[layout.F_SITES], header[layout.F_LENGTH], header[layout.F_PER_ROW] = 4 * n, 2 * n, n
        for name, value in layout.rule_slots(4, reading, Board(4, n)).items():
            header[layout.FOUR_PARAM_FIELDS[name]] = value
        restricted: dict[str, Any] = {}
        if self.restricted:
            restricted = {param: self._primitive(settings, "restricted-holes", param)
                          for param in ("sowing", "release", "lasting", "capture")}
        header[layout.F_SNAPSHOT] = int(self.restricted or rules.capture == "both-opposite")
        skips = corners(n) if restricted.get("sowing") == "skip-corners" else ()
        corner = [0] * MAX_SITES
        middle = [[], []]
        reserve = []
        for p in (0, 1):
            for pos in corners(n):
                corner[fourrow.site_of(n, p, pos)] = 1
            middle[p] = [fourrow.site_of(n, p, pos) for pos in range(2 * n) if pos not in corners(n)]
            reserve += [fourrow.site_of(n, p, pos) for pos in reserves(n)]
        start = self._layout(n, values)
        header[layout.F_START_SIDE] = sum(start)
        header[layout.F_START_COVER] = described.as_int64(sum(1 << pos for pos, c in enumerate(start) if c > 0))
        board = [0] * MAX_SITES
        for p in (0, 1):
            for pos, c in enumerate(start):
                board[fourrow.site_of(n, p, pos)] = c
        par = np.zeros(PARAMS_SIZE, dtype=np.int64)  # the header, the geometry, then the tables by name
        par[:GEO] = header
        geometry = fourrow.geometry(n, ((), skips))
        par[GEO:GEO + geometry.size] = geometry
        tables = {"board": board, "extra": extra_counts(reading), "corner": corner, "middle": middle[0] + [0] * (MAX_TRACK - len(middle[0]))
                  + middle[1], "reserve": reserve,
                  "steps": [x for step in self._opening_steps(settings, n) for x in step]}
        for name, values_ in tables.items():
            at = layout.FOUR_TABLES[name]
            par[at:at + len(values_)] = values_
        if GEO + geometry.size > layout.FOUR_TABLES["board"]:
            raise RuntimeError("the four-row geometry overruns the tables")  # a programming error, not input
        return Params(par=par, state_size=STATE_SIZE, limits=limits, values=dict(values),
                      table=new_table(4 * n, int(limits.moves) + 2, 4 * n + SNAPSHOT_FIELDS),
                      scratch=np.zeros(STATE_SIZE, dtype=np.int64),
                      extra={"per_row": n, "special": special or "none", "rules": rules, "restricted": restricted,
                             "chosen_each": header[layout.F_CHOSEN_EACH]})

    def _opening_steps(self, settings: Mapping[str, Any], n: int) -> list[list[int]]:
        """opening.steps as the kernels read them (S_HOLE .. S_RELAY, positions for holes)."""
        if not self.opening_steps:
            return []
        steps = [OpeningStep.model_validate(step) for step in self._primitive(settings, "opening", "steps") or []]
        out = []
        for step in steps:  # their number and holes are checked by the rule (engine.mancala.rules.opening_steps)
            row = [0] * STEP_SLOT
            row[S_HOLE] = step.hole - 1
            row[S_COUNT] = 0 if step.count == "all" else step.count
            row[S_FROM_HOLE] = int(step.from_hole)
            row[S_TAKE] = step.take
            row[S_INTO] = (step.into or 1) - 1
            row[S_RELAY] = int(step.relay)
            out.append(row)
        return out

    def _layout(self, n: int, values: Mapping[str, str]) -> list[int]:
        """Each player's holes at the start, by position: the set-up's layout, or its count per row
        (the set-up the switches ``values`` give, where a switch binds it)."""
        setup = self.description.setup_for(dict(values))
        if setup.layout is not None:
            if len(setup.layout) != 2 * n:
                raise ValueError(f"sowing description {self.id!r}: setup.layout lists {len(setup.layout)} counts; "
                                 f"each player has {2 * n} holes on a board of {n} holes a row")
            return list(setup.layout)
        outer, inner = setup.counters_per_row
        return [outer] * n + [inner] * n

    def position(self, params: Params, spec: Mapping[str, Any]) -> np.ndarray:
        """``{"a": [2N counts, holes a1..], "b": [...], "to_move": 1 | 2}`` and, where the description
        has them: ``"captures": [p1, p2]`` (stores); ``"misoro": {"a": [holes], "b": [holes]}``
        (special-holes chosen; fewer than its count each: the choosing goes on), ``"stop_at": hole`` (the
        player to move decides whether to relay from that head or misoro); ``"extra_captures": k``
        (the player to move still takes k holes); ``"released": [bool, bool]`` (restricted-holes
        lasting permanent), ``"relay_from": hole`` (per-turn: the lap of the player to move ended in
        that corner and they choose its kind), ``"turn_start": hole`` (the hole the turn started
        from, for resow_from = move-start); ``"opening_played": [bool, bool]`` (primitive opening:
        whether each player has had their first turn); ``"extra_rounds": [k1, k2]`` (extra-captures'
        count a list: the times they have fallen due to each player); ``"passes": 0 | 1``."""
        n = params.extra["per_row"]
        check_fields(spec, self.fields)
        f = 4 * n
        st = np.zeros(STATE_SIZE, dtype=np.int64)
        st[:f] = fourrow.board_from_holes(n, spec)
        st[PER_ROW] = n
        if self.stores:
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
            each = params.extra["chosen_each"]
            for q, key in enumerate(fourrow.ROW_LETTERS):
                holes = misoro.get(key, [])
                if not isinstance(holes, (list, tuple)) or len(holes) > each or len(set(holes)) != len(holes):
                    raise ValueError(f"position misoro {key!r}: at most {each} different hole(s), not {holes!r}")
                for h in holes:
                    m = fourrow.parse_move(h, 2 * n) if isinstance(h, str) else -1
                    if m < 0 or m // PLAYER_MOVES != q or m % PLAYER_MOVES >= n:
                        raise ValueError(f"position misoro {key!r}: {h!r} is not a hole of {key}'s outer row ({key}1-{key}{n})")
                    st[MISORO + q] |= 1 << (m % PLAYER_MOVES)
                st[CHOSEN] += len(holes)
        phase = PHASE_START
        if immune and st[CHOSEN] < 2 * params.extra["chosen_each"]:
            phase = PHASE_SETUP
            # misoro are chosen in turn, the first player first (player 1, or drawn by lot): the player
            # who has chosen fewer chooses; at equal counts, the first player (under lot, either)
            counts = [bin(int(st[MISORO + q])).count("1") for q in (0, 1)]
            by_lot = params.extra["rules"].first_player == "lot"
            if counts[0] == counts[1]:
                first = chooser = p if by_lot else 0
            elif abs(counts[0] - counts[1]) == 1 and (by_lot or counts[0] > counts[1]):
                chooser = int(counts[0] > counts[1])
                first = 1 - chooser
            else:
                chooser = first = -1
            if chooser != p:
                who = "the first player (drawn by lot) first" if by_lot else "player 1 first"
                raise ValueError(f"position: misoro are chosen in turn, {who}; player {to_move} is not the one to choose")
            st[FIRST] = first
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
        if self.restricted:
            phase = self._restricted_position(params, spec, st, p, phase)
        if self.opening:
            played = pair(spec, "opening_played", False, lambda x: isinstance(x, bool), "two booleans")
            st[OPENED] = int(played[0]) | int(played[1]) << 1
        if self.graduated:
            rounds = pair(spec, "extra_rounds", 0, is_count, "two non-negative integers")
            st[DUE], st[DUE + 1] = rounds
        if self.opening_steps:
            phase = self._opening_steps_position(params, spec, st, p, phase)
        st[PASSES] = passes_of(spec)
        st[PHASE] = phase
        self.settle(params, st)
        return st

    def _restricted_position(self, params: Params, spec: Mapping[str, Any], st: np.ndarray, p: int, phase: int) -> int:
        """The fields of restricted-holes in a position: who is released, a choice of lap, the turn's start."""
        n = params.extra["per_row"]
        restricted = params.extra["restricted"]
        released = spec.get("released", [False, False])
        if not isinstance(released, (list, tuple)) or len(released) != 2 or not all(isinstance(r, bool) for r in released):
            raise ValueError(f"position released must be two booleans, not {released!r}")
        if any(released) and restricted["lasting"] != "permanent":
            raise ValueError("position released: release is remembered only with "
                             f"{self._binding('restricted-holes.lasting', 'permanent')}")
        st[RELEASED_FLAG], st[RELEASED_FLAG + 1] = (int(r) for r in released)

        def own_hole(field: str) -> int:
            text = spec[field]
            m = fourrow.parse_move(text, 2 * n) if isinstance(text, str) else -1
            if m < 0 or m >= PASS or m // PLAYER_MOVES != p:
                raise ValueError(f"position {field} must name a hole of the player to move, not {text!r}")
            return fourrow.site_of(n, p, m % PLAYER_MOVES)

        if "relay_from" in spec:
            site = own_hole("relay_from")
            choice = restricted["lasting"] == "per-turn" and restricted["sowing"] == "skip-corners"
            least = params.extra["rules"].min_counters
            middle = any(st[fourrow.site_of(n, p, pos)] >= least for pos in range(2 * n) if pos not in corners(n))
            if (not choice or fourrow.owner_and_position(n, site)[1] not in corners(n) or st[site] < 2 or middle
                    or phase != PHASE_START):
                raise ValueError(f"position relay_from {spec['relay_from']!r}: no choice of lap there under these switches "
                                 "(per-turn release with skip-corners, a corner holding 2+, no middle hole holding 2+)")
            phase = PHASE_CHOICE
            st[RELAY] = site
            st[TURN_START] = site
        if "turn_start" in spec:
            st[TURN_START] = own_hole("turn_start")
        return phase

    def _opening_steps_position(self, params: Params, spec: Mapping[str, Any], st: np.ndarray, p: int,
                                phase: int) -> int:
        """opening.steps in a position: ``"opening_steps": [k1, k2]``, the steps each player has made
        (every step when not given: the opening is over). The players alternate, the first player
        first: the one who has made fewer moves, at equal counts the first player (player 1, or
        under lot either)."""
        total = int(params.par[layout.F_OPENING_STEPS])
        made = pair(spec, "opening_steps", total, lambda k: is_count(k) and k <= total,
                    f"the steps each player has made, two integers 0 to {total}")
        st[STEPS_MADE], st[STEPS_MADE + 1] = made
        if made[0] == total and made[1] == total:
            return phase
        if phase != PHASE_START or spec.get("passes"):
            raise ValueError("position: no extra capture, stop, choice of lap or pass during the opening steps")
        by_lot = params.extra["rules"].first_player == "lot"
        if made[0] == made[1]:
            first = p
        elif abs(made[0] - made[1]) == 1 and made[p] < made[1 - p]:
            first = 1 - p
        else:
            first = -1
        if first < 0 or (first != 0 and not by_lot):
            who = "the first player (drawn by lot) first" if by_lot else "player 1 first"
            raise ValueError(f"position opening_steps {list(made)!r}: the steps alternate, {who}; player {p + 1} is "
                             "not the one to make the next")
        st[FIRST] = first
        return PHASE_OPENING_STEP

    def position_spec(self, st: np.ndarray) -> dict[str, Any]:
        n = _per_row(st)
        f = 4 * n
        spec: dict[str, Any] = dict(fourrow.counts_by_hole(n, st[:f]))
        if self.stores:
            spec["captures"] = [int(st[STORE]), int(st[STORE + 1])]
        spec["to_move"] = int(st[TO_MOVE]) + 1
        if self.restricted:
            spec["released"] = [bool(st[RELEASED_FLAG]), bool(st[RELEASED_FLAG + 1])]
        misoro = self._misoro(st)
        if misoro["a"] or misoro["b"]:
            spec["misoro"] = misoro
        if st[PHASE] == PHASE_EXTRA:
            spec["extra_captures"] = int(st[PENDING])
        if st[PHASE] == PHASE_STOP:
            spec["stop_at"] = fourrow.site_name(n, int(st[RELAY]))
        if st[PHASE] == PHASE_CHOICE:
            spec["relay_from"] = fourrow.site_name(n, int(st[RELAY]))
            spec["turn_start"] = fourrow.site_name(n, int(st[TURN_START]))
        if st[PASSES]:
            spec["passes"] = int(st[PASSES])
        if self.opening:
            spec["opening_played"] = [bool(int(st[OPENED]) & 1), bool(int(st[OPENED]) & 2)]
        if self.graduated:
            spec["extra_rounds"] = [int(st[DUE]), int(st[DUE + 1])]
        if st[PHASE] == PHASE_OPENING_STEP:
            spec["opening_steps"] = [int(st[STEPS_MADE]), int(st[STEPS_MADE + 1])]
        return spec

    def _misoro(self, st: np.ndarray) -> dict[str, list[str]]:
        n = _per_row(st)
        return {key: [fourrow.hole_name(q, pos) for pos in range(n) if (int(st[MISORO + q]) >> pos) & 1]
                for q, key in enumerate(fourrow.ROW_LETTERS)}

    def _released(self, st: np.ndarray) -> list[bool] | None:
        return [bool(st[RELEASED_FLAG]), bool(st[RELEASED_FLAG + 1])] if self.restricted else None

    def trace_move(self, params: Params, st: np.ndarray, move: int,
                   counts: np.ndarray | None = None) -> list[dict[str, Any]]:
        """Play ``move`` and return its laps (with restricted-holes: ``restricted``, corners passed over
        or not), captures, re-sowings, passes, stops and misoro choices, each with the board after it."""
        n = params.extra["per_row"]
        mover = int(st[TO_MOVE]) + 1
        skip_corners = params.extra["restricted"].get("sowing") == "skip-corners"
        entries, truncated = self.logged_move(params, st, move, counts, LOGGED)
        released = self._released(st)  # set between moves only (at the start of a turn, as the move left it)
        misoro = self._misoro(st)  # only a misoro choice changes them, and it is a move of its own
        events: list[dict[str, Any]] = []
        last_lap_restricted = False

        def name(site: int) -> str:
            return fourrow.site_name(n, int(site))

        for e in entries:
            kind = int(e[0])
            board = self._board(n, e[4:4 + 4 * n], [int(e[4 + STORE]), int(e[5 + STORE])], misoro, released)
            if kind in (LOG_LAP, LOG_LAP_RESTRICTED):
                ev = {"kind": "lap", "from": name(e[1]), "count": int(e[2]), "last": name(e[3]), "player": mover}
                if self.restricted:
                    last_lap_restricted = kind == LOG_LAP_RESTRICTED and skip_corners
                    ev["restricted"] = last_lap_restricted
                events.append({**ev, "board": board})
            elif kind in (LOG_CAPTURE, LOG_EXTRA):
                ev = {"kind": "capture", "hole": name(e[1]), "count": int(e[2]), "player": int(e[3]) + 1, "board": board}
                if kind == LOG_EXTRA:
                    ev["extra"] = True
                events.append(ev)
            elif kind == LOG_RESOW:
                events.append({"kind": "resow", "after": name(e[1]), "count": int(e[2]), "last": name(e[3]),
                               "player": mover, "restricted": last_lap_restricted, "board": board})
            elif kind == LOG_STOP:  # at a head or misoro, or (optional extra captures) taking no more
                ev = {"kind": "stop", "hole": name(e[1])} if e[1] >= 0 else {"kind": "stop"}
                events.append({**ev, "player": mover, "board": board})
            elif kind == LOG_PASS:
                events.append({"kind": "pass", "player": mover, "board": board})
            elif kind == LOG_TAKE:  # an opening step's capture into a hole of the mover's
                events.append({"kind": "capture", "hole": name(e[1]), "count": int(e[2]), "player": mover,
                               "into": name(e[3]), "board": board})
            else:
                events.append({"kind": "misoro", "hole": name(e[1]), "player": mover, "board": board})
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
        return fourrow.parse_move(text, self.holes, released=self.restricted)

    def board(self, st: np.ndarray) -> dict[str, Any]:
        """Counts by hole (``a``, ``b``), captures (stores), misoro (if chosen), who is released
        (restricted-holes) and the holes for drawing (``sites``, engine.mancala.fourrow.board_sites;
        corners marked under restricted-holes)."""
        n = _per_row(st)
        return self._board(n, st[:4 * n], [int(st[STORE]), int(st[STORE + 1])], self._misoro(st), self._released(st))

    def _board(self, n: int, cells: np.ndarray, captures: list[int], misoro: dict[str, list[str]],
               released: list[bool] | None) -> dict[str, Any]:
        out: dict[str, Any] = dict(fourrow.counts_by_hole(n, cells))
        if self.stores:
            out["captures"] = captures
        if misoro["a"] or misoro["b"]:
            out["misoro"] = misoro
        if released is not None:
            out["released"] = released
        sites = fourrow.board_sites(n, cells)
        if self.restricted:
            marked = {fourrow.hole_name(q, pos) for q in (0, 1) for pos in corners(n)}
            for site in sites:  # the corner holes, marked on the drawn board
                site["corner"] = site["name"] in marked
        out["sites"] = sites
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
        footer = []
        if self.restricted:
            per_turn = params.extra["restricted"]["lasting"] == "per-turn"
            marks.update({fourrow.site_of(n, q, pos): "'" for q in (0, 1) for pos in corners(n)})
            notes = ["", ""]
            for q in (0, 1):
                state = "" if per_turn else ("released" if st[RELEASED_FLAG + q] else "restricted") + ", "
                notes[q] = f"{state}{int(st[q * 2 * n:(q + 1) * 2 * n].sum())} counters"
            footer.append(f"' corner (holes {', '.join(str(pos + 1) for pos in corners(n))})"
                          + ("; release is decided afresh each turn" if per_turn else ""))
        else:
            notes = [f"{int(st[SIDE])} counters, captured {int(st[STORE])}",
                     f"{int(st[SIDE + 1])} counters, captured {int(st[STORE + 1])}"]
        heads = params.extra["special"]
        if heads == "heads":
            footer.append("* head: a lap ending there, occupied, may relay or stop")
        elif heads == "ends":
            footer.append("* misoro (both ends of the outer row): a lap ending there, occupied, may relay or stop")
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
            elif phase == PHASE_CHOICE:
                hole = fourrow.site_name(n, int(st[RELAY]))
                footer.append(f"lap ended in {hole}: relay restricted ({hole}) or released ({hole}+)")
            elif phase == PHASE_START and self.opening and not (int(st[OPENED]) >> (to_move - 1)) & 1:
                start, arg = int(params.par[layout.F_OPENING]) - 1, int(params.par[layout.F_OPENING_POS])
                where = ("their opening hole" if start == 0 else f"a hole holding {arg}" if start == 1
                         else f"their {('outer', 'inner')[arg]} row" if start == 2 else "any hole")
                lap = "one lap" if int(params.par[layout.F_OPENING_LAP]) != opening_rule.LAPS.index("ordinary") else "a move"
                footer.append(f"player {to_move}'s first turn: {lap} from {where}")
            elif phase == PHASE_OPENING_STEP:
                footer.append(f"player {to_move}'s opening step {int(st[STEPS_MADE + to_move - 1]) + 1} of "
                              f"{int(params.par[layout.F_OPENING_STEPS])}")
        return fourrow.board_text(n, st[:f], to_move, marks, notes, footer)
