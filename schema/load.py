"""Reading ``data/``: YAML files -> validated records, with errors that name file, record, field and line.

``load_archive(data_dir)`` is the one entry point; it returns an :class:`Archive` or raises
:class:`RecordErrors` listing every defect found (not only the first).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from schema.archive import (GAMES_DIR, SOURCES_FILE, SOWING_DIR, Archive, Located, RecordError, RecordErrors,
                            relative_name)
from schema.crossref import check_archive
from schema.records import GameFile, Source, SourcesFile
from schema.sowing import SowingDescription
from schema.yamlfile import LOADER

__all__ = ["Archive", "RecordError", "RecordErrors", "load_archive"]


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


def _read_yaml(path: Path, root: Path, errors: list[RecordError]) -> tuple[Any, Located] | None:
    name = relative_name(path, root)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        errors.append(RecordError(name, f"cannot read the file: {exc}"))
        return None
    try:
        loader = LOADER(text)  # parsed once: the node keeps the lines, the data is constructed from it
        try:
            node = loader.get_single_node()
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
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
    return data, Located(node)


def _validate(
    model: type[BaseModel], path: Path, root: Path, errors: list[RecordError], nodes: dict[Path, Located]
) -> Any | None:
    read = _read_yaml(path, root, errors)
    if read is None:
        return None
    data, located = read
    nodes[path] = located
    name = relative_name(path, root)
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
                 nodes: dict[Path, Located]) -> dict[str, SowingDescription]:
    """The sowing descriptions (``sowing/<game id>.yaml``), validated (their switches are checked
    against their game's record with the engine's, by the build: engine.cli.archive.engine_check)."""
    found: dict[str, SowingDescription] = {}
    for path in sorted((root / SOWING_DIR).glob("*.yaml")) if (root / SOWING_DIR).is_dir() else []:
        parsed = _validate(SowingDescription, path, root, errors, nodes)
        if parsed is None:
            continue
        name = relative_name(path, root)
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
    nodes: dict[Path, Located] = {}
    sources_path = root / SOURCES_FILE
    sources: dict[str, Source] = {}
    if not sources_path.exists():
        errors.append(RecordError(relative_name(sources_path, root), "missing: the bibliography file is required"))
    else:
        parsed = _validate(SourcesFile, sources_path, root, errors, nodes)
        if parsed is not None:
            for src in parsed.sources:
                if src.id in sources:
                    errors.append(RecordError(relative_name(sources_path, root), "duplicate source id", record=src.id))
                sources[src.id] = src
    games: dict[str, GameFile] = {}
    files: dict[str, Path] = {}
    game_paths = sorted((root / GAMES_DIR).glob("*.yaml")) if (root / GAMES_DIR).is_dir() else []
    if not game_paths:
        errors.append(RecordError(relative_name(root / GAMES_DIR, root), "no game files (*.yaml) found"))
    for path in game_paths:
        parsed = _validate(GameFile, path, root, errors, nodes)
        if parsed is None:
            continue
        gid = parsed.game.id
        if path.stem != gid:
            errors.append(
                RecordError(relative_name(path, root), f"the file name must be the game id ({gid}.yaml)", record=gid, field="game.id")
            )
        if gid in games:
            errors.append(RecordError(relative_name(path, root), "duplicate game id", record=gid, field="game.id"))
        games[gid] = parsed
        files[gid] = path
    sowing = _load_sowing(root, games, errors, nodes)
    archive = Archive(root, sources, games, files, nodes, sowing)
    if check_references and not errors:
        errors.extend(check_archive(archive))
    if errors:
        raise RecordErrors(errors)
    return archive
