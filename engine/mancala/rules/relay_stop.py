"""The stop of a relay (Ludii 1.3.13's Walak-Pussa.lud): after a lap whose relay is due (its last
counter in an occupied hole, the next lap to start there), the game ends at once, the relay not
made, if the mover's starting row then holds no hole from which they could start a move (none of
``min_counters`` counters, or, under ``singleton: last-resort``, none occupied). Ludii tests after
every lap whether the next player can move, and after a relaying lap that player is the mover,
whose relay is legal only while a move could start from their row. The game is then scored as any
other end (``remaining``, ``decided_by``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from numba import njit
from pydantic import Field

from engine.mancala.rule import Code, Reading, Rule, field_is

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import OWN_ROW, P_MIN_COUNTERS, P_PER_ROW, P_SINGLETON, P_START_ROW, SINGLETON_LAST_RESORT
    from engine.mancala.machine.outcome import MOVE_ROW_EMPTIED


def _one_game(r: Reading) -> tuple[str, str] | None:
    if r.value("relay_stop") != "none" and r.value("rounds") != "one":
        return "relay_stop", ("relay_stop: mover-cannot-start ends the game inside a move, which rounds: refill "
                              "would need to end a round there: not played together")
    return None


RULE = Rule(
    name="relay-stop",
    what="after a lap whose relay is due, the game ends, the relay not made, if the mover's row holds no hole a move "
         "could start from",
    fields={
        "relay_stop": (Literal["none", "mover-cannot-start"], Field(
            "none", description="after a lap whose relay is due: the relay is made (none), or the game ends at once, "
                                "the relay not made, when the mover's starting row holds no hole a move could start "
                                "from: none of min_counters counters, or none occupied under singleton: last-resort "
                                "(mover-cannot-start: Ludii 1.3.13's Walak-Pussa.lud, whose round ends when the next "
                                "player, the mover after a relaying lap, cannot move)")),
    },
    boards={2: {}},
    checks=(_one_game,),
    uses=field_is("relay_stop", "mover-cannot-start"),
    slots={2: ("relay_stop",)},
    hooks=("landing",),
    code={2: {"before-relay": Code("mover_cannot_start", when="relay_stop")}},
)


# --- its compiled code on two rows (Rule.code), run at the turn's hook points (engine.mancala.machine.hooks) --


@njit(cache=True, inline="always")
def mover_cannot_start(state, params, landed, mover):
    """Hook point before-relay: MOVE_ROW_EMPTIED (the game ends, the relay not made) if no hole of player
    ``mover``'s starting row holds min_counters counters (under singleton last-resort: none holds any), else -1
    (the relay is made)."""
    per_row = params[P_PER_ROW]
    row = mover if params[P_START_ROW] == OWN_ROW else 1 - mover
    least = 1 if params[P_SINGLETON] == SINGLETON_LAST_RESORT else params[P_MIN_COUNTERS]
    for h in range(row * per_row, row * per_row + per_row):
        if state[h] >= least:
            return -1
    return MOVE_ROW_EMPTIED
