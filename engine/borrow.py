"""Borrowed views of arrays for hot compiled loops: the same memory, without reference counting.

Numba counts references to every array a compiled function handles, with an atomic increment and
decrement each time an array variable is bound (inlined kernels bind their arguments many times a
turn). In the playout loop that bookkeeping took about a quarter of the time. A *borrowed* view
(``borrow(a)``) points at the same data but carries no reference count (numba's runtime skips a
null one), so handling it costs nothing. The owner must keep the array alive while the view is in
use: pass arrays the caller holds, or keep using the original after the loop.
"""

from __future__ import annotations

import numpy as np
from numba import carray, njit, types
from numba.extending import intrinsic


@intrinsic
def _data_pointer(typingctx, address, like):
    """An integer address as a pointer to the element type of the array ``like`` (no ownership)."""
    pointer = types.CPointer(like.dtype)
    sig = pointer(types.intp, like)

    def codegen(context, builder, signature, args):
        return builder.inttoptr(args[0], context.get_value_type(pointer))

    return sig, codegen


@njit(cache=True, inline="always")
def borrow(a: np.ndarray) -> np.ndarray:
    """A view of the C-contiguous array ``a`` that is not reference counted (see the module docstring)."""
    return carray(_data_pointer(a.ctypes.data, a), a.shape)
