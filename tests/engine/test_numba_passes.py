"""engine.ssa and engine.liveness: numba's SSA reconstruction and live-variable analysis, made
faster for the engine's large entry points, give numba's own results on the engine's kernels."""

from __future__ import annotations

import pytest
from numba.core import analysis
from numba.core.compiler import run_frontend

import engine.games  # noqa: F401  (applies the patches)
from engine import liveness, ssa
from engine.alignment import machine as alignment
from engine.mancala import sowing

KERNELS = [alignment.arrival, alignment.apply_move, alignment.settle, alignment.set_step_masks,
           alignment.select_move, alignment.placement_mask]
"""Kernels with loops, branches and variables assigned more than once (SSA's violators)."""


def _mixed(n, k):
    total = 0
    m = n
    while m:
        low = m & -m
        m &= m - 1
        if low & k:
            total += low
        else:
            total -= 1
            k ^= low
    for i in range(3):
        if total > i:
            total = total * 2
    return total, k


def _kernels() -> list:
    found = [getattr(k, "py_func", k) for k in KERNELS]
    found += [getattr(f, "py_func", f) for f in vars(sowing).values()
              if hasattr(f, "py_func") and f.py_func.__module__ == sowing.__name__][:6]
    return found + [_mixed]


def _dump(blocks: dict) -> list[tuple[int, list[str]]]:
    return [(label, [str(stmt) for stmt in block.body]) for label, block in blocks.items()]


def test_the_patches_apply_to_this_numba():
    """Fails when a numba release changes the code they replace: the compile would be slower again
    (benchmarks/make-test.txt, h76), unnoticed by every other test."""
    assert ssa.APPLIED and liveness.APPLIED
    assert ssa.source_digest() == ssa.NUMBA_SSA_SHA256 and liveness.source_digest() == liveness.NUMBA_SHA256
    assert analysis.compute_live_map is liveness.compute_live_map


@pytest.mark.parametrize("func", _kernels(), ids=lambda f: f.__qualname__)
def test_ssa_gives_numbas_blocks(func):
    """The same blocks, statements and fresh names as numba's own reconstruction, from two fresh
    copies of the function's IR (the fresh names come from each copy's own scope)."""
    ours, theirs = run_frontend(func), run_frontend(func)
    assert _dump(ssa.run_ssa(ours.blocks)) == _dump(ssa.ORIGINAL(theirs.blocks))


def test_ssa_changes_a_function_with_violators():
    """The comparison above is not of untouched IR: the mixed function's variables get fresh names."""
    before = run_frontend(_mixed)
    dumped = _dump(before.blocks)
    after = _dump(ssa.run_ssa(before.blocks))
    assert after != dumped and any("phi" in s for _, body in after for s in body)


@pytest.mark.parametrize("func", _kernels(), ids=lambda f: f.__qualname__)
def test_live_map_is_numbas(func):
    """The variables live at each block's entry, before and after SSA, are numba's own."""
    func_ir = run_frontend(func)
    for blocks in (func_ir.blocks, ssa.run_ssa(run_frontend(func).blocks)):
        cfg = analysis.compute_cfg_from_blocks(blocks)
        usedefs = analysis.compute_use_defs(blocks)
        ours = liveness.compute_live_map(cfg, blocks, usedefs.usemap, usedefs.defmap)
        theirs = liveness.ORIGINAL(cfg, blocks, usedefs.usemap, usedefs.defmap)
        assert ours == theirs
    if func is _mixed:  # a loop: variables live into its blocks
        assert any(ours.values())



def test_a_source_that_cannot_be_read_matches_no_recorded_digest():
    from engine import numba_source

    assert numba_source.digest(len) == "unreadable"  # a builtin: no source, so the patch is not applied
    found = numba_source.digest(ssa.ORIGINAL)
    assert len(found) == 16 and int(found, 16) >= 0 and found != ssa.NUMBA_SSA_SHA256  # a function, not the module
