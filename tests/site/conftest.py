"""A Datasette instance over the built archive, configured as `variorum serve` configures it."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml
from datasette.app import Datasette

from schema.paths import SITE_DIR


def make_datasette(db: Path, results: Path | None = None) -> Datasette:
    metadata = yaml.safe_load((SITE_DIR / "metadata.yaml").read_text(encoding="utf-8"))
    kwargs = {}
    if (SITE_DIR / "templates").is_dir():
        kwargs["template_dir"] = str(SITE_DIR / "templates")
    if (SITE_DIR / "plugins").is_dir():
        kwargs["plugins_dir"] = str(SITE_DIR / "plugins")
    if (SITE_DIR / "static").is_dir():
        kwargs["static_mounts"] = [("static", str(SITE_DIR / "static"))]
    return Datasette(
        immutables=[str(db)] + ([str(results)] if results else []),
        metadata=metadata,
        settings={"default_allow_sql": False},
        **kwargs,
    )


def stop(proc: subprocess.Popen) -> None:
    """Stop a server started by a test: SIGTERM, then SIGKILL after 10 s."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


@pytest.fixture(scope="session")
def results_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A results database with Tap-urdy's default comparison (few games: it checks the plumbing)."""
    from engine.compare.results import compare_defaults

    path = tmp_path_factory.mktemp("results") / "results.db"
    compare_defaults(path, games=200, game_ids=["tap-urdy"])
    return path


@pytest.fixture(scope="session")
def compiled_kernels() -> None:
    """Every kernel the play API calls, compiled into numba's cache once, so that the server's
    worker processes load them within the API's wait for a game's kernels (a fresh clone compiles
    them here, not in a request that would answer 503)."""
    from engine.games import GAMES
    from engine.play import warm

    for game_id in sorted(GAMES):
        warm(game_id)


@pytest.fixture()
async def ds(built_db: Path, results_db: Path, compiled_kernels: None) -> Datasette:
    datasette = make_datasette(built_db, results_db)
    await datasette.invoke_startup()
    return datasette


@pytest.fixture(scope="session")
def metadata() -> dict:
    return yaml.safe_load((SITE_DIR / "metadata.yaml").read_text(encoding="utf-8"))
