"""Captures during sowing (Pallankuli's fours): a hole that a lap brings to ``sow_capture`` counters is
taken, by the owner of its row or by the mover; a lap ending in such a hole does not relay from it.

When the holes are looked at (``sow_capture_at``): after the lap, every hole it sowed (lap-end); as
each counter falls, so that a hole taken may be sown again later in a long lap (sowing: "immediately",
as the DLP's Pallankuli summary and the Pallankuzhi blog say); or after the lap, its starting hole
and the holes as many steps on along the track as the lap had counters, the steps counted round the
track at most once and over holes out of play too (lap-steps: Ludii 1.3.13's Pallankuli.lud, whose
``(sites Track from:(last From) to:(trackSite Move ... steps:(var "NumSowed"))))`` stops at the first
time it meets the site so many steps on, so that a lap of fourteen counters on 2 x 7 looks at its
starting hole only)."""

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
        "sow_capture_at": (Literal["lap-end", "sowing", "lap-steps"], Field(
            "lap-end", description="when and where sow_capture looks: after each lap at every hole it sowed (lap-end); "
                                   "as each counter falls (sowing); after each lap at its starting hole and the holes "
                                   "as many track steps on as it had counters, counted round the track once at most "
                                   "and over holes out of play (lap-steps, Ludii 1.3.13's Pallankuli.lud)")),
    },
    boards={2: {}},
    uses=lambda r: r.value("sow_capture") > 0,
    slots={2: ("sow_capture", "sow_capture_to", "sow_capture_at")},
    hooks=("sow", "capture"),
    kernels=("engine.mancala.machine.two_rows.take_sown", "engine.mancala.machine.two_rows.sow_in_play",
             "engine.mancala.machine.two_rows.take_stepped", "engine.mancala.machine.two_rows.take_hole"),
)
