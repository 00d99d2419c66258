"""What keeps the drafts closest to the machine in data/drafts/: each test writes the description
the draft would have (its own set-up, captures and switches, the rest as Tsoro's) and checks that
the machine refuses it for the reason data/drafts/README.md gives. A test that fails means the
machine now plays that point: the draft may be able to move to data/games/ (README: "Why none has
moved yet").
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




def test_tshuba_outer_hole_independent_of_the_inner_is_not_a_value_of_the_schema():
    """Tshuba's Ludii reading takes the outer hole of the column whenever it is occupied, the inner
    one empty or not; ``capture`` has inner-and-outer only (the outer hole after the inner)."""
    from schema.sowing import SowingRules

    values = SowingRules.model_fields["capture"].annotation.__args__
    assert "inner-and-outer" in values and not any("independent" in v for v in values)


def test_tsoro_reentered_captures_needs_captures_re_sown_on_four_rows():
    holes = {"id": "tsoro-reentered-captures.holes", "default": "8",
             "options": {n: {"board.holes_per_row": int(n)} for n in ("8", "12", "15", "18")}}
    data = description("tsoro-reentered-captures", setup={"counters_per_row": [2, 0]}, holes=None,
                       rules={"captured_to": "resow", "resow_from": "lap-start"}, switches=[holes])
    assert "captured_to = 'resow'" in refusal(data)


def test_re_sowing_from_the_landing_hole_is_not_a_value_of_the_schema():
    """Tsoro (Reentered Captures) re-sows from the hole after the capturing lap's last hole."""
    data = description("tsoro-reentered-captures", setup={"counters_per_row": [2, 0]},
                       rules={"captured_to": "resow", "resow_from": "landing-hole"})
    assert "resow_from" in refusal(data) and "landing-hole" in refusal(data)


def test_captured_counters_leaving_the_board_are_refused_on_four_rows():
    data = description("musoro-tsoro", setup={"counters_per_row": [2, 0]}, rules={"captured_to": "removed"})
    assert "captured_to = 'removed'" in refusal(data)
    data["board"]["stores"] = False
    assert "captured_to = 'removed'" in refusal(data)  # boards without stores are played (re-sown captures)
