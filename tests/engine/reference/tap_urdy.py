"""Tap-urdy by the archive's words: the switch descriptions of ``data/games/tap-urdy.yaml`` written
out naively, with no code shared with the engine.

The board is a list of twelve counts: ``a1 .. a6`` (player 1's row from their left) are 0-5,
``b1 .. b6`` (player 2's row from their left) are 6-11, so that counter-clockwise sowing (player 1's
row left to right, then player 2's row) is ascending order and clockwise descending. Players are 0
and 1. Every lap is one move in Ludii's sense; a turn is one whole move.
"""

from __future__ import annotations

from reference.game import Reference

ROW = 6
HOLES = 12


def hole_name(h: int) -> str:
    return f"{'ab'[h // ROW]}{h % ROW + 1}"


def hole_of(name: str) -> int:
    return "ab".index(name[0]) * ROW + int(name[1:]) - 1


class TapUrdy(Reference):
    """One game of Tap-urdy under switch values ``sw`` (full ids or points). The ending "over" is
    decided by the scores."""

    def __init__(self, sw: dict[str, str], turn_limit: int, move_limit: int, last_turn: str = "whole-turn") -> None:
        super().__init__(sw, turn_limit, move_limit, last_turn)
        self.step = 1 if self.sw["direction"] == "counterclockwise" else -1
        self.holes = [4] * HOLES
        self.captures = [0, 0]
        self.options: list[int] = []

    # --- setting up -----------------------------------------------------------------------------
    def set_position(self, spec: dict) -> None:
        """A position as the engine's ``position_spec`` describes it, at the start of a turn."""
        self.holes = list(spec["a"]) + list(spec["b"])
        self.captures = list(spec.get("captures", [0, 0]))
        self.to_move = spec.get("to_move", 1) - 1
        self.begin_decision()

    # --- the rules ------------------------------------------------------------------------------
    def next(self, h: int) -> int:
        return (h + self.step) % HOLES

    def a_row_is_empty(self, holes: list[int]) -> bool:
        return sum(holes[:ROW]) == 0 or sum(holes[ROW:]) == 0

    def starting_row(self, player: int) -> range:
        row = 1 - player if self.sw["start"] == "enemy-row" else player
        return range(row * ROW, row * ROW + ROW)

    def sow_lap(self, holes: list[int], origin: int) -> int:
        """Take up ``origin`` and sow it one counter a hole; the hole of the last counter."""
        count, holes[origin] = holes[origin], 0
        h = origin
        while count:
            h = self.next(h)
            if h == origin and self.sw["long-lap"] == "skip-origin":
                continue
            holes[h] += 1
            count -= 1
        return h

    def play_move(self, holes: list[int], captures: list[int], mover: int, origin: int,
                  lap_budget: int) -> tuple[str, int]:
        """Play the laps of one move on ``holes`` and ``captures`` (changed in place).

        Returns (what ended it, laps sown): "done" (a lap ended the move), "row-empty" (a row was
        emptied by a lap, with row-empty-after-lap), "endless" (a lap was about to start from the same
        hole with the same board and captures as an earlier lap of the move) or "budget" (the move
        had sown ``lap_budget`` laps and was still going).
        """
        seen = set()
        laps = 0
        while True:
            seen.add((origin, tuple(holes), tuple(captures)))
            last = self.sow_lap(holes, origin)
            laps += 1
            following = None
            if holes[last] > 1:  # the last hole H was occupied before the last counter fell
                h1 = self.next(last)
                h2 = self.next(h1)
                captured = False
                if holes[h1] == 0 and (self.sw["capture"] == "gap-any" or holes[h2] > 0):
                    captures[mover] += holes[h2]
                    holes[h2] = 0
                    captured = True
                if self.sw["relay-condition"] == "next-non-empty":
                    relays = holes[h1] > 0
                else:
                    relays = not (captured and self.sw["after-capture"] == "end-move")
                if relays:
                    if self.sw["relay"] == "take-up-last":
                        following = last
                    elif holes[h1] > 0:
                        following = h1
            if self.sw["end"] == "row-empty-after-lap" and self.a_row_is_empty(holes):
                return "row-empty", laps
            if following is None:
                return "done", laps
            if (following, tuple(holes), tuple(captures)) in seen:
                return "endless", laps
            if laps >= lap_budget:
                return "budget", laps
            origin = following

    def endless_from(self, origin: int) -> bool:
        holes, captures = list(self.holes), list(self.captures)
        return self.play_move(holes, captures, self.to_move, origin, self.move_limit - self.moves)[0] == "endless"

    def begin_decision(self) -> None:
        """Between moves: the end by the rules, the legal moves, or a limit."""
        self.options = []
        if self.sw["end"] != "cannot-move" and self.a_row_is_empty(self.holes):
            self.ending = "over"
            return
        options = [h for h in self.starting_row(self.to_move) if self.holes[h] > 0]
        if self.sw["endless"] == "illegal":
            options = [h for h in options if not self.endless_from(h)]
        if not options:
            self.ending = "over"  # a player who cannot move: the game ends and is scored
            return
        if self.limit_reached():
            self.ending = "unfinished"
            return
        self.options = options

    def legal(self) -> list[str]:
        return [hole_name(h) for h in self.options]

    def play(self, text: str) -> None:
        h = hole_of(text)
        if h not in self.options:
            raise ValueError(f"illegal move {text!r}; legal: {self.legal()}")
        outcome, laps = self.play_move(self.holes, self.captures, self.to_move, h, self.lap_budget(True))
        self.moves += laps
        self.laps += laps
        self.turns += 1
        self.options = []
        if outcome == "done":
            self.to_move = 1 - self.to_move
            self.begin_decision()
        else:
            self.ending = {"row-empty": "over", "endless": "endless", "budget": "unfinished"}[outcome]

    # --- the result -----------------------------------------------------------------------------
    def scores(self) -> tuple[int, int]:
        a, b = self.captures
        if self.sw["remaining"] == "owner":
            a += sum(self.holes[:ROW])
            b += sum(self.holes[ROW:])
        return a, b

    def result(self) -> tuple[str, int | None] | None:
        if self.ending != "over":
            return super().result()
        a, b = self.scores()
        return ("draw", None) if a == b else ("win", 1 if a > b else 2)

    def board(self) -> dict:
        return {"a": self.holes[:ROW], "b": self.holes[ROW:], "captures": list(self.captures)}
