"""Rounds (Pallankuli, Walak-pussa and most multi-round mancala): where a game would end (a row
emptied by a lap, under ``end: row-empty-after-lap``, ending the round at once, a relay then due not
sown), a round ends instead; each player takes the counters they hold (store, and their row's counters as
``remaining: owner`` scores them) and fills the holes of their own row from their left, the
set-up's count a hole, keeping what is left over in their store; holes left unfilled are out of
play for the round (sowing passes over them). A player who cannot fill one hole loses the match."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.mancala.rule import Reading, Rule


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
    hooks=("end-of-game", "sow"),
    kernels=("engine.mancala.machine.two_rows.new_round", "engine.mancala.machine.two_rows.sow_in_play",
             "engine.mancala.machine.two_rows.round_over_mid_move"),
    position=("out_of_play", "round"),
)
