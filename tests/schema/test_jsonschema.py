"""The exported JSON Schema files are current, and every YAML file points its editor at one."""

from schema.jsonschema import SCHEMAS, stale
from schema.paths import DATA_DIR, JSON_SCHEMA_DIR


def test_committed_json_schema_is_current():
    from engine.schemas import schemas  # the descriptions' fields are the engine's rules'

    assert stale(models=schemas()) == [], "run `variorum export-schema` (or `make schema`) and commit schema/json/"


def test_every_record_file_names_its_schema():
    files = [DATA_DIR / "sources.yaml", *sorted((DATA_DIR / "games").glob("*.yaml")),
             *sorted((DATA_DIR / "sowing").glob("*.yaml")), *sorted((DATA_DIR / "alignment").glob("*.yaml"))]
    assert len(files) >= 5
    for path in files:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        target = (path.parent / first.split("$schema=", 1)[1].strip()).resolve()
        assert target.parent == JSON_SCHEMA_DIR and target.name in SCHEMAS, (path, target)
        assert target.exists()
