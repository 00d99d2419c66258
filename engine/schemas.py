"""The models of the JSON Schema files in ``schema/json/`` (``variorum export-schema``): the record
files' frames (schema.jsonschema.SCHEMAS) with each family's description as its rules declare it
(the sowing family's fields and primitives, engine.mancala.rules; the alignment family's fields,
engine.alignment.rules)."""

from __future__ import annotations

from pydantic import BaseModel


def schemas() -> dict[str, type[BaseModel]]:
    """File name -> the model its JSON Schema is rendered from."""
    from engine.alignment.rules import description_model
    from engine.mancala.rules import schemas as with_sowing

    return {**with_sowing(), "alignment.schema.json": description_model()}
