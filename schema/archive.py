"""The archive as read from ``data/``: the validated records, and the defects found in them.

:class:`Archive` holds every record; :class:`RecordError` is one defect naming file, record,
field and line, :class:`RecordErrors` all of them. ``schema.load`` makes an Archive from the YAML
files, ``schema.crossref`` and ``schema.lint`` check one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from schema.records import GameFile, Source
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
    nodes: dict[Path, "Located"] = field(default_factory=dict)  # file -> its YAML node tree, for line numbers
    sowing: dict[str, SowingDescription] = field(default_factory=dict)  # game id -> its sowing description

    def line_of(self, path: Path, fields: tuple[Any, ...]) -> int | None:
        located = self.nodes.get(path)
        return located.line_of(fields) if located else None

    @property
    def sources_path(self) -> Path:
        return self.data_dir / SOURCES_FILE

    def display(self, path: Path) -> str:
        """A file's name as errors show it (relative to the data folder's parent)."""
        return relative_name(path, self.data_dir)

    def switch_ids(self, game_id: str) -> list[str]:
        return [s.id for s in self.games[game_id].switches]


def relative_name(path: Path, root: Path) -> str:
    try:
        return str(path.relative_to(root.parent))
    except ValueError:
        return str(path)


class Located:
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
