"""The rule relay-stop (engine.mancala.rules.relay_stop): after a lap whose relay is due, the game
ends, the relay not made, when the mover's row holds no hole a move could start from (Ludii 1.3.13's
Walak-Pussa.lud; benchmarks/ludii_walak-pussa.txt). Played on game 80 of the benchmark's trace, its
hook point's calls composed only where the rule is in play, and its refused combination."""

from __future__ import annotations

import pytest
import yaml

import engine
from engine.mancala import description as described
from engine.mancala import layout
from engine.mancala.machine import hooks
from schema.paths import DATA_DIR
from schema.sowing import SowingDescription

# Game 80 of benchmarks/ludii_walak-pussa.txt after its first 15 moves (seed 80, ruleset ludii): P2 plays
# b5; b5 (2) -> b6, b7 (now 2): relay from b7 (P2 holds b7 = 2); b7 (2) -> a1, a2 (now 2): a relay from
# a2 is due while P2's row holds b1 = 1 and b6 = 1 only.
GAME_80 = {"a": [0, 1, 0, 0, 2, 0, 1], "b": [1, 0, 0, 0, 2, 0, 1], "captures": [29, 19], "to_move": 2,
           "direction": "counterclockwise"}


def _after_b5(ruleset: str, switches: dict[str, str] | None = None):
    state = engine.load_game("walak-pussa", ruleset, switches=switches).state_from_position(GAME_80)
    state.apply("b5")
    return state


@pytest.mark.parametrize(("switches", "board", "scores"), [
    # Ludii's round end: the relay from a2 not made; each row's counters to its owner
    (None, {"a": [1, 2, 0, 0, 2, 0, 1], "b": [1, 0, 0, 0, 0, 1, 0]}, (35, 21)),
    # the relay goes on: a2 (2) -> a3, a4; a5 and a7 taken; P1, single counters only, cannot move
    ({"relay-stop": "relay-goes-on"}, {"a": [1, 0, 1, 1, 0, 0, 0], "b": [1, 0, 0, 0, 0, 1, 0]}, (32, 24)),
    # single counters start a move when no hole holds two (singletons restricted): b1 or b6 could, so
    # the relay is made as under relay-goes-on
    ({"singletons": "restricted"}, {"a": [1, 0, 1, 1, 0, 0, 0], "b": [1, 0, 0, 0, 0, 1, 0]}, None),
])
def test_a_relay_due_is_not_made_when_the_movers_row_has_no_start(switches, board, scores):
    state = _after_b5("ludii", switches)
    got = state.board()
    assert {"a": got["a"], "b": got["b"]} == board
    if scores is not None:
        assert state.is_terminal() and state.result().scores == scores


def test_the_relay_point_calls_the_rule_only_while_it_is_in_play():
    """The rule's code is at the lap loop's before-relay: its guard read once a run (at_laps_begin), the call
    made while it is on; a combination without the rule has no trace of it."""
    generic = hooks.specialised_source({layout.ROWS: 2})
    start = generic.index("def at_before_relay(")
    end = generic.find("@njit", start)
    due = generic[start:end if end > 0 else None]
    assert "if run[0] != 0:" in due and "relay_stop__mover_cannot_start(state, params, landed, mover)" in due
    begin = generic[generic.index("def at_laps_begin("):]
    assert f"(1 if params[{layout.P_RELAY_STOP}] != 0 else 0)" in begin.split("\n")[1]
    fixed = hooks.specialised_source({layout.ROWS: 2, layout.P_RELAY_STOP: 0})
    assert "relay_stop__" not in fixed
    assert "def at_before_relay(state, params, landed, mover, run):\n    return -1" in fixed


def test_relay_stop_with_rounds_is_refused_naming_the_field():
    data = yaml.safe_load((DATA_DIR / "sowing" / "walak-pussa.yaml").read_text(encoding="utf-8"))
    data["rules"]["rounds"] = "refill"
    found = described.problems(SowingDescription.model_validate(data))
    assert any(field.endswith("relay_stop") and "rounds: refill" in why for field, why in found), found
