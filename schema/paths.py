"""Where the project's folders are: the records, the site folder, the built archive."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA_DIR = ROOT / "data"
SITE_DIR = ROOT / "site"
ARCHIVE_DB = SITE_DIR / "archive.db"
JSON_SCHEMA_DIR = Path(__file__).resolve().parent / "json"
DESCRIPTION_FAMILIES = ("sowing", "alignment")
"""The folders of ``data/`` that hold games' descriptions, one a family of games (the machine that
plays them): ``data/<family>/<game id>.yaml``."""
