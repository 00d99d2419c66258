"""engine.specialise: kernels compiled per combination of rules play the same games as the generic
kernel, and the rewriting folds only what the constants decide."""

from __future__ import annotations

import ast
import os
import textwrap

import numpy as np
import pytest

import engine
from engine import specialise
from engine.games import GAMES
from engine.machine import OP_APPLY, OP_PLAYOUTS, OP_SEARCH
from engine.playout import run as playouts

P_A, P_B = 3, 4  # two slots of a made-up parameter array
NAMESPACE = {"P_A": P_A, "P_B": P_B, "CODE": 2, "LIMIT": 7}


def rewrite(body: str, constants: dict[int, int]) -> str:
    return specialise.specialise_source(textwrap.dedent(body), constants, NAMESPACE)


def run_both(source: str, constants: dict[int, int], *args):
    """The function ``f`` of ``source`` and of its rewriting, both called on ``args``."""
    out = []
    for text in (textwrap.dedent(source), rewrite(source, constants)):
        scope = dict(NAMESPACE)
        exec(compile(text, "<test>", "exec"), scope)  # noqa: S102 (the test's own source)
        out.append(scope["f"](*args))
    return out


KERNEL = """
def f(params, state):
    base = LIMIT
    on = params[P_A] == CODE
    off = not on and params[P_B] > 0
    total = 0
    if on and state[0] > 0:
        total += base
    elif off or state[1] > 1:
        total -= 1
    if state[2] > 0 and off:
        total += 100
    total += 5 if on else 6
    while off:
        total += 1000
        break
    return total
"""


def test_constant_reads_fold_to_the_branches_they_decide():
    text = rewrite(KERNEL, {P_A: 0})
    fn = ast.parse(text).body[0]
    assert "params[3]" not in text and "params[P_A]" not in text
    assert "params[4]" in text  # the slot not fixed stays a run-time read
    assert not any(isinstance(n, ast.IfExp) for n in ast.walk(fn))  # 5 if on else 6: on is known
    assert "1000" in text  # off is not known: its loop stays


def test_a_rule_fixed_off_is_gone():
    text = rewrite(KERNEL, {P_A: 2})  # on: off is false, whatever params[P_B] holds
    assert "1000" not in text and "100" not in text and "params[4]" not in text and "LIMIT" not in text


@pytest.mark.parametrize("constants", [{P_A: 2}, {P_A: 0}, {P_B: 0}, {P_B: 3}, {P_A: 0, P_B: 1}, {}])
@pytest.mark.parametrize("state", [(0, 0, 0), (1, 2, 1), (0, 2, 1), (1, 0, 0)])
def test_a_rewritten_function_computes_what_the_original_does(constants, state):
    params = np.zeros(8, dtype=np.int64)
    for slot, value in constants.items():
        params[slot] = value
    original, rewritten = run_both(KERNEL, constants, params, np.array(state))
    assert original == rewritten


def test_a_call_before_a_false_constant_is_kept():
    source = """
    def f(params, state):
        if seen(state) and params[P_A] == CODE:
            return 1
        return 0
    """
    text = rewrite(source, {P_A: 0})
    assert "seen(state)" in text  # its effects count: the condition is not folded away
    scope = {"seen": lambda s: s.append(1) or True}
    exec(compile(text, "<test>", "exec"), scope)  # noqa: S102
    calls: list[int] = []
    assert scope["f"](np.zeros(8, dtype=np.int64), calls) == 0 and calls == [1]


def test_readings_agreeing_on_a_slot_share_it_and_the_others_are_read_at_run_time():
    a = np.array([1, 2, 3, 4])
    b = np.array([1, 5, 3, 6])
    assert specialise.constant_slots([a, b], range(4)) == (0, 2)
    assert specialise.constant_slots([a, b], (1, 2)) == (2,)


def sowing_games() -> list[str]:
    return sorted(g for g in GAMES if hasattr(GAMES[g], "specialiser"))


CHECKED = ("tap-urdy", "kalah", "lobudok", "tsoro-additional-capture")
"""The descriptions whose specialised kernels the suite compiles and plays against the generic kernel
(two two-row and two four-row combinations: a compile costs 10-30 CPU seconds a combination);
VARIORUM_SPECIALISE_CHECK=all checks every description."""


def checked(game_id: str) -> bool:
    return game_id in CHECKED or os.environ.get("VARIORUM_SPECIALISE_CHECK") == "all"


def test_every_description_has_its_combination_and_a_reading_outside_it_gets_its_own():
    game = engine.load_game("tap-urdy")
    rules = game.rules
    constant = rules.constant_slots
    assert constant and set(constant) <= set(rules.specialiser.slots)
    key = rules.specialiser.key(game.params.par, constant)
    assert key == rules.combination[1]
    changed = game.params.par.copy()
    changed[constant[0]] += 1
    assert rules.specialiser.key(changed, constant) != key  # never played on a kernel made for other values


@pytest.mark.parametrize("game_id", sowing_games())
def test_the_specialised_kernel_plays_the_generic_kernels_games(game_id, monkeypatch):
    """Every description, its default reading: random games (seeded) on the kernel of its combination
    and on the generic kernel give the same rows, column by column."""
    if not checked(game_id):
        pytest.skip("its combination is checked under VARIORUM_SPECIALISE_CHECK=all (a compile each)")
    game = engine.load_game(game_id)
    n = 60
    monkeypatch.setattr(specialise, "MODE", "all")
    specialised_rows = playouts(game, n, 11)
    monkeypatch.setattr(specialise, "MODE", "off")
    generic_rows = playouts(game, n, 11)
    assert np.array_equal(specialised_rows, generic_rows)


def test_long_runs_go_to_the_specialised_kernel_and_moves_to_the_generic_one(monkeypatch):
    monkeypatch.setattr(specialise, "MODE", "bulk")
    game = engine.load_game("tap-urdy")
    rules, params = game.rules, game.params
    assert rules.kernel(params, OP_APPLY, 1) is rules.machine
    assert rules.kernel(params, OP_PLAYOUTS, specialise.BULK_FROM - 1) is rules.machine
    bulk = rules.kernel(params, OP_PLAYOUTS, specialise.BULK_FROM)
    assert bulk is not rules.machine and bulk is rules.kernel(params, OP_SEARCH, 10 * specialise.BULK_FROM)
    monkeypatch.setattr(specialise, "MODE", "off")
    assert rules.kernel(params, OP_SEARCH, 10 * specialise.BULK_FROM) is rules.machine


def test_the_starts_are_the_start_rules_listing_on_every_board_its_parts_folded_by_the_game():
    """Both boards' turns list the ordinary starts with the start rule's code (engine.mancala.rules.start),
    specialised with them: Tsoro (Baia), which plays previous-hole, calls its listing of starts after an empty
    hole; Lobudök, which does not, has no trace of it; each board lists its own starts (a track's positions, a
    row's holes), the other board's folded away."""
    import sys
    from pathlib import Path

    from engine.mancala import layout
    from engine.mancala.machine import turn

    def start_module(constants: dict[int, int]) -> str:
        text = Path(specialise.specialised(turn, constants).__file__).read_text()
        found = [line.split()[1] for line in text.splitlines() if line.startswith("from engine._specialised.start_")]
        assert len(found) == 1, found
        source = Path(sys.modules[found[0]].__file__).read_text()
        return source[source.index("def list_starts("):]

    baia = start_module(dict(GAMES["tsoro-baia"].combination[1]))
    lobudok = start_module(dict(GAMES["lobudok"].combination[1]))
    assert "after_empty(" in baia and "after_empty(" not in lobudok
    two = start_module({layout.ROWS: 2})
    assert "p * 128" in lobudok and "p * 128" not in two  # four rows: a start's move is 128 * player + position
    assert f"params[{layout.P_START_ROW}]" in two  # two rows: the own or the opponent's row


def test_the_machine_is_specialised_with_its_board_and_without_the_other():
    """The one machine (engine.mancala.machine.turn) is specialised with the board modules it imports:
    a board's kernel imports that board's module, specialised too (its rule reads folded), and not the
    other board's; two-row and four-row games run on the two boards' kernels."""
    import inspect
    import sys
    from pathlib import Path

    from engine.mancala import layout
    from engine.mancala.machine import laps, turn

    def imported(text: str, name: str) -> str:  # the text of the generated module named ``name``_<key>
        found = [line.split()[1] for line in text.splitlines() if line.startswith("from engine._specialised.")
                 and line.split()[1].rpartition(".")[2].startswith(name)]
        assert len(found) == 1, (name, found)
        return Path(sys.modules[found[0]].__file__).read_text()

    rules = GAMES["tap-urdy"]
    assert layout.P_STORE_TURN in rules.constant_slots
    text = Path(specialise.specialised(turn, dict(rules.combination[1])).__file__).read_text()
    siblings = {line.split()[1] for line in text.splitlines() if line.startswith("from engine._specialised.")}
    siblings = {s for s in siblings if "_rows_" in s}  # the boards (the hooks' calls are specialised too)
    assert siblings and all(".two_rows_" in s for s in siblings), siblings  # the four-row board left out
    loop = imported(text, "laps_")  # the one lap loop, specialised with the turn
    assert "params[P_STORE_TURN]" in inspect.getsource(laps)
    assert f"params[{layout.P_STORE_TURN}]" not in loop  # folded to the description's value
    four = Path(specialise.specialised(turn, {layout.ROWS: 4}).__file__).read_text()
    assert ".four_rows_" in four and ".two_rows_" not in four
    four_loop = imported(four, "laps_")  # the lap loop on four rows: the two-row cover and end folded away
    body = four_loop[four_loop.index("def laps("):]
    assert "fourrow.lap_cover(" in body and "hole_cover(" not in body and "row_empty(" not in body
    body = loop[loop.index("def laps("):]  # and the reverse on two rows
    assert "fourrow.lap_cover(" not in body and "hole_cover(" in body
    assert rules.machine is GAMES["kalah"].machine and rules.machine is not GAMES["lobudok"].machine
