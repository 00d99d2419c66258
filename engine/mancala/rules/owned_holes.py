"""Owned holes (Toguz Kumalak's tuzdyk): a move whose last counter makes a hole of the opponent's
row hold ``count`` counters (and takes nothing else) makes it the mover's own, once a game: its
counters are taken, and every counter that falls in it later goes to its owner's store at the end
of the move. It may spare the opponent's last hole, and the hole facing the one the opponent owns
(the same place counted from each player's left); a hole owned at a1 may be left uncollected (Ludii's
program)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from engine.mancala.rule import Board, Reading, Rule, SlotWriter


class OwnedHoles(BaseModel):
    """The parameters of owned-holes (each may be bound to a switch instead)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    count: int = Field(3, ge=1, le=62, description="the count the last counter must make in the opponent's hole")
    spare_last: bool = Field(False, description="the opponent's last hole (the rightmost from their side) cannot "
                                                "become owned")
    spare_mirror: bool = Field(True, description="a player cannot own the hole at the same place, from their "
                                                 "opponent's left, as the hole the opponent owns")
    collect_a1: bool = Field(True, description="what falls in a hole owned at player 1's first hole (a1) goes to "
                                               "its owner; false: it stays there, and the hole is played as any other "
                                               "(Ludii 1.3.13, whose CaptureFromTuzOf skips its site 0)")


def _count_capture(reading: Reading) -> tuple[str, str] | None:
    if reading.value("capture") != "count":
        return "owned-holes", "owned-holes is played with capture: count (the hole is made where no count capture is)"
    return None


def owned(r: Reading) -> OwnedHoles | None:
    """The reading's owned-holes parameters (None if it does not list the primitive)."""
    if "owned-holes" not in r.named:
        return None
    return OwnedHoles(**{k: v for k in OwnedHoles.model_fields if (v := r.param("owned-holes", k)) is not None})


def _param(name: str) -> SlotWriter:
    """The writer of the slot of parameter ``name`` (its value as an int; 0 without owned holes)."""
    def write(r: Reading, board: Board) -> int:
        params = owned(r)
        return 0 if params is None else int(getattr(params, name))
    return write


RULE = Rule(
    name="owned-holes",
    what="a last counter making count in an opponent's hole makes it the mover's, once a game: what falls in it "
         "later goes to its owner",
    params=OwnedHoles,
    boards={2: {}},
    checks=(_count_capture,),
    slots={2: ("owned_count", "owned_spare_last", "owned_spare_mirror", "owned_collect_a1")},  # owned_count 0: none
    writes={f"owned_{name}": _param(name) for name in ("count", "spare_last", "spare_mirror", "collect_a1")},
    hooks=("capture", "end-of-turn"),
    kernels=("engine.mancala.machine.two_rows.end_capture", "engine.mancala.machine.two_rows.collect_owned"),
    position=("owned_holes",),
)
