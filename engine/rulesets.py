"""The archive's rulesets, as the engine reads them: from ``data/`` or from a built archive database.

The archive is the authority for rulesets: the engine never keeps its own copy of a ruleset's
choices. It reads them from one of two sources:

- a folder of YAML records (``data/``, the default, what the CLI and the Python API use), through
  ``schema.load.load_archive``; cached per folder and refreshed when a YAML file there changes;
- a built archive database (``archive.db``, what ``variorum serve`` serves): read once per file
  (the served archive is immutable), so the play API answers from the same records as the pages,
  whatever happens to ``data/`` meanwhile.

``source`` arguments take either; :func:`use_source` sets the process's default (the play API's
worker processes set it to the served database).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from typing import TYPE_CHECKING

from schema.paths import DATA_DIR

if TYPE_CHECKING:  # schema.load (pydantic) is imported when records are read, not before
    from schema.load import Archive


@dataclass(frozen=True)
class ArchiveRuleset:
    """One ruleset of the archive: a named choice of every switch."""

    id: str
    name: str
    default: bool
    choices: dict[str, str]


_cache: dict[Path, tuple[tuple[tuple[str, float], ...], Archive]] = {}
_db_cache: dict[Path, dict[str, list[ArchiveRuleset]]] = {}
_default_source: Path | None = None


def use_source(source: str | Path | None) -> None:
    """Make ``source`` (a data folder or a built archive database) the default of this process;
    None: back to the project's ``data/``."""
    global _default_source
    if source is not None and not Path(source).exists():
        raise ValueError(f"no archive at {source}")
    _default_source = Path(source).resolve() if source is not None else None


def default_source() -> Path | None:
    """This process's default source (:func:`use_source`), None for the project's ``data/``."""
    return _default_source


def _is_database(path: Path) -> bool:
    return path.is_file() and path.suffix == ".db"


def _query(db: Path, *queries: str) -> list[list[tuple]]:
    """The rows of each query on a built archive database, opened read-only (it is immutable)."""
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro&immutable=1", uri=True)
        try:
            return [conn.execute(q).fetchall() for q in queries]
        finally:
            conn.close()
    except sqlite3.Error as exc:
        raise ValueError(f"the archive database {db} cannot be read: {exc}") from exc


def _db_rulesets(db: Path) -> dict[str, list[ArchiveRuleset]]:
    """Every game's rulesets in a built archive database (read once)."""
    hit = _db_cache.get(db)
    if hit is not None:
        return hit
    sets, choices, game_rows = _query(
        db, "select id, game_id, key, name, is_default from rulesets order by rowid",
        """select c.ruleset_id, c.switch_id, a.option from ruleset_choices c
             join alternatives a on a.id = c.alternative_id order by c.rowid""",
        "select id from games order by rowid")
    games = [g for (g,) in game_rows]
    chosen: dict[str, dict[str, str]] = {}
    for ruleset_id, switch_id, option in choices:
        chosen.setdefault(ruleset_id, {})[switch_id] = option
    out: dict[str, list[ArchiveRuleset]] = {g: [] for g in games}
    for rid, game_id, key, name, is_default in sets:
        out.setdefault(game_id, []).append(ArchiveRuleset(key, name, bool(is_default), chosen.get(rid, {})))
    _db_cache[db] = out
    return out


def _stamp(data_dir: Path) -> tuple[tuple[str, float], ...]:
    return tuple(sorted((str(p), p.stat().st_mtime) for p in data_dir.rglob("*.yaml")))


def load(data_dir: str | Path | None = None) -> Archive:
    """The archive in ``data_dir`` (default: the project's ``data/``); ValueError if it does not load."""
    from schema.load import RecordErrors, load_archive

    root = Path(data_dir) if data_dir is not None else DATA_DIR
    root = root.resolve()
    stamp = _stamp(root) if root.is_dir() else ()
    hit = _cache.get(root)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    try:
        archive = load_archive(root)
    except RecordErrors as exc:
        first = exc.errors[0] if exc.errors else "?"
        raise ValueError(
            f"the archive in {root} does not load ({len(exc.errors)} error(s); first: {first})"
        ) from exc
    _cache[root] = (stamp, archive)
    return archive


def rulesets(game_id: str, data_dir: str | Path | None = None) -> list[ArchiveRuleset]:
    """The archive's rulesets of ``game_id``, in the archive's order; ``data_dir`` is a folder of
    records or a built archive database (default: :func:`use_source`'s, else ``data/``)."""
    source = Path(data_dir) if data_dir is not None else _default_source
    if source is not None and _is_database(source):
        found = _db_rulesets(source.resolve())
        if game_id not in found:
            raise ValueError(f"the archive has no game {game_id!r}; games: {', '.join(sorted(found)) or 'none'}")
        return [ArchiveRuleset(r.id, r.name, r.default, dict(r.choices)) for r in found[game_id]]
    archive = load(source)
    if game_id not in archive.games:
        raise ValueError(f"the archive has no game {game_id!r}; games: {', '.join(sorted(archive.games)) or 'none'}")
    return [
        ArchiveRuleset(r.id, r.name, r.default, dict(r.choices)) for r in archive.games[game_id].rulesets
    ]


def ruleset(game_id: str, ruleset_id: str, data_dir: str | Path | None = None) -> ArchiveRuleset:
    """One ruleset of ``game_id``; ValueError naming it and listing the rulesets if there is none."""
    found = rulesets(game_id, data_dir)
    for r in found:
        if r.id == ruleset_id:
            return r
    raise ValueError(
        f"unknown ruleset {ruleset_id!r} for {game_id}; rulesets: {', '.join(r.id for r in found) or 'none'}"
    )


def default_ruleset(game_id: str, data_dir: str | Path | None = None) -> str | None:
    """The id of the archive's default ruleset of ``game_id``; None if the archive has no such game
    or marks no ruleset as its default."""
    try:
        found = rulesets(game_id, data_dir)
    except ValueError:
        return None
    return next((r.id for r in found if r.default), None)


def source_key() -> str:
    """The default source of this process, as a cache key ("" for ``data/``)."""
    return str(_default_source or "")


SwitchTexts = dict[str, tuple[str, dict[str, str]]]
_db_texts: dict[Path, dict[str, SwitchTexts]] = {}


def _db_switch_texts(db: Path) -> dict[str, SwitchTexts]:
    """Every game's switch texts in a built archive database (read once)."""
    hit = _db_texts.get(db)
    if hit is not None:
        return hit
    switches, options = _query(db, "select id, game_id, question from switches order by game_id, seq",
                               "select switch_id, option, label from alternatives order by switch_id, seq")
    labels: dict[str, dict[str, str]] = {}
    for switch_id, option, label in options:
        labels.setdefault(switch_id, {})[option] = " ".join(label.split())
    out: dict[str, SwitchTexts] = {}
    for switch_id, game_id, question in switches:
        out.setdefault(game_id, {})[switch_id] = (" ".join(question.split()), labels.get(switch_id, {}))
    _db_texts[db] = out
    return out


def switch_texts(game_id: str, data_dir: str | Path | None = None) -> SwitchTexts:
    """The archive's texts of ``game_id``'s switches: switch id -> (its question, option id -> the
    option's label). The engine declares only ids and options; its texts are the archive's, read
    from the same source as the rulesets (``data_dir``: a folder of records or a built archive
    database; default: :func:`use_source`'s, else ``data/``)."""
    source = Path(data_dir) if data_dir is not None else _default_source
    if source is not None and _is_database(source):
        found = _db_switch_texts(source.resolve())
        if game_id not in found:
            raise ValueError(f"the archive has no game {game_id!r}; games: {', '.join(sorted(found)) or 'none'}")
        return found[game_id]
    archive = load(source)
    if game_id not in archive.games:
        raise ValueError(f"the archive has no game {game_id!r}; games: {', '.join(sorted(archive.games)) or 'none'}")
    return {s.id: (" ".join(s.question.split()), {a.id: " ".join(a.label.split()) for a in s.alternatives})
            for s in archive.games[game_id].switches}
