"""Intervals against scipy called directly: Wilson, bootstrap (the same resamples), the median's."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from engine.compare.intervals import bootstrap_batch, median_interval, median_ranks, wilson
from engine.compare.measures import _BOOT, _derive, game_columns


@pytest.mark.parametrize(("k", "n"), [(0, 10), (3, 10), (10, 10), (512, 1000), (1, 2)])
def test_wilson_is_scipys(k, n):
    ci = stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    iv = wilson(k, n)
    assert (iv.value, iv.low, iv.high) == (k / n, ci.low, ci.high)


@pytest.mark.parametrize(("k", "n"), [(-1, 10), (11, 10), (0, 0), (1.5, 3)])
def test_wilson_refuses_impossible_counts(k, n):
    with pytest.raises(ValueError):
        wilson(k, n)


def test_bootstrap_of_a_mean_is_scipys_with_the_same_generator():
    x = np.random.default_rng(3).integers(0, 200, (4, 300, 1)).astype(float)
    value, low, high = bootstrap_batch(x, lambda m, n: m, n_resamples=999, seed=11)
    for v in range(4):
        res = stats.bootstrap((x[v, :, 0],), np.mean, n_resamples=999, method="percentile",
                              rng=np.random.default_rng(11))
        assert value[v, 0] == pytest.approx(x[v, :, 0].mean(), rel=1e-12)
        assert low[v, 0] == pytest.approx(res.confidence_interval.low, rel=1e-12)
        assert high[v, 0] == pytest.approx(res.confidence_interval.high, rel=1e-12)


def test_every_bootstrap_measure_matches_scipy_on_the_raw_statistic(hand_rows):
    """sd, balance and outcome uniformity too: the same resamples through scipy with plain numpy
    statistics on the per-game values."""
    rng = np.random.default_rng(5)
    rows = hand_rows[rng.integers(0, len(hand_rows), 200)]
    cols = game_columns(rows)
    value, low, high = bootstrap_batch(cols[None], _derive, n_resamples=499, seed=2)
    turns, adv, u = cols[:, 3], cols[:, 0], cols[:, 1]
    plain = {
        "duration_turns_sd": (turns, lambda x, axis: np.std(x, axis=axis, ddof=1)),
        "balance": (adv, lambda x, axis: 1 - np.abs(np.mean(x, axis=axis) - np.mean(1 - x, axis=axis))),
        "outcome_uniformity": (u, lambda x, axis: 1 - np.var(x, axis=axis)),
        "duration_turns": (turns, np.mean),
    }
    for key, (data, statistic) in plain.items():
        b = _BOOT.index(key)
        res = stats.bootstrap((data,), statistic, n_resamples=499, method="percentile", rng=np.random.default_rng(2))
        assert value[0, b] == pytest.approx(statistic(data, axis=-1), rel=1e-9), key
        assert low[0, b] == pytest.approx(res.confidence_interval.low, rel=1e-9, abs=1e-12), key
        assert high[0, b] == pytest.approx(res.confidence_interval.high, rel=1e-9, abs=1e-12), key


def test_bca_goes_through_scipy_too():
    x = np.random.default_rng(4).exponential(10, (1, 200, 1))
    _, low, high = bootstrap_batch(x, lambda m, n: m, n_resamples=499, seed=1, method="BCa")
    res = stats.bootstrap((x[0, :, 0],), np.mean, n_resamples=499, method="BCa", rng=np.random.default_rng(1))
    assert low[0, 0] == pytest.approx(res.confidence_interval.low, rel=1e-9)
    assert high[0, 0] == pytest.approx(res.confidence_interval.high, rel=1e-9)


def test_bootstrap_refuses_bad_shapes():
    with pytest.raises(ValueError, match="variants, games, columns"):
        bootstrap_batch(np.zeros((3, 4)), lambda m, n: m)
    with pytest.raises(ValueError, match="at least 2 games"):
        bootstrap_batch(np.zeros((1, 1, 2)), lambda m, n: m)
    with pytest.raises(ValueError, match="n_resamples"):
        bootstrap_batch(np.zeros((1, 5, 2)), lambda m, n: m, n_resamples=0)


@pytest.mark.parametrize("n", [7, 50, 1000, 1001])
def test_median_interval_is_scipys_quantile_test(n):
    x = np.random.default_rng(n).integers(5, 400, n)
    ci = stats.quantile_test(x, q=np.median(x), p=0.5).confidence_interval(0.95)
    iv = median_interval(x)
    assert iv.value == np.median(x)
    assert (iv.low, iv.high) == (float(ci.low), float(ci.high))


def test_median_interval_is_absent_for_too_few_values():
    assert median_ranks(3) is None
    iv = median_interval(np.array([3, 1, 2]))
    assert iv.value == 2 and iv.low is None and iv.high is None
