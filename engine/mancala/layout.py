"""The layouts of the sowing machine's two arrays, as named fields: the parameter array (a
description's rule fields under one setting of the switches, then the sowing track) and the state
(the board, then the fields of a game in play).

The slots are generated from the rules' declarations (engine.mancala.rules: each rule names the
parameter slots it needs on each board), and so are the names the kernels read them by (``P_`` and
``F_`` + the slot's name upper-cased), what each rule slot holds under a reading (:func:`rule_slots`,
from each rule's ``writes``) and the field codes: the code of a rule field's value is its place
among the values the rules allow, so the kernels and the description (engine.mancala.description)
cannot disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import get_args

from engine.mancala.fourrow import G_TRACKS, MAX_SITES, MAX_TRACK, TRACK_SLOT
from engine.mancala.rule import Board, Reading, Rule, param_code, state_place
from engine.mancala.rules import PRIMITIVES, RULES, SowingRules
from engine.repetition import QUICK_LAPS


def code(field_name: str, value: str) -> int:
    """The code of ``value`` of the rule field ``field_name`` (its index among the allowed values)."""
    allowed = get_args(SowingRules.model_fields[field_name].annotation)
    if value not in allowed:
        raise ValueError(f"rule field {field_name!r} has no value {value!r}; allowed: {', '.join(map(str, allowed))}")
    return allowed.index(value)


def _fields(*names: str) -> dict[str, int]:
    return {name: i for i, name in enumerate(names)}


def slot_value(field_name: str, value: object) -> int:
    """What the slot named after rule field ``field_name`` holds for ``value`` by default: a bool as 0
    or 1, a count as it is, any other value its code (:func:`code`)."""
    if isinstance(value, (bool, int)):
        return int(value)
    return code(field_name, str(value))


def rule_slots(rows: int, reading: Reading, board: Board) -> dict[str, int]:
    """Every rule slot of the board of ``rows`` rows under ``reading``: slot -> value, each written as its
    rule declares (engine.mancala.rule.Rule.writes; by default :func:`slot_value` of the field it is
    named after), walking the rules in their order. Every rule the board plays writes its slots,
    whether the reading uses it or not (a rule not in play writes its fields' defaults, a primitive
    not listed its parameters' defaults or 0); the board's own slots (its rows, sites, set-up, tracks)
    are its code's."""
    out: dict[str, int] = {}
    for rule in RULES:
        for slot in rule.slots.get(rows, ()):
            write = rule.writes.get(slot)
            out[slot] = int(write(reading, board)) if write is not None else slot_value(slot, reading.value(slot))
    return out


ROWS = 0
"""The slot of the board's rows, first in the parameter array of every board (2 or 4): the one machine
(engine.mancala.machine.turn) dispatches on it, and a board's kernel is the machine specialised on it."""

PARAM_FIELDS = _fields(
    "rows",  # 2 (ROWS)
    "sites",  # holes on the board (the state's board is st[:sites])
    "per_row",  # holes in a row
    "state_size",
    "start_count",  # counters in each hole at the start
    *(slot for rule in RULES for slot in rule.slots.get(2, ())),  # each rule's, in the rules' order
    "track",  # the sowing track's block (engine.mancala.sowing.track_block) starts here
)
"""The parameter array: name -> slot."""

# The names the kernels read the slots by, as module globals (numba reads them as compile-time
# constants; engine.specialise folds them): P_ + the slot's name upper-cased, one a slot, generated
# here from the layout rather than typed (P_ROWS, P_TRACK, P_GRAND_SLAM, P_SLAM_REACH, ...); the
# rules' modules say what each holds. The four-row board's are F_ + the name likewise (below).
for _name, _slot in PARAM_FIELDS.items():
    globals()[f"P_{_name.upper()}"] = _slot
RULE_SLOTS = tuple(PARAM_FIELDS[slot] for rule in RULES for slot in rule.slots.get(2, ()))
"""The slots of the rules' fields, those a description's combination of rules may fix (engine.specialise)."""

def blocks(start: int, sized: list[tuple[str, int]]) -> dict[str, int]:
    """Offsets of consecutive blocks of the given sizes from ``start``: name -> offset."""
    out: dict[str, int] = {}
    for name, size in sized:
        if name in out:
            raise RuntimeError(f"block {name!r} declared twice")  # a programming error in a rule module
        out[name] = start
        start += size
    out["end"] = start
    return out


BASE = 64
"""Where the state's fields begin on two rows: after the widest board the machine plays there
(2 x 32 holes), at a constant offset (read at run time, the offset cost a tenth of the playout rate).
The room between a narrower board and BASE is never used (nor copied: two_rows.copy_state)."""
MAX_PER_ROW = BASE // 2

def rule_state(rows: int, place: str) -> tuple[tuple[str, int], ...]:
    """The rules' state fields on the board of ``rows`` rows placed at ``place`` (engine.mancala.rule.STATE_PLACES),
    each (name, size), in the order of the rules."""
    return tuple((f[0], f[1]) for rule in RULES for f in rule.state.get(rows, ()) if state_place(f) == place)


def check_state_names(rows: int, own: tuple[str, ...], rules: Sequence[Rule] = RULES) -> None:
    """RuntimeError (a programming error in a rule module) if two of the board's state fields share a name,
    or a rule's field takes the name of one of the machine's own fields (``own``) or, on two rows, of a
    name of this module (the rules' fields there become its constants: OWNED, OUT, ...)."""
    names = [f[0] for rule in rules for f in rule.state.get(rows, ())]
    for name in names:
        if names.count(name) > 1 or name in own or (rows == 2 and name.upper() in globals()):
            raise RuntimeError(f"state field {name!r} on {rows} rows: declared twice, or the name of a field or "
                               "constant of engine.mancala.layout")


TWO_OWN = {
    "head": (("store", 2),),  # + player (0 or 1): counters captured
    "body": (
        ("moves", 1),  # laps sown (Ludii's moves: each lap is one)
        ("cover", 1),  # track positions occupied after some lap (a bit mask; BoardCoverage)
        ("to_move", 1),  # 0 or 1
        ("status", 1),  # engine.result: ONGOING, OVER, ENDLESS, UNFINISHED
        ("turns", 1),  # whole turns played
        ("first", 1),  # who started (0 or 1)
    ),
    "tail": (
        ("n_legal", 1),  # how many legal moves the player to move has
        ("legal", 0),  # legal .. legal + n_legal - 1: the legal start holes, ascending (room: the description's)
    ),
}
"""The two-row machine's own state fields, each (name, size), around the rules' (below)."""
STATE_FIELDS = blocks(0, [
    *TWO_OWN["head"],
    *rule_state(2, "run"),  # each rule's that a move changes and a trace shows (owned holes, holes out of play, ...)
    *TWO_OWN["body"],
    *rule_state(2, "turn"),  # each rule's a replayed move sets again, or set between moves (the direction chosen, ...)
    *TWO_OWN["tail"],
])
"""The state's fields on two rows, at these offsets from BASE (after the board): name -> offset,
generated from the rules' declarations (engine.mancala.rule.Rule.state; their ``tail`` fields follow
the legal moves, placed by the description: engine.mancala.description)."""

STORE = STATE_FIELDS["store"]
MOVES = STATE_FIELDS["moves"]
LOGGED = MOVES
"""A traced event copies the state up to here (the board, the stores, the rules' ``run`` fields)."""
COVER = STATE_FIELDS["cover"]
TO_MOVE = STATE_FIELDS["to_move"]
STATUS = STATE_FIELDS["status"]
TURNS = STATE_FIELDS["turns"]
FIRST = STATE_FIELDS["first"]
N_LEGAL = STATE_FIELDS["n_legal"]
LEGAL = STATE_FIELDS["legal"]
check_state_names(2, (*(name for part in TWO_OWN.values() for name, _ in part), "end"))
# The rules' fields, by their names upper-cased (OWNED, OUT, ROUND, SLAM, DIRECTION, ...), generated as
# the P_ names above: the rules' modules say what each holds.
for _name, _slot in STATE_FIELDS.items():
    if any(_name == f[0] for rule in RULES for f in rule.state.get(2, ())):
        globals()[_name.upper()] = _slot
SNAPSHOT = MOVES + 1
"""What a move changes lies in the board and the fields before this one (cover only grows: a
replayed move sets the same bits): the snapshot of a move is the board and BASE .. BASE + SNAPSHOT."""

# Field codes the kernels branch on.
OWN_ROW = code("start_row", "own")
RELAY_SINGLE = code("relay", "single")
RELAY_NEXT_HOLE = code("relay", "next-hole")
RELAY_NEXT_ALWAYS = code("relay", "next-hole-always")
RELAY_LAST_HOLE = code("relay", "last-hole")
NEXT_NON_EMPTY = code("relay_when", "next-non-empty")
CAPTURE_NONE = code("capture", "none")
CONTINUE_RELAY = code("after_capture", "continue-relay")
AFTER_LAP = code("end", "row-empty-after-lap")
CANNOT_MOVE = code("end", "cannot-move")
OWNER = code("remaining", "owner")
OWNER_ONLY = code("remaining", "owner-only")
SKIP_ORIGIN = code("long_lap", "skip-origin")
BY_LOT = code("first_player", "lot")
ILLEGAL = code("endless", "illegal")
FIRST_LAP = code("last_turn", "first-lap")
CAPTURE_ACROSS_GAP = code("capture", "across-gap")
CAPTURE_COUNT = code("capture", "count")
CAPTURE_OWN_EMPTY = code("capture", "own-empty-opposite")
ROW_OPPONENT = code("capture_row", "opponent")
ROW_OWN = code("capture_row", "own")
CHAIN_BACKWARD = code("capture_chain", "backward")
SLAM_CAPTURE_ALL = code("grand_slam", "capture-all")
SLAM_TO_OPPONENT = code("grand_slam", "to-opponent")
SLAM_FORBIDDEN = code("grand_slam", "forbidden")
FEEDING_REQUIRED = code("feeding", "required")
TURN_AGAIN = code("store_turn", "again")
REPEAT_ENDS = code("repetition", "end-game")
FIRST_ORIGIN = code("first_counter", "origin")
ENDS_AT_ORIGIN = code("skipped_landing", "origin")
PARITY_EVEN = code("capture_parity", "even")
PARITY_ODD = code("capture_parity", "odd")
CAPTURE_NEXT = code("capture", "next-after-empty")
ROUNDS_REFILL = code("rounds", "refill")
STARTER_ALTERNATE = code("round_starter", "alternate")
STARTER_LOSER = code("round_starter", "loser")
STARTER_FEWER_HOLES = code("round_starter", "fewer-holes")
SOW_TO_MOVER = code("sow_capture_to", "mover")
SOW_AT_SOWING = code("sow_capture_at", "sowing")
SOW_AT_LAP_STEPS = code("sow_capture_at", "lap-steps")
SINGLETON_LAST_RESORT = code("singleton", "last-resort")
DIRECTION_FIRST_MOVE = code("direction", "first-move")
CW_MOVE = BASE
"""direction first-move: a first move sowing clockwise is its hole + CW_MOVE (every hole is below it)."""


# --- four-row boards (engine.mancala.machine.four_rows) --------------------------------------------
# The parameter array: these named fields, then (at GEO) the board's geometry block
# (engine.mancala.fourrow.geometry, two kinds of track: kind FULL_LAP round every hole, kind
# RESTRICTED_LAP as the primitive restricted-holes sows while restricted), then (at TABLES) the
# tables below; player p's track block of kind k is at TRACKS + (2 * k + p) * TRACK_SLOT.
FOUR_PARAM_FIELDS = _fields(
    "rows",  # 4 (ROWS)
    "sites",  # 4N: the board's sites
    "length",  # 2N: holes per player
    "per_row",  # N
    "start_side",  # counters in each player's holes at the start
    "start_cover",  # each player's holes occupied at the start (bit mask of positions)
    "snapshot",  # 1: a run's quick pass snapshots the state (runs with kinds of lap or re-sown captures)
    *(slot for rule in RULES for slot in rule.slots.get(4, ())),  # each rule's, in the rules' order (their modules
    # say what each slot holds: engine.mancala.rules)
)
for _name, _slot in FOUR_PARAM_FIELDS.items():  # F_ROWS, F_STOP, F_STOP_2, F_OPENING_STEPS, ...: as P_ above
    globals()[f"F_{_name.upper()}"] = _slot
del _name, _slot
FOUR_RULE_SLOTS = (FOUR_PARAM_FIELDS["snapshot"], *(FOUR_PARAM_FIELDS[slot] for rule in RULES for slot in rule.slots.get(4, ())))
"""The four-row slots a description's combination of rules may fix (engine.specialise)."""
GEO = 48
"""Where the geometry block starts in a four-row parameter array."""
if PARAM_FIELDS["rows"] != ROWS or FOUR_PARAM_FIELDS["rows"] != ROWS:
    raise RuntimeError("the rows slot must be the same on every board")  # a programming error
if len(FOUR_PARAM_FIELDS) > GEO:
    raise RuntimeError("the four-row parameter fields overrun the geometry block")  # a programming error


FULL_LAP = 0
"""The kind of lap round every hole of the player's track."""
RESTRICTED_LAP = 1
"""The kind of lap a restricted player sows (restricted-holes: corners passed over or not)."""
KINDS = 2
FOUR_TRACKS = GEO + G_TRACKS
"""The track block of (kind, player) is at FOUR_TRACKS + (2 * kind + player) * TRACK_SLOT."""
FOUR_TABLES = blocks(FOUR_TRACKS + 2 * KINDS * TRACK_SLOT, [
    ("board", MAX_SITES),  # + site: the board at the start
    *(table for rule in RULES for table in rule.tables.get(4, ())),  # each rule's, in the rules' order
])
"""After the geometry block, the tables of the four-row parameter array: name -> offset (``end``:
the array's size)."""

QUICK_LAPS_ROOM = 2 * QUICK_LAPS
FOUR_MAX_LEGAL = 2 * MAX_TRACK + 2
FOUR_STATE = blocks(MAX_SITES, [
    # the machine's own fields; a run changes the board and moves .. side + 1 (FOUR_SNAPSHOT)
    ("moves", 1),  # moves in Ludii's sense: laps and decisions that are not laps
    ("laps", 1),  # sowing laps (re-sowings included)
    ("store", 2),  # + player: counters captured into stores
    ("side", 2),  # + player: counters in the player's two rows
    ("to_move", 1),  # 0 or 1
    ("status", 1),
    ("turns", 1),
    ("phase", 1),  # what the player to move decides (engine.mancala.machine.four_rows's PHASE_)
    ("relay", 1),  # the site where a lap ended awaiting the mover's decision (a head, misoro or corner)
    ("winner", 1),  # 0, 1 or 2
    ("cover", 2),  # + player: the player's holes occupied at some point (bit mask of positions)
    ("per_row", 1),  # N (for the Python side, which reads states without the parameters)
    ("first", 1),  # the player who moved first: 0 or 1
    *rule_state(4, "turn"),  # each rule's, in the rules' order
    ("n_legal", 1),
    ("legal", FOUR_MAX_LEGAL),  # the legal moves, ascending
    ("undo", QUICK_LAPS_ROOM),  # the quick pass's laps (hole, counters), to undo it if it grows long
])
"""The four-row state after the board (MAX_SITES sites): name -> offset (``end``: its size). Every
field before ``n_legal`` starts at 0."""
check_state_names(4, tuple(name for name in FOUR_STATE if name not in {f[0] for f in rule_state(4, "turn")}))
FOUR_SNAPSHOT = FOUR_STATE["side"] + 2 - FOUR_STATE["moves"]
"""A run changes the board and the fields moves .. side + 1 (cover only grows): a four-row run's snapshot is
the board and these fields from moves on."""
FOUR_LOGGED = FOUR_STATE["store"] + 2
"""A traced event on four rows copies the state up to here (the board, the counts, the stores)."""

SPECIAL_KINDS = ("none", "heads", "chosen", "ends")
"""The codes of special-holes' kind."""
CHOSEN_HOLES = SPECIAL_KINDS.index("chosen")
SINGLETON_INTO_EMPTY = code("singleton", "into-empty")
CAPTURE_INNER_AND_OUTER = code("capture", "inner-and-outer")
CAPTURE_BOTH_OPPOSITE = code("capture", "both-opposite")
CAPTURE_INNER_AND_OUTER_EACH = code("capture", "inner-and-outer-each")
CAPTURED_RESOW = code("captured_to", "resow")
RESOW_FROM_MOVE_START = code("resow_from", "move-start")
RESOW_FROM_LANDING = code("resow_from", "landing")
NO_MOVE_LOSE = code("no_move", "lose")
END_CANNOT_MOVE = CANNOT_MOVE


def primitive_code(name: str, param: str, value: str) -> int:
    """The code of a primitive parameter's value (its index among the values its rule allows)."""
    return param_code(name, PRIMITIVES[name], param, value)


START_ONLY = primitive_code("restricted-holes", "sowing", "start-only")
RESERVE_HOLES = primitive_code("restricted-holes", "release", "reserve-holes")
PER_TURN = primitive_code("restricted-holes", "lasting", "per-turn")
IN_USE_HOLES = primitive_code("restricted-holes", "capture", "in-use-holes")
AFTER_CAPTURE = primitive_code("extra-captures", "after", "capture")
AFTER_TWO_HOLES = primitive_code("extra-captures", "after", "two-hole-capture")
AFTER_INNER_LANDING = primitive_code("extra-captures", "after", "inner-landing")
PASS_TO_OPPONENT = primitive_code("extra-captures", "none_to_take", "pass-to-opponent")
CAPTURE_ON_OCCUPIED = code("capture_on", "occupied")
