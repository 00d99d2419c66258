"""Shared fixtures: the real records, a scratch copy of them, and a built archive; the suite's two
tiers (tests/tiers.py: ``make test`` runs the quick tier, ``make test-long`` the long one, CI
both); and, when the tests run in parallel (pytest-xdist's ``-n``, as ``make test`` runs them),
every game's kernels compiled into numba's cache before the workers start."""

from __future__ import annotations

import resource
import shutil
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

import pytest

from schema.build import build
from schema.load import Archive, load_archive
from schema.paths import DATA_DIR
from tiers import long_entry, stale_entries


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


@pytest.fixture()
def first_figures_as_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bake's preliminary time a game is the test's ``total_seconds`` divided among its games,
    without the floor a real first run gives each game (engine.compare.first_run.MIN_GAME_SECONDS, 6 s:
    a test asking for 2 s for two games baked 12 s of figures). The budgets still fit that time or stop
    at their floors (test_a_preliminary_budget_fits_its_time_or_stops_at_the_floor); the tests taking
    this check the bake's stages, saved runs and log lines, which no budget size decides."""
    from engine.compare import first_run

    monkeypatch.setattr(first_run, "MIN_GAME_SECONDS", 0.1)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests of the long tier (tests/tiers.py) ``long``, before ``-m`` deselects by marks;
    refuse a tier entry that names no test."""
    for item in items:
        if long_entry(item.nodeid) is not None:
            item.add_marker(pytest.mark.long)
    stale = stale_entries(config.rootpath)
    if stale:
        raise pytest.UsageError(f"tests/tiers.py LONG_TIER names tests that do not exist: {', '.join(stale)}")

def _children_cpu() -> float:
    """User + sys CPU seconds of this process's ended children."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def pytest_sessionstart(session: pytest.Session) -> None:
    """With ``-n N``: compile every kind of game's kernels (engine.play.kinds, warm_kind) into
    numba's cache, N kinds at a time in fresh processes, before pytest-xdist starts its workers (its
    own sessionstart runs last); otherwise each worker would compile the same kernels, the tests'
    largest cost. A worker, or a run without ``-n``, compiles what it needs as it goes. Prints the
    seconds it took (benchmarks/make-test.txt reads them)."""
    config = session.config
    workers = getattr(config.option, "numprocesses", None)
    if hasattr(config, "workerinput") or not isinstance(workers, int) or workers < 2:
        return
    from engine.compile_costs import estimate
    from engine.games import GAMES
    from engine.play import kinds, warm_kind

    started, cpu = time.monotonic(), _children_cpu()
    # the longest first (engine.compile_costs' estimates): each process takes the next kind when it is
    # done, so the last to finish is a short one (in the page order, Achi's points kind first and the
    # alignment grid's last, one process compiled 48 + 75 CPU s while the other had 45 + 34; now 75 + 34
    # against 48 + 45, engine/compile_costs.json's figures)
    todo = sorted(kinds(sorted(GAMES)), key=lambda kind: -estimate(kind)[0])
    with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
        list(pool.map(warm_kind, todo))
    said = (f"kernels compiled into numba's cache in {time.monotonic() - started:.1f} s, "
            f"{_children_cpu() - cpu:.1f} CPU s ({workers} processes)")
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(said)


SPLIT_FILES = frozenset({"tests/engine/test_conformance.py"})
"""Test files whose tests ``make test`` hands out one at a time, to whichever worker is free: many
independent tests (no fixture wider than a test, no state kept between them) adding up to the
longest file's minutes of CPU."""
SAME_WORKER = {"tests/site/test_layout_browser.py": "tests/site/test_browser.py"}
"""Test files sent with another file, to the same worker: test_layout_browser.py reads the pages of
test_browser.py's server (tests/site/conftest.py's browser_server, started once a worker)."""


def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """``--dist loadfile`` (``make test``) as pytest-xdist schedules it (a file's tests on one worker,
    its module-scoped servers, releases and archives set up once; the files with most tests first),
    except that the tests of :data:`SPLIT_FILES` are scheduled one by one, after the files, so that
    they fill the end of the run on both workers where one long file kept one worker busy alone
    (benchmarks/make-test.txt), and the files of :data:`SAME_WORKER` go with their partner. Any other
    ``--dist`` is pytest-xdist's own. (``--dist loadgroup`` would do this with marks, but
    pytest-xdist 3.8 groups by rewriting ``item._nodeid``, which pytest 9 no longer reads.)"""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class FilesThenSplitTests(LoadScopeScheduling):
        """pytest-xdist's scheduling by scope, a scope being a file, a test of :data:`SPLIT_FILES`,
        or the partner file of :data:`SAME_WORKER`."""

        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return nodeid if path in SPLIT_FILES else SAME_WORKER.get(path, path)

    return FilesThenSplitTests(config, log)


BROWSER_TESTS = "tests/site/test_*browser.py"
RUN_BROWSER_TESTS = ("install Debian's Chromium (sudo apt-get install chromium; any chromium or "
                     "chromium-browser on PATH will do) and run make test-long again, or only them: "
                     ".venv/bin/python -m pytest tests/site/test_browser.py tests/site/test_assess_browser.py "
                     "tests/site/test_layout_browser.py")
"""How to run the browser tests, said when they were skipped for want of Chromium."""


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    """Say at the end, where it is seen, that the browser tests were skipped and how to run them."""
    skipped = [r for r in terminalreporter.stats.get("skipped", [])
               if "browser" in str(getattr(r, "fspath", "")) or "Chromium" in str(getattr(r, "longrepr", ""))]
    if skipped:
        terminalreporter.write_sep("=", "browser tests skipped", yellow=True)
        terminalreporter.write_line(f"The browser tests ({BROWSER_TESTS}) did not run: no Chromium on this machine. "
                                    f"To run them: {RUN_BROWSER_TESTS}.")
