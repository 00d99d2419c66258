"""The machinery every game shares: one compiled driver (start, apply, settle, random self-play,
UCT search, the raw counts), one endless-move mechanism, one ``Params`` and one ``Rules``
wrapper.

A game module declares its state layout (field offsets: status, player to move, legal moves...)
and its rule kernels, with one signature for every game::

    init_state(st, par, table, scratch, rng, seed, turn_limit, move_limit, log)
    apply_move(st, par, table, scratch, move, turn_limit, move_limit, log)
    settle(st, par, table, scratch, turn_limit, move_limit, log)
    move_at(st, par, k) -> the k-th legal move, in ascending order
    finish(st, par, row)  # the engine.stats columns a state decides: status, scores, turns, moves,
                          # first, covered, sites, laps, winner

and compiles one entry point, ``run``, by handing them to :func:`drive` (a few lines: see
engine.alignment.machine, or engine.mancala.machine.turn over its boards, whose kernels read the state's offsets from the
parameters). Kernels that run once a game (the start, a set-up position's settling) may be
compiled out of line (plain ``njit``): LLVM's time grows faster than the size of the function it
optimises, so the alignment machine keeps its start, settling and logged move out of line
(benchmarks/compile.txt). The mancala kernels stay inlined (out of line saved little compile time
there and cost the four-row short games speed). Everything compiled code does for a game goes through that one entry:
the Python API's start, move and position set-up, random self-play, the UCT agent's
search (OP_SEARCH: its tree in arrays the caller owns, its walks through the same loop and the same
``apply_move`` call as random self-play, so that the search adds no compile time; a walk's random
part may be cut at a depth and the position scored from ``finish``'s scores, see :func:`cutoff_reward`),
and the row of
raw counts of a game so far. So each kernel is inlined into one compiled function
per game, not one per caller (numba compiles an ``inline="always"`` kernel again for every
caller: that is where compile time went), and decisions, choices and legal moves are counted in
one place whether the game is played in the compiled loop or move by move through the API.

Why kernels are handed to an inlined driver rather than closed over by a jitted factory or called
through first-class function types: numba caches a function defined in a factory under a key
that pickles its closure, which differs in every process, so factory-made loops compile afresh
at every start (measured: a cache miss every run); a first-class function is an indirect call
that nothing can inline (Tauru's loop with its kernels not inlined ran at a third of its speed,
measured when it was tuned). A dispatcher passed as an argument into an inlined function is resolved at
compile time, inlined, and the game's entry point caches as any other.

Endless moves (the mancala games): a move whose laps repeat a configuration never ends. A run
of laps is played quickly first, at most engine.repetition.QUICK_LAPS laps; a run still going is
rewound by the game (from a snapshot, or by unsowing its laps) and played again with every
configuration logged (:func:`run_laps`); :func:`drop_endless` removes from the legal moves those
whose run is proved endless (endless = illegal), probing each on a scratch state (:func:`probe`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numba import njit

from engine.borrow import borrow
from engine.inlining import unaliased
from engine.game import Limits, Rules
from engine.repetition import QUICK_LAPS
from engine.result import ENDLESS, ONGOING, OVER, UNFINISHED
from engine.rng import AGENT_STREAM, derive_seed, rng_below, rng_init
from engine.stats import (
    CHOICES, COVERED, DECISIONS, LAPS, LEGAL_SUM, MOVES, N_COLUMNS, SCORE_1, SCORE_2, SEED, SITES, TURNS, WINNER, record,
)
from engine.switches import Switch

# What the one entry point does.
OP_START = 0  # the start of a game (seed: the game's seed)
OP_APPLY = 1  # play ``move``; the decision counted in out[0]
OP_SETTLE = 2  # a set-up position: end it by its rules or list its legal moves
OP_PLAYOUTS = 3  # random self-play of ``games`` games from the start, a row each in ``out``
OP_ROW = 5  # the columns the state decides, into out[0]
OP_SEARCH = 6  # ``games`` UCT iterations from ``start`` on the caller's tree (see uct_step)

# What a run of laps came to, besides a game's own outcomes (0, 1, 2...).
RUN_ENDLESS = -1  # a configuration repeated: the run never ends
RUN_OUT_OF_LAPS = -2  # the lap budget ran out


@njit(cache=True, inline="always")
def drive(init_state, apply_move, settle, move_at, finish, status_at, n_legal_at, to_move_at,
          op, owned_par, owned_table, owned_start, owned_st, owned_scratch, owned_rng, owned_log,
          base_seed, n_games, move, turn_limit, move_limit, owned_tree, owned_out):
    """Everything compiled code does for one game (``op``, above), over its kernels.

    Random self-play: both players are the uniform random agent (engine.agents.RandomAgent):
    game g is seeded derive_seed(base_seed, g), and at each decision the agent draws k below the
    number of legal moves and plays the k-th in ascending order. A move of the API goes through
    the same loop body (one iteration), so decisions, choices and legal moves are counted here
    alone. The caller provides (and so keeps alive) every array: the driver works on borrowed
    views (engine.borrow).

    OP_SEARCH runs ``n_games`` UCT iterations from ``start`` on the tree ``owned_tree`` (see
    :func:`uct_step`), drawing from the caller's generator ``owned_rng`` as it stands (not seeded
    here), so that a search goes on across calls. An iteration is a rollout whose moves come from
    the tree while the walk is in it (one new node a walk) and at random after, then backed up.
    A tree whose header sets a playout DEPTH (> 0) stops the random part after that many decisions
    (moves chosen at random once the walk has left the tree) and backs up :func:`cutoff_reward`
    of the position reached; a game that ends first counts its result, as in a full playout.
    """
    par = borrow(owned_par)
    table = borrow(owned_table)
    start = borrow(owned_start)
    st = borrow(owned_st)
    scratch = borrow(owned_scratch)
    rng = borrow(owned_rng)
    log = borrow(owned_log)
    out = borrow(owned_out)
    tree = borrow(owned_tree)
    if op == OP_SETTLE:
        settle(st, par, table, scratch, turn_limit, move_limit, log)
        return
    if op == OP_ROW:
        finish(st, par, out[0])
        return
    search = op == OP_SEARCH
    exploration = tree[0, EXPLORATION] * 1e-6
    depth = tree[0, DEPTH] if search else 0
    size = start.shape[0]
    for g in range(n_games):
        seed = np.int64(base_seed) if op == OP_START else derive_seed(np.uint64(base_seed), g)
        row = out[0] if search else out[g]
        if search:
            for i in range(size):
                st[i] = start[i]
        elif op != OP_APPLY:
            init_state(st, par, table, scratch, rng, seed, turn_limit, move_limit, log)
            if op == OP_START:
                return
        if op != OP_APPLY and not search:
            rng_init(rng, np.uint64(seed), np.uint64(AGENT_STREAM))
            for k in range(N_COLUMNS):
                row[k] = 0
            row[SEED] = seed
        node = ROOT if search else 0  # a search's walk: its node (0 once it has left the tree), the last one
        leaf = ROOT
        decisions = 0
        choices = 0
        legal_sum = 0
        played = 0  # decisions chosen at random (in a search: since the walk left the tree)
        while st[status_at] == ONGOING:
            if played == depth and depth > 0:
                break
            n = st[n_legal_at]
            decisions += 1
            choices += n > 1
            legal_sum += n
            k = -1
            if node != 0:
                k, child = uct_step(tree, node, n, st[to_move_at], exploration)
                if k >= 0:
                    leaf = child
                    node = child if tree[child, VISITS] > 0 else 0
                else:
                    node = 0
            if k < 0 and op != OP_APPLY:
                k = rng_below(rng, n)
                played += 1
            m = move if op == OP_APPLY else move_at(st, par, k)
            apply_move(st, par, table, scratch, m, turn_limit, move_limit, log)
            if op == OP_APPLY:
                break
        row[DECISIONS] += decisions
        row[CHOICES] += choices
        row[LEGAL_SUM] += legal_sum
        finish(st, par, row)
        if search:
            if st[status_at] == ONGOING:
                reward = cutoff_reward(row[SCORE_1], row[SCORE_2], tree[0, EVALUATION_KIND])
            else:
                reward = WIN if row[WINNER] == 1 else (0 if row[WINNER] == 2 else DRAW)
            back_up(tree, leaf, reward)


# --- the UCT tree (OP_SEARCH) ----------------------------------------------------------------------
# An int64 array of shape (capacity, TREE_FIELDS). Row 0 is the header: the rows in use (NODES),
# the exploration constant in millionths (EXPLORATION), the playout depth in decisions (DEPTH, 0:
# play out to the end) and how a cut playout is scored (EVALUATION_KIND: BY_SCORE or SHARE). Row
# ROOT is the root; every other row is a node: its parent's row, the player who moved into it (0
# or 1: st[to_move_at] at the parent, so a player who moves twice running is followed), its
# visits, the sum of that player's rewards in units of 1/WIN (win WIN, draw or no result DRAW,
# loss 0: integers, so that a win, a draw and a loss are never rounded; WIN a power of two, so that
# the mean reward is computed exactly as it was in half-points), and the row of its first child
# (0: not expanded). A node's children are its legal moves in
# ascending order (move_at's order), allocated as one block when the node is first walked
# through after its own first visit; a tree without room for a block stops growing (its walks
# leave the tree there and play on at random).
PARENT, MOVER, VISITS, REWARD, FIRST_CHILD = 0, 1, 2, 3, 4
TREE_FIELDS = 5
NODES, EXPLORATION, DEPTH, EVALUATION_KIND = 0, 1, 2, 3
ROOT = 1
DRAW = 1 << 20
"""A draw's (or an unfinished game's) reward: half a win."""
WIN = 2 * DRAW
"""A win's reward (a tree's REWARD sums stay below 2**53 up to 2**31 visits a node: exact as floats)."""
BY_SCORE, SHARE = 0, 1
"""How a playout cut at its depth is scored (:func:`cutoff_reward`)."""
EVALUATIONS = {"by-score": BY_SCORE, "share": SHARE}
"""The evaluations of a cut playout by name, the default first (by-score beat share on Tap-urdy:
benchmarks/truncated.txt)."""


@njit(cache=True, inline="always")
def cutoff_reward(score_1, score_2, kind):
    """Player 1's reward (0..WIN) for a playout cut at its depth, from the scores the game's
    ``finish`` writes for the position (SCORE_1, SCORE_2; what decides a game won by counting: a
    mancala's captures, with the counters in the own row where the rules count them): BY_SCORE, a
    win, draw or loss by the scores as they stand; SHARE, player 1's share of the scores,
    s1 / (s1 + s2), rounded to the unit. Both give a draw when the scores are equal, so when neither
    player has scored (a game won by a rule, not by counting, writes 0 and 0 until it is won)."""
    if kind == BY_SCORE:
        return WIN if score_1 > score_2 else (0 if score_1 < score_2 else DRAW)
    total = score_1 + score_2
    if total <= 0:
        return DRAW
    return (WIN * score_1 + total // 2) // total


@njit(cache=True, inline="always")
def uct_step(tree, v, n, mover, exploration):
    """The move (its index k among the ``n`` legal moves) the walk at node ``v`` takes and the child
    it goes to: expand ``v`` if it is not (-1, 0 if the tree is full), then the first unvisited
    child, else the child of largest UCB1 (mean reward + c sqrt(ln visits(v) / visits(child)); ties:
    the lowest move)."""
    first = tree[v, FIRST_CHILD]
    if first == 0:
        first = tree[0, NODES]
        if first + n > tree.shape[0]:
            return -1, 0
        for i in range(first, first + n):
            tree[i, PARENT] = v
            tree[i, MOVER] = mover
            tree[i, VISITS] = 0
            tree[i, REWARD] = 0
            tree[i, FIRST_CHILD] = 0
        tree[v, FIRST_CHILD] = first
        tree[0, NODES] = first + n
        return 0, first
    log_visits = np.log(np.float64(tree[v, VISITS]))
    best = 0
    best_score = -1.0
    for i in range(n):
        visits = tree[first + i, VISITS]
        if visits == 0:
            return i, first + i
        score = (1.0 / WIN) * tree[first + i, REWARD] / visits + exploration * np.sqrt(log_visits / visits)
        if score > best_score:
            best, best_score = i, score
    return best, first + best


@njit(cache=True, inline="always")
def back_up(tree, leaf, reward):
    """Count a walk's result at ``leaf`` and every node above it: ``reward`` is player 1's (WIN, DRAW,
    0, or a cut playout's value between), player 2's is WIN - ``reward``."""
    x = leaf
    while x != 0:
        tree[x, VISITS] += 1
        tree[x, REWARD] += reward if tree[x, MOVER] == 0 else WIN - reward
        x = tree[x, PARENT]


# --- endless moves -------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def run_laps(laps, replay, st, par, table, origin, kind, lap_budget, log):
    """One run of laps from ``origin`` (of ``kind``, for games with kinds of laps), at most
    ``lap_budget``: the game's ``laps`` kernel without logging, at most QUICK_LAPS laps (it takes
    its snapshot, or writes down its laps, when not logging); if the run is longer, the game's
    ``replay`` (out of line: few runs get there) rewinds it and plays it again logged, which gives
    the same answer as logging from the start (engine.repetition)."""
    logged_before = log[0]
    quick = lap_budget if lap_budget < QUICK_LAPS else QUICK_LAPS
    outcome = laps(st, par, table, origin, kind, quick, False, log)
    if outcome != RUN_OUT_OF_LAPS:
        return outcome
    log[0] = logged_before  # the replay logs the run again from its start
    return replay(st, par, table, origin, kind, quick, lap_budget, log)


unaliased(run_laps)  # inlined where a turn plays or looks ahead at a move: no reference count a run


@njit(cache=True, inline="always")
def probe(laps, replay, size, st, par, table, scratch, origin, kind, lap_budget, log):
    """True if the run of laps from ``origin`` is proved endless: played on ``scratch`` (the first
    ``size`` values of ``st`` copied), nothing written to the event log."""
    for i in range(size):
        scratch[i] = st[i]
    logging = log[0]
    log[0] = -1
    endless = run_laps(laps, replay, scratch, par, table, origin, kind, lap_budget, log) == RUN_ENDLESS
    log[0] = logging
    return endless


@njit(cache=True, inline="always")
def drop_endless(probe_endless, run_of, st, par, table, scratch, legal_at, n, lap_budget, log):
    """Remove from the ``n`` legal moves at ``st[legal_at:]`` those whose run is proved endless
    (``probe_endless``: the game's compiled :func:`probe`; ``run_of(st, par, move)``: the site and
    kind of lap a move sows from, site -1 for a move that sows nothing); the new number."""
    k = 0
    for i in range(n):
        m = st[legal_at + i]
        origin, kind = run_of(st, par, m)
        if origin >= 0 and probe_endless(st, par, table, scratch, origin, kind, lap_budget, log):
            continue
        st[legal_at + k] = m
        k += 1
    return k


# --- the event log of a traced move (for animation) --------------------------------------------
# log[0] = entries written (-1: logging off), log[1] = capacity in entries, then entries of
# 4 + ``copied`` values: kind, a, b, c (what the game says they are), and st[:copied] after the
# event (the board, and what the game wants shown with it).
LOG_HEADER = 2
TRACE_CAPACITY = 4096
"""Events a traced move keeps (a longer move is cut short in the trace, not in play)."""
TRUNCATED = {"kind": "truncated", "after": TRACE_CAPACITY}
"""The last event of a trace that was cut short."""


@njit(cache=True, inline="always")
def log_event(log, st, copied, kind, a, b, c):
    """Append an event with the state after it to ``log`` (when logging is on and there is room)."""
    n = log[0]
    if n < 0 or n >= log[1]:
        return
    at = LOG_HEADER + n * (4 + copied)
    log[at] = kind
    log[at + 1] = a
    log[at + 2] = b
    log[at + 3] = c
    for i in range(copied):
        log[at + 4 + i] = st[i]
    log[0] = n + 1


def endless_switch(game_id: str) -> Switch:
    """The switch of what an endless move does (the games whose moves may never end declare it)."""
    return Switch(f"{game_id}.endless", ("end-game", "illegal"), "end-game")


@njit(cache=True, inline="always")
def last_turn_budget(lap_budget, turns, turn_limit):
    """The laps a move may sow when a program cuts the turn limit's last turn after its first move
    (rule last_turn = first-lap): one in the turn that reaches ``turn_limit`` (``turns`` completed
    before it), else ``lap_budget``. A run cut so ends the game unfinished (RUN_OUT_OF_LAPS)."""
    return 1 if turns + 1 >= turn_limit and lap_budget > 1 else lap_budget


@njit(cache=True, inline="always")
def stop_run(st, outcome, status_at, n_legal_at):
    """A run proved endless (RUN_ENDLESS) or out of laps ends the game: ENDLESS or UNFINISHED."""
    st[n_legal_at] = 0
    st[status_at] = ENDLESS if outcome == RUN_ENDLESS else UNFINISHED


@njit(cache=True, inline="always")
def past_limits(st, turn_limit, move_limit, moves_at, turns_at, status_at, n_legal_at):
    """Between decisions, a limit reached (its moves or turns): no legal move, the game unfinished."""
    if st[moves_at] >= move_limit or st[turns_at] >= turn_limit:
        st[n_legal_at] = 0
        st[status_at] = UNFINISHED


@njit(cache=True, inline="always")
def game_over(st, winner, status_at, winner_at, n_legal_at):
    """The game ends by its rules; ``winner`` is 1, 2 or 0 (a draw)."""
    st[status_at] = OVER
    st[winner_at] = winner
    st[n_legal_at] = 0


@njit(cache=True, inline="always")
def second_pass(st, passes_at, moves_at, turns_at, status_at, winner_at, n_legal_at):
    """Count a pass (a move of its own); True if it is the second in a row, which ends the game in a draw."""
    st[moves_at] += 1
    st[passes_at] += 1
    if st[passes_at] < 2:
        return False
    st[turns_at] += 1
    game_over(st, 0, status_at, winner_at, n_legal_at)
    return True


@njit(cache=True, inline="always")
def won_by_rule(row, status, winner, turns, moves, first, covered, sites, laps):
    """The row of a game decided by a rule, not by counting: score 1 for the winner (1 or 2), 0 otherwise."""
    record(row, status, 1 if winner == 1 else 0, 1 if winner == 2 else 0, turns, moves, first, covered, sites,
           laps, winner)


@njit(cache=True, inline="always")
def popcount(m):
    """The number of bits set in ``m`` (>= 0)."""
    c = 0
    while m:
        m &= m - 1
        c += 1
    return c


def new_tree(capacity: int, exploration: float, depth: int = 0, evaluation: str = "by-score") -> np.ndarray:
    """An empty UCT tree (only its root) with room for ``capacity`` nodes (TREE_FIELDS * 8 bytes
    each; the pages of rows never used are never touched), exploring with constant ``exploration``;
    its playouts cut after ``depth`` random decisions (0: played to the end) and scored by
    ``evaluation`` (a name of EVALUATIONS)."""
    if isinstance(capacity, bool) or not isinstance(capacity, (int, np.integer)) or capacity < 1:
        raise ValueError(f"a UCT tree needs room for at least one node, not {capacity!r}")
    if not exploration >= 0:
        raise ValueError(f"the UCT exploration constant must be >= 0, not {exploration!r}")
    if isinstance(depth, bool) or not isinstance(depth, (int, np.integer)) or depth < 0:
        raise ValueError(f"a playout depth must be an integer >= 0 (0: to the end), not {depth!r}")
    if evaluation not in EVALUATIONS:
        raise ValueError(f"unknown playout evaluation {evaluation!r}; evaluations: {', '.join(EVALUATIONS)}")
    tree = np.zeros((ROOT + capacity, TREE_FIELDS), dtype=np.int64)
    reset_tree(tree)
    tree[0, EXPLORATION] = round(exploration * 1e6)
    tree[0, DEPTH] = depth
    tree[0, EVALUATION_KIND] = EVALUATIONS[evaluation]
    return tree


def reset_tree(tree: np.ndarray) -> None:
    """Empty ``tree`` but for a fresh root (its other rows are overwritten as they are allocated)."""
    tree[0, NODES] = ROOT + 1
    tree[ROOT] = 0


# --- the Python side ---------------------------------------------------------------------------

@dataclass
class Params:
    """Everything the kernels need for one setting of the switches, and the arrays the one entry
    point is handed (a game adds what its Python side needs in ``extra``)."""

    par: np.ndarray  # option index of each switch, then the game's derived values and tables
    state_size: int
    limits: Limits
    values: dict[str, str]
    table: np.ndarray = field(default_factory=lambda: np.zeros(1, dtype=np.int64))  # repetition table
    scratch: np.ndarray = field(default_factory=lambda: np.zeros(1, dtype=np.int64))  # a state to probe on
    log: np.ndarray = field(default_factory=lambda: np.array([-1, 0], dtype=np.int64))  # events (off)
    extra: dict[str, Any] = field(default_factory=dict)


_NO_START = np.zeros(1, dtype=np.int64)
_NO_TREE = np.zeros((1, TREE_FIELDS), dtype=np.int64)


class KernelRules(Rules):
    """A game's :class:`engine.game.Rules` over its compiled entry point ``machine`` and its state
    layout; the game module adds what is its own (positions, the board, notation, traces)."""

    machine: Any  # the game's compiled entry point (drive over its kernels)
    STATUS: int
    TO_MOVE: int  # 0 or 1 in the state
    N_LEGAL: int
    LEGAL: int = -1  # where the legal moves are listed (-1: the game overrides legal_moves)

    # --- the one entry point -------------------------------------------------------------------
    def _call(self, params: Params, op: int, st: np.ndarray, *, start: np.ndarray = _NO_START, seed: int = 0,
              games: int = 1, move: int = 0, out: np.ndarray | None = None, log: np.ndarray | None = None,
              rng: np.ndarray | None = None, tree: np.ndarray = _NO_TREE) -> None:
        if out is None:
            out = np.zeros((1, N_COLUMNS), dtype=np.int64)
        self.kernel(params, op, games)(np.int64(op), params.par, params.table, start, st, params.scratch,
                     np.zeros(1, dtype=np.uint64) if rng is None else rng, params.log if log is None else log,
                     np.int64(seed), np.int64(games), np.int64(move), np.int64(params.limits.turns),
                     np.int64(params.limits.moves), tree, out)

    def kernel(self, params: Params, op: int, games: int) -> Any:
        """The compiled entry point that does ``op`` (for ``games`` games or iterations) on ``params``
        (engine.specialise: a sowing game's long runs go to the kernels of its combination of rules)."""
        return self.machine

    def build(self, values: Mapping[str, str], limits: Limits, ruleset: str | None = None) -> Params:
        """The game's parameters (a game module defines it; :meth:`compile` checks the values); ``ruleset``:
        the archive's ruleset played, if one is named."""
        raise NotImplementedError

    def option_indices(self, values: Mapping[str, str]) -> list[int]:
        """The option index of each switch's value (what the kernels branch on), in declaration order."""
        return [s.index(values[s.id]) for s in self.switches]

    def compile(self, values: Mapping[str, str], limits: Limits, ruleset: str | None = None) -> Params:
        for s in self.switches:
            if s.id not in values:
                raise ValueError(f"no value for switch {s.id!r}; allowed: {', '.join(s.options)}")
        return self.build(values, limits, ruleset)

    def initial(self, params: Params, seed: int) -> np.ndarray:
        st = np.zeros(params.state_size, dtype=np.int64)
        self._call(params, OP_START, st, seed=seed)
        return st

    def settle(self, params: Params, st: np.ndarray) -> None:
        """End a set-up position by its rules, or list its legal moves."""
        self._call(params, OP_SETTLE, st)

    def apply(self, params: Params, st: np.ndarray, move: int, counts: np.ndarray | None = None) -> None:
        """Play a legal move; ``counts`` (an engine.stats row of shape (1, N_COLUMNS)) counts the decision."""
        self._call(params, OP_APPLY, st, move=move, out=counts)

    def apply_logged(self, params: Params, st: np.ndarray, move: int, log: np.ndarray,
                     counts: np.ndarray | None = None) -> None:
        """Play a legal move writing its events to ``log`` (for :meth:`trace_move`)."""
        self._call(params, OP_APPLY, st, move=move, log=log, out=counts)

    def logged_move(self, params: Params, st: np.ndarray, move: int, counts: np.ndarray | None,
                    copied: int) -> tuple[list[np.ndarray], bool]:
        """Play a legal move with the event log on: its entries (kind, a, b, c, st[:copied]; see
        :func:`log_event`) and whether the log was cut short."""
        width = 4 + copied
        log = np.zeros(LOG_HEADER + TRACE_CAPACITY * width, dtype=np.int64)
        log[1] = TRACE_CAPACITY
        self.apply_logged(params, st, move, log, counts)
        n = int(log[0])
        return [log[LOG_HEADER + i * width: LOG_HEADER + (i + 1) * width] for i in range(n)], n == TRACE_CAPACITY

    def row(self, params: Params, st: np.ndarray) -> np.ndarray:
        """The engine.stats columns the state decides (status, scores, turns, moves, first, covered,
        sites, laps, winner); the others 0."""
        out = np.zeros((1, N_COLUMNS), dtype=np.int64)
        self._call(params, OP_ROW, st, out=out)
        return out[0]

    @staticmethod
    def _games(games: int) -> int:
        if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or games < 1:
            raise ValueError(f"the number of games must be a positive integer, not {games!r}")
        return int(games)

    def playouts(self, params: Params, seed: int, games: int) -> np.ndarray:
        games = self._games(games)
        out = np.zeros((games, N_COLUMNS), dtype=np.int64)
        self._call(params, OP_PLAYOUTS, np.zeros(params.state_size, dtype=np.int64), seed=seed, games=games, out=out)
        return out

    def search(self, params: Params, st: np.ndarray, tree: np.ndarray, rng: np.ndarray, iterations: int) -> None:
        """``iterations`` UCT iterations from ``st`` (the tree's root position, unchanged) on ``tree``
        (see :func:`new_tree`), drawing from ``rng`` (a generator of engine.rng, advanced)."""
        start = np.ascontiguousarray(st, dtype=np.int64)
        self._call(params, OP_SEARCH, np.zeros_like(start), start=start, games=self._games(iterations), rng=rng,
                   tree=tree)

    def play_out_random(self, params: Params, st: np.ndarray, rng: np.ndarray) -> None:
        """Play ``st`` to its end in place, every move drawn from ``rng`` (a generator of engine.rng,
        advanced) as the random agent draws it: the game ``engine.agents.play_out(state,
        RandomAgent(seed))`` plays when ``rng`` is that agent's generator, in one compiled call
        instead of a Python call (and a legality check) a move. It is one OP_SEARCH walk on a tree
        with room for its root alone: the root cannot be expanded, so the walk leaves the tree at once
        and every decision is ``rng_below(rng, legal moves)``, the random agent's draw, through the
        same loop as random self-play (no other compiled entry point, so no compile time added)."""
        if st.dtype != np.int64 or st.ndim != 1 or not st.flags.c_contiguous:
            raise ValueError("a state to play out must be a contiguous one-dimensional int64 array")
        if rng.dtype != np.uint64 or rng.shape != (1,):
            raise ValueError("a generator is a uint64 array of one element (engine.rng.new_rng)")
        self._call(params, OP_SEARCH, st, start=st.copy(), games=1, rng=rng, tree=new_tree(1, 0.0))

    # --- reading the state ---------------------------------------------------------------------
    def legal_moves(self, st: np.ndarray) -> list[int]:
        if st[self.STATUS] != ONGOING:
            return []
        return [int(m) for m in st[self.LEGAL:self.LEGAL + st[self.N_LEGAL]]]

    def status(self, st: np.ndarray) -> int:
        return int(st[self.STATUS])

    def to_move(self, st: np.ndarray) -> int:
        return int(st[self.TO_MOVE]) + 1

    def counters(self, params: Params, st: np.ndarray) -> dict[str, int]:
        row = self.row(params, st)
        return {"turns": int(row[TURNS]), "moves": int(row[MOVES]), "laps": int(row[LAPS]),
                "covered": int(row[COVERED]), "sites": int(row[SITES])}

    def scores(self, params: Params, st: np.ndarray) -> tuple[int, int]:
        row = self.row(params, st)
        return int(row[SCORE_1]), int(row[SCORE_2])
