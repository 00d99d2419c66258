"""Datasette plugin: the served archive is one state, swapped whole when a build replaces it.

``variorum build`` (and ``variorum serve``'s own build) write ``archive.db`` atomically: a new
file takes the old one's name. Datasette opens a connection per thread by path, and the
citations open the file by path too, so without this plugin a build while serving would reach
some pages and not others (a page in release 1's words under a citation of release 2).

At the start of every request, before the response cache takes its key, :func:`current` looks at
the file (one ``stat``): when its identity (inode, size, modification time) differs from the one
served, the archive's :class:`~datasette.database.Database` is replaced by a new one over the new
file, in one assignment, so every later request (its pages, banner, citations, and the play API,
whose workers are restarted over it: site/plugins/variorum_play.py) reads the new state; requests
already running finish on the old one. The identity is registered with the cache
(``datasette._variorum_state``), so no cached answer of the old state is served after the swap.
"""

from __future__ import annotations

import os

import asyncio

from datasette import hookimpl
from datasette.database import Database, connections

DB = "archive"


class Swapped(Database):
    """The archive over a file that replaced the one served: Datasette keeps one connection per
    thread by database name, so this one keys its connections by name and file identity (the old
    file's connections are never used again)."""

    async def execute_fn(self, fn):
        if self.ds.executor is None:
            return await super().execute_fn(fn)
        key = f"{self.name}@{'.'.join(map(str, self._variorum_identity))}"

        def in_thread():
            conn = getattr(connections, key, None)
            if not conn:
                conn = self.connect()
                self.ds._prepare_connection(conn, self.name)
                setattr(connections, key, conn)
            return fn(conn)

        return await asyncio.get_event_loop().run_in_executor(self.ds.executor, in_thread)


def _identity(path: str) -> tuple[int, int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def current(datasette) -> tuple[int, int, int] | None:
    """The identity of the archive file served, after swapping in the file now at its path when a
    build replaced it."""
    db = datasette.databases.get(DB)
    if db is None or not db.path:
        return None
    served = db.__dict__.get("_variorum_identity")
    now = _identity(db.path)
    if served is None:
        db._variorum_identity = now
        return now
    if now is None or now == served:
        return served
    fresh = Swapped(datasette, path=db.path, is_mutable=False)
    fresh.name, fresh.route = db.name, db.route
    fresh._variorum_identity = now
    datasette.databases = {name: fresh if name == DB else other for name, other in datasette.databases.items()}
    return now


@hookimpl
def asgi_wrapper(datasette):
    """Register the archive's identity with the response cache (which calls it first on every request)."""
    datasette.__dict__.setdefault("_variorum_state", {})["archive"] = lambda: current(datasette)

    def wrap(app):
        async def swapped(scope, receive, send):
            if scope.get("type") == "http":
                current(datasette)
            return await app(scope, receive, send)

        return swapped

    return wrap
