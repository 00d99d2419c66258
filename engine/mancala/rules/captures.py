"""What every capture shares: the kind of capture a lap may make (each kind is a rule of its own,
adding its value to ``capture``: capture_across_gap, capture_column, capture_both_opposite), whether
an empty target still counts, whether a lap sown from a single counter may capture, and what
follows a capture."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Rule

RULE = Rule(
    name="captures",
    what="the kind of capture a lap may make (or none), whether an empty target counts, whether a single "
         "counter's lap captures, and whether the move ends or relays after a capture",
    fields={
        "capture": (Literal["none"], Field(
            description="the capture a lap may make: none; across-gap (last counter in an occupied hole, the "
                        "next empty: take the one after); opposite (last counter in an empty own inner hole: "
                        "the opponent's hole across); inner-and-outer (the same, then the outer hole behind it); "
                        "both-opposite (last counter in an occupied own inner hole with both opposite holes "
                        "occupied: take both); inner-and-outer-each (as inner-and-outer, but the outer hole is "
                        "taken whenever it holds counters, even behind an empty inner hole)")),
        "single_captures": (bool, Field(True, description="a lap sown from a single counter may capture")),
        "single_scope": (Literal["move", "lap"], Field(
            "move", description="with single_captures false: a move begun from a single counter captures nothing, "
                                "its relays included (move), or only the single counter's own lap captures nothing "
                                "(lap: a relay from its landing sows two or more and may capture)")),
        "capture_empty": (bool, Field(
            True, description="a capture whose target hole is empty still counts as a capture (it ends the move)")),
        "after_capture": (Literal["end-move", "continue-relay"], Field(
            "end-move", description="what follows a capture: the move ends, or the lap relays as it would have")),
    },
    boards={2: {"single_captures": (True,), "single_scope": ("move",)},
            4: {"capture": (), "capture_empty": (False,)}},
    slots={2: ("capture", "capture_empty", "after_capture"),
           4: ("capture", "single_captures", "single_lap", "after_capture")},
    writes={"single_lap": lambda r, board: int(r.value("single_scope") == "lap")},
    hooks=("landing", "capture"),
    events=("capture",),
)
