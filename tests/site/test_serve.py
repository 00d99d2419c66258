"""`variorum serve` builds a missing archive and serves it over HTTP, with arbitrary SQL refused."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from schema.paths import SITE_DIR
from tests.site.conftest import stop


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_serve_builds_then_serves(tmp_path: Path):
    site = tmp_path / "site"
    shutil.copytree(SITE_DIR, site, ignore=shutil.ignore_patterns("*.db", "inspect-data.json"))
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "engine.cli", "serve", "--port", str(port), "--site", str(site)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                if _status(base + "/") == 200:
                    break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"server did not start:\n{proc.stdout.read() if proc.stdout else ''}")
            time.sleep(0.3)
        assert (site / "archive.db").exists()
        assert _status(base + "/archive/games") == 200
        assert _status(base + "/archive.json?sql=select+1") == 403
        assert _status(base + "/archive/disputed_points.json?game=tap-urdy") == 200
    finally:
        stop(proc)
