"""The results database: comparisons and assessments saved next to the archive (default ``site/results.db``).

Written with sqlite-utils, one transaction per run; Datasette serves it beside the archive.
Tables of the comparisons (every row carries its ``run_id``):

- ``compare_runs``: id, kind ("user" or "defaults"), created (UTC, ISO 8601), engine_version,
  git_commit (None outside a git checkout), game, base, agent_a, agent_b, seed, games_per_variant,
  block, resamples, turn_limit, move_limit, variants, factors (JSON list of the switches varied);
- ``compare_variants``: run_id, variant (index), label, ruleset, switches (JSON), games;
- ``compare_metrics``: run_id, variant, measure, value, low, high;
- ``compare_effects``: run_id, switch, option, reference, measure, value, low, high, cells, rank;
- ``measures``: key, dlp, definition, interval: the glossary of the measures (their one name, the
  Digital Ludeme Project's name, a one-line definition), rewritten from engine.compare.measures.

Tables of the assessments (``variorum assess --save``, engine.compare.assess; ``rank`` is the
reading's place in the run's ranking, 1 first, the readings the agents did not play last):

- ``assess_runs``: id, kind, created, engine_version, git_commit, game, base, agent (the agent that
  plays itself), games (per evaluated reading), seed, screen_games (random games per reading),
  skill_ladder (JSON list of the rungs, "uct:2N vs uct:N"), skill_games (per rung), top, resamples,
  turn_limit, move_limit, readings, evaluated;
- ``assess_criteria``: run_id, criterion, seq, measure, low, high, source, reason, requires: the
  plausibility criteria of the run, with their thresholds, where these come from and the criterion
  each depends on (balance on completion);
- ``assess_readings``: run_id, rank, label, ruleset, switches (JSON), evaluated (1 when the agents
  played it), meets (criteria met: under agent play if evaluated, else in the screen), skill,
  skill_low, skill_high (the skill trace's figure and its 95% interval);
- ``assess_measures``: run_id, rank, play ("random": the screen; "agent": agent against itself),
  measure, value, low, high;
- ``assess_verdicts``: run_id, rank, play, criterion, met (1, 0, or null when the measure is unknown);
- ``assess_skill``: run_id, rank, rung, weak, strong (iterations), games, win_rate, low, high: the
  stronger agent's win rate on each rung of the ladder.

:func:`load_assessment` reads a run back as the JSON of ``variorum assess --json``
(:func:`assessment_of` builds it from the rows; the site uses the same function).

:func:`compare_defaults` bakes the default comparison the site shows: every game's rulesets of
the archive in random self-play (``make serve`` calls ``variorum compare-defaults``);
:func:`assess_defaults` the default assessment: every game's rulesets screened, played by UCT
against itself and traced for skill at a modest budget (``variorum assess-defaults``; ``variorum
serve`` runs it after the comparisons). Each replaces that game's previous defaults run.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from engine.compare.comparison import Comparison, compare
from engine.compare.skill import rung_name

DEFAULT_GAMES = 2000
"""Games per ruleset in the default comparison: Wilson half-widths of at most 2.2 points."""

KINDS = ("user", "defaults", "preliminary")
"""The kinds of saved runs: a user's (``--save``), the server's bake at the default budget
(``defaults``), and the first run's figures at a small budget (``preliminary``,
engine.compare.first_run), which the page marks as such and the ``defaults`` run replaces."""
PREFERRED = "kind = 'preliminary', created desc, rowid desc"
"""The order in which a page picks a game's run: any run before a preliminary one, then the latest."""


ASSESS_TABLES = ("assess_criteria", "assess_readings", "assess_measures", "assess_verdicts", "assess_skill")
"""The tables of an assessment's rows, each keyed by ``run_id`` (the run itself is in ``assess_runs``)."""
LATEST_ASSESSMENT = f"select * from assess_runs where game = :game order by {PREFERRED} limit 1"
"""A game's assessment run the page shows (parameter ``game``): the latest of a user's or the
defaults, else the preliminary one."""
ASSESSMENT_ROWS = {t: f"select * from {t} where run_id = :run order by rowid" for t in ASSESS_TABLES}
"""Each table's rows of one run (parameter ``run``), in the order they were saved."""


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
    if "assess_runs" not in db.table_names():
        fk = [("run_id", "assess_runs", "id")]
        db["assess_runs"].create({
            "id": str, "kind": str, "created": str, "engine_version": str, "git_commit": str, "game": str,
            "base": str, "agent": str, "games": int, "seed": int, "screen_games": int, "skill_ladder": str,
            "skill_games": int, "top": int, "resamples": int, "turn_limit": int, "move_limit": int,
            "readings": int, "evaluated": int,
        }, pk="id")
        db["assess_criteria"].create({
            "run_id": str, "criterion": str, "seq": int, "measure": str, "low": float, "high": float,
            "source": str, "reason": str, "requires": str,
        }, pk=("run_id", "criterion"), foreign_keys=fk)
        db["assess_readings"].create({
            "run_id": str, "rank": int, "label": str, "ruleset": str, "switches": str, "evaluated": int,
            "meets": int, "skill": float, "skill_low": float, "skill_high": float,
        }, pk=("run_id", "rank"), foreign_keys=fk)
        db["assess_measures"].create({
            "run_id": str, "rank": int, "play": str, "measure": str, "value": float, "low": float, "high": float,
        }, pk=("run_id", "rank", "play", "measure"), foreign_keys=fk)
        db["assess_verdicts"].create({
            "run_id": str, "rank": int, "play": str, "criterion": str, "met": int,
        }, pk=("run_id", "rank", "play", "criterion"), foreign_keys=fk)
        db["assess_skill"].create({
            "run_id": str, "rank": int, "rung": int, "weak": int, "strong": int, "games": int,
            "win_rate": float, "low": float, "high": float,
        }, pk=("run_id", "rank", "rung"), foreign_keys=fk)
        db["assess_runs"].create_index(["game", "kind"], if_not_exists=True)
    from engine.compare.reconstruct_results import ensure_tables  # its module imports this one

    ensure_tables(db)
    _measures(db)


def _measures(db: Any) -> None:
    """The glossary of the measures, kept equal to engine.compare.measures."""
    from engine.compare.measures import MEASURES

    rows = [m.to_dict() for m in MEASURES]
    db["measures"].upsert_all(rows, pk="key", column_order=["key", "dlp", "definition", "interval", "practical"],
                              alter=True)


def create(path: str | Path | None = None) -> Path:
    """Make the results database with its tables if it does not exist yet; its path."""
    path = Path(path or default_path())
    db = _db(path)
    with db.conn:
        _ensure(db)
    db.close()
    return path


def _check_kind(kind: str) -> None:
    if kind not in KINDS:
        raise ValueError(f"unknown run kind {kind!r}; kinds: {', '.join(KINDS)}")


def _delete_runs(db: Any, runs: str, tables: Sequence[str], game: str, kind: str) -> None:
    """Delete the game's runs of ``kind`` from the ``runs`` table and their rows from ``tables``; a
    ``defaults`` run also replaces the game's ``preliminary`` ones."""
    kinds = (kind, "preliminary") if kind == "defaults" else (kind,)
    old = [r["id"] for k in kinds for r in db[runs].rows_where("game = ? AND kind = ?", [game, k])]
    for rid in old:
        for table in tables:
            db[table].delete_where("run_id = ?", [rid])
        db[runs].delete(rid)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def save(comparison: Comparison, path: str | Path | None = None, *, kind: str = "user",
         replace_kind: bool = False) -> str:
    """Write ``comparison`` into the results database at ``path`` in one transaction; its run id.
    With ``replace_kind``, the game's earlier runs of this ``kind`` are deleted in the same
    transaction."""
    _check_kind(kind)
    db = _db(path or default_path())
    run_id = uuid.uuid4().hex
    c = comparison
    with db.conn:
        _ensure(db)
        if replace_kind:
            _delete_runs(db, "compare_runs", ("compare_effects", "compare_metrics", "compare_variants"), c.game, kind)
        db["compare_runs"].insert({
            "id": run_id, "kind": kind, "created": _now(),
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


def save_assessment(assessment: Any, path: str | Path | None = None, *, kind: str = "user",
                    replace_kind: bool = False) -> str:
    """Write an :class:`engine.compare.assess.Assessment` into the results database at ``path`` in one
    transaction; its run id. With ``replace_kind``, the game's earlier assessment runs of this
    ``kind`` are deleted in the same transaction."""
    _check_kind(kind)
    a = assessment
    data = a.to_dict()
    db = _db(path or default_path())
    run_id = uuid.uuid4().hex
    limits = data["limits"] or {"turns": None, "moves": None}
    with db.conn:
        _ensure(db)
        if replace_kind:
            _delete_runs(db, "assess_runs", ASSESS_TABLES, a.game, kind)
        db["assess_runs"].insert({
            "id": run_id, "kind": kind, "created": _now(), "engine_version": a.engine_version,
            "git_commit": git_commit(), "game": a.game, "base": a.base, "agent": a.agent, "games": a.games,
            "seed": a.seed, "screen_games": a.screen_games, "skill_ladder": json.dumps(data["skill_ladder"]),
            "skill_games": a.skill_games, "top": a.top, "resamples": a.resamples,
            "turn_limit": limits["turns"], "move_limit": limits["moves"], "readings": len(a.readings),
            "evaluated": sum(r.evaluated for r in a.readings),
        })
        db["assess_criteria"].insert_all([
            {"run_id": run_id, "criterion": c["name"], "seq": i, "measure": c["measure"], "low": c["low"],
             "high": c["high"], "source": c["source"], "reason": c["reason"], "requires": c.get("requires")}
            for i, c in enumerate(data["criteria"])], alter=True)  # alter: a database saved before ``requires``
        readings, measures, verdicts, skill = [], [], [], []
        for rank, r in enumerate(data["readings"], start=1):
            s = r.get("skill") or {}
            readings.append({"run_id": run_id, "rank": rank, "label": r["label"], "ruleset": r["ruleset"],
                             "switches": json.dumps(r["switches"]), "evaluated": int(r["evaluated"]),
                             "meets": r["meets"], "skill": s.get("value"), "skill_low": s.get("low"),
                             "skill_high": s.get("high")})
            for play, found in (("random", r["screen"]), ("agent", r if r["evaluated"] else None)):
                if found is None:
                    continue
                measures += [{"run_id": run_id, "rank": rank, "play": play, "measure": k, **iv}
                             for k, iv in found["measures"].items()]
                verdicts += [{"run_id": run_id, "rank": rank, "play": play, "criterion": k,
                              "met": None if met is None else int(met)} for k, met in found["criteria"].items()]
            skill += [{"run_id": run_id, "rank": rank, "rung": k, "weak": int(lv["weak"].split(":")[1]),
                       "strong": int(lv["strong"].split(":")[1]), "games": lv["games"],
                       "win_rate": lv["win_rate"]["value"], "low": lv["win_rate"]["low"],
                       "high": lv["win_rate"]["high"]} for k, lv in enumerate(s.get("levels", []))]
        for table, rows in (("assess_readings", readings), ("assess_measures", measures),
                            ("assess_verdicts", verdicts), ("assess_skill", skill)):
            db[table].insert_all(rows)
    db.close()
    return run_id


def _iv(value: Any, low: Any, high: Any) -> dict[str, Any]:
    return {"value": value, "low": low, "high": high}


def assessment_of(run: Mapping[str, Any], rows: Mapping[str, Sequence[Mapping[str, Any]]]) -> dict[str, Any]:
    """The JSON of ``variorum assess --json`` (``Assessment.to_dict()``) from a saved run: ``run`` is
    its row of ``assess_runs``, ``rows`` each table of ``ASSESS_TABLES`` -> the run's rows (as
    ``ASSESSMENT_ROWS`` selects them). The run's row itself is under ``"run"``."""
    by_rank: dict[int, dict[str, Any]] = {}
    for r in rows["assess_readings"]:
        by_rank[r["rank"]] = {
            "ruleset": r["ruleset"], "switches": json.loads(r["switches"]), "label": r["label"],
            "evaluated": bool(r["evaluated"]), "screen": {"measures": {}, "criteria": {}}, "meets": r["meets"],
        }
        if r["evaluated"]:
            by_rank[r["rank"]].update(measures={}, criteria={}, skill=None if r["skill"] is None else {
                **_iv(r["skill"], r["skill_low"], r["skill_high"]), "levels": []})
    for m in rows["assess_measures"]:
        reading = by_rank[m["rank"]]
        (reading["screen"] if m["play"] == "random" else reading)["measures"][m["measure"]] = \
            _iv(m["value"], m["low"], m["high"])
    for v in rows["assess_verdicts"]:
        reading = by_rank[v["rank"]]
        (reading["screen"] if v["play"] == "random" else reading)["criteria"][v["criterion"]] = \
            None if v["met"] is None else bool(v["met"])
    # the run's agent was parsed when it ran (engine.agents.parse_agent): ``uct:N`` or ``uct:N:DEPTH``
    _, _, depth = run["agent"].partition(":")[2].partition(":")
    depth = int(depth) if depth else None
    for k in sorted(rows["assess_skill"], key=lambda k: (k["rank"], k["rung"])):
        by_rank[k["rank"]]["skill"]["levels"].append({
            "weak": rung_name(k["weak"], depth), "strong": rung_name(k["strong"], depth), "games": k["games"],
            "win_rate": _iv(k["win_rate"], k["low"], k["high"])})
    criteria = sorted(rows["assess_criteria"], key=lambda c: c["seq"])
    return {
        "game": run["game"], "seed": run["seed"], "agent": run["agent"], "engine_version": run["engine_version"],
        "criteria": [{"name": c["criterion"], "measure": c["measure"], "low": c["low"], "high": c["high"],
                      "source": c["source"], "reason": c["reason"], "requires": c.get("requires")}
                     for c in criteria],
        "screen": {"games": run["screen_games"], "agent": "random"},
        "games": run["games"], "skill_ladder": json.loads(run["skill_ladder"]), "skill_games": run["skill_games"],
        "top": run["top"], "resamples": run["resamples"],
        "limits": None if run["turn_limit"] is None else {"turns": run["turn_limit"], "moves": run["move_limit"]},
        "base": run["base"],
        "readings": [by_rank[k] for k in sorted(by_rank)],
        "run": dict(run),
    }


def load_assessment(path: str | Path | None = None, *, game: str | None = None,
                    run_id: str | None = None) -> dict[str, Any] | None:
    """The saved assessment ``run_id``, or the latest of ``game``, as :func:`assessment_of` gives it
    (None when there is none). Reads through a read-only connection."""
    if (game is None) == (run_id is None):
        raise ValueError("give a game or a run id")
    path = Path(path or default_path())
    if not path.exists():
        return None
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    try:
        if not conn.execute("select 1 from sqlite_master where name = 'assess_runs'").fetchone():
            return None
        sql, params = (LATEST_ASSESSMENT, {"game": game}) if run_id is None else \
            ("select * from assess_runs where id = :run", {"run": run_id})
        run = conn.execute(sql, params).fetchone()
        if run is None:
            return None
        rows = {t: [dict(r) for r in conn.execute(q, {"run": run["id"]})] for t, q in ASSESSMENT_ROWS.items()}
        return assessment_of(dict(run), rows)
    finally:
        conn.close()


def shortest_first(path: str | Path | None, game_ids: Sequence[str]) -> list[str]:
    """``game_ids`` ordered by the mean length (turns) of their default comparison's random games in
    the results database at ``path``, shortest first; games without one last, in the given order."""
    length: dict[str, float] = {}
    path = Path(path or default_path())
    if path.exists():
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            if conn.execute("select 1 from sqlite_master where name = 'compare_runs'").fetchone():
                length = dict(conn.execute(
                    """select r.game, avg(m.value) from compare_runs r
                         join compare_metrics m on m.run_id = r.id and m.measure = 'duration_turns'
                        where r.kind = 'defaults' group by r.game""").fetchall())
        finally:
            conn.close()
    return sorted(game_ids, key=lambda g: (g not in length, length.get(g, 0.0)))


def _games_with_rulesets(game_ids: Sequence[str] | None,
                         log: Callable[[str], None] | None) -> Iterator[tuple[str, list[str]]]:
    """(game, its rulesets of the archive) for ``game_ids`` (default: every game of the engine),
    skipping (and logging) the games the archive has no ruleset of; ValueError naming an unknown game."""
    from engine import rulesets
    from engine.games import GAMES, rules_of

    for game_id in game_ids or ():
        rules_of(game_id)  # ValueError naming an unknown game
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
        yield game_id, [r.id for r in found]


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
    out: dict[str, str] = {}
    for game_id, found in _games_with_rulesets(game_ids, log):
        tell = (lambda done, total, g=game_id: progress(g, done, total)) if progress else None
        c = compare(game_id, rulesets=found, games=games, seed=seed, jobs=jobs, progress=tell)
        out[game_id] = save(c, path, kind="defaults", replace_kind=True)
        if log:
            log(f"{game_id}: {len(found)} rulesets x {games} games -> run {out[game_id]}")
    return out


def assess_defaults(
    path: str | Path | None = None,
    *,
    agent: str,
    games: int,
    skill_levels: int,
    skill_games: int | None = None,
    screen_games: int | None = None,
    seed: int = 0,
    jobs: int = 1,
    scheduler: Any = None,
    checkpoint: str | Path | None = None,
    game_ids: Sequence[str] | None = None,
    budgets: Mapping[str, Mapping[str, Any]] | None = None,
    log: Callable[[str], None] | None = None,
    progress: Callable[[str, str, int, int], None] | None = None,
) -> dict[str, str]:
    """Assess every game's rulesets of the archive (engine.compare.assess.assess: the screen, then
    ``agent`` against itself, ``games`` games each, and a skill ladder of ``skill_levels`` rungs;
    the budget the site bakes is engine.cli.assess's DEFAULT_AGENT, DEFAULT_AGENT_GAMES and DEFAULT_SKILL_LEVELS)
    and save each as that game's ``defaults`` assessment (replacing the previous one), game by
    game, the games whose random games are shortest first (:func:`shortest_first`: an agent game
    costs about its length times the agent's iterations times a playout's length). ``checkpoint``:
    resume a killed bake. ``budgets``: a game's own agent, games or skill_levels in place of the
    arguments' (engine.cli.assess.GAME_BUDGETS). ``progress(game, phase, done, total)`` is told the
    games played. Returns game -> run id."""
    from engine.compare.assess import SCREEN_GAMES, assess
    from engine.games import GAMES

    out: dict[str, str] = {}
    order = shortest_first(path, list(game_ids or sorted(GAMES)))
    for game_id, found in _games_with_rulesets(order, log):
        tell = (lambda name, done, total, g=game_id: progress(g, name, done, total)) if progress else None
        own = {"agent": agent, "games": games, "skill_levels": skill_levels, **(budgets or {}).get(game_id, {})}
        a = assess(game_id, rulesets=found, agent=own["agent"], games=own["games"], skill_levels=own["skill_levels"],
                   skill_games=skill_games, screen_games=SCREEN_GAMES if screen_games is None else screen_games,
                   seed=seed, jobs=jobs, scheduler=scheduler, checkpoint=checkpoint, phase=tell)
        out[game_id] = save_assessment(a, path, kind="defaults", replace_kind=True)
        if log:
            log(f"{game_id}: {len(found)} rulesets assessed by {own['agent']} ({own['games']} games each) -> run {out[game_id]}")
    return out
