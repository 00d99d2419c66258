"""The opening's fixed steps (``opening.steps``, Ryakati; the opening is engine.mancala.rules.opening):
before the main play each player makes the same fixed steps, each a turn with one legal move, the
players alternating: a lap of all or some of a hole's counters, then a fixed take from the two
holes opposite the last into a fixed hole, or relays without capture."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.mancala.rule import Reading

MAX_STEPS = 8
"""The most steps the parameter table has room for."""
STEP_SLOT = 6
S_HOLE, S_COUNT, S_FROM_HOLE, S_TAKE, S_INTO, S_RELAY = range(STEP_SLOT)
"""A step in the parameter table: its hole and into hole (positions), count (0: all), from_hole and
relay (0 or 1), take."""


class OpeningStep(BaseModel):
    """One fixed step: a turn with one legal move, the same for each player on their own side (holes
    numbered along the player's track, 1 .. 2N)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    hole: int = Field(ge=1, description="the hole the step sows from (the player's hole number, 1 .. 2N)")
    count: int | Literal["all"] = Field(
        "all", description="the counters taken up: all the hole holds, or this many (fewer if it holds fewer); "
                           "the rest stay")
    from_hole: bool = Field(
        False, description="the first counter goes back into the hole itself and counts as sown (Ludii's "
                           "origin:True), the others into the following holes")
    take: int = Field(0, ge=0, description="then, whatever the last hole holds, this many counters (or all it "
                                           "holds, if fewer) are taken from each of the two opponent holes "
                                           "opposite it (inner and outer; none if it is an outer hole)")
    into: int | None = Field(None, ge=1, description="the player's hole the taken counters go into")
    relay: bool = Field(
        False, description="the step's lap relays from every occupied last hole, capturing nothing, until a lap "
                           "ends in an empty hole")

    @model_validator(mode="after")
    def _into(self) -> "OpeningStep":
        if self.take > 0 and self.into is None:
            raise ValueError("take needs into: the hole the taken counters go into")
        if self.count != "all" and self.count < 1:
            raise ValueError(f"count = {self.count!r}: 1 or more, or all")
        return self


def steps_problem(reading: Reading) -> tuple[str, str] | None:
    """What the machine cannot play in ``opening.steps`` (their number, their holes), or None."""
    steps = [OpeningStep.model_validate(s) for s in reading.param("opening", "steps") or []]
    if not 1 <= len(steps) <= MAX_STEPS:
        return ("opening.steps", f"opening.steps lists {len(steps)} steps; the machine plays 1 to {MAX_STEPS}")
    n = reading.holes_per_row
    for k, step in enumerate(steps, 1):
        for name in ("hole", "into"):
            hole = getattr(step, name)
            if hole is not None and hole > 2 * n:
                return ("opening.steps", f"opening step {k}: {name} = {hole}: a player's holes are 1 to {2 * n}")
    return None
