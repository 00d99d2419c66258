"""A start only after an empty hole: a move may start only from a hole whose previous hole on the
mover's circuit is empty (Tsoro (Baia)); a relay is not a start."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Reading, Rule, field_is


def _not_restricted(reading: Reading) -> tuple[str, str] | None:
    if "restricted-holes" in reading.named:
        return ("previous_hole", "previous_hole = 'empty' with the primitive restricted-holes: the machine lists a "
                                 "restricted player's holes without the start condition")
    return None


RULE = Rule(
    name="previous-hole",
    what="a move starts only from a hole whose previous hole on the circuit is empty (relays exempt)",
    fields={
        "previous_hole": (Literal["any", "empty"], Field(
            "any", description="a move may start from a hole whatever the hole before it on the mover's circuit holds "
                               "(any), or only from one whose previous hole is empty (empty); a relay is not a start")),
    },
    boards={4: {}},
    uses=field_is("previous_hole", "empty"),
    checks=(_not_restricted,),
    slots={4: ("previous_empty",)},
    writes={"previous_empty": lambda r, board: int(r.value("previous_hole") == "empty")},
    hooks=("list-starts",),
)
