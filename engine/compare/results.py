"""The results database: comparisons saved next to the archive (default ``site/results.db``).

Written with sqlite-utils, one transaction per run; Datasette serves it beside the archive.
Tables (every row carries its ``run_id``):

- ``compare_runs``: id, kind ("user" or "defaults"), created (UTC, ISO 8601), engine_version,
  git_commit (None outside a git checkout), game, base, agent_a, agent_b, seed, games_per_variant,
  block, resamples, turn_limit, move_limit, variants, factors (JSON list of the switches varied);
- ``compare_variants``: run_id, variant (index), label, ruleset, switches (JSON), games;
- ``compare_metrics``: run_id, variant, measure, value, low, high;
- ``compare_effects``: run_id, switch, option, reference, measure, value, low, high, cells, rank;
- ``measures``: key, dlp, definition, interval: the glossary of the measures (their one name, the
  Digital Ludeme Project's name, a one-line definition), rewritten from engine.compare.measures.

:func:`compare_defaults` bakes the default comparison the site shows: every game's rulesets of
the archive in random self-play (``make serve`` calls ``variorum compare-defaults``); it replaces
that game's previous defaults run.
"""

from __future__ import annotations

import json
import subprocess
import uuid
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from engine.compare.comparison import Comparison, compare

DEFAULT_GAMES = 2000
"""Games per ruleset in the default comparison: Wilson half-widths of at most 2.2 points."""


def default_path() -> Path:
    """``site/results.db`` next to the archive's ``archive.db``."""
    from schema.paths import SITE_DIR

    return SITE_DIR / "results.db"


def git_commit(cwd: str | Path | None = None) -> str | None:
    """The checked-out commit of the project (None if git or the repository is not available)."""
    where = Path(cwd) if cwd else Path(__file__).resolve().parents[2]
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=where, capture_output=True, text=True, timeout=5)
    except (OSError, subprocess.SubprocessError):
        return None
    return (out.stdout.strip() or None) if out.returncode == 0 else None


def _db(path: str | Path):
    import sqlite_utils

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    return sqlite_utils.Database(path)


def _ensure(db: Any) -> None:
    if "compare_runs" not in db.table_names():
        db["compare_runs"].create({
            "id": str, "kind": str, "created": str, "engine_version": str, "git_commit": str, "game": str,
            "base": str, "agent_a": str, "agent_b": str, "seed": int, "games_per_variant": int, "block": int,
            "resamples": int, "turn_limit": int, "move_limit": int, "variants": int, "factors": str,
        }, pk="id")
        db["compare_variants"].create({
            "run_id": str, "variant": int, "label": str, "ruleset": str, "switches": str, "games": int,
        }, pk=("run_id", "variant"), foreign_keys=[("run_id", "compare_runs", "id")])
        db["compare_metrics"].create({
            "run_id": str, "variant": int, "measure": str, "value": float, "low": float, "high": float,
        }, pk=("run_id", "variant", "measure"), foreign_keys=[("run_id", "compare_runs", "id")])
        db["compare_effects"].create({
            "run_id": str, "switch": str, "option": str, "reference": str, "measure": str, "value": float,
            "low": float, "high": float, "cells": int, "rank": int,
        }, pk=("run_id", "switch", "option", "measure"), foreign_keys=[("run_id", "compare_runs", "id")])
        for table in ("compare_runs",):
            db[table].create_index(["game", "kind"], if_not_exists=True)
    _measures(db)


def _measures(db: Any) -> None:
    """The glossary of the measures, kept equal to engine.compare.measures."""
    from engine.compare.measures import MEASURES

    rows = [m.to_dict() for m in MEASURES]
    db["measures"].upsert_all(rows, pk="key", column_order=["key", "dlp", "definition", "interval"])


def create(path: str | Path | None = None) -> Path:
    """Make the results database with its tables if it does not exist yet; its path."""
    path = Path(path or default_path())
    db = _db(path)
    with db.conn:
        _ensure(db)
    db.close()
    return path


def save(comparison: Comparison, path: str | Path | None = None, *, kind: str = "user",
         replace_kind: bool = False) -> str:
    """Write ``comparison`` into the results database at ``path`` in one transaction; its run id.
    With ``replace_kind``, the game's earlier runs of this ``kind`` are deleted in the same
    transaction."""
    if kind not in ("user", "defaults"):
        raise ValueError(f"unknown run kind {kind!r}; kinds: user, defaults")
    db = _db(path or default_path())
    run_id = uuid.uuid4().hex
    c = comparison
    with db.conn:
        _ensure(db)
        if replace_kind:
            old = [r["id"] for r in db["compare_runs"].rows_where("game = ? AND kind = ?", [c.game, kind])]
            for table in ("compare_effects", "compare_metrics", "compare_variants"):
                for rid in old:
                    db[table].delete_where("run_id = ?", [rid])
            for rid in old:
                db["compare_runs"].delete(rid)
        db["compare_runs"].insert({
            "id": run_id, "kind": kind, "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "engine_version": c.engine_version, "git_commit": git_commit(), "game": c.game, "base": c.base,
            "agent_a": c.agents[0], "agent_b": c.agents[1], "seed": c.seed, "games_per_variant": c.games_per_variant,
            "block": c.block, "resamples": c.resamples, "turn_limit": c.limits[0], "move_limit": c.limits[1],
            "variants": len(c.variants), "factors": json.dumps(list(c.factors)),
        })
        db["compare_variants"].insert_all(
            {"run_id": run_id, "variant": i, "label": v.label, "ruleset": v.ruleset,
             "switches": json.dumps(v.switches), "games": v.games}
            for i, v in enumerate(c.variants)
        )
        db["compare_metrics"].insert_all(
            {"run_id": run_id, "variant": i, "measure": k, "value": iv.value, "low": iv.low, "high": iv.high}
            for i, v in enumerate(c.variants) for k, iv in v.metrics.items()
        )
        db["compare_effects"].insert_all(
            {"run_id": run_id, "switch": e.switch, "option": e.option, "reference": e.reference,
             "measure": e.measure, "value": e.value, "low": e.low, "high": e.high, "cells": e.cells, "rank": e.rank}
            for e in c.effects
        )
    db.close()
    return run_id


def compare_defaults(
    path: str | Path | None = None,
    *,
    games: int = DEFAULT_GAMES,
    seed: int = 0,
    jobs: int = 1,
    game_ids: Sequence[str] | None = None,
    log: Callable[[str], None] | None = None,
    progress: Callable[[str, int, int], None] | None = None,
) -> dict[str, str]:
    """Compare every game's rulesets of the archive (random self-play, ``games`` games each) and
    save each as that game's ``defaults`` run (replacing the previous one). ``game_ids``: only
    these games (default: every game of the engine). Games the archive has no ruleset of are
    skipped. ``progress(game, done, total)`` is told the games played. Returns game -> run id."""
    from engine import rulesets
    from engine.games import GAMES, rules_of

    for game_id in game_ids or ():
        rules_of(game_id)  # ValueError naming an unknown game
    out: dict[str, str] = {}
    for game_id in list(game_ids or sorted(GAMES)):
        try:
            found = rulesets.rulesets(game_id)
        except ValueError as exc:
            if log:
                log(f"{game_id}: skipped ({exc})")
            continue
        if not found:
            if log:
                log(f"{game_id}: skipped (no ruleset in the archive)")
            continue
        tell = (lambda done, total, g=game_id: progress(g, done, total)) if progress else None
        c = compare(game_id, rulesets=[r.id for r in found], games=games, seed=seed, jobs=jobs, progress=tell)
        out[game_id] = save(c, path, kind="defaults", replace_kind=True)
        if log:
            log(f"{game_id}: {len(found)} rulesets x {games} games -> run {out[game_id]}")
    return out
