"""The capture by count (Oware, Awale and most two-row games): the hole where a move's last counter
fell is taken when it lies in the row the rule names and now holds one of the capturing counts (2 or
3 in Oware), and, with the backward chain, each hole before it in the same row while it holds one."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Board, Reading, Rule, field_is


def _counts(r: Reading) -> tuple[str, str] | None:
    counts = r.value("capture_counts")
    if not counts and r.value("capture_parity") == "none":
        return "capture_counts", ("capture: count needs the counts that capture (capture_counts, e.g. [2, 3]) or a "
                                  "capture_parity")
    if any(c < 1 or c > 62 for c in counts):
        return "capture_counts", f"capture_counts {counts}: each count is between 1 and 62"
    return None


def counts_mask(r: Reading, board: Board) -> int:
    """Slot ``capture_counts``: a bit mask, bit c set if a hole holding c is taken."""
    return sum(1 << c for c in r.value("capture_counts"))


RULE = Rule(
    name="capture-count",
    what="the move's last counter makes its hole hold a capturing count (in the opponent's row, the mover's or "
         "either): it is taken, and with the backward chain each hole before it in that row holding one",
    fields={
        "capture_counts": (list[int], Field(
            default_factory=list, description="capture: count: the counts a hole must hold after the last counter "
                                              "falls for it to be taken (Oware: [2, 3])")),
        "capture_parity": (Literal["none", "even", "odd"], Field(
            "none", description="capture: count: besides capture_counts, a hole holding any even count (even) or any "
                                "odd count (odd) is taken (Toguz Kumalak: even)")),
        "capture_row": (Literal["opponent", "own", "any"], Field(
            "opponent", description="capture: count: the row where the last counter must fall for a capture")),
        "capture_chain": (Literal["none", "backward"], Field(
            "none", description="capture: count: only the hole of the last counter is taken (none), or also each "
                                "hole before it in the same row, against the sowing, while it holds a capturing "
                                "count (backward)")),
    },
    adds={"capture": ("count",)},
    boards={2: {}},
    checks=(_counts,),
    uses=field_is("capture", "count"),
    slots={2: ("capture_counts", "capture_parity", "capture_row", "capture_chain")},
    writes={"capture_counts": counts_mask},
    hooks=("landing", "capture"),
    kernels=("engine.mancala.machine.two_rows.end_capture",),
)
