"""A comparison of a game's readings: which variants, played how, measured how; the JSON and CSV of it.

:func:`plan` turns "these rulesets" or "every combination of these switches (the rest from a base
ruleset)" into variants; :func:`compare` plays them (engine.compare.sweep), measures them
(engine.compare.measures) and, over a factorial, estimates each switch's effect
(engine.compare.effects). The result's :meth:`Comparison.to_dict` is the JSON of
``variorum compare --json``::

    {"game", "base", "agents", "games_per_variant", "seed", "engine_version",
     "variants": [{"switches": {...}, "ruleset": id or null, "games": n,
                   "metrics": {"advantage_p1": {"value", "low", "high"}, ...}}],
     "effects": [{"switch", "option", "reference", "measure", "value", "low", "high", "cells", "rank"}]}
"""

from __future__ import annotations

import csv
import io
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from engine import stats as S
from engine.compare import sweep as sweeping
from engine.compare.effects import Effect, effects
from engine.compare.intervals import DEFAULT_RESAMPLES, Interval
from engine.compare.measures import Measurer, measure_keys
from engine.rng import batch_seed, check_seed

BOOTSTRAP_STREAM = 0xB0075
"""The bootstrap's generator is seeded batch_seed(run seed, BOOTSTRAP_STREAM)."""


@dataclass
class Plan:
    """The variants of a comparison and how they were chosen."""

    game: str
    base: str | None
    """The base ruleset (switches not varied come from it), or None for the engine's defaults."""
    variants: list[dict[str, str]]
    rulesets: list[str | None]
    """The ruleset of each variant (ruleset mode), else None."""
    factors: dict[str, list[str]] = field(default_factory=dict)
    """Switches varied in a full factorial -> their options (empty in ruleset mode)."""
    reference: dict[str, str] = field(default_factory=dict)
    """The base's option of each factor (the reference of the effects)."""

    def label(self, i: int) -> str:
        """A short name of variant ``i``: its ruleset, or the factors' values."""
        if self.rulesets[i]:
            return str(self.rulesets[i])
        if not self.factors:
            return self.base or "defaults"
        return ", ".join(f"{s.split('.', 1)[1]}={self.variants[i][s]}" for s in self.factors)


def _switch(rules: Any, name: str) -> str:
    for s in rules.switches:
        if name in (s.id, s.point):
            return s.id
    raise ValueError(f"unknown switch {name!r} for {rules.id}; switches: {', '.join(s.id for s in rules.switches)}")


def plan(
    game_id: str,
    *,
    rulesets: Sequence[str] = (),
    switches: Sequence[str] = (),
    all_switches: bool = False,
    base: str | None = None,
    settings: Mapping[str, str] | None = None,
) -> Plan:
    """The variants to compare: the ``rulesets`` given (each with ``settings`` on top), or every
    combination of the options of ``switches`` (or of all switches), the others from ``base``
    (default: the archive's default ruleset) with ``settings`` on top. With none of these: every
    ruleset of the archive. ValueError naming whatever is unknown or contradictory."""
    import engine
    from engine import rulesets as archive
    from engine.games import rules_of

    rules = rules_of(game_id)
    modes = sum(bool(x) for x in (list(rulesets), list(switches), all_switches))
    if modes > 1:
        raise ValueError("choose one of --ruleset, --switch and --all-switches")
    settings = dict(settings or {})
    if rulesets or modes == 0:
        ids = list(rulesets) or [r.id for r in archive.rulesets(game_id)]
        if not ids:
            raise ValueError(f"the archive has no ruleset of {game_id}; use --switch or --all-switches")
        if len(set(ids)) != len(ids):
            raise ValueError(f"a ruleset is named twice: {', '.join(ids)}")
        variants = [engine.resolve(game_id, rid, settings) for rid in ids]
        return Plan(game_id, None, variants, list(ids))
    names = [s.id for s in rules.switches] if all_switches else [_switch(rules, n) for n in switches]
    if len(set(names)) != len(names):
        raise ValueError(f"a switch is named twice: {', '.join(switches)}")
    if base is None:
        base = archive.default_ruleset(game_id)
    values = engine.resolve(game_id, base, settings)
    overridden = sorted(set(names) & {_switch(rules, k) for k in settings})
    if overridden:
        raise ValueError(f"switch {overridden[0]!r} is both varied and set")
    by_id = {s.id: s for s in rules.switches}
    names = [s.id for s in rules.switches if s.id in names]  # declaration order
    factors = {n: list(by_id[n].options) for n in names}
    variants = []
    for combo in itertools.product(*(factors[n] for n in names)):
        v = dict(values)
        v.update(zip(names, combo))
        variants.append(v)
    return Plan(game_id, base, variants, [None] * len(variants), factors, {n: values[n] for n in names})


@dataclass
class VariantResult:
    """One variant's switches, games and measures."""

    switches: dict[str, str]
    ruleset: str | None
    label: str
    games: int
    metrics: dict[str, Interval]

    def to_dict(self) -> dict[str, Any]:
        return {"switches": dict(self.switches), "ruleset": self.ruleset, "games": self.games,
                "metrics": {k: iv.to_dict() for k, iv in self.metrics.items()}}


@dataclass
class Comparison:
    """What :func:`compare` found."""

    game: str
    base: str | None
    agents: tuple[str, str]
    games_per_variant: int
    seed: int
    engine_version: str
    variants: list[VariantResult]
    effects: list[Effect]
    factors: dict[str, list[str]]
    measures: list[str]
    resamples: int
    block: int
    limits: tuple[int, int]
    stats: sweeping.SweepStats

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``variorum compare --json``."""
        return {
            "game": self.game,
            "base": self.base,
            "agents": list(self.agents),
            "games_per_variant": self.games_per_variant,
            "seed": self.seed,
            "engine_version": self.engine_version,
            "variants": [v.to_dict() for v in self.variants],
            "effects": [e.to_dict() for e in self.effects],
        }

    def to_csv(self) -> str:
        """One row per variant: its label, ruleset, switch values, games, then value/low/high of
        each measure."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        switch_ids = list(self.variants[0].switches) if self.variants else []
        header = ["variant", "ruleset", *switch_ids, "games"]
        for m in self.measures:
            header += [m, f"{m}_low", f"{m}_high"]
        w.writerow(header)
        for v in self.variants:
            row: list[Any] = [v.label, v.ruleset or "", *(v.switches[s] for s in switch_ids), v.games]
            for m in self.measures:
                iv = v.metrics[m]
                row += ["" if x is None else repr(x) for x in (iv.value, iv.low, iv.high)]
            w.writerow(row)
        return buf.getvalue()


def self_play(agent: str, vs: str | None) -> tuple[str, str] | None:
    """The agents of a pairing as specs, or None when both are the random agent (compiled self-play)."""
    from engine.agents import parse_agent

    a = str(parse_agent(agent))
    b = str(parse_agent(vs if vs is not None else agent))
    return None if (a, b) == ("random", "random") else (a, b)


def compare(
    game_id: str,
    *,
    rulesets: Sequence[str] = (),
    switches: Sequence[str] = (),
    all_switches: bool = False,
    base: str | None = None,
    settings: Mapping[str, str] | None = None,
    games: int = 1000,
    agent: str = "random",
    vs: str | None = None,
    seed: int = 0,
    jobs: int = 1,
    scheduler: Any = None,
    checkpoint: str | Path | None = None,
    progress: sweeping.Progress | None = None,
    n_resamples: int = DEFAULT_RESAMPLES,
    block: int | None = None,
    turn_limit: int | None = None,
    move_limit: int | None = None,
    variant_plan: Plan | None = None,
) -> Comparison:
    """Play and measure the variants of :func:`plan` (or ``variant_plan``), ``games`` games each.

    ``agent`` / ``vs``: agent specs (engine.agents); random vs random is played in compiled code,
    anything else through the Python API with seats swapped. See engine.compare.sweep for seeds,
    ``jobs``, ``scheduler`` and ``checkpoint``; engine.compare.measures for the measures (bootstrap
    with ``n_resamples`` resamples); engine.compare.effects for the effects (over a factorial).
    """
    from engine import ENGINE_FINGERPRINT
    from engine.game import MOVE_LIMIT, TURN_LIMIT

    seed = check_seed(seed)
    agents = self_play(agent, vs)
    p = variant_plan or plan(game_id, rulesets=rulesets, switches=switches, all_switches=all_switches,
                             base=base, settings=settings)
    limits = (TURN_LIMIT if turn_limit is None else turn_limit, MOVE_LIMIT if move_limit is None else move_limit)
    sw = sweeping.Sweep(game_id, tuple(p.variants), games, seed, agents, block, limits)
    measurer = Measurer(len(p.variants), n_resamples=n_resamples, seed=batch_seed(seed, BOOTSTRAP_STREAM))
    rows = sweeping.run(sw, jobs=jobs, scheduler=scheduler, checkpoint=checkpoint, progress=progress,
                        on_variant=measurer.add)
    sowing = any(bool(np.any(r[:, S.LAPS] > 0)) for r in rows) and all(bool(np.all(r[:, S.LAPS] >= 0)) for r in rows)
    keys = measure_keys(sowing, agents is not None)
    metrics = [{k: m[k] for k in keys} for m in measurer.results()]
    found = effects(p.variants, metrics, p.factors, p.reference) if p.factors else []
    results = [VariantResult(v, p.rulesets[i], p.label(i), len(rows[i]), metrics[i]) for i, v in enumerate(p.variants)]
    return Comparison(
        game=game_id, base=p.base, agents=agents or ("random", "random"), games_per_variant=games, seed=seed,
        engine_version=ENGINE_FINGERPRINT, variants=results, effects=found, factors=p.factors, measures=keys,
        resamples=n_resamples, block=int(sw.block), limits=sw.limits, stats=sw.stats,
    )
