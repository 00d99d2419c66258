"""The alignment machine: the compiled kernels that play every game of the alignment family from its
description (engine.alignment.description), on the shared machinery (engine.machine: one driver,
random self-play, UCT, traces), and its one compiled entry point :func:`run`.

The players enter their pieces on the empty points of a board (the placement phase), then move one
piece a turn one step to an empty neighbouring point (the movement phase). A piece placed or moved
that forms a line of three of its owner's pieces through itself lets the same player remove one
enemy piece: the removal is a decision of its own, made by the same player in the same turn. Every
rule field of the description (engine.alignment.rules, one module a rule, each naming the kernels
below that are its own and the hook points where they run) is a code in the parameter array
(engine.alignment.layout), which the kernels compare with; the board's sizes and tables follow.

Turns and moves: a turn is everything one player does before the other plays (a placement or step,
the removal it earns, a second placement with per_turn two, or a pass); every decision is one move
(Ludii's count). The scores are the result: 1 for the winner and 0 for the loser, 0 - 0 for a draw,
a game that goes on, or one stopped by a limit or a repeated position.

Representation: a bit mask per player in an int64 state array; lines are found bit-parallel
(engine.alignment.lines). Legal moves are kept as masks (placement, removal, the pieces that may
step in each direction) and the k-th legal move is selected from them without building a list, as
engine.agents.RandomAgent draws an index into ``legal_moves()``. The Python side (positions,
notation, the board, traces) is engine.alignment.game.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine import machine
from engine.alignment.bits import lowest_bit, popcount, select_bit, select_bit4
from engine.alignment import point_lines
from engine.alignment.layout import (
    BOARD, COVER, END_CAPTURE_ALL, END_LAST_CAPTURER, EV_LINE, EV_MOVEMENT, EV_PASS, EV_PLACE,
    EV_REMOVE, EV_STEP, FIRST, FIRST_LOT, FIXED_SIZE, HAND, KIND, K_NONE, K_PASS, K_PLACE, K_REMOVE, K_STEP, LAST, LINE,
    LMASK, LOG_EVENTS, LOG_WIDTH, LONG_FORBIDDEN, LONG_IGNORED, MOVEMENT, MOVES, NBR, NEW_ONLY, NO_MOVE_LOSE, N_LEGAL,
    N_REC, N_REP, PASSES, PASS_MOVE, PER_TURN_TWO, PHASE, PLACED, PLACEMENT, PLACE_CAPTURE, PLACE_FORBIDDEN, P_AXES,
    P_COLS, P_COL_A, P_COL_F, P_END, P_FIRST, P_FULL, P_LONG, P_NO_MOVE, P_PER_TURN, P_PIECES, P_PLACEMENT, P_POINTS,
    P_REMOVAL, P_REPETITION, P_STANDING, RAY, REC, REMOVED, REMOVE_ANY, REMOVE_BASE, REMOVE_NEXT_TO_LINE,
    REMOVE_NOT_IN_LINE, REP, REPETITION_ENDS, STAGE, STAGE_REMOVAL, STAGE_SECOND, STAGE_TURN, STATUS, STEP, STEP_BASE,
    TO_MOVE, TURNS, WINNER,
)
from engine.alignment.layout import (  # the rules of the morris games and boards of points and lines
    PIECES, DOUBLE_PER_LINE, FLYING_NEVER, FLYING_NO_LINE, K_MOVE, MOVE_BASE, NOTHING_MOVER_LOSES, OWED, POINT_ROOM, P_DOUBLE,
    P_DRAW_AFTER, P_FLYING, P_NOTHING, REMOVE_UNLESS_ALL, REPETITION_IGNORED,
)
from engine.alignment.layout import (  # the rules of the grid games (Dara, Dra, Bolotudu)
    BEGINS_SECOND_EMPTY, DECIDED_MOST_CAPTURES, END_IN_MOVEMENT, FORBID_LINES, FORBID_THREE_OR_MORE, FORBID_TWO_OR_MORE,
    HAND_POINT, HAND_REMOVAL, LEAVING_NO_CAPTURE, LINES_OF_TWO, P_BEGINS, P_DECIDED, P_END_TESTED, P_FORBIDDEN_RUNS,
    P_HAND_REMOVAL, P_LEAVING, P_LINE_LENGTH,
)
from engine.alignment.layout import P_CORNERS  # a morris board's corners joined (Triodi's fig. 2)
from engine.alignment.lines import counting_lines, line_through, lines_of, run_along, run_masks, side_runs
from engine.alignment.rules.line import MAX_RECORDED as MAX_REC
from engine.result import ONGOING, OVER, REPETITION, UNFINISHED
from engine.turns import first_player


# --- recorded lines -------------------------------------------------------------------------

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
def placement_mask(st, par, p, points=False):
    """The points player ``p`` may place on now (none with an empty hand). ``points``: a board of points
    and lines (a constant of the entry point, as ``logged`` is: the other board's code compiles away)."""
    if st[HAND + p] == 0:
        return np.int64(0)
    empty = par[P_FULL] & ~(st[BOARD] | st[BOARD + 1])
    pl_forbidden = par[P_PLACEMENT] == PLACE_FORBIDDEN
    long_forbidden = par[P_LONG] == LONG_FORBIDDEN
    runs = par[P_FORBIDDEN_RUNS]
    if not pl_forbidden and not long_forbidden and runs == FORBID_LINES:
        return empty
    if points:  # placement_lines forbidden (long_lines is count there)
        return empty & ~point_lines.line_makers(par, st[BOARD + p], empty)
    full, exact, long = run_masks(par, P_AXES, st[BOARD + p])
    illegal = np.int64(0)
    if pl_forbidden and runs == FORBID_LINES:
        illegal |= exact if par[P_LONG] == LONG_IGNORED else full
    if long_forbidden:
        illegal |= long
    if runs == FORBID_THREE_OR_MORE:
        illegal |= full
    elif runs == FORBID_TWO_OR_MORE:  # next to one of the player's pieces along an axis
        for a in range(par[P_AXES]):
            b1, b2, b3, f1, f2, f3 = side_runs(par, P_AXES, st[BOARD + p], a)
            illegal |= b1 | f1
    return empty & ~illegal


@njit(cache=True, inline="always")
def set_step_masks(st, par, p):
    """Store, for each direction, the pieces of player ``p`` that may step that way; return how many steps."""
    own = st[BOARD + p]
    cols = par[P_COLS]
    empty = par[P_FULL] & ~(own | st[BOARD + 1 - p])
    m0 = own & (empty << cols)
    m1 = own & (empty << 1) & ~par[P_COL_A]
    m2 = own & (empty >> 1) & ~par[P_COL_F]
    m3 = own & (empty >> cols)
    if par[P_LONG] == LONG_FORBIDDEN:
        # A step to t makes a run of four or more through t: along the step's own axis only the
        # far side counts (the near side is the point left); along the others, both sides.
        other_h = np.int64(0)  # four or more through t along the axes other than rows
        other_v = np.int64(0)  # ... other than columns
        far_back_h = np.int64(0)
        far_fwd_h = np.int64(0)
        far_back_v = np.int64(0)
        far_fwd_v = np.int64(0)
        for a in range(par[P_AXES]):
            b1, b2, b3, f1, f2, f3 = side_runs(par, P_AXES, own, a)
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
        m0 &= ~((other_v | far_back_v) << cols)  # south: t = f - cols, the far side is backwards
        m1 &= ~((other_h | far_back_h) << 1)  # west: t = f - 1
        m2 &= ~((other_h | far_fwd_h) >> 1)  # east: t = f + 1, the far side is forwards
        m3 &= ~((other_v | far_fwd_v) >> cols)  # north: t = f + cols
    st[LMASK] = m0
    st[LMASK + 1] = m1
    st[LMASK + 2] = m2
    st[LMASK + 3] = m3
    return popcount(m0) + popcount(m1) + popcount(m2) + popcount(m3)


@njit(cache=True, inline="always")
def set_move_masks(st, par, p):
    """A board of points and lines: store the pieces of player ``p`` that may step and the empty points;
    return how many steps (each piece to its empty neighbours)."""
    own = st[BOARD + p]
    empty = par[P_FULL] & ~(own | st[BOARD + 1 - p])
    movers = np.int64(0)
    n = np.int64(0)
    m = own
    while m:
        f = lowest_bit(m)
        m &= m - 1
        c = popcount(par[NBR + f] & empty)
        if c:
            movers |= np.int64(1) << f
            n += c
    st[LMASK] = movers
    st[LMASK + 1] = empty
    st[LMASK + 2] = 0
    st[LMASK + 3] = par[P_CORNERS]  # which neighbour table the moves are listed from (joined-corners)
    return n


@njit(cache=True, inline="always")
def set_fly_masks(st, par, p):
    """Flying: every piece of player ``p`` may move to every empty point; store them, return how many moves."""
    own = st[BOARD + p]
    empty = par[P_FULL] & ~(own | st[BOARD + 1 - p])
    st[LMASK] = own
    st[LMASK + 1] = empty
    st[LMASK + 2] = 1
    return popcount(own) * popcount(empty)


@njit(cache=True, inline="always")
def select_from_to(st, par, k):
    """The ``k``-th move from a point to a point (K_MOVE), in ascending order of (from, to)."""
    movers = st[LMASK]
    to = st[LMASK + 1]
    if st[LMASK + 2]:  # flying: the same points for every piece
        n = popcount(to)
        return MOVE_BASE + POINT_ROOM * select_bit(movers, k // n) + select_bit(to, k % n)
    while True:
        f = lowest_bit(movers)
        d = par[NBR + f] & to
        c = popcount(d)
        if k < c:
            return MOVE_BASE + POINT_ROOM * f + select_bit(d, k)
        k -= c
        movers &= movers - 1


@njit(cache=True, inline="always")
def select_move(st, par, k):
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
    if kind == K_MOVE:
        return select_from_to(st, par, k)
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
def removal_candidates(st, par, me, line, points=False):
    """The enemy pieces player ``me`` may remove, given the lines ``line`` that earned the removal."""
    enemy = st[BOARD + 1 - me]
    rule = par[P_REMOVAL]
    if rule == REMOVE_ANY:
        if par[P_HAND_REMOVAL] == HAND_REMOVAL and st[HAND + 1 - me] > 0:
            return enemy | (np.int64(1) << HAND_POINT)
        return enemy
    if rule == REMOVE_NOT_IN_LINE or rule == REMOVE_UNLESS_ALL:
        if points:
            free = enemy & ~point_lines.lines_of(par, enemy)
        else:
            free = enemy & ~lines_of(par, P_AXES, enemy, par[P_LONG] == LONG_IGNORED)
        return enemy if free == 0 and rule == REMOVE_UNLESS_ALL else free
    near = np.int64(0)
    m = line
    while m:
        q = lowest_bit(m)
        m &= m - 1
        near |= par[NBR + q]
    return enemy & near


@njit(cache=True, inline="always")
def pair_lines(par, own, t):
    """The lines of two or more through ``t`` (line-length two), one mask per axis (0: none): a 4-tuple."""
    out0 = np.int64(0)
    out1 = np.int64(0)
    for a in range(2):
        run = run_along(par, RAY, own, t, a)
        if popcount(run) >= 2:
            if a == 0:
                out0 = run
            else:
                out1 = run
    return out0, out1, np.int64(0), np.int64(0)


# --- the turn ---------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def nothing_to_remove(st, par, me):
    """A line was made and no enemy piece may be removed: nothing happens (False), or with
    nothing_to_remove mover-loses the maker, left without a legal move, loses (True: the game is over)."""
    if par[P_NOTHING] != NOTHING_MOVER_LOSES:
        return False
    st[STATUS] = OVER
    st[WINNER] = 2 - me
    st[KIND] = K_NONE
    st[N_LEGAL] = 0
    return True


@njit(cache=True, inline="always")
def arrival(st, par, log, me, t, placing, logged, points=False):
    """A piece of ``me`` has just arrived on ``t``: if it forms a line that captures, set up the removal.

    Returns True if a removal decision follows. A line captures unless it was formed by a
    placement and placement-lines is not capture, or a piece was already removed this turn, or
    (new-only) its points have captured before; the removal needs an enemy piece the removal
    rule allows, else nothing is removed. The lines are logged when ``logged``.
    """
    own = st[BOARD + me]
    enemy = st[BOARD + 1 - me]
    may_capture = (not placing or par[P_PLACEMENT] == PLACE_CAPTURE) and st[REMOVED] == 0 and (
        enemy != 0 or par[P_NOTHING] == NOTHING_MOVER_LOSES
        or (par[P_HAND_REMOVAL] == HAND_REMOVAL and st[HAND + 1 - me] > 0))
    if not may_capture and not logged:
        return False
    if not logged:
        # first the bit-parallel test: is there a line through t at all? (most arrivals: no)
        if points:
            if not point_lines.line_through(par, own, t):
                return False
        elif par[P_LINE_LENGTH] == LINES_OF_TWO:
            if par[NBR + t] & own == 0:  # rows and columns only (the rule's check)
                return False
        elif par[P_LONG] == LONG_IGNORED:
            if (run_masks(par, P_AXES, own)[1] >> t) & 1 == 0:
                return False
        elif not line_through(own, t, par[P_AXES] == 4, par[P_COLS], par[P_COL_A], par[P_COL_F]):  # with long-lines forbidden no longer
            return False  # run can have been made, so three or more is the test
        if par[P_STANDING] != NEW_ONLY and par[P_REMOVAL] != REMOVE_NEXT_TO_LINE and par[P_DOUBLE] != DOUBLE_PER_LINE:
            # the fast path (Ludii's reading among others): the line's points decide nothing
            cand = enemy if par[P_REMOVAL] == REMOVE_ANY and par[P_HAND_REMOVAL] != HAND_REMOVAL \
                else removal_candidates(st, par, me, np.int64(0), points)
            if cand == 0:
                return nothing_to_remove(st, par, me)
            st[LINE] = 0
            st[STAGE] = STAGE_REMOVAL
            st[KIND] = K_REMOVE
            st[LMASK] = cand
            st[N_LEGAL] = popcount(cand)
            return True
    # the lines one by one: which capture (new-only), which points border them (next-to-line), events
    if points:
        l0, l1, l2, l3 = point_lines.counting_lines(par, own, t)
    elif par[P_LINE_LENGTH] == LINES_OF_TWO:
        l0, l1, l2, l3 = pair_lines(par, own, t)
    else:
        l0, l1, l2, l3 = counting_lines(par, P_AXES, RAY, own, t, par[P_LONG] == LONG_IGNORED)
    line = np.int64(0)
    n_lines = 0
    if may_capture:
        new_only = par[P_STANDING] == NEW_ONLY
        for a in range(4):
            la = l0 if a == 0 else l1 if a == 1 else l2 if a == 2 else l3
            if la != 0 and not (new_only and recorded(st, me, la)):
                line |= la
                n_lines += 1
    cand = np.int64(0)
    if line != 0:
        cand = removal_candidates(st, par, me, line, points)
    if logged:
        for a in range(4):
            la = l0 if a == 0 else l1 if a == 1 else l2 if a == 2 else l3
            if la != 0:
                log_event(log, st, EV_LINE, la, 1 if (cand != 0 and la & line == la) else 0)
    if cand == 0:
        return line != 0 and nothing_to_remove(st, par, me)
    if par[P_DOUBLE] == DOUBLE_PER_LINE:
        st[OWED] = n_lines - 1
    if par[P_STANDING] == NEW_ONLY:
        for a in range(4):
            la = l0 if a == 0 else l1 if a == 1 else l2 if a == 2 else l3
            if la & line == la:
                record_line(st, me, la)
    st[LINE] = line if par[P_REMOVAL] == REMOVE_NEXT_TO_LINE else 0  # kept only where it decides something
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
def decided(st, par, winner):
    """The winner of a game that has just ended, ``winner`` by its end rule (0: none): that one, or
    (decided-by most-captures) the player who has captured more pieces, 0 for equal captures."""
    if par[P_DECIDED] != DECIDED_MOST_CAPTURES:
        return winner
    taken_by_1 = st[PIECES] - pieces(st, 1)
    taken_by_2 = st[PIECES] - pieces(st, 0)
    return 1 if taken_by_1 > taken_by_2 else 2 if taken_by_2 > taken_by_1 else 0


@njit(cache=True, inline="always")
def decide_by_pieces(st, par):
    """The end rule (last-capture), tested at the start of a turn; True if it ended the game.

    The player to move is tested first (Ludii's ``Next``), then the other.
    """
    me = st[TO_MOVE]
    a = pieces(st, me)
    b = pieces(st, 1 - me)
    rule = par[P_END]
    loser = -1
    if rule == END_CAPTURE_ALL:
        if a == 0:
            loser = me
        elif b == 0:
            loser = 1 - me
    elif rule == END_LAST_CAPTURER:
        if a == 0 or b == 0 or (a < 3 and b < 3):
            st[STATUS] = OVER
            st[WINNER] = decided(st, par, st[LAST])
            return True
    else:  # two-left, no-line-possible: fewer than three pieces
        if a < 3:
            loser = me
        elif b < 3:
            loser = 1 - me
    if loser < 0:
        return False
    st[STATUS] = OVER
    st[WINNER] = decided(st, par, 2 - loser)
    return True


@njit(cache=True, inline="always")
def turn_moves(st, par, log, logged, points=False):
    """The legal moves at the start of a turn (placement, a placement pass, steps or flights); may begin
    movement."""
    me = st[TO_MOVE]
    if st[PHASE] == PLACEMENT:  # (one call site for the mover's placements: each is compiled anew)
        second_empty = par[P_BEGINS] == BEGINS_SECOND_EMPTY
        if not second_empty or st[HAND + 1 - st[FIRST]] != 0:  # begins second-empty: until the second
            m = placement_mask(st, par, me, points)  # player's hand is empty
            if m != 0 or second_empty:
                st[KIND] = K_PLACE if m != 0 else K_NONE  # none (second-empty): a blocked player (no-move)
                st[LMASK] = m
                st[N_LEGAL] = popcount(m)
                return
            if placement_mask(st, par, 1 - me, points) != 0:
                st[KIND] = K_PASS  # the opponent can still place: this player passes
                st[N_LEGAL] = 1
                return
        st[PHASE] = MOVEMENT
        st[PASSES] = 0
        if logged:
            log_event(log, st, EV_MOVEMENT, 0, 0)
    if points:  # flying is played on boards of points and lines (engine.alignment.rules.flying)
        st[KIND] = K_MOVE
        if par[P_FLYING] != FLYING_NEVER and pieces(st, me) <= 3:
            st[N_LEGAL] = set_fly_masks(st, par, me)
        else:
            st[N_LEGAL] = set_move_masks(st, par, me)
    else:
        n = set_step_masks(st, par, me)
        st[KIND] = K_STEP
        st[N_LEGAL] = n


@njit(cache=True, inline="always")
def settle(st, par, log, turn_limit, move_limit, logged, points=False):
    """The start of a turn: the end rule, repetition, the legal moves (a blocked player), the limits."""
    st[N_LEGAL] = 0
    st[KIND] = K_NONE
    st[STAGE] = STAGE_TURN
    st[PLACED] = 0
    st[REMOVED] = 0
    st[LINE] = 0
    if (st[PHASE] == MOVEMENT or par[P_END_TESTED] != END_IN_MOVEMENT) and decide_by_pieces(st, par):
        return
    if par[P_REPETITION] != REPETITION_IGNORED:
        key = st[BOARD] | (st[BOARD + 1] << par[P_POINTS]) | (st[TO_MOVE] << 60)
        n = st[N_REP]
        seen = 0  # earlier occurrences: ends-game stops at the first repeat, third-time at the second
        for i in range(n):
            if st[REP + i] == key:
                seen += 1
        if seen >= 1 and (par[P_REPETITION] == REPETITION_ENDS or seen >= 2):
            st[STATUS] = REPETITION
            return
        if REP + n < st.shape[0]:
            st[REP + n] = key
            st[N_REP] = n + 1
    turn_moves(st, par, log, logged, points)
    if st[N_LEGAL] == 0:
        if par[P_NO_MOVE] == NO_MOVE_LOSE:
            st[KIND] = K_NONE
            st[STATUS] = OVER
            st[WINNER] = decided(st, par, 2 - st[TO_MOVE])
            return
        st[KIND] = K_PASS
        st[N_LEGAL] = 1
    if st[TURNS] >= par[P_DRAW_AFTER]:  # the rules' draw by length (turn-limit), after the end by pieces and moves
        st[N_LEGAL] = 0
        st[KIND] = K_NONE
        st[STATUS] = OVER
        st[WINNER] = 0
        return
    if st[MOVES] >= move_limit or st[TURNS] >= turn_limit:
        st[N_LEGAL] = 0
        st[KIND] = K_NONE
        st[STATUS] = UNFINISHED


@njit(cache=True, inline="always")
def init_state(st, par, rng, seed):
    """The start: an empty board, the pieces in each hand; the first player by lot or player 1 (the
    caller settles the first turn)."""
    for i in range(FIXED_SIZE):
        st[i] = 0
    st[HAND] = par[P_PIECES]
    st[HAND + 1] = par[P_PIECES]
    st[PIECES] = par[P_PIECES]
    first_player(st, rng, seed, par[P_FIRST] == FIRST_LOT, TO_MOVE, FIRST)


@njit(cache=True)
def settle_out(st, par, log, turn_limit, move_limit, logged):
    """:func:`settle` out of line, ``logged`` read at run time (the callers pass ``np.bool_``: a literal
    True or False would compile a copy each): the one copy that the start, a set-up position
    (OP_SETTLE) and a traced move settle with (the random play's own is inlined into it).
    Each inlined copy of settle is typed, lowered and optimised again: one for these three saves
    two (benchmarks/compile.txt, h84)."""
    settle(st, par, log, turn_limit, move_limit, logged)


@njit(cache=True)
def settle_out_points(st, par, log, turn_limit, move_limit, logged):
    """:func:`settle_out` on a board of points and lines."""
    settle(st, par, log, turn_limit, move_limit, logged, True)


@njit(cache=True, inline="always")
def owed_removal(st, par, me, points):
    """After a removal, with double_line one-per-line: the next removal a double line still owes, if any
    enemy piece may be taken; True if it is pending."""
    st[OWED] -= 1
    cand = removal_candidates(st, par, me, st[LINE], points)
    if cand == 0:
        st[OWED] = 0
        return False
    st[STAGE] = STAGE_REMOVAL
    st[KIND] = K_REMOVE
    st[LMASK] = cand
    st[N_LEGAL] = popcount(cand)
    return True


@njit(cache=True, inline="always")
def apply_move(st, par, log, move, turn_limit, move_limit, logged, points=False):
    """Play ``move`` (the caller checked it is legal), then set up the next decision or settle the turn."""
    me = st[TO_MOVE]
    st[MOVES] += 1
    pending = False
    arrived = -1  # the point a piece arrived on whose lines are to be tested (-1: none)
    placing = False
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
        arrived = t
        placing = True
    elif move < REMOVE_BASE:
        f = (move - STEP_BASE) >> 2
        t = par[STEP + move - STEP_BASE]
        bit = np.int64(1) << t
        leaving = par[P_LEAVING] == LEAVING_NO_CAPTURE and (run_masks(par, P_AXES, st[BOARD + me])[2] >> f) & 1 != 0
        st[BOARD + me] = (st[BOARD + me] & ~(np.int64(1) << f)) | bit
        st[COVER] |= bit
        st[PASSES] = 0
        if logged:
            log_event(log, st, EV_STEP, f, t)
        if not leaving:  # (leaving-long-line no-capture: a piece leaving a run of four or more tests no line)
            arrived = t
    elif move < PASS_MOVE:
        p = move - REMOVE_BASE
        if p == HAND_POINT:  # hand-removal: the enemy's hand is emptied (Ludii clears the hand's site)
            st[HAND + 1 - me] = 0
        else:
            st[BOARD + 1 - me] &= ~(np.int64(1) << p)
        st[REMOVED] = 1
        st[LAST] = me + 1
        st[N_REP] = 0
        if logged:
            log_event(log, st, EV_REMOVE, p, 0)
        if st[OWED] > 0:
            pending = owed_removal(st, par, me, points)
    elif move == PASS_MOVE:
        if st[PHASE] == MOVEMENT or par[P_BEGINS] == BEGINS_SECOND_EMPTY:
            st[PASSES] += 1
        if logged:
            log_event(log, st, EV_PASS, 0, 0)
    else:  # from a point to a point: a flight, or a step on a board of points and lines
        f = (move - MOVE_BASE) // POINT_ROOM
        t = (move - MOVE_BASE) % POINT_ROOM
        bit = np.int64(1) << t
        st[BOARD + me] = (st[BOARD + me] & ~(np.int64(1) << f)) | bit
        st[COVER] |= bit
        st[PASSES] = 0
        if logged:
            log_event(log, st, EV_STEP, f, t)
        if not (st[LMASK + 2] == 1 and par[P_FLYING] == FLYING_NO_LINE):  # a flight that makes no line
            arrived = t
    if arrived >= 0:  # one call site: each inlined copy of arrival is compiled anew
        pending = arrival(st, par, log, me, arrived, placing, logged, points)
    if not pending and move < PASS_MOVE and st[PHASE] == PLACEMENT and st[PLACED] == 1 \
            and par[P_PER_TURN] == PER_TURN_TWO:
        m = placement_mask(st, par, me, points)
        if m != 0:
            st[STAGE] = STAGE_SECOND
            st[KIND] = K_PLACE
            st[LMASK] = m
            st[N_LEGAL] = popcount(m)
            pending = True
    if pending:
        if st[MOVES] >= move_limit and st[STATUS] == ONGOING:  # the turn the limit cuts short counts as played
            st[TURNS] += 1
            st[N_LEGAL] = 0
            st[KIND] = K_NONE
            st[STATUS] = UNFINISHED
        return
    st[TURNS] += 1
    st[TO_MOVE] = 1 - me
    if st[PASSES] >= 2 and (st[PHASE] == MOVEMENT or par[P_END_TESTED] != END_IN_MOVEMENT):
        st[N_LEGAL] = 0
        st[KIND] = K_NONE
        st[STATUS] = OVER
        st[WINNER] = decided(st, par, 0)
        return
    if not logged:  # random play: settled inline
        settle(st, par, log, turn_limit, move_limit, False, points)
    elif points:  # a traced move (out of line already): by the out-of-line copy
        settle_out_points(st, par, log, turn_limit, move_limit, np.bool_(True))
    else:
        settle_out(st, par, log, turn_limit, move_limit, np.bool_(True))


# --- the kernels as engine.machine takes them -------------------------------------------------

@njit(cache=True)
def start(st, par, table, scratch, rng, seed, turn_limit, move_limit, log):
    """Out of line (once a game): the one entry point stays small enough for LLVM to compile fast."""
    init_state(st, par, rng, seed)
    settle_out(st, par, log, turn_limit, move_limit, np.bool_(False))


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


@njit(cache=True, inline="always")
def settle_turn(st, par, table, scratch, turn_limit, move_limit, log):
    settle_out(st, par, log, turn_limit, move_limit, np.bool_(False))


@njit(cache=True, inline="always")
def finish(st, par, row):
    """1 for the winner, 0 otherwise."""
    machine.won_by_rule(row, st[STATUS], st[WINNER] if st[STATUS] == OVER else 0, st[TURNS], st[MOVES],
                        st[FIRST] + 1, popcount(st[COVER]), par[P_POINTS], 0)


@njit(cache=True)
def run(op, par, table, start_st, st, scratch, rng, log, seed, games, move, turn_limit, move_limit, tree, out):
    """The one compiled entry point (engine.machine.drive over this module's kernels)."""
    machine.drive(start, play, settle_turn, select_move, finish, STATUS, N_LEGAL, TO_MOVE, op, par, table, start_st,
                  st, scratch, rng, log, seed, games, move, turn_limit, move_limit, tree, out)


# --- the same kernels on a board of points and lines (engine.alignment.points) ----------------

@njit(cache=True)
def start_points(st, par, table, scratch, rng, seed, turn_limit, move_limit, log):
    init_state(st, par, rng, seed)
    settle_out_points(st, par, log, turn_limit, move_limit, np.bool_(False))


@njit(cache=True)
def play_logged_points(st, par, log, move, turn_limit, move_limit):
    apply_move(st, par, log, move, turn_limit, move_limit, True, True)


@njit(cache=True, inline="always")
def play_points(st, par, table, scratch, move, turn_limit, move_limit, log):
    if log[0] >= 0:
        play_logged_points(st, par, log, move, turn_limit, move_limit)
    else:
        apply_move(st, par, log, move, turn_limit, move_limit, False, True)


@njit(cache=True, inline="always")
def settle_turn_points(st, par, table, scratch, turn_limit, move_limit, log):
    settle_out_points(st, par, log, turn_limit, move_limit, np.bool_(False))


@njit(cache=True)
def run_points(op, par, table, start_st, st, scratch, rng, log, seed, games, move, turn_limit, move_limit, tree,
               out):
    """The compiled entry point of the games on a board of points and lines."""
    machine.drive(start_points, play_points, settle_turn_points, select_move, finish, STATUS, N_LEGAL, TO_MOVE, op,
                  par, table, start_st, st, scratch, rng, log, seed, games, move, turn_limit, move_limit, tree, out)
