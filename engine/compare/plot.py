"""Charts of a comparison: each measure per variant, as a point with its 95% interval (matplotlib, Agg).

:func:`figure` draws a :class:`engine.compare.comparison.Comparison` or its JSON (``to_dict()``,
as the results database and the site hold it) on a matplotlib Figure, one panel per measure,
variants down the side; :func:`save_plot` writes it as SVG or PNG (by the file's extension). No
pyplot state is used, so the site can call these from a server.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

FORMATS = ("svg", "png")
LABELLED = 60
"""Variants beyond this many are drawn without their names (the chart would be unreadable)."""


def _data(comparison: Any) -> Mapping[str, Any]:
    data = comparison.to_dict() if hasattr(comparison, "to_dict") else comparison
    if not isinstance(data, Mapping) or "variants" not in data:
        raise ValueError("plot a Comparison or its JSON (a mapping with 'variants')")
    return data


def _label(data: Mapping[str, Any], i: int) -> str:
    v = data["variants"][i]
    if v.get("ruleset"):
        return str(v["ruleset"])
    switches = v["switches"]
    varied = [k for k in switches if len({w["switches"][k] for w in data["variants"]}) > 1]
    return ", ".join(f"{k.split('.', 1)[-1]}={switches[k]}" for k in varied) or f"variant {i + 1}"


def figure(comparison: Any, measures: Sequence[str] | None = None, columns: int = 4) -> Figure:
    """A Figure with one panel per measure (default: every measure of the comparison)."""

    data = _data(comparison)
    variants = data["variants"]
    if not variants:
        raise ValueError("nothing to plot: the comparison has no variant")
    keys = list(measures) if measures else list(variants[0]["metrics"])
    unknown = [k for k in keys if k not in variants[0]["metrics"]]
    if unknown:
        raise ValueError(f"unknown measure(s) {', '.join(unknown)}; measures: {', '.join(variants[0]['metrics'])}")
    n = len(variants)
    cols = max(1, min(columns, len(keys)))
    rows = math.ceil(len(keys) / cols)
    labelled = n <= LABELLED
    height = max(2.0, 0.22 * n + 1.0) if labelled else 4.0
    fig = Figure(figsize=(3.2 * cols + (2.5 if labelled else 0), height * rows))
    FigureCanvasAgg(fig)
    names = [_label(data, i) for i in range(n)]
    ys = list(range(n))
    for p, key in enumerate(keys):
        ax = fig.add_subplot(rows, cols, p + 1)
        vals, lo, hi = [], [], []
        for v in variants:
            iv = v["metrics"][key]
            x = iv["value"] if iv["value"] is not None else math.nan
            vals.append(x)
            lo.append(0.0 if iv["low"] is None else max(0.0, x - iv["low"]))
            hi.append(0.0 if iv["high"] is None else max(0.0, iv["high"] - x))
        ax.errorbar(vals, ys, xerr=[lo, hi], fmt="o", markersize=3, capsize=2, linewidth=1)
        ax.set_title(key, fontsize=9)
        ax.invert_yaxis()
        ax.tick_params(labelsize=7)
        if labelled and p % cols == 0:
            ax.set_yticks(ys)
            ax.set_yticklabels(names, fontsize=7)
        else:
            ax.set_yticks([])
        ax.grid(axis="x", linewidth=0.3)
    agents = " vs ".join(data.get("agents") or [])
    fig.suptitle(f"{data.get('game', '')}: {n} variant(s), {data.get('games_per_variant', '?')} games each"
                 f"{', ' + agents if agents else ''}; 95% intervals", fontsize=10)
    fig.tight_layout()
    return fig


def effects_figure(comparison: Any, measures: Sequence[str] | None = None, columns: int = 4) -> Figure:
    """A Figure of a factorial comparison's per-switch effects: one panel per measure, one row per
    switch option (vs its reference), each effect a point with its 95% interval and a line at 0."""
    data = _data(comparison)
    effects = data.get("effects") or []
    if not effects:
        raise ValueError("nothing to plot: the comparison has no per-switch effects (compare --switch or --all-switches)")
    present = list(dict.fromkeys(e["measure"] for e in effects))
    keys = list(measures) if measures else present
    unknown = [k for k in keys if k not in present]
    if unknown:
        raise ValueError(f"unknown measure(s) {', '.join(unknown)}; measures: {', '.join(present)}")
    rows_of = list(dict.fromkeys((e["switch"], e["option"], e["reference"]) for e in effects))
    names = [f"{sw.split('.', 1)[-1]}: {opt} vs {ref}" for sw, opt, ref in rows_of]
    index = {r: i for i, r in enumerate(rows_of)}
    cols = max(1, min(columns, len(keys)))
    prows = math.ceil(len(keys) / cols)
    height = max(1.6, 0.24 * len(rows_of) + 0.9)
    fig = Figure(figsize=(2.9 * cols + 3.0, height * prows))
    FigureCanvasAgg(fig)
    for p, key in enumerate(keys):
        ax = fig.add_subplot(prows, cols, p + 1)
        found = [e for e in effects if e["measure"] == key]
        ys = [index[(e["switch"], e["option"], e["reference"])] for e in found]
        vals = [e["value"] for e in found]
        clear = [not (e["low"] <= 0 <= e["high"]) for e in found]
        lo = [max(0.0, e["value"] - e["low"]) for e in found]
        hi = [max(0.0, e["high"] - e["value"]) for e in found]
        ax.axvline(0, color="#888", linewidth=0.8)
        colours = ["#1f5fa8" if c else "#aaaaaa" for c in clear]
        # one collection of interval lines and one of points per panel: a small SVG
        ax.hlines(ys, [v - d for v, d in zip(vals, lo)], [v + d for v, d in zip(vals, hi)], colors=colours, linewidth=1.2)
        ax.scatter(vals, ys, s=9, c=colours, zorder=3)
        ax.set_title(key, fontsize=9)
        ax.set_ylim(len(rows_of) - 0.5, -0.5)
        ax.tick_params(labelsize=7)
        ax.xaxis.set_major_locator(MaxNLocator(3))
        if p % cols == 0:
            ax.set_yticks(range(len(rows_of)))
            ax.set_yticklabels(names, fontsize=7)
        else:
            ax.set_yticks([])
    agents = " vs ".join(data.get("agents") or [])
    fig.suptitle(f"{data.get('game', '')}: effect of each switch option vs its reference, averaged over the other "
                 f"switches; {data.get('games_per_variant', '?')} games per variant"
                 f"{', ' + agents if agents else ''}; 95% intervals (grey: includes 0)", fontsize=9)
    fig.tight_layout()
    return fig


ASSESS_PANELS = ("balance", "completion", "advantage_p1", "duration_turns")
"""The measures the assessment chart draws, random play against agent play, before the skill panel."""
LOG_SPAN = 20.0
"""A panel whose positive figures span more than this factor is drawn on a log scale."""


def _errorbar(ax: Any, values: Sequence[Mapping[str, Any] | None], ys: Sequence[float], **style: Any) -> None:
    """Points with their 95% intervals (a missing figure is left out)."""
    pts = [(iv, y) for iv, y in zip(values, ys) if iv and iv.get("value") is not None]
    if not pts:
        return
    x = [iv["value"] for iv, _ in pts]
    lo = [0.0 if iv.get("low") is None else max(0.0, iv["value"] - iv["low"]) for iv, _ in pts]
    hi = [0.0 if iv.get("high") is None else max(0.0, iv["high"] - iv["value"]) for iv, _ in pts]
    ax.errorbar(x, [y for _, y in pts], xerr=[lo, hi], fmt="o", markersize=3.5, capsize=2, linewidth=1, **style)


def assessment_figure(assessment: Mapping[str, Any]) -> Figure:
    """A Figure of an assessment (the JSON of ``variorum assess --json`` or a saved run): for each
    reading played by the agents, ranked down the side, each measure of ASSESS_PANELS under random
    play (grey) and agent play (blue) with 95% intervals (on a log scale when they span more than
    LOG_SPAN times), the criteria's thresholds as dashed lines, one half on the first mover's
    panel, and the skill trace's figure with its interval."""
    readings = [r for r in assessment["readings"] if r.get("evaluated")]
    if not readings:
        raise ValueError("nothing to plot: no reading of the assessment was played by the agents")
    panels = [k for k in ASSESS_PANELS if any(k in r["measures"] for r in readings)]
    n = len(readings)
    fig = Figure(figsize=(2.6 * (len(panels) + 1) + 2.0, max(1.8, 0.42 * n + 1.2)))
    FigureCanvasAgg(fig)
    ys = list(range(n))
    names = [str(r.get("ruleset") or r.get("label")) for r in readings]
    agent = assessment.get("agent", "agent")
    for p, key in enumerate(panels):
        ax = fig.add_subplot(1, len(panels) + 1, p + 1)
        _errorbar(ax, [r["screen"]["measures"].get(key) for r in readings], [y + 0.15 for y in ys],
                  color="#999999", label="random play")
        _errorbar(ax, [r["measures"].get(key) for r in readings], [y - 0.15 for y in ys],
                  color="#1f5fa8", label=f"{agent} vs {agent}")
        for c in assessment.get("criteria", []):
            if c["measure"] == key:
                for bound in (c["low"], c["high"]):
                    if bound is not None:
                        ax.axvline(bound, color="#c0392b", linewidth=0.8, linestyle="--")
        if key == "advantage_p1":
            ax.axvline(0.5, color="#888888", linewidth=0.6)
        shown = [iv[k] for r in readings for play in (r["measures"], r["screen"]["measures"])
                 for iv in [play.get(key)] if iv for k in ("value", "low", "high") if iv.get(k)]
        if shown and min(shown) > 0 and max(shown) / min(shown) > LOG_SPAN:
            ax.set_xscale("log")
            ax.set_title(f"{key} (log scale)", fontsize=9)
        else:
            ax.set_title(key, fontsize=9)
            ax.xaxis.set_major_locator(MaxNLocator(4))
        ax.set_ylim(n - 0.5, -0.5)
        ax.tick_params(labelsize=7)
        ax.grid(axis="x", linewidth=0.3)
        if p == 0:
            ax.set_yticks(ys)
            ax.set_yticklabels(names, fontsize=7)
        else:
            ax.set_yticks([])
        if p == len(panels) - 1:
            ax.legend(fontsize=6, loc="best")
    ax = fig.add_subplot(1, len(panels) + 1, len(panels) + 1)
    _errorbar(ax, [r.get("skill") for r in readings], ys, color="#1f5fa8")
    ax.set_xlim(-0.05, 1.05)
    ax.set_ylim(n - 0.5, -0.5)
    ax.set_yticks([] if panels else ys)
    ax.set_title("skill trace", fontsize=9)
    ax.tick_params(labelsize=7)
    ax.grid(axis="x", linewidth=0.3)
    fig.suptitle(f"{assessment.get('game', '')}: random play ({assessment['screen']['games']} games) against "
                 f"{agent} ({assessment['games']} games) per reading; criteria dashed; 95% intervals", fontsize=9)
    fig.tight_layout()
    return fig


def save_plot(comparison: Any, path: str | Path, measures: Sequence[str] | None = None) -> Path:
    """Write the chart of ``comparison`` to ``path`` (.svg or .png); ValueError for another extension.
    A factorial comparison (with per-switch effects) is drawn as its effects, one panel per
    measure; a comparison of rulesets as each measure per ruleset. SVG text stays text (small files)."""
    import matplotlib

    path = Path(path)
    fmt = path.suffix.lower().lstrip(".")
    if fmt not in FORMATS:
        raise ValueError(f"plot file {str(path)!r}: the extension must be .svg or .png")
    data = _data(comparison)
    with matplotlib.rc_context({"svg.fonttype": "none", "font.family": "sans-serif", "font.sans-serif": ["DejaVu Sans"]}):
        fig = effects_figure(data, measures) if data.get("effects") else figure(data, measures)
        path.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(path, format=fmt, dpi=80)
    return path
