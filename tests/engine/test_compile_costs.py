"""The compile's measured costs (engine.compile_costs): which kinds numba's cache holds for the
running engine, the estimate of a kind's compile (the cache, this machine's last compile, the
measured figures of engine/compile_costs.json) and the serve's check that the kernels were compiled
before (engine.cli.compile_log.compiled_before)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import compile_costs as C
from engine.games import GAMES
from engine.play import kinds


@pytest.fixture
def empty_cache(tmp_path: Path, monkeypatch) -> Path:
    """A cache root of its own, and the running engine's folder in it, both empty (the records only:
    the kernels numba already loaded in this process keep their own folder)."""
    root = tmp_path / "numba"
    folder = root / "0123456789abcdef"
    folder.mkdir(parents=True)
    monkeypatch.setenv("VARIORUM_NUMBA_CACHE", str(root))
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(folder))
    return folder


def test_a_kind_is_named_by_its_entry_point_whatever_its_games():
    two_row = next(k for k in kinds(sorted(GAMES)) if "kalah" in k)
    assert C.kind_name(two_row) == C.kind_name(["kalah"]) == "engine.mancala.machine.turn.run[0=2]"
    assert len({C.kind_name(k) for k in kinds(sorted(GAMES))}) == len(kinds(sorted(GAMES)))
    with pytest.raises(ValueError, match="no game 'nope'"):
        C.kind_name(["nope"])


def test_the_measured_figures_name_every_kind_with_how_they_were_measured():
    """A kind added to the engine without a measured compile cost fails here (benchmarks/compile_costs.py
    --write measures it)."""
    table = C.measured()
    assert {C.kind_name(k) for k in kinds(sorted(GAMES))} <= set(table["kinds"])
    assert all(v > 0 for v in table["kinds"].values())
    assert table["command"] == "python benchmarks/compile_costs.py --write" and table["measured"]


def test_the_estimate_is_the_cache_else_this_machines_compile_else_the_measured_figure(empty_cache: Path):
    kind = ["kalah"]
    cpu, source = C.estimate(kind)
    assert cpu == C.measured()["kinds"][C.kind_name(kind)] and source.startswith("measured ")
    assert not C.is_cached(kind)
    C.record(kind, 42.0, 80.0, compiled=True)  # this machine compiled it: cached, and its cost kept
    assert C.is_cached(kind)
    assert C.estimate(kind) == (0.0, "cached")
    for path in empty_cache.iterdir():  # another engine (a new fingerprint's empty folder): compile again
        path.unlink()
    cpu, source = C.estimate(kind)
    assert cpu == 42.0 and source.startswith("this machine's compile of ")
    C.record(kind, 1.5, 2.0, compiled=False)  # loaded from numba's cache: its load time, the cost kept
    assert C.estimate(kind) == (1.5, "cached")
    assert json.loads((empty_cache.parent / C.COST_FILE.format(name=C.kind_name(kind))).read_text())["cpu"] == 42.0


def test_the_serve_knows_the_kernels_were_compiled_before_from_the_cache_it_uses(empty_cache: Path):
    """Before: ``_compiled_before()`` looked for engine/games/__pycache__/*.nbi, a folder numba no
    longer writes (the cache is per fingerprint, engine.fingerprint), so it always said False."""
    from engine.cli.compile_log import compiled_before

    games = sorted(GAMES)
    assert not compiled_before(games)
    for kind in kinds(games)[:-1]:
        C.record(kind, 1.0, 1.0, compiled=True)
    assert not compiled_before(games)  # one kind left to compile
    C.record(kinds(games)[-1], 1.0, 1.0, compiled=False)
    assert compiled_before(games)
    assert compiled_before(["kalah"])


def test_a_warmer_records_its_kind_and_its_time(empty_cache: Path):
    from engine.play import warm_kind_timed

    found = warm_kind_timed(["kalah", "oware"])
    assert found["cpu"] > 0 and found["wall"] > 0 and isinstance(found["compiled"], bool)
    assert C.is_cached(["kalah"])
    body = json.loads((empty_cache / C.KIND_FILE.format(name=C.kind_name(["kalah"]))).read_text())
    assert body["kind"] == "engine.mancala.machine.turn.run[0=2]" and body["cpu"] == round(found["cpu"], 2)


def test_the_rest_of_a_compile_is_scaled_by_what_the_finished_kinds_took():
    assert C.corrected(100.0, []) == 100.0
    assert C.corrected(100.0, [(50.0, 75.0), (50.0, 75.0)]) == 150.0
    assert C.corrected(100.0, [(10.0, 1000.0)]) == 400.0  # within a factor of 4
    assert C.corrected(100.0, [(0.0, 5.0)]) == 100.0


def test_the_compiles_wall_time_has_the_lanes_at_once_on_an_idle_machine_and_shared_on_a_loaded_one():
    assert C.compile_wall([100.0, 150.0], 1.0, 2) == 150.0  # a core a lane
    assert C.compile_wall([100.0, 150.0], 1.0, 1) == 250.0  # one core
    assert C.compile_wall([100.0, 150.0], 0.25, 2) == 1000.0  # what one process got, shared
    assert C.compile_wall([], 0.5, 2) == 0.0
    assert 0.0 < C.measure_share(0.02) <= 1.0
