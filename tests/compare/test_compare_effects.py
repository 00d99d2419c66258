"""Per-switch effects on a made-up factorial: the averaged difference and its normal interval."""

from __future__ import annotations

import itertools
import math

import pytest
from scipy.stats import norm

from engine.compare.effects import effects
from engine.compare.intervals import Interval

Z = norm.ppf(0.975)


def _factorial(value, half):
    """Variants of switches x (2 options), y (3 options); metric m = value(x, y) +/- half(x, y)."""
    factors = {"g.x": ["x0", "x1"], "g.y": ["y0", "y1", "y2"]}
    variants, metrics = [], []
    for x, y in itertools.product(*factors.values()):
        variants.append({"g.x": x, "g.y": y, "g.z": "fixed"})
        v, h = value(x, y), half(x, y)
        metrics.append({"m": Interval(v, v - h, v + h)})
    return variants, metrics, factors


def test_effect_is_the_difference_averaged_over_the_other_switches():
    vals = {("x0", "y0"): 1.0, ("x0", "y1"): 2.0, ("x0", "y2"): 4.0,
            ("x1", "y0"): 2.0, ("x1", "y1"): 2.5, ("x1", "y2"): 7.0}
    variants, metrics, factors = _factorial(lambda x, y: vals[(x, y)], lambda x, y: Z * 0.1)
    found = {(e.switch, e.option): e for e in effects(variants, metrics, factors, {"g.x": "x0", "g.y": "y0"})}
    assert set(found) == {("g.x", "x1"), ("g.y", "y1"), ("g.y", "y2")}  # each option vs the reference
    ex = found[("g.x", "x1")]
    assert ex.value == pytest.approx(((2 - 1) + (2.5 - 2) + (7 - 4)) / 3)
    assert ex.cells == 3 and ex.reference == "x0"
    se = math.sqrt(3 * (0.1**2 + 0.1**2)) / 3  # every variant's se is 0.1
    assert (ex.low, ex.high) == pytest.approx((ex.value - Z * se, ex.value + Z * se))
    ey2 = found[("g.y", "y2")]
    assert ey2.value == pytest.approx(((4 - 1) + (7 - 2)) / 2)
    assert (ey2.high - ey2.low) / 2 == pytest.approx(Z * math.sqrt(2 * 0.02) / 2)
    # ranked by size within the measure
    assert [e.rank for e in sorted(found.values(), key=lambda e: -abs(e.value))] == [1, 2, 3]
    assert found[("g.y", "y2")].rank == 1


def test_the_reference_can_be_any_option():
    variants, metrics, factors = _factorial(lambda x, y: {"y0": 0.0, "y1": 1.0, "y2": 3.0}[y], lambda x, y: 0.0)
    found = {e.option: e.value for e in effects(variants, metrics, factors, {"g.x": "x1", "g.y": "y1"})
             if e.switch == "g.y"}
    assert found == {"y0": pytest.approx(-1.0), "y2": pytest.approx(2.0)}


def test_a_missing_interval_gives_no_effect_for_that_measure():
    variants, metrics, factors = _factorial(lambda x, y: 1.0, lambda x, y: 0.1)
    metrics[4] = {"m": Interval(1.0, None, None)}  # variant (x1, y1)
    found = effects(variants, metrics, factors, {"g.x": "x0", "g.y": "y0"})
    assert [(e.switch, e.option) for e in found] == [("g.y", "y2")]  # the only one not needing (x1, y1)


def test_effects_need_a_full_factorial():
    variants, metrics, factors = _factorial(lambda x, y: 1.0, lambda x, y: 0.1)
    with pytest.raises(ValueError, match="full factorial"):
        effects(variants[:-1], metrics[:-1], factors, {"g.x": "x0", "g.y": "y0"})
    with pytest.raises(ValueError, match="twice"):
        effects(variants + variants[:1], metrics + metrics[:1], factors, {"g.x": "x0", "g.y": "y0"})
    with pytest.raises(ValueError, match="reference option"):
        effects(variants, metrics, factors, {"g.x": "x9", "g.y": "y0"})
