"""Making a release of the archive (``variorum release``) and checking old releases' play.

:func:`make` builds the archive from ``data/`` into a new numbered folder (schema/releases.py
describes the files), plays the golden playthroughs (one seeded random game per ruleset of every
game, with the switch values of the release's own database), writes the release notes against the
previous release's database and golden playthroughs, and moves the folder into place only when
complete; the files are made read-only and a release number is never reused.

:func:`check` replays an old release's golden playthroughs with the current engine: where the
current engine plays a ruleset of that release differently, the old release's pages say so.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import sqlite3
import stat
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from schema import releases as R

SEED = 2026
"""The seed of every golden playthrough (the game's and the random agent's)."""
RECORD_TABLES = ("games", "sources", "source_lineage", "evidence", "statements", "switches", "alternatives",
                 "rulesets", "ruleset_choices", "related_games")
CITATION_TABLES = ("game_citations", "related_game_citations", "evidence_citations", "statement_citations",
                   "alternative_citations", "ruleset_citations")


# --- golden playthroughs ----------------------------------------------------------------------

def _choices(db: Path) -> dict[str, dict[str, dict[str, str]]]:
    """game -> ruleset key -> every switch's option, from an archive database."""
    out: dict[str, dict[str, dict[str, str]]] = {}
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        for game, key, sid, option in conn.execute(
                """select r.game_id, r.key, c.switch_id, a.option from rulesets r
                     join ruleset_choices c on c.ruleset_id = r.id join alternatives a on a.id = c.alternative_id
                    order by r.game_id, r.key"""):
            out.setdefault(game, {}).setdefault(key, {})[sid] = option
    finally:
        conn.close()
    return out


def playthrough(game_id: str, switches: dict[str, str], seed: int = SEED, source: Path | None = None) -> dict[str, Any]:
    """A seeded random game under ``switches`` (of the game as the archive ``source`` describes it,
    default ``data/``): its moves, result, and a digest of every decision (player to move, legal
    moves, move, board after)."""
    import engine
    from engine.agents import RandomAgent

    state = engine.load_game(game_id, switches=switches, data_dir=source).new_state(seed)
    agent = RandomAgent(seed)
    digest = hashlib.sha256()
    while not state.is_terminal():
        to_move, legal = state.to_move, state.legal_moves_text()
        move = agent.choose(state)
        state.apply(move)
        board = {k: v for k, v in state.board().items() if k != "sites"}
        digest.update(json.dumps([to_move, legal, state.move_to_text(move), board], sort_keys=True).encode())
    result = state.result()
    return {"switches": dict(sorted(switches.items())), "seed": seed,
            "moves": [state.move_to_text(m) for m in state.history()],
            "result": result.to_dict() if result else None, "steps_sha256": digest.hexdigest()}


def golden(db: Path) -> dict[str, Any]:
    """The golden playthroughs of every ruleset of every game the engine plays, from ``db``: its
    rulesets, played as its own descriptions describe the games (engine.descriptions)."""
    from engine import ENGINE_FINGERPRINT
    from engine.games import GAMES

    games = {}
    for game_id, rulesets in sorted(_choices(db).items()):
        if game_id not in GAMES:
            continue
        games[game_id] = {key: playthrough(game_id, values, source=db) for key, values in sorted(rulesets.items())}
    return {"engine": ENGINE_FINGERPRINT, "seed": SEED, "games": games}


def differences(old: dict[str, Any], new: dict[str, Any]) -> dict[str, dict[str, str]]:
    """game -> ruleset -> how ``new``'s playthrough differs from ``old``'s (rulesets in both)."""
    out: dict[str, dict[str, str]] = {}
    for game_id, rulesets in old.get("games", {}).items():
        for key, a in rulesets.items():
            b = new.get("games", {}).get(game_id, {}).get(key)
            if b is None or a["steps_sha256"] == b["steps_sha256"]:
                continue
            first = next((i for i, (x, y) in enumerate(zip(a["moves"], b["moves"])) if x != y), None)
            if first is None and len(a["moves"]) != len(b["moves"]):
                first = min(len(a["moves"]), len(b["moves"]))
            if a["switches"] != b["switches"]:
                why = "its switches changed"
            else:
                why = "the same switches played differently"
            where = f"first different at move {first + 1}" if first is not None else \
                "same moves, different positions or result"
            out.setdefault(game_id, {})[key] = f"{why}: {where}"
    return out


def check(number: int, root: str | Path | None = None) -> dict[str, Any]:
    """Replay release ``number``'s golden playthroughs with the current engine (its switch values,
    its seed, its own descriptions of the games): where the current engine plays a ruleset
    differently. Kept per engine fingerprint
    in ``<releases>/checks/<fingerprint>/<N>.json`` (outside the immutable release folders)."""
    from engine import ENGINE_FINGERPRINT
    from engine.games import GAMES

    R.manifest(number, root)  # ValueError naming the releases there are
    folder = R.releases_dir(root)
    cached = folder / "checks" / ENGINE_FINGERPRINT / f"{number}.json"
    if cached.is_file():
        return json.loads(cached.read_text())
    old = json.loads((folder / str(number) / "golden.json").read_text())
    db = folder / str(number) / "archive.db"
    now: dict[str, Any] = {"games": {}}
    unplayable: dict[str, dict[str, str]] = {}
    for game_id, rulesets in old["games"].items():
        for key, g in rulesets.items():
            if game_id not in GAMES:
                unplayable.setdefault(game_id, {})[key] = "the current engine does not play this game"
                continue
            try:
                now["games"].setdefault(game_id, {})[key] = playthrough(game_id, g["switches"], g["seed"], db)
            except ValueError as exc:  # a switch or option the engine no longer has
                unplayable.setdefault(game_id, {})[key] = f"the current engine cannot play it: {exc}"
    found = differences(old, now)
    for game_id, rulesets in unplayable.items():
        found.setdefault(game_id, {}).update(rulesets)
    out = {"release": number, "engine": ENGINE_FINGERPRINT, "release_engine": old["engine"], "differs": found}
    cached.parent.mkdir(parents=True, exist_ok=True)
    tmp = cached.with_suffix(".tmp")
    tmp.write_text(json.dumps(out, indent=2, sort_keys=True) + "\n")
    os.replace(tmp, cached)
    return out


# --- a release's figures ----------------------------------------------------------------------

FIGURES_DONE = ".done"
"""The mark, beside a release's figures, that every section of every game was baked (saved once)."""
FIGURES_BAKING = ".assessing"
"""The mark, beside a release's figures, that they are being baked (it holds the bake's process id)."""


def figures_dir(number: int, root: str | Path | None = None) -> Path:
    """Where release ``number``'s figures are kept: ``<releases>/figures/<N>/`` (``results.db``, the
    bake's progress and marks), outside the immutable release folder, which the site serves them from."""
    return R.releases_dir(root) / "figures" / str(number)


def figures_done(number: int, root: str | Path | None = None) -> bool:
    return (figures_dir(number, root) / FIGURES_DONE).is_file()


def bake_figures(number: int, root: str | Path | None = None, *, console: Any = None, games: list[str] | None = None,
                 overrides: dict[str, dict[str, Any]] | None = None, total_seconds: float | None = None) -> Path:
    """Bake release ``number``'s figures once: every section of every game the current engine plays
    (``games``: these only),
    from the release's own records (its ``archive.db``), preliminary then at the default budgets
    (engine.cli.bake), into ``figures_dir(number)/results.db``; a killed bake resumes where it
    stopped, a finished one is never redone. Returns the results database."""
    from rich.console import Console

    from engine.cli.bake import REFINING, bake_figures as bake
    from engine.cli.bake_progress import BakeLog
    from engine.compare.first_run import FIRST_FIGURES_SECONDS
    from engine.games import GAMES

    R.manifest(number, root)  # ValueError naming the releases there are
    folder = figures_dir(number, root)
    results = folder / "results.db"
    if figures_done(number, root):
        return results
    folder.mkdir(parents=True, exist_ok=True)
    (folder / FIGURES_BAKING).write_text(str(os.getpid()))
    games = sorted(games or GAMES)
    log = BakeLog(folder, console or Console(stderr=True), None,
                  {"preliminary": games, **{stage: games for stage in REFINING.values()}})
    try:
        bake(R.releases_dir(root) / str(number) / "archive.db", results, games, log, fresh=False,
             checkpoint=folder / "checkpoint.db", overrides=overrides,
             total_seconds=FIRST_FIGURES_SECONDS if total_seconds is None else total_seconds)
        (folder / FIGURES_DONE).write_text(datetime.now(timezone.utc).isoformat(timespec="seconds") + "\n")
    finally:
        log.close()
        (folder / FIGURES_BAKING).unlink(missing_ok=True)
    return results


# --- release notes ----------------------------------------------------------------------------

def _rows(db: Path, table: str) -> dict[str, str]:
    """A table's rows by id (its primary key, else its whole content), each as canonical JSON
    without row numbers."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    try:
        if not conn.execute("select 1 from sqlite_master where name = ?", (table,)).fetchone():
            return {}
        out = {}
        for r in conn.execute(f"select * from {table}"):
            d = dict(r)
            d.pop("seq", None)
            if table in CITATION_TABLES or table in ("ruleset_choices", "source_lineage"):
                d.pop("id", None)
                owner = next((d[k] for k in d if k.endswith("_id") and k != "source_id"
                              and not k.startswith("read_at")), "")
                key = f"{owner} <- {d.get('source_id', '')}" if table in CITATION_TABLES else \
                    f"{owner}: {d.get('switch_id', d.get('source_id', ''))}"
                text = json.dumps(d, sort_keys=True, default=str)
                key_n, n = key, 2
                while key_n in out and out[key_n] != text:
                    key_n, n = f"{key} ({n})", n + 1
                out[key_n] = text
            else:
                out[str(d.get("id"))] = json.dumps(d, sort_keys=True, default=str)
        return out
    finally:
        conn.close()


def changes(old_db: Path | None, new_db: Path, old_golden: dict | None, new_golden: dict) -> dict[str, Any]:
    """What changed from one release's database and playthroughs to the next's."""
    out: dict[str, Any] = {"records": {}, "citations": {}}
    for group, tables in (("records", RECORD_TABLES), ("citations", CITATION_TABLES)):
        for table in tables:
            a = _rows(old_db, table) if old_db else {}
            b = _rows(new_db, table)
            diff = {"added": sorted(set(b) - set(a)), "removed": sorted(set(a) - set(b)),
                    "changed": sorted(k for k in set(a) & set(b) if a[k] != b[k])}
            if any(diff.values()):
                out[group][table] = diff
    out["play_changed"] = differences(old_golden, new_golden) if old_golden else {}
    return out


LABELS = {"switches": "Switches", "alternatives": "Options (alternatives of a switch)", "rulesets": "Rulesets",
          "ruleset_choices": "Ruleset choices"}


def notes(m: dict[str, Any], found: dict[str, Any]) -> str:
    """The release notes (Markdown) of release manifest ``m`` from its ``changes``."""
    prev = m.get("previous")
    lines = [f"# Variorum release {m['release']} ({m['date']})", "",
             f"- archive hash: `{m['archive']}` (of its archive.db: the hash its pages and citations print)",
             f"- data/ hash: `{m['data']}` (of the records it was built from)", f"- engine fingerprint: `{m['engine']}` (numba {m['numba']})",
             f"- canonical address: {m.get('base_url') or 'none configured'}", ""]
    if prev is None:
        lines += ["The first release: every record is new.", ""]
    else:
        lines += [f"Changes since release {prev}.", ""]
    for group, title in (("records", "Records"), ("citations", "Citations")):
        lines.append(f"## {title}")
        lines.append("")
        if not found[group]:
            lines += ["No change.", ""]
            continue
        for table, diff in found[group].items():
            lines.append(f"### {LABELS.get(table, table.replace('_', ' ').capitalize())}")
            for kind in ("added", "changed", "removed"):
                if diff[kind] and (prev is not None or kind != "added" or len(diff[kind]) <= 12):
                    lines.append(f"- {kind} ({len(diff[kind])}): " + ", ".join(f"`{k}`" for k in diff[kind]))
                elif diff[kind]:
                    lines.append(f"- {kind}: {len(diff[kind])}")
            lines.append("")
    lines += ["## Rulesets whose play changed", ""]
    if prev is None:
        lines += ["(No earlier release to compare with.)", ""]
    elif not found["play_changed"]:
        lines += [f"None: every ruleset in both releases plays its golden playthrough (seed {SEED}) as in release {prev}.", ""]
    else:
        for game_id, rulesets in sorted(found["play_changed"].items()):
            for key, why in sorted(rulesets.items()):
                lines.append(f"- {game_id} `{key}`: {why}")
        lines.append("")
    return "\n".join(lines)


# --- making a release -------------------------------------------------------------------------

LOCK = ".lock"
"""The file in the releases folder that serialises releases (an exclusive ``flock`` while one is made)."""


@contextlib.contextmanager
def _locked(folder: Path, say):
    """Hold the releases folder's lock: one release is made at a time; a second waits its turn."""
    import fcntl

    with open(folder / LOCK, "a+") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            say("another release is being made in this folder; waiting for it")
            fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def make(data_dir: str | Path | None = None, root: str | Path | None = None, base_url: str | None = None,
         date: str | None = None, log=None) -> dict[str, Any]:
    """Make the next release from ``data_dir``: its manifest. ValueError on bad records or input.

    Releases are serialised by a lock on the releases folder, so two at once get two numbers and
    neither touches the other's work. The records are copied first and the release is built, and
    its data/ hash computed, from that copy; its archive hash is the hash of the database it holds;
    "nothing to release" compares that database with the previous release's."""
    from engine import ENGINE_FINGERPRINT
    from engine.cli.archive import engine_check
    from engine.fingerprint import data_hash, numba_version
    from schema.build import build
    from schema.citation import check_base_url
    from schema.load import RecordErrors
    from schema.paths import DATA_DIR

    started = time.perf_counter()
    say = log or (lambda _s: None)
    data = Path(data_dir) if data_dir is not None else DATA_DIR
    folder = R.releases_dir(root)
    folder.mkdir(parents=True, exist_ok=True)
    base_url = check_base_url(base_url)
    if date is not None and not _is_date(date):
        raise ValueError(f"a release date is YYYY-MM-DD, not {date!r}")
    with _locked(folder, say):
        if date is None:
            date = R.today()
        made = R.numbers(folder)
        number = made[-1] + 1 if made else 1
        prev = R.manifest(made[-1], folder) if made else None
        if prev and date < prev["date"]:
            raise ValueError(f"release {number} cannot be dated {date}, before release {prev['release']} ({prev['date']})")
        tmp = Path(tempfile.mkdtemp(prefix=f".{number}.", suffix=".tmp", dir=folder))
        try:
            records = tmp.parent / f"{tmp.name}.data"
            shutil.copytree(data, records)  # one state of the records: hashed and built from the same files
            say(f"building the archive from {data}")
            try:
                build(records, tmp / "archive.db", checks=[engine_check])
            except RecordErrors as exc:
                raise ValueError(f"the records do not build:\n{exc}") from None
            archive = R.archive_hash(tmp / "archive.db")
            if prev and R.archive_hash_of(prev) == archive and prev["engine"] == ENGINE_FINGERPRINT:
                raise ValueError(f"nothing to release: the archive (archive {archive}) and the engine "
                                 f"({ENGINE_FINGERPRINT}) are those of release {prev['release']}")
            say("playing the golden playthroughs")
            gold = golden(tmp / "archive.db")
            (tmp / "golden.json").write_text(json.dumps(gold, indent=1, sort_keys=True) + "\n")
            old_db = folder / str(prev["release"]) / "archive.db" if prev else None
            old_gold = json.loads((folder / str(prev["release"]) / "golden.json").read_text()) if prev else None
            found = changes(old_db, tmp / "archive.db", old_gold, gold)
            m: dict[str, Any] = {
                "format": "variorum-release/1", "release": number, "date": date,
                "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                "archive": archive, "data": data_hash(records), "engine": ENGINE_FINGERPRINT,
                "numba": numba_version(), "base_url": base_url, "previous": prev["release"] if prev else None,
            }
            (tmp / "changes.json").write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
            (tmp / "NOTES.md").write_text(notes(m, found))
            m["files"] = {p.name: {"bytes": p.stat().st_size, "sha256": R.file_sha256(p)}
                          for p in sorted(tmp.iterdir())}
            if m["files"]["archive.db"]["sha256"][:R.HASH_CHARS] != archive:
                raise ValueError("the archive database changed while the release was made")
            m["bytes"] = sum(f["bytes"] for f in m["files"].values())
            m["seconds"] = round(time.perf_counter() - started, 1)
            (tmp / R.MANIFEST).write_text(json.dumps(m, indent=2, sort_keys=True) + "\n")
            for p in tmp.iterdir():
                p.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
            final = folder / str(number)
            if final.exists():
                raise ValueError(f"release {number} exists already in {folder}: releases are never replaced")
            tmp.chmod(0o755)
            os.rename(tmp, final)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
            shutil.rmtree(tmp.parent / f"{tmp.name}.data", ignore_errors=True)
    return m


def _is_date(text: str) -> bool:
    try:
        return datetime.strptime(text, "%Y-%m-%d").date().isoformat() == text
    except ValueError:
        return False
