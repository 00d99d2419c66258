"""Stores in the sowing circuit (Kalah): a lap passes through the mover's own store after the
mover's row, sowing a counter into it (the opponent's store is passed over), and a last counter
falling there may give the mover another move."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Reading, Rule, placed


def _turn_needs_store(r: Reading) -> tuple[str, str] | None:
    if r.value("store_turn") == "again" and r.value("store_sowing") != "own-store":
        return "store_turn", "store_turn: again needs store_sowing: own-store (a lap that can end in the store)"
    if r.value("store_sowing") == "own-store" and r.value("start_row") != "own":
        return "store_sowing", "store_sowing: own-store is played for moves from the mover's own row (start_row: own)"
    return None


RULE = Rule(
    name="stores-in-circuit",
    what="a lap sows into the mover's own store as it passes (the opponent's passed over); a last counter in "
         "the store gives another move",
    fields={
        "store_sowing": (Literal["beside", "own-store"], Field(
            "beside", description="the stores: beside the circuit (beside), or in it, the mover's own store sown "
                                  "after the mover's row and the opponent's passed over (own-store)")),
        "store_turn": (Literal["none", "again"], Field(
            "none", description="a move's last counter falling in the mover's store: nothing more (none), or the "
                                "mover moves again (again)")),
    },
    boards={2: {}},
    checks=(_turn_needs_store,),
    uses=lambda r: r.value("store_sowing") != "beside" or r.value("store_turn") != "none",
    slots={2: ("store_turn", "track_2")},
    writes={"track_2": placed("track_2")},  # where player 2's track block starts (the shared one's: P_TRACK)
    hooks=("sow", "end-of-turn"),
    kernels=("engine.mancala.machine.laps.laps",),
)
