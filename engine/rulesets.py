"""The archive's rulesets and switch texts, as the engine reads them from ``data/``.

The archive (``schema.load.load_archive``) is the authority for rulesets: the engine never keeps
its own copy of a ruleset's choices. Reading is cached per data folder and refreshed when a YAML
file there changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from schema.load import Archive, RecordErrors, load_archive
from schema.paths import DATA_DIR


@dataclass(frozen=True)
class ArchiveRuleset:
    """One ruleset of the archive: a named choice of every switch."""

    id: str
    name: str
    default: bool
    choices: dict[str, str]


_cache: dict[Path, tuple[tuple[tuple[str, float], ...], Archive]] = {}


def _stamp(data_dir: Path) -> tuple[tuple[str, float], ...]:
    return tuple(sorted((str(p), p.stat().st_mtime) for p in data_dir.rglob("*.yaml")))


def load(data_dir: str | Path | None = None) -> Archive:
    """The archive in ``data_dir`` (default: the project's ``data/``); ValueError if it does not load."""
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
    """The archive's rulesets of ``game_id``, in the archive's order."""
    archive = load(data_dir)
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


def switch_texts(game_id: str, data_dir: str | Path | None = None) -> dict[str, tuple[str, dict[str, str]]]:
    """The archive's texts of ``game_id``'s switches: switch id -> (its question, option id -> the
    option's label). The engine declares only ids and options; its texts are the archive's."""
    archive = load(data_dir)
    if game_id not in archive.games:
        raise ValueError(f"the archive has no game {game_id!r}; games: {', '.join(sorted(archive.games)) or 'none'}")
    return {s.id: (" ".join(s.question.split()), {a.id: " ".join(a.label.split()) for a in s.alternatives})
            for s in archive.games[game_id].switches}
