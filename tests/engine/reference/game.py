"""What every reference keeps alike: the counts, the ending and the answers the lockstep compares.

Turns, moves (Ludii's: laps and decisions) and laps are counted by each game; a turn under way
when the game ends counts as played. A game decided by a rule (Tsoro, Lobudök) scores 1 for the
winner and 0 otherwise; Tap-urdy overrides the scores.
"""

from __future__ import annotations


class Reference:
    """The state every reference shares; a game adds its board and rules."""

    def __init__(self, sw: dict[str, str], turn_limit: int, move_limit: int, last_turn: str = "whole-turn") -> None:
        self.sw = {k.split(".", 1)[-1]: v for k, v in sw.items()}
        self.turn_limit, self.move_limit = turn_limit, move_limit
        self.last_turn = last_turn  # "first-lap": Ludii's turn limit, which stops after the last turn's first move
        self.to_move = 0
        self.turns = self.moves = self.laps = 0
        self.in_turn = False  # a decision of the player to move has been played this turn
        self.passes = 0  # passes in a row
        self.ending: str | None = None  # "win", "draw", "endless", "unfinished"
        self.winner: int | None = None  # 0 or 1

    def end(self, ending: str, winner: int | None) -> None:
        """The game ends; a turn under way when it does counts as played."""
        self.ending, self.winner = ending, winner
        if self.in_turn:
            self.turns += 1
            self.in_turn = False

    def start(self, first: int) -> None:
        """The start: player 1 moves first, or under first-player = lot the player the engine drew
        (``first``: the lot is the engine's randomness, not a rule; under player-1 the lockstep
        checks that the engine lets player 1 start). A game sets up its board before this."""
        self.to_move = first if self.sw["first-player"] == "lot" else 0
        self.begin_decision()

    def legal(self) -> list[str]:
        raise NotImplementedError

    def begin_decision(self) -> None:
        """Before each decision: the end by the rules or a limit (each game's own)."""
        raise NotImplementedError

    def decide(self, text: str) -> list[str]:
        """Check that ``text`` is legal (ValueError if not) and start or go on with the turn; the legal moves."""
        legal = self.legal()
        if text not in legal:
            raise ValueError(f"illegal move {text!r}; legal: {legal}")
        self.in_turn = True
        return legal

    def end_turn(self) -> None:
        """The turn is over: the other player's turn begins."""
        self.turns += 1
        self.in_turn = False
        self.to_move = 1 - self.to_move
        self.begin_decision()

    def pass_turn(self) -> None:
        """A pass (one move): two in a row end the game in a draw."""
        self.moves += 1
        self.passes += 1
        if self.passes >= 2:
            self.end("draw", None)
        else:
            self.end_turn()

    def lap_budget(self, first_of_turn: bool) -> int:
        """The laps the sowing about to start may take: those left before the move limit; one only when
        it is the first of the turn that reaches the turn limit and the last turn is cut to its first
        move (last_turn = first-lap)."""
        left = self.move_limit - self.moves
        return min(left, 1) if self.cut_here(first_of_turn) else left

    def cut_here(self, first_of_turn: bool) -> bool:
        """Whether the turn limit cuts the turn after this sowing's first lap (last_turn = first-lap)."""
        return self.last_turn == "first-lap" and first_of_turn and self.turns + 1 >= self.turn_limit

    def limit_reached(self) -> bool:
        return self.moves >= self.move_limit or self.turns >= self.turn_limit

    def result(self) -> tuple[str, int | None] | None:
        """(ending, winner 1 | 2 | None), or None while the game goes on."""
        if self.ending is None:
            return None
        return self.ending, None if self.winner is None else self.winner + 1

    def scores(self) -> tuple[int, int]:
        won = self.ending == "win"
        return int(won and self.winner == 0), int(won and self.winner == 1)

    def counters(self) -> dict[str, int]:
        return {"turns": self.turns, "moves": self.moves, "laps": self.laps}
