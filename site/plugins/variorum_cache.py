"""Datasette plugin: a cache of rendered answers, keyed by path, query and the databases served.

The served archive is immutable and the play API's answers are a function of the archive and the
engine, so a GET answered 200 is answered the same way until the server restarts, a database is
added (the results database, when the background bake finishes: the set of databases is part of
the key) or the results database changes (a run saved with ``--save``: its modification time is
part of the key). The cache holds game pages, table and query JSON, play answers and charts, bounded in
bytes (``MAX_BYTES``, least recently used out); it skips requests with cookies or credentials,
answers that set a cookie, and Datasette's own ``/-/`` pages (except the play API, the charts
and the bibliography). ``x-variorum-cache: hit`` marks an answer from the cache.
"""

from __future__ import annotations

import os
from collections import OrderedDict

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


def cacheable_request(scope: dict) -> bool:
    if scope.get("type") != "http" or scope.get("method") != "GET":
        return False
    path = scope.get("raw_path") or scope.get("path", "").encode()
    if path.startswith(b"/-/") and not path.startswith(CACHED_DASH):
        return False
    headers = dict(scope.get("headers") or [])
    return b"cookie" not in headers and b"authorization" not in headers


def results_stamp(datasette) -> int:
    """When the results database last changed (0 if none is served): it is the one database that
    changes while serving (``variorum compare --save`` adds runs to it), so it is part of the key."""
    db = datasette.databases.get("results")
    if db is None or not db.path:
        return 0
    try:
        return os.stat(db.path).st_mtime_ns
    except OSError:
        return 0


@hookimpl
def asgi_wrapper(datasette):
    cache = ResponseCache()
    datasette._variorum_response_cache = cache

    def wrap(app):
        async def cached(scope, receive, send):
            if not cacheable_request(scope):
                return await app(scope, receive, send)
            headers = dict(scope.get("headers") or [])
            key = (scope.get("raw_path") or scope.get("path"), scope.get("query_string", b""),
                   headers.get(b"host", b""), tuple(datasette.databases), results_stamp(datasette))
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
                        start = dict(start_message, headers=[*start_message.get("headers", []),
                                                             (b"x-variorum-cache", b"hit")])
                        cache.put(key, start, b"".join(chunks))
                await send(message)

            await app(scope, receive, capture)

        return cached

    return wrap
