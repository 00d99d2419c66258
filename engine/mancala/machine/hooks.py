"""The calls of a board's turn into the rules' compiled code: one function ``at_<point>`` a hook point
of the board (engine.mancala.rule.POINTS: the one turn's, the same on every board, where a point no
rule of the combination uses answers its default, and the board's lap loop's), composed from the rules' declarations
(engine.mancala.rules.CALLS: each rule's ``code``), never written by hand.

At a point, each rule with code there is called in the order of the rules, while its ``when`` slot
holds a value other than 0 (or one of its ``values``, or of the values it adds to a field); the first
answer other than the point's default is the point's answer (the last rule's answer is returned as
it is), or, at a point whose answer is a chain (engine.mancala.rule.Point.chain: the two-row
keep-moves), each rule is given the answer of the one before and the last answer is the point's.
Hook point list-starts on four rows, for instance::

    @njit(cache=True, inline="always")
    def at_list_starts(state, params, p):
        if params[F_RESTRICTED] != 0:  # the rule restricted-holes
            return restricted_holes__list_starts(state, params, p)
        return -1

At a point of the lap loop (engine.mancala.rule.Point.loop: lap-end, before-relay,
relay-kind) a guard is not read once a lap: ``at_laps_begin(state, params, mover)``, called once a
run before the loop, returns a tuple of what each such call holds for the run (its guard, 1 or 0,
or its ``held`` function's answer, 0 under a guard that is off), and the point tests its entry::

    @njit(cache=True, inline="always")
    def at_before_relay(state, params, landed, mover, run):
        if run[0] != 0:  # special-holes: the holes where the mover may stop, 0 for none
            answer = special_holes__stop_at(state, params, landed, mover, run[0])
            if answer != -1:
                return answer
        ...

A guard the combination of rules decides is not read at all (the call made unconditionally, or
left out), so that a specialised kernel's loop tests only what its readings leave open, once a run,
as the board's own ``if`` on a local did. Every point of the lap loop (engine.mancala.rule.LAP_POINTS), the
rules' functions they call and ``at_laps_begin`` are marked ``unaliased(...)`` at the end of the module
(engine.inlining.unaliased): inlined, they read the loop's own arrays, so a call there costs no reference
count a lap.

This module's source is generated per combination of rules (:func:`specialised_source`, which
engine.specialise calls instead of reading a file): a rule whose ``when`` slot the combination fixes
at 0 is left out, its function not even imported, so a game that does not use a rule has no trace
of its code; the rules' modules are specialised with this one (:data:`SPECIALISED_WITH`), their slot
reads folded too. The functions below, what Python imports, only say so: the machine is compiled
only specialised (engine.mancala.machine.turn).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.mancala import layout
from engine.mancala.rule import LAP_POINTS, POINTS
from engine.mancala.rules import CALLS, Call

PREFIXES = {2: "P_", 4: "F_"}
"""The prefix of the names a board's kernels read its slots by (engine.mancala.layout)."""

SPECIALISED_WITH: tuple[str, ...] = tuple(sorted({call.module for points in CALLS.values()
                                                  for calls in points.values() for call in calls}))
"""The rules' modules with compiled code: specialised with this module (engine.specialise)."""


def function_name(point: str) -> str:
    """The name of the function a board calls at hook point ``point``."""
    return "at_" + point.replace("-", "_")


def _slot(rows: int, name: str) -> int:
    return int(getattr(layout, PREFIXES[rows] + name.upper()))


def _codes(call: Call) -> tuple[int, ...]:
    """The codes of the values that put ``call`` in play (none: any value other than 0)."""
    return tuple(layout.code(call.when, v) for v in call.values) if call.when is not None else ()


def in_play(rows: int, call: Call, constants: Mapping[int, int]) -> bool:
    """Whether ``call`` can run under ``constants`` (slot -> value: a combination of rules): not when
    the combination fixes its ``when`` slot at 0, or at a value not among its values."""
    if call.when is None or _slot(rows, call.when) not in constants:
        return True
    fixed = constants[_slot(rows, call.when)]
    codes = _codes(call)
    return fixed in codes if codes else fixed != 0


def _guard(rows: int, call: Call) -> str:
    """The condition that puts ``call`` in play, read from the parameter array."""
    read = f"params[{_slot(rows, call.when)}]" if call.when is not None else ""
    codes = _codes(call)
    if not codes:
        return f"{read} != 0"
    return " or ".join(f"{read} == {c}" for c in codes)


def specialised_source(constants: Mapping[int, int]) -> str:
    """This module's source under ``constants`` (a combination of rules, with the board's rows): the
    functions ``at_<point>`` of the board's hook points, each calling the rules in play there, and,
    for a board with a lap loop, ``at_laps_begin``: what the loop's calls hold for a run."""
    rows = constants.get(layout.ROWS)
    lines = ["from numba import njit", ""]
    body: list[str] = []
    imported: set[tuple[str, str]] = set()

    def local(module: str, function: str) -> str:
        name = f"{module.rpartition('.')[2]}__{function}"
        if (module, function) not in imported:
            imported.add((module, function))
            lines.append(f"from {module} import {function} as {name}")
        return name

    for board, points in POINTS.items():
        if rows is not None and board != rows:
            continue
        held: list[str] = []  # the lap loop's calls: what each holds for a run, read once before the loop
        loop: list[str] = []  # the lap loop's points and the rules' functions they call: inlined unaliased
        for point, spec in points.items():
            args = ", ".join(spec.args)
            body += ["", "", "@njit(cache=True, inline=\"always\")",
                     f"def {function_name(point)}({args}{', run' if spec.loop else ''}):"]
            calls = [c for c in CALLS.get(board, {}).get(point, ()) if in_play(board, c, constants)]
            in_loop = point in LAP_POINTS  # called once a lap: inlined unaliased
            if in_loop:
                loop.append(function_name(point))
            for k, call in enumerate(calls):
                function = local(call.module, call.function)
                if in_loop and function not in loop:
                    loop.append(function)
                given = args
                guard = _guard(board, call) if call.when is not None else None
                if spec.loop:  # the guard read before the loop (unless the combination decides it)
                    if call.when is not None and _slot(board, call.when) in constants:
                        guard = None
                    if call.held is not None or guard is not None:
                        value = f"{local(call.module, call.held)}(state, params, mover)" if call.held else "1"
                        value = value if guard is None else f"({value} if {guard} else 0)"
                        if value not in held:  # one entry for calls behind the same guard
                            held.append(value)
                        at = held.index(value)
                        guard = f"run[{at}] != 0"
                        if call.held is not None:
                            given += f", run[{at}]"
                indent = "    "
                if guard is not None:
                    body.append(f"    if {guard}:")
                    indent = "        "
                if spec.chain is not None:  # each rule given the answer before it
                    body.append(f"{indent}{spec.chain} = {function}({given})")
                    continue
                if k == len(calls) - 1:  # the last: its answer is the point's, the default or not
                    body.append(f"{indent}return {function}({given})")
                    if guard is None:
                        break
                else:
                    body += [f"{indent}answer = {function}({given})", f"{indent}if answer != {spec.default}:",
                             f"{indent}    return answer"]
            else:
                body.append(f"    return {spec.default if spec.chain is None else spec.chain}")
        if any(spec.loop for spec in points.values()):
            body += ["", "", "@njit(cache=True, inline=\"always\")", "def at_laps_begin(state, params, mover):",
                     f"    return ({', '.join([*held, '0'])},)  # the calls' values, then 0 (never empty)"]
            loop.append("at_laps_begin")  # called once a run, where the run's arrays are bound
        if loop:  # called once a lap: their parameters read from the caller's arrays (engine.inlining)
            lines.append("from engine.inlining import unaliased")
            body += ["", "", *(f"unaliased({name})" for name in loop)]
    return "\n".join(lines + body) + "\n"


def _unspecialised(name: str) -> Callable[..., int]:
    def at_point(*args: object) -> int:
        raise RuntimeError(f"{name} is compiled only specialised (engine.specialise): the rules' calls at its hook "
                           "point are composed per combination of rules")
    at_point.__name__ = name
    return at_point


for _points in POINTS.values():
    for _point in _points:
        globals()[function_name(_point)] = _unspecialised(function_name(_point))
at_laps_begin = _unspecialised("at_laps_begin")
del _points, _point
