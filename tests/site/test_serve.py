"""`variorum serve` builds a missing archive and serves it over HTTP, with arbitrary SQL refused."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from schema.paths import SITE_DIR
from tests.site.conftest import site_copy, stop


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
    """The build and the pages: no bake and no kernels loaded for play (the bake's start and the
    server's processes are test_leftovers.py's, its kernels test_browser.py's server's), which ran
    beside this test until it stopped the server, for nothing it checks."""
    site = tmp_path / "site"
    shutil.copytree(SITE_DIR, site, ignore=shutil.ignore_patterns("*.db", "inspect-data.json"))
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "engine.cli", "serve", "--port", str(port), "--site", str(site), "--no-bake"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=dict(os.environ, VARIORUM_WARM="0"),
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


def test_a_taken_port_is_one_error_naming_it_and_no_ready_line(tmp_path: Path):
    site = tmp_path / "site"
    shutil.copytree(SITE_DIR, site, ignore=shutil.ignore_patterns("*.db", "inspect-data.json"))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = subprocess.run([sys.executable, "-m", "engine.cli", "serve", "--port", str(port), "--site", str(site)],
                             capture_output=True, text=True, timeout=120)
    assert out.returncode == 1
    assert f"port {port} on 127.0.0.1 is taken" in out.stderr and "--port" in out.stderr
    assert " ready " not in out.stdout + out.stderr and "Traceback" not in out.stderr
    assert len((out.stdout + out.stderr).strip().splitlines()) == 1
    assert not (site / "archive.db").exists()  # said before any work


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/status")
    return not (status.exists() and "State:\tZ" in status.read_text())


def _children(pid: int) -> list[int]:
    found = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in found.read_text().split()] if found.exists() else []


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc (Linux)")
def test_a_server_whose_parent_is_killed_stops_with_it(tmp_path: Path, built_db: Path):
    """``make serve`` killed by SIGKILL: the serve process and its Datasette stop, the port is free.
    The site holds the built archive (test_serve_builds_then_serves builds one)."""
    site = site_copy(built_db, tmp_path)
    port = _free_port()
    log = tmp_path / "serve.log"
    parent = subprocess.Popen(["sh", "-c", f'"{sys.executable}" -m engine.cli serve --no-bake --port {port} '
                                           f'--site "{site}" 2>"{log}"; echo parent-went-on'],
                              stdout=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 90
        while "pages ready" not in (log.read_text() if log.exists() else ""):
            assert parent.poll() is None and time.monotonic() < deadline, log.read_text() if log.exists() else ""
            time.sleep(0.3)
        (serve,) = _children(parent.pid)
        server = _children(serve)
        assert server and _alive(serve)
        parent.kill()  # SIGKILL: no handler runs in the parent
        parent.wait(timeout=10)
        deadline = time.monotonic() + 20
        while any(_alive(p) for p in [serve, *server]) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(_alive(p) for p in [serve, *server]), log.read_text()
        with socket.socket() as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(("127.0.0.1", port))  # the port is free again
    finally:
        if parent.poll() is None:
            parent.kill()


def test_the_first_runs_log_names_each_stage_and_game_with_estimates(tmp_path: Path):
    """Not a terminal: plain lines (a stage, each game started and done, what is left), and the
    progress file the pages read (/-/bake.json)."""
    import io
    import json

    from rich.console import Console

    from engine.cli.bake_progress import PROGRESS_FILE, TIMES_FILE, BakeLog

    out = io.StringIO()
    log = BakeLog(tmp_path, Console(file=out, width=80), None,
                  {"comparisons": ["tap-urdy", "tauru"], "assessments": ["tap-urdy"]})
    assert log.plan() == ("refining the comparisons (estimated when it starts), "
                          "then refining the assessments (estimated when it starts)")
    log.expect("comparisons", {"tap-urdy": 30.0, "tauru": 60.0})
    log.expect("assessments", {"tap-urdy": 120.0})
    assert log.plan() == "refining the comparisons (about 2 min), then refining the assessments (about 2 min)"
    log.start_stage("comparisons")
    log.update("tap-urdy", 0, 4000)
    state = json.loads((tmp_path / PROGRESS_FILE).read_text())
    assert state["stage"] == "comparisons" and state["current"]["game"] == "tap-urdy" and state["left"] > 0
    log.note("tap-urdy: 2 rulesets x 2000 games -> run x")
    log.update("tauru", 10, 20)
    log.note("tauru: saved")
    log.start_stage("assessments")
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("refining the comparisons: tap-urdy, tauru (about 2 min")
    assert "all left: about" in lines[0]
    assert any(line.startswith("comparisons: tap-urdy started (about") for line in lines)
    assert any(line.startswith("comparisons: tap-urdy: 0/4,000 games; this game about") and "all about" in line
               for line in lines)
    assert any(line.startswith("comparisons: tauru done in") for line in lines)
    assert set(json.loads((tmp_path / TIMES_FILE).read_text())["comparisons"]) == {"tap-urdy", "tauru"}
    assert all(len(line) > 0 for line in lines)
    log.close()
    assert not (tmp_path / PROGRESS_FILE).exists()


def test_the_log_says_the_bake_is_working_while_a_phase_reports_nothing(tmp_path: Path, monkeypatch):
    """A long phase (Lobudök's agent games) used to leave the log silent for many minutes."""
    import io

    from rich.console import Console

    from engine.cli import bake_progress

    monkeypatch.setattr(bake_progress, "LINE_EVERY", 0.6)
    out = io.StringIO()
    log = bake_progress.BakeLog(tmp_path, Console(file=out, width=200), None, {"assessments": ["lobudok"]})
    log.start_stage("assessments")
    log.update("lobudok", 0, 20, phase="evaluate")
    time.sleep(2.0)
    log.close()
    assert "assessments: lobudok evaluate: 0/20 games, working (" in out.getvalue()
