"""The opening (Tsoro (Baia)): each player's first turn is one lap from a named hole, without relay,
taking the column if it ends in the inner row, whatever the landing held."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.mancala.rule import Reading, Rule


class Opening(BaseModel):
    """The parameters of opening (each may be bound to a switch instead)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    row: Literal["outer", "inner"] | None = Field(None, description="the row of the opening hole")
    from_left: int | None = Field(None, description="the opening hole: the from_left-th of its row from the "
                                                    "player's left")


def _hole(reading: Reading) -> tuple[str, str] | None:
    row, from_left = reading.param("opening", "row"), reading.param("opening", "from_left")
    n = reading.holes_per_row
    if row is None or from_left is None or not 1 <= int(from_left) <= n:
        return ("opening.from_left", f"the primitive opening needs row and from_left (1 to {n} on a board of {n} "
                                     f"holes a row), not {row!r}, {from_left!r}")
    return None


RULE = Rule(
    name="opening",
    what="each player's first turn is one lap from a named hole, taking the column if it ends in the inner row",
    params=Opening,
    boards={4: {}},
    checks=(_hole,),
    slots={4: ("opening", "opening_pos")},
    state={4: (("opened", 1),)},
    hooks=("list-starts", "move"),
    kernels=("engine.mancala.machine.four_rows.opening_lap",),
    position=("opening_played",),
)
