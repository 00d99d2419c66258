"""The calls of a board's turn into the rules' compiled code: one function ``at_<point>`` a hook point
of the board (engine.mancala.rule.POINTS), composed from the rules' declarations
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
from engine.mancala.rule import POINTS
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
    functions ``at_<point>`` of the board's hook points, each calling the rules in play there."""
    rows = constants.get(layout.ROWS)
    lines = ["from numba import njit", ""]
    body: list[str] = []
    imported: set[tuple[str, str]] = set()
    for board, points in POINTS.items():
        if rows is not None and board != rows:
            continue
        for point, spec in points.items():
            args = ", ".join(spec.args)
            body += ["", "", "@njit(cache=True, inline=\"always\")", f"def {function_name(point)}({args}):"]
            calls = [c for c in CALLS.get(board, {}).get(point, ()) if in_play(board, c, constants)]
            for k, call in enumerate(calls):
                local = f"{call.module.rpartition('.')[2]}__{call.function}"
                if (call.module, call.function) not in imported:
                    imported.add((call.module, call.function))
                    lines.append(f"from {call.module} import {call.function} as {local}")
                indent = "    "
                if call.when is not None:
                    body.append(f"    if {_guard(board, call)}:")
                    indent = "        "
                if spec.chain is not None:  # each rule given the answer before it
                    body.append(f"{indent}{spec.chain} = {local}({args})")
                    continue
                if k == len(calls) - 1:  # the last: its answer is the point's, the default or not
                    body.append(f"{indent}return {local}({args})")
                    if call.when is None:
                        break
                else:
                    body += [f"{indent}answer = {local}({args})", f"{indent}if answer != {spec.default}:",
                             f"{indent}    return answer"]
            else:
                body.append(f"    return {spec.default if spec.chain is None else spec.chain}")
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
del _points, _point
