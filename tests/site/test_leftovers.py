"""Nothing left behind (issue 10): a killed build leaves no temporary file, or the next build removes
the stale ones it owns, never a live build's; ``variorum serve`` stopped takes its server and the
server's worker processes with it."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from schema.build import build, remove_stale_temporaries
from schema.paths import DATA_DIR, SITE_DIR


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".") or p.name.endswith("-journal"))


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_a_killed_build_leaves_nothing_after_the_next_build(tmp_path: Path, sig):
    out = tmp_path / "archive.db"
    for delay in (0.8, 1.6, 2.4):
        proc = subprocess.Popen([sys.executable, "-m", "engine.cli", "build", "--out", str(out)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while not _leftovers(tmp_path) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)  # kill it while it writes
        time.sleep(delay / 10)
        proc.send_signal(sig)
        proc.wait(timeout=30)
        if sig == signal.SIGTERM:
            assert _leftovers(tmp_path) == [], "SIGTERM: the build cleans up after itself"
    build(DATA_DIR, out)
    assert _leftovers(tmp_path) == []


def test_a_live_builds_temporary_file_is_not_removed(tmp_path: Path):
    out = tmp_path / "archive.db"
    live = tmp_path / f".archive.db.{os.getppid()}.abcd.tmp"  # a process that is alive: our parent
    dead = tmp_path / ".archive.db.999999999.abcd.tmp"
    for p in (live, dead, dead.with_name(dead.name + "-journal")):
        p.write_bytes(b"x")
    removed = remove_stale_temporaries(out)
    assert sorted(p.name for p in removed) == sorted([dead.name, dead.name + "-journal"])
    assert live.exists()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _descendants(pid: int) -> set[int]:
    out = subprocess.run(["ps", "-eo", "pid=,ppid="], capture_output=True, text=True).stdout
    children: dict[int, list[int]] = {}
    for line in out.splitlines():
        p, pp = map(int, line.split())
        children.setdefault(pp, []).append(p)
    found, todo = set(), [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            found.add(c)
            todo.append(c)
    return found


def _alive(pid: int) -> bool:
    state = subprocess.run(["ps", "-o", "stat=", "-p", str(pid)], capture_output=True, text=True).stdout.strip()
    return bool(state) and not state.startswith("Z")


def test_serve_answers_pages_at_once_and_stops_with_everything_it_started(tmp_path: Path):
    site = tmp_path / "site"
    shutil.copytree(SITE_DIR, site, ignore=shutil.ignore_patterns("*.db", "inspect-data.json"))
    port = _free_port()
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "engine.cli", "serve", "--port", str(port), "--site", str(site),
                             "--bake-games", "10"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        page = None
        while page is None and time.monotonic() - started < 120:
            try:
                with urllib.request.urlopen(base + "/games/tap-urdy", timeout=5) as r:
                    page = r.read().decode()
            except OSError:
                time.sleep(0.2)
        assert page is not None
        first_page = time.monotonic() - started
        assert first_page < 60  # loosely: seconds, not the minutes of compiling and baking
        # the workers, the server and the bake are all below the serve process
        deadline = time.monotonic() + 120
        while len(_descendants(proc.pid)) < 3 and time.monotonic() < deadline:
            time.sleep(0.5)
        everything = _descendants(proc.pid)
        assert len(everything) >= 3
    finally:
        proc.send_signal(signal.SIGKILL)  # even killed, it takes the server and its workers with it
        proc.wait()
    deadline = time.monotonic() + 30
    while any(_alive(p) for p in everything) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not [p for p in everything if _alive(p)]
