"""How a game ended: the status codes the kernels write, and the :class:`Result` the API returns."""

from __future__ import annotations

from dataclasses import dataclass

ONGOING = 0
"""Status: the game goes on."""
OVER = 1
"""Status: the game ended by its rules; the scores decide (a win or a draw)."""
ENDLESS = 2
"""Status: a move was proved endless (a repeated configuration within it) and that ended the game."""
UNFINISHED = 3
"""Status: a turn or move limit stopped the game with no result."""
REPETITION = 4
"""Status: a position occurred for the second time and a rule ended the game there (neither a win nor a draw)."""

ENDINGS = ("win", "draw", "endless", "unfinished", "repetition")
"""The ways a game can end, as records and reports name them."""


@dataclass(frozen=True)
class Result:
    """The end of a game: how it ended, who won (player 1 or 2, or None) and the scores."""

    ending: str
    winner: int | None
    scores: tuple[int, int]

    def to_dict(self) -> dict[str, object]:
        return {"ending": self.ending, "winner": self.winner, "scores": list(self.scores)}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> "Result":
        try:
            ending = data["ending"]
            winner = data["winner"]
            scores = tuple(int(s) for s in data["scores"])  # type: ignore[union-attr]
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"malformed result {data!r}: {exc}") from None
        if ending not in ENDINGS:
            raise ValueError(f"unknown ending {ending!r}; endings: {', '.join(ENDINGS)}")
        if winner not in (None, 1, 2):
            raise ValueError(f"malformed winner {winner!r}: 1, 2 or null")
        return cls(str(ending), winner, scores)  # type: ignore[arg-type]


def result_of(status: int, scores: tuple[int, int]) -> Result | None:
    """The Result for a kernel status and the two scores (None while the game goes on)."""
    if status == ONGOING:
        return None
    if status == ENDLESS:
        return Result("endless", None, scores)
    if status == UNFINISHED:
        return Result("unfinished", None, scores)
    if status == REPETITION:
        return Result("repetition", None, scores)
    if scores[0] == scores[1]:
        return Result("draw", None, scores)
    return Result("win", 1 if scores[0] > scores[1] else 2, scores)
