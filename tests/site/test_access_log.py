"""The server's access log: written off the event loop in batches, every line bounded in length
(site/plugins/variorum_errors.py, DeferredLog), as ``variorum serve`` runs it."""

from __future__ import annotations

import io
import logging
import socket
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.site.conftest import serve_site, site_copy, stop


def _plugin():
    import importlib.util

    from schema.paths import SITE_DIR

    spec = importlib.util.spec_from_file_location("variorum_errors_under_test", SITE_DIR / "plugins" / "variorum_errors.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def test_deferred_lines_are_written_whole_in_order_and_bounded():
    plugin = _plugin()
    out = io.StringIO()
    logger = logging.getLogger("variorum.test.access")
    logger.propagate = False
    logger.setLevel(logging.INFO)
    handler = logging.StreamHandler(out)
    handler.setFormatter(logging.Formatter("%(message)s"))
    logger.addHandler(handler)
    try:
        plugin.defer_access_log(logger.name)
        plugin.defer_access_log(logger.name)  # once only
        assert [type(h).__name__ for h in logger.handlers] == ["DeferredLog"]
        for i in range(500):
            logger.info("GET /games/%d", i)
        logger.info("GET /-/assess/%s", "x" * 5000)
        deadline = time.monotonic() + 10
        while out.getvalue().count("\n") < 501 and time.monotonic() < deadline:
            time.sleep(0.05)
        logger.handlers[0].flush()
        lines = out.getvalue().splitlines()
        assert lines[:500] == [f"GET /games/{i}" for i in range(500)]
        assert len(lines) == 501 and len(lines[-1]) <= plugin.ACCESS_LINE + 40
        assert lines[-1].endswith("(4714 more characters)")
    finally:
        logger.handlers.clear()


def test_lines_waiting_are_bounded_when_the_reader_falls_behind():
    """A reader that does not read (the pipe full): at most ACCESS_QUEUED lines wait; the others
    are counted, and a line says so once the reader reads again."""
    import threading

    plugin = _plugin()
    plugin.ACCESS_QUEUED = 50
    reading = threading.Event()

    class Stalled(io.StringIO):
        def write(self, text):
            reading.wait(10)
            return super().write(text)

    out = Stalled()
    logger = logging.getLogger("variorum.test.access.stalled")
    logger.propagate = False
    logger.setLevel(logging.INFO)
    logger.addHandler(logging.StreamHandler(out))
    try:
        plugin.defer_access_log(logger.name)
        handler = logger.handlers[0]
        logger.info("first")
        time.sleep(0.3)  # the writer thread has taken it and waits in write
        for i in range(200):
            logger.info("line %d", i)
        assert handler.records.qsize() <= 50 and handler.dropped >= 150
        reading.set()
        handler.flush()
        text = out.getvalue()
        assert "access line(s) left out" in text and text.count("line ") <= 52 + 1
    finally:
        reading.set()
        logger.handlers.clear()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_served_sites_access_lines_are_bounded(built_db: Path, tmp_path: Path):
    """Datasette started as ``variorum serve`` starts it: a refused request with a 5,000-character
    path gives one access line of at most a few hundred characters, and the lines come in order."""
    site = site_copy(built_db, tmp_path)
    log = tmp_path / "server.log"
    with open(log, "w") as out:
        base, proc = serve_site(site, _free_port(), VARIORUM_BAKING="0", VARIORUM_ASSESSING="0", VARIORUM_WARM="0",
                                stdout=out)
        try:
            for path in ("/-/assess/" + "x" * 5000, "/games/tauru", "/archive/sources.json"):
                try:
                    urllib.request.urlopen(base + path, timeout=30).read()
                except urllib.error.HTTPError as exc:
                    assert exc.code == 404
            time.sleep(1)
        finally:
            stop(proc)
    lines = [line for line in log.read_text().splitlines() if '"GET ' in line]
    assert all(len(line) < 400 for line in lines), [len(line) for line in lines]
    requested = [line.split('"GET ', 1)[1].split(" ", 1)[0][:12] for line in lines]
    assert requested[-3:] == ["/-/assess/xx", "/games/tauru", "/archive/sou"], lines
    assert "more characters" in lines[-3]


def test_variorum_serves_log_of_a_refused_long_request_is_bounded(built_db: Path, tmp_path: Path):
    """``variorum serve``'s own output (the server's log relayed, as an operator reads it): a refused
    request with a 5,000-character path leaves no line longer than a few hundred characters."""
    import os
    import subprocess
    import sys

    site = site_copy(built_db, tmp_path)
    port = _free_port()
    log = tmp_path / "serve.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "engine.cli", "serve", "--port", str(port), "--site", str(site),
                                 "--no-bake"], env=dict(os.environ, VARIORUM_WARM="0"), stdout=out, stderr=subprocess.STDOUT)
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 60
            while True:
                try:
                    urllib.request.urlopen(base + "/games", timeout=5).read()
                    break
                except OSError:
                    assert proc.poll() is None and time.monotonic() < deadline, log.read_text()
                    time.sleep(0.3)
            for path in ("/-/assess/" + "x" * 5000, "/-/play/" + "y" * 5000 + ".json"):
                try:
                    urllib.request.urlopen(base + path, timeout=30).read()
                except urllib.error.HTTPError as exc:
                    assert 400 <= exc.code < 500
            time.sleep(1.5)
        finally:
            stop(proc)
    lines = log.read_text().splitlines()
    assert any("/-/assess/xxx" in line for line in lines), lines
    assert all(len(line) < 400 for line in lines), [len(line) for line in lines if len(line) >= 400]
