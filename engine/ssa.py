"""Numba's SSA reconstruction rewriting, for each variable it fixes, only the blocks the variable is
in (compile time; the IR it returns is numba's, statement for statement and name for name).

Numba's ``reconstruct_ssa`` pass (numba.core.ssa) fixes the variables assigned more than once (the
"violators": ``m &= m - 1`` in a loop, a flag set in two branches) one at a time, and for each one
rebuilds every block of the function twice (fresh names for its assignments, then its uses pointed
at the reaching assignment, phi nodes where control flow joins). A game's entry point has every
kernel inlined into it (engine.machine): some 2,000 blocks and 500 violators, so the pass walked a
million statements for a few thousand that change, and took a quarter of the alignment machine's
compile (benchmarks/make-test.txt, h76). Here each violator's two rewrites visit only the blocks
that assign or use it (found once, before the first: fixing one variable renames only that
variable, so where the others occur does not change), in numba's block order, so numba's handlers
make the same fresh names in the same order; a block that only receives a phi node is copied with
it, as numba does. The other blocks are the same statements, which numba would have copied into new
blocks: every block of the result is a new block, as numba's.

Applied once, on import of engine.games (with engine.inlining), when numba.core.ssa's source is the
one this was written against (:data:`NUMBA_SSA_SHA256`, numba 0.68.1's); otherwise numba is left as
it is. tests/engine/test_numba_passes.py checks the result is numba's own on kernels of both
machines, and the compiled object code was compared byte for byte (benchmarks/make-test.txt).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from numba.core import errors, ir
from numba.core import ssa as numba_ssa
from numba.core.analysis import compute_cfg_from_blocks

from engine import numba_source

NUMBA_SSA_SHA256 = "d20accd92757fef6"
"""The first 16 hex digits of the SHA-256 of numba.core.ssa's source that this rewrite matches."""

ORIGINAL = numba_ssa._run_ssa
"""Numba's own ``_run_ssa`` (kept for the tests' comparisons)."""


def source_digest() -> str:
    """The digest of the installed numba.core.ssa's source, as :data:`NUMBA_SSA_SHA256` is written."""
    return numba_source.digest(numba_ssa)


def occurrences(blocks: dict[int, Any]) -> dict[str, list[int]]:
    """For each variable name, the labels of the blocks that assign or use it, in block order."""
    where: dict[str, list[int]] = defaultdict(list)
    for label, block in blocks.items():
        for stmt in block.body:
            for var in stmt.list_vars():
                seen = where[var.name]
                if not seen or seen[-1] != label:
                    seen.append(label)
    return where


def run_ssa(blocks: dict[int, Any]) -> dict[int, Any]:
    """``numba.core.ssa._run_ssa``: the blocks of a function in SSA form (new blocks, the same
    result as numba's), each violator's rewrites restricted to the blocks it occurs in."""
    if not blocks:
        return {}
    cfg = compute_cfg_from_blocks(blocks)
    df_plus = numba_ssa._iterated_domfronts(cfg)
    violators = numba_ssa._find_defs_violators(blocks, cfg)
    cache_list_vars = numba_ssa._CacheListVars()
    where = occurrences(blocks)
    blocks = dict(blocks)
    for varname in violators:
        part = {label: blocks[label] for label in where[varname]}
        part, defmap = numba_ssa._fresh_vars(part, varname)
        blocks.update(part)
        states = numba_ssa._make_states(blocks)
        states.update(varname=varname, defmap=defmap, phimap=defaultdict(list), cfg=cfg,
                      phi_locations=numba_ssa._compute_phi_locations(df_plus, defmap))
        part = numba_ssa._run_block_rewrite(part, states, numba_ssa._FixSSAVars(cache_list_vars))
        blocks.update(part)
        for label, phis in states["phimap"].items():  # numba prepends them to the rewritten block
            old = blocks[label]
            if label in part:
                old.body = phis + old.body
            else:
                new = ir.Block(scope=old.scope, loc=old.loc)
                new.body = phis + old.body
                blocks[label] = new
    out = {}
    for label, old in blocks.items():
        new = ir.Block(scope=old.scope, loc=old.loc)
        new.body = list(old.body)
        out[label] = new
    if compute_cfg_from_blocks(out) != cfg:
        raise errors.CompilerError("CFG mutated in SSA pass")
    return out


APPLIED = source_digest() == NUMBA_SSA_SHA256
"""Whether numba's SSA reconstruction is replaced (False: this numba's differs, and is left as it is)."""
if APPLIED:
    numba_ssa._run_ssa = run_ssa
