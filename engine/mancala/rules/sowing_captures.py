"""Captures during sowing (Pallankuli's fours): after each lap, every hole the lap sowed that now
holds ``sow_capture`` counters is taken, by the owner of its row or by the mover; a lap ending in
such a hole does not relay from it."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Rule

RULE = Rule(
    name="sowing-captures",
    what="after each lap every hole it sowed holding sow_capture counters is taken, by its row's owner or the mover",
    fields={
        "sow_capture": (int, Field(
            0, ge=0, le=62, description="after each lap, every hole the lap sowed that now holds this many counters "
                                        "is taken, and a lap ending there does not relay (0: none)")),
        "sow_capture_to": (Literal["owner", "mover"], Field(
            "owner", description="who takes the holes of sow_capture: the owner of the hole's row, or the mover")),
    },
    boards={2: {}},
    uses=lambda r: r.value("sow_capture") > 0,
    slots={2: ("sow_capture", "sow_capture_to")},
    hooks=("sow", "capture"),
    kernels=("engine.mancala.tworow_machine.take_sown",),
)
