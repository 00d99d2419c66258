"""Tauru (Bariba, Benin; 5 x 6 points, 12 pieces each): every disputed reading as a switch.

The players enter their twelve pieces on the empty points of a board of five rows and six
columns (the placement phase), then move one piece a turn one step along a row or column to an
empty neighbouring point (the movement phase). A piece placed or moved that forms a line of
three of its owner's pieces through itself lets the same player remove one enemy piece: the
removal is a decision of its own, made by the same player in the same turn. "The player who
makes the last possible capture wins." The switches decide lines made while placing, lines
longer than three, the directions lines run in, which enemy piece may be removed, whether a
standing line captures again, how the last possible capture is judged, a blocked player,
pieces placed per turn, who starts, and whether a repeated position ends the game (see
``SWITCHES``; the archive's ``data/games/tauru.yaml`` describes every alternative).

The board, as ``render`` draws it (``x`` player 1, ``o`` player 2, ``.`` an empty point)::

        a b c d e f
     5  . . . . . .  5
     4  . . o . . .  4
     3  . x x x . .  3
     2  . . o . . .  2
     1  . . . . . .  1
        a b c d e f

Points are named by column letter and row number; point ``c3`` is index 14 (rows of six from
``a1``, the bottom-left corner: Ludii's site order). Move notation (``move_to_text``):

- ``c3``: place a piece from the hand on c3;
- ``c3-c4``: step the piece on c3 to the empty neighbour c4;
- ``xd2``: remove the enemy piece on d2 (after forming a line);
- ``pass``: the player to move has no legal move (or, while placing, no legal placement).

Move numbers (what ``legal_moves`` lists, ascending): a placement on point p is p; a step from
f in direction d (0 south, 1 west, 2 east, 3 north: ascending order of the point stepped to) is
32 + 4 f + d; a removal on p is 160 + p; a pass is 200. The legal moves of a decision are all
of one kind.

Turns and moves: a turn is everything one player does before the other plays (a placement or
step, the removal it earns, a second placement with per-turn = two, or a pass); every decision
is one move (Ludii's count). The scores are the result: 1 for the winner and 0 for the loser,
0 - 0 for a draw, a game that goes on, or one stopped by a limit or a repeated position.

Representation: a 30-bit mask per player in an int64 state array; the kernels receive the
switch values and the board's tables (per-axis shifts and edge masks, orthogonal neighbour
masks, rays, steps: engine.alignment.grid) in one int64 parameter array. Lines are found
bit-parallel: shifting a player's mask along an axis tells, for every point at once, how many
of the player's pieces precede and follow it, so the test for a line through the piece just
moved, the points where a placement or step is forbidden, and the pieces standing in lines are
a few dozen word operations each, without loops over points. Legal moves are kept as masks
(placement or removal points; for steps, one mask per direction of the pieces that may step
that way) and the k-th legal move is selected from the masks without building a list: the
compiled playout loop draws k uniformly, exactly as engine.agents.RandomAgent draws an index
into ``legal_moves()``. The kernels are handed to the shared machinery (engine.machine), whose
one compiled entry point the Python API and the playout loop both go through.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from numba import njit

from engine import machine
from engine.alignment.bits import lowest_bit, popcount, select_bit
from engine.alignment.grid import ALL, ORTHOGONAL, Grid
from engine.game import Limits
from engine.machine import KernelRules, Params
from engine.result import ONGOING, OVER, REPETITION, UNFINISHED
from engine.rng import LOT_STREAM, rng_below, rng_init
from engine.switches import Switch, option_slot, switch_slot

GAME_ID = "tauru"
NAME = "Tauru"
ROWS = 5
COLS = 6
GRID = Grid(ROWS, COLS)
N_POINTS = ROWS * COLS
PIECES = 12
FULL = (1 << N_POINTS) - 1
SYMBOLS = "xo"

SWITCHES: tuple[Switch, ...] = (
    Switch("tauru.placement-lines", ("capture", "ignored", "forbidden"), "capture"),
    Switch("tauru.long-lines", ("count", "ignored", "forbidden"), "count"),
    Switch("tauru.directions", ("orthogonal", "all"), "orthogonal"),
    Switch("tauru.removal", ("any", "not-in-line", "next-to-line"), "any"),
    Switch("tauru.standing-line", ("re-formed", "new-only"), "re-formed"),
    Switch("tauru.last-capture", ("two-left", "last-capturer", "capture-all", "no-line-possible"), "last-capturer"),
    Switch("tauru.no-move", ("pass", "lose"), "pass"),
    Switch("tauru.per-turn", ("one", "two"), "one"),
    Switch("tauru.first-player", ("player-1", "lot"), "player-1"),
    Switch("tauru.repetition", ("ignored", "ends-game"), "ignored"),
)

# Slots of the option array and option indices, derived from the declaration above.
S_PLACEMENT = switch_slot(SWITCHES, "tauru.placement-lines")
PLACE_CAPTURE = option_slot(SWITCHES, "tauru.placement-lines", "capture")
PLACE_FORBIDDEN = option_slot(SWITCHES, "tauru.placement-lines", "forbidden")
S_LONG = switch_slot(SWITCHES, "tauru.long-lines")
LONG_COUNT = option_slot(SWITCHES, "tauru.long-lines", "count")
LONG_IGNORED = option_slot(SWITCHES, "tauru.long-lines", "ignored")
LONG_FORBIDDEN = option_slot(SWITCHES, "tauru.long-lines", "forbidden")
S_DIRECTIONS = switch_slot(SWITCHES, "tauru.directions")
DIRECTIONS_ALL = option_slot(SWITCHES, "tauru.directions", "all")
S_REMOVAL = switch_slot(SWITCHES, "tauru.removal")
REMOVE_ANY = option_slot(SWITCHES, "tauru.removal", "any")
REMOVE_NOT_IN_LINE = option_slot(SWITCHES, "tauru.removal", "not-in-line")
REMOVE_NEXT_TO_LINE = option_slot(SWITCHES, "tauru.removal", "next-to-line")
S_STANDING = switch_slot(SWITCHES, "tauru.standing-line")
NEW_ONLY = option_slot(SWITCHES, "tauru.standing-line", "new-only")
S_END = switch_slot(SWITCHES, "tauru.last-capture")
END_TWO_LEFT = option_slot(SWITCHES, "tauru.last-capture", "two-left")
END_LAST_CAPTURER = option_slot(SWITCHES, "tauru.last-capture", "last-capturer")
END_CAPTURE_ALL = option_slot(SWITCHES, "tauru.last-capture", "capture-all")
END_NO_LINE = option_slot(SWITCHES, "tauru.last-capture", "no-line-possible")
S_NO_MOVE = switch_slot(SWITCHES, "tauru.no-move")
NO_MOVE_LOSE = option_slot(SWITCHES, "tauru.no-move", "lose")
S_PER_TURN = switch_slot(SWITCHES, "tauru.per-turn")
PER_TURN_TWO = option_slot(SWITCHES, "tauru.per-turn", "two")
S_FIRST = switch_slot(SWITCHES, "tauru.first-player")
FIRST_LOT = option_slot(SWITCHES, "tauru.first-player", "lot")
S_REPETITION = switch_slot(SWITCHES, "tauru.repetition")
REPETITION_ENDS = option_slot(SWITCHES, "tauru.repetition", "ends-game")

# Move numbers.
STEP_BASE = 32
REMOVE_BASE = 160
PASS_MOVE = 200

# Kinds of the legal moves of a decision.
K_NONE = 0
K_PLACE = 1
K_STEP = 2
K_REMOVE = 3
K_PASS = 4

# Phases and stages (what the pending decision is).
PLACEMENT = 0
MOVEMENT = 1
STAGE_TURN = 0  # the start of a turn: place, step or pass
STAGE_REMOVAL = 1  # a line was formed: remove an enemy piece
STAGE_SECOND = 2  # per-turn = two: the second placement of the turn

# Layout of the state array.
BOARD = 0  # BOARD + p: mask of player p's pieces (p = 0 for player 1, 1 for player 2)
HAND = 2  # HAND + p: pieces in player p's hand
TO_MOVE = 4  # 0 or 1
STATUS = 5  # engine.result: ONGOING, OVER, UNFINISHED, REPETITION
WINNER = 6  # 0 (none), 1 or 2
TURNS = 7
MOVES = 8  # decisions: placements, steps, removals, passes
FIRST = 9  # who started (0 or 1)
PHASE = 10
STAGE = 11
PASSES = 12  # consecutive passes in the movement phase
LAST = 13  # the last player to remove a piece (0: nobody yet, 1 or 2)
PLACED = 14  # pieces placed this turn
REMOVED = 15  # 1 if a piece was removed this turn
LINE = 16  # the mask of the lines that earned the pending removal (removal = next-to-line; else 0)
COVER = 17  # mask of the points occupied at some time
KIND = 18  # K_PLACE, K_STEP, K_REMOVE, K_PASS, K_NONE
N_LEGAL = 19
LMASK = 20  # placement or removal: the points; steps: LMASK + d, the pieces that may step in direction d
N_REC = 24  # N_REC + p: lines recorded for player p (standing-line = new-only)
REC = 26  # REC + p * MAX_REC + i: the masks of those lines
MAX_REC = 64
MAX_SET_UP_LINES = 16
N_REP = REC + 2 * MAX_REC  # positions logged since the last placement or removal (repetition = ends-game)
REP = N_REP + 1  # REP + i: position keys (board of player 1 | board of player 2 << 30 | player to move << 60)
FIXED_SIZE = REP

# Layout of the parameter array: the option index of each switch, then the board's tables.
P_AXES = len(SWITCHES)  # how many axes lines run along (2 or 4)
AXIS = P_AXES + 1  # AXIS + 7 a: axis a's shift, then its masks back1..3 and fwd1..3 (engine.alignment.grid)
NBR = AXIS + 7 * 4  # orthogonal neighbour mask of each point
RAY = NBR + N_POINTS  # RAY + t * 8 + r: next point along ray r (axis * 2 + 0 forwards, 1 backwards), or -1
STEP = RAY + N_POINTS * 8  # STEP + 4 f + d: the neighbour of f in direction d, or -1
PAR_SIZE = STEP + 4 * N_POINTS

COL_A = sum(1 << (r * COLS) for r in range(ROWS))
COL_F = COL_A << (COLS - 1)

# Events of a traced move (trace_move): log[0] = events written; event i at 1 + LOG_WIDTH * i:
# kind, two values, then the board after it (the two masks, the two hands, the phase).
EV_PLACE = 1  # point
EV_STEP = 2  # from, to
EV_LINE = 3  # mask, captures (0/1)
EV_REMOVE = 4  # point
EV_PASS = 5
EV_MOVEMENT = 6  # the movement phase begins
LOG_WIDTH = 8
LOG_EVENTS = 16
LOG_SIZE = 1 + LOG_WIDTH * LOG_EVENTS


# --- lines ------------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def line_through(own, t, diagonals):
    """True if ``own`` (which holds t) has a run of three or more through ``t``.

    Bit-parallel and branch-free (the fast path's test): along each axis of shift s, ``a``
    marks the points i with i and i + s both held (not wrapping round an edge) and ``b`` the
    starts of full windows of three, i, i + s, i + 2s; t is in a line if a window starts at t,
    t - s or t - 2s. Agrees with run_masks (tests/engine/test_tauru_api.py).
    """
    a = own & (own >> 1) & ~COL_F
    b = a & (a >> 1)
    hit = b | (b << 1) | (b << 2)
    a = own & (own >> COLS)
    b = a & (a >> COLS)
    hit |= b | (b << COLS) | (b << (2 * COLS))
    if diagonals:
        a = own & (own >> (COLS + 1)) & ~COL_F
        b = a & (a >> (COLS + 1))
        hit |= b | (b << (COLS + 1)) | (b << (2 * COLS + 2))
        a = own & (own >> (COLS - 1)) & ~COL_A
        b = a & (a >> (COLS - 1))
        hit |= b | (b << (COLS - 1)) | (b << (2 * COLS - 2))
    return (hit >> t) & 1 != 0


@njit(cache=True, inline="always")
def side_runs(par, own, a):
    """Along axis ``a``, for every point t at once: is t followed by 1, 2, 3 pieces of ``own``?

    Returns ``(b1, b2, b3, f1, f2, f3)``: bit t of ``bk`` is set if the k points backwards from
    t (t - s, ..., t - k s, s the axis's shift) are all on the board and held by ``own``; ``fk``
    the same forwards. Whatever t itself holds does not matter.
    """
    base = AXIS + 7 * a
    s = par[base]
    b1 = (own << s) & par[base + 1]
    b2 = b1 & (own << (2 * s)) & par[base + 2]
    b3 = b2 & (own << (3 * s)) & par[base + 3]
    f1 = (own >> s) & par[base + 4]
    f2 = f1 & (own >> (2 * s)) & par[base + 5]
    f3 = f2 & (own >> (3 * s)) & par[base + 6]
    return b1, b2, b3, f1, f2, f3


@njit(cache=True, inline="always")
def run_masks(par, own):
    """For every point t at once, the run a piece of ``own`` on t stands (or would stand) in.

    Returns three masks: t is in a run of three or more along some axis; of exactly three along
    some axis; of four or more along some axis (1 + the pieces before + the pieces after).
    """
    full = np.int64(0)
    exact = np.int64(0)
    long = np.int64(0)
    for a in range(par[P_AXES]):
        b1, b2, b3, f1, f2, f3 = side_runs(par, own, a)
        ge3 = b2 | f2 | (b1 & f1)
        ge4 = b3 | f3 | (b2 & f1) | (b1 & f2)
        full |= ge3
        exact |= ge3 & ~ge4
        long |= ge4
    return full, exact, long


@njit(cache=True, inline="always")
def run_along(par, own, t, axis):
    """The maximal run of ``own`` through ``t`` (which ``own`` holds) along ``axis``, as a mask."""
    run = np.int64(1) << t
    for r in range(2 * axis, 2 * axis + 2):
        q = par[RAY + t * 8 + r]
        while q >= 0 and (own >> q) & 1:
            run |= np.int64(1) << q
            q = par[RAY + q * 8 + r]
    return run


@njit(cache=True, inline="always")
def counting_lines(par, own, t):
    """The lines through ``t`` that count (per long-lines), one mask per axis (0: none): a 4-tuple."""
    ignored = par[S_LONG] == LONG_IGNORED
    out0 = np.int64(0)
    out1 = np.int64(0)
    out2 = np.int64(0)
    out3 = np.int64(0)
    for a in range(par[P_AXES]):
        run = run_along(par, own, t, a)
        n = popcount(run)
        if n == 3 or (n > 3 and not ignored):
            if a == 0:
                out0 = run
            elif a == 1:
                out1 = run
            elif a == 2:
                out2 = run
            else:
                out3 = run
    return out0, out1, out2, out3


@njit(cache=True, inline="always")
def lines_of(par, own):
    """The points of ``own`` standing in a line that counts (per long-lines), as a mask.

    Along each axis, ``start`` marks the first points of three in a row (with long-lines
    ignored, of runs of exactly three); a line covers its start and the next two points.
    """
    ignored = par[S_LONG] == LONG_IGNORED
    m = np.int64(0)
    for a in range(par[P_AXES]):
        base = AXIS + 7 * a
        s = par[base]
        start = own & (own >> s) & par[base + 4] & (own >> (2 * s)) & par[base + 5]
        if ignored:
            start &= ~((own << s) & par[base + 1]) & ~((own >> (3 * s)) & par[base + 6])
        m |= start | (start << s) | (start << (2 * s))
    return m


@njit(cache=True, inline="always")
def recorded(st, me, line):
    """True if ``line`` is among player ``me``'s recorded lines (standing-line = new-only)."""
    base = REC + me * MAX_REC
    for i in range(st[N_REC + me]):
        if st[base + i] == line:
            return True
    return False


@njit(cache=True, inline="always")
def record_line(st, me, line):
    if line != 0 and not recorded(st, me, line) and st[N_REC + me] < MAX_REC:
        st[REC + me * MAX_REC + st[N_REC + me]] = line
        st[N_REC + me] += 1


@njit(cache=True, inline="always")
def log_event(log, st, kind, a, b):
    """Write an event and the board after it (only traced moves call this: ``logged``)."""
    i = log[0]
    if i < LOG_EVENTS:
        e = 1 + LOG_WIDTH * i
        log[e] = kind
        log[e + 1] = a
        log[e + 2] = b
        log[e + 3] = st[BOARD]
        log[e + 4] = st[BOARD + 1]
        log[e + 5] = st[HAND]
        log[e + 6] = st[HAND + 1]
        log[e + 7] = st[PHASE]
        log[0] = i + 1


# --- legal moves ------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def placement_mask(st, par, p):
    """The points player ``p`` may place on now (none with an empty hand)."""
    if st[HAND + p] == 0:
        return np.int64(0)
    empty = FULL & ~(st[BOARD] | st[BOARD + 1])
    pl_forbidden = par[S_PLACEMENT] == PLACE_FORBIDDEN
    long_forbidden = par[S_LONG] == LONG_FORBIDDEN
    if not pl_forbidden and not long_forbidden:
        return empty
    full, exact, long = run_masks(par, st[BOARD + p])
    illegal = np.int64(0)
    if pl_forbidden:
        illegal |= exact if par[S_LONG] == LONG_IGNORED else full
    if long_forbidden:
        illegal |= long
    return empty & ~illegal


@njit(cache=True, inline="always")
def set_step_masks(st, par, p):
    """Store, for each direction, the pieces of player ``p`` that may step that way; return how many steps."""
    own = st[BOARD + p]
    empty = FULL & ~(own | st[BOARD + 1 - p])
    m0 = own & (empty << COLS)
    m1 = own & (empty << 1) & ~COL_A
    m2 = own & (empty >> 1) & ~COL_F
    m3 = own & (empty >> COLS)
    if par[S_LONG] == LONG_FORBIDDEN:
        # A step to t makes a run of four or more through t: along the step's own axis only the
        # far side counts (the near side is the point left); along the others, both sides.
        other_h = np.int64(0)  # four or more through t along the axes other than rows
        other_v = np.int64(0)  # ... other than columns
        far_back_h = np.int64(0)
        far_fwd_h = np.int64(0)
        far_back_v = np.int64(0)
        far_fwd_v = np.int64(0)
        for a in range(par[P_AXES]):
            b1, b2, b3, f1, f2, f3 = side_runs(par, own, a)
            ge4 = b3 | f3 | (b2 & f1) | (b1 & f2)
            if a == 0:
                far_back_h = b3
                far_fwd_h = f3
                other_v |= ge4
            elif a == 1:
                far_back_v = b3
                far_fwd_v = f3
                other_h |= ge4
            else:
                other_h |= ge4
                other_v |= ge4
        m0 &= ~((other_v | far_back_v) << COLS)  # south: t = f - 6, the far side is backwards
        m1 &= ~((other_h | far_back_h) << 1)  # west: t = f - 1
        m2 &= ~((other_h | far_fwd_h) >> 1)  # east: t = f + 1, the far side is forwards
        m3 &= ~((other_v | far_fwd_v) >> COLS)  # north: t = f + 6
    st[LMASK] = m0
    st[LMASK + 1] = m1
    st[LMASK + 2] = m2
    st[LMASK + 3] = m3
    return popcount(m0) + popcount(m1) + popcount(m2) + popcount(m3)


@njit(cache=True, inline="always")
def select_move(st, k):
    """The ``k``-th legal move (0-based, ascending move numbers): what legal_moves()[k] is.

    Steps: the points that can step are visited in ascending order, skipping each point's
    number of steps, and the direction is picked from the point's four bits without branching.
    """
    kind = st[KIND]
    if kind == K_PLACE:
        return select_bit(st[LMASK], k)
    if kind == K_REMOVE:
        return REMOVE_BASE + select_bit(st[LMASK], k)
    if kind == K_PASS:
        return np.int64(PASS_MOVE)
    m0 = st[LMASK]
    m1 = st[LMASK + 1]
    m2 = st[LMASK + 2]
    m3 = st[LMASK + 3]
    u = m0 | m1 | m2 | m3
    while True:
        f = lowest_bit(u)
        nib = ((m0 >> f) & 1) | (((m1 >> f) & 1) << 1) | (((m2 >> f) & 1) << 2) | (((m3 >> f) & 1) << 3)
        c = popcount(nib)
        if k < c:
            return STEP_BASE + 4 * f + select_bit4(nib, k)
        k -= c
        u &= u - 1


@njit(cache=True, inline="always")
def select_bit4(x, k):
    """The index of the ``k``-th set bit of the 4-bit ``x`` (k < popcount(x)), branch-free."""
    low = popcount(x & 3)
    up = np.int64(k >= low)
    k -= up * low
    x = x >> (2 * up)
    return 2 * up + np.int64(k >= (x & 1))


@njit(cache=True, inline="always")
def removal_candidates(st, par, me, line):
    """The enemy pieces player ``me`` may remove, given the lines ``line`` that earned the removal."""
    enemy = st[BOARD + 1 - me]
    rule = par[S_REMOVAL]
    if rule == REMOVE_ANY:
        return enemy
    if rule == REMOVE_NOT_IN_LINE:
        return enemy & ~lines_of(par, enemy)
    near = np.int64(0)
    m = line
    while m:
        q = lowest_bit(m)
        m &= m - 1
        near |= par[NBR + q]
    return enemy & near


# --- the turn ---------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def arrival(st, par, log, me, t, placing, logged):
    """A piece of ``me`` has just arrived on ``t``: if it forms a line that captures, set up the removal.

    Returns True if a removal decision follows. A line captures unless it was formed by a
    placement and placement-lines is not capture, or a piece was already removed this turn, or
    (new-only) its points have captured before; the removal needs an enemy piece the removal
    rule allows, else nothing is removed. The lines are logged when ``logged``.
    """
    own = st[BOARD + me]
    enemy = st[BOARD + 1 - me]
    may_capture = (not placing or par[S_PLACEMENT] == PLACE_CAPTURE) and st[REMOVED] == 0 and enemy != 0
    if not may_capture and not logged:
        return False
    if not logged:
        # first the bit-parallel test: is there a line through t at all? (most arrivals: no)
        if par[S_LONG] == LONG_IGNORED:
            if (run_masks(par, own)[1] >> t) & 1 == 0:
                return False
        elif not line_through(own, t, par[P_AXES] == 4):  # with long-lines forbidden no longer
            return False  # run can have been made, so three or more is the test
        if par[S_STANDING] != NEW_ONLY and par[S_REMOVAL] != REMOVE_NEXT_TO_LINE:
            # the fast path (Ludii's reading among others): the line's points decide nothing
            cand = enemy if par[S_REMOVAL] == REMOVE_ANY else removal_candidates(st, par, me, np.int64(0))
            if cand == 0:
                return False
            st[LINE] = 0
            st[STAGE] = STAGE_REMOVAL
            st[KIND] = K_REMOVE
            st[LMASK] = cand
            st[N_LEGAL] = popcount(cand)
            return True
    # the lines one by one: which capture (new-only), which points border them (next-to-line), events
    l0, l1, l2, l3 = counting_lines(par, own, t)
    line = np.int64(0)
    if may_capture:
        new_only = par[S_STANDING] == NEW_ONLY
        for a in range(4):
            la = l0 if a == 0 else l1 if a == 1 else l2 if a == 2 else l3
            if la != 0 and not (new_only and recorded(st, me, la)):
                line |= la
    cand = np.int64(0)
    if line != 0:
        cand = removal_candidates(st, par, me, line)
    if logged:
        for a in range(4):
            la = l0 if a == 0 else l1 if a == 1 else l2 if a == 2 else l3
            if la != 0:
                log_event(log, st, EV_LINE, la, 1 if (cand != 0 and la & line == la) else 0)
    if cand == 0:
        return False
    if par[S_STANDING] == NEW_ONLY:
        for a in range(4):
            la = l0 if a == 0 else l1 if a == 1 else l2 if a == 2 else l3
            if la & line == la:
                record_line(st, me, la)
    st[LINE] = line if par[S_REMOVAL] == REMOVE_NEXT_TO_LINE else 0  # kept only where it decides something
    st[STAGE] = STAGE_REMOVAL
    st[KIND] = K_REMOVE
    st[LMASK] = cand
    st[N_LEGAL] = popcount(cand)
    return True


@njit(cache=True, inline="always")
def pieces(st, p):
    """Player ``p``'s pieces on the board and in hand."""
    return popcount(st[BOARD + p]) + st[HAND + p]


@njit(cache=True, inline="always")
def decide_by_pieces(st, par):
    """The end rule (last-capture), tested at the start of a turn; True if it ended the game.

    The player to move is tested first (Ludii's ``Next``), then the other.
    """
    me = st[TO_MOVE]
    a = pieces(st, me)
    b = pieces(st, 1 - me)
    rule = par[S_END]
    loser = -1
    if rule == END_CAPTURE_ALL:
        if a == 0:
            loser = me
        elif b == 0:
            loser = 1 - me
    elif rule == END_LAST_CAPTURER:
        if a == 0 or b == 0 or (a < 3 and b < 3):
            st[STATUS] = OVER
            st[WINNER] = st[LAST]
            return True
    else:  # two-left, no-line-possible: fewer than three pieces
        if a < 3:
            loser = me
        elif b < 3:
            loser = 1 - me
    if loser < 0:
        return False
    st[STATUS] = OVER
    st[WINNER] = 2 - loser
    return True


@njit(cache=True, inline="always")
def turn_moves(st, par, log, logged):
    """The legal moves at the start of a turn (placement, a placement pass, steps); may begin movement."""
    me = st[TO_MOVE]
    if st[PHASE] == PLACEMENT:
        m = placement_mask(st, par, me)
        if m != 0:
            st[KIND] = K_PLACE
            st[LMASK] = m
            st[N_LEGAL] = popcount(m)
            return
        if placement_mask(st, par, 1 - me) != 0:
            st[KIND] = K_PASS  # the opponent can still place: this player passes
            st[N_LEGAL] = 1
            return
        st[PHASE] = MOVEMENT
        st[PASSES] = 0
        if logged:
            log_event(log, st, EV_MOVEMENT, 0, 0)
    n = set_step_masks(st, par, me)
    st[KIND] = K_STEP
    st[N_LEGAL] = n


@njit(cache=True, inline="always")
def settle(st, par, log, turn_limit, move_limit, logged):
    """The start of a turn: the end rule, repetition, the legal moves (a blocked player), the limits."""
    st[N_LEGAL] = 0
    st[KIND] = K_NONE
    st[STAGE] = STAGE_TURN
    st[PLACED] = 0
    st[REMOVED] = 0
    st[LINE] = 0
    if decide_by_pieces(st, par):
        return
    if par[S_REPETITION] == REPETITION_ENDS:
        key = st[BOARD] | (st[BOARD + 1] << N_POINTS) | (st[TO_MOVE] << 60)
        n = st[N_REP]
        for i in range(n):
            if st[REP + i] == key:
                st[STATUS] = REPETITION
                return
        if REP + n < st.shape[0]:
            st[REP + n] = key
            st[N_REP] = n + 1
    turn_moves(st, par, log, logged)
    if st[N_LEGAL] == 0:
        if par[S_NO_MOVE] == NO_MOVE_LOSE:
            st[KIND] = K_NONE
            st[STATUS] = OVER
            st[WINNER] = 2 - st[TO_MOVE]
            return
        st[KIND] = K_PASS
        st[N_LEGAL] = 1
    if st[MOVES] >= move_limit or st[TURNS] >= turn_limit:
        st[N_LEGAL] = 0
        st[KIND] = K_NONE
        st[STATUS] = UNFINISHED


@njit(cache=True, inline="always")
def init_state(st, par, log, rng, seed, turn_limit, move_limit):
    """The start: an empty board, twelve pieces in each hand; the first player by lot or player 1."""
    for i in range(FIXED_SIZE):
        st[i] = 0
    st[HAND] = PIECES
    st[HAND + 1] = PIECES
    first = 0
    if par[S_FIRST] == FIRST_LOT:
        rng_init(rng, np.uint64(seed), np.uint64(LOT_STREAM))
        first = rng_below(rng, 2)
    st[TO_MOVE] = first
    st[FIRST] = first
    settle(st, par, log, turn_limit, move_limit, False)


@njit(cache=True, inline="always")
def apply_move(st, par, log, move, turn_limit, move_limit, logged):
    """Play ``move`` (the caller checked it is legal), then set up the next decision or settle the turn."""
    me = st[TO_MOVE]
    st[MOVES] += 1
    pending = False
    if move < STEP_BASE:
        t = move
        bit = np.int64(1) << t
        st[BOARD + me] |= bit
        st[HAND + me] -= 1
        st[PLACED] += 1
        st[COVER] |= bit
        st[PASSES] = 0
        st[N_REP] = 0
        if logged:
            log_event(log, st, EV_PLACE, t, 0)
        pending = arrival(st, par, log, me, t, True, logged)
    elif move < REMOVE_BASE:
        f = (move - STEP_BASE) >> 2
        t = par[STEP + move - STEP_BASE]
        bit = np.int64(1) << t
        st[BOARD + me] = (st[BOARD + me] & ~(np.int64(1) << f)) | bit
        st[COVER] |= bit
        st[PASSES] = 0
        if logged:
            log_event(log, st, EV_STEP, f, t)
        pending = arrival(st, par, log, me, t, False, logged)
    elif move < PASS_MOVE:
        p = move - REMOVE_BASE
        st[BOARD + 1 - me] &= ~(np.int64(1) << p)
        st[REMOVED] = 1
        st[LAST] = me + 1
        st[N_REP] = 0
        if logged:
            log_event(log, st, EV_REMOVE, p, 0)
    else:
        if st[PHASE] == MOVEMENT:
            st[PASSES] += 1
        if logged:
            log_event(log, st, EV_PASS, 0, 0)
    if not pending and move < PASS_MOVE and st[PHASE] == PLACEMENT and st[PLACED] == 1 \
            and par[S_PER_TURN] == PER_TURN_TWO:
        m = placement_mask(st, par, me)
        if m != 0:
            st[STAGE] = STAGE_SECOND
            st[KIND] = K_PLACE
            st[LMASK] = m
            st[N_LEGAL] = popcount(m)
            pending = True
    if pending:
        if st[MOVES] >= move_limit:
            st[N_LEGAL] = 0
            st[KIND] = K_NONE
            st[STATUS] = UNFINISHED
        return
    st[TURNS] += 1
    st[TO_MOVE] = 1 - me
    if st[PASSES] >= 2:
        st[N_LEGAL] = 0
        st[KIND] = K_NONE
        st[STATUS] = OVER
        st[WINNER] = 0
        return
    settle(st, par, log, turn_limit, move_limit, logged)


# --- the kernels as engine.machine takes them -------------------------------------------------

@njit(cache=True)
def start(st, par, table, scratch, rng, seed, turn_limit, move_limit, log):
    """Out of line (once a game): the one entry point stays small enough for LLVM to compile fast."""
    init_state(st, par, log, rng, seed, turn_limit, move_limit)


@njit(cache=True)
def play_logged(st, par, log, move, turn_limit, move_limit):
    apply_move(st, par, log, move, turn_limit, move_limit, True)


@njit(cache=True, inline="always")
def play(st, par, table, scratch, move, turn_limit, move_limit, log):
    """Play ``move``; its events are written to ``log`` when logging is on (log[0] >= 0). Two
    copies, so that the one random play runs has no logging left in it (5% of its speed); the
    logged one out of line."""
    if log[0] >= 0:
        play_logged(st, par, log, move, turn_limit, move_limit)
    else:
        apply_move(st, par, log, move, turn_limit, move_limit, False)


@njit(cache=True)
def settle_turn(st, par, table, scratch, turn_limit, move_limit, log):
    settle(st, par, log, turn_limit, move_limit, False)


@njit(cache=True, inline="always")
def finish(st, par, row):
    """1 for the winner, 0 otherwise."""
    machine.won_by_rule(row, st[STATUS], st[WINNER] if st[STATUS] == OVER else 0, st[TURNS], st[MOVES],
                        st[FIRST] + 1, popcount(st[COVER]), N_POINTS, 0)


@njit(cache=True)
def run(op, par, table, start_st, st, scratch, rng, log, seed, games, move, turn_limit, move_limit, tree, out):
    """The one compiled entry point (engine.machine.drive over this module's kernels)."""
    machine.drive(start, play, settle_turn, select_move, finish, STATUS, N_LEGAL, TO_MOVE, op, par, table, start_st,
                  st, scratch, rng, log, seed, games, move, turn_limit, move_limit, tree, out)


# --- entry points of the Python side's own ------------------------------------------------------

@njit(cache=True)
def set_up_removal(st, par, line):
    """A set-up position with a removal pending: the candidates for the lines ``line``."""
    cand = removal_candidates(st, par, st[TO_MOVE], line)
    st[STAGE] = STAGE_REMOVAL
    st[LINE] = line
    st[KIND] = K_REMOVE
    st[LMASK] = cand
    st[N_LEGAL] = popcount(cand)


@njit(cache=True)
def set_up_second_placement(st, par):
    m = placement_mask(st, par, st[TO_MOVE])
    st[STAGE] = STAGE_SECOND
    st[KIND] = K_PLACE
    st[LMASK] = m
    st[N_LEGAL] = popcount(m)


@njit(cache=True)
def legal_list(st):
    out = np.empty(st[N_LEGAL], dtype=np.int64)
    for k in range(st[N_LEGAL]):
        out[k] = select_move(st, k)
    return out


@njit(cache=True)
def line_flags(par, own, t):
    """Through ``t``: (three or more, exactly three, four or more) by run_masks, and three or more by
    line_through (for tests of the bit-parallel masks against runs walked point by point)."""
    full, exact, long = run_masks(par, own)
    return (bool((full >> t) & 1), bool((exact >> t) & 1), bool((long >> t) & 1),
            line_through(own, t, par[P_AXES] == 4))


# --- the Python side --------------------------------------------------------------------------

def compile_par(values: Mapping[str, str]) -> np.ndarray:
    """The kernels' parameter array for these switch values (ValueError for an unknown value)."""
    for s in SWITCHES:
        if s.id not in values:
            raise ValueError(f"no value for switch {s.id!r}; allowed: {', '.join(s.options)}")
    sw = [s.index(values[s.id]) for s in SWITCHES]
    axes = ALL if sw[S_DIRECTIONS] == DIRECTIONS_ALL else ORTHOGONAL
    par = np.zeros(PAR_SIZE, dtype=np.int64)
    par[:len(SWITCHES)] = sw
    par[P_AXES] = len(axes)
    par[AXIS:AXIS + 7 * len(axes)] = GRID.axis_table(axes).reshape(-1)
    par[NBR:NBR + N_POINTS] = GRID.neighbour_masks()
    rays = np.full((N_POINTS, 8), -1, dtype=np.int64)
    rays[:, :2 * len(axes)] = GRID.ray_table(axes)
    par[RAY:RAY + 8 * N_POINTS] = rays.reshape(-1)
    par[STEP:STEP + 4 * N_POINTS] = GRID.step_table().reshape(-1)
    return par


def _int(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not low <= value <= high:
        raise ValueError(f"position {what} must be an integer {low}..{high}, not {value!r}")
    return int(value)


def _points(value: object, what: str) -> int:
    if not isinstance(value, (list, tuple)) or not value:
        raise ValueError(f"position {what} must be a non-empty list of point names, not {value!r}")
    mask = 0
    for name in value:
        try:
            mask |= 1 << GRID.parse(name)
        except ValueError as exc:
            raise ValueError(f"position {what}: {exc}") from None
    return mask


STEP_TO: list[list[int]] = GRID.step_table().tolist()
"""STEP_TO[f][d]: the point one step from f in direction d (0 south, 1 west, 2 east, 3 north), or -1."""


def move_name(move: int) -> str:
    """The notation of a move number: ``c3``, ``c3-c4``, ``xd2`` or ``pass``."""
    if isinstance(move, bool) or not isinstance(move, (int, np.integer)):
        raise ValueError(f"unknown move {move!r}")
    move = int(move)
    if 0 <= move < N_POINTS:
        return GRID.name(move)
    if STEP_BASE <= move < STEP_BASE + 4 * N_POINTS:
        f, d = divmod(move - STEP_BASE, 4)
        t = STEP_TO[f][d]
        if t >= 0:
            return f"{GRID.name(f)}-{GRID.name(t)}"
    if REMOVE_BASE <= move < REMOVE_BASE + N_POINTS:
        return "x" + GRID.name(move - REMOVE_BASE)
    if move == PASS_MOVE:
        return "pass"
    raise ValueError(f"unknown move {move!r}")


def parse_move(text: str) -> int:
    """The move number a notation names; ValueError naming it if it is malformed."""
    if not isinstance(text, str):
        raise ValueError(f"unknown move {text!r}: a move is a string such as c3, c3-c4, xd2 or pass")
    t = text.strip().lower()
    why = "moves are a placement (c3), a step (c3-c4), a removal (xd2) or pass"
    try:
        if t == "pass":
            return PASS_MOVE
        if t.startswith("x"):
            return REMOVE_BASE + GRID.parse(t[1:])
        if "-" in t:
            a, _, b = t.partition("-")
            f, to = GRID.parse(a), GRID.parse(b)
            steps = STEP_TO[f]
            if to not in steps:
                raise ValueError(f"{b.strip()} is not next to {a.strip()}")
            return STEP_BASE + 4 * f + steps.index(to)
        return GRID.parse(t)
    except ValueError as exc:
        raise ValueError(f"unknown move {text!r}: {exc}; {why}") from None


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


def board_of(b1: int, b2: int, h1: int, h2: int, phase: int) -> dict[str, Any]:
    """The board as JSON-able data: rows (top first), hands, pieces each player has taken, phase,
    and ``sites`` for drawing it (name, row from the top, column from the left, piece: 0, 1 or 2)."""
    return {
        "rows": GRID.rows_text((b1, b2), SYMBOLS),
        "hands": [h1, h2],
        "captures": [PIECES - h2 - bin(b2).count("1"), PIECES - h1 - bin(b1).count("1")],
        "phase": "placement" if phase == PLACEMENT else "movement",
        "sites": [
            {"name": GRID.name(p), "row": ROWS - 1 - p // COLS, "col": p % COLS,
             "piece": 1 if b1 >> p & 1 else 2 if b2 >> p & 1 else 0}
            for p in range(N_POINTS)
        ],
    }


class Tauru(KernelRules):
    """The engine's Tauru."""

    id, name, switches, machine = GAME_ID, NAME, SWITCHES, staticmethod(run)
    STATUS, TO_MOVE, N_LEGAL = STATUS, TO_MOVE, N_LEGAL

    def build(self, values: Mapping[str, str], limits: Limits) -> Params:
        par = compile_par(values)
        repeat = par[S_REPETITION] == REPETITION_ENDS
        return Params(par=par, state_size=FIXED_SIZE + (int(limits.turns) + 2 if repeat else 0), limits=limits,
                      values=dict(values))

    def position(self, params: Params, spec: Mapping[str, Any]) -> np.ndarray:
        """A position: ``{"board": [5 rows, top first, of "x" "o" "."], "hands": [h1, h2], "to_move": 1 | 2}``
        (the board may also be drawn as one string, as ``render`` draws it: see ``board_rows``),

        and optionally ``"phase"`` ("placement" or "movement"; default: placement while a hand
        holds pieces), ``"last_capturer"`` (1, 2 or None), ``"passes"`` (consecutive passes, 0 or
        1), ``"recorded_lines"`` ([lines of player 1, lines of player 2], each line a list of
        point names: standing-line = new-only), and for a turn in progress ``"stage"``
        ("removal", with ``"line"``, the points of the lines that earned it, needed with
        removal = next-to-line; or "placement", the second placement of per-turn = two),
        ``"removed"`` (whether a piece was removed this turn) and ``"placed"`` (pieces placed
        this turn). Positions logged for repetition start afresh. The end rule is tested at once
        (as at the start of any turn).
        """
        if not isinstance(spec, Mapping):
            raise ValueError(f"a position is a mapping, not {spec!r}")
        fields = {"board", "hands", "to_move", "phase", "last_capturer", "passes", "recorded_lines", "stage",
                  "line", "removed", "placed"}
        unknown = set(spec) - fields
        if unknown:
            raise ValueError(f"unknown position field(s) {sorted(unknown)}; fields: {', '.join(sorted(fields))}")
        b1, b2 = GRID.parse_rows(board_rows(spec.get("board")), SYMBOLS)
        hands = spec.get("hands", [0, 0])
        if not isinstance(hands, (list, tuple)) or len(hands) != 2:
            raise ValueError(f"position hands must be two counts, not {hands!r}")
        h = [_int(x, "hands", 0, PIECES) for x in hands]
        for p, mask in enumerate((b1, b2)):
            if bin(mask).count("1") + h[p] > PIECES:
                raise ValueError(f"player {p + 1} has more than {PIECES} pieces on the board and in hand")
        to_move = spec.get("to_move", 1)
        if to_move not in (1, 2) or isinstance(to_move, bool):
            raise ValueError(f"position to_move must be 1 or 2, not {to_move!r}")
        phase = spec.get("phase", "placement" if h[0] + h[1] > 0 else "movement")
        if phase not in ("placement", "movement"):
            raise ValueError(f"position phase must be 'placement' or 'movement', not {phase!r}")
        last = spec.get("last_capturer")
        if last not in (None, 1, 2) or isinstance(last, bool):
            raise ValueError(f"position last_capturer must be 1, 2 or None, not {last!r}")
        st = np.zeros(params.state_size, dtype=np.int64)
        st[BOARD], st[BOARD + 1] = b1, b2
        st[HAND], st[HAND + 1] = h
        st[TO_MOVE] = to_move - 1
        st[FIRST] = to_move - 1
        st[PHASE] = PLACEMENT if phase == "placement" else MOVEMENT
        st[LAST] = last or 0
        st[PASSES] = _int(spec.get("passes", 0), "passes", 0, 1)
        st[COVER] = b1 | b2
        lines = spec.get("recorded_lines", [[], []])
        if not isinstance(lines, (list, tuple)) or len(lines) != 2:
            raise ValueError(f"position recorded_lines must be two lists of lines, not {lines!r}")
        for p, own in enumerate(lines):
            if not isinstance(own, (list, tuple)) or len(own) > MAX_SET_UP_LINES:
                raise ValueError(f"position recorded_lines of player {p + 1}: at most {MAX_SET_UP_LINES} lines")
            for line in own:
                mask = _points(line, f"recorded line of player {p + 1}")
                st[REC + p * MAX_REC + st[N_REC + p]] = mask
                st[N_REC + p] += 1
        stage = spec.get("stage", "turn")
        if stage not in ("turn", "removal", "placement"):
            raise ValueError(f"position stage must be 'turn', 'removal' or 'placement', not {stage!r}")
        if stage == "turn":
            extra = sorted({"line", "removed", "placed"} & set(spec))
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
            line = spec.get("line")
            if line is None and params.par[S_REMOVAL] == REMOVE_NEXT_TO_LINE:
                raise ValueError("position line (the points of the line just formed) is needed with removal = "
                                 "next-to-line")
            set_up_removal(st, params.par, np.int64(0 if line is None else _points(line, "line")))
        else:
            if "line" in spec:
                raise ValueError("position line belongs to stage 'removal'")
            if st[PHASE] != PLACEMENT or params.par[S_PER_TURN] != PER_TURN_TWO:
                raise ValueError("a second placement is pending only in the placement phase with per-turn = two")
            st[PLACED] = _int(spec.get("placed", 1), "placed", 1, 1)
            set_up_second_placement(st, params.par)
        if st[N_LEGAL] == 0:
            raise ValueError(f"position stage {stage!r} has no legal move")
        return st

    def position_spec(self, st: np.ndarray) -> dict[str, Any]:
        spec: dict[str, Any] = {
            "board": GRID.rows_text((int(st[BOARD]), int(st[BOARD + 1])), SYMBOLS),
            "hands": [int(st[HAND]), int(st[HAND + 1])],
            "to_move": int(st[TO_MOVE]) + 1,
            "phase": "placement" if st[PHASE] == PLACEMENT else "movement",
            "last_capturer": int(st[LAST]) or None,
            "passes": int(st[PASSES]),
        }
        if st[N_REC] or st[N_REC + 1]:
            spec["recorded_lines"] = [
                [GRID.names(int(st[REC + p * MAX_REC + i])) for i in range(int(st[N_REC + p]))] for p in (0, 1)
            ]
        if st[STATUS] == ONGOING and st[STAGE] != STAGE_TURN:
            spec["stage"] = "removal" if st[STAGE] == STAGE_REMOVAL else "placement"
            spec["removed"] = bool(st[REMOVED])
            spec["placed"] = int(st[PLACED])
            if st[STAGE] == STAGE_REMOVAL and st[LINE]:  # kept with removal = next-to-line only
                spec["line"] = GRID.names(int(st[LINE]))
        return spec

    def legal_moves(self, st: np.ndarray) -> list[int]:
        if st[STATUS] != ONGOING:
            return []
        return [int(m) for m in legal_list(st)]

    def move_to_text(self, move: int) -> str:
        return move_name(move)

    def text_to_move(self, text: str) -> int:
        return parse_move(text)

    def board(self, st: np.ndarray) -> dict[str, Any]:
        return board_of(int(st[BOARD]), int(st[BOARD + 1]), int(st[HAND]), int(st[HAND + 1]), int(st[PHASE]))

    def render(self, params: Params, st: np.ndarray) -> str:
        b = self.board(st)
        letters = "   " + " ".join(chr(ord("a") + c) for c in range(COLS))
        lines = [letters]
        for i, row in enumerate(b["rows"]):
            r = ROWS - i
            lines.append(f"{r}  " + " ".join(row) + f"  {r}")
        lines.append(letters)
        for p in (0, 1):
            on_board = bin(int(st[BOARD + p])).count("1")
            lines.append(f"player {p + 1} ({SYMBOLS[p]}): {b['hands'][p]} in hand, {on_board} on the board, "
                         f"{b['captures'][p]} taken")
        if st[STATUS] == ONGOING:
            who = f"player {int(st[TO_MOVE]) + 1} ({SYMBOLS[int(st[TO_MOVE])]})"
            doing = {K_PLACE: "to place", K_STEP: "to step", K_REMOVE: "to remove an enemy piece",
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
                event: dict[str, Any] = {"kind": "place", "player": player, "point": GRID.name(a)}
            elif kind == EV_STEP:
                event = {"kind": "step", "player": player, "from": GRID.name(a), "to": GRID.name(b)}
            elif kind == EV_LINE:
                event = {"kind": "line", "player": player, "points": GRID.names(a), "captures": bool(b)}
            elif kind == EV_REMOVE:
                event = {"kind": "remove", "player": player, "point": GRID.name(a)}
            elif kind == EV_PASS:
                event = {"kind": "pass", "player": player}
            else:
                event = {"kind": "phase", "phase": "movement"}
            event["board"] = board_of(b1, b2, h1, h2, phase)
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


RULES = Tauru()
