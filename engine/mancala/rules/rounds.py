"""Rounds (Pallankuli, Walak-pussa and most multi-round mancala): where a game would end (a row
emptied by a lap, under ``end: row-empty-after-lap``, ending the round at once, a relay then due not
sown), a round ends instead; each player takes the counters they hold (store, and their row's counters as
``remaining: owner`` scores them) and fills the holes of their own row from their left, the
set-up's count a hole, keeping what is left over in their store; holes left unfilled are out of
play for the round (sowing passes over them). A player who cannot fill one hole loses the match."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from numba import njit
from pydantic import Field

from engine.mancala.rule import Code, Reading, Rule
from engine.mancala.rules.sowing_captures import sow_in_play
from engine.mancala.sowing import total

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import (
        BASE, FIRST, OUT, P_PER_ROW, P_ROUND_STARTER, P_START_COUNT, ROUND, STARTER_ALTERNATE, STARTER_FEWER_HOLES,
        STARTER_LOSER, STORE, TO_MOVE,
    )

SPECIALISED_WITH = ("engine.mancala.rules.sowing_captures",)
"""A lap sows past the holes out of play as sowing captures' lap does (engine.specialise specialises
that module with this one)."""


def _round_ends(r: Reading) -> tuple[str, str] | None:
    if r.value("end") not in ("row-empty-after-lap", "row-empty-after-move", "cannot-move"):
        return "end", ("rounds: refill ends a round where a row is empty after a lap or a move or the player to move "
                       "cannot move")
    if r.value("remaining") != "owner":
        return "remaining", "rounds: refill needs remaining: owner (the counters left on a row are its owner's)"
    if r.value("end_majority") or r.value("repetition") != "none":
        return "rounds", "rounds: refill is played without end_majority and repetition"
    return None


RULE = Rule(
    name="rounds",
    what="where a game would end a round ends: each player refills their row from what they hold, holes they "
         "cannot fill out of play; a player who cannot fill one hole loses",
    fields={
        "rounds": (Literal["one", "refill"], Field(
            "one", description="one game (one), or rounds (refill): at a round's end each player fills their row "
                               "from their left with the set-up's count a hole from what they hold, the holes left "
                               "unfilled out of play for the next round; a player who cannot fill one hole loses")),
        "round_starter": (Literal["next", "alternate", "loser", "fewer-holes"], Field(
            "next", description="rounds: who begins the next round: the player whose turn it would be (next), the "
                                "players in turn from round to round (alternate), the player who holds fewer "
                                "counters (loser), the player who fills fewer holes, or on a tie the player whose "
                                "turn it would be (fewer-holes: Ludii 1.3.13's Pallankuli.lud, whose players fill "
                                "a hole each in turn from the player whose turn it would be, the round beginning "
                                "with the player after the last to pass)")),
    },
    boards={2: {}},
    checks=(_round_ends,),
    uses=lambda r: r.value("rounds") != "one",
    slots={2: ("rounds", "round_starter")},
    # the holes out of play this round (a bit a hole); the rounds played before it
    state={2: (("out", 1, "run"), ("round", 1, "run"))},
    hooks=("end-of-game", "sow"),
    code={2: {"game-would-end": Code("new_round", when="rounds"), "sow": Code("sow_round", when="rounds"),
              "lap-emptied-row": Code("round_ends_mid_move", when="rounds")}},
    position=("out_of_play", "round"),
)


# --- its compiled code on two rows (Rule.code), run at the turn's hook points (engine.mancala.machine.hooks) --


@njit(cache=True, inline="always")
def sow_round(state, params, t, origin, sown, into_origin, mover, log):
    """Hook point sow: a lap passes over the holes out of play this round; the track position of its
    last counter, or -1 with every hole in play (the ordinary sowing)."""
    if state[BASE + OUT] == 0:
        return -1
    return sow_in_play(state, params, t, origin, sown, into_origin, state[BASE + OUT], 0, mover, log)


@njit(cache=True)
def new_round(state, params):
    """Hook point game-would-end: each player takes what they hold (store and own row) and fills their
    row from their left, the set-up's count a hole, keeping the rest in their store; unfilled holes
    are out of play. 1 (the round set up), or 0 (the board emptied into the stores) if a player cannot
    fill one hole: the match is over."""
    per_row = params[P_PER_ROW]
    count = params[P_START_COUNT]
    for p in range(2):
        state[BASE + STORE + p] += total(state, p * per_row, p * per_row + per_row)
    for h in range(2 * per_row):
        state[h] = 0
    a = state[BASE + STORE]
    b = state[BASE + STORE + 1]
    if a < count or b < count:
        return 0
    out = 0
    filled = 0  # player 2's holes filled less player 1's (round_starter fewer-holes)
    for p in range(2):
        k = state[BASE + STORE + p] // count
        if k > per_row:
            k = per_row
        filled += k if p == 1 else -k
        for i in range(per_row):
            if i < k:
                state[p * per_row + i] = count
            else:
                out |= 1 << (p * per_row + i)
        state[BASE + STORE + p] -= k * count
    state[BASE + OUT] = out
    state[BASE + ROUND] += 1
    starter = params[P_ROUND_STARTER]
    if starter == STARTER_ALTERNATE:
        state[BASE + TO_MOVE] = (state[BASE + FIRST] + state[BASE + ROUND]) % 2
    elif starter == STARTER_LOSER and a != b:
        state[BASE + TO_MOVE] = 0 if a < b else 1
    elif starter == STARTER_FEWER_HOLES and filled != 0:
        state[BASE + TO_MOVE] = 0 if filled > 0 else 1
    return 1


@njit(cache=True, inline="always")
def round_ends_mid_move(state, params, relay_due):
    """Hook point lap-emptied-row (end = row-empty-after-lap): the round ends there (the move's relay,
    if one was due, is not sown); the player whose turn it would be is the mover again when that relay
    was due (Ludii's moveAgain), else the opponent; the board then settles, setting up the next
    round. 1."""
    if relay_due == 0:
        state[BASE + TO_MOVE] = 1 - state[BASE + TO_MOVE]
    return 1
