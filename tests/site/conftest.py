"""A Datasette instance over the built archive, configured as `variorum serve` configures it
(engine.cli.archive.site_config, the one configuration of both)."""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import datasette.app
import jinja2
import pytest
import yaml
from datasette.app import Datasette

from schema.paths import DATA_DIR, SITE_DIR


class CompiledTemplates(jinja2.BytecodeCache):
    """The site's templates compiled once a test process, for every Datasette of :func:`make_datasette`:
    jinja2 keeps what it compiles in each Datasette's own environment, and the tests start some 200
    of them (17 CPU s of the quick tier compiling the same templates again). A template is found by
    its name and file and used only while its source is the same (jinja2's checksum of it); every
    such Datasette is configured alike (engine.cli.archive.site_config), so the code is what its own
    environment would compile."""

    def __init__(self) -> None:
        self.codes: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self.codes.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)  # dropped if the source's checksum differs

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.codes[bucket.key] = bucket.bytecode_to_string()


TEMPLATES = CompiledTemplates()
_plugin_modules: dict[tuple, object] = {}


def _plugin_module_once(path: str, name: str):
    """datasette.utils.module_from_path, each plugin file run once a test process (until it
    changes): a Datasette runs every file of its plugins folder when it is made, then drops the
    module it made when a plugin of that name is registered already (pluggy's ValueError, which
    Datasette passes over), as it is from the first Datasette of a process on (12 CPU s of the quick
    tier running the same files again). Registering the module kept here fails the same way."""
    stat = os.stat(path)
    key = (path, name, stat.st_mtime_ns, stat.st_size)
    if key not in _plugin_modules:
        _plugin_modules[key] = _module_from_path(path, name)
    return _plugin_modules[key]


_module_from_path = datasette.app.module_from_path


def make_datasette(db: Path, results: Path | None = None) -> Datasette:
    """A Datasette over ``db`` (and ``results``) configured as `variorum serve` configures it, not
    started; its plugins' files run and its templates compiled once a process (:func:`_plugin_module_once`,
    :class:`CompiledTemplates`)."""
    from engine.cli.archive import site_config

    datasette.app.module_from_path = _plugin_module_once
    try:
        made = Datasette(**site_config(db, SITE_DIR, results))
    finally:
        datasette.app.module_from_path = _module_from_path
    made.jinja_env.bytecode_cache = TEMPLATES
    return made


def stop(proc: subprocess.Popen) -> None:
    """Stop a server started by a test: SIGTERM, then SIGKILL after 10 s."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


def site_copy(built_db: Path, folder: Path) -> Path:
    """A copy of the site folder with the built archive and no results, to serve as a test likes."""
    site = folder / "site"
    shutil.copytree(SITE_DIR, site, ignore=shutil.ignore_patterns("*.db", "inspect-data.json", ".assess*", "releases"))
    shutil.copy(built_db, site / "archive.db")
    return site


def serve_site(site: Path, port: int, stdout=subprocess.DEVNULL, **env: str) -> tuple[str, subprocess.Popen]:
    """Datasette serving ``site`` as `variorum serve` starts it (its command line, ``env`` added), once
    it answers: its base address and process (stop it with :func:`stop`); its output goes to ``stdout``."""
    from engine.cli.archive import datasette_args

    proc = subprocess.Popen(datasette_args(site / "archive.db", site, port, "127.0.0.1"), env=dict(os.environ, **env),
                            stdout=stdout, stderr=subprocess.STDOUT if stdout is not subprocess.DEVNULL else stdout)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(base + "/games", timeout=5).read()
            return base, proc
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError("the server did not start") from None
            time.sleep(0.3)


RELEASE_BASE = "https://variorum.example.org"
"""The canonical address the shared releases (:func:`release_pair`) are made with."""
OLD_TEXT = "The board is a grid of five rows and six columns"
NEW_TEXT = "The board (corrected) is a grid of five rows and six columns"
"""Tauru's board statement in release 1 (data/ as it is) and in release 2 of :func:`release_pair`."""
FOUR_A_HOLE = "setup:\n  counters_per_hole: 4\n"
FIVE_A_HOLE = "setup:\n  counters_per_hole: 5\n"


def _make_release_pair(root: Path) -> None:
    """Release 1 from data/ as it is; release 2 after a record's words (Tauru's board statement), a
    ruleset's choice (Tauru's sources ruleset: lines in all directions) and a description (Tap-urdy
    plays five counters a hole) change: ``root``/data1, data2 and releases."""
    from engine.release import make

    data1 = root / "data1"
    shutil.copytree(DATA_DIR, data1)
    folder = root / "releases"
    make(data1, folder, base_url=RELEASE_BASE, date="2026-11-01")
    data2 = root / "data2"
    shutil.copytree(data1, data2)
    tauru = data2 / "games" / "tauru.yaml"
    text = tauru.read_text()
    assert text.count(OLD_TEXT) == 1 and text.count("      tauru.directions: orthogonal\n") >= 1
    text = text.replace(OLD_TEXT, NEW_TEXT).replace("      tauru.directions: orthogonal\n",
                                                    "      tauru.directions: all\n", 1)
    tauru.write_text(text)
    sowing = data2 / "sowing" / "tap-urdy.yaml"
    text = sowing.read_text()
    assert text.count(FOUR_A_HOLE) == 1
    sowing.write_text(text.replace(FOUR_A_HOLE, FIVE_A_HOLE))
    make(data2, folder, base_url=RELEASE_BASE, date="2026-12-01")


@pytest.fixture(scope="session")
def release_pair(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """Two releases made once for the whole run, read-only, for the release tests
    (test_releases.py, test_release_figures.py, test_releases_browser.py), which each made their own
    pair (two `variorum release` builds and golden playthroughs, about 11 CPU s a pair:
    benchmarks/make-test.txt). Under pytest-xdist the first worker to ask makes them, under a lock,
    in the run's shared temporary folder, and the others wait and read them. The keys: ``root``
    (holding data1, data2, releases), ``data1`` and ``data2`` (the records each release was made
    from), ``folder`` (the releases folder) and ``m1``, ``m2`` (their manifests). A test or module
    that writes (a check, figures, a third release) works on a copy: :func:`releases_copy`."""
    from schema import releases as R

    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    root = shared / "release-pair"
    with open(shared / "release-pair.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not (root / "made").exists():
                shutil.rmtree(root, ignore_errors=True)  # a run that failed half-way
                root.mkdir()
                _make_release_pair(root)
                (root / "made").write_text("")
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    folder = root / "releases"
    return {"root": root, "data1": root / "data1", "data2": root / "data2", "folder": folder,
            "m1": R.manifest(1, folder), "m2": R.manifest(2, folder)}


def releases_copy(release_pair: dict, dest: Path) -> Path:
    """A copy of :func:`release_pair`'s releases folder at ``dest`` (its checks and figures left out),
    for a test that writes into it; returns ``dest``."""
    shutil.copytree(release_pair["folder"], dest, ignore=shutil.ignore_patterns("checks", "figures"))
    return dest


@pytest.fixture(scope="session")
def results_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A results database with Tap-urdy's default comparison (few games: it checks the plumbing)."""
    from engine.compare.results import compare_defaults

    path = tmp_path_factory.mktemp("results") / "results.db"
    compare_defaults(path, games=200, game_ids=["tap-urdy"])
    return path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def browser_server(tmp_path_factory: pytest.TempPathFactory):
    """``variorum serve --no-bake`` over a copy of the site (it builds the archive), once it answers
    and every game's kernels are ready: its base address. Started once a worker, for the browser
    tests that only read its pages and play through its play API (stateless: a request is a replay),
    tests/site/test_browser.py's and test_layout_browser.py's (one xdist group: the same worker);
    each module had started its own. Its output goes to a file (read if it fails to start): a pipe
    nobody reads would stop the server once its buffer filled with the access log."""
    folder = tmp_path_factory.mktemp("browser")
    site = folder / "site"
    shutil.copytree(SITE_DIR, site, ignore=shutil.ignore_patterns("*.db", "inspect-data.json"))
    port = _free_port()
    log = folder / "serve.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "engine.cli", "serve", "--port", str(port), "--site", str(site), "--no-bake"],
            stdout=out, stderr=subprocess.STDOUT, text=True,
        )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        try:
            with urllib.request.urlopen(base + "/games", timeout=5) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"server did not start: {log.read_text()}")
        time.sleep(0.3)
    # the server compiles (or loads) every game's kernels at start: wait for them before the
    # browser's first request (a fresh clone compiles them all, which takes minutes here)
    deadline = time.monotonic() + 900
    while True:
        with urllib.request.urlopen(base + "/-/play.json", timeout=10) as r:
            kernels = json.load(r)["kernels"]
        if kernels and all(k["ready"] for k in kernels.values()):
            break
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"the engine's kernels were not ready: {kernels}")
        time.sleep(1)
    urllib.request.urlopen(base + "/-/play/tap-urdy.json?moves=b1", timeout=120).read()
    yield base
    stop(proc)


@pytest.fixture(scope="session")
def tap_urdy_reconstruction(tmp_path_factory: pytest.TempPathFactory, compiled_kernels: None):
    """A tiny reconstruction of Tap-urdy over three switches and the results database it is saved in
    (as ``variorum reconstruct --save``): the run (engine.compare.reconstruct's Reconstruction) and
    the database's path. Run once a worker for the tests that read it (test_assess_pages.py's
    section, test_reconstruct_browser.py's pages): each ran the same call with the same seed; a
    test that serves it copies the database into its own site folder."""
    from engine.compare.reconstruct import reconstruct
    from engine.compare.reconstruct_results import save_reconstruction

    path = tmp_path_factory.mktemp("reconstructed") / "results.db"
    rec = reconstruct("tap-urdy", switches=["tap-urdy.relay", "tap-urdy.after-capture", "tap-urdy.end"],
                      screen_games=40, games=2, agent="uct:2", skill_levels=1, top=2, nearest=1, seed=3,
                      n_resamples=99)
    save_reconstruction(rec, path)
    return rec, path


@pytest.fixture(scope="session")
def compiled_kernels() -> None:
    """Every kernel the play API calls, compiled into numba's cache once, so that the server's
    worker processes load them within the API's wait for a game's kernels (a fresh clone compiles
    them here, not in a request that would answer 503)."""
    from engine.games import GAMES
    from engine.play import warm

    for game_id in sorted(GAMES):
        warm(game_id)


def keep_play_engine(datasette: Datasette) -> None:
    """Let ``datasette`` (not yet started) play through the play engine an earlier Datasette over
    the same archive file started in this process (site/plugins/variorum_play.py keeps one a file),
    when that engine is idle (no request queued or running): the plugin would otherwise stop it and
    start another (two worker processes, and two more loading every game's kernels), as it does
    when a build swapped the served file. Its workers are stateless (a request is a replay from the
    archive), so a test sees what a new engine would answer; only their start-up is saved (the
    warm-up loads every game's kernels: benchmarks/make-test.txt)."""
    found = play_engine(datasette)
    if found is not None and not any(found.queued.values()):
        found.database = datasette.get_database("archive")


def play_engine(datasette: Datasette):
    """The play engine (site/plugins/variorum_play.py's Engine) of ``datasette``'s archive file, if
    one was started in this process; else None."""
    from datasette.plugins import pm

    play = pm.get_plugin("variorum_play.py")
    return play._engines.get(datasette.get_database("archive").path) if play is not None else None


async def engine_warmed(datasette: Datasette, seconds: float = 900) -> None:
    """Wait until the play engine of ``datasette`` (started) has loaded every game's kernels, as
    test_browser.py's server waits: on a loaded machine the first warm-up outlasts the API's own
    wait (WARM_WAIT, then 503), and a test of what the API answers is not a test of that wait. A
    failed warm-up is not waited for again (the request itself says what is wrong, as in the plugin)."""
    found = play_engine(datasette)
    futures = {id(f): f for f in found.ready.values()}.values() if found is not None else ()
    await asyncio.wait_for(asyncio.gather(*(asyncio.wrap_future(f) for f in futures), return_exceptions=True), seconds)


@pytest.fixture()
async def ds(built_db: Path, results_db: Path, compiled_kernels: None) -> Datasette:
    """A new Datasette over the built archive and the results, started, for each test (its pages,
    caches and startup hooks its own); its play engine shared with the other tests' (see
    :func:`keep_play_engine`: the tests of the engine's own start make their own, e.g.
    test_play_api.py's test_a_game_still_compiling_is_a_503_saying_so)."""
    datasette = make_datasette(built_db, results_db)
    keep_play_engine(datasette)
    await datasette.invoke_startup()
    await engine_warmed(datasette)
    return datasette


@pytest.fixture(scope="session")
def metadata() -> dict:
    return yaml.safe_load((SITE_DIR / "metadata.yaml").read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def no_release_figures_on_demand(monkeypatch: pytest.MonkeyPatch) -> None:
    """A request for an old release's game page does not start baking its figures (a process baking
    every game) unless a test asks for it (tests/site/test_release_figures.py)."""
    monkeypatch.setenv("VARIORUM_RELEASE_FIGURES", "0")
