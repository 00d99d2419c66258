"""Solved values: the perfect-play value of each ruleset of a game that an exact solver plays
within a budget, a measure beside the comparator's figures (issue 31 item 5).

The bake (``variorum solve defaults``) takes every ruleset of the games the solver plays
(:data:`engine.mancala.solver.readings.READINGS`), maps its switch values to the solver's
parameters, solves each distinct one once within ``budget`` seconds and saves one row a ruleset
in the results database's table ``solved_readings``:

- game, ruleset, switches (JSON of every switch value), status ("solved"; "unsolvable": the
  solver does not play the reading; "over-budget"), value (final score difference, first player
  minus second, under perfect play), best_move (the first player's hole, 1 = farthest from the
  store), nodes, seconds, cpu_seconds (of the solve that gave the value), reason (why not solved),
  parameters (JSON: the solver's), created (UTC, ISO 8601), engine_version, git_commit.

A bake replaces the game's rows in one transaction. A value the table already holds for the same
parameters and engine is kept, not solved again (a solve of Kalah(6,4) costs a minute). The site
reads the table (:func:`solved_values`); nothing is solved inside a request.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

TABLE = "solved_readings"
"""The table of solved values in the results database."""

DEFAULT_BUDGET = 300.0
"""Seconds a bake gives each distinct reading (Kalah(6,4) takes about a minute of CPU)."""

TABLE_BITS = 25
"""The solver's transposition table in the bake: 2**25 buckets, 1 GB (Kalah(6,4) in 52 s of CPU against
63 s with half of it: benchmarks/solver.txt)."""

COLUMNS = {
    "game": str, "ruleset": str, "switches": str, "status": str, "value": int, "best_move": int, "nodes": int,
    "seconds": float, "cpu_seconds": float, "reason": str, "parameters": str, "created": str,
    "engine_version": str, "git_commit": str,
}


def _solve(reading: Any, budget: float, database: int | None) -> dict[str, Any]:
    from engine.mancala.solver import solve

    try:
        s = solve(reading.holes, reading.counters, reading.empty_capture, remaining=reading.remaining,
                  end=reading.end, budget=budget, database=database, table_bits=TABLE_BITS)
    except TimeoutError as exc:
        return {"status": "over-budget", "reason": str(exc)}
    return {"status": "solved", "value": s.value, "best_move": s.best_move + 1, "nodes": s.nodes,
            "seconds": round(s.seconds, 2), "cpu_seconds": round(s.cpu_seconds, 2)}


def solve_defaults(path: str | Path | None = None, *, budget: float = DEFAULT_BUDGET,
                   game_ids: Sequence[str] | None = None, database: int | None = None,
                   data_dir: str | Path | None = None,
                   log: Callable[[str], None] | None = None) -> dict[str, list[dict[str, Any]]]:
    """Solve every ruleset of the games the solver plays (``game_ids``: only these; ValueError for
    a game it does not play; the rulesets of the archive at ``data_dir``, default ``data/``) and
    save the rows into the results database at ``path`` (default ``site/results.db``), one
    transaction a game. ``database``: the solver's endgame database (default its own choice).
    Returns game -> its rows."""
    import engine
    from engine import ENGINE_FINGERPRINT, rulesets
    from engine.compare.results import _db, _now, default_path, git_commit
    from engine.mancala.solver.readings import READINGS

    if budget is None or not budget > 0:
        raise ValueError(f"budget must be a positive number of seconds, not {budget}")
    for g in game_ids or ():
        if g not in READINGS:
            raise ValueError(f"no solver plays {g!r} (the solver plays {', '.join(sorted(READINGS))})")
    db = _db(path or default_path())
    kept: dict[str, dict[str, Any]] = {}
    if TABLE in db.table_names():
        for row in db[TABLE].rows_where("status = 'solved' and engine_version = ?", [ENGINE_FINGERPRINT]):
            kept[row["parameters"]] = {k: row[k] for k in ("status", "value", "best_move", "nodes", "seconds",
                                                             "cpu_seconds")}
    out: dict[str, list[dict[str, Any]]] = {}
    commit = git_commit()
    for game_id in game_ids or sorted(READINGS):
        rows = []
        for rs in rulesets.rulesets(game_id, data_dir):
            values = engine.resolve(game_id, rs.id, data_dir=data_dir)
            reading = READINGS[game_id](values)
            parameters = json.dumps(reading.__dict__, sort_keys=True)
            if reading.unsolvable:
                result: dict[str, Any] = {"status": "unsolvable", "reason": reading.unsolvable}
            elif parameters in kept:
                result = kept[parameters]
            else:
                started = time.perf_counter()
                result = _solve(reading, budget, database)
                if result["status"] == "solved":
                    kept[parameters] = result
                if log:
                    log(f"{game_id} {rs.id}: {result['status']} {result.get('value', '')} "
                        f"({time.perf_counter() - started:.1f} s)")
            rows.append({"game": game_id, "ruleset": rs.id, "switches": json.dumps(values, sort_keys=True),
                         "parameters": parameters, "created": _now(), "engine_version": ENGINE_FINGERPRINT,
                         "git_commit": commit, **result})
        with db.conn:
            if TABLE not in db.table_names():
                db[TABLE].create(COLUMNS)
            db[TABLE].delete_where("game = ?", [game_id])
            db[TABLE].insert_all(rows, columns=COLUMNS)
        out[game_id] = rows
    return out


def outcome(value: int) -> str:
    """The value in words: "a first-player win by 10", "a draw"."""
    if value == 0:
        return "a draw"
    return f"a first-player {'win' if value > 0 else 'loss'} by {abs(value)}"


def solved_values(conn: Any, game_id: str) -> list[dict[str, Any]]:
    """The game's rows of the table (``conn`` a sqlite3 connection to the results database), each
    with ``outcome`` in words when solved; [] when the table is absent or holds none."""
    has = conn.execute("select 1 from sqlite_master where type = 'table' and name = ?", [TABLE]).fetchone()
    if not has:
        return []
    cursor = conn.execute(f"select * from {TABLE} where game = ? order by rowid", [game_id])
    names = [d[0] for d in cursor.description]
    rows = [dict(zip(names, r)) for r in cursor.fetchall()]
    for r in rows:
        r["outcome"] = outcome(r["value"]) if r["status"] == "solved" else None
    return rows
