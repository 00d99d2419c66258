"""Reconstructions in the results database (``variorum reconstruct --save``), beside the comparisons
and assessments of engine.compare.results, and read back for the game pages.

Tables (every row carries its ``run_id``):

- ``reconstruct_runs``: id, kind, created, engine_version, git_commit, game, base, agent, games,
  seed, screen_games, skill_ladder (JSON), skill_games, top, turn_limit, move_limit, readings,
  evaluated, switches (JSON list of the switches examined), criteria (JSON), nearest (JSON: each
  named ruleset, whether it fails, the fewest changes that pass the screen, the readings evaluated);
- ``reconstruct_readings``: run_id, reading (its index in the run), label, ruleset, switches (JSON),
  departures (JSON: switch, option, standing, words, sources), fit (JSON: the counts by standing,
  worst first), fit_summary, front (1 on the front of fit against playability), nearest_of (JSON
  list of rulesets), passes_screen, screen_meets (criteria met in the screen), evaluated, meets
  (under agent play if evaluated), skill, skill_low, skill_high;
- ``reconstruct_measures``: run_id, reading, play ("random" or "agent"), measure, value, low, high;
- ``reconstruct_verdicts``: run_id, reading, play, criterion, met.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.compare.results import PREFERRED, _check_kind, _db, _delete_runs, _now, default_path, git_commit

TABLES = ("reconstruct_readings", "reconstruct_measures", "reconstruct_verdicts")
"""The tables of a reconstruction's rows, keyed by ``run_id`` (the run is in ``reconstruct_runs``)."""
SHOWN = "front = 1 or ruleset is not null or nearest_of != '[]'"
"""The readings a game page shows: the front, the named rulesets and their nearest playable readings."""


def ensure_tables(db: Any) -> None:
    """Create the reconstruction tables if the database has none (engine.compare.results calls it)."""
    if "reconstruct_runs" in db.table_names():
        return
    fk = [("run_id", "reconstruct_runs", "id")]
    db["reconstruct_runs"].create({
        "id": str, "kind": str, "created": str, "engine_version": str, "git_commit": str, "game": str, "base": str,
        "agent": str, "games": int, "seed": int, "screen_games": int, "skill_ladder": str, "skill_games": int,
        "top": int, "turn_limit": int, "move_limit": int, "readings": int, "evaluated": int, "switches": str,
        "criteria": str, "nearest": str,
    }, pk="id")
    db["reconstruct_readings"].create({
        "run_id": str, "reading": int, "label": str, "ruleset": str, "switches": str, "departures": str,
        "fit": str, "fit_summary": str, "front": int, "nearest_of": str, "passes_screen": int, "screen_meets": int,
        "evaluated": int, "meets": int, "skill": float, "skill_low": float, "skill_high": float,
    }, pk=("run_id", "reading"), foreign_keys=fk)
    db["reconstruct_measures"].create({
        "run_id": str, "reading": int, "play": str, "measure": str, "value": float, "low": float, "high": float,
    }, pk=("run_id", "reading", "play", "measure"), foreign_keys=fk)
    db["reconstruct_verdicts"].create({
        "run_id": str, "reading": int, "play": str, "criterion": str, "met": int,
    }, pk=("run_id", "reading", "play", "criterion"), foreign_keys=fk)
    db["reconstruct_runs"].create_index(["game", "kind"], if_not_exists=True)


def save_reconstruction(rec: Any, path: str | Path | None = None, *, kind: str = "user",
                        replace_kind: bool = False) -> str:
    """Write an :class:`engine.compare.reconstruct.Reconstruction` into the results database at
    ``path`` in one transaction; its run id."""
    _check_kind(kind)
    data = rec.to_dict()
    db = _db(path or default_path())
    run_id = uuid.uuid4().hex
    limits = data["limits"] or {"turns": None, "moves": None}
    with db.conn:
        ensure_tables(db)
        if replace_kind:
            _delete_runs(db, "reconstruct_runs", TABLES, rec.game, kind)
        readings, measures, verdicts = [], [], []
        for i, r in enumerate(data["readings"]):
            s = r.get("skill") or {}
            readings.append({
                "run_id": run_id, "reading": i, "label": r["label"], "ruleset": r["ruleset"],
                "switches": json.dumps(r["switches"]), "departures": json.dumps(r["departures"], ensure_ascii=False),
                "fit": json.dumps(r["fit"]), "fit_summary": r["fit_summary"], "front": int(r["front"]),
                "nearest_of": json.dumps(r["nearest_of"]), "passes_screen": int(r["passes_screen"]),
                "screen_meets": r["screen_meets"], "evaluated": int(r["evaluated"]), "meets": r["meets"], "skill": s.get("value"),
                "skill_low": s.get("low"), "skill_high": s.get("high")})
            for play, found in (("random", r["screen"]), ("agent", r if r["evaluated"] else None)):
                if found is None:
                    continue
                measures += [{"run_id": run_id, "reading": i, "play": play, "measure": k, **iv}
                             for k, iv in found["measures"].items()]
                verdicts += [{"run_id": run_id, "reading": i, "play": play, "criterion": k,
                              "met": None if met is None else int(met)} for k, met in found["criteria"].items()]
        db["reconstruct_runs"].insert({
            "id": run_id, "kind": kind, "created": _now(), "engine_version": rec.engine_version,
            "git_commit": git_commit(), "game": rec.game, "base": rec.base, "agent": rec.agent, "games": rec.games,
            "seed": rec.seed, "screen_games": rec.screen_games, "skill_ladder": json.dumps(data["skill_ladder"]),
            "skill_games": rec.skill_games, "top": rec.top, "turn_limit": limits["turns"],
            "move_limit": limits["moves"], "readings": len(readings), "evaluated": sum(r["evaluated"] for r in readings),
            "switches": json.dumps(data["switches"]), "criteria": json.dumps(data["criteria"], ensure_ascii=False),
            "nearest": json.dumps(data["nearest"]),
        })
        for table, rows in (("reconstruct_readings", readings), ("reconstruct_measures", measures),
                            ("reconstruct_verdicts", verdicts)):
            db[table].insert_all(rows, batch_size=2000)
    db.close()
    return run_id


LATEST = f"select * from reconstruct_runs where game = :game order by {PREFERRED} limit 1"
"""The reconstruction of a game the page shows (parameter ``game``): the latest, a preliminary one
only when there is no other."""


def reconstruction_of(conn: Any, game: str) -> dict[str, Any] | None:
    """The latest reconstruction of ``game`` as the page shows it, read with the sqlite3 connection
    ``conn`` in one transaction (None when there is none): the run, its criteria and nearest entries,
    and the readings shown (``SHOWN``) by index, each with its departures, verdicts and measures."""
    conn.execute("begin")
    try:
        if not conn.execute("select 1 from sqlite_master where name = 'reconstruct_runs'").fetchone():
            return None
        cur = conn.execute(LATEST, {"game": game})
        row = cur.fetchone()
        if row is None:
            return None
        run = dict(zip([d[0] for d in cur.description], row))
        cur = conn.execute(f"select * from reconstruct_readings where run_id = ? and ({SHOWN})", [run["id"]])
        names = [d[0] for d in cur.description]
        readings: dict[int, dict[str, Any]] = {}
        for values in cur.fetchall():
            r = dict(zip(names, values))
            for k in ("switches", "departures", "fit", "nearest_of"):
                r[k] = json.loads(r[k])
            r.update(measures={"random": {}, "agent": {}}, criteria={"random": {}, "agent": {}})
            readings[r["reading"]] = r
        marks = ",".join("?" * len(readings))
        if readings:
            for i, play, m, v, lo, hi in conn.execute(
                    f"select reading, play, measure, value, low, high from reconstruct_measures where run_id = ? "
                    f"and reading in ({marks})", [run["id"], *readings]):
                readings[i]["measures"][play][m] = {"value": v, "low": lo, "high": hi}
            for i, play, c, met in conn.execute(
                    f"select reading, play, criterion, met from reconstruct_verdicts where run_id = ? "
                    f"and reading in ({marks})", [run["id"], *readings]):
                readings[i]["criteria"][play][c] = None if met is None else bool(met)
    finally:
        conn.execute("rollback")
    for k in ("switches", "criteria", "nearest", "skill_ladder"):
        run[k] = json.loads(run[k])
    return {"run": run, "readings": readings}


def load_reconstruction(path: str | Path | None = None, *, game: str) -> Mapping[str, Any] | None:
    """:func:`reconstruction_of` from the results database at ``path``."""
    import sqlite3

    path = Path(path or default_path())
    if not path.exists():
        return None
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
    try:
        return reconstruction_of(conn, game)
    finally:
        conn.close()
