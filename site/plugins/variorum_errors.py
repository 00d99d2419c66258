"""Datasette plugin: every error answered in about a millisecond, as JSON or a page, logged in one line.

Datasette 0.65's own exception handler prints each traceback with its local variables through
``rich`` (a dependency of the CLI), which costs about 250 ms of the event loop per error and, when
a local's repr fails, turns the answer into a bare "Internal Server Error". This plugin takes over
at the root, through the ``handle_exception`` hook, and blocks Datasette's handler, so that:

- a client mistake answers 400, 403, 404 or 405 with a message (JSON for ``.json`` paths, else
  Datasette's error page) and one line in the log;
- the exceptions Datasette 0.65 raises for a client's mistake (a sort by a column that does not
  exist, a body that is not what a write endpoint expects, a method a view does not have) are
  client mistakes, not 500s;
- only a fault of the server itself is a 500, logged with its traceback (without locals).

An ASGI wrapper answers 405 before routing for methods the site never serves (``TRACE``,
``CONNECT``, ...) and for any method but GET/HEAD/OPTIONS on the play API, and 404 for a path
that tries to climb out of the site (``..`` segments, ``//``).

Every log line is bounded in length (:func:`clip`): the lines of refused requests, and uvicorn's
access lines (:class:`DeferredLog`, installed when uvicorn starts the application), which the server also writes off its
event loop: a thread writes, in one write, every line gathered meanwhile. Written on the event loop,
one line a request, the access log took a fifth of the server's samples under load (py-spy, issue
22): its reader, ``variorum serve``, runs niced (engine.cli.archive.BAKE_NICE) and, on a busy machine, drains the pipe
late, so that the write stalled every request behind it.
"""

from __future__ import annotations

import atexit
import json
import logging
import queue
import re
import sqlite3
import sys
import threading
import traceback

from datasette import hookimpl
from datasette.plugins import pm
from datasette.utils.asgi import Base400, Response
from datasette.views.base import DatasetteError

if "datasette.handle_exception" in dict(pm.list_name_plugin()):
    pm.set_blocked("datasette.handle_exception")  # its rich tracebacks: see the module docstring

log = logging.getLogger("variorum.site")
if not log.handlers:
    _handler = logging.StreamHandler(sys.stderr)
    _handler.setFormatter(logging.Formatter("%(levelname)s: %(message)s"))
    log.addHandler(_handler)
    log.setLevel(logging.INFO)
    log.propagate = False

METHODS = {"GET", "HEAD", "OPTIONS", "POST"}
"""Methods any route of the site may serve; others are 405 before routing."""
READ_ONLY_PREFIXES = ("/-/play/", "/-/cite/", "/-/releases")
"""Paths that answer GET and HEAD only (and OPTIONS), at the latest address and under ``/v/<N>/``."""
RELEASE_PREFIX = re.compile(r"^/v/\d+(?=/)")


LOG_CHARS = 200
"""The most characters of a request's path or message a log line repeats."""


def clip(text: str, most: int = LOG_CHARS) -> str:
    """``text`` cut to ``most`` characters, saying how many were left out (a log line stays short
    whatever path a client sends)."""
    return text if len(text) <= most else f"{text[:most]}... ({len(text) - most} more characters)"


ACCESS_LINE = 300
"""The most characters of an access line (a client's long path is cut, saying how much)."""
ACCESS_QUEUED = 20000
"""The most access lines waiting to be written; past it lines are counted, not kept (memory stays
bounded when the log's reader falls behind), and a line says how many were left out."""


class DeferredLog(logging.Handler):
    """In place of a stream handler: ``emit`` (on the event loop) only queues the record; a thread
    formats the records gathered meanwhile with the replaced handler's formatter, bounds each line
    (:data:`ACCESS_LINE`) and writes them in one write to its stream. At most :data:`ACCESS_QUEUED`
    lines wait; what is queued at exit is written."""

    def __init__(self, target: logging.StreamHandler) -> None:
        super().__init__(target.level)
        self.target = target
        self.records: queue.SimpleQueue = queue.SimpleQueue()
        self.writing = threading.Lock()
        self.dropped = 0
        threading.Thread(target=self._run, name="variorum-access-log", daemon=True).start()
        atexit.register(self.flush)

    def emit(self, record: logging.LogRecord) -> None:
        if self.records.qsize() < ACCESS_QUEUED:
            self.records.put(record)
        else:
            self.dropped += 1

    def _run(self) -> None:
        while True:
            batch = [self.records.get()]
            self._write(batch)

    def _write(self, batch: list) -> None:
        with self.writing:
            while len(batch) < 1000:
                try:
                    batch.append(self.records.get_nowait())
                except queue.Empty:
                    break
            lines = []
            if self.dropped:
                dropped, self.dropped = self.dropped, 0
                lines.append(f"{dropped} access line(s) left out: the log's reader fell behind{self.target.terminator}")
            for record in batch:
                try:
                    lines.append(clip(self.target.format(record), ACCESS_LINE) + self.target.terminator)
                except Exception:  # noqa: BLE001  (as logging does: a bad record never stops the log)
                    self.handleError(record)
            try:
                self.target.stream.write("".join(lines))
                self.target.stream.flush()
            except (OSError, ValueError):  # the reader is gone (the server is stopping)
                pass

    def flush(self) -> None:
        self._write([])


def defer_access_log(name: str = "uvicorn.access") -> None:
    """Replace the stream handlers of the logger ``name`` by :class:`DeferredLog` (once)."""
    logger = logging.getLogger(name)
    for handler in list(logger.handlers):
        if isinstance(handler, logging.StreamHandler) and not isinstance(handler, DeferredLog):
            logger.removeHandler(handler)
            logger.addHandler(DeferredLog(handler))


def classify(exception: BaseException, method: str) -> tuple[int, str, str | None]:
    """(status, message, title) for an exception raised while answering a request."""
    if isinstance(exception, Base400):
        return exception.status, str(exception.args[0]) if exception.args else "", None
    if isinstance(exception, DatasetteError):
        # Datasette 0.65 raises DatasetteError (status 500 by default) for what a request asked
        # that the table or query cannot do: a sort by a missing column, a bad _size, ...
        status = 400 if exception.status >= 500 else exception.status
        return status, str(exception.message), exception.title
    if isinstance(exception, sqlite3.OperationalError):
        return 400, f"the request asks the database for something it does not have: {exception}", None
    if isinstance(exception, (json.JSONDecodeError, UnicodeDecodeError)):
        return 400, f"the request's body is not valid JSON: {exception}", None
    if method not in ("GET", "HEAD") and isinstance(
            exception, (AssertionError, AttributeError, KeyError, TypeError, ValueError)
    ):
        # Datasette 0.65's views fail so on a method or body they do not handle
        return 405, f"{method} is not allowed here", None
    return 500, "the server failed to answer this request; the fault is logged", None


def error_response(datasette, path: str, status: int, message: str, title: str | None = None,
                   headers: dict | None = None):
    """The error as JSON (``.json`` paths) or Datasette's error page."""
    headers = dict(headers or {})
    info = {"ok": False, "error": message, "status": status, "title": title}
    if path.split("?")[0].endswith(".json") or datasette is None:
        return Response.json(info, status=status, headers=headers)

    async def page():
        template = datasette.jinja_env.select_template([f"{status}.html", "error.html"])
        html = await template.render_async(
            dict(info, urls=datasette.urls, app_css_hash=datasette.app_css_hash(), menu_links=lambda: [])
        )
        return Response.html(html, status=status, headers=headers)

    return page()


@hookimpl
def handle_exception(datasette, request, exception):
    status, message, title = classify(exception, request.method)
    where = f"{request.method} {clip(request.path)}"
    if status >= 500:
        log.error("%s -> %d: %s: %s\n%s", where, status, type(exception).__name__, exception,
                  "".join(traceback.format_exception(exception)).rstrip())
    else:
        log.info("%s -> %d: %s", where, status, clip(message.splitlines()[0]) if message else "")
    response = error_response(datasette, request.path, status, message, title)

    async def inner():
        return await response if hasattr(response, "__await__") else response

    return inner


def _climbs(raw_path: bytes) -> bool:
    """True for a path with ``..`` or ``.`` segments or an empty segment (``//``)."""
    path = raw_path.split(b"?")[0]
    segments = path.split(b"/")[1:]
    return any(s in (b"..", b".", b"%2e%2e", b"%2E%2E") for s in segments) or b"//" in path


async def _send(send, response) -> None:
    await response.asgi_send(send)


@hookimpl
def asgi_wrapper(datasette):
    def wrap(app):
        async def guarded(scope, receive, send):
            if scope.get("type") != "http":
                if scope.get("type") == "lifespan":  # uvicorn has configured its loggers by now
                    defer_access_log()
                return await app(scope, receive, send)
            method = scope.get("method", "GET").upper()
            raw = scope.get("raw_path") or scope.get("path", "/").encode("utf-8", "replace")
            path = raw.decode("latin-1").split("?")[0]
            route = RELEASE_PREFIX.sub("", path, count=1)  # /v/<N>/-/play/... is refused as /-/play/... is
            refusal = None
            if method not in METHODS or (method not in ("GET", "HEAD", "OPTIONS") and route.startswith(READ_ONLY_PREFIXES)):
                allow = "GET, HEAD, OPTIONS" if route.startswith(READ_ONLY_PREFIXES) else ", ".join(sorted(METHODS))
                refusal = (405, f"{method} is not allowed here; allowed: {allow}", {"Allow": allow})
            elif _climbs(raw):
                refusal = (404, "no such page", {})
            if refusal is None:
                return await app(scope, receive, send)
            status, message, headers = refusal
            log.info("%s %s -> %d: %s", clip(method, 20), clip(path), status, clip(message))
            response = error_response(None if path.endswith(".json") else datasette, path, status, message,
                                      headers=headers)
            if hasattr(response, "__await__"):
                response = await response
            await _send(send, response)

        return guarded

    return wrap
