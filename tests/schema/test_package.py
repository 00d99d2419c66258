"""`import schema` must give Variorum's package, never PyPI's unrelated `schema`."""

from importlib import metadata
from pathlib import Path

import schema
from schema.paths import ROOT


def test_import_schema_gives_ours():
    assert getattr(schema, "VARIORUM_SCHEMA", False) is True
    assert Path(schema.__file__).resolve().parent == ROOT / "schema"


def test_pypi_schema_is_not_installed():
    names = {d.metadata["Name"].lower() for d in metadata.distributions()}
    assert "schema" not in names
