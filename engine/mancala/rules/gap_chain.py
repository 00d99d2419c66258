"""The capture chain over alternating holes (Walak-pussa's "picking out the pearls of the necklaces"):
after a capture across an empty hole (capture ``across-gap``) or of the hole after an empty landing
(capture ``next-after-empty``), the capture goes on along the sowing: while the hole after the one just
taken is empty and the hole after that holds counters, that one is taken too, until two empty or two
occupied holes come in a row; no farther than ``gap_chain_reach`` track positions past the lap's last
hole (Ludii's Walak-Pussa.lud writes the chain out to the seventh hole after it), never round to the
landing itself."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Reading, Rule, field_is


def _after_a_gap_capture(r: Reading) -> tuple[str, str] | None:
    if r.value("capture") not in ("across-gap", "next-after-empty"):
        return "gap_chain", ("gap_chain: alternating goes on from a capture across an empty hole (capture: across-gap) "
                             "or of the hole after an empty landing (capture: next-after-empty)")
    return None


RULE = Rule(
    name="gap-chain",
    what="after a capture across an empty hole or after an empty landing, each further occupied hole beyond one "
         "empty hole is taken while the holes alternate",
    fields={
        "gap_chain": (Literal["none", "alternating"], Field(
            "none", description="capture across-gap or next-after-empty: only the one hole is taken (none), or the "
                                "capture goes on along the sowing while an empty hole is followed by an occupied "
                                "one, taking each occupied one, until two empty or two occupied holes come in a row "
                                "(alternating)")),
        "gap_chain_reach": (int, Field(
            0, ge=0, description="gap_chain alternating: the farthest track position past the lap's last hole the "
                                 "chain may take (0: any, short of the landing round the board; Ludii's "
                                 "Walak-Pussa.lud: 7)")),
    },
    boards={2: {}},
    checks=(_after_a_gap_capture,),
    uses=field_is("gap_chain", "alternating"),
    slots={2: ("gap_chain", "gap_chain_reach")},
    hooks=("capture",),
    kernels=("engine.mancala.machine.two_rows.chain_gaps",),
)
