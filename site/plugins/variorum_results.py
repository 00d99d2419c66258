"""Datasette plugin: the results database appears when the background bake finishes.

On a fresh start ``variorum serve`` serves the archive at once and bakes the default comparisons
in the background (``VARIORUM_BAKING=1`` in the server's environment), writing
``results.db`` beside ``archive.db`` when done. Meanwhile the game pages say the comparison is
being computed (``comparison_pending``); this plugin watches for the file and adds it to the
running server, immutable, as the ``results`` database, and the pages fill in.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from datasette import hookimpl
from datasette.database import Database

POLL_SECONDS = 2.0


def baking(datasette) -> bool:
    """True while the server waits for the background bake's results database."""
    return os.environ.get("VARIORUM_BAKING") == "1" and "results" not in datasette.databases


async def watch(datasette, path: Path) -> None:
    while "results" not in datasette.databases:
        if path.exists():
            datasette.add_database(Database(datasette, path=str(path), is_mutable=False), name="results")
            return
        await asyncio.sleep(POLL_SECONDS)


@hookimpl
def startup(datasette):
    if os.environ.get("VARIORUM_BAKING") != "1" or "archive" not in datasette.databases:
        return
    path = Path(datasette.get_database("archive").path).with_name("results.db")

    async def inner():
        datasette._variorum_results_watch = asyncio.get_running_loop().create_task(watch(datasette, path))

    return inner


@hookimpl
def extra_template_vars(datasette):
    return {"comparison_pending": baking(datasette)}
