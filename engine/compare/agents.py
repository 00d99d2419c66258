"""The comparator's agents, where the site's play API looks for them: a re-export of engine.agents.

``make_agent("greedy" | "uct:ITERATIONS" | "alphabeta:DEPTH" | "random", seed)``; see
:mod:`engine.agents` for what each agent does.
"""

from __future__ import annotations

from engine.agents import (AGENT_KINDS, AgentSpec, AlphaBetaAgent, GreedyAgent, RandomAgent, UCTAgent, make_agent,
                           parse_agent)

__all__ = ["AGENT_KINDS", "AgentSpec", "AlphaBetaAgent", "GreedyAgent", "RandomAgent", "UCTAgent", "make_agent",
           "parse_agent"]
