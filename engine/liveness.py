"""Numba's live-variable analysis on bit sets (compile time; the live variables it returns are
numba's, block for block).

``numba.core.analysis.compute_live_map`` finds the variables live at the entry of each block by two
fixed points over Python sets of names: which variables are assigned or used on some path to a
block, then which are used later. Numba runs it after every pass that rewrites the IR (its
post-processor: some 2,400 times in a compile of the alignment machine), and on a game's entry
point, every kernel inlined into it (engine.machine: some 2,000 blocks, thousands of variables), the
unions of large sets took about a tenth of the compile (benchmarks/make-test.txt, h76). Here each
variable is a bit of a Python int: the same two fixed points (a least fixed point of unions, so the
same sets whatever the order of the visits) on ints, the result turned back into sets of names.

Applied once, on import of engine.games (with engine.inlining and engine.ssa), when numba's
``compute_live_map`` is the one this was written against (:data:`NUMBA_SHA256`, numba 0.68.1's), in
numba.core.analysis and where numba.core.ir_utils imported it; otherwise numba is left as it is.
tests/engine/test_numba_passes.py compares it with numba's on the IR of kernels of both machines.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from numba.core import analysis, ir_utils

from engine import numba_source

NUMBA_SHA256 = "713c4c094977e93b"
"""The first 16 hex digits of the SHA-256 of numba's ``compute_live_map`` source matched here."""

ORIGINAL = analysis.compute_live_map
"""Numba's own ``compute_live_map`` (kept for the tests' comparisons)."""


def source_digest() -> str:
    """The digest of the installed numba's ``compute_live_map`` source, as :data:`NUMBA_SHA256`."""
    return numba_source.digest(ORIGINAL)


def compute_live_map(cfg: Any, blocks: Mapping[int, Any], var_use_map: Mapping[int, set[str]],
                     var_def_map: Mapping[int, set[str]]) -> dict[int, set[str]]:
    """``numba.core.analysis.compute_live_map``: the variables live at the entry of each block."""
    topo_order = cfg.topo_order()
    index: dict[str, int] = {}
    names: list[str] = []

    def bits(found: set[str]) -> int:
        b = 0
        for name in found:
            i = index.get(name)
            if i is None:
                i = index[name] = len(names)
                names.append(name)
            b |= 1 << i
        return b

    use = {label: bits(var_use_map[label]) for label in blocks}
    defs: defaultdict[int, int] = defaultdict(int, {label: bits(var_def_map[label]) for label in blocks})
    # the variables assigned or used on some path to the entry of each block
    reach: defaultdict[int, int] = defaultdict(int)
    successors = {label: [s for s, _ in cfg.successors(label)] for label in topo_order}
    changed = True
    while changed:
        changed = False
        for label in topo_order:
            here = reach[label] | defs[label] | use[label]
            reach[label] = here
            for s in successors[label]:
                old = reach[s]
                if old | here != old:
                    reach[s] = old | here
                    changed = True
    # used later: pushed back to the predecessors that reach it and do not assign it
    live = dict(use)
    predecessors = {label: [p for p, _ in cfg.predecessors(label)] for label in topo_order}
    backwards = list(reversed(topo_order))
    changed = True
    while changed:
        changed = False
        for label in backwards:
            here = live[label]
            for p in predecessors[label]:
                old = live[p]
                new = old | (here & reach[p] & ~defs[p])
                if new != old:
                    live[p] = new
                    changed = True
    out: dict[int, set[str]] = {}
    for label in blocks:
        b, found = live[label], set()
        while b:
            low = b & -b
            found.add(names[low.bit_length() - 1])
            b ^= low
        out[label] = found
    return out


APPLIED = source_digest() == NUMBA_SHA256 and ir_utils.compute_live_map is ORIGINAL
"""Whether numba's live-variable analysis is replaced (False: this numba's differs, left as it is)."""
if APPLIED:
    analysis.compute_live_map = compute_live_map
    ir_utils.compute_live_map = compute_live_map
