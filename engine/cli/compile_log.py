"""The serve's account of the kernels' compile: whether it is needed, its estimate at the start,
and each kind's estimate beside its real time as it becomes ready (engine.compile_costs).

The play API (site/plugins/variorum_play.py) compiles the kernels at start, a kind of game at a
time in two lanes, and says in ``/-/play.json`` each kind's estimate (CPU seconds and where the
figure comes from) and, once ready, its CPU and wall seconds. :func:`follow_kernels` reads it and
logs, for the compile as a whole and for each kind, the estimate beside the real time, and keeps
the kinds still compiling in a :class:`CompileEstimate`, from which the bake's stage ``compiling``
(engine.cli.bake) takes its estimate of the wait for the first kernels.
"""

from __future__ import annotations

import json
import os
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from typing import Any

from engine.cli.bake_progress import duration


def compiled_before(game_ids: Sequence[str]) -> bool:
    """True when numba's cache holds the kernels of every kind of ``game_ids`` for the running engine
    (a restart loads them in seconds): each kind recorded by the warmers (engine.compile_costs)."""
    from engine import compile_costs
    from engine.play import kinds

    return all(compile_costs.is_cached(kind) for kind in kinds(list(game_ids)))


def get_json(url: str) -> dict | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return json.load(response)
    except (OSError, ValueError, urllib.error.URLError):
        return None


def plan_line(kinds: list[dict[str, Any]], share: float, cores: int) -> str:
    """The compile's estimate at the start: each kind's CPU seconds and where they come from, the
    total, and its wall seconds at ``share`` of a core (engine.compile_costs.compile_wall)."""
    from engine.compile_costs import compile_wall

    if all(k["cached"] for k in kinds):
        return f"compiling: the {len(kinds)} kinds of kernels are in numba's cache: loading them (seconds)"
    lanes: dict[int, float] = {}
    for k in kinds:
        lanes[k["lane"]] = lanes.get(k["lane"], 0.0) + k["estimate_cpu"]
    wall = compile_wall(list(lanes.values()), share, cores)
    parts = "; ".join(f"{k['kind']} ({len(k['games'])} games) {k['estimate_cpu']:.0f} CPU s, {k['estimate_source']}"
                      for k in kinds)
    return (f"compiling: {len(kinds)} kinds of kernels in {len(lanes)} lanes, estimated "
            f"{sum(lanes.values()):.0f} CPU s in all, {duration(wall)} ({wall:.0f} s) at {share:.0%} of a core "
            f"(measured at start) on {cores} cores: {parts}")


def kind_line(entry: dict[str, Any], at: float, estimated_wall: float) -> str:
    """A kind ready ``at`` seconds after start: its estimate beside its real time."""
    games = ", ".join(entry["games"])
    how = "compiled" if entry.get("compiled") else "loaded from the cache"
    cpu, wall = entry.get("cpu", 0.0), entry.get("wall", 0.0)
    return (f"compiling: the kernels of {games} ready {at:.1f} s after start "
            f"({entry['kind']}, {how}): estimated {entry['estimate_cpu']:.1f} CPU s, ready at about "
            f"{estimated_wall:.0f} s; took {cpu:.1f} CPU s ({wall:.1f} s, at {cpu / max(wall, 1e-9):.0%} of a core)")


def estimated_ready(kinds: list[dict[str, Any]], share: float, cores: int) -> dict[str, float]:
    """Each kind's expected ready time (wall seconds after the compile started): its lane's
    estimates up to it, the lanes at once (engine.compile_costs.compile_wall)."""
    from engine.compile_costs import compile_wall

    out: dict[str, float] = {}
    lanes = sorted({k["lane"] for k in kinds})
    totals = [sum(j["estimate_cpu"] for j in kinds if j["lane"] == lane) for lane in lanes]
    for k in kinds:
        mine = sum(j["estimate_cpu"] for j in kinds[:kinds.index(k) + 1] if j["lane"] == k["lane"])
        # the other lanes' work, up to as much as this lane's, competes with it
        out[k["kind"]] = compile_wall([min(t, mine) for t in totals], share, cores)
    return out


class CompileEstimate:
    """The kinds still compiling and when each is expected ready, in wall seconds after ``started``
    (a ``time.monotonic()``), as :func:`follow_kernels` finds them: what the bake says of the compile
    while it waits for its first kernels (:meth:`left`)."""

    def __init__(self, started: float) -> None:
        self.started = started
        self._pending: dict[str, float] = {}
        self._games: dict[str, int] = {}
        self._lock = threading.Lock()

    def expect(self, kind: str, ready_at: float, games: int = 0) -> None:
        """``kind`` (of ``games`` games) is expected ready ``ready_at`` seconds after the start
        (ValueError: negative)."""
        if ready_at < 0:
            raise ValueError(f"ready_at: seconds after the start, not {ready_at}")
        with self._lock:
            self._pending[kind] = ready_at
            self._games[kind] = games

    def pending(self) -> list[str]:
        """The kinds still compiling, the first expected ready first, each with its number of games:
        ``engine.alignment.machine.run (6 games)``; what the bake's log says is compiling."""
        with self._lock:
            order = sorted(self._pending, key=lambda k: (self._pending[k], k))
            return [f"{k} ({self._games[k]} games)" if self._games.get(k) else k for k in order]

    def ready(self, kind: str) -> None:
        """``kind``'s kernels are ready: no longer waited for."""
        with self._lock:
            self._pending.pop(kind, None)

    def left(self, now: float | None = None) -> float | None:
        """Seconds until the first kind still compiling is expected ready (0 once overdue); None
        while no kind's estimate is known."""
        with self._lock:
            first = min(self._pending.values(), default=None)
        if first is None:
            return None
        return max(0.0, first - ((time.monotonic() if now is None else now) - self.started))


def follow_kernels(base: str, child: subprocess.Popen, say: Callable[[str], None], ready: set[str],
                   started: float, share: float, cores: int | None = None,
                   estimate: CompileEstimate | None = None) -> None:
    """Follow the play API's compilation of the games' kernels (``/-/play.json``): the estimate
    when it starts, each kind's estimate and real time when ready (adding its games to ``ready``),
    and the whole compile's; return when every game's kernels are ready (or the server stopped).
    ``estimate``: filled in with each kind's expected ready time, a kind dropped when ready."""
    cores = cores or os.cpu_count() or 1
    said: set[str] = set()
    planned: dict[str, float] | None = None
    offset = 0.0
    while child.poll() is None:
        status = get_json(base + "/-/play.json")
        if status is None:
            time.sleep(0.5)
            continue
        kinds = status.get("kinds") or []
        if kinds and planned is None:
            offset = time.monotonic() - started  # the compile started about when the server answered
            planned = estimated_ready(kinds, share, cores)
            if estimate is not None:
                for entry in kinds:
                    estimate.expect(entry["kind"], offset + planned[entry["kind"]], len(entry.get("games") or ()))
            say(plan_line(kinds, share, cores))
        for entry in kinds:
            if "ready_seconds" in entry and entry["kind"] not in said:
                said.add(entry["kind"])
                if estimate is not None:
                    estimate.ready(entry["kind"])
                say(kind_line(entry, time.monotonic() - started, offset + (planned or {}).get(entry["kind"], 0.0)))
        kernels = status.get("kernels") or {}
        new = [g for g in sorted(kernels) if kernels[g]["ready"] and g not in ready]
        ready.update(new)
        if new and not kinds:  # a play API that does not say its kinds
            say(f"compiling: the kernels of {', '.join(new)} ready {time.monotonic() - started:.1f} s after start")
        if kernels and len(ready) >= len(kernels):
            took = time.monotonic() - started
            whole = f" (estimated about {offset + max(planned.values()):.0f} s)" if planned else ""
            say(f"play API ready {took:.1f} s after start{whole}")
            return
        time.sleep(0.5)
