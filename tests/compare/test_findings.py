"""Findings of a comparison: only differences beyond the intervals *and* past the measure's practical
threshold, led by what a historian would act on, in plain words."""

from __future__ import annotations

from engine.compare.findings import FINDING_ORDER, comparison_findings, effect_findings
from engine.compare.measures import BY_KEY


def _v(name: str, **metrics: tuple[float, float, float]) -> dict:
    return {"name": name, "metrics": {k: {"value": v, "low": lo, "high": hi} for k, (v, lo, hi) in metrics.items()}}


def test_a_gap_beyond_the_intervals_but_under_the_threshold_is_no_finding() -> None:
    # The front page once led with "drawishness 0.024 under mancalagames and 0.052 under ludii".
    variants = [_v("mancalagames", drawishness=(0.024, 0.018, 0.032), outcome_uniformity=(0.1, 0.09, 0.11)),
                _v("ludii", drawishness=(0.052, 0.043, 0.062), outcome_uniformity=(0.5, 0.49, 0.51))]
    assert comparison_findings(variants) == []


def test_findings_lead_with_completion_in_plain_words() -> None:
    variants = [_v("sources", completion=(0.12, 0.10, 0.14), duration_turns=(300, 290, 310),
                   advantage_p1=(0.50, 0.48, 0.52)),
                _v("ludii", completion=(0.98, 0.97, 0.99), duration_turns=(60, 58, 62),
                   advantage_p1=(0.52, 0.50, 0.54))]
    found = comparison_findings(variants)
    assert [f["key"] for f in found] == ["completion", "duration_turns"]  # advantage: within the threshold
    first = found[0]["sentence"]
    assert first.startswith("Games that end with a winner: 98% [97%, 99%] under ludii against 12% [10%, 14%] under sources")
    assert "10 percentage points" in first
    assert found[0]["high"]["name"] == "ludii" and found[0]["low"]["name"] == "sources"


def test_overlapping_intervals_are_no_finding_however_large_the_gap() -> None:
    variants = [_v("a", completion=(0.3, 0.05, 0.7)), _v("b", completion=(0.6, 0.2, 0.9))]
    assert comparison_findings(variants) == []


def test_effects_need_an_interval_off_zero_and_the_threshold() -> None:
    effects = [
        {"switch": "relay", "option": "next-hole", "reference": "last-hole", "measure": "outcome_uniformity",
         "value": 0.4, "low": 0.3, "high": 0.5},  # not a finding measure
        {"switch": "relay", "option": "next-hole", "reference": "last-hole", "measure": "drawishness",
         "value": 0.03, "low": 0.02, "high": 0.04},  # under 10 points
        {"switch": "relay", "option": "next-hole", "reference": "last-hole", "measure": "duration_turns",
         "value": -30.0, "low": -35.0, "high": -25.0},  # 30 turns on a mean of 100: past 25%
        {"switch": "end", "option": "x", "reference": "y", "measure": "completion",
         "value": 0.2, "low": -0.01, "high": 0.4},  # interval through 0
        {"switch": "end", "option": "x", "reference": "y", "measure": "completion",
         "value": -0.2, "low": -0.3, "high": -0.1},
    ]
    found = effect_findings(effects, {"duration_turns": 100.0, "completion": 0.5})
    assert [(e["switch"], e["measure"]) for e in found] == [("end", "completion"), ("relay", "duration_turns")]


def test_every_finding_measure_states_a_threshold() -> None:
    for key in FINDING_ORDER:
        assert BY_KEY[key].practical is not None and BY_KEY[key].plain, key
