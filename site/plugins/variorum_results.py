"""Datasette plugin: the results database appears when the background bake finishes.

On a fresh start ``variorum serve`` serves the archive at once and bakes the default comparisons
in the background (``VARIORUM_BAKING=1`` in the server's environment), writing
``results.db`` beside ``archive.db`` when done. Meanwhile the game pages say the comparison is
being computed (``comparison_pending``); this plugin looks for the file (at most once a second, as
requests come in) and adds it to the running server as the ``results`` database (read through read-only connections,
so that runs saved later with ``variorum compare --save`` show at once), and the pages fill in.

Then ``variorum serve`` bakes the default assessments (``VARIORUM_ASSESSING=1``) into the served
results database game by game; while the file ``.assessing`` lies beside it, a game page without
an assessment says it is being computed (``assessment_pending``).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from datasette import hookimpl
from datasette.database import Database

POLL_SECONDS = 1.0


def baking(datasette) -> bool:
    """True while the server waits for the background bake's results database."""
    return os.environ.get("VARIORUM_BAKING") == "1" and "results" not in datasette.databases


def _pick_up(datasette, path: Path) -> None:
    if path.exists():
        datasette.add_database(Database(datasette, path=str(path), is_mutable=True), name="results")


@hookimpl
def asgi_wrapper(datasette):
    """While baking, look for the results database at most once a second, as requests come in
    (in the server's own event loop, whichever loop ran the startup hooks)."""
    last = [0.0]

    def wrap(app):
        async def watching(scope, receive, send):
            if baking(datasette) and time.monotonic() - last[0] >= POLL_SECONDS and "archive" in datasette.databases:
                last[0] = time.monotonic()
                _pick_up(datasette, Path(datasette.get_database("archive").path).with_name("results.db"))
            return await app(scope, receive, send)

        return watching

    return wrap


def assessing(datasette) -> bool:
    """True while ``variorum serve`` bakes the default assessments (its ``.assessing`` file is there)."""
    if os.environ.get("VARIORUM_ASSESSING") != "1" or "archive" not in datasette.databases:
        return False
    return Path(datasette.get_database("archive").path).with_name(".assessing").exists()


@hookimpl
def extra_template_vars(datasette):
    return {"comparison_pending": baking(datasette), "assessment_pending": assessing(datasette)}
