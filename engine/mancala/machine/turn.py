"""The sowing machine's one turn, for every board: the start of a game, what happens between moves
(the end's tests, the legal moves listed, the limits) and a move played (a run of laps, then what
it came to: the turn ends or goes on, the game ends), written once; ``run``, the one compiled entry
point, drives it (engine.machine.drive).

A board is what the turn calls on it (engine.mancala.machine.two_rows, engine.mancala.machine.four_rows): its
lay-out at the start (``lay_out``), the end's tests between moves (``ended``), where a move sows from and the
endless probe of its run (``run_of``, ``probe_endless``, ``copy_state``) and the count of a finished game
(``finish``); on four rows also the decisions inside a turn or before play (``settle_phase``, ``decide``,
``after_capture``: extra captures, stops, choices, opening steps, passes, a player stuck). A move's run of laps is
the one lap loop's (engine.mancala.machine.laps), a turn's starts the start rule's (engine.mancala.rules.start). The
rules' code runs where the turn calls its hook points (engine.mancala.rule.TURN_POINTS, the same on every board: a
point no rule of the board uses answers its default, folded away), and inside the lap loop
(engine.mancala.rule.LAP_POINTS, likewise).

The turn is compiled only specialised (engine.specialise, with the modules it imports,
:data:`SPECIALISED_WITH`): the rows slot ``params[ROWS]`` is a constant in every kernel, so
``four = params[ROWS] == 4`` is folded, the board's state offsets and functions chosen by it are
constants, and the other board's code is gone before numba sees it; a description's combination of
rules (long runs) fixes its rule slots as well. The outcomes of a run are engine.mancala.machine.outcome's.
"""

from __future__ import annotations

from numba import njit

from engine import machine
from engine.mancala.layout import (
    BASE, BY_LOT, FIRST_LAP, FOUR_STATE, ILLEGAL, LEGAL, N_LEGAL, P_ENDLESS, P_FIRST_PLAYER, P_LAST_TURN, ROWS,
    STATE_FIELDS, F_ENDLESS, F_FIRST_PLAYER, F_LAST_TURN,
)
from engine.mancala.machine.four_rows import PHASE_CHOICE, PHASE_EXTRA, PHASE_OPENING_STEP, PHASE_SETUP, PHASE_START
from engine.mancala.machine.four_rows import PHASE_STOP
from engine.mancala.machine.four_rows import after_capture as four_after_capture
from engine.mancala.machine.four_rows import copy_state as four_copy_state
from engine.mancala.machine.four_rows import decide as four_decide
from engine.mancala.machine.four_rows import ended as four_ended
from engine.mancala.machine.four_rows import finish as four_finish
from engine.mancala.machine.four_rows import lay_out as four_lay_out
from engine.mancala.machine.four_rows import probe_endless as four_probe_endless
from engine.mancala.machine.four_rows import run_of as four_run_of
from engine.mancala.machine.four_rows import settle_phase as four_settle_phase
from engine.mancala.machine.four_rows import stop_mid_turn as four_stop_mid_turn
from engine.mancala.machine.four_rows import stuck as four_stuck
from engine.mancala.machine.hooks import (
    at_claimed_lap, at_first_turn_starts, at_game_over, at_game_starts, at_game_would_end, at_keep_moves,
    at_lap_emptied_row, at_list_starts, at_move_ends, at_play_starts, at_turn_begins, at_turn_ends,
)
from engine.mancala.machine.laps import laps, replay_logged
from engine.mancala.machine.outcome import (
    MOVE_AGAIN, MOVE_CAPTURED, MOVE_CAPTURED_TWO, MOVE_CHOICE, MOVE_DONE, MOVE_EMPTIED_RELAY, MOVE_GAME_OVER,
    MOVE_INNER_LANDING, MOVE_ROW_EMPTIED, MOVE_STOP,
)
from engine.mancala.machine.two_rows import copy_state as two_copy_state
from engine.mancala.machine.two_rows import ended as two_ended
from engine.mancala.machine.two_rows import finish as two_finish
from engine.mancala.machine.two_rows import lay_out as two_lay_out
from engine.mancala.machine.two_rows import probe_endless as two_probe_endless
from engine.mancala.machine.two_rows import run_of as two_run_of
from engine.mancala.fourrow import PASS
from engine.mancala.rules.start import list_starts
from engine.result import OVER
from engine.turns import first_player

SPECIALISED_WITH = ("engine.mancala.machine.two_rows", "engine.mancala.machine.four_rows",
                    "engine.mancala.machine.laps", "engine.mancala.machine.hooks", "engine.mancala.rules.start")
"""The modules specialised with this one (engine.specialise): the boards, whose rule reads fold too
(a board the rows slot rules out is not imported by the generated module), the lap loop, the calls of
the turn's hook points, and the start rule's listing."""

# The machine's own state fields on each board (engine.mancala.layout): the turn reads the board's
# through locals chosen by ``four``, constants once specialised.
FOUR_MOVES, FOUR_STORE, FOUR_TO_MOVE = FOUR_STATE["moves"], FOUR_STATE["store"], FOUR_STATE["to_move"]
FOUR_STATUS, FOUR_TURNS, FOUR_FIRST = FOUR_STATE["status"], FOUR_STATE["turns"], FOUR_STATE["first"]
FOUR_N_LEGAL, FOUR_LEGAL, FOUR_PHASE = FOUR_STATE["n_legal"], FOUR_STATE["legal"], FOUR_STATE["phase"]
FOUR_PASSES, FOUR_TURN_START = FOUR_STATE["passes"], FOUR_STATE["turn_start"]
FOUR_PENDING, FOUR_WINNER = FOUR_STATE["pending"], FOUR_STATE["winner"]
TWO_MOVES, TWO_STORE = BASE + STATE_FIELDS["moves"], BASE + STATE_FIELDS["store"]
TWO_TO_MOVE, TWO_STATUS = BASE + STATE_FIELDS["to_move"], BASE + STATE_FIELDS["status"]
TWO_TURNS, TWO_FIRST = BASE + STATE_FIELDS["turns"], BASE + STATE_FIELDS["first"]
TWO_N_LEGAL, TWO_LEGAL = BASE + N_LEGAL, BASE + LEGAL


@njit(cache=True, inline="always")
def move_at(state, params, k):
    """The k-th legal move (every board lists them in ascending order)."""
    return state[(FOUR_LEGAL if params[ROWS] == 4 else TWO_LEGAL) + k]


@njit(cache=True)
def try_move(state, params, table, scratch, move, lap_budget, log):
    """Play ``move`` on ``scratch``, a copy of ``state``, its trace off: what a rule looking ahead at
    a move sees (hook point keep-moves: the grand slam)."""
    four = params[ROWS] == 4
    (four_copy_state if four else two_copy_state)(scratch, state, params)
    logging = log[0]
    log[0] = -1
    origin, kind = (four_run_of if four else two_run_of)(scratch, params, move)
    machine.run_laps(laps, replay_logged, scratch, params, table, origin, kind, lap_budget, log)
    log[0] = logging


@njit(cache=True, inline="always")
def list_moves(state, params, table, scratch, move_limit, log):
    """The legal moves of the player to move at a turn's start (those a rule decides at list-starts, else the
    start rule's ordinary starts; those the rules keep, less the endless ones where endless moves are
    illegal), listed at LEGAL: their number."""
    four = params[ROWS] == 4
    moves = FOUR_MOVES if four else TWO_MOVES
    legal = FOUR_LEGAL if four else TWO_LEGAL
    endless = F_ENDLESS if four else P_ENDLESS
    p = state[FOUR_TO_MOVE if four else TWO_TO_MOVE]
    n = at_list_starts(state, params, p)  # starts a rule decides (a restricted player's)
    if n < 0:
        n = list_starts(state, params, p)  # the ordinary starts (engine.mancala.rules.start)
    n = at_keep_moves(state, params, table, scratch, n, move_limit - state[moves], log, try_move)  # feeding, ...
    if n > 0 and params[endless] == ILLEGAL:
        n = machine.drop_endless(four_probe_endless if four else two_probe_endless, four_run_of if four else two_run_of,
                                 state, params, table, scratch, legal, n, move_limit - state[moves], log)
    return n


@njit(cache=True, inline="always")
def stuck(state, params, table, scratch, turn_limit, move_limit, log):
    """The player to move has no legal move: on four rows they lose or pass (four_rows.stuck); on two
    rows the game ends and is scored, unless a rule plays on (a new round: its moves listed). Returns
    the number of legal moves, 0 if the game is over."""
    if params[ROWS] == 4:
        n = four_stuck(state, params, turn_limit, move_limit)
    else:
        n = 0
        if at_game_would_end(state, params) != 0:
            n = list_moves(state, params, table, scratch, move_limit, log)
        if n == 0:
            state[TWO_STATUS] = OVER  # a player with no legal move: the game ends and is scored
    return n


@njit(cache=True, inline="always")
def settle(state, params, table, scratch, turn_limit, move_limit, log):
    """Between decisions: end the game by its rules or a limit, or list the decision's legal moves."""
    four = params[ROWS] == 4
    moves = FOUR_MOVES if four else TWO_MOVES
    turns = FOUR_TURNS if four else TWO_TURNS
    n_legal = FOUR_N_LEGAL if four else TWO_N_LEGAL
    state[n_legal] = 0
    if four and state[FOUR_PHASE] != PHASE_START:  # a decision inside a turn, or before play
        if four_settle_phase(state, params, table, scratch, turn_limit, move_limit, log) != 0:
            return
    if (four_ended if four else two_ended)(state, params) != 0:
        return
    if at_game_over(state, params) != 0:  # a rule ends the game here (a majority captured)
        state[FOUR_STATUS if four else TWO_STATUS] = OVER
        return
    p = state[FOUR_TO_MOVE if four else TWO_TO_MOVE]
    n = at_first_turn_starts(state, params, p)  # a turn a rule starts (an opening's first turn)
    if n < 0:
        n = list_moves(state, params, table, scratch, move_limit, log)
    if n == 0:
        n = stuck(state, params, table, scratch, turn_limit, move_limit, log)
    if n == 0:
        return
    state[n_legal] = n
    machine.past_limits(state, turn_limit, move_limit, moves, turns, FOUR_STATUS if four else TWO_STATUS, n_legal)


@njit(cache=True, inline="always")
def init_state(state, params, table, scratch, rng, seed, turn_limit, move_limit, log):
    """The start: the board laid out, the phase the rules start in (a choice before play, opening
    steps), the first player (by lot, ``rng``, or player 1), and the first moves listed."""
    four = params[ROWS] == 4
    (four_lay_out if four else two_lay_out)(state, params)
    if four:
        state[FOUR_PHASE] = at_game_starts(state, params)  # a phase before the main play, or none
    first_player(state, rng, seed, params[F_FIRST_PLAYER if four else P_FIRST_PLAYER] == BY_LOT,
                 FOUR_TO_MOVE if four else TWO_TO_MOVE, FOUR_FIRST if four else TWO_FIRST)
    at_play_starts(state, params)  # the repetition memory, ...
    settle(state, params, table, scratch, turn_limit, move_limit, log)


@njit(cache=True, inline="always")
def set_up(state, params, table, scratch, turn_limit, move_limit, log):
    """A position set up (engine.machine's OP_SETTLE): play starts from it (hook point play-starts),
    and it is settled."""
    at_play_starts(state, params)
    settle(state, params, table, scratch, turn_limit, move_limit, log)


@njit(cache=True, inline="always")
def apply_move(state, params, table, scratch, move, turn_limit, move_limit, log):
    """Play a legal move (the caller checked it) and settle the game: a decision that sows nothing
    (four rows: four_rows.decide), or a run of laps (a turn's start; on four rows also a relay from a
    hole where the mover may stop, a lap of the chosen kind from a corner) and what it came to. Under
    last_turn = first-lap the turn the turn limit falls in is one lap (machine.last_turn_budget)."""
    four = params[ROWS] == 4
    moves = FOUR_MOVES if four else TWO_MOVES
    turns = FOUR_TURNS if four else TWO_TURNS
    to_move = FOUR_TO_MOVE if four else TWO_TO_MOVE
    store = FOUR_STORE if four else TWO_STORE
    p = state[to_move]
    phase = state[FOUR_PHASE] if four else PHASE_START
    claimed = at_turn_begins(state, params, p) if phase == PHASE_START else 0  # 1: a rule plays the turn's lap
    if four and (move >= PASS or phase == PHASE_SETUP or phase == PHASE_OPENING_STEP or phase == PHASE_EXTRA):
        if four_decide(state, params, move, phase, p, turn_limit, move_limit, log) != 0:
            return
    else:
        site, kind = (four_run_of if four else two_run_of)(state, params, move)
        if four and phase == PHASE_START:
            state[FOUR_TURN_START] = site
        if four and phase != PHASE_CHOICE:
            state[FOUR_PASSES] = 0
        stores = state[store] + state[store + 1]
        # last_turn = first-lap: the first lap of the turn the turn limit falls in is that turn
        cut = (params[F_LAST_TURN if four else P_LAST_TURN] == FIRST_LAP and phase == PHASE_START
               and state[turns] + 1 >= turn_limit)
        budget = move_limit - state[moves]
        if cut:
            budget = machine.last_turn_budget(budget, state[turns], turn_limit)
        if claimed != 0:  # a lap the rules play (an opening's plain lap)
            outcome = at_claimed_lap(state, params, site, log)
        else:
            outcome = machine.run_laps(laps, replay_logged, state, params, table, site, kind, budget, log)
        if outcome == MOVE_DONE or outcome == MOVE_AGAIN:  # the turn ends (the mover's again after a store turn)
            state[turns] += 1
            at_move_ends(state, params, log)  # what fell in owned holes collected, ...
            if outcome == MOVE_DONE:
                state[to_move] = 1 - state[to_move]
            if four:  # no decision due
                state[FOUR_PENDING] = 0
                state[FOUR_PHASE] = PHASE_START
            if at_turn_ends(state, params, stores) != 0:  # a rule ends the game here (a position repeated)
                state[FOUR_N_LEGAL if four else TWO_N_LEGAL] = 0
                state[FOUR_STATUS if four else TWO_STATUS] = OVER
                return
        elif four and (outcome == MOVE_CAPTURED or outcome == MOVE_CAPTURED_TWO or outcome == MOVE_INNER_LANDING):
            if four_after_capture(state, params, p, outcome) != 0:
                return
        elif four and outcome == MOVE_STOP:
            state[FOUR_PHASE] = PHASE_STOP
        elif four and outcome == MOVE_CHOICE:
            state[FOUR_PHASE] = PHASE_CHOICE
        elif four and outcome == MOVE_GAME_OVER:
            state[turns] += 1
            machine.game_over(state, p + 1, FOUR_STATUS, FOUR_WINNER, FOUR_N_LEGAL)
            return
        elif not four and (outcome == MOVE_ROW_EMPTIED or outcome == MOVE_EMPTIED_RELAY):
            state[turns] += 1
            if at_lap_emptied_row(state, params, 1 if outcome == MOVE_EMPTIED_RELAY else 0) == 0:  # 1: a new round
                state[TWO_N_LEGAL] = 0
                state[TWO_STATUS] = OVER
                return
        else:
            state[turns] += 1
            machine.stop_run(state, outcome, FOUR_STATUS if four else TWO_STATUS, FOUR_N_LEGAL if four else TWO_N_LEGAL)
            return
        if four and cut and state[FOUR_PHASE] != PHASE_START:
            four_stop_mid_turn(state)  # the turn goes on (extra captures, a stop): cut here
            return
    settle(state, params, table, scratch, turn_limit, move_limit, log)


@njit(cache=True, inline="always")
def finish(state, params, row):
    """The finished game's row: on four rows won by a rule, on two rows decided by the players' counts."""
    (four_finish if params[ROWS] == 4 else two_finish)(state, params, row)


@njit(cache=True)
def run(op, params, table, start, state, scratch, rng, log, seed, games, move, turn_limit, move_limit, tree, out):
    """The one compiled entry point of every sowing description: engine.machine.drive over the turn."""
    four = params[ROWS] == 4
    machine.drive(init_state, apply_move, set_up, move_at, finish, FOUR_STATUS if four else TWO_STATUS,
                  FOUR_N_LEGAL if four else TWO_N_LEGAL, FOUR_TO_MOVE if four else TWO_TO_MOVE, op, params, table,
                  start, state, scratch, rng, log, seed, games, move, turn_limit, move_limit, tree, out)
