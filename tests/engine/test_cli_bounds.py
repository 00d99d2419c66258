"""Every count and limit of the commands is bounded, every file they write is checked before the
run, a switch is set once and a move is ASCII: each bad input is one message naming the option
and exit code 2, never a traceback (issue 29). Run with ``catch_exceptions=False``: a traceback
fails the test."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from engine.cli import Commands, main
from schema.paths import DATA_DIR

HUGE = str(10**12)
HUGER = str(10**20)


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def refused(result, option: str, words: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert option in result.output and words in result.output, result.output


@pytest.mark.parametrize("args, option", [
    (["simulate", "tap-urdy", "--games", HUGE], "--games"),
    (["simulate", "tap-urdy", "--games", "10", "--turn-limit", HUGER], "--turn-limit"),
    (["simulate", "tap-urdy", "--games", "10", "--move-limit", HUGER], "--move-limit"),
    (["play", "tap-urdy", "--turn-limit", HUGER], "--turn-limit"),
    (["compare", "tap-urdy", "--games", HUGE], "--games"),
    (["compare", "tap-urdy", "--turn-limit", HUGER], "--turn-limit"),
    (["compare", "tap-urdy", "--block", HUGE], "--block"),
    (["compare", "tap-urdy", "--jobs", HUGE], "--jobs"),
    (["compare", "tap-urdy", "--resamples", HUGE], "--resamples"),
    (["compare-defaults", "--games", HUGE], "--games"),
    (["assess", "tap-urdy", "--games", HUGE], "--games"),
    (["assess", "tap-urdy", "--screen-games", HUGE], "--screen-games"),
    (["assess", "tap-urdy", "--skill-levels", HUGE], "--skill-levels"),
    (["assess", "tap-urdy", "--skill-games", HUGE], "--skill-games"),
    (["assess", "tap-urdy", "--top", HUGE], "--top"),
    (["assess-defaults", "--games", HUGE], "--games"),
    (["reconstruct", "tap-urdy", "--games", HUGE], "--games"),
    (["reconstruct", "tap-urdy", "--nearest", HUGE], "--nearest"),
    (["serve", "--bake-games", HUGE], "--bake-games"),
    (["cite", "tap-urdy", "--release", "9" * 256], "--release"),
    (["release", "--check", "9" * 256], "--check"),
])
def test_every_count_has_a_bound_named_before_any_work(args, option):
    r = run(*args)
    refused(r, option, "must be at most")
    assert "digits" in r.output or len(r.output) < 400  # 256 digits are not repeated


@pytest.fixture()
def files(tmp_path: Path) -> dict[str, Path]:
    (tmp_path / "folder").mkdir()
    text = tmp_path / "sources.yaml"
    shutil.copy(DATA_DIR / "sources.yaml", text)
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as conn:
        conn.execute("create table t (x)")
    return {"folder": tmp_path / "folder", "text": text, "missing": tmp_path / "no-such-folder" / "x.db",
            "other_db": other, "under_file": text / "x"}


@pytest.mark.parametrize("which, words", [
    ("folder", "is a folder"), ("missing", "does not exist"), ("text", "not an archive"),
    ("other_db", "not an archive"),
])
def test_build_replaces_only_an_archive(files, which, words):
    target = files[which]
    before = target.read_bytes() if target.is_file() else None
    r = run("build", "--out", str(target))
    refused(r, "--out", words)
    if before is not None:
        assert target.read_bytes() == before  # a copy of sources.yaml stays sources.yaml


@pytest.mark.parametrize("command", [
    ["compare", "tap-urdy", "--games", "2", "--quiet", "--save", "--results"],
    ["compare", "tap-urdy", "--games", "2", "--quiet", "--checkpoint"],
    ["compare", "tap-urdy", "--games", "2", "--quiet", "--plot"],
    ["compare-defaults", "--games", "2", "--game", "tap-urdy", "--results"],
    ["assess", "tap-urdy", "--games", "2", "--quiet", "--save", "--results"],
    ["assess-defaults", "--games", "2", "--game", "tap-urdy", "--results"],
    ["reconstruct", "tap-urdy", "--games", "2", "--quiet", "--save", "--results"],
])
@pytest.mark.parametrize("which", ["folder", "missing", "under_file"])
def test_a_file_that_cannot_be_written_is_refused_before_the_run(files, command, which):
    target = files[which]
    if command[-1] == "--plot":
        target = target.with_name(target.name + ".svg") if which != "folder" else target
    r = run(*command, str(target))
    assert r.exit_code == 2, r.output
    assert command[-1] in r.output and "Traceback" not in r.output
    assert "playing" not in r.output  # refused before the run, not after it


@pytest.mark.parametrize("command", [
    ["compare", "tap-urdy", "--games", "2", "--quiet", "--save", "--results"],
    ["compare", "tap-urdy", "--games", "2", "--quiet", "--checkpoint"],
])
def test_a_results_file_that_is_not_sqlite_is_refused_before_the_run(files, command):
    before = files["text"].read_bytes()
    r = run(*command, str(files["text"]))
    refused(r, command[-1], "not an SQLite database")
    assert files["text"].read_bytes() == before


def test_cite_refuses_an_archive_that_is_not_one(files):
    for which in ("text", "other_db", "folder"):
        r = run("cite", "tap-urdy", "--archive", str(files[which]))
        assert r.exit_code == 2 and "--archive" in r.output and "Traceback" not in r.output, r.output


@pytest.mark.parametrize("command", [["version"], ["cite", "tap-urdy", "--release", "1"], ["release"],
                                     ["release", "--check", "1"]])
def test_a_releases_folder_that_is_a_file_is_refused(files, command):
    for where in (files["text"], files["under_file"]):
        r = run(*command, "--releases", str(where))
        assert r.exit_code == 2, r.output
        assert "--releases" in r.output and "Traceback" not in r.output


@pytest.mark.parametrize("args", [
    ["play", "tap-urdy", "--set", "relay=take-up-last", "--set", "relay=next-hole"],
    ["play", "tap-urdy", "--set", "relay=take-up-last", "--set", "tap-urdy.relay=next-hole"],
    ["simulate", "tap-urdy", "--games", "2", "--set", "relay=next-hole,relay=next-hole"],
    ["compare", "tap-urdy", "--games", "2", "--set", "relay=take-up-last", "--set", "relay=next-hole"],
    ["cite", "tap-urdy", "--set", "relay=take-up-last", "--set", "relay=next-hole"],
])
def test_a_switch_set_twice_is_an_error(args, built_db):
    if args[0] == "cite":  # cite only reads an archive (a clean clone has none until a build)
        args = [*args, "--archive", str(built_db)]
    r = run(*args)
    refused(r, "relay", "set twice")


@pytest.mark.parametrize("move", ["b\u0661", "\uff42\uff11", "b\uff11", "b\u00b9"])
def test_a_move_is_ascii(move, built_db):
    for args in (["play", "tap-urdy", "--moves", move],
                 ["cite", "tap-urdy", "--moves", move, "--archive", str(built_db)]):
        r = run(*args)
        assert r.exit_code == 2 and "malformed move" in r.output, r.output


def test_an_unforeseen_file_error_is_one_line_not_a_traceback():
    @click.group(cls=Commands)
    def group() -> None:
        pass

    @group.command("read")
    def read() -> None:
        Path("/no/such/file").read_text()

    r = CliRunner().invoke(group, ["read"], catch_exceptions=False)
    assert r.exit_code == 1 and "FileNotFoundError" in r.output and "/no/such/file" in r.output
    assert "Traceback" not in r.output
