"""The shared compiled kernels: sowing along a track with a skip mask, and the repetition table."""

from __future__ import annotations

import numpy as np
import pytest

from engine.mancala.sowing import hole_at, sow, total, track_block
from engine.repetition import LINEAR, begin_move, new_table, restore, seen_before


def test_sow_follows_the_track_and_returns_the_last_position():
    geo = track_block([0, 1, 2, 3], 4)
    board = np.zeros(4, dtype=np.int64)
    last = sow(board, geo, 0, 1, 3, True)  # from hole 1: holes 2, 3, 0
    assert board.tolist() == [1, 0, 1, 1] and hole_at(geo, 0, last) == 0
    assert hole_at(geo, 0, last + 1) == 1 and hole_at(geo, 0, 4 + 3) == 3


def test_sow_passes_over_skipped_holes_and_optionally_the_origin():
    # a four-row style track round 8 holes of one player, corners 0 and 7 skipped
    geo = track_block([0, 1, 2, 3, 7, 6, 5, 4], 8, skip=[0, 7])
    board = np.zeros(8, dtype=np.int64)
    last = sow(board, geo, 0, 3, 3, True)  # from 3: 7 skipped, 6, 5, 4
    assert board.tolist() == [0, 0, 0, 0, 1, 1, 1, 0] and hole_at(geo, 0, last) == 4
    board[:] = 0
    sow(board, geo, 0, 1, 6, False)  # 2, 3, 6, 5, 4, (0 and 7 skipped, 1 is the origin) 2
    assert board.tolist() == [0, 0, 2, 1, 1, 1, 1, 0]
    board[:] = 0
    sow(board, geo, 0, 1, 6, True)  # ... and the origin gets the 6th
    assert board.tolist() == [0, 1, 1, 1, 1, 1, 1, 0]


def test_track_blocks_are_checked():
    with pytest.raises(ValueError, match="once"):
        track_block([0, 1, 1], 3)
    with pytest.raises(ValueError, match="outside"):
        track_block([0, 5], 3)
    with pytest.raises(ValueError, match="not skipped"):
        track_block([0, 1], 2, skip=[0, 1])


def test_total_of_a_row():
    assert total(np.arange(12, dtype=np.int64), 6, 12) == sum(range(6, 12))


@pytest.mark.parametrize("configs", [3, LINEAR + 20])
def test_the_repetition_table_finds_the_first_repeat_only(configs):
    table = new_table(4, 100, 6)
    st = np.zeros(6, dtype=np.int64)
    begin_move(table, st, 6)
    seen = []
    for i in range(configs):
        board = np.array([i % 5, i // 5, 1, 2], dtype=np.int64)
        assert not seen_before(table, i % 3, board), i
        seen.append((i % 3, board))
    for hole, board in seen:
        assert seen_before(table, hole, board)
    assert not seen_before(table, 0, np.array([9, 9, 9, 9], dtype=np.int64))
    begin_move(table, st, 6)  # a new move forgets everything
    hole, board = seen[0]
    assert not seen_before(table, hole, board)


def test_snapshot_and_restore():
    table = new_table(4, 10, 6)
    st = np.arange(6, dtype=np.int64)
    begin_move(table, st, 6)
    st[:] = -1
    restore(table, st, 6)
    assert st.tolist() == list(range(6))


# --- engine.inlining: numba's inliner without its copies -------------------------------------------

def test_numbas_inliner_is_spared_its_copies_on_this_numba():
    """Fails when a numba release changes inline_function: compiling would take three times as
    long again (benchmarks/compile.txt), unnoticed by every other test."""
    from numba.core.inline_closurecall import InlineWorker

    import engine.games  # noqa: F401  (applies the patch)
    from engine import inlining

    assert inlining.APPLIED and InlineWorker.inline_function is inlining._inline_function


def test_a_kernel_inlined_at_several_sites_and_depths_computes_as_in_python():
    """The patched inliner splices each fresh callee IR in place: a kernel inlined twice into one
    caller, and into a kernel itself inlined twice, keeps each copy's variables apart."""
    from numba import njit

    import engine.games  # noqa: F401  (applies the patch)

    def step(x, k):
        y = x
        for _ in range(k):
            y = 3 * y + 1 if y % 2 else y // 2
        return y

    def twice(x):
        a = step_jit(x, 2)
        b = step_jit(a + 1, 3)
        return a * 1000 + b

    def outer(x):
        return twice_jit(x) - twice_jit(x + 7) + step_jit(x, 1)

    step_jit = njit(inline="always")(step)
    twice_jit = njit(inline="always")(twice)
    outer_jit = njit(outer)
    def py_twice(v):
        a = step(v, 2)
        return a * 1000 + step(a + 1, 3)

    for x in range(1, 40):
        assert outer_jit(x) == py_twice(x) - py_twice(x + 7) + step(x, 1), x


def test_an_inlined_kernel_is_compiled_once_a_compile_whatever_its_call_sites():
    """Each callee's untyped pipeline runs once in a compile (here 2: the two kernels), not once a call
    site and depth (7: twice at two sites, step under each and once more); nothing is kept after it."""
    from numba import njit

    import engine.games  # noqa: F401  (applies the patch)
    from engine import inlining

    def step(x):
        return 3 * x + 1 if x % 2 else x // 2

    def twice(x):
        return step_jit(x) + step_jit(x + 1)

    def outer(x):
        return twice_jit(x) - twice_jit(x + 7) + step_jit(x)

    step_jit = njit(inline="always")(step)
    twice_jit = njit(inline="always")(twice)
    outer_jit = njit(outer)
    before = dict(inlining.STATS)
    assert outer_jit(5) == (step(5) + step(6)) - (step(12) + step(13)) + step(5)
    assert inlining.STATS["compiled"] - before["compiled"] == 2
    assert inlining.STATS["copied"] - before["copied"] == 5  # twice at 2 sites, step at 1 there and 2 in twice
    assert not inlining._KEPT


def _references(kernel) -> tuple[int, int]:
    """The increfs and decrefs in the optimised LLVM IR of ``kernel``'s own function."""
    text = next(iter(kernel.inspect_llvm().values()))
    body = text[text.index("define"):]
    body = body[:body.index("\n}\n")]
    return body.count("NRT_incref"), body.count("NRT_decref")


def test_an_inlined_callee_costs_no_reference_counts_its_body_written_inline_would_not():
    """engine.inlining._unalias: in a kernel marked unaliased, a parameter nothing but its argument
    assigns is read from the caller's variable. Bound to a variable of its own, an array is increfed
    and decrefed at every call, which LLVM's pruning leaves where the callee branches round an
    out-of-line call (Lobudök's logged laps made eight such calls a lap, h82); here the kernel calling an inlined ``take`` has the reference
    counts of the same code written inline by hand (without the patch: 4 and 5 against 2 and 2)."""
    import numpy as np
    from numba import njit

    import engine.games  # noqa: F401  (applies the patch)
    from engine.inlining import unaliased

    @njit
    def spill(board, hole):
        board[hole] += 1
        return board[hole]

    @unaliased
    @njit(inline="always")
    def take(board, hole, n, log):
        if board[hole] > n:
            got = spill(board, hole) if log[0] > 0 else n
            board[hole] -= got
            return got
        got = board[hole]
        board[hole] = 0
        return got

    @njit
    def laps(board, k, log):
        total = 0
        for i in range(k):
            total += take(board, i % board.size, 2, log)
        return total

    @njit
    def by_hand(board, k, log):
        total = 0
        for i in range(k):
            hole = i % board.size
            if board[hole] > 2:
                got = spill(board, hole) if log[0] > 0 else 2
                board[hole] -= got
            else:
                got = board[hole]
                board[hole] = 0
            total += got
        return total

    for logging in (0, 1):
        a, b = np.arange(6, dtype=np.int64) * 3, np.arange(6, dtype=np.int64) * 3
        log = np.array([logging, 0], dtype=np.int64)
        assert laps(a, 9, log) == by_hand(b, 9, log) and (a == b).all()
    assert _references(laps) == _references(by_hand)


def test_an_inlined_callee_keeps_a_variable_for_a_parameter_it_assigns():
    """A parameter the callee assigns is not the caller's variable: the caller's ``n`` is unchanged
    (reading it from the caller's variable would make ``m - n`` 0, not 1)."""
    import numpy as np
    from numba import njit

    import engine.games  # noqa: F401  (applies the patch)
    from engine.inlining import unaliased

    @unaliased
    @njit(inline="always")
    def bump(board, n):
        for _ in range(1):
            if board[1] >= 0:
                n += 1  # in a branch: numba's IR assigns n itself again (not a new version of it)
        board[0] += n
        return n

    @njit
    def run(board, k):
        total = 0
        n = 2
        for _ in range(k):
            m = bump(board, n)
            total += m - n  # 1 each time: bump left n as it was
            n = bump(board, n)
        return total * 1000 + n

    for k in (0, 1, 5):
        a, b = np.zeros(3, dtype=np.int64), np.zeros(3, dtype=np.int64)
        assert run(a, k) == run.py_func(b, k) == k * 1000 + 2 + k and (a == b).all()


def test_a_callee_returning_its_parameter_leaves_the_definitions_later_passes_read():
    """A callee that returns (or copies) a parameter it was given: the caller's definitions name the
    caller's variable, so that passes before SSA's rebuild (literal_unroll, the inlining of a function
    a variable holds) find them (helper-55's counterexamples: without it, literal_unroll refused the
    tuple, "multiple definitions", and ``leaf`` was compiled out of line)."""
    from numba import literal_unroll, njit

    import engine.games  # noqa: F401  (applies the patch)
    from engine.inlining import unaliased

    @unaliased
    @njit(inline="always")
    def ident(o):
        return o

    @njit
    def total(x):
        u = ident((1, 2.5, x))
        s = 0.0
        for v in literal_unroll(u):
            s += v
        return s

    assert total(4) == total.py_func(4) == 7.5

    @njit(inline="always")
    def leaf(x):
        return x * 3 + 1

    @unaliased
    @njit(inline="always")
    def pick(f):
        return f

    @njit
    def call(x):
        h = pick(leaf)
        return h(x)

    assert call(5) == 16
    text = next(iter(call.inspect_llvm().values()))
    assert "4leaf" not in text  # leaf inlined, no function of its own called


def test_the_ir_copier_copies_as_deepcopy_does():
    """engine.inlining.copy_blocks: the blocks numba's deepcopy makes (equal statement for statement),
    and no statement, expression, variable or scope shared with the original."""
    import copy

    from numba.core import ir
    from numba.core.compiler import run_frontend

    from engine.alignment import machine as alignment
    from engine.inlining import copy_blocks

    blocks = run_frontend(alignment.apply_move.py_func).blocks
    ours = copy_blocks(blocks)
    assert ours == copy.deepcopy(blocks) and list(ours) == list(blocks)

    def objects(blocks):
        found = {}
        for block in blocks.values():
            found[id(block.scope)] = block.scope
            for stmt in block.body:
                found[id(stmt)] = stmt
                for var in stmt.list_vars():
                    found[id(var)] = var
                if isinstance(stmt, ir.Assign) and isinstance(stmt.value, ir.Expr):
                    found[id(stmt.value)] = stmt.value
        return found

    assert not objects(blocks).keys() & objects(ours).keys()
    first = next(iter(ours.values()))
    first.body.clear()
    assert next(iter(blocks.values())).body
