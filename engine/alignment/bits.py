"""Compiled bit primitives on int64 masks: population count, lowest set bit, the k-th set bit.

``popcount`` and ``lowest_bit`` compile to single machine instructions (LLVM's ``ctpop`` and
``cttz`` intrinsics); ``select_bit`` finds the k-th set bit (counting from 0, lowest first) by a
branch-free binary search on popcounts. All are inlined into their callers.
Masks must be non-negative int64 values (an alignment board has at most 63 points).
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic


@intrinsic
def _ctpop(typingctx, x):
    if not isinstance(x, types.Integer):
        return None
    sig = types.int64(x)

    def codegen(context, builder, signature, args):
        (val,) = args
        ty = ir.IntType(x.bitwidth)
        fn = builder.module.declare_intrinsic("llvm.ctpop", [ty])
        res = builder.call(fn, [val])
        return builder.sext(res, ir.IntType(64)) if x.bitwidth < 64 else res

    return sig, codegen


@intrinsic
def _cttz(typingctx, x):
    if not isinstance(x, types.Integer):
        return None
    sig = types.int64(x)

    def codegen(context, builder, signature, args):
        (val,) = args
        ty = ir.IntType(x.bitwidth)
        fn = builder.module.declare_intrinsic("llvm.cttz", [ty, ir.IntType(1)])
        res = builder.call(fn, [val, ir.Constant(ir.IntType(1), 0)])
        return builder.zext(res, ir.IntType(64)) if x.bitwidth < 64 else res

    return sig, codegen


@njit(cache=True, inline="always")
def popcount(x: np.int64) -> np.int64:
    """The number of set bits of ``x``."""
    return _ctpop(np.int64(x))


@njit(cache=True, inline="always")
def lowest_bit(x: np.int64) -> np.int64:
    """The index of the lowest set bit of ``x`` (64 when ``x`` is 0)."""
    return _cttz(np.int64(x))


@njit(cache=True, inline="always")
def select_bit(x: np.int64, k: np.int64) -> np.int64:
    """The index of the ``k``-th set bit of ``x`` (k = 0: the lowest); the caller keeps k < popcount(x).

    A branch-free binary search: at each of six levels (32, 16, 8, 4, 2, 1 bits), if the low
    half holds k bits or fewer the search moves to the high half.
    """
    x = np.int64(x)
    k = np.int64(k)
    base = np.int64(0)
    for width in (32, 16, 8, 4, 2, 1):
        low = _ctpop(x & ((np.int64(1) << width) - 1))
        up = np.int64(k >= low)
        k -= up * low
        shift = up * width
        x = x >> shift
        base += shift
    return base


@njit(cache=True, inline="always")
def select_bit4(x: np.int64, k: np.int64) -> np.int64:
    """The index of the ``k``-th set bit of the 4-bit ``x`` (k < popcount(x)), branch-free."""
    low = popcount(x & 3)
    up = np.int64(k >= low)
    k -= up * low
    x = x >> (2 * up)
    return 2 * up + np.int64(k >= (x & 1))


@njit(cache=True)
def bits_of(x: np.int64) -> np.ndarray:
    """The indices of the set bits of ``x``, ascending (for Python callers and tests)."""
    n = _ctpop(np.int64(x))
    out = np.empty(n, dtype=np.int64)
    y = np.int64(x)
    for i in range(n):
        out[i] = _cttz(y)
        y &= y - 1
    return out
