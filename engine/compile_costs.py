"""The compile's costs: what each kind of game's kernels took to compile, as measured, and which
kinds numba's cache holds for the running engine; the first run's compile estimates come from them.

A kind (engine.play.kinds) is one compiled entry point that all its games run on (the two-row
and the four-row sowing machines, the alignment machine's grid and points boards). When the play
API's warmers (site/plugins/variorum_play.py, :func:`engine.play.warm_kind_timed`) have compiled or
loaded a kind, :func:`record` writes two small files, one a kind (the two lanes write at once):

- in the engine fingerprint's own cache folder (engine.fingerprint.use_numba_cache), that the kind is
  there (its CPU and wall seconds, and whether numba compiled it or loaded it from the cache): a
  restart of the same engine loads it in seconds (:func:`is_cached`); another engine has another
  folder, so an edit to the kernels makes every kind uncached again, by construction;
- at the cache root (shared by the fingerprints), when numba compiled it: its CPU seconds, the
  estimate of the next compile of that kind on this machine (:func:`estimate`).

Before this machine has compiled a kind (a fresh clone), the estimate is the figure measured by
``benchmarks/compile_costs.py`` (an empty cache, one process a kind) and kept in
``engine/compile_costs.json`` with the engine fingerprint and the date it was measured at; the
serve's log prints every estimate beside the real time, and :func:`corrected` scales the kinds
still compiling by what the finished ones took against their estimates.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

MEASURED = Path(__file__).with_name("compile_costs.json")
"""The per-kind CPU seconds of a compile from an empty cache, written by benchmarks/compile_costs.py."""
KIND_FILE = "variorum-kind-{name}.json"
"""In the fingerprint's cache folder: the kind is cached (engine.fingerprint.use_numba_cache)."""
COST_FILE = "variorum-compile-{name}.json"
"""At the cache root: the kind's last compile on this machine."""


def kind_name(game_ids: Sequence[str]) -> str:
    """The name of the kind ``game_ids`` run on (engine.play.kinds): its entry point's module and
    name, e.g. ``engine.alignment.machine.run``, or for a kernel specialised by engine.specialise the
    module it was made from and the slots it fixes, ``engine.mancala.machine.turn.run[0=2]`` (the
    same whatever games are added)."""
    from engine.games import GAMES

    if not game_ids:
        raise ValueError("game_ids: a kind has at least one game")
    unknown = [g for g in game_ids if g not in GAMES]
    if unknown:
        raise ValueError(f"game_ids: no game {', '.join(map(repr, unknown))}")
    rules = GAMES[game_ids[0]]
    key = getattr(rules, "machine", None) or type(rules)
    func = getattr(key, "py_func", key)
    made = getattr(sys.modules.get(func.__module__), "SPECIALISED_FROM", None)
    if made is None:
        return f"{func.__module__}.{func.__qualname__}"
    # a generated module (engine.specialise) is named by a digest of its text, which any edit of the
    # kernels changes: the kind is named by the kernel module and the slots it fixes instead
    origin, constants = made
    return f"{origin}.{func.__qualname__}[{','.join(f'{s}={v}' for s, v in constants)}]"


def entry_point(game_ids: Sequence[str]) -> Any:
    """The kind's compiled entry point (a numba dispatcher), None for a kind without one."""
    from engine.games import GAMES

    found = getattr(GAMES[game_ids[0]], "machine", None)
    return found if hasattr(found, "stats") else None


def cache_folder() -> Path:
    """The running engine's numba cache folder (engine.fingerprint.use_numba_cache)."""
    import engine
    from engine.fingerprint import cache_root

    found = os.environ.get("NUMBA_CACHE_DIR")
    return Path(found) if found else cache_root() / engine.ENGINE_FINGERPRINT


def _read(path: Path) -> dict[str, Any] | None:
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return found if isinstance(found, dict) else None


def _write(path: Path, body: dict[str, Any]) -> None:
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(json.dumps(body, indent=1), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:  # a read-only cache: no record, the estimates fall back to the measured figures
        tmp.unlink(missing_ok=True)


def record(game_ids: Sequence[str], cpu: float, wall: float, compiled: bool) -> None:
    """Write down that the kind of ``game_ids`` is in the running engine's cache, and, when numba
    ``compiled`` it (rather than loading it), its CPU seconds as this machine's compile cost."""
    from engine.fingerprint import cache_root

    name = kind_name(game_ids)
    body = {"kind": name, "cpu": round(cpu, 2), "wall": round(wall, 2), "compiled": compiled,
            "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    _write(cache_folder() / KIND_FILE.format(name=name), body)
    if compiled:
        import engine

        _write(cache_root() / COST_FILE.format(name=name), {**body, "fingerprint": engine.ENGINE_FINGERPRINT})


def is_cached(game_ids: Sequence[str]) -> bool:
    """Whether the running engine's cache holds the kind of ``game_ids`` (a warmer recorded it)."""
    return (cache_folder() / KIND_FILE.format(name=kind_name(game_ids))).is_file()


def measured() -> dict[str, Any]:
    """The contents of :data:`MEASURED` (``{"kinds": {name: CPU s}, "fingerprint", "measured", "command"}``)."""
    found = _read(MEASURED)
    if found is None or not isinstance(found.get("kinds"), dict):
        raise ValueError(f"{MEASURED}: no 'kinds' mapping (write it with benchmarks/compile_costs.py --write)")
    return found


def estimate(game_ids: Sequence[str]) -> tuple[float, str]:
    """The CPU seconds the kind of ``game_ids`` is expected to take to be ready, and where the figure
    comes from: its load when cached (:func:`is_cached`: the seconds it took), else this machine's last
    compile of it, else :data:`MEASURED`'s figure (else the mean of the kinds measured there)."""
    from engine.fingerprint import cache_root

    name = kind_name(game_ids)
    if is_cached(game_ids):
        found = _read(cache_folder() / KIND_FILE.format(name=name)) or {}
        return float(found.get("cpu", 0.0)) if not found.get("compiled") else 0.0, "cached"
    found = _read(cache_root() / COST_FILE.format(name=name))
    if found is not None and isinstance(found.get("cpu"), (int, float)):
        return float(found["cpu"]), f"this machine's compile of {found.get('at', '?')}"
    try:
        table = measured()
    except ValueError as exc:  # the estimate only: the compile goes on, the log says why it has none
        return 0.0, f"not estimated ({exc})"
    kinds = {k: float(v) for k, v in table["kinds"].items()}
    if name in kinds:
        return kinds[name], f"measured {table.get('measured', '?')} (engine/compile_costs.json)"
    mean = sum(kinds.values()) / max(1, len(kinds))
    return mean, "the mean of the kinds measured (engine/compile_costs.json does not name this kind)"


def corrected(estimated: float, finished: Sequence[tuple[float, float]]) -> float:
    """``estimated`` CPU seconds scaled by what the finished kinds of this compile took against their
    estimates (``finished``: (estimated, real) CPU seconds of each), within a factor of 4 either way."""
    pairs = [(e, r) for e, r in finished if e > 0 and r > 0]
    if not pairs:
        return estimated
    ratio = sum(r for _, r in pairs) / sum(e for e, _ in pairs)
    return estimated * min(4.0, max(0.25, ratio))


def compile_wall(lanes_cpu: Sequence[float], share: float, cores: int) -> float:
    """The wall seconds of a compile of ``lanes_cpu`` CPU seconds a lane (the lanes at once), for a
    process of the server that got ``share`` of a core (:func:`measure_share`) on ``cores`` cores:
    near a whole core the lanes have a core each (up to ``cores``); below, they share what one got."""
    if not lanes_cpu:
        return 0.0
    share = max(0.05, min(1.0, share))
    capacity = share * min(max(1, cores), len(lanes_cpu)) if share >= 0.9 else share
    return max(max(lanes_cpu) / share, sum(lanes_cpu) / capacity)


def measure_share(cpu_seconds: float = 0.2, limit: float = 3.0) -> float:
    """The share of a core this process gets now: a busy loop of ``cpu_seconds`` of CPU (at most
    ``limit`` wall seconds), CPU over wall."""
    started, cpu = time.monotonic(), time.process_time()
    while time.process_time() - cpu < cpu_seconds and time.monotonic() - started < limit:
        sum(range(1000))
    wall = time.monotonic() - started
    return min(1.0, (time.process_time() - cpu) / wall) if wall > 0 else 1.0
