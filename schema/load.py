"""Reading ``data/``: YAML files -> validated records, with errors that name file, record, field and line.

``load_archive(data_dir)`` is the one entry point; it returns an :class:`Archive` or raises
:class:`RecordErrors` listing every defect found (not only the first).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from schema.records import GameFile, Source, SourcesFile
from schema.sowing import SowingDescription

SOURCES_FILE = "sources.yaml"
GAMES_DIR = "games"
SOWING_DIR = "sowing"


@dataclass(frozen=True)
class RecordError:
    """One defect in the records."""

    file: str
    message: str
    record: str | None = None
    field: str | None = None
    line: int | None = None

    def __str__(self) -> str:
        where = self.file + (f":{self.line}" if self.line else "")
        parts = [where]
        if self.record:
            parts.append(f"record {self.record!r}")
        if self.field:
            parts.append(f"field {self.field!r}")
        return ": ".join([", ".join(parts), self.message])


class RecordErrors(ValueError):
    """The records in ``data/`` are not valid; ``errors`` lists every defect."""

    def __init__(self, errors: list[RecordError]):
        self.errors = errors
        lines = "\n".join(f"  {e}" for e in errors)
        super().__init__(f"{len(errors)} error(s) in the records:\n{lines}")


@dataclass
class Archive:
    """Every record of ``data/``, validated."""

    data_dir: Path
    sources: dict[str, Source]
    games: dict[str, GameFile]
    files: dict[str, Path] = field(default_factory=dict)  # game id -> file it came from
    nodes: dict[Path, "_Located"] = field(default_factory=dict)  # file -> its YAML node tree, for line numbers
    sowing: dict[str, SowingDescription] = field(default_factory=dict)  # game id -> its sowing description

    def line_of(self, path: Path, fields: tuple[Any, ...]) -> int | None:
        located = self.nodes.get(path)
        return located.line_of(fields) if located else None

    @property
    def sources_path(self) -> Path:
        return self.data_dir / SOURCES_FILE

    def display(self, path: Path) -> str:
        """A file's name as errors show it (relative to the data folder's parent)."""
        return _rel(path, self.data_dir)

    def switch_ids(self, game_id: str) -> list[str]:
        return [s.id for s in self.games[game_id].switches]


def _rel(path: Path, root: Path) -> str:
    try:
        return str(path.relative_to(root.parent))
    except ValueError:
        return str(path)


class _Located:
    """A YAML document's node tree, to find the line of a field from its path."""

    def __init__(self, node: yaml.Node | None):
        self.node = node

    def line_of(self, path: tuple[Any, ...]) -> int | None:
        node = self.node
        line = node.start_mark.line + 1 if node is not None else None
        for key in path:
            if isinstance(node, yaml.MappingNode):
                for k, v in node.value:
                    if k.value == key:
                        line = k.start_mark.line + 1
                        node = v
                        break
                else:
                    return line
            elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
                node = node.value[key]
                line = node.start_mark.line + 1
            else:
                return line
        return line


def _record_id(data: Any, path: tuple[Any, ...]) -> tuple[str | None, tuple[Any, ...]]:
    """The id of the innermost record on ``path`` that has one, and the path inside that record."""
    found, rest = None, path
    node = data
    for i, key in enumerate(path):
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(node, dict) and isinstance(node.get("id"), str):
            found, rest = node["id"], path[i + 1 :]
    return found, rest


def _duplicate_keys(node: yaml.Node | None) -> Iterator[tuple[str, int, int]]:
    """Every key written twice in one mapping: (key, line of the repeat, line of the first)."""
    stack = [node] if node is not None else []
    while stack:
        current = stack.pop()
        if isinstance(current, yaml.MappingNode):
            first: dict[Any, int] = {}
            for key, value in current.value:
                if isinstance(key, yaml.ScalarNode):
                    line = key.start_mark.line + 1
                    if key.value in first:
                        yield key.value, line, first[key.value]
                    else:
                        first[key.value] = line
                stack.append(value)
        elif isinstance(current, yaml.SequenceNode):
            stack.extend(current.value)


def _read_yaml(path: Path, root: Path, errors: list[RecordError]) -> tuple[Any, _Located] | None:
    name = _rel(path, root)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        errors.append(RecordError(name, f"cannot read the file: {exc}"))
        return None
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark else None
        errors.append(RecordError(name, f"YAML syntax error: {exc.problem or exc}", line=line))
        return None
    except yaml.YAMLError as exc:
        errors.append(RecordError(name, f"YAML error: {exc}"))
        return None
    repeats = sorted(_duplicate_keys(node), key=lambda r: r[1])
    for key, line, first in repeats:  # YAML would silently keep the last value
        errors.append(RecordError(name, f"key {key!r} written twice in one mapping (first at line {first})", line=line))
    if repeats:
        return None
    return data, _Located(node)


def _validate(
    model: type[BaseModel], path: Path, root: Path, errors: list[RecordError], nodes: dict[Path, _Located]
) -> Any | None:
    read = _read_yaml(path, root, errors)
    if read is None:
        return None
    data, located = read
    nodes[path] = located
    name = _rel(path, root)
    if not isinstance(data, dict):
        errors.append(RecordError(name, f"the file must hold a mapping, not {type(data).__name__}", line=1))
        return None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        for err in exc.errors():
            loc = tuple(err["loc"])
            record, inner = _record_id(data, loc)
            field_path = ".".join(str(p) for p in (inner or loc)) or None
            msg = err["msg"]
            if err["type"] == "extra_forbidden":
                msg = "unknown field (not in the schema)"
            elif err["type"] == "missing":
                msg = "missing required field"
            errors.append(RecordError(name, msg, record=record, field=field_path, line=located.line_of(loc)))
        return None


def _load_sowing(root: Path, games: dict[str, GameFile], errors: list[RecordError],
                 nodes: dict[Path, _Located]) -> dict[str, SowingDescription]:
    """The sowing descriptions (``sowing/<game id>.yaml``), validated (their switches are checked
    against their game's record with the engine's, by the build: engine.cli.archive.engine_check)."""
    found: dict[str, SowingDescription] = {}
    for path in sorted((root / SOWING_DIR).glob("*.yaml")) if (root / SOWING_DIR).is_dir() else []:
        parsed = _validate(SowingDescription, path, root, errors, nodes)
        if parsed is None:
            continue
        name = _rel(path, root)
        if path.stem != parsed.game:
            errors.append(RecordError(name, f"the file name must be the game id ({parsed.game}.yaml)", field="game"))
        if parsed.game not in games and not (root / GAMES_DIR / f"{parsed.game}.yaml").exists():
            errors.append(RecordError(name, f"no game {parsed.game!r} in {GAMES_DIR}/", field="game"))
            continue
        found[parsed.game] = parsed  # its switches against the record's: the build's engine check
    return found


def load_archive(data_dir: str | Path = "data", *, check_references: bool = True) -> Archive:
    """Read and validate every record in ``data_dir``; raise :class:`RecordErrors` on any defect."""
    root = Path(data_dir)
    if not root.is_dir():
        raise RecordErrors([RecordError(str(root), "no such data folder")])
    errors: list[RecordError] = []
    nodes: dict[Path, _Located] = {}
    sources_path = root / SOURCES_FILE
    sources: dict[str, Source] = {}
    if not sources_path.exists():
        errors.append(RecordError(_rel(sources_path, root), "missing: the bibliography file is required"))
    else:
        parsed = _validate(SourcesFile, sources_path, root, errors, nodes)
        if parsed is not None:
            for src in parsed.sources:
                if src.id in sources:
                    errors.append(RecordError(_rel(sources_path, root), "duplicate source id", record=src.id))
                sources[src.id] = src
    games: dict[str, GameFile] = {}
    files: dict[str, Path] = {}
    game_paths = sorted((root / GAMES_DIR).glob("*.yaml")) if (root / GAMES_DIR).is_dir() else []
    if not game_paths:
        errors.append(RecordError(_rel(root / GAMES_DIR, root), "no game files (*.yaml) found"))
    for path in game_paths:
        parsed = _validate(GameFile, path, root, errors, nodes)
        if parsed is None:
            continue
        gid = parsed.game.id
        if path.stem != gid:
            errors.append(
                RecordError(_rel(path, root), f"the file name must be the game id ({gid}.yaml)", record=gid, field="game.id")
            )
        if gid in games:
            errors.append(RecordError(_rel(path, root), "duplicate game id", record=gid, field="game.id"))
        games[gid] = parsed
        files[gid] = path
    sowing = _load_sowing(root, games, errors, nodes)
    archive = Archive(root, sources, games, files, nodes, sowing)
    if check_references and not errors:
        from schema.crossref import check_archive

        errors.extend(check_archive(archive))
    if errors:
        raise RecordErrors(errors)
    return archive
