"""The skill trace of a reading: does the player who thinks twice as long win more often?

The Digital Ludeme Project's SkillTrace (Ludii, ``Evaluation/src/metrics/designer/SkillTrace.java``,
by Stephenson and Soemers) plays UCT against UCT with twice the iterations, over a ladder of doubling
budgets, seats alternating, and sums the ladder up in one figure. Variorum does the same, with three
stated departures:

- a budget is ``uct:N`` iterations per decision, not Ludii's N times the number of legal moves at the
  start (so that the ladder is the same for every reading of a game);
- the ladder starts where the caller says (Ludii starts at 2 against 4, 8 levels, 30 games a level);
- every level's result and the summary get a 95% bootstrap interval (resamples of whole games,
  drawn within each level, scipy.stats.bootstrap); Ludii reports the point value only.

**The figure.** Level k (k = 0 .. K-1) pits ``uct:2N_k`` (the strong agent) against ``uct:N_k``,
``N_k = N_0 * 2**k``. Its result y_k is the strong agent's mean utility (win 1, loss -1, anything
else 0), in [-1, 1]. As in Ludii: a least-squares line through (k, y_k) predicts y at k = K + 1,
clamped to [0, 1]; call it p. The area is the sum over levels of max(y_k, 0), and

    skill = p + (1 - p) * area / K,

in [0, 1]: 0 when more thought never helps, near 1 when the stronger player keeps winning. The win
rate of each level, (y_k + 1) / 2 (a draw counting one half), is what the tables show.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import stats

from engine.compare.intervals import CONFIDENCE, DEFAULT_RESAMPLES, Interval
from engine.compare.measures import SEAT_A
from engine import stats as S


def strong_utilities(rows: np.ndarray) -> np.ndarray:
    """Per game of a pairing (agent A the strong one): A's utility, 1 win, -1 loss, 0 otherwise."""
    rows = np.asarray(rows)
    if rows.ndim != 2 or rows.shape[1] <= SEAT_A:
        raise ValueError("pairing rows need the comparator's SEAT_A column")
    seat, winner = rows[:, SEAT_A], rows[:, S.WINNER]
    if np.any(seat == 0):
        raise ValueError("these rows are self-play (no seat of agent A), not a pairing")
    return np.where(winner == 0, 0, np.where(winner == seat, 1, -1)).astype(np.float64)


def skill_value(levels: Sequence[np.ndarray]) -> float:
    """Ludii's skill-trace figure from the strong agent's per-game utilities of each level (see the
    module docstring)."""
    if len(levels) == 0:
        raise ValueError("a skill trace needs at least one level")
    return float(_skill_statistic(*(np.asarray(u, dtype=np.float64) for u in levels)))


def _skill_statistic(*samples: np.ndarray, axis: int = -1) -> np.ndarray:
    """The figure from each level's utilities, ``(..., games)`` each (vectorised over leading axes, for
    the bootstrap): the least-squares line through (k, y_k) predicts y at k = K + 1."""
    y = np.stack([np.mean(s, axis=axis) for s in samples], axis=-1)  # (..., K)
    k = y.shape[-1]
    if k == 1:
        predicted = y[..., 0]
    else:
        x = np.arange(k, dtype=np.float64)
        xc = x - x.mean()
        slope = (y * xc).sum(axis=-1) / (xc * xc).sum()
        intercept = y.mean(axis=-1) - slope * x.mean()
        predicted = intercept + slope * (k + 1)
    p = np.clip(predicted, 0.0, 1.0)
    area = np.maximum(y, 0.0).sum(axis=-1)
    return p + (1 - p) * area / k


@dataclass(frozen=True)
class SkillLevel:
    """One rung of the ladder: ``uct:strong`` against ``uct:weak`` (``uct:N:depth`` when the
    playouts are cut after ``depth`` moves), the strong agent's win rate."""

    weak: int
    strong: int
    games: int
    win_rate: Interval
    depth: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"weak": rung_name(self.weak, self.depth), "strong": rung_name(self.strong, self.depth),
                "games": self.games, "win_rate": self.win_rate.to_dict()}


def rung_name(iterations: int, depth: int | None = None) -> str:
    """The spec of one side of a rung: ``uct:ITERATIONS``, or ``uct:ITERATIONS:DEPTH`` for cut playouts."""
    return f"uct:{iterations}" if depth is None else f"uct:{iterations}:{depth}"


@dataclass(frozen=True)
class SkillTrace:
    """A reading's ladder and its one-figure summary (``value``, with its 95% interval)."""

    levels: tuple[SkillLevel, ...]
    value: Interval

    def to_dict(self) -> dict[str, Any]:
        return {**self.value.to_dict(), "levels": [lv.to_dict() for lv in self.levels]}


def _interval(statistic, samples: Sequence[np.ndarray], n_resamples: int, seed: int) -> Interval:
    """``statistic`` of ``samples`` with its percentile bootstrap 95% interval (None with fewer than
    2 games in a sample; the point itself when no resample can differ)."""
    value = float(statistic(*samples))
    if any(len(s) < 2 for s in samples):
        return Interval(value, None, None)
    if all(np.all(s == s[0]) for s in samples):
        return Interval(value, value, value)
    res = stats.bootstrap(tuple(samples), statistic, n_resamples=n_resamples, vectorized=True, axis=-1,
                          confidence_level=CONFIDENCE, method="percentile", rng=np.random.default_rng(seed))
    return Interval(value, float(res.confidence_interval.low), float(res.confidence_interval.high))


def trace(level_rows: Sequence[np.ndarray], ladder: Sequence[int], *, n_resamples: int = DEFAULT_RESAMPLES,
          seed: int = 0, depth: int | None = None) -> SkillTrace:
    """The skill trace from the rows of each level's pairing (agent A = ``uct:2N``, B = ``uct:N``,
    ``N`` from ``ladder``, playouts cut after ``depth`` moves if given), with bootstrap intervals
    seeded by ``seed``."""
    if len(level_rows) != len(ladder) or not ladder:
        raise ValueError("one array of rows per rung of the ladder, and at least one rung")
    utils = [strong_utilities(r) for r in level_rows]

    def win_rate(u: np.ndarray, axis: int = -1) -> np.ndarray:
        return (np.mean(u, axis=axis) + 1) / 2

    levels = tuple(
        SkillLevel(int(n), 2 * int(n), len(u), _interval(win_rate, [u], n_resamples, seed + i), depth)
        for i, (n, u) in enumerate(zip(ladder, utils))
    )
    return SkillTrace(levels, _interval(_skill_statistic, utils, n_resamples, seed))


def ladder(start: int, levels: int) -> list[int]:
    """The weak agent's iterations at each rung: ``start``, ``2 start``, ``4 start`` ..."""
    for name, v in (("start", start), ("levels", levels)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 1:
            raise ValueError(f"the skill ladder's {name} must be a positive integer, not {v!r}")
    return [int(start) << k for k in range(int(levels))]
