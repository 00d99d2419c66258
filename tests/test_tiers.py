"""The suite's tiers (tests/tiers.py): an entry covers its file's tests or its test's every
parametrisation and nothing else, and an entry naming no test is found."""

from __future__ import annotations

from pathlib import Path

import pytest

import tiers


def test_an_entry_covers_its_files_tests_or_every_parametrisation_of_its_test(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(tiers, "LONG_TIER", {"tests/a.py": "why", "tests/b.py::test_x": "why"})
    assert tiers.long_entry("tests/a.py::test_y[3]") == "tests/a.py"
    assert tiers.long_entry("tests/b.py::test_x") == "tests/b.py::test_x"
    assert tiers.long_entry("tests/b.py::test_x[tap-urdy-ludii]") == "tests/b.py::test_x"
    assert tiers.long_entry("tests/b.py::test_xy") is None
    assert tiers.long_entry("tests/b.py::test_y") is None
    assert tiers.long_entry("tests/c.py::test_x") is None


def test_an_entry_naming_a_missing_file_or_test_is_stale(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_b.py").write_text("def test_x():\n    pass\n")
    monkeypatch.setattr(tiers, "LONG_TIER", {"tests/test_b.py": "why", "tests/test_b.py::test_x": "why",
                                             "tests/test_b.py::test_gone": "why", "tests/test_c.py": "why"})
    assert tiers.stale_entries(tmp_path) == ["tests/test_b.py::test_gone", "tests/test_c.py"]


def test_every_entry_of_the_long_tier_names_a_test_and_says_why(pytestconfig: pytest.Config):
    assert tiers.stale_entries(pytestconfig.rootpath) == []
    assert all(why.strip() for why in tiers.LONG_TIER.values())
