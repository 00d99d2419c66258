"""The serve's log of the kernels' compile (engine.cli.compile_log): the estimate when the compile
starts and, for each kind as it becomes ready, its estimate beside its real time, read from the play
API's ``/-/play.json`` (here a stub server answering what the play API says, step by step)."""

from __future__ import annotations

import json
import re
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest

from engine.cli.compile_log import CompileEstimate, estimated_ready, follow_kernels, plan_line

KINDS = [
    {"kind": "engine.mancala.machine.turn.run[0=2]", "games": ["kalah", "oware"], "lane": 0, "cached": False,
     "estimate_cpu": 40.0, "estimate_source": "measured 2026-12-02 (engine/compile_costs.json)"},
    {"kind": "engine.mancala.machine.turn.run[0=4]", "games": ["lobudok"], "lane": 1, "cached": False,
     "estimate_cpu": 90.0, "estimate_source": "this machine's compile of 2026-12-02T18:00:00Z"},
]


def _status(step: int) -> dict:
    kinds = [dict(k) for k in KINDS]
    if step >= 1:
        kinds[0].update(cpu=38.5, wall=61.0, compiled=True, ready_seconds=61.5)
    if step >= 2:
        kinds[1].update(cpu=101.0, wall=150.2, compiled=True, ready_seconds=150.9)
    ready = {g: step >= 1 + i for i, k in enumerate(KINDS) for g in k["games"]}
    return {"kinds": kinds, "kernels": {g: {"ready": r, "seconds": None} for g, r in ready.items()}}


class _Child:
    def poll(self) -> None:
        return None


def test_the_log_prints_each_kinds_estimate_beside_its_real_time():
    asked = [0]

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's name)
            body = json.dumps(_status(min(2, asked[0] // 2))).encode()
            asked[0] += 1
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    lines: list[str] = []
    ready: set[str] = set()
    estimate = CompileEstimate(0.0)
    left: list[float | None] = []

    def say(line: str) -> None:  # the line, and what the bake's stage "compiling" says meanwhile
        lines.append(line)
        left.append(estimate.left())

    try:
        follow_kernels(f"http://127.0.0.1:{server.server_port}", _Child(), say, ready, 0.0, 0.5, 2,
                       estimate=estimate)
    finally:
        server.shutdown()
    assert ready == {"kalah", "oware", "lobudok"}
    first, last = estimated_ready(KINDS, 0.5, 2).values()
    assert left[0] == pytest.approx(first, abs=1.0)  # the first kernels' estimate, from the compile's
    assert left[1] == pytest.approx(last, abs=5.0)  # those ready, the next kind's
    assert left[-1] is None
    assert lines[0].startswith("compiling: 2 kinds of kernels in 2 lanes, estimated 130 CPU s in all, ")
    assert "at 50% of a core (measured at start) on 2 cores" in lines[0]
    assert "measured 2026-12-02 (engine/compile_costs.json)" in lines[0]
    two_row = next(line for line in lines if line.startswith("compiling: the kernels of kalah, oware ready "))
    assert re.search(r"\(engine\.mancala\.machine\.turn\.run\[0=2\], compiled\): estimated 40\.0 CPU s, ready at about "
                     r"\d+ s; took 38\.5 CPU s \(61\.0 s, at 63% of a core\)$", two_row)
    assert any(line.startswith("compiling: the kernels of lobudok ready ") and "estimated 90.0 CPU s" in line
               and "took 101.0 CPU s (150.2 s" in line for line in lines)
    assert re.fullmatch(r"play API ready \d+\.\d s after start \(estimated about \d+ s\)", lines[-1])


def test_the_plan_says_when_every_kind_is_cached_and_the_lanes_share_a_loaded_machine():
    cached = [dict(k, cached=True) for k in KINDS]
    assert plan_line(cached, 1.0, 2) == "compiling: the 2 kinds of kernels are in numba's cache: loading them (seconds)"
    assert estimated_ready(KINDS, 1.0, 2) == {KINDS[0]["kind"]: 40.0, KINDS[1]["kind"]: 90.0}  # a core each
    loaded = estimated_ready(KINDS, 0.25, 2)
    assert loaded[KINDS[0]["kind"]] == 320.0  # 40 + the other lane's 40 of the same time, at a quarter of a core
    assert loaded[KINDS[1]["kind"]] == 520.0  # all 130, at a quarter of a core


def test_the_compile_estimate_is_the_first_kind_still_compiling():
    estimate = CompileEstimate(100.0)
    assert estimate.left(100.0) is None  # no kind's estimate yet
    estimate.expect("two-row", 40.0)
    estimate.expect("four-row", 90.0)
    assert estimate.left(110.0) == 30.0
    estimate.ready("two-row")
    assert estimate.left(110.0) == 80.0
    assert estimate.left(300.0) == 0.0  # overdue: never below nothing
    estimate.ready("four-row")
    assert estimate.left(300.0) is None
    with pytest.raises(ValueError, match="seconds after the start, not -1"):
        estimate.expect("alignment", -1.0)
