"""Kernels specialised per combination of rules: a machine's kernel module compiled again with the
rule fields a description fixes read as constants, so that a rule the game does not use costs it
nothing (issue 27 item 3).

A machine's kernels read a description's rule fields from the parameter array at run time
(``params[P_CAPTURE]``: one generic kernel plays every description). For a description, the rule
slots whose value is the same in every reading of it (its defaults and each other option of each
switch: :func:`constant_slots`) are its combination of rules; :func:`specialised` writes the
kernel module's source again with those reads replaced by their values and folds what follows
from them (comparisons of constants, ``and``/``or`` of constants, locals assigned a constant once,
``if`` and ``x if c else y`` on a constant: the branches of unused rules are gone before numba
sees them), imports it from a file beside numba's cache and returns its entry point. The kernel
module's code is not edited: a rule added to it is specialised with the rest, as long as it reads
its fields as ``params[<slot constant>]``.

Why generated source, not a closure or numba's literal dispatch: numba keys a closure's cache
entry by a hash of its pickled cell contents (numba.core.caching's ``_index_key``), so integer
constants in a closure would cache across processes (dispatchers in one would not); but a kernel
module's functions are module-level and call each other by name, so closing over the constants
would mean rewriting every kernel into one factory (and every branch adding a rule to it), and
literal dispatch (``Literal[int]`` arguments) multiplies the entry point's signatures and leaves
the folding to LLVM after numba has typed and lowered every dead branch. A generated module is a
plain module to numba (its cache entries keyed, as any, by its file), and the dead branches never
reach numba's typing, where compile time goes: Tap-urdy's specialised kernel compiles in about
half the CPU time of the generic one (benchmarks/compile.txt).

What runs on them (:data:`MODE`): a new combination costs a compile (Tap-urdy about 11, Lobudök
about 28 CPU seconds, a loaded machine), which the test suite and a server's first answers would
pay once a game; so only long runs (random self-play and UCT searches of BULK_FROM games or
iterations and more: comparisons, assessments, benchmarks, the UCT agents' searches) use them, and
everything else the machine's generic kernel, compiled once a board.

The choice is made per parameter array, so it is right by construction: a reading whose array
differs from the description's constants in one of their slots gets the kernel of its own
combination (compiled once, then cached), never a kernel specialised for other values.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import importlib.util
import inspect
import operator
import os
import sys
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from engine.machine import OP_PLAYOUTS, OP_SEARCH

FORMAT = b"variorum-specialise/2"
"""Changes when the rewriting below changes (it is part of every generated module's key)."""

PARAMS = ("params", "par")
"""The names the kernels give the parameter array."""

_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.FloorDiv: operator.floordiv,
           ast.Mod: operator.mod, ast.LShift: operator.lshift, ast.RShift: operator.rshift,
           ast.BitAnd: operator.and_, ast.BitOr: operator.or_, ast.BitXor: operator.xor}
_COMPARE = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
            ast.Gt: operator.gt, ast.GtE: operator.ge}
_UNARY = {ast.Not: operator.not_, ast.USub: operator.neg, ast.Invert: operator.invert}


def constant_slots(arrays: Sequence[np.ndarray], slots: Iterable[int]) -> tuple[int, ...]:
    """The ``slots`` holding the same value in every parameter array of ``arrays`` (the readings of
    one description), ascending."""
    first = arrays[0]
    return tuple(sorted(s for s in slots if all(int(a[s]) == int(first[s]) for a in arrays)))


def _is_int(value: Any) -> bool:
    return type(value) is int or type(value) is bool


class _Fold(ast.NodeTransformer):
    """One function's rewriting: constant parameter reads, module-level int constants and locals
    assigned a constant once become constants, and what they decide is folded."""

    def __init__(self, constants: Mapping[int, int], namespace: Mapping[str, Any], local: set[str],
                 known: dict[str, Any]):
        self.constants = constants
        self.namespace = namespace
        self.local = local
        self.known = known  # locals assigned a constant once: name -> value

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if not isinstance(node.ctx, ast.Load):
            return node
        if node.id in self.known:
            return ast.copy_location(ast.Constant(self.known[node.id]), node)
        if node.id not in self.local and _is_int(self.namespace.get(node.id, None)):
            return ast.copy_location(ast.Constant(self.namespace[node.id]), node)
        return node

    def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
        self.generic_visit(node)
        if (isinstance(node.ctx, ast.Load) and isinstance(node.value, ast.Name) and node.value.id in PARAMS
                and isinstance(node.slice, ast.Constant) and _is_int(node.slice.value)
                and node.slice.value in self.constants):
            return ast.copy_location(ast.Constant(self.constants[node.slice.value]), node)
        return node

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        op = _BINARY.get(type(node.op))
        if op and isinstance(node.left, ast.Constant) and isinstance(node.right, ast.Constant) \
                and _is_int(node.left.value) and _is_int(node.right.value):
            try:
                value = op(node.left.value, node.right.value)
            except (ZeroDivisionError, ValueError):
                return node
            if isinstance(value, int) and -(1 << 62) < value < (1 << 62):
                return ast.copy_location(ast.Constant(value), node)
        return node

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        self.generic_visit(node)
        op = _UNARY.get(type(node.op))
        if op and isinstance(node.operand, ast.Constant) and _is_int(node.operand.value):
            return ast.copy_location(ast.Constant(op(node.operand.value)), node)
        return node

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        values = [node.left, *node.comparators]
        if not all(isinstance(v, ast.Constant) and _is_int(v.value) for v in values):
            return node
        result = True
        for op, a, b in zip(node.ops, values, values[1:]):
            fn = _COMPARE.get(type(op))
            if fn is None:
                return node
            result = result and fn(a.value, b.value)
        return ast.copy_location(ast.Constant(bool(result)), node)

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        """Constant booleans: ``True and x`` is ``x`` and ``False and x`` is ``False`` (``or`` alike);
        ``x and False`` is ``False`` when ``x`` is a boolean without calls (a call's effects are kept)."""
        self.generic_visit(node)
        is_and = isinstance(node.op, ast.And)
        values = list(node.values)
        while values and isinstance(values[0], ast.Constant) and type(values[0].value) is bool:
            if values[0].value != is_and:  # False under and, True under or: decides the whole
                return ast.copy_location(ast.Constant(values[0].value), node)
            values.pop(0)
        for i, v in enumerate(values):
            if (isinstance(v, ast.Constant) and v.value is (not is_and)
                    and all(_boolean(w) and not _calls(w) for w in values[:i])):
                return ast.copy_location(ast.Constant(not is_and), node)
        if not values:
            return ast.copy_location(ast.Constant(is_and), node)
        if len(values) == 1:
            return values[0]
        node.values = values
        return node

    def visit_IfExp(self, node: ast.IfExp) -> ast.AST:
        self.generic_visit(node)
        node.test = _as_test(node.test)
        if isinstance(node.test, ast.Constant) and _is_int(node.test.value):
            return node.body if node.test.value else node.orelse
        if (isinstance(node.body, ast.Constant) and isinstance(node.orelse, ast.Constant)
                and type(node.body.value) is type(node.orelse.value) and node.body.value == node.orelse.value
                and not _calls(node.test)):
            return node.body
        return node

    def visit_If(self, node: ast.If) -> Any:
        self.generic_visit(node)
        node.test = _as_test(node.test)
        if isinstance(node.test, ast.Constant) and _is_int(node.test.value):
            kept = node.body if node.test.value else node.orelse
            return kept or [ast.copy_location(ast.Pass(), node)]
        return node

    def visit_While(self, node: ast.While) -> Any:
        self.generic_visit(node)
        node.test = _as_test(node.test)
        if isinstance(node.test, ast.Constant) and _is_int(node.test.value) and not node.test.value:
            return node.orelse or [ast.copy_location(ast.Pass(), node)]
        return node


def _as_test(test: ast.expr) -> ast.expr:
    """A condition whose truth only counts: ``x and False`` is false, ``x or True`` true, when ``x``
    makes no call."""
    if isinstance(test, ast.BoolOp):
        decisive = not isinstance(test.op, ast.And)
        for i, v in enumerate(test.values):
            if isinstance(v, ast.Constant) and _is_int(v.value) and bool(v.value) is decisive \
                    and not any(_calls(w) for w in test.values[:i]):
                return ast.copy_location(ast.Constant(decisive), test)
    return test


def _calls(node: ast.AST) -> bool:
    """True if evaluating ``node`` calls anything (whose effects must be kept)."""
    return any(isinstance(n, ast.Call) for n in ast.walk(node))


def _boolean(node: ast.AST) -> bool:
    """True if ``node`` is a boolean by its form (a comparison, a ``not``, a boolean constant, an
    ``and``/``or`` of booleans)."""
    if isinstance(node, ast.Compare) or (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)):
        return True
    if isinstance(node, ast.Constant):
        return type(node.value) is bool
    return isinstance(node, ast.BoolOp) and all(_boolean(v) for v in node.values)


def _locals(fn: ast.FunctionDef) -> set[str]:
    names = {a.arg for a in fn.args.args + fn.args.posonlyargs + fn.args.kwonlyargs}
    for node in ast.walk(fn):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            names.add(node.id)
    return names


def _assigned_once(fn: ast.FunctionDef) -> dict[str, Any]:
    """Locals bound once in the function, by an assignment at its top level to a constant."""
    stores: dict[str, int] = {}
    for node in ast.walk(fn):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            stores[node.id] = stores.get(node.id, 0) + 1
    out = {}
    args = {a.arg for a in fn.args.args + fn.args.posonlyargs + fn.args.kwonlyargs}
    for stmt in fn.body:
        if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
                and isinstance(stmt.value, ast.Constant) and _is_int(stmt.value.value)):
            name = stmt.targets[0].id
            if stores.get(name) == 1 and name not in args:
                out[name] = stmt.value.value
    return out


def specialise_source(source: str, constants: Mapping[int, int], namespace: Mapping[str, Any]) -> str:
    """``source`` (a kernel module) with every read ``params[S]`` of a slot S in ``constants`` replaced
    by its value and what follows folded, in every function (``namespace``: the module's globals,
    which say what the names of slots and codes stand for)."""
    return ast.unparse(ast.fix_missing_locations(_specialise_tree(source, constants, namespace))) + "\n"


def _specialise_tree(source: str, constants: Mapping[int, int], namespace: Mapping[str, Any]) -> ast.Module:
    tree = ast.parse(source)
    for fn in tree.body:
        if not isinstance(fn, ast.FunctionDef):
            continue
        local = _locals(fn)
        known: dict[str, Any] = {}
        for _ in range(8):  # to a fixed point: a folded local may decide another
            fold = _Fold(constants, namespace, local, known)
            fn.body = [s for stmt in fn.body for s in _as_list(fold.visit(stmt))] or [ast.Pass()]
            more = _assigned_once(fn)
            if more.keys() <= known.keys():
                break
            known.update(more)
    return tree


def _late_names(source: str) -> dict[str, int]:
    """The int constants a module imports only under ``if TYPE_CHECKING:``: names it cannot import at
    run time (a rule module's slots and state offsets, which the layout generates from the rules'
    declarations), resolved here, when every module is loaded, and folded into the generated module
    like any module constant (a name imported so that is not an int is left alone)."""
    out: dict[str, int] = {}
    for stmt in ast.parse(source).body:
        if not (isinstance(stmt, ast.If) and isinstance(stmt.test, ast.Name) and stmt.test.id == "TYPE_CHECKING"):
            continue
        for imp in stmt.body:
            if isinstance(imp, ast.ImportFrom) and imp.module is not None:
                held = importlib.import_module(imp.module)
                for alias in imp.names:
                    value = getattr(held, alias.name, None)
                    if _is_int(value):
                        out[alias.asname or alias.name] = value
    return out


def _with_siblings(tree: ast.Module, module: ModuleType, constants: Mapping[int, int]) -> None:
    """Point ``module``'s imports from the modules it is specialised with (its ``SPECIALISED_WITH``:
    a machine made of several modules) at their specialisations under the same ``constants``, keeping
    only the names the folded code still uses; an import left with none goes, and its module is not
    generated (a board the constants rule out)."""
    together = set(getattr(module, "SPECIALISED_WITH", ()))
    if not together:
        return
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    body: list[ast.stmt] = []
    for stmt in tree.body:
        if isinstance(stmt, ast.Import) and any(a.name in together for a in stmt.names):
            raise RuntimeError(f"{module.__name__}: import its sibling modules by name (from M import f)")  # programming
        if isinstance(stmt, ast.ImportFrom) and stmt.module in together:
            stmt.names = [a for a in stmt.names if (a.asname or a.name) in used]
            if not stmt.names:
                continue
            stmt.module = specialised(importlib.import_module(stmt.module), constants).__name__
        body.append(stmt)
    tree.body = body


def _as_list(node: Any) -> list[ast.stmt]:
    return node if isinstance(node, list) else [node]


def folder() -> Path:
    """Where generated modules are written: beside numba's cache (the engine fingerprint's folder,
    engine.fingerprint.use_numba_cache), so that numba caches their compiled code as any module's."""
    from numba.core import config

    return Path(config.CACHE_DIR or os.environ.get("NUMBA_CACHE_DIR") or tempfile.gettempdir()) / "specialised"


_MODULES: dict[tuple[str, tuple[tuple[int, int], ...]], ModuleType] = {}
"""The generated modules imported in this process, by (kernel module, combination)."""


def specialised(module: ModuleType, constants: Mapping[int, int]) -> ModuleType:
    """``module`` (a kernel module) with ``constants`` (slot -> value) read as constants: the
    generated module, imported once a process, its source written once (a new combination is
    compiled by numba on its first call, then served from numba's cache)."""
    key = (module.__name__, tuple(sorted((int(s), int(v)) for s, v in constants.items())))
    if key in _MODULES:
        return _MODULES[key]
    generate = getattr(module, "specialised_source", None)  # a module composed per combination (its calls)
    source = generate(dict(key[1])) if generate is not None else inspect.getsource(module)
    tree = _specialise_tree(source, dict(key[1]), {**_late_names(source), **vars(module)})
    _with_siblings(tree, module, dict(key[1]))
    text = ast.unparse(ast.fix_missing_locations(tree)) + "\n"
    # named by what it holds: the folded values (slots, codes) come from other modules than the kernel's
    digest = hashlib.sha256(FORMAT + b"\0" + text.encode()).hexdigest()[:16]
    name = f"{module.__name__.rpartition('.')[2]}_{digest}"
    path = folder() / f"{name}.py"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        header = f"# {module.__name__} specialised by engine.specialise (generated): constant slots {dict(key[1])}\n"
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(header + text)
        try:
            os.link(tmp, path)  # atomic, and never over a file another process wrote (its mtime keys numba's cache)
        except FileExistsError:
            pass
        finally:
            os.unlink(tmp)
    full = f"engine._specialised.{name}"
    spec = importlib.util.spec_from_file_location(full, path)
    if spec is None or spec.loader is None:
        raise RuntimeError(f"cannot import the generated module {path}")  # a programming error
    mod = importlib.util.module_from_spec(spec)
    sys.modules[full] = mod
    mod.SPECIALISED_FROM = key  # (the kernel module's name, its constant slots): a name that lasts (compile_costs)
    spec.loader.exec_module(mod)
    _MODULES[key] = mod
    return mod


MODE = os.environ.get("VARIORUM_SPECIALISE", "bulk")
"""Which calls run on the kernels of their combination of rules: ``bulk`` (the default) random
self-play and UCT searches of at least BULK_FROM games or iterations (where playouts are many;
everything else, the API's moves, set-up positions and short runs, on the machine's generic
kernel, so that a game played move by move, or a test, compiles no kernel of its own); ``all``
every call; ``off`` none (the generic kernel only: for A/B runs)."""
MODES = ("bulk", "all", "off")
if MODE not in MODES:
    raise ValueError(f"VARIORUM_SPECIALISE must be one of {', '.join(MODES)}, not {MODE!r}")
BULK_FROM = 2000
"""The fewest games (random self-play) or iterations (a UCT search) a call must ask for to run on the
specialised kernels in ``bulk`` mode. A new combination compiles for 10-30 CPU seconds once
(benchmarks/compile.txt); the archive's comparisons play 2,000 games a ruleset
(engine.compare.results.DEFAULT_GAMES) and 25,000 a sweep's task, the benchmarks 5,000 and more. The
test suite's searches and runs stay below it (UCT of 1,000 iterations a move in the conformance
suite), so that the suite compiles no kernel a game but those tests/engine/test_specialise.py checks."""
BULK_OPS = (OP_PLAYOUTS, OP_SEARCH)


class Specialiser:
    """The entry points of one kernel module's specialisations: for a description, the rule slots
    its readings all agree on (:meth:`for_arrays`), and for a parameter array, the entry point of
    its combination (:meth:`entry`)."""

    def __init__(self, module: ModuleType, slots: Iterable[int], entry: str = "run"):
        self.module = module
        self.slots = tuple(sorted(slots))
        self.entry_name = entry
        self._entries: dict[tuple[tuple[int, int], ...], Any] = {}

    def for_arrays(self, arrays: Sequence[np.ndarray]) -> tuple[int, ...]:
        """The candidate slots constant across ``arrays`` (the parameter arrays of a description's readings)."""
        return constant_slots(arrays, self.slots)

    def key(self, par: np.ndarray, constant: Sequence[int]) -> tuple[tuple[int, int], ...]:
        """The combination of rules of ``par``: its values in the ``constant`` slots."""
        return tuple((s, int(par[s])) for s in constant)

    def entry(self, key: tuple[tuple[int, int], ...]) -> Any:
        """The compiled entry point of the combination ``key`` (slot, value pairs)."""
        found = self._entries.get(key)
        if found is None:
            found = self._entries[key] = getattr(specialised(self.module, dict(key)), self.entry_name)
        return found


class SpecialisedKernels:
    """A mixin of engine.machine.KernelRules: each parameter array is played on the entry point of
    its combination of rules. The game gives ``specialiser`` and :meth:`reading_arrays`."""

    specialiser: Specialiser
    board_key: tuple[tuple[int, int], ...] = ()
    """The slots every kernel of the game fixes, with their values (a sowing game's board: its rows,
    engine.mancala.layout.ROWS): its generic kernel, :attr:`machine`, is the machine specialised on
    them alone."""

    @property
    def machine(self) -> Any:
        """The game's generic kernel: the machine specialised on :attr:`board_key` alone (its rule
        fields read at run time)."""
        return self.specialiser.entry(self.board_key)

    def reading_arrays(self) -> list[np.ndarray]:
        """The parameter arrays of the description's readings (its defaults and each other option of
        each switch)."""
        raise NotImplementedError

    @functools.cached_property
    def _readings(self) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
        arrays = self.reading_arrays()
        constant = self.specialiser.for_arrays(arrays)
        return constant, self.specialiser.key(arrays[0], constant)

    @property
    def constant_slots(self) -> tuple[int, ...]:
        """The rule slots every reading of the description agrees on."""
        return self._readings[0]

    @property
    def combination(self) -> tuple[str, tuple[tuple[int, int], ...]]:
        """The description's combination of rules (its kernel module, and the values of its constant
        slots): descriptions with the same combination run on the same compiled kernels."""
        return self.specialiser.module.__name__, self._readings[1]

    def kernel(self, params: Any, op: int, games: int) -> Any:
        """The entry point that does ``op`` for ``games`` games or iterations on ``params``: its
        combination's, or the generic kernel (:data:`MODE`)."""
        if MODE == "off" or (MODE == "bulk" and (op not in BULK_OPS or games < BULK_FROM)):
            return self.machine
        key = params.extra.get("kernel")
        if key is None:
            key = params.extra["kernel"] = self.specialiser.key(params.par, self.constant_slots)
        return self.specialiser.entry(key)
