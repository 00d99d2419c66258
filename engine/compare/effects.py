"""Per-switch effects over a factorial sweep: what changing one disputed point does to each measure.

In a full factorial over switches F (every combination of their options, the other switches held
at the base ruleset's values), the effect of option ``o`` of switch ``s`` on a measure is the
difference between the variants with ``s = o`` and those with ``s = r`` (the reference option:
the base ruleset's value of ``s``), averaged over the combinations of the other switches of F:

    effect = (1 / R) * sum over c of [m(o, c) - m(r, c)]        (R combinations c)

For a switch of three or more options, each non-reference option is compared with the reference.

**Interval** (95%, normal approximation): the variants are independent samples (each has its own
seeds), so the variance of the effect is (1 / R^2) * sum over c of [se(o, c)^2 + se(r, c)^2]. A
variant's standard error se is read off its 95% interval as half its width divided by
z = scipy.stats.norm.ppf(0.975): for the bootstrap intervals of means (near-normal at hundreds of
games) that is the bootstrap standard error; for Wilson intervals and the median's order-statistic
interval it is the matching spread on the normal scale (and it stays positive for a rate of 0 or
1, where the binomial standard error would vanish). The interval is effect +/- z * sqrt(variance).
A measure a variant lacks (no interval) gives no effect for that measure.

Effects are ranked within each measure by their absolute size (rank 1: the largest).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import product

import numpy as np
from scipy.stats import norm

from engine.compare.intervals import CONFIDENCE, Interval


@dataclass(frozen=True)
class Effect:
    """The effect of one option of a switch (vs its reference option) on one measure."""

    switch: str
    option: str
    reference: str
    measure: str
    value: float
    low: float
    high: float
    cells: int
    """R: the combinations of the other switches the difference is averaged over."""
    rank: int = 0

    def to_dict(self) -> dict[str, object]:
        return dict(self.__dict__)


def effects(
    variants: Sequence[Mapping[str, str]],
    metrics: Sequence[Mapping[str, Interval]],
    factors: Mapping[str, Sequence[str]],
    reference: Mapping[str, str],
) -> list[Effect]:
    """The effects of each switch of ``factors`` (switch -> its options, all played) on each measure.

    ``variants[i]`` (switch values) was measured as ``metrics[i]``; the variants must hold every
    combination of the factors' options exactly once (else ValueError). ``reference[s]`` is the
    option the others are compared with. Sorted by measure (in the order of the metrics), then
    by rank.
    """
    if len(variants) != len(metrics):
        raise ValueError("one set of metrics per variant")
    names = list(factors)
    index: dict[tuple[str, ...], int] = {}
    for i, v in enumerate(variants):
        key = tuple(v[s] for s in names)
        if key in index:
            raise ValueError(f"the sweep holds the combination {dict(zip(names, key))} twice")
        index[key] = i
    expected = set(product(*(factors[s] for s in names)))
    if set(index) != expected:
        raise ValueError("per-switch effects need a full factorial: every combination of the chosen switches")
    for s in names:
        if reference.get(s) not in factors[s]:
            raise ValueError(f"reference option {reference.get(s)!r} of {s!r} is not among {list(factors[s])}")
    z = float(norm.ppf(0.5 + CONFIDENCE / 2))
    shape = tuple(len(factors[s]) for s in names)
    order = [index[key] for key in product(*(factors[s] for s in names))]  # C order over the factors
    measures = list(metrics[0]) if metrics else []
    out: list[Effect] = []
    for measure in measures:
        vals = np.array([_num(metrics[i][measure].value) for i in order], dtype=float).reshape(shape)
        half = np.array([_num(metrics[i][measure].half_width) for i in order], dtype=float).reshape(shape)
        se2 = (half / z) ** 2
        found: list[Effect] = []
        for k, s in enumerate(names):
            opts = list(factors[s])
            r = opts.index(reference[s])
            for j, option in enumerate(opts):
                if j == r:
                    continue
                diff = np.take(vals, j, axis=k) - np.take(vals, r, axis=k)
                var = np.take(se2, j, axis=k) + np.take(se2, r, axis=k)
                if not (np.all(np.isfinite(diff)) and np.all(np.isfinite(var))):
                    continue
                cells = diff.size
                value = float(diff.mean())
                se = float(np.sqrt(var.sum())) / cells
                found.append(Effect(s, option, reference[s], measure, value, value - z * se, value + z * se, cells))
        found.sort(key=lambda e: (-abs(e.value), e.switch, e.option))
        out.extend(Effect(**{**e.__dict__, "rank": i + 1}) for i, e in enumerate(found))
    return out


def _num(x: float | None) -> float:
    return math.nan if x is None else float(x)
