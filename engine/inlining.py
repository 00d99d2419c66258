"""Numba's inliner without its two defensive copies of a callee it has just compiled (compile time).

Every kernel of a game is inlined (``inline="always"``) into the game's one entry point. For each
call site numba's inlining pass calls ``InlineWorker.inline_function``, which compiles the callee's
IR afresh (``run_untyped_passes``) and hands it to ``inline_ir``; that deep-copies it twice, block by
block: one copy to splice into the caller, and an "unmutated" one that it returns and the pass
throws away. Deep-copying a block copies the function's whole variable scope with it, so the
copies cost blocks x variables of the (already inlined) callee: in a profile of Tap-urdy's first
compile they took two thirds of the time (numba issue #8989, open; numba-cuda #689 drops them the
same way). The fresh IR is held by nobody else, so it can be spliced in as it is: while
``inline_ir`` runs, its blocks deep-copy to themselves. Without the copies, compiling the games
from an empty cache takes about a third of the CPU time numba's own inliner takes (the figures,
measured with and without the patch, are in benchmarks/compile.txt). The machine code is not byte
for byte what numba's inliner makes (register allocation and block order may differ); its speed is
the same (benchmarks/playouts.txt), and the golden playthroughs and the lockstep references pass.

Applied once, on import of engine.games (before any game kernel compiles), to numba versions whose
``inline_function`` is as described (checked from its source); otherwise numba is left alone.
"""

from __future__ import annotations

import inspect
from typing import Any

from numba.core.inline_closurecall import InlineWorker

_ORIGINAL = InlineWorker.inline_function


def _shares_fresh_ir() -> bool:
    """True if this numba's ``inline_function`` compiles its callee afresh and hands it to ``inline_ir``."""
    try:
        source = inspect.getsource(_ORIGINAL)
    except (OSError, TypeError):
        return False
    return "self.run_untyped_passes(function)" in source and "return self.inline_ir(" in source


def _inline_function(self: InlineWorker, caller_ir: Any, block: Any, i: int, function: Any,
                     arg_typs: Any = None) -> Any:
    callee_ir = self.run_untyped_passes(function)
    blocks = list(callee_ir.blocks.values())
    for b in blocks:
        b.__deepcopy__ = lambda memo, b=b: b
    try:
        return self.inline_ir(caller_ir, block, i, callee_ir, function.__code__.co_freevars, arg_typs=arg_typs)
    finally:
        for b in blocks:
            del b.__deepcopy__


APPLIED = _shares_fresh_ir()
"""Whether numba's inliner is patched (False: this numba differs, and is left as it is)."""
if APPLIED:
    InlineWorker.inline_function = _inline_function
