"""The parameter slots of the sowing rules are written from the rules' own declarations (issue 27:
engine.mancala.rule.Rule.writes, engine.mancala.layout.rule_slots): every reading's array holds in
each rule slot what its rule declares, the board's code writes only the board's own slots, and a
slot no declaration writes is refused when the rule is made, naming the rule and the slot.

(benchmarks/param_arrays.py dumps every reading's whole array, to compare before and after a change
to how they are written.)"""

from __future__ import annotations

from typing import Literal

import numpy as np
import pytest
from pydantic import Field

from engine.game import Limits
from engine.games import GAMES
from engine.mancala import description as described
from engine.mancala import layout
from engine.mancala import rules as rulebook
from engine.mancala.fourrow_rules import FourRowGame
from engine.mancala.rule import Board, Rule
from engine.mancala.tworow_rules import SowingGame

SOWING = sorted(gid for gid, g in GAMES.items() if isinstance(g, (SowingGame, FourRowGame)))


@pytest.mark.parametrize("game_id", SOWING)
def test_every_reading_writes_each_rule_slot_as_its_rule_declares(game_id: str) -> None:
    game = GAMES[game_id]
    rows = game.description.board.rows
    fields = layout.PARAM_FIELDS if rows == 2 else layout.FOUR_PARAM_FIELDS
    declared = [slot for rule in rulebook.RULES for slot in rule.slots.get(rows, ())]
    defaults = {s.id: s.default for s in game.switches}
    for choices in rulebook.settings(game.description):
        ruleset = choices.pop(rulebook.RULESET, None)
        values = defaults | choices
        par = game.build(values, Limits(turns=1, moves=1), ruleset).par
        reading = rulebook.reading(game.description, rulebook.with_ruleset(values, ruleset))
        per_row = reading.holes_per_row
        places = {}
        if rows == 2:  # where the board's code placed what slots point at: the array itself says
            places = {"track_2": int(par[layout.P_TRACK_2]), "feed": int(par[layout.P_FEED]),
                      "track_cw": int(par[layout.P_TRACK_CW]),
                      "history": layout.BASE + layout.LEGAL + described.legal_room(game.description)}
        written = layout.rule_slots(rows, reading, Board(rows, per_row, places))
        assert list(written) == declared
        assert {name: int(par[fields[name]]) for name in declared} == written, reading.under
        if rows == 4:  # nothing between the named slots and the geometry
            assert not np.any(par[len(fields):layout.GEO])


def test_a_slot_no_declaration_writes_is_an_error_naming_the_rule() -> None:
    field = {"made_up": (Literal["off", "on"], Field("off", description="a made-up field"))}
    with pytest.raises(ValueError, match=r"rule made-up: slot 'made_up_count' is not one of its fields"):
        Rule(name="made-up", what="nothing", fields=field, boards={2: {}}, slots={2: ("made_up", "made_up_count")})
    with pytest.raises(ValueError, match=r"rule made-up: writes slot\(s\) \['elsewhere'\]"):
        Rule(name="made-up", what="nothing", fields=field, boards={2: {}}, slots={2: ("made_up",)},
             writes={"elsewhere": lambda r, board: 0})
    with pytest.raises(ValueError, match=r"rule made-up: slots \('made_up',\) on 4 rows"):
        Rule(name="made-up", what="nothing", fields=field, boards={2: {}}, slots={4: ("made_up",)})
    listed = {"made_up": (list[int], Field(default_factory=list, description="counts"))}
    with pytest.raises(ValueError, match=r"rule made-up: slot 'made_up' holds field made_up of type"):
        Rule(name="made-up", what="nothing", fields=listed, boards={2: {}}, slots={2: ("made_up",)})
    rule = Rule(name="made-up", what="nothing", fields=field, boards={2: {}}, slots={2: ("made_up", "made_up_count")},
                writes={"made_up_count": lambda r, board: 3})
    assert set(rule.slots[2]) == {"made_up", "made_up_count"}


def test_the_kernels_slot_names_are_generated_one_a_slot() -> None:
    for prefix, fields in (("P_", layout.PARAM_FIELDS), ("F_", layout.FOUR_PARAM_FIELDS)):
        for name, slot in fields.items():
            assert getattr(layout, f"{prefix}{name.upper()}") == slot
    assert layout.P_GRAND_SLAM == layout.PARAM_FIELDS["grand_slam"]
    assert layout.F_STOP_2 == layout.F_STOP + 1
