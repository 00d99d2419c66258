"""The sowing machine (engine.mancala): a game described in data only, played without Python of its
own; the fields the machine reads beyond what the seed games use; descriptions it refuses."""

from __future__ import annotations

import numpy as np
import pytest
import yaml

from engine.game import Game, Limits
from engine.mancala import description as described
from engine.mancala.tworow_rules import SowingGame
from engine.stats import SCORE_1, SCORE_2, STATUS
from engine.result import OVER
from schema.paths import DATA_DIR
from schema.sowing import SowingDescription


def _described(**changes) -> SowingDescription:
    """Tap-urdy's description with some parts changed (``board``, ``setup``, ``rules`` merged in)."""
    data = yaml.safe_load((DATA_DIR / "sowing" / "tap-urdy.yaml").read_text(encoding="utf-8"))
    for key, value in changes.items():
        if key == "unbind":
            data["switches"] = [s for s in data["switches"] if s["id"] not in value]
        else:
            data[key] = {**data[key], **value}
    return SowingDescription.model_validate(data)


SINGLE_LAPS = _described(board={"holes_per_row": 7}, setup={"counters_per_hole": 3},
                         rules={"relay": "single", "start_row": "own", "min_counters": 2},
                         unbind=("tap-urdy.relay", "tap-urdy.start"))
"""A game of 2 x 7 holes, 3 counters each, one lap a move from the own row, from holes of 2 or more."""


def _state(desc: SowingDescription, a, b, **switches):
    rules = SowingGame(desc, name="test")
    game = Game(rules, {**{s.id: s.default for s in rules.switches}, **switches}, limits=Limits())
    return game.state_from_position({"a": a, "b": b, "captures": [0, 0], "to_move": 1})


def test_a_new_board_size_and_set_up_from_data_alone_plays_whole_games():
    rules = SowingGame(SINGLE_LAPS, name="test")
    game = Game(rules, {s.id: s.default for s in rules.switches}, limits=Limits())
    s = game.new_state(5)
    assert s.board()["a"] == [3] * 7 and s.board()["b"] == [3] * 7
    rows = rules.playouts(game.params, 1, 200)
    finished = rows[rows[:, STATUS] == OVER]
    assert len(finished) > 0
    # counters are conserved: stores plus the board
    assert (finished[:, SCORE_1] + finished[:, SCORE_2] <= 42).all()


def test_single_laps_never_relay_and_min_counters_excludes_single_counters():
    s = _state(SINGLE_LAPS, [1, 2, 0, 0, 0, 0, 0], [1, 2, 1, 1, 1, 1, 1])
    assert s.legal_moves_text() == ["a2"]  # a1 holds one counter: not a start
    s.apply("a2")  # a3, a4 each get one; a4 was empty: the move ends (no relay either way)
    assert s.board()["a"] == [1, 0, 1, 1, 0, 0, 0] and s.to_move == 2 and s.legal_moves_text() == ["b2"]
    s.apply("b2")  # b3 (occupied), b4: one lap only
    assert s.board()["b"] == [1, 0, 2, 2, 1, 1, 1]
    assert s.is_terminal()  # player 1 has no hole of two: no move, the game ends


def test_capture_none_takes_nothing_across_a_gap():
    desc = _described(rules={"capture": "none"})
    s = _state(desc, [2, 0, 1, 0, 3, 1], [1] * 6, **{"tap-urdy.start": "own-row"})
    s.apply("a1")  # a2, a3: a3 was occupied, a4 empty: no capture, the lap relays from a3
    assert s.board()["captures"] == [0, 0]


@pytest.mark.parametrize("changes, field", [
    ({"board": {"rows": 4}}, "four rows set up by counters_per_row"),
    ({"rules": {"capture": "opposite"}}, "capture = 'opposite'"),
    ({"rules": {"no_move": "pass"}}, "no_move = 'pass'"),
    ({"rules": {"decided_by": "rule"}}, "decided_by = 'rule'"),
])
def test_a_description_the_machine_does_not_play_is_refused_naming_the_field(changes, field):
    with pytest.raises(ValueError, match=field.replace(".", r"\.")):
        described.check_played(_described(**changes))


def test_the_machines_parameters_name_the_descriptions_fields():
    desc = SowingDescription.model_validate(
        yaml.safe_load((DATA_DIR / "sowing" / "tap-urdy.yaml").read_text(encoding="utf-8")))
    params, rules = described.parameters(desc, {"tap-urdy.relay": "next-hole"})
    assert rules.relay == "next-hole"
    assert isinstance(params, np.ndarray) and params.dtype == np.int64


def test_an_invalid_description_file_is_an_error_naming_the_file(tmp_path):
    (tmp_path / "bad.yaml").write_text("game: bad\nboard: {rows: 3, holes_per_row: 6}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad.yaml: not a valid sowing description"):
        described.load("bad", tmp_path)
