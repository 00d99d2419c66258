"""What keeps the drafts closest to the machine in data/drafts/: each test writes the description
the draft would have (its own set-up, captures and switches, the rest as Tsoro's) and checks that
the machine refuses it for the reason data/drafts/README.md gives. A test that fails means the
machine now plays that point: the draft may be able to move to data/games/ (README: "What moved,
and what the four-row machine still lacks").
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from engine.mancala.description import check_played
from schema.sowing import SowingDescription

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


def test_captured_counters_leaving_the_board_are_refused_on_four_rows():
    data = description("musoro-tsoro", setup={"counters_per_row": [2, 0]}, rules={"captured_to": "removed"})
    assert "captured_to = 'removed'" in refusal(data)
    data["board"]["stores"] = False
    assert "captured_to = 'removed'" in refusal(data)  # boards without stores are played (re-sown captures)

