"""Datasette plugin: the results database appears when the background bake finishes, and the pages
say what is being computed, with its progress.

On a fresh start ``variorum serve`` serves the archive at once and bakes the default comparisons
in the background (``VARIORUM_BAKING=1`` in the server's environment), writing
``results.db`` beside ``archive.db`` game by game. Meanwhile the game pages say the comparison is
being computed (``comparison_pending``); this plugin looks for the file (a ``stat`` as each request
comes in, before the response cache looks up its answer) and adds it to the running server as the ``results`` database (read through
read-only connections, so that runs saved later with ``variorum compare --save`` show at once), and
the pages fill in.

Then ``variorum serve`` bakes the default assessments (``VARIORUM_ASSESSING=1``) into the served
results database game by game; while the file ``.assessing`` lies beside it, a game page without
an assessment says it is being computed (``assessment_pending``).

The bake writes its progress into ``.bake.json`` beside ``results.db`` (engine.cli.archive: the
stage, each game's games done and the estimate of what is left); ``/-/bake.json`` serves it (never
cached), and a section being computed shows it. The state the pages are drawn from (the results
database picked up, the two "being computed" marks) is registered with the response cache
(``datasette._variorum_state``, site/plugins/variorum_cache.py), so no cached page outlives it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from datasette import hookimpl
from datasette.database import Database
from datasette.utils.asgi import Response

PROGRESS = ".bake.json"
"""The bake's progress, beside results.db (written by engine.cli.archive)."""
COMPARING_STAGES = ("compiling", "preliminary", "comparisons")
"""The stages of the bake during which a game without a comparison is waiting for it."""


def _site(datasette) -> Path | None:
    """The folder of the results database this Datasette shows: beside the served archive, or, for
    an old release, that release's figures folder (engine.release.figures_dir)."""
    if "archive" not in datasette.databases:
        return None
    number = release_page(datasette)
    if number is not None:
        from schema import releases as R

        return R.releases_dir() / "figures" / str(number)
    return Path(datasette.get_database("archive").path).parent


def progress(datasette) -> dict | None:
    """The bake's progress (the contents of ``.bake.json``), None when no bake of this server runs."""
    site = _site(datasette)
    if site is None or (release_page(datasette) is None and
                        "1" not in (os.environ.get("VARIORUM_BAKING"), os.environ.get("VARIORUM_ASSESSING"))):
        return None
    path = site / PROGRESS
    try:
        stamp = os.stat(path)
    except OSError:
        return None
    key = (str(path), stamp.st_ino, stamp.st_mtime_ns, stamp.st_size)
    if _progress_read[0] != key:  # read and parse the file only when it changed (it is asked on every request)
        try:
            _progress_read[:] = [key, json.loads(path.read_text(encoding="utf-8"))]
        except (OSError, ValueError):
            return None
    return _progress_read[1]


_progress_read: list = [None, None]
"""The last ``.bake.json`` read: its (path, inode, mtime, size) and contents."""


def release_page(datasette) -> int | None:
    """The release a Datasette serves at ``/v/<N>/`` (None: the latest). A release keeps records;
    its figures are baked on demand, once, into its figures folder (:func:`release_baking`)."""
    base = datasette.setting("base_url") or "/"
    return int(base.strip("/").split("/")[1]) if base.startswith("/v/") else None


def baking(datasette) -> bool:
    """True while the server's background bake has not saved every game's comparison."""
    if os.environ.get("VARIORUM_BAKING") != "1" or release_page(datasette) is not None:
        return False
    if "results" not in datasette.databases:
        return True
    state = progress(datasette)
    return bool(state) and state.get("stage") in COMPARING_STAGES


def _pick_up(datasette, path: Path) -> None:
    if path.exists() and "results" not in datasette.databases:
        datasette.add_database(Database(datasette, path=str(path), is_mutable=True), name="results")


def release_baking(datasette) -> bool:
    """True while an old release's figures are being baked: the mark beside them names a live process
    (site/plugins/variorum_releases.py starts it on demand; engine.release.bake_figures)."""
    site = _site(datasette)
    if release_page(datasette) is None or site is None:
        return False
    try:
        pid = int((site / ".assessing").read_text().strip() or 0)
        os.kill(pid, 0)
    except (OSError, ValueError):
        return False
    return pid > 0


def assessing(datasette) -> bool:
    """True while ``variorum serve`` bakes the default assessments (its ``.assessing`` file is there)."""
    site = _site(datasette)
    if os.environ.get("VARIORUM_ASSESSING") != "1" or site is None or release_page(datasette) is not None:
        return False
    return (site / ".assessing").exists()


def state(datasette) -> tuple[bool, bool]:
    """Pick the results database up if the bake has written it, and say what is being computed:
    the part of the served state the cache key takes from this plugin."""
    if "results" not in datasette.databases and (os.environ.get("VARIORUM_BAKING") == "1"
                                                 or release_page(datasette) is not None):
        site = _site(datasette)
        if site is not None:
            _pick_up(datasette, site / "results.db")
    if release_page(datasette) is not None:
        return release_baking(datasette), release_baking(datasette)
    return baking(datasette), assessing(datasette)


@hookimpl
def asgi_wrapper(datasette):
    """Register the state with the cache; on every request (cached or not), look for the results
    database while baking (in the server's own event loop, whichever loop ran the startup hooks)."""
    datasette.__dict__.setdefault("_variorum_state", {})["results"] = lambda: state(datasette)

    def wrap(app):
        async def watching(scope, receive, send):
            state(datasette)
            return await app(scope, receive, send)

        return watching

    return wrap


async def bake_status(datasette):
    """``/-/bake.json``: the background bake's progress (``{"running": false}`` when none runs), and
    the id ``variorum serve`` gave this server (``server``: it says "ready" only when its own server answers)."""
    found = progress(datasette)
    body = {"running": False} if not found or not found.get("stage") else {"running": True, **found}
    body["server"] = os.environ.get("VARIORUM_SERVER_ID")
    return Response.json(body, headers={"cache-control": "no-store"})


@hookimpl
def register_routes():
    return [(r"^/-/bake\.json$", bake_status)]


@hookimpl
def extra_template_vars(datasette):
    comparing, pending = state(datasette)
    return {"comparison_pending": comparing, "assessment_pending": pending, "figures_pending": pending,
            "release_page": release_page(datasette), "release_figures_waiting": release_waiting(datasette)}


def release_waiting(datasette) -> bool:
    """An old release page whose figures are neither baked nor being baked (another release's are:
    one at a time, site/plugins/variorum_releases.py)."""
    number = release_page(datasette)
    site = _site(datasette)
    if number is None or site is None or os.environ.get("VARIORUM_RELEASE_FIGURES", "1") == "0":
        return False
    return not (site / ".done").exists() and not release_baking(datasette)
