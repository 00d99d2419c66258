"""The variant comparator: play a game's readings, measure them as the Digital Ludeme Project does,
with 95% intervals, and estimate what each disputed point changes.

- :func:`compare` (engine.compare.comparison): rulesets or a factorial of switches, played by
  agents (engine.agents) in cells (engine.compare.sweep: serial, loky or Dask, resumable),
  measured (engine.compare.measures, engine.compare.intervals), with per-switch effects
  (engine.compare.effects).
- :func:`diverge` (engine.compare.divergence): the first move where two readings part.
- engine.compare.results: the results database (site/results.db); engine.compare.plot: charts.
"""

from __future__ import annotations

from engine.compare.comparison import Comparison, Plan, compare, plan
from engine.compare.divergence import Divergence, diverge
from engine.compare.measures import MEASURES

__all__ = ["MEASURES", "Comparison", "Divergence", "Plan", "compare", "diverge", "plan"]
