"""The sowing machine's lap loop, for every board: a run of laps from one hole, written once.

A run takes up a hole's counters and sows them along the lap's track (engine.mancala.rules.lap.lap_track: on
four rows the player's track of the lap's kind, on two rows the player's, or the clockwise one the game's first
move chose), counts the lap, covers the holes it sowed, logs it, and lands: the rules' code runs where the lap
reaches the loop's hook points (engine.mancala.rule.LAP_POINTS, the same on every board; a point no rule of the
board uses answers its default, folded away), and the relay rule (engine.mancala.rules.relay) decides whether the
run goes on from the landing (or the hole after it). A run that comes back to a (hole, kind, board) configuration
it has met proves itself endless; one that reaches its cap of laps stops, and the shared machinery plays it
again with every configuration logged (engine.machine.run_laps: two passes, so that proving a run endless
costs nothing for the many runs that end after a few laps).

What stays the board's (engine.mancala.machine.two_rows, four_rows): the state's layout (the offsets below,
chosen by ``four = params[ROWS] == 4``, constants once specialised), how its cover is kept (two rows: one mask,
of track positions or of holes; four rows: one a player, of positions, from the geometry's prefix masks), and
how a long run's quick pass is rewound (two rows: a snapshot; four rows: its laps undone, or a snapshot where a
run changes more than its laps sow). The run's outcomes are engine.mancala.machine.outcome's.

The loop is compiled only specialised with the turn (engine.specialise: :data:`SPECIALISED_WITH`): the rows slot
is a constant, so the other board's code is gone, and a description's combination of rules fixes its rule slots
as well.
"""

from __future__ import annotations

from numba import njit

from engine import machine
from engine.inlining import unaliased
from engine.machine import RUN_ENDLESS, RUN_OUT_OF_LAPS
from engine.mancala import fourrow
from engine.mancala.fourrow import TRACK_SLOT
from engine.mancala.layout import (
    AFTER_LAP, BASE, CONTINUE_RELAY, DIRECTION_FIRST_MOVE, ENDS_AT_ORIGIN, F_LONG_LAP, F_SINGLE_CAPTURES,
    F_SINGLE_LAP, F_SITES, F_SNAPSHOT, FOUR_LOGGED, FOUR_SNAPSHOT, FOUR_STATE, FOUR_TRACKS, FULL_LAP, GEO,
    NEXT_NON_EMPTY, P_AFTER_CAPTURE, P_DIRECTION, P_END, P_LONG_LAP, P_PER_ROW, P_RELAY, P_RELAY_WHEN, P_SITES,
    P_SKIPPED_LANDING, P_SOW_CAPTURE, P_STORE_TURN, P_TRACK, P_TRACK_2, RELAY_LAST_HOLE, RELAY_NEXT_ALWAYS,
    RELAY_NEXT_HOLE, RELAY_SINGLE, ROWS, SKIP_ORIGIN, SNAPSHOT, STATE_FIELDS, TURN_AGAIN,
)
from engine.mancala.machine.hooks import (
    at_before_relay, at_captured, at_lap_end, at_lap_landed, at_lap_relays, at_lap_sown, at_lap_starts,
    at_laps_begin, at_last_landing, at_relay_kind, at_sow,
)
from engine.mancala.machine.outcome import MOVE_AGAIN, MOVE_DONE, MOVE_EMPTIED_RELAY, MOVE_ROW_EMPTIED
from engine.mancala.rules.end import row_empty
from engine.mancala.rules.lap import lap_track
from engine.mancala.sowing import TRACK_HOLES, TRACK_LENGTH, idx, sow, unsow
from engine.repetition import begin_move, begin_move_split, restore_split, seen_before

SPECIALISED_WITH = ("engine.mancala.machine.hooks", "engine.mancala.rules.lap")
"""Specialised with these modules (engine.specialise): the calls of the loop's hook points, and the lap rule's
track."""

# The events of a traced run (engine.machine.log_event), the same on every board (a board adds its own).
LOG_LAP = 1  # a = hole taken up, b = counters sown, c = hole where the last counter landed
LOG_LAP_RESTRICTED = 7  # as LOG_LAP, a lap of kind RESTRICTED_LAP (four rows, restricted-holes)

# The state's fields the loop reads on each board (engine.mancala.layout): locals chosen by ``four``.
FOUR_MOVES, FOUR_LAPS = FOUR_STATE["moves"], FOUR_STATE["laps"]
FOUR_TO_MOVE, FOUR_COVER, FOUR_UNDO = FOUR_STATE["to_move"], FOUR_STATE["cover"], FOUR_STATE["undo"]
TWO_MOVES, TWO_STORE = BASE + STATE_FIELDS["moves"], BASE + STATE_FIELDS["store"]
TWO_TO_MOVE, TWO_COVER = BASE + STATE_FIELDS["to_move"], BASE + STATE_FIELDS["cover"]
TWO_LOGGED = TWO_MOVES  # the board, the stores and the rules' run fields
TWO_SNAPSHOT = SNAPSHOT


@njit(cache=True, inline="always")
def all_of(n):
    """A bit mask of positions 0 .. n - 1 (n up to 64: the widest board's track, 2 x 32 holes)."""
    return -1 if n >= 64 else (1 << n) - 1


@njit(cache=True, inline="always")
def lap_cover(length, last, count):
    """The track positions a lap of ``count`` counters ending at position ``last`` sowed, as a
    bit mask; every position once the lap goes round (its starting hole, occupied before, too)."""
    if count >= length - 1:
        return all_of(length)
    first = last - count + 1
    if first >= 0:
        return ((1 << count) - 1) << first
    return ((1 << (last + 1)) - 1) | (((1 << -first) - 1) << (length + first))


@njit(cache=True, inline="always")
def hole_cover(params, holes, length, sites, last, count):
    """The holes a lap of ``count`` counters ending at track position ``last`` sowed, as a bit mask
    over holes (a track through the stores: their positions are left out)."""
    m = 0
    pos = last
    for _ in range(count if count < length else length):
        h = params[holes + pos]
        if h < sites:
            m |= 1 << h
        pos = pos - 1 if pos > 0 else length - 1
    return m


@njit(cache=True, inline="always")
def laps(state, params, table, origin, kind, lap_cap, logged, log):
    """Sow the laps of one run from hole ``origin``, at most ``lap_cap`` of them (``kind``: on four rows the
    kind of lap, FULL_LAP or RESTRICTED_LAP; on two rows 1 for a first move choosing clockwise under direction
    first-move, else 0). Without ``logged`` (the quick pass) the run is first made undoable.

    A lap: the hole's counters taken up (lap-starts: a rule may leave one), sown (sow: a rule may sow the lap
    itself), counted, covered and logged. Its landing, where its last counter fell: under long_lap skip-origin
    with skipped_landing origin, a lap ending right after passing over its starting hole ends there; then the
    captures there (lap-end: a capture may end the run or re-sow and move the landing; lap-landed, and what
    follows a capture, captured), the captures among the holes it sowed (lap-sown); the relay rule: a landing
    in an occupied hole (or every landing, next-hole-always) relays from it or the hole after it, unless a
    capture across a gap ends the run (lap-relays) or, under relay_when next-non-empty, the hole after it is
    empty; a run without a relay ends with the captures at its last landing (last-landing), its mover to move
    again if it ended in a store under store_turn again. With end row-empty-after-lap an emptied row ends the
    run; a rule may end it before its relay (before-relay: a stop at a special hole, a choice at a corner, a
    mover left with no start), and give the relay's lap its kind (relay-kind). With ``logged``, a lap about to
    start from a (hole, kind, board) configuration already seen in this run proves it endless.

    Returns an outcome (engine.mancala.machine.outcome), RUN_ENDLESS or RUN_OUT_OF_LAPS (the cap reached).
    """
    four = params[ROWS] == 4
    mover = state[FOUR_TO_MOVE if four else TWO_TO_MOVE]
    sites = params[F_SITES if four else P_SITES]
    into_origin = params[F_LONG_LAP if four else P_LONG_LAP] != SKIP_ORIGIN
    # the relay rule (two rows' fields; four rows relay from the last hole) and the rules of a landing
    relay = RELAY_LAST_HOLE if four else params[P_RELAY]  # four rows: the relay rule's only value there
    next_non_empty = not four and params[P_RELAY_WHEN] == NEXT_NON_EMPTY
    continue_relay = not four and params[P_AFTER_CAPTURE] == CONTINUE_RELAY
    sow_k = 0 if four else params[P_SOW_CAPTURE]  # a lap ending in a hole its sowing captures took does not relay
    end_at_origin = not four and not into_origin and params[P_SKIPPED_LANDING] == ENDS_AT_ORIGIN
    store_again = not four and params[P_STORE_TURN] == TURN_AGAIN
    after_lap = not four and params[P_END] == AFTER_LAP
    single_lap = four and params[F_SINGLE_LAP] != 0  # single_scope lap: a single counter's lap captures nothing
    no_capture = four and state[idx(origin)] == 1 and params[F_SINGLE_CAPTURES] == 0
    # two rows keep the cover by holes when the track's positions are not the holes' (stores in the circuit, or
    # two directions); by track positions otherwise
    by_holes = not four and (params[P_TRACK_2] != P_TRACK or params[P_DIRECTION] == DIRECTION_FIRST_MOVE)
    t = lap_track(state, params, kind, mover)
    length = params[t + TRACK_LENGTH]
    holes = t + TRACK_HOLES
    run = at_laps_begin(state, params, mover)  # the loop's rules, read once a run
    undo = False
    if logged:
        seen_before(table, origin + kind * sites, state)
    elif not four or params[F_SNAPSHOT] != 0:
        begin_move_split(table, state, sites, FOUR_MOVES if four else TWO_STORE,
                         FOUR_SNAPSHOT if four else TWO_SNAPSHOT)
    else:
        undo = True  # four rows: the quick pass writes down its laps, to undo them if it grows long
    n = 0
    cover = 0
    while True:
        count = state[idx(origin)]
        state[idx(origin)] = 0
        if undo:
            state[idx(FOUR_UNDO + 2 * n)] = origin
            state[idx(FOUR_UNDO + 2 * n + 1)] = count
        sown = at_lap_starts(state, params, origin, count)  # some left in the hole (the first counter back)
        if sown < 0:
            sown = count
        last = at_sow(state, params, t, origin, sown, into_origin, mover, log)  # a lap a rule sows (rounds, ...)
        if last < 0:
            last = sow(state, params, t, origin, sown, into_origin)
        n += 1
        if four:
            cover |= fourrow.lap_cover(params, GEO, kind, mover, origin, count, last)
        elif by_holes:
            cover |= hole_cover(params, holes, length, sites, last, count)
        else:
            cover |= lap_cover(length, last, count)
        landed = params[idx(holes + last)]
        if log[0] >= 0:
            machine.log_event(log, state, FOUR_LOGGED if four else TWO_LOGGED,
                              LOG_LAP_RESTRICTED if four and kind != FULL_LAP else LOG_LAP, origin, count, landed)
        if end_at_origin and sown >= length:
            at = params[holes + length + origin]  # the origin's place on the track
            if last == (at + 1 if at + 1 < length else 0):  # the last counter came right after passing it
                last = at
                landed = origin
        went = at_lap_end(state, params, t, kind, origin, landed, mover, no_capture, log, run)  # a capture
        if went < 0:  # a capture ended the run
            outcome = -1 - went
            break
        landed = went  # where a re-sowing ended, or the lap
        in_store = not four and landed >= sites
        landing = state[idx(landed)]
        if not in_store:
            q = at_lap_landed(state, params, holes, length, last, mover, log)  # a capture there (the next hole)
            if q >= 0:
                at_captured(state, params, holes, length, last, q, mover, log)
        at_lap_sown(state, params, holes, length, origin, count, sown, last, into_origin, mover, log)
        nxt = -1  # the relay rule: the hole the next lap starts from
        if not in_store and (landing > 1 or relay == RELAY_NEXT_ALWAYS) and landing != sow_k and relay != RELAY_SINGLE:
            p1 = last + 1 if last + 1 < length else 0
            h1 = params[idx(holes + p1)]
            q = at_lap_relays(state, params, holes, length, last, mover, log)  # a capture there (across a gap)
            captured = q >= 0
            if captured:
                at_captured(state, params, holes, length, last, q, mover, log)
            if captured and not continue_relay:
                nxt = -1
            elif next_non_empty and state[idx(h1)] == 0:
                nxt = -1
            elif relay == RELAY_NEXT_HOLE or relay == RELAY_NEXT_ALWAYS:
                if state[idx(h1)] > 0:
                    nxt = h1
            else:
                nxt = landed
        if nxt < 0 and not in_store:
            at_last_landing(state, params, mover, holes, length, last, landed, log)  # a capture by count, ...
        if after_lap and row_empty(state, params[P_PER_ROW]):
            outcome = MOVE_EMPTIED_RELAY if nxt >= 0 else MOVE_ROW_EMPTIED
            break
        if nxt < 0:
            outcome = MOVE_AGAIN if in_store and store_again else MOVE_DONE
            break
        # a relay, unless a rule ends the run there (a stop, a choice of lap, a mover with no start left)
        outcome = at_before_relay(state, params, landed, mover, run)
        if outcome >= 0:
            break
        relayed = at_relay_kind(state, params, kind, run)  # the kind of the relay's lap
        if relayed != kind:
            kind = relayed
            t = lap_track(state, params, kind, mover)
            length = params[t + TRACK_LENGTH]
            holes = t + TRACK_HOLES
        if logged and seen_before(table, nxt + kind * sites, state):
            outcome = RUN_ENDLESS
            break
        if n >= lap_cap:
            outcome = RUN_OUT_OF_LAPS
            break
        if single_lap:  # single_scope lap: the relay sows two or more and may capture
            no_capture = False
        origin = nxt
    state[FOUR_MOVES if four else TWO_MOVES] += n
    if four:
        state[FOUR_LAPS] += n
    state[idx(FOUR_COVER + mover if four else TWO_COVER)] |= cover
    return outcome


@njit(cache=True)
def replay_logged(state, params, table, origin, kind, quick, lap_budget, log):
    """The slow pass of a long run (out of line: few runs get here): rewind the quick pass (restore its
    snapshot, or on four rows undo its ``quick`` laps), then play the run again with every configuration
    logged."""
    four = params[ROWS] == 4
    if not four or params[F_SNAPSHOT] != 0:
        restore_split(table, state, params[F_SITES if four else P_SITES], FOUR_MOVES if four else TWO_STORE,
                      FOUR_SNAPSHOT if four else TWO_SNAPSHOT)  # the log is still empty
    else:
        t = FOUR_TRACKS + state[FOUR_TO_MOVE] * TRACK_SLOT
        into_origin = params[F_LONG_LAP] != SKIP_ORIGIN
        for i in range(quick - 1, -1, -1):
            unsow(state, params, t, state[FOUR_UNDO + 2 * i], state[FOUR_UNDO + 2 * i + 1], into_origin)
        state[FOUR_MOVES] -= quick
        state[FOUR_LAPS] -= quick
        begin_move(table, state, params[F_SITES])  # a new log (the table's snapshot is not used)
    return laps(state, params, table, origin, kind, lap_budget, True, log)


unaliased(laps)  # inlined into each run of laps (engine.machine.run_laps): no reference count a run
