"""Shared fixtures: the real records, a scratch copy of them, and a built archive."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from schema.build import build
from schema.load import Archive, load_archive
from schema.paths import DATA_DIR


@pytest.fixture(scope="session")
def archive() -> Archive:
    """The records of data/, validated."""
    return load_archive(DATA_DIR)


@pytest.fixture()
def data_copy(tmp_path: Path) -> Path:
    """A copy of data/ that a test may damage."""
    dest = tmp_path / "data"
    shutil.copytree(DATA_DIR, dest)
    return dest


@pytest.fixture(scope="session")
def built_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The archive built from data/ into a scratch folder (named archive.db, as served)."""
    out = tmp_path_factory.mktemp("site") / "archive.db"
    build(DATA_DIR, out)
    return out
