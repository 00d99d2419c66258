"""Where captured counters go: the capturer's store, out of play, or sown again on the capturer's
side from a named hole (Lobudök, Tsoro (Reentered Captures))."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Reading, Rule


def _stores(reading: Reading) -> tuple[str, str] | None:
    stores = reading.description.board.stores
    if reading.rows == 2 and not stores:
        return ("board.stores", "board.stores = false: the machine keeps captures in stores on two rows")
    if reading.rows == 4 and (reading.value("captured_to") == "store") != stores:
        return ("captured_to", f"captured_to = {reading.value('captured_to')!r} with board.stores = "
                               f"{str(stores).lower()}: captures go to stores exactly when the board has them")
    return None


RULE = Rule(
    name="captured-to",
    what="captured counters go to the capturer's store, out of play, or are sown again from the hole after the "
         "capturing lap's start, the move's start or the landing",
    fields={
        "captured_to": (Literal["store", "removed", "resow"], Field(
            "store", description="the fate of captured counters: the capturer's store, out of play, or sown again "
                                 "on the capturer's side")),
        "resow_from": (Literal["lap-start", "move-start", "landing"], Field(
            "lap-start", description="captured counters re-sown (captured_to resow) are sown from the hole after the "
                                     "capturing lap's start, after the move's start, or after the hole where the "
                                     "capturing lap's last counter landed (landing)")),
    },
    boards={2: {"captured_to": ("store",)}, 4: {"captured_to": ("store", "resow")}},
    checks=(_stores,),
    slots={4: ("captured_to", "resow_from")},
    state={4: (("turn_start", 1),)},
    hooks=("captured",),
    kernels=("engine.mancala.machine.four_rows.resow_column",),
    events=("resow",),
)
