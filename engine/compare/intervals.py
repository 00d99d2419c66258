"""95% intervals, all computed by scipy: Wilson for rates, bootstrap for means, order statistics for medians.

- :func:`wilson`: ``scipy.stats.binomtest(k, n).proportion_ci(method="wilson")``.
- :func:`bootstrap_batch`: one ``scipy.stats.bootstrap`` call for many per-game measures of many
  variants at once. scipy draws the resamples (``n_resamples`` rows of ``n`` game indices) and
  takes the percentiles; the statistic it is given turns a resample of game indices into the
  number of times each game was drawn and multiplies that count matrix by the per-game values of
  every variant (one matrix product), instead of gathering a ``(measures, resamples, games)``
  array per variant. The resamples depend only on the seed and ``n``, so a variant's interval
  does not depend on which variants share its batch; they are the same resamples scipy would draw
  for ``scipy.stats.bootstrap((x,), np.mean, rng=seed)`` (a test holds the two equal).
- :func:`median_interval`: the distribution-free interval of ``scipy.stats.quantile_test``
  (order statistics of a binomial). Its ranks depend only on ``n``; scipy finds them once on
  ``0 .. n-1`` and they are read off each variant's sorted values (a test holds this equal to
  calling ``quantile_test`` on the values).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from scipy import stats

CONFIDENCE = 0.95
"""The confidence level of every interval."""

DEFAULT_RESAMPLES = 999
"""Bootstrap resamples per interval unless told otherwise."""


@dataclass(frozen=True)
class Interval:
    """A measure's point value and its 95% interval (low/high None where it cannot be computed)."""

    value: float | None
    low: float | None
    high: float | None

    def to_dict(self) -> dict[str, float | None]:
        return {"value": self.value, "low": self.low, "high": self.high}

    @property
    def half_width(self) -> float | None:
        if self.low is None or self.high is None:
            return None
        return (self.high - self.low) / 2


@lru_cache(maxsize=65536)
def wilson(k: int, n: int) -> Interval:
    """The share ``k / n`` with its Wilson 95% interval (scipy)."""
    if isinstance(n, bool) or int(n) != n or n < 1:
        raise ValueError(f"a rate needs at least one game, not n={n!r}")
    if int(k) != k or not 0 <= k <= n:
        raise ValueError(f"a rate's count must lie in 0..{n}, not {k!r}")
    ci = stats.binomtest(int(k), int(n)).proportion_ci(confidence_level=CONFIDENCE, method="wilson")
    return Interval(k / n, float(ci.low), float(ci.high))


@lru_cache(maxsize=256)
def median_ranks(n: int) -> tuple[int, int] | None:
    """The 0-based ranks of the sorted sample that bound the median's 95% interval for ``n`` values
    (scipy.stats.quantile_test on 0..n-1), or None when ``n`` is too small for one."""
    ci = stats.quantile_test(np.arange(n), q=(n - 1) / 2, p=0.5).confidence_interval(CONFIDENCE)
    if not (np.isfinite(ci.low) and np.isfinite(ci.high)):
        return None
    return int(ci.low), int(ci.high)


def median_interval(values: np.ndarray) -> Interval:
    """The median of ``values`` with the order-statistic 95% interval of scipy.stats.quantile_test."""
    x = np.sort(np.asarray(values))
    if x.ndim != 1 or len(x) < 1:
        raise ValueError("a median needs a non-empty one-dimensional sample")
    ranks = median_ranks(len(x))
    value = float(np.median(x))
    if ranks is None:
        return Interval(value, None, None)
    return Interval(value, float(x[ranks[0]]), float(x[ranks[1]]))


Derive = Callable[[np.ndarray, int], np.ndarray]
"""``derive(means, n)``: from the means of the per-game columns, ``(..., columns)``, of resamples of
``n`` games, the measures, ``(..., measures)``."""


def bootstrap_batch(
    columns: np.ndarray,
    derive: Derive,
    *,
    n_resamples: int = DEFAULT_RESAMPLES,
    seed: int = 0,
    method: str = "percentile",
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Point values and bootstrap 95% intervals of measures of many variants at once.

    ``columns``: per-game values, shape ``(variants, games, columns)``; every variant has the same
    number of games (resampled together: game indices are drawn once per resample and apply to
    every variant and column). ``derive`` turns column means into measures. Returns ``value``,
    ``low`` and ``high``, each ``(variants, measures)``. ``method`` is scipy's (percentile, basic
    or BCa); ``seed`` seeds scipy's generator.
    """
    cols = np.asarray(columns, dtype=np.float64)
    if cols.ndim != 3:
        raise ValueError(f"columns must be (variants, games, columns), not shape {cols.shape}")
    v, n, c = cols.shape
    if n < 2:
        raise ValueError(f"a bootstrap interval needs at least 2 games, not {n}")
    if isinstance(n_resamples, bool) or not isinstance(n_resamples, (int, np.integer)) or n_resamples < 1:
        raise ValueError(f"n_resamples must be a positive integer, not {n_resamples!r}")
    flat = cols.transpose(1, 0, 2).reshape(n, v * c)  # games x (variant, column)

    def statistic(idx: np.ndarray, axis: int = -1) -> np.ndarray:
        idx = np.asarray(idx)
        lead = idx.shape[:-1]
        m = idx.shape[-1]
        rows = idx.reshape(-1, m)
        r = rows.shape[0]
        counts = np.bincount((rows + (np.arange(r) * n)[:, None]).ravel(), minlength=r * n).reshape(r, n)
        means = (counts @ flat) / m  # (r, v * c)
        out = derive(means.reshape(r, v, c), m)  # (r, v, measures)
        out = np.moveaxis(out, 0, -1)  # (v, measures, r)
        return out.reshape(out.shape[:-1] + lead)

    res = stats.bootstrap(
        (np.arange(n),), statistic, n_resamples=int(n_resamples), vectorized=True, axis=-1,
        confidence_level=CONFIDENCE, method=method, rng=np.random.default_rng(seed),
    )
    value = statistic(np.arange(n))
    return value, np.asarray(res.confidence_interval.low), np.asarray(res.confidence_interval.high)
