"""A rule's compiled code in its module, run at the hook points of a board's turn
(engine.mancala.rule.Rule.code, engine.mancala.machine.hooks): the declarations are checked, the
calls are composed from them per combination of rules, and a game that does not use a rule has no
trace of its code in its kernels. Nothing here compiles: the generated modules are read."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from engine import specialise
from engine.games import GAMES
from engine.mancala import layout
from engine.mancala.machine import hooks, turn
from engine.mancala.rule import POINTS, Code, Rule
from engine.mancala.rules import CALLS, calls


def rule(**kw: object) -> Rule:
    return Rule(**{"name": "made-up", "what": "a rule of this test", "boards": {4: {}}, "slots": {4: ("extra",)},
                   "writes": {"extra": lambda r, board: 0}, "hooks": ("move",), **kw})


def test_a_rule_declaring_code_at_an_unknown_hook_point_is_refused_naming_rule_and_point():
    with pytest.raises(ValueError, match="rule made-up: code at unknown hook point 'after-the-lap' on 4 rows"):
        rule(code={4: {"after-the-lap": Code("f")}})


def test_a_rule_declaring_code_on_a_board_without_hook_points_or_one_it_does_not_play_is_refused():
    with pytest.raises(ValueError, match="rule made-up: code on 2 rows, a board that has no hook points"):
        rule(code={2: {"list-starts": Code("f")}})
    with pytest.raises(ValueError, match="rule made-up: code on 4 rows, a board that does not play it"):
        rule(boards={2: {}}, slots={}, writes={}, code={4: {"extra-targets": Code("f")}})


def test_code_at_a_point_of_an_undeclared_hook_or_guarded_by_another_rules_slot_is_refused():
    with pytest.raises(ValueError, match="code at hook point 'extra-due' is part of hook 'after-capture'"):
        rule(code={4: {"extra-due": Code("f")}})
    with pytest.raises(ValueError, match="code at hook point 'extra-targets' runs when slot 'restricted'"):
        rule(code={4: {"extra-targets": Code("f", when="restricted")}})


def test_a_declared_function_the_module_does_not_define_is_refused_naming_rule_and_point():
    module = types.ModuleType("engine.mancala.rules.made_up")
    module.RULE = rule(code={4: {"extra-targets": Code("targets")}})
    with pytest.raises(ValueError, match="rule made-up: code at hook point 'extra-targets' names 'targets', which "
                                         "engine.mancala.rules.made_up does not define"):
        calls((module,))
    module.targets = lambda state, params, q: 0
    assert [c.function for c in calls((module,))[4]["extra-targets"]] == ["targets"]


def test_every_hook_point_of_the_four_row_turn_is_called_by_the_board():
    source = Path(sys.modules["engine.mancala.machine.four_rows"].__file__).read_text()
    for point in POINTS[4]:
        assert f"{hooks.function_name(point)}(" in source, point
    assert set(CALLS[4]) <= set(POINTS[4])


def _kernel_modules(game: str) -> dict[str, str]:
    """The generated modules of ``game``'s combination of rules: short name -> text."""
    out = {}
    pending = [specialise.specialised(turn, dict(GAMES[game].combination[1]))]
    while pending:
        module = pending.pop()
        text = Path(module.__file__).read_text()
        out[module.__name__.rpartition(".")[2].rsplit("_", 1)[0]] = text
        for line in text.splitlines():
            if line.startswith("from engine._specialised."):
                pending.append(sys.modules[line.split()[1]])
    return out


def test_a_rules_code_is_absent_from_the_kernels_of_a_game_not_using_it():
    """Lobudök plays restricted holes and no extra captures, Tsoro (Additional Capture) the reverse: each
    kernel holds its own rule's code, specialised (its slot reads folded), and no trace of the other's."""
    lobudok, tsoro = _kernel_modules("lobudok"), _kernel_modules("tsoro-additional-capture")
    assert {"turn", "four_rows", "hooks", "restricted_holes"} <= lobudok.keys()
    assert "extra_captures" not in lobudok and "opening" not in lobudok
    assert "extra_captures__" not in lobudok["hooks"] and "def at_extra_targets" in lobudok["hooks"]
    assert "extra_captures" in tsoro and "restricted_holes" not in tsoro
    assert "restricted_holes__" not in tsoro["hooks"]
    assert f"params[{layout.F_RESTRICTED}]" not in lobudok["hooks"]  # constant in Lobudök: the guard folded
    fixed = [getattr(layout, f"F_{slot.upper()}") for slot in ("lasting", "release", "min_counters", "n_middle")]
    fixed = [slot for slot in fixed if slot in GAMES["lobudok"].constant_slots]
    assert fixed and all(f"params[{slot}]" not in lobudok["restricted_holes"] for slot in fixed)


def test_the_generic_four_row_kernel_calls_every_rule_behind_its_slot():
    text = hooks.specialised_source({layout.ROWS: 4})
    for point, point_calls in CALLS[4].items():
        for call in point_calls:
            assert f"{call.module.rpartition('.')[2]}__{call.function}(" in text, point
    assert f"if params[{layout.F_RESTRICTED}] != 0:" in text


def test_a_rule_module_not_listed_is_found_and_placed_after_the_rule_it_names():
    """A new rule is its module alone: engine.mancala.rules finds it in the package and places its rule
    after the one its ``after`` names (at the end without one), the listed rules keeping their order."""
    from engine.mancala import rules

    listed = rules.RULES[:3]
    modules = [sys.modules[f"engine.mancala.rules.{n}"] for n in ("start", "singleton", "previous_hole")]
    new = types.ModuleType("engine.mancala.rules.made_up")
    new.RULE = rule(after="singleton")
    last = types.ModuleType("engine.mancala.rules.zz_last")
    last.RULE = rule(name="zz-last")
    order = rules.discovered(listed, [*modules, new, last, sys.modules["engine.mancala.rules.opening_steps"]])
    assert [m.RULE.name for m in order] == ["start", "singleton", "made-up", "previous-hole", "zz-last"]
    new.RULE = rule(after="nothing")
    with pytest.raises(ValueError, match="rule made-up: after = 'nothing' names no rule before it"):
        rules.discovered(listed, [*modules, new])
    assert [m.RULE for m in rules.MODULES] == list(rules.RULES)
