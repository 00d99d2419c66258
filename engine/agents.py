"""Agents that choose moves, all deterministic given their seed, and the agent specs of the comparator.

``RandomAgent(seed)`` draws uniformly among ``state.legal_moves()`` (sorted) with the engine's
generator on the agent stream, exactly as the compiled playout loop does; so self-play of a game
seeded ``s`` with ``RandomAgent(s)`` on both sides is the same game as playout ``s`` of
``engine.playout``.

The other agents see a game only through :class:`engine.game.Rules` (legal moves, apply,
``evaluate``; UCT the compiled search of engine.machine.KernelRules), so they play every game of
``engine.games.GAMES``:

- ``GreedyAgent``: the move whose resulting position ``Rules.evaluate`` rates best for the mover
  (the largest immediate gain), ties broken at random.
- ``AlphaBetaAgent``: minimax with alpha-beta pruning to a fixed depth in plies (decisions), leaves
  rated by ``Rules.evaluate`` from the root mover's point of view; the player to move decides
  whether a node maximises, so games where a player moves twice running are searched correctly.
  Depth 1 chooses among exactly the moves greedy chooses among.
- ``UCTAgent``: Monte Carlo tree search (UCT, UCB1 with c = sqrt 2) in compiled code, its tree in
  preallocated arrays (engine.machine, OP_SEARCH), with an iteration budget or a time budget; each
  new leaf is rated by one random playout to the end. A win counts 1, a loss 0, anything else
  (draw, endless, stopped by a limit) 1/2.
- Truncated UCT (``uct:ITERATIONS:DEPTH``): the same search, its playouts cut after DEPTH random
  decisions (moves chosen at random once the walk has left the tree; decisions, not turns, because
  a decision is what the compiled driver plays and a ply of the tree, the same unit for every game,
  whereas a turn is a game's own count) and the position reached scored as a win, draw or loss by
  the scores the game's ``finish`` writes for it, as they stand (a draw when they are equal): for a
  game won by counting (Tap-urdy: captures) that is who leads in captures; a game won by a rule
  (Tsoro, Lobudök, Tauru) writes no score before its end, so a cut playout counts as a draw and the
  search learns only from the games that end within its depth (engine.machine.cutoff_reward). The
  other evaluation, player 1's share of the scores s1 / (s1 + s2), lost to it on Tap-urdy
  (``UCTAgent(evaluation="share")``; benchmarks/truncated.txt measures both, and the agent against
  full playouts). A playout that ends before its depth
  counts its result as a full one does, so a depth no game of the limits reaches plays exactly as
  ``uct:ITERATIONS``.

Agent specs (``random``, ``greedy``, ``uct:ITERATIONS``, ``uct:ITERATIONS:DEPTH``,
``alphabeta:DEPTH``) are parsed by
:func:`parse_agent` and made by :func:`make_agent`, within a :class:`Ceiling`: the CLI and the
Python API keep research budgets (:data:`RESEARCH_CEILING`), the web API a small one
(:data:`WEB_CEILING`). A search's memory is bounded too: a UCT tree stops growing at
``MAX_TREE_NODES`` nodes (later iterations still play out from its leaves), and alpha-beta's
recursion is never deeper than ``MAX_ALPHABETA_DEPTH`` plies. An agent whose ``deadline`` (a
``time.monotonic()`` value) passes mid-search raises TimeoutError.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from engine.game import State
from engine.result import ONGOING, Result
from engine.machine import FIRST_CHILD, REWARD, ROOT, VISITS, WIN, new_tree, reset_tree
from engine.rng import AGENT_STREAM, new_rng, rng_below


class Agent(Protocol):
    """Anything that picks a legal move of a state."""

    def choose(self, state: State) -> int: ...


class RandomAgent:
    """Uniform among the legal moves at each decision; deterministic from its seed."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = new_rng(seed, AGENT_STREAM)

    def choose(self, state: State) -> int:
        """A legal move of ``state``; ValueError if it has none (the game is over)."""
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal move to choose: the game is over")
        return moves[int(rng_below(self._rng, np.int64(len(moves))))]


def play_out(state: State, agents: tuple[RandomAgent, ...] | RandomAgent) -> State:
    """Play ``state`` to its end in place, each player with its agent (one agent may play both)."""
    if isinstance(agents, RandomAgent):
        agents = (agents, agents)
    while not state.is_terminal():
        player = state.to_move or 1
        state.apply(agents[player - 1].choose(state))
    return state


def random_result(state: State, seed: int) -> Result | None:
    """How ``play_out(state.clone(), RandomAgent(seed))`` ends, the same game played in one compiled call
    (engine.machine.KernelRules.play_out_random: the random agent's generator, its draws, the same
    kernels) without keeping its moves: for callers that need only how many random games a player
    wins, a Python call and a legality check a move being most of the cost of playing them through
    the API (tests/engine/test_conformance.py plays 64 from each position of its win-in-one search;
    benchmarks/make-test.txt). ValueError for a bad seed, or a game without the compiled machinery."""
    play = getattr(state.rules, "play_out_random", None)
    if play is None:
        raise ValueError(f"compiled random games need a game on the compiled machinery; {state.rules.id} has none")
    st = state.raw()
    play(state.game.params, st, new_rng(seed, AGENT_STREAM))
    return State(state.game, st, state.seed).result()


def _legal(state: State) -> list[int]:
    moves = state.legal_moves()
    if not moves:
        raise ValueError("no legal move to choose: the game is over")
    return moves


class _Seeded:
    """An agent with its own generator (on the agent stream) for tie-breaks and playout seeds."""

    deadline: float | None = None
    """A ``time.monotonic()`` value past which a search raises TimeoutError (None: no limit)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = new_rng(seed, AGENT_STREAM)

    def _check_deadline(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise TimeoutError(f"{type(self).__name__} ran past its time budget")

    def _pick(self, moves: list[int]) -> int:
        """One of ``moves`` (sorted), uniformly."""
        if len(moves) == 1:
            return moves[0]
        return moves[int(rng_below(self._rng, np.int64(len(moves))))]


def _value(state: State, st: np.ndarray, player: int) -> float:
    """``Rules.evaluate`` of ``st`` from ``player``'s point of view."""
    v = state.rules.evaluate(state.game.params, st)
    return v if player == 1 else -v


class GreedyAgent(_Seeded):
    """The move that leaves the position ``Rules.evaluate`` rates best for the mover; random tie-break."""

    def best_moves(self, state: State) -> list[int]:
        """Every legal move of ``state`` with the best immediate value for the mover (sorted)."""
        moves = _legal(state)
        rules, params = state.rules, state.game.params
        player = rules.to_move(state.raw())
        values = []
        for m in moves:
            st = state.raw()
            rules.apply(params, st, m)
            values.append(_value(state, st, player))
        best = max(values)
        return [m for m, v in zip(moves, values) if v == best]

    def choose(self, state: State) -> int:
        return self._pick(self.best_moves(state))


MAX_ALPHABETA_DEPTH = 64
"""The deepest alpha-beta search (one Python frame a ply: far from Python's recursion limit)."""


class AlphaBetaAgent(_Seeded):
    """Minimax with alpha-beta pruning to ``depth`` plies, leaves rated by ``Rules.evaluate``."""

    def __init__(self, depth: int, seed: int = 0) -> None:
        if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= MAX_ALPHABETA_DEPTH:
            raise ValueError(f"alpha-beta depth must be an integer from 1 to {MAX_ALPHABETA_DEPTH}, not {depth!r}")
        super().__init__(seed)
        self.depth = depth
        self.nodes = 0

    def _search(self, state: State, st: np.ndarray, depth: int, alpha: float, beta: float, root: int) -> float:
        rules, params = state.rules, state.game.params
        self.nodes += 1
        if self.nodes % 512 == 0:
            self._check_deadline()
        if depth == 0 or rules.status(st) != ONGOING:
            return _value(state, st, root)
        maximise = rules.to_move(st) == root
        best = -math.inf if maximise else math.inf
        for m in rules.legal_moves(st):
            child = st.copy()
            rules.apply(params, child, m)
            v = self._search(state, child, depth - 1, alpha, beta, root)
            if maximise:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    def best_moves(self, state: State) -> list[int]:
        """Every legal move with the best minimax value (each root move searched with a full window,
        so that ties are exact)."""
        moves = _legal(state)
        rules, params = state.rules, state.game.params
        root_st = state.raw()
        root = rules.to_move(root_st)
        values = []
        for m in moves:
            child = root_st.copy()
            rules.apply(params, child, m)
            values.append(self._search(state, child, self.depth - 1, -math.inf, math.inf, root))
        best = max(values)
        return [m for m, v in zip(moves, values) if v == best]

    def choose(self, state: State) -> int:
        return self._pick(self.best_moves(state))


MAX_TREE_NODES = 1_000_000
"""The most nodes a UCT tree holds (engine.machine.TREE_FIELDS int64 each: 40 bytes, so 40 MB at
most, of which only the rows in use are ever touched); a full tree stops growing and its later
iterations play on at random from where their walk leaves it."""

CHUNK_SECONDS = 0.005
"""With a deadline or a time budget, UCT searches in compiled calls of about this long (the
deadline is checked between them)."""


class UCTAgent(_Seeded):
    """Monte Carlo tree search (UCT, UCB1) in compiled code (engine.machine, OP_SEARCH) on a tree in
    preallocated arrays: ``iterations`` iterations per move, or as many as fit in ``seconds``.

    An iteration walks from the root by UCB1 (an unvisited child first), adds one node (a node's
    children, its legal moves in ascending order, are allocated together when it is walked through
    after its first visit), plays on at random to the end of the game and backs the result up: win
    1, loss 0, anything else (draw, endless, stopped by a limit) 1/2, from the view of the player
    who moved into each node. The move chosen is the root's most visited child (ties: the better
    mean reward, then the lowest move). Every draw comes from the agent's own generator, which the
    search advances: with ``iterations`` the agent is deterministic for its seed, whether or not a
    deadline splits its search into chunks (a time budget is not). The tree stops growing at
    ``max_nodes`` nodes. ``depth`` (> 0) cuts each playout after that many random decisions and
    scores the position by ``evaluation`` (engine.machine.EVALUATIONS: a win, draw or loss
    ``by-score``, or the ``share`` of the scores; engine.machine.cutoff_reward).
    """

    def __init__(self, iterations: int | None = None, seed: int = 0, exploration: float = math.sqrt(2),
                 max_nodes: int = MAX_TREE_NODES, *, seconds: float | None = None, depth: int | None = None,
                 evaluation: str = "by-score") -> None:
        if (iterations is None) == (seconds is None):
            raise ValueError("UCT needs a budget: iterations or seconds (not both)")
        if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int)
                                       or iterations < 1):
            raise ValueError(f"UCT iterations must be a positive integer, not {iterations!r}")
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or not 0 < seconds < math.inf):
            raise ValueError(f"UCT seconds must be a positive number, not {seconds!r}")
        if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 2:
            raise ValueError(f"UCT max_nodes must be an integer of at least 2, not {max_nodes!r}")
        if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 1):
            raise ValueError(f"UCT playout depth must be a positive integer (None: to the end), not {depth!r}")
        super().__init__(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.max_nodes = max_nodes
        self.depth = depth
        self.evaluation = evaluation
        self._tree = new_tree(max_nodes, exploration, depth or 0, evaluation)
        self.searched = 0
        """Iterations of the last search."""
        self._root_moves = 0

    def _search(self, state: State, root: np.ndarray) -> None:
        rules, params = state.rules, state.game.params
        search = getattr(rules, "search", None)
        if search is None:
            raise ValueError(f"UCT needs a game on the compiled machinery; {rules.id} has no search")
        reset_tree(self._tree)
        self.searched = 0
        self._root_moves = int(len(state.legal_moves()))
        end = None if self.seconds is None else time.monotonic() + self.seconds
        if end is None and self.deadline is None:
            search(params, root, self._tree, self._rng, self.iterations)
            self.searched = self.iterations
            return
        chunk = 16
        while True:
            n = chunk if self.iterations is None else min(chunk, self.iterations - self.searched)
            t = time.monotonic()
            search(params, root, self._tree, self._rng, n)
            self.searched += n
            now = time.monotonic()
            if self.searched == self.iterations or (end is not None and now >= end):
                return
            self._check_deadline()
            if now - t < CHUNK_SECONDS / 2:
                chunk *= 2

    def statistics(self) -> list[tuple[int, float]]:
        """The root's children after the last search, in the order of its legal moves: the visits
        and the summed reward of each (empty if the tree had no room for them)."""
        first = int(self._tree[ROOT, FIRST_CHILD])
        if first == 0:
            return []
        block = self._tree[first:first + self._root_moves]
        return [(int(v), int(r) / WIN) for v, r in zip(block[:, VISITS], block[:, REWARD])]

    def choose(self, state: State) -> int:
        moves = _legal(state)
        if len(moves) == 1:
            return moves[0]
        self._search(state, state.raw())
        stats = self.statistics()
        if not stats:  # no room even for the root's children: nothing learnt
            return self._pick(moves)
        best = max(range(len(moves)), key=lambda i: (stats[i][0], stats[i][1] / max(stats[i][0], 1), -moves[i]))
        return moves[best]


@dataclass(frozen=True)
class AgentSpec:
    """A parsed agent spec: ``kind`` is random, greedy, uct or alphabeta; ``param`` its number;
    ``depth`` a UCT's playout depth in decisions (None: playouts to the end)."""

    kind: str
    param: int | None = None
    depth: int | None = None

    def __str__(self) -> str:
        text = self.kind if self.param is None else f"{self.kind}:{self.param}"
        return text if self.depth is None else f"{text}:{self.depth}"

    def with_iterations(self, iterations: int) -> AgentSpec:
        """The same UCT agent (its playout depth kept) with ``iterations`` a move (a skill ladder's rung)."""
        if self.kind != "uct":
            raise ValueError(f"agent {self} is not a UCT agent: it has no iterations")
        return AgentSpec("uct", iterations, self.depth)

    def make(self, seed: int) -> Agent:
        """The agent, seeded."""
        if self.kind == "random":
            return RandomAgent(seed)
        if self.kind == "greedy":
            return GreedyAgent(seed)
        if self.kind == "uct":
            return UCTAgent(int(self.param), seed, depth=self.depth)  # type: ignore[arg-type]
        return AlphaBetaAgent(int(self.param), seed)  # type: ignore[arg-type]


AGENT_KINDS = ("random", "greedy", "uct:ITERATIONS", "uct:ITERATIONS:DEPTH", "alphabeta:DEPTH")
"""The agent specs the comparator accepts."""


@dataclass(frozen=True)
class Ceiling:
    """The most an agent spec may ask for: UCT iterations per move and alpha-beta depth in plies."""

    uct_iterations: int
    alphabeta_depth: int

    def check(self, spec: AgentSpec) -> AgentSpec:
        """``spec`` if it is within the ceiling; else ValueError naming the ceiling."""
        limit = {"uct": self.uct_iterations, "alphabeta": self.alphabeta_depth}.get(spec.kind)
        if limit is not None and spec.param is not None and spec.param > limit:
            what = "iterations" if spec.kind == "uct" else "depth"
            raise ValueError(f"agent {spec} is over the ceiling: {spec.kind} {what} at most {limit} "
                             f"({spec.kind}:{limit})")
        return spec


RESEARCH_CEILING = Ceiling(uct_iterations=10_000_000, alphabeta_depth=MAX_ALPHABETA_DEPTH)
"""The CLI's and the Python API's ceiling: research budgets, with alpha-beta's recursion (one
Python frame per ply) far from Python's limit."""
WEB_CEILING = Ceiling(uct_iterations=1000, alphabeta_depth=4)
"""The play API's ceiling: the heaviest request answers in about a second on one core."""


def _positive(text: str) -> bool:
    """``text`` is a positive integer written plainly (no sign, no leading zero, at most 12 digits)."""
    return text.isdigit() and len(text) <= 12 and int(text) >= 1 and not (len(text) > 1 and text[0] == "0")


def parse_agent(spec: str | AgentSpec, ceiling: Ceiling = RESEARCH_CEILING) -> AgentSpec:
    """``"uct:200"`` -> AgentSpec("uct", 200); ``"uct:200:40"`` -> AgentSpec("uct", 200, depth=40);
    ValueError naming the spec if it is not one of AGENT_KINDS, or naming the ceiling if it asks for
    more than ``ceiling``."""
    if isinstance(spec, AgentSpec):
        return ceiling.check(spec)
    if not isinstance(spec, str):
        raise ValueError(f"unknown agent {spec!r}; agents: {', '.join(AGENT_KINDS)}")
    text = spec.strip().lower()
    kind, colon, rest = text.partition(":")
    if kind in ("random", "greedy") and not colon:
        return AgentSpec(kind)
    if kind in ("uct", "alphabeta") and colon:
        param, colon2, depth = rest.partition(":")
        if kind == "uct" and colon2:
            if _positive(param) and _positive(depth):
                return ceiling.check(AgentSpec(kind, int(param), int(depth)))
            raise ValueError(f"bad agent {spec!r}: uct:ITERATIONS:DEPTH needs a positive integer number of "
                             f"iterations and a positive integer playout depth (decisions), e.g. uct:200:40")
        if _positive(param) and not colon2:
            return ceiling.check(AgentSpec(kind, int(param)))
        what = "iterations" if kind == "uct" else "depth"
        raise ValueError(f"bad agent {spec!r}: {kind} needs a positive integer {what}, e.g. {kind}:{100 if kind == 'uct' else 3}")
    raise ValueError(f"unknown agent {spec!r}; agents: {', '.join(AGENT_KINDS)}")


def make_agent(spec: str | AgentSpec, seed: int = 0, ceiling: Ceiling = RESEARCH_CEILING) -> Agent:
    """The agent a spec names, seeded with ``seed``, within ``ceiling``."""
    return parse_agent(spec, ceiling).make(seed)
