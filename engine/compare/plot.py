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


def save_plot(comparison: Any, path: str | Path, measures: Sequence[str] | None = None) -> Path:
    """Write the chart of ``comparison`` to ``path`` (.svg or .png); ValueError for another extension."""
    path = Path(path)
    fmt = path.suffix.lower().lstrip(".")
    if fmt not in FORMATS:
        raise ValueError(f"plot file {str(path)!r}: the extension must be .svg or .png")
    fig = figure(comparison, measures)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, format=fmt)
    return path
