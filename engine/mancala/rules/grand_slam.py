"""The grand slam (Oware): a capture by count that would take every counter in the opponent's row
is made, is not made (the move is played), gives the counters to the opponent, or is forbidden (a
move that would make it is not legal: Ludii's Oware, whose moves must leave the opponent counters)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Board, Reading, Rule


def _needs_count(r: Reading) -> tuple[str, str] | None:
    if r.value("capture") != "count":
        return "grand_slam", f"grand_slam {r.value('grand_slam')!r} needs capture: count (it is {r.value('capture')!r})"
    return None


def slam_reach(r: Reading, board: Board) -> int:
    """Slot ``slam_reach``: the most counters an opponent's row can hold and be taken whole (each of its
    holes holding the largest capturing count)."""
    return max(r.value("capture_counts"), default=0) * board.per_row


RULE = Rule(
    name="grand-slam",
    what="a capture by count that would take every counter of the opponent's row: made, not made (the move "
         "stands), its counters given to the opponent, or the move forbidden",
    fields={
        "grand_slam": (Literal["capture-all", "no-capture", "to-opponent", "forbidden"], Field(
            "capture-all", description="a capture by count that would take all the opponent's counters: it is made "
                                       "(capture-all); the move is played and nothing is captured (no-capture); the "
                                       "counters it would take go to the opponent's store (to-opponent); a move that would make it is not legal (forbidden; a "
                                       "player whose every move would has no legal move)")),
    },
    boards={2: {}},
    checks=(_needs_count,),
    uses=lambda r: r.value("grand_slam") != "capture-all",
    slots={2: ("grand_slam", "slam_reach")},
    writes={"slam_reach": slam_reach},
    hooks=("capture",),
    kernels=("engine.mancala.machine.two_rows.end_capture", "engine.mancala.machine.two_rows.drop_grand_slams"),
)
