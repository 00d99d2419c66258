"""The end by majority (Oware): the game ends as soon as a player has captured more than half of
all the counters, or each player exactly half."""

from __future__ import annotations

from typing import TYPE_CHECKING

from numba import njit
from pydantic import Field

from engine.mancala.rule import Code, Rule

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import BASE, P_PER_ROW, STORE

RULE = Rule(
    name="majority",
    what="the game ends once a player has captured more than half of the counters, or each exactly half",
    fields={
        "end_majority": (bool, Field(
            False, description="the game also ends as soon as a player's captures are more than half of all the "
                               "counters, or both players' exactly half")),
    },
    boards={2: {}},
    uses=lambda r: bool(r.value("end_majority")),
    slots={2: ("end_majority",)},
    hooks=("end-of-game",),
    code={2: {"game-over": Code("majority", when="end_majority")}},
)


@njit(cache=True)
def majority(state, params):
    """Hook point game-over (two rows): 1 if a player has captured more than half of the counters, or
    each exactly half, ending the game."""
    total = state[BASE + STORE] + state[BASE + STORE + 1]
    for h in range(2 * params[P_PER_ROW]):
        total += state[h]
    a = 2 * state[BASE + STORE]
    b = 2 * state[BASE + STORE + 1]
    return 1 if a > total or b > total or (a == total and b == total) else 0
