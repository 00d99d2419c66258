"""Agents that choose moves, all deterministic given their seed, and the agent specs of the comparator.

``RandomAgent(seed)`` draws uniformly among ``state.legal_moves()`` (sorted) with the engine's
generator on the agent stream, exactly as the compiled playout loop does; so self-play of a game
seeded ``s`` with ``RandomAgent(s)`` on both sides is the same game as playout ``s`` of
``engine.playout``.

The other agents see a game only through :class:`engine.game.Rules` (legal moves, apply,
``evaluate``, ``rollouts``), so they play every game of ``engine.games.GAMES``:

- ``GreedyAgent``: the move whose resulting position ``Rules.evaluate`` rates best for the mover
  (the largest immediate gain), ties broken at random.
- ``AlphaBetaAgent``: minimax with alpha-beta pruning to a fixed depth in plies (decisions), leaves
  rated by ``Rules.evaluate`` from the root mover's point of view; the player to move decides
  whether a node maximises, so games where a player moves twice running are searched correctly.
  Depth 1 chooses among exactly the moves greedy chooses among.
- ``UCTAgent``: Monte Carlo tree search (UCT, UCB1 with c = sqrt 2) with an iteration budget;
  each new leaf is rated by one random playout to the end in compiled code (``Rules.rollouts``).
  A win counts 1, a loss 0, anything else (draw, endless, stopped by a limit) 1/2.

Agent specs (``random``, ``greedy``, ``uct:ITERATIONS``, ``alphabeta:DEPTH``) are parsed by
:func:`parse_agent` and made by :func:`make_agent`, within a :class:`Ceiling`: the CLI and the
Python API keep research budgets (:data:`RESEARCH_CEILING`), the web API a small one
(:data:`WEB_CEILING`). A search's memory is bounded too: a UCT tree stops growing at
``MAX_TREE_NODES`` nodes (later iterations still play out from its leaves), and alpha-beta's
recursion is never deeper than its ceiling. An agent whose ``deadline`` (a ``time.monotonic()``
value) passes mid-search raises TimeoutError.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from engine.game import State
from engine.result import ONGOING, OVER
from engine.rng import AGENT_STREAM, batch_seed, new_rng, rng_below, rng_next


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


class AlphaBetaAgent(_Seeded):
    """Minimax with alpha-beta pruning to ``depth`` plies, leaves rated by ``Rules.evaluate``."""

    def __init__(self, depth: int, seed: int = 0) -> None:
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
            raise ValueError(f"alpha-beta depth must be a positive integer, not {depth!r}")
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


class _Node:
    """A node of the UCT tree: a position, its untried moves, its children and its statistics."""

    __slots__ = ("st", "mover", "untried", "children", "visits", "reward", "move", "terminal")

    def __init__(self, st: np.ndarray, rules: Any, move: int) -> None:
        self.st = st
        self.move = move
        self.terminal = rules.status(st) != ONGOING
        self.mover = 0 if self.terminal else rules.to_move(st)
        self.untried = [] if self.terminal else rules.legal_moves(st)
        self.children: list[_Node] = []
        self.visits = 0
        self.reward = 0.0
        """Sum of the rewards of the player who moved into this node."""


def _rewards(status: int, s1: int, s2: int) -> tuple[float, float]:
    """The two players' rewards for a game that ended so: win 1, loss 0, anything else 1/2."""
    if status == OVER and s1 != s2:
        return (1.0, 0.0) if s1 > s2 else (0.0, 1.0)
    return 0.5, 0.5


MAX_TREE_NODES = 250_000
"""The most nodes a UCT tree holds (each keeps a position: a few hundred bytes to a few KB)."""


class UCTAgent(_Seeded):
    """Monte Carlo tree search (UCT) with ``iterations`` iterations per move and compiled random
    playouts; the tree stops growing at ``max_nodes`` nodes."""

    def __init__(self, iterations: int, seed: int = 0, exploration: float = math.sqrt(2),
                 max_nodes: int = MAX_TREE_NODES) -> None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise ValueError(f"UCT iterations must be a positive integer, not {iterations!r}")
        super().__init__(seed)
        self.iterations = iterations
        self.exploration = exploration
        self.max_nodes = max_nodes

    def choose(self, state: State) -> int:
        moves = _legal(state)
        if len(moves) == 1:
            return moves[0]
        rules, params = state.rules, state.game.params
        root = _Node(state.raw(), rules, -1)
        base = int(rng_next(self._rng) >> np.uint64(1))
        c = self.exploration
        nodes = 1
        for i in range(self.iterations):
            if i % 256 == 255:
                self._check_deadline()
            path = [root]
            node = root
            # selection: descend through fully expanded nodes by UCB1
            while not node.untried and node.children:
                log_n = math.log(node.visits)
                best, best_score = node.children[0], -math.inf
                for ch in node.children:
                    score = ch.reward / ch.visits + c * math.sqrt(log_n / ch.visits)
                    if score > best_score:
                        best, best_score = ch, score
                node = best
                path.append(node)
            # expansion: one untried move, drawn at random
            if node.untried and nodes < self.max_nodes:
                nodes += 1
                k = int(rng_below(self._rng, np.int64(len(node.untried))))
                m = node.untried.pop(k)
                st = node.st.copy()
                rules.apply(params, st, m)
                child = _Node(st, rules, m)
                node.children.append(child)
                node = child
                path.append(node)
            # simulation: one compiled random playout from the leaf
            if node.terminal:
                s1, s2 = rules.scores(params, node.st)
                r = _rewards(rules.status(node.st), s1, s2)
            else:
                out = rules.rollouts(params, node.st, batch_seed(base, i), 1)
                r = _rewards(int(out[0, 0]), int(out[0, 1]), int(out[0, 2]))
            # backpropagation: each node scores the reward of the player who moved into it
            for parent, ch in zip(path, path[1:]):
                ch.visits += 1
                ch.reward += r[parent.mover - 1]
            root.visits += 1
        best = max(root.children, key=lambda ch: (ch.visits, ch.reward / ch.visits, -ch.move))
        return best.move


@dataclass(frozen=True)
class AgentSpec:
    """A parsed agent spec: ``kind`` is random, greedy, uct or alphabeta; ``param`` its number."""

    kind: str
    param: int | None = None

    def __str__(self) -> str:
        return self.kind if self.param is None else f"{self.kind}:{self.param}"

    def make(self, seed: int) -> Agent:
        """The agent, seeded."""
        if self.kind == "random":
            return RandomAgent(seed)
        if self.kind == "greedy":
            return GreedyAgent(seed)
        if self.kind == "uct":
            return UCTAgent(int(self.param), seed)  # type: ignore[arg-type]
        return AlphaBetaAgent(int(self.param), seed)  # type: ignore[arg-type]


AGENT_KINDS = ("random", "greedy", "uct:ITERATIONS", "alphabeta:DEPTH")
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


RESEARCH_CEILING = Ceiling(uct_iterations=10_000_000, alphabeta_depth=64)
"""The CLI's and the Python API's ceiling: research budgets, with alpha-beta's recursion (one
Python frame per ply) far from Python's limit."""
WEB_CEILING = Ceiling(uct_iterations=1000, alphabeta_depth=4)
"""The play API's ceiling: the heaviest request answers in about a second on one core."""


def parse_agent(spec: str | AgentSpec, ceiling: Ceiling = RESEARCH_CEILING) -> AgentSpec:
    """``"uct:200"`` -> AgentSpec("uct", 200); ValueError naming the spec if it is not one of
    AGENT_KINDS, or naming the ceiling if it asks for more than ``ceiling``."""
    if isinstance(spec, AgentSpec):
        return ceiling.check(spec)
    if not isinstance(spec, str):
        raise ValueError(f"unknown agent {spec!r}; agents: {', '.join(AGENT_KINDS)}")
    text = spec.strip().lower()
    kind, colon, param = text.partition(":")
    if kind in ("random", "greedy") and not colon:
        return AgentSpec(kind)
    if kind in ("uct", "alphabeta") and colon:
        if param.isdigit() and len(param) <= 12 and int(param) >= 1 and not (len(param) > 1 and param[0] == "0"):
            return ceiling.check(AgentSpec(kind, int(param)))
        what = "iterations" if kind == "uct" else "depth"
        raise ValueError(f"bad agent {spec!r}: {kind} needs a positive integer {what}, e.g. {kind}:{100 if kind == 'uct' else 3}")
    raise ValueError(f"unknown agent {spec!r}; agents: {', '.join(AGENT_KINDS)}")


def make_agent(spec: str | AgentSpec, seed: int = 0, ceiling: Ceiling = RESEARCH_CEILING) -> Agent:
    """The agent a spec names, seeded with ``seed``, within ``ceiling``."""
    return parse_agent(spec, ceiling).make(seed)
