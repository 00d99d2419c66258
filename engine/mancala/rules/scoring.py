"""Who wins: the larger count of counters (those left on the board scored or not), or the rule that
ended the game. On two rows its code counts each player's score at the end (hook point ``score``);
on four rows a game is decided by a rule (the board's own ``finish``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from numba import njit
from pydantic import Field

from engine.mancala.rule import Code, Rule

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import BASE, OWNER, OWNER_ONLY, P_PER_ROW, P_REMAINING, STORE


@njit(cache=True, inline="always")
def count(state, params, p):
    """Hook point score: player ``p``'s count, their captures (unless remaining = owner-only), plus the
    counters left on their row where remaining = owner or owner-only."""
    remaining = params[P_REMAINING]
    n = state[BASE + STORE + p] if remaining != OWNER_ONLY else 0
    if remaining == OWNER or remaining == OWNER_ONLY:
        per_row = params[P_PER_ROW]
        for h in range(p * per_row, p * per_row + per_row):
            n += state[h]
    return n


RULE = Rule(
    name="scoring",
    what="the winner has the larger count (counters left on the board unscored, scored by the row's owner, or "
         "alone scored), or is named by the rule that ended the game",
    fields={
        "remaining": (Literal["unscored", "owner", "owner-only"], Field(
            "unscored", description="counters left on the board at the end: not scored, scored by the row's owner, "
                                    "or the only ones scored (the captures not counted: Ludii's score where the "
                                    "stores are read as empty cells)")),
        "decided_by": (Literal["count", "rule"], Field(
            "count", description="the winner: the larger count of counters, or the rule that ended the game")),
    },
    boards={2: {"decided_by": ("count",)}, 4: {"remaining": ("unscored",), "decided_by": ("rule",)}},
    slots={2: ("remaining",)},
    hooks=("end-of-game",),
    code={2: {"score": Code("count")}},
)
