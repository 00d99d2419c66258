"""The sowing machine's four-row boards: what the one turn (engine.mancala.machine.turn) calls on a board with four
rows (``board.rows: 4``), reading the description's rule fields from the parameter array (engine.mancala.layout,
FOUR_PARAM_FIELDS; the board's geometry from engine.mancala.fourrow): its lay-out, the end's test, the endless probe
of a run (the lap loop is every board's: engine.mancala.machine.laps, and so is the listing of starts:
engine.mancala.rules.start), the decisions inside a turn or before play (``settle_phase``, ``decide``,
``after_capture``) and the result of a game won by a rule. Every kernel is this module specialised per combination
of rules (engine.specialise: the fields a description fixes, read as ``params[F_<FIELD>]``, become constants).

Each player sows anticlockwise round their own two rows (engine.mancala.fourrow: holes ``a1 ..
a2N`` of player 1 and ``b1 .. b2N`` of player 2, numbered along the track from the leftmost outer
hole), from the description's set-up (a count per outer and inner hole, or a layout of each
player's holes). A move starts from a hole with ``min_counters`` or more if the player has one;
otherwise (``singleton: into-empty``) from a single counter whose next hole is empty; under
``previous_hole: empty`` only from a hole whose previous hole on the circuit is empty. A lap whose
last counter lands in an occupied hole relays from it (a lap of 2N or more also sows its own
starting hole, or passes over it: ``long_lap``). Captures (``capture``; their code is in their
modules, engine.mancala.rules.capture_column, capture_both_opposite and captured_to, run at the lap
loop's hook points): a lap ending in an empty
hole of the player's inner row takes the opponent's inner hole in that column, if it holds
counters, and (``inner-and-outer``) then the outer hole behind it, or (``inner-and-outer-each``)
the outer hole whenever it holds counters, behind an empty inner hole too; or (``both-opposite``) a
lap ending in an occupied inner hole whose two opposite holes are occupied takes both.
``captured_to: resow`` sows the captured counters again from the hole after the capturing lap's
start, the move's start or the lap's landing hole (``resow_from``); after a both-opposite capture
the turn then ends or the re-sowing relays like a lap (``after_capture``), after a column capture
of an empty landing the turn ends. Named primitives (engine.mancala.rules; their code is in their
modules, run where the turn calls its hook points ``at_<point>`` (engine.mancala.rule.TURN_POINTS),
composed from the rules' declarations by engine.mancala.machine.hooks; the lap loop's points
(LAP_POINTS: lap-end, before-relay and relay-kind among them) with their guards read once a run):

- ``extra-captures``: after a column capture the player takes the whole contents of a number of
  further opponent holes, each one its own decision (one hole per move, the same player to move
  again), a count for each time they fall due to the player (a list, the last repeated), sparing
  the opponent's opening hole (``spare``); due with none to take, they lapse or
  (``none_to_take: pass-to-opponent``) the capturer passes and the opponent takes those still due
  from the capturer's holes, after which the capturer moves (a player with none to take passes in
  turn: two passes in a row end the game in a draw);
- ``opening`` (engine.mancala.rules.opening): each
  player's first turn starts from a named hole, a hole holding a count or a row, and is one plain
  lap (capturing nothing, or the column if it ends in the inner row) or an ordinary one;
- ``special-holes``: holes where a lap may stop instead of relaying: the heads (the rightmost
  outer hole), both ends of the outer row (``ends``), or holes each player chooses before play
  (misoro; ``count`` each), safe from the extra captures, as the heads or ends are under ``safe``;
- ``restricted-holes``: a player is at first restricted to the middle holes (all but the four
  corners, holes 1, N, N+1, 2N): their laps pass over the corners (``sowing: skip-corners``, a
  lap of kind RESTRICTED_LAP) or only start elsewhere (``start-only``); when no middle hole can
  start a move they are released, to the inner row's corners (``release: reserve-holes``) or to
  every hole, for good or for the turn (``lasting``); under ``per-turn`` with skip-corners a lap
  ending in a corner while no middle hole holds enough lets the player choose the kind of the
  next lap (move ``a9``: restricted, ``a9+``: every hole); ``capture: in-use-holes``: while the
  opponent is restricted no capture is made from a corner;
- ``opening.steps``: before the main play each player makes the same fixed steps, each a turn with
  one legal move (the step's hole), the players alternating: a lap of all or ``count`` of the
  hole's counters (``from_hole``: the first back into the hole itself), then ``take`` counters
  from each of the two opponent holes opposite the last hole into the hole ``into``, or
  (``relay``) relays from every occupied last hole, capturing nothing, until a lap ends in an
  empty one (bounded by the move limit only: the steps are forced).

A game ``decided_by: rule``: a player's score is 1 for a win and 0 otherwise (captures kept in
stores are on the board, ``board()["captures"]``).

Moves are ints (engine.mancala.fourrow): a hole ``128 * player + position`` (a start, a relay at a
special hole or a corner, an extra capture of an opponent's hole, a misoro choice), ``+ RELEASED``
(a lap round every hole, chosen at a corner), ``PASS``, ``STOP``. The state: the board (4N sites)
first, then the fields below at a constant offset; the kernels are handed to the shared machinery
(engine.machine: one compiled entry point, two-pass endless detection; on this board the lap loop's
quick pass writes down its laps and undoes them, or, where a run changes more than its laps sow
(re-sown captures, kinds of lap: ``snapshot``), snapshots the board and the counts first).

``moves`` are Ludii's moves: every lap, extra capture, pass, stop and misoro choice (a re-sowing
is part of its capturing lap's move but counted among the laps); a turn is everything one player
does before the other moves (a misoro choice is a turn of its own, as the players alternate). A
capture-all game ends as soon as a capture takes the opponent's last counter, extra captures
still due or not. A turn the move limit cuts short at a decision inside it counts as played.
"""

from __future__ import annotations

from numba import njit

from engine import machine
from engine.machine import RUN_OUT_OF_LAPS, popcount
from engine.mancala import fourrow, layout
from engine.mancala.fourrow import G_POSITION, PASS, PLAYER_MOVES, RELEASED, STOP, TRACK_SLOT
from engine.mancala.layout import (  # noqa: I001
    FULL_LAP, RESTRICTED_LAP, END_CANNOT_MOVE, F_END, F_ENDLESS, F_FORCED_PASS, F_LAST_TURN, F_NO_MOVE,
    F_OPENING_STEPS, F_PER_ROW, F_SITES, F_START_COVER, F_START_SIDE, FIRST_LAP, GEO, ILLEGAL, NO_MOVE_LOSE,
)
from engine.mancala.machine.hooks import (
    at_choice_move, at_choice_moves, at_extra_due, at_extra_move, at_extra_targets, at_opening_step,
)
from engine.mancala.machine.laps import LOG_LAP, LOG_LAP_RESTRICTED, laps, replay_logged  # noqa: F401 (the events)
from engine.mancala.rules.end import stripped
from engine.mancala.rules.opening_steps import LOG_TAKE, S_HOLE, STEP_SLOT  # noqa: F401 (LOG_TAKE: this board's events)
from engine.mancala.sowing import TRACK_HOLES, idx
from engine.result import UNFINISHED
from engine.turns import play_pass

SPECIALISED_WITH = ("engine.mancala.machine.hooks", "engine.mancala.machine.laps", "engine.mancala.rules.end")
"""Specialised with these modules (engine.specialise): the calls of its hook points into the rules' code, the
lap loop (the endless probe of a decision's moves), and the end rule's test of a player stripped of every
counter."""

TRACKS = layout.FOUR_TRACKS  # the track block of (kind, player) is at TRACKS + (2 * kind + player) * TRACK_SLOT
# The tables of the parameter array after the geometry block, and the state's fields after the
# board: offsets generated from the rules' declarations (engine.mancala.layout), constants here so
# that the kernels' accesses to them need no arithmetic at run time.
T_BOARD = layout.FOUR_TABLES["board"]  # + site: the board at the start
T_EXTRA = layout.FOUR_TABLES["extra"]  # + i: extra-captures' i-th count (F_EXTRA_STEPS + 1 of them)
T_CORNER = layout.FOUR_TABLES["corner"]  # + site: 1 if the site is a corner (holes 1, N, N+1, 2N)
T_MIDDLE = layout.FOUR_TABLES["middle"]  # + MAX_TRACK * player + i: the sites of a player's middle holes, in order
T_RESERVE = layout.FOUR_TABLES["reserve"]  # + 2 * player + i: the sites of the inner row's corners (N+1, 2N)
T_STEPS = layout.FOUR_TABLES["steps"]  # + STEP_SLOT * step: opening.steps (engine.mancala.rules.opening_steps)
PARAMS_SIZE = layout.FOUR_TABLES["end"]

FIELDS = fourrow.MAX_SITES
_S = layout.FOUR_STATE
MOVES = _S["moves"]  # moves in Ludii's sense: laps and decisions that are not laps
LAPS = _S["laps"]  # sowing laps (re-sowings included)
STORE = _S["store"]  # + player: counters captured into stores
SIDE = _S["side"]  # + player: counters in the player's two rows
SNAPSHOT_FIELDS = layout.FOUR_SNAPSHOT  # a run changes the board and MOVES .. SIDE + 1 (COVER only grows)
TO_MOVE = _S["to_move"]  # 0 or 1
STATUS = _S["status"]
TURNS = _S["turns"]
PHASE = _S["phase"]  # what the player to move decides (below)
RELAY = _S["relay"]  # the site of a head, misoro or corner where a lap ended (PHASE_STOP, PHASE_CHOICE)
WINNER = _S["winner"]  # 0, 1 or 2
COVER = _S["cover"]  # + player: the player's holes occupied at some point (bit mask of positions)
PER_ROW = _S["per_row"]  # N (for the Python side, which reads states without the parameters)
FIRST = _S["first"]  # the player who moved first: 0 or 1
TURN_START = _S["turn_start"]  # the site the turn started from (captured-to)
PASSES = _S["passes"]  # passes in a row (passes)
PENDING = _S["pending"]  # extra captures still to take this turn (extra-captures)
DUE = _S["due"]  # + player: the times extra captures have fallen due to the player (extra-captures)
MISORO = _S["misoro"]  # + player: the player's misoro, a bit mask of positions (special-holes)
CHOSEN = _S["chosen"]  # misoro chosen so far (special-holes)
RELEASED_FLAG = _S["released_flag"]  # + player: 1 once released for good (restricted-holes, lasting permanent)
KIND = _S["kind"]  # PHASE_START: the kind of lap the listed starts sow (restricted-holes)
OPENED = _S["opened"]  # the players who have begun their first turn (bit mask; opening)
STEPS_MADE = _S["steps_made"]  # + player: the opening steps the player has made (opening.steps)
N_LEGAL = _S["n_legal"]
LEGAL = _S["legal"]
MAX_LEGAL = layout.FOUR_MAX_LEGAL
STATE_SIZE = _S["end"]

PHASE_START = 0  # the start of a turn: a hole to sow from (or pass)
PHASE_EXTRA = 1  # an extra capture: an opponent hole
PHASE_STOP = 2  # a lap ended in an occupied head or misoro: relay from it or stop
PHASE_SETUP = 3  # choosing a misoro (heads = immune)
PHASE_CHOICE = 4  # a lap ended in a corner (restricted-holes per-turn): a restricted or a full lap from it
PHASE_OPENING_STEP = 5  # an opening step (opening.steps): its one legal move

# The events of a traced move (engine.machine.log_event), each with the state after it up to the stores: the lap
# loop's (engine.mancala.machine.laps: LOG_LAP, LOG_LAP_RESTRICTED), then this board's.
LOG_CAPTURE = 2  # a = site, b = counters, c = player (the column capture)
LOG_EXTRA = 3  # a = site, b = counters, c = player (an extra capture)
LOG_STOP = 4  # a = site where the turn stops
LOG_PASS = 5
LOG_MISORO = 6  # a = site chosen, c = player
LOG_RESOW = 8  # a = the site after which the re-sowing starts, b = counters, c = landing site
LOGGED = layout.FOUR_LOGGED


@njit(cache=True, inline="always")
def copy_state(dst, src, params):
    """Copy a state's board and its fields before the legal moves (not the room between a narrower
    board and the widest, FIELDS, nor the legal moves and the quick pass's undo, written before read)."""
    for j in range(params[F_SITES]):
        dst[j] = src[j]
    for j in range(FIELDS, LEGAL):
        dst[j] = src[j]


@njit(cache=True)
def probe_endless(state, params, table, scratch, origin, kind, lap_budget, log):
    """Whether the run from ``origin`` is endless, probed as the move would play it: a move at the
    start of a turn starts the turn there (re-sowing from the move's start reads it)."""
    turn_start = state[TURN_START]
    if state[PHASE] == PHASE_START:
        state[TURN_START] = origin
    copy_state(scratch, state, params)  # machine.probe copies none of it (size 0)
    endless = machine.probe(laps, replay_logged, 0, state, params, table, scratch, origin, kind, lap_budget, log)
    state[TURN_START] = turn_start
    return endless


@njit(cache=True, inline="always")
def run_of(state, params, m):
    """The site a move sows from (a start, a relay) and the kind of its laps, or -1 (a pass, a stop)."""
    if m >= PASS:
        return -1, 0
    p = m // PLAYER_MOVES
    pos = m - p * PLAYER_MOVES
    kind = state[KIND]
    if pos >= RELEASED:
        pos -= RELEASED
        kind = FULL_LAP
    elif state[PHASE] == PHASE_CHOICE:
        kind = RESTRICTED_LAP
    return params[idx(TRACKS + p * TRACK_SLOT + TRACK_HOLES + pos)], kind


@njit(cache=True, inline="always")
def end_turn(state):
    state[TURNS] += 1
    state[TO_MOVE] = 1 - state[TO_MOVE]
    state[PENDING] = 0
    state[PHASE] = PHASE_START


@njit(cache=True, inline="always")
def stop_mid_turn(state):
    """The move limit stops the game at a decision inside a turn (an extra capture, a stop): the
    turn cut short counts as played (statement counting), as in Tauru."""
    state[TURNS] += 1
    state[N_LEGAL] = 0
    state[STATUS] = UNFINISHED


@njit(cache=True, inline="always")
def stuck(state, params, turn_limit, move_limit):
    """The player to move has no legal move: under end cannot-move they lose (after a counted forced
    pass with forced_pass, which past a limit leaves the game unfinished); otherwise they lose or
    pass (no_move). Returns the number of legal moves (1: the pass), 0 if the game is over."""
    p = state[TO_MOVE]
    if params[F_END] == END_CANNOT_MOVE:
        if params[F_FORCED_PASS] != 0:
            if state[TURNS] >= turn_limit or state[MOVES] >= move_limit:
                # the loss would come after the forced pass, past the limit: the game is unfinished
                if state[PHASE] != PHASE_START:
                    state[TURNS] += 1  # the turn cut short counts as played (statement counting)
                state[STATUS] = UNFINISHED
                return 0
            state[TURNS] += 1  # the forced pass before the loss: one turn, one move
            state[MOVES] += 1
        machine.game_over(state, 2 - p, STATUS, WINNER, N_LEGAL)
        return 0
    if params[F_NO_MOVE] == NO_MOVE_LOSE:
        machine.game_over(state, 2 - p, STATUS, WINNER, N_LEGAL)
        return 0
    state[LEGAL] = PASS
    return 1


@njit(cache=True, inline="always")
def offer(state, params, table, scratch, n, turn_limit, move_limit, log):
    """The ``n`` moves listed at LEGAL, less the endless ones where endless moves are illegal; when
    none is left, what the stuck player does (:func:`stuck`). Returns the moves on offer,
    0 when the game has ended."""
    if n > 0 and params[F_ENDLESS] == ILLEGAL:
        n = machine.drop_endless(probe_endless, run_of, state, params, table, scratch, LEGAL, n,
                                 move_limit - state[MOVES], log)
    if n == 0:
        n = stuck(state, params, turn_limit, move_limit)
    return n


@njit(cache=True, inline="always")
def settle_phase(state, params, table, scratch, turn_limit, move_limit, log):
    """Between decisions, inside a turn or before play (a phase other than PHASE_START): list the
    decision's legal moves, or end the game by its rules or a limit; 1 if so, 0 if a turn's start is
    to be listed (extra captures due with none left to take end the turn)."""
    phase = state[PHASE]
    if phase == PHASE_EXTRA:
        n = at_extra_targets(state, params, 1 - state[TO_MOVE])  # the decision's moves (extra captures)
        if n > 0:
            state[N_LEGAL] = n
            if state[MOVES] >= move_limit:
                stop_mid_turn(state)
            return 1
        end_turn(state)  # nothing left to take: the turn ends
        return 0
    if phase == PHASE_STOP or phase == PHASE_CHOICE:
        relay = state[TO_MOVE] * PLAYER_MOVES + params[GEO + G_POSITION + state[RELAY]]
        state[LEGAL] = relay
        state[LEGAL + 1] = STOP if phase == PHASE_STOP else relay + RELEASED
        n = offer(state, params, table, scratch, 2, turn_limit, move_limit, log)
        if n == 0:
            return 1
        state[N_LEGAL] = n
        if state[MOVES] >= move_limit:
            stop_mid_turn(state)
        return 1
    p = state[TO_MOVE]
    if phase == PHASE_SETUP:  # a choice before play (special holes chosen)
        state[N_LEGAL] = at_choice_moves(state, params, p)
    else:  # PHASE_OPENING_STEP: the step's hole is the one legal move
        if ended(state, params):
            return 1
        state[LEGAL] = p * PLAYER_MOVES + params[idx(T_STEPS + STEP_SLOT * state[idx(STEPS_MADE + p)] + S_HOLE)]
        state[N_LEGAL] = 1
    machine.past_limits(state, turn_limit, move_limit, MOVES, TURNS, STATUS, N_LEGAL)
    return 1


@njit(cache=True, inline="always")
def ended(state, params):
    """Before the player to move's moves are listed: 1 if they have no counter left (end capture-all),
    the game over, won by the opponent; else 0."""
    p = state[TO_MOVE]
    if stripped(state, params, p):
        machine.game_over(state, 2 - p, STATUS, WINNER, N_LEGAL)
        return 1
    return 0


@njit(cache=True, inline="always")
def lay_out(state, params):
    """The start: each player's holes as the set-up lays them out (by position), every field 0 but
    each side's count and the holes occupied."""
    for i in range(params[F_SITES]):
        state[i] = params[T_BOARD + i]
    for i in range(FIELDS, LEGAL):
        state[i] = 0
    state[SIDE] = params[F_START_SIDE]
    state[SIDE + 1] = params[F_START_SIDE]
    state[COVER] = params[F_START_COVER]
    state[COVER + 1] = params[F_START_COVER]
    state[PER_ROW] = params[F_PER_ROW]


@njit(cache=True, inline="always")
def decide(state, params, move, phase, p, turn_limit, move_limit, log):
    """Play a decision that sows nothing: a pass, a stop, a choice before play, an opening step, an
    extra capture. 1 if the game ended (nothing to settle), else 0."""
    if move == PASS and phase == PHASE_EXTRA:  # extra captures due, none to take: they pass to the opponent
        if play_pass(state, log, LOGGED, LOG_PASS, PASSES, MOVES, TURNS, STATUS, WINNER, N_LEGAL, TO_MOVE):
            return 1  # neither could take one: the second pass in a row, a draw (Ludii's all-pass end)
        state[TURNS] += 1
        state[TO_MOVE] = 1 - p
        return 0
    if move == PASS:
        if play_pass(state, log, LOGGED, LOG_PASS, PASSES, MOVES, TURNS, STATUS, WINNER, N_LEGAL, TO_MOVE):
            return 1
        end_turn(state)
        return 0
    if move == STOP:
        state[MOVES] += 1
        if log[0] >= 0:
            machine.log_event(log, state, LOGGED, LOG_STOP, state[RELAY] if phase == PHASE_STOP else -1, 0, p)
        end_turn(state)
        return 0
    q = move // PLAYER_MOVES
    pos = move - q * PLAYER_MOVES
    if phase == PHASE_SETUP:
        more = at_choice_move(state, params, p, q, pos, log)  # 1: the choosing goes on
        end_turn(state)
        if more != 0:
            state[PHASE] = PHASE_SETUP
        return 0
    if phase == PHASE_OPENING_STEP:
        budget = move_limit - state[MOVES]
        if params[F_LAST_TURN] == FIRST_LAP:  # a step is a turn's first move: the last turn's, its first lap
            budget = machine.last_turn_budget(budget, state[TURNS], turn_limit)
        if at_opening_step(state, params, budget, log) != 1:
            state[TURNS] += 1
            machine.stop_run(state, RUN_OUT_OF_LAPS, STATUS, N_LEGAL)
            return 1
        if stripped(state, params, 1 - p):
            state[TURNS] += 1
            machine.game_over(state, p + 1, STATUS, WINNER, N_LEGAL)
            return 1
        end_turn(state)
        if state[STEPS_MADE] < params[F_OPENING_STEPS] or state[STEPS_MADE + 1] < params[F_OPENING_STEPS]:
            state[PHASE] = PHASE_OPENING_STEP  # the opening goes on
        return 0
    at_extra_move(state, params, p, q, pos, log)  # PHASE_EXTRA: an extra capture
    if stripped(state, params, 1 - p):
        state[TURNS] += 1
        machine.game_over(state, p + 1, STATUS, WINNER, N_LEGAL)
        return 1
    if state[PENDING] == 0:
        end_turn(state)
    return 0


@njit(cache=True, inline="always")
def after_capture(state, params, p, outcome):
    """A run of player p came to a column capture or an inner landing (MOVE_CAPTURED, MOVE_CAPTURED_TWO,
    MOVE_INNER_LANDING): the game ends if the opponent has no counter left (1), else the decisions the
    rules make due follow (extra captures) or the turn ends (0)."""
    if stripped(state, params, 1 - p):
        state[TURNS] += 1
        machine.game_over(state, p + 1, STATUS, WINNER, N_LEGAL)
        return 1
    due = at_extra_due(state, params, p, outcome)  # decisions the rules make due (extra captures)
    if due > 0:
        state[PHASE] = PHASE_EXTRA
        state[PENDING] = due
    else:
        end_turn(state)
    return 0


@njit(cache=True, inline="always")
def finish(state, params, row):
    """1 for the winner, 0 otherwise (the game is won by a rule, not by counting)."""
    machine.won_by_rule(row, state[STATUS], state[WINNER], state[TURNS], state[MOVES], state[FIRST] + 1,
                        popcount(state[COVER]) + popcount(state[COVER + 1]), params[F_SITES], state[LAPS])
