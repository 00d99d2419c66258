"""Extra captures (Tsoro and its relatives): after a capture the capturer takes the whole contents of
further opponent holes, each its own decision; due after any capture, a capture of two holes (Msuwa)
or any lap ending in an empty inner hole (Tshuba); optional (the capturer may stop); graduated by the
times they have fallen due (Tsoro (Baia): 5, 3, 2); sparing the opponent's opening hole. Due with no
hole to take, they lapse, or (``none_to_take: pass-to-opponent``, Ludii's game-wide count of captures
due in Misoro Tsoro (Additional Capture).lud and Tsoro (Baia).lud) the capturer passes and the
opponent takes those still due from the capturer's holes, one a move, after which the capturer moves."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.mancala.rule import Board, Reading, Rule, SlotWriter, param_code
from engine.mancala.rules.opening import hole_position
from engine.mancala.sowing import as_int64

MAX_COUNTS = 8
"""The longest list of counts the parameter table has room for."""

Count = Annotated[int, Field(ge=0)]


class ExtraCaptures(BaseModel):
    """The parameters of extra-captures (each may be bound to a switch instead)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    count: Count | Annotated[list[Count], Field(min_length=1)] | None = Field(
        None, description="holes taken after a capture; a list: the first for the first time they fall due to the "
                          "player, the second for the second, ..., the last for every later time")
    after: Literal["capture", "two-hole-capture", "inner-landing"] | None = Field(
        None, description="when they fall due: after any capture (the default), a capture of two holes, or any lap "
                          "ending in an empty inner hole, capture or not")
    optional: bool | None = Field(None, description="the capturer may stop taking them (move stop)")
    spare: Literal["none", "opening-hole"] | None = Field(
        None, description="a hole they may not take besides the chosen special holes: the opponent's opening hole "
                          "(primitive opening)")
    none_to_take: Literal["lapse", "pass-to-opponent"] | None = Field(
        None, description="when they fall due with no hole to take: they lapse (the default), or the capturer passes "
                          "and the opponent takes those still due from the capturer's holes (sparing the same holes "
                          "on that side), one a move, then the capturer moves; with none to take on either side, "
                          "two passes in a row end the game in a draw")


def _counts(reading: Reading) -> tuple[str, str] | None:
    count = reading.param("extra-captures", "count")
    if isinstance(count, list) and len(count) > MAX_COUNTS:
        return ("extra-captures.count", f"extra-captures.count lists {len(count)} counts; the machine plays at most "
                                        f"{MAX_COUNTS}")
    return None


def _spare(reading: Reading) -> tuple[str, str] | None:
    if reading.param("extra-captures", "spare") == "opening-hole" and reading.param("opening", "start") != "hole":
        return ("extra-captures.spare", "extra-captures.spare = 'opening-hole' without an opening hole (opening.start "
                                        "= hole)")
    return None


def counts(r: Reading) -> list[int]:
    """The holes taken each time extra captures fall due (one count, or the graduated list; [0]: none)."""
    count = r.param("extra-captures", "count") or 0
    return [int(c) for c in count] if isinstance(count, list) else [int(count)]


def _code(param: str, default: str) -> SlotWriter:
    """The writer of the slot of parameter ``param``: its value's code (``default``'s if not given)."""
    return lambda r, board: param_code("extra-captures", ExtraCaptures, param,
                                       r.param("extra-captures", param) or default)


def _spared(r: Reading, board: Board) -> int:
    """Slot ``extra_spare``: the positions extra captures may not take (a bit each: the opening hole)."""
    return as_int64(1 << hole_position(r)) if r.param("extra-captures", "spare") == "opening-hole" else 0


RULE = Rule(
    name="extra-captures",
    what="after a capture the capturer takes further opponent holes, each its own decision (a count, or a list "
         "graduated by the times they fall due), after any capture, a two-hole capture or an inner landing; with none "
         "to take they lapse or pass to the opponent, who takes them from the capturer's holes",
    params=ExtraCaptures,
    boards={4: {}},
    checks=(_counts, _spare),
    slots={4: ("extra", "extra_after", "extra_optional", "extra_steps", "extra_spare", "extra_none")},
    writes={"extra": lambda r, board: max(counts(r)), "extra_steps": lambda r, board: len(counts(r)) - 1,
            "extra_after": _code("after", "capture"), "extra_none": _code("none_to_take", "lapse"),
            "extra_optional": lambda r, board: int(bool(r.param("extra-captures", "optional"))), "extra_spare": _spared},
    state={4: (("pending", 1), ("due", 2))},
    tables={4: (("extra", MAX_COUNTS),)},
    hooks=("after-capture", "move"),
    kernels=("engine.mancala.machine.four_rows.list_targets", "engine.mancala.machine.four_rows.graduated_extra",
             "engine.mancala.machine.four_rows.extra_due"),
    position=("extra_captures", "extra_rounds"),
    events=("extra",),
)
