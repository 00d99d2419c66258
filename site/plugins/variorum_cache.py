"""Datasette plugin: a cache of rendered answers that knows what they were drawn from.

The served archive is immutable and the play API's answers are a function of the archive and the
engine, so a GET answered 200 is answered the same way until something it was drawn from changes.
Every answer is kept under its path, query and host and the **generation** of the served state
(:func:`generation`): the databases served (the results database is added when the background
bake has written it), the ``PRAGMA data_version`` of every mutable database (it changes at every
commit of another connection: a bake saving a game's run, a run saved with ``--save``), and what
the other plugins register as state in ``datasette._variorum_state`` (the bake's "being computed"
marks, site/plugins/variorum_results.py). The generation is taken before the lookup, by the
outermost wrapper, so a cached page is never served once its sources have changed: the next
request draws it anew. While a database is being written (locked), nothing is cached.

The cache holds game pages, table and query JSON, play answers and charts, bounded in bytes
(``MAX_BYTES``, least recently used out; answers of older generations age out the same way); it
skips requests with cookies or credentials, answers that set a cookie, and Datasette's own ``/-/``
pages (except the play API, the charts and the bibliography). ``x-variorum-cache: hit`` marks an
answer from the cache.
"""

from __future__ import annotations

import os
import sqlite3
from collections import OrderedDict
from typing import Any, Callable

from datasette import hookimpl

MAX_BYTES = 32 * 2**20
"""The most bytes of answers the cache keeps."""
MAX_ENTRY = 2 * 2**20
"""An answer larger than this is not kept."""
CACHED_DASH = (b"/-/play/", b"/-/compare/", b"/-/assess/", b"/-/bibliography")


class ResponseCache:
    """Whole answers (status, headers, body) by key, bounded in bytes."""

    def __init__(self, max_bytes: int = MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self.entries: OrderedDict[tuple, tuple[dict, bytes]] = OrderedDict()
        self.hits = self.misses = 0

    def get(self, key: tuple):
        found = self.entries.get(key)
        if found is not None:
            self.entries.move_to_end(key)
            self.hits += 1
        else:
            self.misses += 1
        return found

    def put(self, key: tuple, start: dict, body: bytes) -> None:
        if len(body) > MAX_ENTRY or key in self.entries:
            return
        self.entries[key] = (start, body)
        self.bytes += len(body) + 512
        while self.bytes > self.max_bytes and self.entries:
            _, (_, old) = self.entries.popitem(last=False)
            self.bytes -= len(old) + 512


def hit_start(start: dict, body: bytes) -> dict:
    """The start of a cached answer: the answer's own, marked ``x-variorum-cache: hit``, with its
    length (so that the server sends the body as it is rather than in chunks)."""
    headers = list(start.get("headers", []))
    if not any(k.lower() in (b"content-length", b"transfer-encoding") for k, _ in headers):
        headers.append((b"content-length", str(len(body)).encode()))
    return dict(start, headers=[*headers, (b"x-variorum-cache", b"hit")])


def cacheable_request(scope: dict) -> bool:
    if scope.get("type") != "http" or scope.get("method") != "GET":
        return False
    path = scope.get("raw_path") or scope.get("path", "").encode()
    if path.startswith(b"/-/") and not path.startswith(CACHED_DASH):
        return False
    headers = dict(scope.get("headers") or [])
    return b"cookie" not in headers and b"authorization" not in headers


class DataVersion:
    """The ``PRAGMA data_version`` of one database file, read on a connection of its own (it
    changes whenever another connection commits), with the file's inode (a file replaced by
    another is a new generation). ``None`` while the file is locked by a writer. A data version
    counts from its connection's opening, so every (re)opening starts a new ``epoch``: a version read
    after a writer's lock closed the connection never repeats a key of an earlier state (it did, and
    served game pages drawn before the bake saved its runs: sections lost their figures for minutes)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.conn: sqlite3.Connection | None = None
        self.inode = -1
        self.epoch = 0

    def __call__(self) -> tuple[int, int, int] | None:
        try:
            inode = os.stat(self.path).st_ino
        except OSError:
            return (-1, 0, 0)
        try:
            if self.conn is None or inode != self.inode:
                if self.conn is not None:
                    self.conn.close()
                # timeout 0: the event loop never waits for a writer's lock
                self.conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=0,
                                            check_same_thread=False)
                self.inode = inode
                self.epoch += 1
            return (inode, self.epoch, self.conn.execute("pragma data_version").fetchone()[0])
        except sqlite3.Error:
            if self.conn is not None:
                self.conn.close()
            self.conn = None
            return None


def generation(datasette) -> tuple | None:
    """What every answer is drawn from, as a key: the databases served, the data version of each
    mutable one, and the state the other plugins register (``datasette._variorum_state``: name ->
    function, called first, so that e.g. the results database is picked up before the key is
    taken). ``None`` when a database is being written: the answer is then not cached."""
    state: dict[str, Callable[[], Any]] = getattr(datasette, "_variorum_state", {})
    extra = tuple((name, fn()) for name, fn in sorted(state.items()))
    versions: dict[str, DataVersion] = datasette.__dict__.setdefault("_variorum_data_versions", {})
    key: list[Any] = [extra]
    for name, db in list(datasette.databases.items()):
        if not db.is_mutable or not db.path or db.is_memory:
            key.append(name)
            continue
        reader = versions.get(db.path)
        if reader is None:
            reader = versions[db.path] = DataVersion(db.path)
        version = reader()
        if version is None:
            return None
        key.append((name, version))
    return tuple(key)


@hookimpl(trylast=True)  # the outermost wrapper: the generation is taken before any other plugin runs
def asgi_wrapper(datasette):
    cache = ResponseCache()
    datasette._variorum_response_cache = cache

    def wrap(app):
        async def cached(scope, receive, send):
            if not cacheable_request(scope):
                return await app(scope, receive, send)
            state = generation(datasette)
            if state is None:  # a database is being written: answer afresh, keep nothing
                return await app(scope, receive, send)
            headers = dict(scope.get("headers") or [])
            key = (scope.get("raw_path") or scope.get("path"), scope.get("query_string", b""),
                   headers.get(b"host", b""), state)
            found = cache.get(key)
            if found is not None:
                start, body = found
                await send(start)
                await send({"type": "http.response.body", "body": body})
                return
            start_message: dict = {}
            chunks: list[bytes] = []
            keep = [True]

            async def capture(message):
                if message["type"] == "http.response.start":
                    start_message.update(message)
                    if message.get("status") != 200 or any(
                        k.lower() == b"set-cookie" for k, _ in message.get("headers", [])
                    ):
                        keep[0] = False
                elif message["type"] == "http.response.body" and keep[0]:
                    chunks.append(message.get("body", b""))
                    if not message.get("more_body"):
                        body = b"".join(chunks)
                        cache.put(key, hit_start(start_message, body), body)
                await send(message)

            await app(scope, receive, capture)

        return cached

    return wrap
