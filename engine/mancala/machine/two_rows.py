"""The sowing machine's two-row boards: what the one turn (engine.mancala.machine.turn) calls on a
board with two rows (``data/sowing/``), reading the description's rule fields from the parameter
array (engine.mancala.layout, ``params[P_<FIELD>]``). Every kernel is this module specialised per
combination of rules (engine.specialise: the fields a description fixes read as constants, the rules
it does not use folded away; benchmarks/playouts.txt, benchmarks/compile.txt).

A move takes up the counters of one hole of the mover's starting row and sows them in a run of laps: the one
lap loop (engine.mancala.machine.laps), on this board's track (one circuit of both rows, or a track a player
through the stores; clockwise once the game's first move chose it, under direction first-move), a run
endless or not proved as every board's.

What is written here: the board's part of the turn (its lay-out at the start, the end's tests between moves,
the count of a finished game), and the endless probe of a move (the state copied as this board lays it out);
its starts are the start rule's listing (engine.mancala.rules.start), as every board's.
Every rule's code is in its module (engine.mancala.rules: the first counter back into the origin, the
captures across a gap, by count, from an own empty hole and of the next hole, sowing captures, the gap
chain, owned holes, rounds, repetition, feeding, the grand slam, majority, the count that scores the
game), run where the turn and the lap loop call their hook points ``at_<point>`` (engine.mancala.rule.POINTS[2]),
composed from the rules' declarations by engine.mancala.machine.hooks; the end rule's test of an emptied row
(engine.mancala.rules.end.row_empty) is called directly, between moves (and by the lap loop after each lap).

The state: the board (``sites`` holes, player 1's row first), then the fields of
engine.mancala.layout at the constant offset BASE (STATE_FIELDS: the machine's own and the rules', generated from
their declarations), then the legal moves and the rules' fields placed after them.
"""

from __future__ import annotations

from numba import njit

from engine import machine
from engine.machine import popcount
from engine.mancala.layout import (
    BASE, CANNOT_MOVE, COVER, CW_MOVE, FIRST, MOVES, P_END, P_PER_ROW, P_SITES, P_START_COUNT, P_STATE_SIZE, STATUS,
    TURNS,
)
from engine.mancala.machine.hooks import at_game_would_end, at_score
from engine.mancala.machine.laps import LOG_LAP, all_of, laps, replay_logged  # noqa: F401 (LOG_LAP: its events)
from engine.mancala.rules.end import row_empty
from engine.result import OVER
from engine.stats import record

SPECIALISED_WITH = ("engine.mancala.machine.hooks", "engine.mancala.machine.laps")
"""Specialised with these modules (engine.specialise): the calls of the turn's hook points, and the lap loop."""

# The events of a traced move (engine.machine.log_event), each with the board and stores after it: the lap loop's
# (engine.mancala.machine.laps: LOG_LAP), then this board's.
LOG_CAPTURE = 2  # a = hole captured, b = counters taken, c = player (0 or 1)


@njit(cache=True, inline="always")
def copy_state(dst, src, params):
    """Copy a state: its board and its fields (not the room between them, kept for wider boards)."""
    for j in range(params[P_SITES]):
        dst[j] = src[j]
    for j in range(BASE, params[P_STATE_SIZE]):
        dst[j] = src[j]


@njit(cache=True)
def probe_endless(state, params, table, scratch, hole, kind, lap_budget, log):
    """Whether the run from ``hole`` is endless (engine.machine.probe, on ``scratch``)."""
    copy_state(scratch, state, params)  # machine.probe copies none of it (size 0)
    return machine.probe(laps, replay_logged, 0, state, params, table, scratch, hole, kind, lap_budget, log)


@njit(cache=True, inline="always")
def run_of(state, params, move):
    """A move sows from its hole; a first move choosing clockwise (direction first-move) is its hole +
    CW_MOVE, of kind 1."""
    return move % CW_MOVE, move // CW_MOVE


@njit(cache=True, inline="always")
def ended(state, params):
    """Between moves, before the player to move's moves are listed: 1 if the game ends here by its
    end rule (a row emptied, unless a rule plays on with a new round), its status set, else 0."""
    if params[P_END] != CANNOT_MOVE and row_empty(state, params[P_PER_ROW]):
        if at_game_would_end(state, params) == 0:  # 1: a rule plays on (a new round)
            state[BASE + STATUS] = OVER
            return 1
    return 0


@njit(cache=True, inline="always")
def lay_out(state, params):
    """The board at the start: start_count counters a hole, every field 0 (nothing captured)."""
    sites = params[P_SITES]
    for i in range(params[P_STATE_SIZE]):
        state[i] = 0
    for h in range(sites):
        state[h] = params[P_START_COUNT]
    state[BASE + COVER] = all_of(sites) if params[P_START_COUNT] > 0 else 0


@njit(cache=True, inline="always")
def finish(state, params, row):
    """The players' counts decide the game (hook point score: engine.mancala.rules.scoring)."""
    base = BASE
    a = at_score(state, params, 0)
    b = at_score(state, params, 1)
    status = state[base + STATUS]
    winner = 0 if status != OVER or a == b else (1 if a > b else 2)
    # every move in Ludii's sense is a lap here
    moves = state[base + MOVES]
    record(row, status, a, b, state[base + TURNS], moves, state[base + FIRST] + 1, popcount(state[base + COVER]),
           params[P_SITES], moves, winner)
