"""The layouts of the alignment machine's two arrays, as named fields, generated from the rules'
declarations (engine.alignment.rules: each rule names its parameter slots and state fields), and
the field codes the kernels compare with (a value's index among those its rule field allows), so the
kernels and the description (engine.alignment.description) cannot disagree.

The parameter array: each rule's slots (a rule field's code), the board's sizes, then its tables
(engine.alignment.grid): the axis block (``axes``: how many axes lines run along, then each axis's
shift and masks), the orthogonal neighbours of each point, the rays along the axes and the steps.
The state: the machine's own fields, then each rule's.

Move numbers (what ``legal_moves`` lists, ascending): a placement on point p is p; a step from f in
direction d (0 south, 1 west, 2 east, 3 north: ascending order of the point stepped to) is
STEP_BASE + 4 f + d; a removal on p is REMOVE_BASE + p (REMOVE_BASE + HAND_POINT: the enemy's hand,
hand-removal); a pass is PASS_MOVE; a move from f to t that is not a grid's step (a flight, or a step on
a board of points and lines, engine.alignment.points) is MOVE_BASE + POINT_ROOM f + t. They have room
for :data:`POINT_ROOM` points (the largest board the machine plays, 62 points: the numbers of Tauru's
moves changed with it, its moves' notation and order did not).
"""

from __future__ import annotations

from engine.alignment.points import LINES_A_POINT, MAX_LINES
from engine.alignment.rules import MAX_POINTS, RULES, code
from engine.mancala.layout import blocks


def _fields(*names: str) -> dict[str, int]:
    return {name: i for i, name in enumerate(names)}


POINT_ROOM = 64
"""Points the move numbers and the tables have room for (the machine plays up to MAX_POINTS)."""
if MAX_POINTS > POINT_ROOM:
    raise RuntimeError("the move numbers have no room for the largest board")  # a programming error
STEP_BASE = POINT_ROOM
REMOVE_BASE = STEP_BASE + 4 * POINT_ROOM
PASS_MOVE = REMOVE_BASE + POINT_ROOM
MOVE_BASE = 8 * POINT_ROOM
if MOVE_BASE <= PASS_MOVE:
    raise RuntimeError("the moves from a point to a point overlap the pass")  # a programming error
HAND_POINT = POINT_ROOM - 2
"""The removal REMOVE_BASE + HAND_POINT empties the enemy's hand (hand-removal board-and-hand); no
board has a point numbered HAND_POINT (MAX_POINTS < HAND_POINT + 1)."""
if MAX_POINTS > HAND_POINT:
    raise RuntimeError("the hand's removal number is a point of the largest board")  # a programming error

PARAM_FIELDS = _fields(
    *(slot for rule in RULES for slot in rule.slots),  # each rule's, in the rules' order
    "points",  # points on the board
    "cols",  # points in a row (the shift of a step north)
    "full",  # the mask of every point
    "col_a",  # the mask of the first column
    "col_f",  # the mask of the last column
    "pieces",  # pieces each player enters (also the placement rule's field pieces, where a switch sets it)
    "axes",  # how many axes lines run along (2 or 4); the axis block follows at once
)
"""The parameter array's named fields: name -> slot."""
P_PLACEMENT = PARAM_FIELDS["placement_lines"]
P_PER_TURN = PARAM_FIELDS["per_turn"]
P_LONG = PARAM_FIELDS["long_lines"]
P_STANDING = PARAM_FIELDS["standing_line"]
P_REMOVAL = PARAM_FIELDS["removal"]
P_END = PARAM_FIELDS["end"]
P_NO_MOVE = PARAM_FIELDS["no_move"]
P_FIRST = PARAM_FIELDS["first_player"]
P_REPETITION = PARAM_FIELDS["repetition"]
P_NOTHING = PARAM_FIELDS["nothing_to_remove"]
P_FLYING = PARAM_FIELDS["flying"]
P_DOUBLE = PARAM_FIELDS["double_line"]
P_DRAW_AFTER = PARAM_FIELDS["draw_after_turns"]  # filled with NEVER when the rule field is 0
P_BEGINS = PARAM_FIELDS["movement_begins"]
P_DECIDED = PARAM_FIELDS["decided_by"]
P_END_TESTED = PARAM_FIELDS["end_tested"]
P_FORBIDDEN_RUNS = PARAM_FIELDS["forbidden_runs"]
P_LEAVING = PARAM_FIELDS["leaving_long_line"]
P_LINE_LENGTH = PARAM_FIELDS["line_length"]
P_HAND_REMOVAL = PARAM_FIELDS["hand_removal"]
P_CORNERS = PARAM_FIELDS["corners"]
P_POINTS = PARAM_FIELDS["points"]
P_COLS = PARAM_FIELDS["cols"]
P_FULL = PARAM_FIELDS["full"]
P_COL_A = PARAM_FIELDS["col_a"]
P_COL_F = PARAM_FIELDS["col_f"]
P_PIECES = PARAM_FIELDS["pieces"]
P_AXES = PARAM_FIELDS["axes"]
TABLES = blocks(P_AXES + 1, [
    ("axis", 7 * 4),  # + 7 a: axis a's shift, then its masks back1..3 and fwd1..3 (engine.alignment.grid)
    ("nbr", POINT_ROOM),  # + p: the mask of p's orthogonal neighbours
    ("ray", 8 * POINT_ROOM),  # + 8 t + r: the next point along ray r (axis * 2 + 0 forwards, 1 backwards), or -1
    ("step", 4 * POINT_ROOM),  # + 4 f + d: the neighbour of f in direction d, or -1
    # a board of points and lines (engine.alignment.points); on a grid, nbr is its orthogonal neighbours
    ("lines", 1 + MAX_LINES),  # the number of lines, then each line's mask
    ("plines", LINES_A_POINT * POINT_ROOM),  # + LINES_A_POINT t + i: the masks of the lines through t, 0-padded
])
AXIS = TABLES["axis"]
NBR = TABLES["nbr"]
RAY = TABLES["ray"]
STEP = TABLES["step"]
LINES = TABLES["lines"]
PLINES = TABLES["plines"]
NEVER = 1 << 62
"""A turn count no game reaches (draw_after_turns 0)."""
PAR_SIZE = TABLES["end"]
if AXIS != P_AXES + 1:
    raise RuntimeError("the axis block must follow its count (engine.alignment.lines)")  # a programming error

MAX_LEGAL_MASKS = 4
STATE = blocks(0, [
    ("board", 2),  # + p: the mask of player p's pieces (p = 0 for player 1, 1 for player 2)
    ("hand", 2),  # + p: pieces in player p's hand
    ("to_move", 1),  # 0 or 1
    ("status", 1),  # engine.result: ONGOING, OVER, UNFINISHED, REPETITION
    ("winner", 1),  # 0 (none), 1 or 2
    ("turns", 1),
    ("moves", 1),  # decisions: placements, steps, removals, passes
    ("first", 1),  # who started (0 or 1)
    ("phase", 1),  # PLACEMENT or MOVEMENT
    ("stage", 1),  # what the pending decision is (STAGE_)
    ("passes", 1),  # consecutive passes in the movement phase
    ("placed", 1),  # pieces placed this turn
    ("removed", 1),  # 1 if a piece was removed this turn
    ("cover", 1),  # the mask of the points occupied at some time
    ("kind", 1),  # what the legal moves are (K_)
    ("n_legal", 1),
    ("lmask", MAX_LEGAL_MASKS),  # placement or removal: the points; steps: + d, the pieces that may step in direction d
    *(f for rule in RULES for f in rule.state),  # each rule's, in the rules' order (the last may be a tail)
])
"""The state: name -> offset (``end``: where a variable tail ends, the fixed size)."""
BOARD = STATE["board"]
HAND = STATE["hand"]
TO_MOVE = STATE["to_move"]
STATUS = STATE["status"]
WINNER = STATE["winner"]
TURNS = STATE["turns"]
MOVES = STATE["moves"]
FIRST = STATE["first"]
PHASE = STATE["phase"]
STAGE = STATE["stage"]
PASSES = STATE["passes"]
PLACED = STATE["placed"]
REMOVED = STATE["removed"]
COVER = STATE["cover"]
KIND = STATE["kind"]
N_LEGAL = STATE["n_legal"]
LMASK = STATE["lmask"]
PIECES = STATE["pieces"]  # the pieces each player entered
LINE = STATE["line"]  # the lines that earned the pending removal (removal next-to-line; else 0)
LAST = STATE["last"]  # the last player to remove a piece (0: nobody yet, 1 or 2)
N_REC = STATE["n_rec"]  # + p: lines recorded for player p (standing_line new-only)
REC = STATE["rec"]  # + p * MAX_REC + i: the masks of those lines
N_REP = STATE["n_rep"]  # positions logged since the last placement or removal (repetition ends-game)
OWED = STATE["owed"]  # removals still owed this turn (double_line one-per-line)
REP = STATE["rep"]  # + i: position keys (board of player 1 | board of player 2 << points | player to move << 60)
FIXED_SIZE = STATE["end"]
if REP != FIXED_SIZE:
    raise RuntimeError("the repetition log must be the state's tail")  # a programming error

# Kinds of the legal moves of a decision.
K_NONE, K_PLACE, K_STEP, K_REMOVE, K_PASS = 0, 1, 2, 3, 4
K_MOVE = 5  # moves from a point to a point: lmask + 0 the pieces that may move, + 1 the points they may go to
#             (each piece: the neighbours among them, or all of them with lmask + 2 set: flying; lmask + 3:
#             1 when the neighbours are those of a morris board with its corners joined, joined-corners)
# Phases and stages (what the pending decision is).
PLACEMENT, MOVEMENT = 0, 1
STAGE_TURN = 0  # the start of a turn: place, step or pass
STAGE_REMOVAL = 1  # a line was formed: remove an enemy piece
STAGE_SECOND = 2  # per_turn two: the second placement of the turn

# Field codes the kernels compare with.
PLACE_CAPTURE = code("placement_lines", "capture")
PLACE_FORBIDDEN = code("placement_lines", "forbidden")
LONG_IGNORED = code("long_lines", "ignored")
LONG_FORBIDDEN = code("long_lines", "forbidden")
DIRECTIONS_ALL = code("directions", "all")
REMOVE_ANY = code("removal", "any")
REMOVE_NOT_IN_LINE = code("removal", "not-in-line")
REMOVE_NEXT_TO_LINE = code("removal", "next-to-line")
NEW_ONLY = code("standing_line", "new-only")
END_LAST_CAPTURER = code("end", "last-capturer")
END_CAPTURE_ALL = code("end", "capture-all")
NO_MOVE_LOSE = code("no_move", "lose")
PER_TURN_TWO = code("per_turn", "two")
FIRST_LOT = code("first_player", "lot")
REPETITION_ENDS = code("repetition", "ends-game")
REPETITION_IGNORED = code("repetition", "ignored")
REPETITION_THIRD = code("repetition", "third-time")
REMOVE_UNLESS_ALL = code("removal", "not-in-line-unless-all")
NOTHING_MOVER_LOSES = code("nothing_to_remove", "mover-loses")
FLYING_NEVER = code("flying", "never")
FLYING_NO_LINE = code("flying", "at-three-no-line")
DOUBLE_PER_LINE = code("double_line", "one-per-line")
BEGINS_SECOND_EMPTY = code("movement_begins", "second-hand-empty")
DECIDED_MOST_CAPTURES = code("decided_by", "most-captures")
END_IN_MOVEMENT = code("end_tested", "movement")
FORBID_LINES = code("forbidden_runs", "lines")
FORBID_THREE_OR_MORE = code("forbidden_runs", "three-or-more")
FORBID_TWO_OR_MORE = code("forbidden_runs", "two-or-more")
LINES_OF_TWO = code("line_length", "two")
HAND_REMOVAL = code("hand_removal", "board-and-hand")
LEAVING_NO_CAPTURE = code("leaving_long_line", "no-capture")

# Events of a traced move: log[0] = events written; event i at 1 + LOG_WIDTH * i: kind, two values,
# then the board after it (the two masks, the two hands, the phase).
EV_PLACE = 1  # point
EV_STEP = 2  # from, to
EV_LINE = 3  # mask, captures (0/1)
EV_REMOVE = 4  # point
EV_PASS = 5
EV_MOVEMENT = 6  # the movement phase begins
LOG_WIDTH = 8
LOG_EVENTS = 16
LOG_SIZE = 1 + LOG_WIDTH * LOG_EVENTS
