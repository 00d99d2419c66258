"""Lobudök by the archive's words: the statements and switch descriptions of ``data/games/lobudok.yaml``
written out naively, with no code shared with the engine.

Each player's sixteen holes are a list indexed by Beaton's hole number minus one (``a1 .. a16`` for
player 0, ``b1 .. b16`` for player 1): 1-8 the outer row from the player's left, 9-16 the inner row
back from their right; sowing goes up the numbers, round from 16 to 1. The corners are holes 1, 8,
9 and 16. The column of a player's inner hole k holds the opponent's inner hole 25-k and, behind it,
their outer hole k-8.

A lap is *restricted* (corners passed over, under skip-corners) or *released* (every hole sown).
Counts: a move (Ludii's) is every lap taken up from a hole and every pass; a re-sowing belongs to
the capturing lap's move but is a lap of its own in the lap count. Where the archive's texts leave
a combination open, the reading taken is said where it is used (``# open:``).
"""

from __future__ import annotations

from reference.game import Reference

LETTERS = "ab"
HOLES = 16
START = (0, 0, 1, 0, 0, 1, 6, 0, 8, 0, 1, 0, 0, 1, 6, 8)
CORNERS = frozenset((0, 7, 8, 15))
MIDDLE = tuple(k for k in range(HOLES) if k not in CORNERS)
RESERVES = (8, 15)  # holes 9 and 16


class Lobudok(Reference):
    """One game of Lobudök under switch values ``sw`` (full ids or points)."""

    def __init__(self, sw: dict[str, str], turn_limit: int, move_limit: int, last_turn: str = "whole-turn") -> None:
        super().__init__(sw, turn_limit, move_limit, last_turn)
        self.skip_corners = self.sw["restricted-sowing"] == "skip-corners"
        self.per_turn = self.sw["release-permanent"] == "per-turn"
        self.holes = [list(START), list(START)]
        self.released = [False, False]  # release-permanent = permanent only
        self.phase = "start"  # or "choice": per-turn, a lap ended in a corner; restricted or released next
        self.relay_from = -1
        self.turn_start = -1
        self.release_turn = False  # permanent release: this turn is the turn of release
        self.options: list[tuple[int, bool]] = []  # (hole, released lap) per legal move

    # --- setting up -----------------------------------------------------------------------------
    def set_position(self, spec: dict) -> None:
        """A position as the engine's ``position_spec`` describes it."""
        self.holes = [list(spec["a"]), list(spec["b"])]
        self.to_move = spec.get("to_move", 1) - 1
        self.released = list(spec.get("released", [False, False]))
        if "relay_from" in spec:
            self.phase, self.relay_from = "choice", int(spec["relay_from"][1:]) - 1
            self.turn_start = self.relay_from
        if "turn_start" in spec:
            self.turn_start = int(spec["turn_start"][1:]) - 1
        self.passes = spec.get("passes", 0)
        self.begin_decision()

    # --- the board ------------------------------------------------------------------------------
    def walk(self, k: int, skip: bool, start: int = -1) -> int:
        """The hole after k along the track, corners passed over when ``skip``, and hole ``start``."""
        k = (k + 1) % HOLES
        while (skip and k in CORNERS) or k == start:
            k = (k + 1) % HOLES
        return k

    def sow(self, own: list[int], after: int, count: int, skip: bool) -> int:
        """Sow ``count`` counters one a hole into the holes after ``after``; the last hole sown.

        long-lap: a sowing that comes all the way round drops a counter into the hole it started
        from (``after``: the hole taken up, or the re-sowing's anchor) like any other
        (sow-origin), or skips it on every pass round (skip-origin).
        """
        start = after if self.sw["long-lap"] == "skip-origin" else -1
        k = after
        for _ in range(count):
            k = self.walk(k, skip, start)
            own[k] += 1
        return k

    @staticmethod
    def opposite(k: int) -> tuple[int, int]:
        """The opponent's inner and outer holes in the column of inner hole index k."""
        return 23 - k, k - 8

    def middle_ready(self, own: list[int]) -> bool:
        """Some middle hole holds two or more."""
        return any(own[k] >= 2 for k in MIDDLE)

    def opponent_restricted(self, holes: list[list[int]], player: int) -> bool:
        other = 1 - player
        if self.per_turn:
            # open: with per-turn release nothing is remembered; the opponent counts as restricted
            # while their next turn would start restricted (a middle hole of theirs holds two).
            return self.middle_ready(holes[other])
        return not self.released[other]

    def restricted_lap(self, player: int) -> bool:
        """Under permanent release: whether the player's laps are restricted (corners passed over)."""
        return self.skip_corners and not self.released[player]

    # --- a move's laps --------------------------------------------------------------------------
    def run(self, holes: list[list[int]], origin: int, released_lap: bool, turn_start: int,
            budget: int) -> tuple[str, int, int, int]:
        """Sow the laps of the player to move from ``origin`` on ``holes`` (changed in place).

        ``released_lap`` says the kind of the first lap (per-turn release; under permanent release
        the player's state decides). Returns (what happened, the corner of a choice, laps taken up
        from a hole, re-sowings): "done" (the turn ends), "choice" (per-turn: a lap ended in a
        corner holding two or more while no middle hole does), "endless", "budget".
        """
        p = self.to_move
        own, other = holes[p], holes[1 - p]
        seen = set()
        taken = resown = 0
        while True:
            if self.per_turn:
                skip = self.skip_corners and not released_lap
            else:
                skip = self.restricted_lap(p)
            seen.add((origin, tuple(holes[0]), tuple(holes[1])))
            count, own[origin] = own[origin], 0
            last = self.sow(own, origin, count, skip)
            taken += 1
            lap_origin = origin
            while True:  # the capture rule (again after a re-sowing that counts as a lap)
                if own[last] == 1:
                    return "done", -1, taken, resown
                if not self.captures_at(holes, last):
                    break
                inner, outer = self.opposite(last)
                captured = other[inner] + other[outer]
                other[inner] = other[outer] = 0
                anchor = lap_origin if self.sw["resow-from"] == "lap-start" else turn_start
                last = self.sow(own, anchor, captured, skip)
                resown += 1
                if self.sw["end"] == "capture-all" and sum(other) == 0:
                    return "won", -1, taken, resown
                if self.sw["after-resow"] == "end-turn":
                    return "done", -1, taken, resown
                # A re-sowing that lands in an occupied hole is a lap: it may capture again. Its first
                # hole is the hole after the same anchor, so a second re-sowing starts there again.
            # relay from `last` with all its counters
            if self.per_turn:
                if self.skip_corners and not self.middle_ready(own):
                    return "choice", last, taken, resown
                released_lap = False
            if (last, tuple(holes[0]), tuple(holes[1])) in seen:
                return "endless", -1, taken, resown
            if taken >= budget:
                return "budget", -1, taken, resown
            origin = last

    def captures_at(self, holes: list[list[int]], k: int) -> bool:
        """A lap of the player to move ending in occupied hole k captures."""
        p = self.to_move
        if k < 8:
            return False
        inner, outer = self.opposite(k)
        if holes[1 - p][inner] == 0 or holes[1 - p][outer] == 0:
            return False
        if k in RESERVES and self.sw["restricted-capture"] == "in-use-holes" and self.opponent_restricted(holes, p):
            return False
        return True

    def endless_from(self, origin: int, released_lap: bool) -> bool:
        holes = [list(self.holes[0]), list(self.holes[1])]
        turn_start = self.turn_start if self.phase == "choice" else origin
        return self.run(holes, origin, released_lap, turn_start, self.move_limit - self.moves)[0] == "endless"

    # --- legal moves ----------------------------------------------------------------------------
    def lap_options(self) -> list[tuple[int, bool]]:
        """The laps the player to move may take up: (hole, released lap)."""
        p = self.to_move
        own = self.holes[p]
        if self.phase == "choice":
            out = [(self.relay_from, False), (self.relay_from, True)]
        elif self.per_turn:
            out = [(k, False) for k in MIDDLE if own[k] >= 2]
            if not out:
                corners = RESERVES if self.sw["release"] == "reserve-holes" else sorted(CORNERS)
                out = [(k, True) for k in corners if own[k] >= 2]
        elif not self.released[p]:
            out = [(k, False) for k in MIDDLE if own[k] >= 2]
        elif self.release_turn and self.sw["release"] == "reserve-holes":
            out = [(k, False) for k in RESERVES if own[k] >= 2]
        else:
            out = [(k, False) for k in range(HOLES) if own[k] >= 2]
        if self.sw["endless"] == "illegal":
            out = [(k, r) for k, r in out if not self.endless_from(k, r)]
        return out

    def notation(self, k: int, released_lap: bool) -> str:
        suffix = "+" if released_lap and self.phase == "choice" else ""
        return f"{LETTERS[self.to_move]}{k + 1}{suffix}"

    def legal(self) -> list[str]:
        if self.ending:
            return []
        if not self.options:
            return ["pass"]
        return [self.notation(k, r) for k, r in self.options]

    # --- the turn -------------------------------------------------------------------------------
    def begin_decision(self) -> None:
        """Before each decision: release, the end by the rules, the legal moves, a limit."""
        p = self.to_move
        self.release_turn = False
        if self.sw["end"] == "capture-all":
            for q in (p, 1 - p):
                if sum(self.holes[q]) == 0:
                    self.end("win", 1 - q)
                    return
        if self.phase == "start" and not self.per_turn and not self.released[p] \
                and not self.middle_ready(self.holes[p]):
            self.released[p] = True
            self.release_turn = True
        self.options = self.lap_options()
        if not self.options and (self.sw["end"] == "cannot-move" or self.sw["no-move"] == "lose"):
            if self.sw["end"] == "cannot-move":
                if self.limit_reached():  # the forced pass would come past the limit: Ludii stops first
                    self.end("unfinished", None)
                    return
                self.turns += 1  # Ludii records a forced pass before the loss: one turn, one move
                self.moves += 1
            self.end("win", 1 - p)  # a stuck player loses (else passes)
            return
        if self.limit_reached():
            self.end("unfinished", None)

    def end_turn(self) -> None:
        self.phase = "start"
        super().end_turn()

    def play(self, text: str) -> None:
        legal = self.decide(text)
        p = self.to_move
        if text == "pass":
            self.pass_turn()
            return
        self.passes = 0
        k, released_lap = self.options[legal.index(text)]
        first = self.phase == "start"
        if first:
            self.turn_start = k
        cut = self.cut_here(first)
        what, corner, taken, resown = self.run(self.holes, k, released_lap, self.turn_start, self.lap_budget(first))
        self.moves += taken
        self.laps += taken + resown
        if what == "done":
            self.end_turn()
        elif what == "won":
            self.end("win", p)
        elif what == "choice" and cut:  # the turn limit's last turn ends with its first lap
            self.end("unfinished", None)
        elif what == "choice":
            self.phase, self.relay_from = "choice", corner
            self.begin_decision()
        elif what == "endless":
            self.end("endless", None)
        else:
            self.end("unfinished", None)

    # --- what the lockstep compares -------------------------------------------------------------
    def board(self) -> dict:
        return {"a": list(self.holes[0]), "b": list(self.holes[1]), "released": list(self.released)}
