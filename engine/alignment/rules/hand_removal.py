"""Whether a line's removal may take from the enemy's hand: only pieces on the board, or the pieces still
in hand too (Ludii's Bolotudu.lud: its removal ``(move Remove (sites Occupied by:Next))`` lists the
hand's site among those the enemy occupies, so that where a player still holds pieces when the
movement phase begins, the hand may be removed, all its pieces at once: Ludii's ActionRemoveTopPiece
calls ContainerFlatState.remove, which sets the site's count to 0). Played with removal any
(``board-and-hand``)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.alignment.rule import Reading, Rule


def _with_any(reading: Reading) -> tuple[str, str] | None:
    if reading.rules.hand_removal == "board-and-hand" and reading.rules.removal != "any":
        return ("hand_removal", "a piece in hand is removable only with removal any")
    return None


RULE = Rule(
    name="hand-removal",
    what="a line's removal takes a piece on the board, or may take the pieces still in the enemy's hand",
    fields={
        "hand_removal": (Literal["board", "board-and-hand"], Field(
            "board", description="what a removal may take: an enemy piece on the board (board), or also "
                                 "the pieces still in the enemy's hand, all at once (board-and-hand; one move, xhand)")),
    },
    slots=("hand_removal",),
    hooks=("removal",),
    kernels=("engine.alignment.machine.removal_candidates",),
    events=("remove",),
    checks=(_with_any,),
)
