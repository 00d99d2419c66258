"""What keeps the drafts closest to the machine in data/drafts/: each test writes the description
the draft would have (its own set-up, captures and switches, the rest as Tsoro's) and checks that
the machine refuses it for the reason data/drafts/README.md gives. A test that fails means the
machine now plays that point: the draft may be able to move to data/games/ (README: "Why none has
moved yet").
"""

from __future__ import annotations

from typing import Any

import yaml
from pydantic import ValidationError

from engine.mancala.description import check_played
from schema.paths import DATA_DIR
from schema.records import GameFile
from schema.sowing import SowingDescription, check_against_game

RULES = {  # Tsoro's rule fields, which these drafts share (data/drafts/mechanics/<id>.yaml)
    "start_row": "own", "min_counters": 2, "singleton": "into-empty", "direction": "counterclockwise",
    "sow_through": "own-rows", "long_lap": "sow-origin", "relay": "last-hole", "relay_when": "occupied",
    "capture": "inner-and-outer", "capture_empty": False, "after_capture": "end-move", "captured_to": "store",
    "remaining": "unscored", "decided_by": "rule", "end": "capture-all", "first_player": "player-1",
    "endless": "end-game",
}


def description(game: str, *, setup: dict[str, Any], rules: dict[str, Any] | None = None,
                switches: list[dict[str, Any]] = (), primitives: list[dict[str, Any]] = (),
                holes: int | None = 8) -> dict[str, Any]:
    no_move = {"id": f"{game}.no-move", "default": "pass",
               "options": {"pass": {"no_move": "pass"}, "lose": {"no_move": "lose"}}}
    return {"game": game, "board": {"rows": 4, "holes_per_row": holes, "stores": True}, "setup": setup,
            "rules": {**RULES, **(rules or {})}, "switches": [no_move, *switches], "primitives": list(primitives)}


def refusal(data: dict[str, Any]) -> str:
    """The machine's (or the schema's) reason for not playing a description; '' if it plays it."""
    try:
        check_played(SowingDescription.model_validate(data))
    except (ValueError, ValidationError) as exc:
        return str(exc)
    return ""


MUSORO_LAYOUT = [2] * 7 + [3] + [0] * 8  # a1 .. a16: the musoro (a8) starts with three
DRAFT_SOWING = DATA_DIR / "drafts" / "sowing"


def draft_game(data: dict[str, Any], values: dict[str, str]):
    """A draft description played on the machine as it stands (not registered: a test's game)."""
    from engine.game import Game
    from engine.mancala.fourrow_rules import FourRowGame

    return Game(FourRowGame(SowingDescription.model_validate(data), data["game"]), values)


def test_musoro_tsoro_draft_description_matches_its_record_and_its_chosen_musoro_is_two_holes():
    """The machine now plays the draft's layout and every other point; its ``chosen`` option is
    special-holes chosen, two misoro a player (MISORO_EACH), where the record's chosen musoro is
    one: after each player has chosen one hole the choosing goes on, so the draft stays."""
    data = yaml.safe_load((DRAFT_SOWING / "musoro-tsoro.yaml").read_text(encoding="utf-8"))
    record = GameFile.model_validate(yaml.safe_load((DATA_DIR / "drafts" / "games" / "musoro-tsoro.yaml")
                                                    .read_text(encoding="utf-8")))
    described = SowingDescription.model_validate(data)
    assert check_against_game(described, {s.id: [a.id for a in s.alternatives] for s in record.switches}) == []
    assert described.setup.layout == MUSORO_LAYOUT
    assert refusal(data) == ""
    state = draft_game(data, {"musoro-tsoro.musoro": "chosen", "musoro-tsoro.no-move": "pass"}).new_state(1)
    start = state.board()
    for move in ("a1", "b1", "a2"):  # one musoro each; with one a player, a2 would be a sowing
        state.apply(move)
    assert (state.board()["a"], state.board()["b"]) == (start["a"], start["b"])


def test_msuwa_layout_does_not_follow_its_board_size_switch():
    """Msuwa's set-up (0 and 1 in the two rightmost inner holes) is one layout, of one board size;
    its msuwa.holes switch (10 or 20 holes a row) binds board.holes_per_row, and the set-up cannot be
    bound to a switch nor written relative to the row's end: the 20-hole board is refused."""
    holes = {"id": "msuwa.holes", "default": "10", "options": {"10": {"board.holes_per_row": 10},
                                                               "20": {"board.holes_per_row": 20}}}
    layout = [2] * 10 + [0, 1] + [2] * 8
    data = description("msuwa", setup={"layout": layout}, holes=None, switches=[holes],
                       rules={"capture_on": "empty"})
    assert refusal(data) == ""
    draft_game(data, {"msuwa.holes": "10", "msuwa.no-move": "pass"}).new_state(1)
    try:
        draft_game(data, {"msuwa.holes": "20", "msuwa.no-move": "pass"}).new_state(1)
    except ValueError as exc:
        assert "setup.layout lists 20 counts" in str(exc)
    else:
        raise AssertionError("the machine now sets Msuwa's 20-hole board up: see data/drafts/README.md")


def test_misoro_tsoro_fixed_ends_needs_a_set_up_bound_to_a_switch():
    misoro = {"id": "misoro-tsoro.misoro", "default": "chosen",
              "options": {"chosen": {"special-holes.kind": "chosen", "setup.layout": [2] * 8 + [0] * 8},
                          "fixed-ends": {"special-holes.kind": "heads", "setup.layout": MUSORO_LAYOUT}}}
    data = description("misoro-tsoro", setup={"counters_per_row": [2, 0]}, switches=[misoro],
                       primitives=[{"name": "special-holes"}])
    assert "sets 'setup.layout', which is not a rule field" in refusal(data)


def test_captured_counters_leaving_the_board_are_refused_on_four_rows():
    data = description("musoro-tsoro", setup={"counters_per_row": [2, 0]}, rules={"captured_to": "removed"})
    assert "captured_to = 'removed'" in refusal(data)
    data["board"]["stores"] = False
    assert "captured_to = 'removed'" in refusal(data)  # boards without stores are played (re-sown captures)
