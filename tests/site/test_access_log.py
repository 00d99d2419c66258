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
