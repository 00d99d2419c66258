"""A sweep on a real Dask cluster: a scheduler and two worker processes on loopback, reached over TCP,
gives the serial results; a killed ``compare`` takes its loky workers with it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import engine
from engine.compare import compare
from engine.compare.sweep import Sweep, run

DASK = Path(sys.executable).with_name("dask")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """``dask scheduler`` and two ``dask worker`` processes (one thread each) on 127.0.0.1."""
    from distributed import Client

    address = f"tcp://127.0.0.1:{_free_port()}"
    port = address.rsplit(":", 1)[1]
    procs = [subprocess.Popen([str(DASK), "scheduler", "--host", "127.0.0.1", "--port", port,
                               "--no-dashboard"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        for _ in range(2):
            procs.append(subprocess.Popen(
                [str(DASK), "worker", address, "--host", "127.0.0.1", "--nworkers", "1", "--nthreads", "1",
                 "--no-dashboard", "--memory-limit", "0"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        with Client(address, timeout="60s") as client:
            client.wait_for_workers(2, timeout=120)
            pids = client.run(os.getpid)
            assert len(set(pids.values())) == 2 and os.getpid() not in pids.values()
        yield address
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()


def test_a_sweep_on_two_worker_processes_equals_the_serial_one(cluster):
    sweep = Sweep("tap-urdy", tuple(engine.resolve("tap-urdy", r) for r in ("sources", "ludii")), 120,
                  seed=11, block=40)
    serial = run(sweep, task_games=40)
    remote = run(Sweep("tap-urdy", sweep.variants, 120, seed=11, block=40), scheduler=cluster, task_games=40)
    assert all(np.array_equal(a, b) for a, b in zip(serial, remote))


def test_a_comparison_over_tcp_equals_the_serial_one(cluster):
    kw = dict(switches=["relay"], games=60, seed=5, block=20, n_resamples=199)
    assert compare("tap-urdy", scheduler=cluster, **kw).to_dict() == compare("tap-urdy", **kw).to_dict()


def _children(pid: int) -> set[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return {int(x) for x in out.split()}


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    state = subprocess.run(["ps", "-o", "stat=", "-p", str(pid)], capture_output=True, text=True).stdout.strip()
    return bool(state) and not state.startswith("Z")


def test_a_killed_compare_takes_its_loky_workers_with_it(tmp_path: Path):
    proc = subprocess.Popen(
        [sys.executable, "-m", "engine.cli", "compare", "tap-urdy", "--all-switches", "--games", "4000",
         "--jobs", "2", "--checkpoint", str(tmp_path / "c.db")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    workers: set[int] = set()
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and len(workers) < 2:
        workers = {c for c in _children(proc.pid) if "loky" in _cmd(c) or "joblib" in _cmd(c)}
        time.sleep(0.5)
    assert workers, "the compare started no loky workers"
    time.sleep(0.3)  # soon: a worker may still be starting when its parent dies
    everything = workers | {g for w in workers for g in _children(w)} | _children(proc.pid)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and any(_alive(p) for p in everything):
        time.sleep(0.5)
    assert not [p for p in everything if _alive(p)]


def _cmd(pid: int) -> str:
    return subprocess.run(["ps", "-o", "args=", "-p", str(pid)], capture_output=True, text=True).stdout
