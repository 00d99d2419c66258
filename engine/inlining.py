"""Numba's inliner without its two defensive copies of a callee it has just compiled, and with each
callee compiled once a compile rather than once a call site (compile time).

Every kernel of a game is inlined (``inline="always"``) into the game's one entry point. For each
call site numba's inlining pass calls ``InlineWorker.inline_function``, which compiles the callee's
IR afresh (``run_untyped_passes``) and hands it to ``inline_ir``; that deep-copies it twice, block by
block: one copy to splice into the caller, and an "unmutated" one that it returns and the pass
throws away. Deep-copying a block copies the function's whole variable scope with it, so the
copies cost blocks x variables of the (already inlined) callee: in a profile of Tap-urdy's first
compile they took two thirds of the time (numba issue #8989, open; numba-cuda #689 drops them the
same way). The IR handed to ``inline_ir`` is held by nobody else, so it is spliced in as it is:
while ``inline_ir`` runs, its blocks deep-copy to themselves. Without the copies, compiling the
games from an empty cache takes about a third of the CPU time numba's own inliner takes (the
figures, measured with and without the patch, are in benchmarks/compile.txt).

The untyped pipeline a callee is compiled by runs its own inlining pass, so every kernel below a
call site is compiled again at every site, recursively: 521 untyped pipelines for the alignment
machine's few dozen kernels, a quarter of its compile (benchmarks/compile.txt, h84). Here a
callee's untyped IR is kept (:data:`_KEPT`, keyed by the function and what its pipeline reads:
the flags' values, the typing context, the kind of target context, the declared locals) for as long as the outermost
dispatcher compile lasts (numba's "numba:compile" events; nested compiles, such as an out-of-line
kernel compiled while its caller is typed, share it), and each site gets a copy of it, the whole
function deep-copied at once (its scope copied once, not once a block). A function compiled anew
(another compile) is read anew, so a global it reads that changed between compiles is seen. The
inlined variables' names differ from numba's own (numba names them after a FunctionIdentity made
at each site; here one a compile, made unique by the caller's scope), not what they hold.

Numba binds each parameter of an inlined callee to a variable of its own, assigned the caller's
argument: for an array the lowering increfs it there and decrefs it where it dies, and LLVM's
reference-count pruning removes such pairs only where nothing between them branches round a call.
A rule's code at a hook point of the lap loop (engine.mancala.machine.hooks) is such a callee: in
Lobudök's logged laps, eight calls into numba's reference counting a lap, 4 % of a game's
instructions (benchmarks/instructions.txt). So in a kernel marked :func:`unaliased` (the lap loop's
hook points and the rules' functions they call), a parameter that nothing but its argument assigns
is read from the caller's variable itself (:func:`_unalias`): calling it costs the counts its body
written inline would (tests/engine/test_kernels.py). Not every kernel: applied to all, it changed
the code LLVM makes round calls where no count was left (Tsoro's playouts 4 % slower, its
instructions 0.8 % more; benchmarks/instructions.txt).

The machine code is not byte for byte what numba's inliner makes (register allocation and block
order may differ); its speed is the same (benchmarks/playouts.txt), and the golden playthroughs
and the lockstep references pass.

Applied once, on import of engine.games (before any game kernel compiles), to numba versions whose
``inline_function`` is as described (checked from its source); otherwise numba is left alone.
"""

from __future__ import annotations

import copy
import inspect
import types
from collections import Counter, defaultdict
from typing import Any

from numba.core import event, ir
from numba.core.inline_closurecall import InlineWorker, _get_callee_args
from numba.core.ir_utils import replace_vars

_ORIGINAL = InlineWorker.inline_function

_KEPT: dict[tuple[Any, ...], Any] = {}
"""The untyped IR of each callee compiled in the running outermost compile (never spliced itself)."""
_DEPTH = [0]
"""How many dispatcher compiles are running (nested); :data:`_KEPT` is emptied when none is."""
STATS = {"compiled": 0, "copied": 0}
"""Untyped pipelines run for inlined callees, and copies of kept ones handed out (for the tests)."""


def _shares_fresh_ir() -> bool:
    """True if this numba's ``inline_function`` compiles its callee afresh and hands it to ``inline_ir``."""
    try:
        source = inspect.getsource(_ORIGINAL)
    except (OSError, TypeError):
        return False
    return "self.run_untyped_passes(function)" in source and "return self.inline_ir(" in source


class _Compiles(event.Listener):
    """Counts the dispatcher compiles running; forgets the kept IR when the outermost one ends."""

    def on_start(self, ev: event.Event) -> None:
        _DEPTH[0] += 1

    def on_end(self, ev: event.Event) -> None:
        _DEPTH[0] -= 1
        if _DEPTH[0] <= 0:
            _DEPTH[0] = 0
            _KEPT.clear()


_SHARED = frozenset({int, float, bool, complex, str, bytes, type(None), type, ir.Loc, type(ir.UNDEFINED),
                     types.FunctionType, types.BuiltinFunctionType, types.ModuleType, types.CodeType})
"""What a copy of the IR shares with the original: immutable values, and the source locations
(never changed in place; numba's deepcopy copies them, at a third of the copy's time)."""
_REBUILT = frozenset(cls for cls in vars(ir).values()
                     if isinstance(cls, type) and issubclass(cls, (ir.Inst, ir.Arg)) and cls is not ir.Yield)
"""The IR's statements and expressions: copied attribute by attribute."""
_SCOPE_FIELDS = {"parent", "loc", "redefined", "var_redefinitions", "localvars"}
"""A variable scope's attributes (numba.core.ir.Scope), copied one by one; another scope is deep-copied."""


def copy_blocks(blocks: dict[int, ir.Block]) -> dict[int, ir.Block]:
    """``copy.deepcopy(blocks)`` made for numba's IR: the same new statements, expressions and
    variables (the variable scope the blocks share copied once, with all of them), the source
    locations and constant values shared as numba's own ``__deepcopy__`` of a constant shares its value."""
    memo: dict[int, Any] = {}

    def scope_of(scope: Any) -> Any:
        found = memo.get(id(scope))
        if found is not None:
            return found
        if scope is None or set(vars(scope)) != _SCOPE_FIELDS or type(scope.localvars) is not ir.VarMap:
            return copy.deepcopy(scope, memo)
        new = memo[id(scope)] = object.__new__(ir.Scope)
        new.parent = scope_of(scope.parent)
        new.loc = scope.loc
        new.redefined = defaultdict(int, scope.redefined)
        new.var_redefinitions = defaultdict(set, {k: set(v) for k, v in scope.var_redefinitions.items()})
        new.localvars = ir.VarMap()
        new.localvars._con = {name: dup(var) for name, var in scope.localvars._con.items()}
        return new

    def dup(o: Any) -> Any:
        t = type(o)
        if t in _SHARED:
            return o
        if t is ir.Var:
            found = memo.get(id(o))
            if found is None:
                found = memo[id(o)] = ir.Var(scope_of(o.scope), o.name, o.loc)
            return found
        if t is list:
            return [dup(x) for x in o]
        if t is tuple:
            return tuple(dup(x) for x in o)
        if t is dict:
            return {k: dup(v) for k, v in o.items()}
        if t is ir.Const:
            return ir.Const(o.value, o.loc, use_literal_type=o.use_literal_type)
        if t is ir.Global:
            return ir.Global(o.name, o.value, o.loc)
        if t is ir.FreeVar:
            return ir.FreeVar(o.index, o.name, o.value, o.loc)
        if t in _REBUILT:
            new = object.__new__(t)
            new.__dict__.update({k: dup(v) for k, v in o.__dict__.items()})
            return new
        return copy.deepcopy(o, memo)

    out = {}
    for label, block in blocks.items():
        new = ir.Block(scope_of(block.scope), block.loc)
        new.body = [dup(stmt) for stmt in block.body]
        out[label] = new
    return out


def _flags_key(flags: Any) -> tuple[tuple[str, str], ...]:
    """The compile flags' values, whether each was set or left to its default (so equal flags, one key)."""
    return tuple(sorted((name, repr(value)) for name, value in flags.values().items()))


def untyped_ir(worker: InlineWorker, function: Any) -> Any:
    """``worker.run_untyped_passes(function)``: the callee's untyped IR, a copy of the one kept for
    this compile (compiled on its first call site), the caller's to splice."""
    if _DEPTH[0] == 0:  # not inside a dispatcher compile (numba's own tests, a direct call): nothing kept
        STATS["compiled"] += 1
        return worker.run_untyped_passes(function)
    worker.flags.enable_ssa = False  # what run_untyped_passes sets, before the flags key the IR
    key = (function, _flags_key(worker.flags), id(worker.typingctx), type(worker.targetctx), repr(worker.locals))
    kept = _KEPT.get(key)
    if kept is None:
        STATS["compiled"] += 1
        kept = _KEPT[key] = worker.run_untyped_passes(function)
    STATS["copied"] += 1
    out = kept.copy()
    out.blocks = copy_blocks(kept.blocks)
    return out


UNALIASED = "_variorum_unaliased"
"""The attribute that marks a kernel inlined unaliased (:func:`unaliased`)."""


def unaliased(kernel: Any) -> Any:
    """Mark ``kernel`` (a dispatcher, or its Python function) to be inlined unaliased: its parameters
    that nothing but their argument assigns read from the caller's variables (:func:`_unalias`).
    Returns ``kernel``. Marked: the lap loop itself and engine.machine.run_laps, every hook point of the lap
    loop, the rules' functions they call and the read of their guards once a run (engine.mancala.machine.hooks),
    the lap's track (engine.mancala.rules.lap),
    the end rule's test of a player stripped of every counter, which both-opposite's capture makes once a
    lap (engine.mancala.rules.end), and what the start rule's listing calls once a start or a listing
    (engine.mancala.rules.start, singleton, previous_hole, lap)."""
    setattr(getattr(kernel, "py_func", kernel), UNALIASED, True)
    return kernel


def bound_once(blocks: dict[int, ir.Block]) -> dict[str, int]:
    """A function's parameters that nothing but their argument assigns (untyped IR, before SSA): the
    names of their variables, each with its argument's index."""
    assigned: Counter[str] = Counter()
    params: dict[str, int] = {}
    for b in blocks.values():
        for stmt in b.body:
            if isinstance(stmt, ir.Assign):
                assigned[stmt.target.name] += 1
                if isinstance(stmt.value, ir.Arg):
                    params[stmt.target.name] = stmt.value.index
    return {name: k for name, k in params.items() if assigned[name] == 1}


def _unalias(caller_ir: Any, target: str, given: list[Any], params: dict[str, int], var_dict: dict[str, Any],
             blocks: dict[int, ir.Block]) -> None:
    """In the callee's ``blocks`` just spliced into the caller, read each parameter that nothing but
    its argument assigns (``params``) from the caller's variable it was given, and drop the
    assignment that bound it: an array bound so is an alias, which the lowering increfs and decrefs
    (numba.core.lowering's ``lower_assign``), and which LLVM's reference-count pruning leaves in
    place where the callee branches, at every call site of every lap."""
    same: dict[str, Any] = {}
    for name, k in params.items():
        inlined = var_dict.get(name)
        value = given[k] if k < len(given) else None
        if inlined is None or not isinstance(value, ir.Var) or value.name == target:
            continue
        same[inlined.name] = value
    if not same:
        return
    for b in blocks.values():
        b.body = [stmt for stmt in b.body if not (isinstance(stmt, ir.Assign) and stmt.target.name in same
                                                  and isinstance(stmt.value, ir.Var)
                                                  and stmt.value.name == same[stmt.target.name].name)]
    replace_vars(blocks, same)
    definitions = caller_ir._definitions  # what later passes look definitions up in, until SSA rebuilds it
    for name in same:
        definitions.pop(name, None)
    for b in blocks.values():  # a copy `y = x` or `return x` of a parameter: its definition names the caller's variable
        for stmt in b.body:
            if isinstance(stmt, ir.Assign) and isinstance(stmt.value, ir.Var):
                entry = definitions[stmt.target.name]
                for j, value in enumerate(entry):
                    if isinstance(value, ir.Var) and value.name in same:
                        entry[j] = same[value.name]


def _inline_function(self: InlineWorker, caller_ir: Any, block: Any, i: int, function: Any,
                     arg_typs: Any = None) -> Any:
    callee_ir = untyped_ir(self, function)
    blocks = list(callee_ir.blocks.values())
    instr = block.body[i]
    unalias = not self._permit_update_type_and_call_maps and getattr(function, UNALIASED, False)  # untyped inlining
    if unalias:
        params = bound_once(callee_ir.blocks)
        given = _get_callee_args(instr.value, function, instr.loc, caller_ir)
    for b in blocks:
        b.__deepcopy__ = lambda memo, b=b: b
    try:
        out = self.inline_ir(caller_ir, block, i, callee_ir, function.__code__.co_freevars, arg_typs=arg_typs)
    finally:
        for b in blocks:
            del b.__deepcopy__
    if unalias:
        _unalias(caller_ir, instr.target.name, list(given), params, out[2], out[1])
    return out


APPLIED = _shares_fresh_ir()
"""Whether numba's inliner is patched (False: this numba differs, and is left as it is)."""
if APPLIED:
    InlineWorker.inline_function = _inline_function
    event.register("numba:compile", _Compiles())
