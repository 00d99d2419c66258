"""JSON Schema of the record files, exported into ``schema/json/`` for editors.

Each YAML file in ``data/`` names its schema on its first line
(``# yaml-language-server: $schema=...``), so editors check records as they are typed.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel

from schema.paths import JSON_SCHEMA_DIR
from schema.alignment import AlignmentDescription
from schema.records import GameFile, SourcesFile
from schema.sowing import SowingDescription

SCHEMAS: dict[str, type[BaseModel]] = {
    "sources.schema.json": SourcesFile,
    "game.schema.json": GameFile,
    "sowing.schema.json": SowingDescription,
    "alignment.schema.json": AlignmentDescription,
}
"""File name in ``schema/json/`` -> the model it describes (the descriptions' frames: the engine's
rules add their fields and primitives, engine.schemas.schemas)."""


def render(model: type[BaseModel]) -> str:
    """The JSON Schema of one record file, as the text that is committed."""
    doc = model.model_json_schema()
    doc["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def export(folder: Path = JSON_SCHEMA_DIR, models: dict[str, type[BaseModel]] | None = None) -> list[Path]:
    """Write every schema file (``models``: file name -> model, :data:`SCHEMAS` by default; the engine
    passes the descriptions' with their rules' fields, engine.schemas.schemas); return the
    paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, model in (models or SCHEMAS).items():
        path = folder / name
        path.write_text(render(model), encoding="utf-8")
        written.append(path)
    return written


def stale(folder: Path = JSON_SCHEMA_DIR, models: dict[str, type[BaseModel]] | None = None) -> list[str]:
    """Names of the schema files that differ from what the models give (or are missing)."""
    out = []
    for name, model in (models or SCHEMAS).items():
        path = folder / name
        if not path.exists() or path.read_text(encoding="utf-8") != render(model):
            out.append(name)
    return out
