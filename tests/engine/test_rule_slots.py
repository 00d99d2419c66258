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

import engine
from engine.game import Limits
from engine.games import GAMES
from engine.mancala import description as described
from engine.mancala import layout
from engine.mancala import rules as rulebook
from engine.mancala.fourrow_rules import FourRowGame
from engine.mancala.rule import Board, Rule
from engine.mancala.rules.repetition import HISTORY
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


def test_the_two_row_state_is_generated_from_the_rules_declarations() -> None:
    """The two-row state's fields are the machine's own and the rules' (Rule.state), each where its place says:
    a field a move's laps change among those a long move's snapshot restores and a traced event shows (between
    the stores and ``moves``), the others after the machine's own, none overlapping another."""
    declared = {place: [(name, size) for rule in rulebook.RULES for name, size, *where in rule.state.get(2, ())
                        if (where[0] if where else "turn") == place] for place in ("run", "turn", "tail")}
    assert {"owned", "out", "round"} <= {name for name, _ in declared["run"]} and ("slam", 1) in declared["turn"]
    assert [name for name, _ in declared["tail"]] == ["history"]
    fields = layout.STATE_FIELDS
    at = fields["store"] + 2
    for name, size in declared["run"]:  # one after the other, in the rules' order
        assert fields[name] == at, name
        assert getattr(layout, name.upper()) == at  # the kernels' name for it
        at += size
    assert at == fields["moves"] == layout.LOGGED and layout.SNAPSHOT == fields["moves"] + 1
    at = fields["first"] + 1
    for name, size in declared["turn"]:
        assert fields[name] == at, name
        at += size
    assert at == fields["n_legal"] and fields["legal"] == at + 1
    assert "history" not in fields  # placed by the description, after its legal moves


def test_a_tail_field_has_room_only_where_the_description_plays_its_rule() -> None:
    """The repetition memory (repetition's ``tail`` field) follows the legal moves in a description that may
    end a game by repetition, and a description that never does gives it no room."""
    with_memory = [gid for gid in SOWING if isinstance(GAMES[gid], SowingGame)
                   and any(r.value("repetition") != "none" for r in rulebook.readings(GAMES[gid].description))]
    without = [gid for gid in SOWING if isinstance(GAMES[gid], SowingGame) and gid not in with_memory]
    assert with_memory and without
    for gid in with_memory + without:
        d = GAMES[gid].description
        legal_end = layout.BASE + layout.LEGAL + described.legal_room(d)
        room = 1 + HISTORY if gid in with_memory else 0
        assert described.state_size(d) == legal_end + room, gid
        assert described.tail_places(d) == ({"history": legal_end} if room else {}), gid


def test_a_state_field_is_refused_where_its_board_does_not_place_it() -> None:
    field = {"made_up": (Literal["off", "on"], Field("off", description="a made-up field"))}
    with pytest.raises(ValueError, match=r"rule made-up: state field 'made_up_memo' placed 'run' on 4 rows; places "
                                         r"there: turn"):
        Rule(name="made-up", what="nothing", fields=field, boards={4: {}}, slots={4: ("made_up",)},
             state={4: (("made_up_memo", 1, "run"),)})
    with pytest.raises(ValueError, match=r"rule made-up: state field 'made_up_memo' placed 'later' on 2 rows"):
        Rule(name="made-up", what="nothing", fields=field, boards={2: {}}, slots={2: ("made_up",)},
             state={2: (("made_up_memo", 1, "later"),)})
    with pytest.raises(ValueError, match=r"rule made-up: state field \('made_up_memo',\) is not \(name, size\)"):
        Rule(name="made-up", what="nothing", fields=field, boards={2: {}}, slots={2: ("made_up",)},
             state={2: (("made_up_memo",),)})
    with pytest.raises(ValueError, match=r"rule made-up: state fields on 4 rows, a board that does not play it"):
        Rule(name="made-up", what="nothing", fields=field, boards={2: {}}, slots={2: ("made_up",)},
             state={4: (("made_up_memo", 1),)})
    for size in (0, -1, True):  # a size of 1 or more (an int, not a bool)
        with pytest.raises(ValueError, match=r"a name and a size of 1 or more"):
            Rule(name="made-up", what="nothing", fields=field, boards={2: {}}, slots={2: ("made_up",)},
                 state={2: (("made_up_memo", size, "run"),)})
    made = [Rule(name=f"made-up-{i}", what="nothing", fields=field, boards={2: {}}, slots={2: ("made_up",)},
                 state={2: ((name, 1, "tail"),)}) for i, name in enumerate(("memo", "memo", "moves", "base"))]
    layout.check_state_names(2, ("moves",), made[:1])  # one rule's field alone: fine
    for clash in (made[:2], made[2:3], made[3:4]):  # declared twice; a machine's own field; the layout's BASE
        with pytest.raises(RuntimeError, match=r"state field '(memo|moves|base)' on 2 rows: declared twice, or the "
                                               r"name of a field or constant"):
            layout.check_state_names(2, ("moves",), clash)


@pytest.mark.parametrize("game_id", [gid for gid in SOWING if isinstance(GAMES[gid], SowingGame)])
def test_a_traced_event_shows_the_rules_run_fields(game_id: str) -> None:
    """A traced event copies the two-row state up to LOGGED (the stores and the rules' ``run`` fields), and its
    board shows what those fields hold: the holes out of play and the round, the owned holes. A rule field the
    board reads from an event but placed after LOGGED would fail here (a review's counterexample: rounds' ``out``
    placed ``turn``)."""
    state = engine.load_game(game_id, ruleset="sources").new_state(7)
    for _ in range(12):
        if state.is_terminal():
            break
        before = state.board()
        events = state.apply_traced(state.legal_moves()[0])
        assert events, game_id
        for event in events:
            shown = event["board"]
            for name in ("round", "out_of_play", "owned_holes"):
                assert (name in shown) == (name in before), (game_id, name)
