"""The findings of a saved assessment in a few sentences, each derived from its figures.

:func:`findings` reads the JSON of an assessment (``variorum assess --json``, or
engine.compare.results.load_assessment, as the game page has it) and says, with the figures and
their 95% intervals:

- ``criteria``: which evaluated readings meet every plausibility criterion under agent play (or
  the most any meets, and which criteria fail);
- ``completion``: where agent play and random play disagree most about finishing a game (and
  whether the two intervals overlap), and under which readings neither finishes most games;
- ``duration``: where they differ most in the length of a game (as a ratio of mean turns);
- ``first_player``: the first mover's score under agent play, reading by reading, and under
  which readings its interval lies above or below one half;
- ``skill``: the skill trace's figure, highest and lowest, and on the ladder's last rung whether
  the stronger agent wins more than half beyond its interval.

A sentence states only what the figures show: "beyond the intervals" when they do not overlap,
"may be chance" when they do. Change a figure and the sentence changes with it.

:func:`comparison_findings` does the same for a comparison of readings (the front page's "Latest
findings"): a measure on which two readings differ is a finding only when their 95% intervals are
apart **and** the gap passes the measure's practical threshold (``Measure.practical``, Variorum's
own, in engine.compare.measures), so "drawishness 0.024 against 0.052" is not news however many
games separate the intervals. Findings lead with what a historian would act on (``FINDING_ORDER``:
whether games finish, who wins them, how long they last) and say it in plain words.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from engine.compare.measures import BY_KEY

FINDING_ORDER = ("completion", "timeouts", "endless", "balance_finished", "advantage_p1", "drawishness",
                 "repetitions", "balance", "duration_turns", "branching_factor", "decision_moves",
                 "laps_per_move", "agent_score")
"""The measures that can be findings, in the order a historian would act on them. The others
(outcome uniformity, the spread and median of durations, moves, board coverage) describe a game
but are not findings by themselves."""


def _iv(d: Mapping[str, Any] | None) -> tuple[float | None, float | None, float | None]:
    if not d:
        return None, None, None
    return d.get("value"), d.get("low"), d.get("high")


def _num(d: Mapping[str, Any] | None, pct: bool = False) -> str:
    """``0.62 [0.52, 0.71]`` (or ``62% [52%, 71%]``), without the interval when it is unknown."""
    v, lo, hi = _iv(d)
    if v is None:
        return "unknown"
    f = (lambda x: f"{x:.1%}" if 0 < x < 0.01 else f"{x:.0%}") if pct else (lambda x: f"{x:.2f}")
    if lo is None or hi is None:
        return f(v)
    if lo == hi:  # the bootstrap of games that all ended alike: no interval to give, and not a finding
        return f"{f(v)} (no interval: every game alike, too few games to bound it)"
    return f"{f(v)} [{f(lo)}, {f(hi)}]"


def _names(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _label(r: Mapping[str, Any]) -> str:
    return str(r.get("ruleset") or r.get("label"))


def _criteria(data: Mapping[str, Any], evaluated: list[Mapping[str, Any]]) -> str:
    names = [c["name"] for c in data["criteria"]]
    if not names:
        return "The run states no plausibility criterion."
    full = [r for r in evaluated if all(r["criteria"].get(n) is True for n in names)]
    if full:
        return (f"{len(full)} of the {len(evaluated)} readings played by the agents "
                f"{'meets' if len(full) == 1 else 'meet'} every criterion "
                f"({_names(names)}) under agent play, on the point values: {_names([_label(r) for r in full])}.")
    most = max(sum(r["criteria"].get(n) is True for n in names) for r in evaluated)
    best = [r for r in evaluated if sum(r["criteria"].get(n) is True for n in names) == most]
    failing = sorted({n for r in best for n in names if r["criteria"].get(n) is False})
    return (f"No reading played by the agents meets every criterion on the point values; the most any meets is {most} of "
            f"{len(names)} ({_names([_label(r) for r in best])})"
            + (f", failing {_names(failing)}." if failing else "."))


def _completion(data: Mapping[str, Any], evaluated: list[Mapping[str, Any]]) -> str | None:
    gaps = []
    for r in evaluated:
        a, rnd = r["measures"].get("completion"), r["screen"]["measures"].get("completion")
        if a and rnd and a.get("value") is not None and rnd.get("value") is not None:
            gaps.append((a["value"] - rnd["value"], r, a, rnd))
    if not gaps:
        return None
    rarely = [(r, a, rnd) for _, r, a, rnd in gaps if a["value"] < 0.5 and rnd["value"] < 0.5]
    neither = "" if not rarely else (
        f" Neither random players nor the agents finish most of their games under "
        f"{_names([_label(r) for r, _, _ in rarely])}: "
        + "; ".join(f"random players {_num(rnd, True)} and the agents {_num(a, True)} under {_label(r)}"
                    for r, a, rnd in rarely) + ".")
    gap, r, a, rnd = max(gaps, key=lambda g: abs(g[0]))
    if not BY_KEY["completion"].practical_gap(a["value"], rnd["value"]):
        points = round(100 * abs(gap))
        most = "less than one percentage point" if points == 0 else \
            f"at most {points} percentage point{'s' if points != 1 else ''}"
        return (f"Agents and random players finish about as many games under every reading played by the agents "
                f"(completion differs by {most}).") + neither
    overlap = _overlap(a, rnd)
    more = "more" if gap > 0 else "fewer"
    return (f"Agent and random play disagree most about finishing under {_label(r)}: random players finish "
            f"{_num(rnd, True)} of games, {data['agent']} against itself {_num(a, True)}, {more} "
            + ("(the intervals overlap, so the gap may be chance)." if overlap else "(beyond both intervals).")
            + neither)


def _overlap(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Whether two figures' intervals overlap (True when either is unknown)."""
    if None in (a.get("low"), a.get("high"), b.get("low"), b.get("high")):
        return True
    return not (a["low"] > b["high"] or b["low"] > a["high"])


def _duration(data: Mapping[str, Any], evaluated: list[Mapping[str, Any]]) -> str | None:
    found = []
    for r in evaluated:
        a, rnd = r["measures"].get("duration_turns"), r["screen"]["measures"].get("duration_turns")
        if a and rnd and a.get("value") and rnd.get("value"):
            found.append((math.log(a["value"] / rnd["value"]), r, a, rnd))
    if not found:
        return None
    ratio, r, a, rnd = max(found, key=lambda g: abs(g[0]))
    if not BY_KEY["duration_turns"].practical_gap(a["value"], rnd["value"]):
        return (f"Agents' and random players' games last about as long under every reading played by the agents "
                f"(mean turns differ by less than {BY_KEY['duration_turns'].threshold_text}).")

    def turns(x: Mapping[str, Any]) -> str:
        return f"{x['value']:.0f}" + (f" [{x['low']:.0f}, {x['high']:.0f}]" if x.get("low") is not None else "")

    text = (f"Agent and random play differ most in length under {_label(r)}: the agents' games last "
            f"{math.exp(ratio):.2g} times as long as random players', {turns(a)} turns against {turns(rnd)}")
    return text + (" (the intervals overlap, so the gap may be chance)." if _overlap(a, rnd) else
                   " (beyond both intervals).")


def _first_player(data: Mapping[str, Any], evaluated: list[Mapping[str, Any]]) -> str | None:
    found = [(r, r["measures"].get("advantage_p1")) for r in evaluated if r["measures"].get("advantage_p1")]
    found = [(r, a) for r, a in found if a.get("value") is not None]
    if not found:
        return None
    parts = []
    for r, a in found:
        rnd = r["screen"]["measures"].get("advantage_p1")
        parts.append(f"{_num(a)} under {_label(r)}" + (f" (random play {_num({'value': rnd['value']})})"
                                                     if rnd and rnd.get("value") is not None else ""))
    above = [_label(r) for r, a in found if a.get("low") is not None and a["low"] > 0.5]
    below = [_label(r) for r, a in found if a.get("high") is not None and a["high"] < 0.5]
    within = [_label(r) for r, a in found if _label(r) not in above + below]
    verdict = []
    if above:
        verdict.append(f"the interval lies above one half (the first mover favoured) under {_names(above)}")
    if below:
        verdict.append(f"below one half (the second mover favoured) under {_names(below)}")
    if within:
        verdict.append(f"it includes one half under {_names(within)}")
    return (f"Under agent play the first mover's mean score (a win 1, a draw or no result 1/2) is "
            f"{'; '.join(parts)}: " + "; ".join(verdict) + ".")


def _skill(data: Mapping[str, Any], evaluated: list[Mapping[str, Any]]) -> str | None:
    found = [r for r in evaluated if r.get("skill") and r["skill"].get("value") is not None]
    if not found:
        return None
    text = "The skill trace's figure (0 when more thinking never helps, near 1 when the stronger agent keeps winning)"
    values = [r["skill"]["value"] for r in found]
    if len(found) == 1:
        text += f" is {_num(found[0]['skill'])} under {_label(found[0])}"
    elif max(values) == min(values):
        text += f" is {values[0]:.2f} under every reading played by the agents"
    else:
        def at(value: float, word: str) -> str:
            alike = [r for r in found if r["skill"]["value"] == value]
            if len(alike) == 1:
                return f"{word} under {_label(alike[0])}, {_num(alike[0]['skill'])}"
            return f"{word}, {value:.2f}, under {_names([_label(r) for r in alike])}"

        text += f" is {at(max(values), 'highest')}, and {at(min(values), 'lowest')}"
    last = [(r, r["skill"]["levels"][-1]) for r in found if r["skill"].get("levels")]
    if not last:
        return text + "."
    rung = f"{last[0][1]['strong']} against {last[0][1]['weak']}"
    wins = [_label(r) for r, lv in last if lv["win_rate"].get("low") is not None and lv["win_rate"]["low"] > 0.5]
    rest = [_label(r) for r, lv in last if _label(r) not in wins]
    if wins:
        said = f"the stronger agent wins more than half beyond its interval under {_names(wins)}"
        said += f", not clearly under {_names(rest)}" if rest else ""
    else:
        said = f"the stronger agent's win rate is not above one half beyond its interval under {_names(rest)}"
    return text + f"; on the last rung, {rung}, " + said + "."


def findings(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """``(key, sentence)`` pairs of the assessment ``data`` (see the module docstring)."""
    evaluated = [r for r in data["readings"] if r.get("evaluated")]
    if not evaluated:
        return [("criteria", f"No reading was played by the agents: all {len(data['readings'])} failed the "
                             f"random screen.")]
    out = [("criteria", _criteria(data, evaluated))]
    for key, sentence in (("completion", _completion(data, evaluated)),
                          ("duration", _duration(data, evaluated)),
                          ("first_player", _first_player(data, evaluated)),
                          ("skill", _skill(data, evaluated))):
        if sentence:
            out.append((key, sentence))
    return out


def _fmt(key: str, d: Mapping[str, Any]) -> str:
    """A measure's value and interval as a finding prints it (rates as percentages)."""
    return _num(d, pct=BY_KEY[key].kind == "rate")


def _apart(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Whether two figures' intervals are known and do not overlap."""
    return not _overlap(a, b) and None not in (a.get("low"), b.get("low"))


def comparison_findings(variants: Sequence[Mapping[str, Any]], limit: int | None = 3) -> list[dict[str, Any]]:
    """The findings of one comparison of readings, best first: ``variants`` are ``{"name", "metrics":
    {key: {value, low, high}}}``; each finding is ``{"key", "low", "high", "sentence"}`` (``low`` and
    ``high`` the variants with the smallest and largest value), for the measures of ``FINDING_ORDER``
    on which those two are apart beyond both intervals and by the measure's practical threshold."""
    out = []
    for key in FINDING_ORDER:
        found = [(v, v["metrics"][key]) for v in variants
                 if v["metrics"].get(key) and v["metrics"][key].get("value") is not None]
        if len(found) < 2:
            continue
        (lo_v, lo), (hi_v, hi) = min(found, key=lambda f: f[1]["value"]), max(found, key=lambda f: f[1]["value"])
        m = BY_KEY[key]
        if not (_apart(lo, hi) and m.practical_gap(lo["value"], hi["value"])):
            continue
        sentence = (f"{m.plain[0].upper()}{m.plain[1:]}: {_fmt(key, hi)} under {hi_v['name']} against "
                    f"{_fmt(key, lo)} under {lo_v['name']} (beyond both 95% intervals, and more than the "
                    f"{m.threshold_text} that count as a difference).")
        out.append({"key": key, "low": {"name": lo_v["name"], **lo}, "high": {"name": hi_v["name"], **hi},
                    "sentence": sentence})
    return out if limit is None else out[:limit]


def effect_findings(effects: Sequence[Mapping[str, Any]], baseline: Mapping[str, float],
                    limit: int | None = 3) -> list[dict[str, Any]]:
    """The switch effects of a factorial run worth reporting, in ``FINDING_ORDER``: ``effects`` are rows
    of ``compare_effects`` (switch, option, reference, measure, value, low, high), ``baseline`` each
    measure's mean over the run's variants (for the relative thresholds). An effect is a finding when
    its interval excludes 0 and it passes the measure's practical threshold."""
    order = {k: i for i, k in enumerate(FINDING_ORDER)}
    out = []
    for e in effects:
        m = BY_KEY.get(e["measure"])
        if m is None or m.key not in order or e["value"] is None or e["low"] is None or e["high"] is None:
            continue
        if e["low"] <= 0 <= e["high"]:
            continue
        base = baseline.get(m.key)
        if m.relative:
            if not base or not m.practical_gap(base, base + abs(e["value"])):
                continue
        elif not m.practical_gap(0.0, e["value"]):
            continue
        out.append(dict(e))
    out.sort(key=lambda e: (order[e["measure"]], -abs(e["value"])))
    return out if limit is None else out[:limit]
