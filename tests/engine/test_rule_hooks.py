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
from engine.mancala.rule import LAP_POINTS, POINTS, TURN_POINTS, Code, Rule
from engine.mancala.rules import CALLS, calls


def rule(**kw: object) -> Rule:
    return Rule(**{"name": "made-up", "what": "a rule of this test", "boards": {4: {}}, "slots": {4: ("extra",)},
                   "writes": {"extra": lambda r, board: 0}, "hooks": ("move",), **kw})


def test_a_rule_declaring_code_at_an_unknown_hook_point_is_refused_naming_rule_and_point():
    with pytest.raises(ValueError, match="rule made-up: code at unknown hook point 'after-the-lap' on 4 rows"):
        rule(code={4: {"after-the-lap": Code("f")}})


def test_a_rule_declaring_code_on_a_board_without_hook_points_or_one_it_does_not_play_is_refused():
    with pytest.raises(ValueError, match="rule made-up: code on 3 rows, a board that has no hook points"):
        rule(boards={3: {}}, slots={}, writes={}, code={3: {"list-starts": Code("f")}})
    with pytest.raises(ValueError, match="rule made-up: code on 2 rows, a board that does not play it"):
        rule(code={2: {"game-over": Code("f")}})
    with pytest.raises(ValueError, match="rule made-up: code on 4 rows, a board that does not play it"):
        rule(boards={2: {}}, slots={}, writes={}, code={4: {"extra-targets": Code("f")}})


def test_code_at_a_point_of_an_undeclared_hook_or_guarded_by_another_rules_slot_is_refused():
    with pytest.raises(ValueError, match="code at hook point 'extra-due' is part of hook 'after-capture'"):
        rule(code={4: {"extra-due": Code("f")}})
    with pytest.raises(ValueError, match="code at hook point 'extra-targets' runs when slot 'restricted'"):
        rule(code={4: {"extra-targets": Code("f", when="restricted")}})


def test_values_not_of_its_own_field_are_refused_and_a_point_of_the_lap_loop_is_every_boards():
    two = {"boards": {2: {}}, "slots": {2: ("extra",)}}
    assert rule(**two, hooks=("landing",), code={2: {"lap-end": Code("f")}}).code[2]["lap-end"].function == "f"
    with pytest.raises(ValueError, match="runs when 'extra' holds forbidden: not values of a field of its own"):
        rule(**two, hooks=("list-starts",), code={2: {"keep-moves": Code("f", when="extra", values=("forbidden",))}})
    with pytest.raises(ValueError, match="runs when slot 'capture', not one of its slots on 2 rows nor a field it adds"):
        rule(**two, hooks=("capture",), code={2: {"last-landing": Code("f", when="capture")}})


def test_a_declared_function_the_module_does_not_define_is_refused_naming_rule_and_point():
    module = types.ModuleType("engine.mancala.rules.made_up")
    module.RULE = rule(code={4: {"extra-targets": Code("targets")}})
    with pytest.raises(ValueError, match="rule made-up: code at hook point 'extra-targets' names 'targets', which "
                                         "engine.mancala.rules.made_up does not define"):
        calls((module,))
    module.targets = lambda state, params, q: 0
    assert [c.function for c in calls((module,))[4]["extra-targets"]] == ["targets"]


def _board_kernel(rows: int) -> str:
    """The text of the one turn specialised on the board of ``rows`` rows and of the machine's modules it imports
    (the board's, the lap loop's)."""
    text = Path(specialise.specialised(turn, {layout.ROWS: rows}).__file__).read_text()
    machine = {line.split()[1] for line in text.splitlines() if line.startswith("from engine._specialised.")
               and line.split()[1].rpartition(".")[2].startswith(("two_rows_", "four_rows_", "laps_"))}
    assert len(machine) == 2, machine  # the board's module and the lap loop's
    return text + "".join(Path(sys.modules[name].__file__).read_text() for name in sorted(machine))


@pytest.mark.parametrize("rows", [2, 4])
def test_every_hook_point_of_a_board_is_called_by_its_turn(rows):
    """Each point a board has (POINTS: the one turn's that reach it, TURN_POINTS with its boards, and the one lap
    loop's, LAP_POINTS) is called by the turn specialised on that board or by the machine's code it calls, so that
    code a rule declares there runs; code at a point the board's turn does not reach is refused (below)."""
    kernel = _board_kernel(rows)
    for point in POINTS[rows]:
        assert f"{hooks.function_name(point)}(" in kernel, (rows, point)
    assert set(CALLS[rows]) <= set(POINTS[rows])
    assert {p for p, point in TURN_POINTS.items() if rows in point.boards} <= set(POINTS[rows])
    assert set(LAP_POINTS) <= set(POINTS[rows])  # one lap loop: every board reaches all its points


def test_a_point_of_the_one_turn_is_played_on_either_board():
    """A four-row rule at game-over, a point two-row rules used alone before the one turn, is composed into the
    four-row turn; so is one at lap-sown, a point of the one lap loop two-row rules alone used before it; a two-row
    rule at a decision inside a four-row turn (extra-targets) is refused."""
    module = types.ModuleType("engine.mancala.rules.made_up")
    module.ends = lambda state, params: 0
    module.takes = lambda state, params, holes, length, origin, count, sown, last, into_origin, mover, log: 0
    module.RULE = rule(hooks=("end-of-game", "capture"), code={4: {"game-over": Code("ends", when="extra"),
                                                                   "lap-sown": Code("takes", when="extra")}})
    made = calls((module,))[4]
    assert [c.function for c in made["game-over"]] == ["ends"] and [c.function for c in made["lap-sown"]] == ["takes"]
    with pytest.raises(ValueError, match="rule made-up: code at unknown hook point 'extra-targets' on 2 rows"):
        rule(boards={2: {}}, slots={2: ("extra",)}, code={2: {"extra-targets": Code("f")}})


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


@pytest.mark.parametrize(("rows", "guards"), [
    (4, [f"if params[{layout.F_RESTRICTED}] != 0:"]),
    (2, [f"if params[{layout.P_OWNED_COUNT}] != 0:",
         f"if params[{layout.P_CAPTURE}] == {layout.CAPTURE_COUNT}:",  # the value capture-count adds to capture
         f"if params[{layout.P_CAPTURE}] == {layout.CAPTURE_ACROSS_GAP}:",  # capture-across-gap's
         f"if params[{layout.P_FIRST_COUNTER}] == {layout.FIRST_ORIGIN}:",  # first-counter's values=("origin",)
         f"if params[{layout.P_GRAND_SLAM}] == {layout.SLAM_FORBIDDEN}:"]),  # grand-slam's values=("forbidden",)
])
def test_the_generic_kernel_calls_every_rule_behind_its_slot_or_values(rows, guards):
    text = hooks.specialised_source({layout.ROWS: rows})
    for point, point_calls in CALLS[rows].items():
        for call in point_calls:
            assert f"{call.module.rpartition('.')[2]}__{call.function}(" in text, point
    assert all(guard in text for guard in guards)


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


def test_a_two_row_rules_code_is_absent_from_the_kernels_of_a_game_not_using_it():
    """Toguz Kumalak plays owned holes, a count capture and the first counter back into the origin,
    Tap-urdy the capture across a gap and none of those, Pallankuli rounds and sowing captures, Fondji
    a forbidden grand slam and feeding: each kernel holds the code of the rules its combination can
    play, specialised, and no trace of the others' (a rule whose slot the combination fixes at 0, or at
    a value not its own, is not imported)."""
    tap, toguz = _kernel_modules("tap-urdy"), _kernel_modules("toguz-kumalak")
    pallankuli, fondji = _kernel_modules("pallankuli"), _kernel_modules("fondji")
    assert {"turn", "two_rows", "hooks"} <= tap.keys() and "four_rows" not in tap
    moved = {"owned_holes", "capture_count", "capture_own_empty", "capture_next", "rounds", "sowing_captures",
             "repetition", "feeding", "grand_slam", "gap_chain", "majority", "first_counter"}
    assert not moved & tap.keys(), moved & tap.keys()
    assert "capture_across_gap" in tap  # its one capture with code, at one point, and the count that scores every
    # game (scoring); every other point its default
    assert [line for line in tap["hooks"].splitlines() if "__" in line and "import" not in line
            and not line.startswith("unaliased(")] == [
        "    return scoring__count(state, params, p)",
        "    return capture_across_gap__take_across_gap(state, params, holes, length, last, mover, log)"]
    assert f"params[{layout.P_CAPTURE}]" not in tap["hooks"]  # capture fixed at across-gap: the guard folded
    assert {"owned_holes", "capture_count", "first_counter"} <= toguz.keys()
    assert "capture_across_gap" not in toguz and "first_counter__back_into_origin(" in toguz["hooks"]
    assert not {"rounds", "sowing_captures", "feeding", "grand_slam", "capture_own_empty"} & toguz.keys()
    assert "owned_holes__make_owned(" in toguz["hooks"] and "owned_holes__collect_owned(" in toguz["hooks"]
    assert f"params[{layout.P_OWNED_COUNT}]" not in toguz["hooks"]  # fixed at 3: the guard folded
    assert "from engine._specialised.grand_slam" not in toguz["capture_count"]  # its grand slam fixed at capture-all
    assert {"rounds", "sowing_captures"} <= pallankuli.keys() and "owned_holes" not in pallankuli
    assert "from engine._specialised.sowing_captures" in pallankuli["rounds"]  # the lap past holes out of play
    assert {"feeding", "grand_slam"} <= fondji.keys()
    assert "grand_slam__keep_moves(" in fondji["hooks"] and "from engine._specialised.grand_slam" in fondji["capture_count"]


def test_a_made_up_rule_at_two_row_points_is_called_there_after_the_rules_before_it(monkeypatch):
    """A new two-row rule is its module: declared at hook points game-over (the first answer other than
    0 is the point's) and keep-moves (a chain: each rule given the moves the one before kept), it is
    called there, after the rules before it, and behind its slot."""
    module = types.ModuleType("engine.mancala.rules.made_up")
    module.RULE = Rule(name="made-up", what="a rule of this test", boards={2: {}}, slots={2: ("end_majority",)},
                       writes={"end_majority": lambda r, board: 0},
                       hooks=("end-of-game", "list-starts"),
                       code={2: {"game-over": Code("over", when="end_majority"), "keep-moves": Code("keep")}})
    module.over = lambda state, params: 1
    module.keep = lambda state, params, table, scratch, n, lap_budget, log, try_move: n
    from engine.mancala import rules

    monkeypatch.setattr(hooks, "CALLS", calls((*rules.MODULES, module)))
    text = hooks.specialised_source({layout.ROWS: 2})
    over = text[text.index("def at_game_over("):text.index("@njit", text.index("def at_game_over("))]
    assert over.index("majority__majority(") < over.index("made_up__over(state, params)")
    assert f"    if params[{layout.P_END_MAJORITY}] != 0:\n        return made_up__over(" in over
    keep = text[text.index("def at_keep_moves("):text.index("@njit", text.index("def at_keep_moves("))]
    assert keep.index("feeding__keep_moves(") < keep.index("grand_slam__keep_moves(") < keep.index(
        "    n = made_up__keep(state, params, table, scratch, n, lap_budget, log, try_move)\n    return n")
    assert "from engine.mancala.rules.made_up import over as made_up__over" in text
    fixed = hooks.specialised_source({layout.ROWS: 2, layout.P_END_MAJORITY: 0})
    assert "made_up__over" not in fixed and "made_up__keep(" in fixed  # guarded by a slot fixed at 0: not imported


def test_a_held_value_at_a_point_outside_the_lap_loop_or_a_missing_held_function_is_refused():
    with pytest.raises(ValueError, match="code at hook point 'extra-targets' holds 'h' for the run: only a point of "
                                         "the lap loop"):
        rule(code={4: {"extra-targets": Code("f", held="h")}})
    module = types.ModuleType("engine.mancala.rules.made_up")
    module.RULE = rule(hooks=("landing",), code={4: {"before-relay": Code("stop", when="extra", held="mask")}})
    module.stop = lambda state, params, landed, mover, held: -1
    with pytest.raises(ValueError, match="holds 'mask', which engine.mancala.rules.made_up does not define"):
        calls((module,))


def test_the_lap_loops_guards_are_read_once_a_run_and_not_at_all_where_the_combination_decides_them():
    """Four rows' lap-loop points (lap-end, before-relay, relay-kind) test what at_laps_begin read
    before the loop (a guard, or a rule's held value: special holes' stop mask), never a slot a lap;
    a guard the combination fixes is not read at all, and the board's loop reads no rule's slot."""
    text = hooks.specialised_source({layout.ROWS: 4})
    begin = text[text.index("def at_laps_begin("):]
    loop = text[text.index("def at_lap_end("):text.index("def at_laps_begin(")]
    assert f"params[{layout.F_CHOOSE}] != 0" in begin and "special_holes__stops(state, params, mover)" in begin
    assert "params[" not in loop and "run[" in loop
    assert "special_holes__stop_at(state, params, landed, mover, run[" in loop
    lobudok = _kernel_modules("lobudok")
    assert f"params[{layout.F_CAPTURE}]" not in lobudok["hooks"]  # both-opposite fixed: called unconditionally
    assert "return capture_both_opposite__take_at_landing(" in lobudok["hooks"]
    assert "capture_column__" not in lobudok["hooks"] and "special_holes__" not in lobudok["hooks"]
    source = Path(sys.modules["engine.mancala.machine.laps"].__file__).read_text()
    body = source[source.index("def laps("):source.index("def replay_logged(")]
    for slot in ("CAPTURE", "CAPTURE_ON", "CAPTURED_TO", "RESOW_FROM", "AFTER_CAPTURE", "STOP", "CHOOSE", "RESTRICTED"):
        assert f"F_{slot}]" not in body, slot


def test_the_lap_loops_points_and_the_rules_they_call_are_inlined_unaliased():
    """What the lap loop calls once a lap (its points, the rules' functions they call) is marked for
    engine.inlining's unaliased inlining (its arrays read from the caller's variables, no reference counts a
    lap), on every board; the turn's points are not."""
    text = hooks.specialised_source({layout.ROWS: 4})
    marked = {line[len("unaliased("):-1] for line in text.splitlines() if line.startswith("unaliased(")}
    assert {"at_lap_end", "at_before_relay", "at_relay_kind"} <= marked
    assert {"capture_both_opposite__take_at_landing", "special_holes__stop_at", "restricted_holes__corner_choice",
            "restricted_holes__relay_restricted"} <= marked
    assert not {"at_list_starts", "at_extra_targets", "at_turn_begins"} & marked
    two = hooks.specialised_source({layout.ROWS: 2})  # every point of the one lap loop, and what they call
    marked = {line[len("unaliased("):-1] for line in two.splitlines() if line.startswith("unaliased(")}
    assert {hooks.function_name(point) for point in LAP_POINTS} | {"at_laps_begin"} <= marked
    assert {"relay_stop__mover_cannot_start", "capture_count__capture", "sowing_captures__take_sown"} <= marked
    assert not {hooks.function_name(point) for point in TURN_POINTS} & marked
