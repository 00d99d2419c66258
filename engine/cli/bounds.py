"""The bounds of the commands' counts and limits, and the checks of the files they write.

Every count a command takes (games, jobs, resamples, rungs, turn and move limits) is a
:class:`Count`: a value outside its bounds is an error naming the option before any work starts
(``simulate --games 10**12`` would allocate 102 TiB; ``--turn-limit 10**20`` overflows the
kernels' int64). Every file a command writes is checked by :func:`writable_file` before the run,
so that a run is never lost to a folder given as ``--results`` or to a missing folder.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

import click

MAX_GAMES = 1_000_000
"""The most games a run plays per variant (reading, ruleset, rung), and ``simulate``'s batch."""
MAX_TURN_LIMIT = 250_000
"""The highest ``--turn-limit``: a hundred times the default (2,500 turns)."""
MAX_MOVE_LIMIT = 1_000_000
"""The highest ``--move-limit``: a hundred times the default (10,000 moves)."""
MAX_JOBS = 256
"""The most local worker processes."""
MAX_RESAMPLES = 100_000
"""The most bootstrap resamples of an interval."""
MAX_SKILL_LEVELS = 20
"""The most rungs of a skill ladder."""
MAX_TOP = 10_000
"""The most readings ``assess --top`` and ``reconstruct --top`` evaluate."""
MAX_NEAREST = 1_000
"""The most nearest readings ``reconstruct --nearest`` evaluates at a time."""
MAX_RELEASE = 10**9
"""The highest release number a command accepts."""

SQLITE_HEADER = b"SQLite format 3\x00"


class Count(click.ParamType):
    """An integer in ``least..most``: outside, an error naming the option (``must be at least 2,
    not 1``; ``must be at most 1,000,000, not 10**12``), before the command runs."""

    name = "integer"

    def __init__(self, least: int, most: int) -> None:
        self.least, self.most = least, most

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            try:
                number = int(str(value).strip())
            except ValueError:
                self.fail(f"{value!r} is not an integer", param, ctx)
        if number < self.least:
            if self.least == 1:
                self.fail(f"must be at least 1 (a positive integer), not {number}", param, ctx)
            self.fail(f"must be at least {self.least:,}, not {number}", param, ctx)
        if number > self.most:
            shown = str(number) if len(str(number)) <= 30 else f"a number of {len(str(number))} digits"
            self.fail(f"must be at most {self.most:,}, not {shown}", param, ctx)
        return number

    def __repr__(self) -> str:
        return f"Count({self.least}, {self.most})"


GAMES = Count(2, MAX_GAMES)
TURN_LIMIT = Count(1, MAX_TURN_LIMIT)
MOVE_LIMIT = Count(1, MAX_MOVE_LIMIT)
JOBS = Count(1, MAX_JOBS)
RESAMPLES = Count(1, MAX_RESAMPLES)
SKILL_LEVELS = Count(1, MAX_SKILL_LEVELS)
RELEASE = Count(1, MAX_RELEASE)
SOLVER_HOLES = Count(1, 6)
"""``solve kalah --holes``: the solver ranks boards of at most six holes a row."""
SOLVER_COUNTERS = Count(1, 6)
"""``solve kalah --counters``: counters a hole at the start."""
SOLVER_DATABASE = Count(0, 30)
"""``solve kalah --database``: boards of at most this many counters in the endgame database
(30 counters on six holes a row is 86 GB: the machine's memory is the real bound)."""
SOLVER_TABLE_BITS = Count(4, 30)
"""``solve kalah --table-bits``: 2**bits buckets of two entries, 30 bytes a bucket."""
MAX_BUDGET = 86_400.0
"""The longest ``--budget`` in seconds (a day)."""


class Seconds(click.ParamType):
    """A positive number of seconds up to ``most``: otherwise an error naming the option."""

    name = "seconds"

    def __init__(self, most: float) -> None:
        self.most = most

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        try:
            seconds = float(str(value).strip())
        except ValueError:
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not seconds > 0 or seconds != seconds:
            self.fail(f"must be a positive number of seconds, not {value}", param, ctx)
        if seconds > self.most:
            self.fail(f"must be at most {self.most:,.0f} seconds, not {value}", param, ctx)
        return seconds


BUDGET = Seconds(MAX_BUDGET)


def _bad(param: str, message: str) -> click.BadParameter:
    return click.BadParameter(message, param_hint=f"'{param}'")


def is_sqlite(path: Path) -> bool:
    """True for a file that starts as an SQLite database does (an empty file is one too: SQLite
    makes it a database)."""
    try:
        with open(path, "rb") as f:
            head = f.read(len(SQLITE_HEADER))
    except OSError:
        return False
    return head == b"" or head == SQLITE_HEADER


def writable_file(param: str, path: str | Path | None, *, sqlite: bool = False) -> None:
    """Exit 2 naming ``param`` when ``path`` cannot be written: a folder, a folder that does not
    exist, a read-only file or folder; with ``sqlite``, a file that is not an SQLite database
    (which the command would then fail on, after its run)."""
    if path is None:
        return
    try:
        _writable(param, Path(path), sqlite)
    except OSError as exc:
        raise _bad(param, f"cannot use {path}: {exc.strerror or exc}") from None


def _writable(param: str, path: Path, sqlite: bool) -> None:
    if path.is_dir():
        raise _bad(param, f"{path} is a folder; give a file")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise _bad(param, f"the folder {parent} does not exist" if not parent.exists() else f"{parent} is not a folder")
    if path.exists():
        if not os.access(path, os.W_OK):
            raise _bad(param, f"{path} is read-only")
        if sqlite and not is_sqlite(path):
            raise _bad(param, f"{path} is not an SQLite database; give a results file (or a new name)")
    elif not os.access(parent, os.W_OK | os.X_OK):
        raise _bad(param, f"cannot write in {parent} (read-only)")


def _is_archive(path: Path) -> bool:
    """True for an SQLite database with the archive's tables ``games`` and ``sources``."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            names = {n for (n,) in conn.execute("select name from sqlite_master where type = 'table'")}
        finally:
            conn.close()
    except sqlite3.Error:
        return False
    return {"games", "sources"} <= names


def archive_to_replace(param: str, path: Path) -> None:
    """Exit 2 naming ``param`` when ``path`` is something the build must not replace: anything but
    an archive database (tables ``games`` and ``sources``), an empty file, or nothing."""
    writable_file(param, path)
    if not path.exists() or path.stat().st_size == 0:
        return
    if not is_sqlite(path) or not _is_archive(path):
        raise _bad(param, f"{path} is not an archive database; the build replaces only an archive "
                          "(an SQLite file with games and sources tables)")


def readable_archive(param: str, path: Path) -> None:
    """Exit 2 naming ``param`` when ``path`` is not an archive database that can be read."""
    if not path.is_file():
        raise _bad(param, f"no archive database at {path}")
    if not is_sqlite(path) or not _is_archive(path):
        raise _bad(param, f"{path} is not an archive database (an SQLite file with games and sources tables)")


def releases_folder(param: str, path: Path | None, *, write: bool = False) -> None:
    """Exit 2 naming ``param`` when ``path`` (the releases folder) cannot be read, or (``write``)
    made or written."""
    if path is None:
        return
    try:
        if path.exists() and not path.is_dir():
            raise _bad(param, f"{path} is not a folder")
        if path.is_dir():
            if not os.access(path, os.R_OK | os.X_OK):
                raise _bad(param, f"cannot read the folder {path}")
            if write and not os.access(path, os.W_OK):
                raise _bad(param, f"cannot write in the folder {path} (read-only)")
            return
        ancestor = path.parent
        while not ancestor.exists() and ancestor != ancestor.parent:
            ancestor = ancestor.parent
        if not ancestor.is_dir():
            raise _bad(param, f"{path} cannot be a folder: {ancestor} is a file")
        if write and not os.access(ancestor, os.W_OK | os.X_OK):
            raise _bad(param, f"cannot make the folder {path} (in {ancestor}, read-only)")
    except OSError as exc:
        raise _bad(param, f"cannot use {path}: {exc.strerror or exc}") from None
