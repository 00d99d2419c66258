"""Tsoro (Additional Capture) by the archive's words: the statements and switch descriptions of
``data/games/tsoro-additional-capture.yaml`` written out naively, with no code shared with the engine.

Each player's 2N holes are a list indexed by hole number minus one (``a1 .. a2N`` for player 0,
``b1 .. b2N`` for player 1): holes 1..N are the outer row from the player's left, N+1..2N the inner
row back from their right, and sowing goes up the numbers, round from 2N to 1. The column of a
player's inner hole k holds the opponent's inner hole 3N+1-k and, behind it, their outer hole k-N.

Counts: a move (Ludii's) is every lap, extra capture, pass, stop and misoro choice; a turn is all
one player does before the other moves (each misoro choice is a turn).
"""

from __future__ import annotations

from reference.game import Reference

LETTERS = "ab"


class Tsoro(Reference):
    """One game of Tsoro (Additional Capture) under switch values ``sw`` (full ids or points)."""

    def __init__(self, sw: dict[str, str], turn_limit: int, move_limit: int, last_turn: str = "whole-turn") -> None:
        super().__init__(sw, turn_limit, move_limit, last_turn)
        self.n = int(self.sw["holes"])
        self.length = 2 * self.n
        self.extra = int(self.sw["extra-captures"])
        self.holes = [[2] * self.n + [0] * self.n for _ in range(2)]
        self.captures = [0, 0]
        self.misoro: list[set[int]] = [set(), set()]  # hole indexes (number - 1)
        self.phase = "setup" if self.sw["heads"] == "immune" else "start"
        self.pending = 0  # extra captures still due
        self.stop_at = -1  # the head or misoro where a lap ended (phase "stop")

    # --- setting up -----------------------------------------------------------------------------
    def set_position(self, spec: dict) -> None:
        """A position as the engine's ``position_spec`` describes it."""
        self.holes = [list(spec["a"]), list(spec["b"])]
        self.captures = list(spec.get("captures", [0, 0]))
        self.to_move = spec.get("to_move", 1) - 1
        misoro = spec.get("misoro", {})
        self.misoro = [{int(h[1:]) - 1 for h in misoro.get(key, [])} for key in LETTERS]
        chosen = len(self.misoro[0]) + len(self.misoro[1])
        self.phase = "setup" if self.sw["heads"] == "immune" and chosen < 4 else "start"
        if spec.get("extra_captures"):
            self.phase, self.pending = "extra", spec["extra_captures"]
        if spec.get("stop_at") is not None:
            self.phase, self.stop_at = "stop", int(spec["stop_at"][1:]) - 1
        self.passes = spec.get("passes", 0)
        self.begin_decision()

    # --- the board ------------------------------------------------------------------------------
    def name(self, player: int, k: int) -> str:
        return f"{LETTERS[player]}{k + 1}"

    def nxt(self, k: int) -> int:
        return (k + 1) % self.length

    def inner(self, k: int) -> bool:
        return k >= self.n

    def opposite(self, k: int) -> tuple[int, int]:
        """The opponent's inner and outer holes (indexes) in the column of inner hole index k."""
        number = k + 1
        return 3 * self.n + 1 - number - 1, number - self.n - 1

    def may_stop(self, player: int, k: int) -> bool:
        """A lap of ``player`` ending in occupied hole k may stop there (a head or a misoro)."""
        if self.sw["heads"] == "stop-hole":
            return k == self.n - 1  # the rightmost hole of the player's outer row
        return self.sw["heads"] == "immune" and k in self.misoro[player]

    # --- legal moves ----------------------------------------------------------------------------
    def starts(self) -> list[int]:
        own = self.holes[self.to_move]
        big = [k for k in range(self.length) if own[k] >= 2]
        if big:
            out = big
        else:
            out = [k for k in range(self.length) if own[k] == 1 and own[self.nxt(k)] == 0]
        if self.sw["endless"] == "illegal":
            out = [k for k in out if not self.endless_from(k)]
        return out

    def extra_targets(self) -> list[int]:
        other = 1 - self.to_move
        return [k for k in range(self.length) if self.holes[other][k] > 0 and k not in self.misoro[other]]

    def legal(self) -> list[str]:
        if self.ending:
            return []
        p = self.to_move
        if self.phase == "setup":
            return [self.name(p, k) for k in range(self.n) if k not in self.misoro[p]]
        if self.phase == "extra":
            return [self.name(1 - p, k) for k in self.extra_targets()]
        if self.phase == "stop":
            relay = [] if self.sw["endless"] == "illegal" and self.endless_from(self.stop_at) else [self.stop_at]
            return [self.name(p, k) for k in relay] + ["stop"]
        starts = self.starts()
        return [self.name(p, k) for k in starts] if starts else ["pass"]

    # --- sowing ---------------------------------------------------------------------------------
    def run(self, holes: list[list[int]], origin: int, budget: int) -> tuple[str, int, int]:
        """Sow laps of the player to move from hole ``origin`` on ``holes`` (changed in place).

        Returns (what happened, where, laps sown): ("done", -1) the turn ends; ("capture", k) the
        lap ended in the empty inner hole k with a capture to make; ("stop", k) a lap ended in the
        occupied head or misoro k; ("endless", -1) a lap was about to start from a hole with the
        board as at the start of an earlier lap of this run; ("budget", -1) ``budget`` laps sown
        and the run still going.
        """
        p = self.to_move
        own = holes[p]
        seen = set()
        n = 0
        while True:
            seen.add((origin, tuple(holes[0]), tuple(holes[1])))
            count, own[origin] = own[origin], 0
            k = origin
            for _ in range(count):
                k = self.nxt(k)
                own[k] += 1
            n += 1
            if own[k] == 1:  # the last counter fell into an empty hole
                opp_inner, _ = self.opposite(k) if self.inner(k) else (-1, -1)
                single_ok = count > 1 or self.sw["singleton-capture"] == "yes"
                if opp_inner >= 0 and single_ok and holes[1 - p][opp_inner] > 0:
                    return "capture", k, n
                return "done", -1, n
            if self.may_stop(p, k):
                return "stop", k, n
            if (k, tuple(holes[0]), tuple(holes[1])) in seen:
                return "endless", -1, n
            if n >= budget:
                return "budget", -1, n
            origin = k

    def endless_from(self, origin: int) -> bool:
        holes = [list(self.holes[0]), list(self.holes[1])]
        return self.run(holes, origin, self.move_limit - self.moves)[0] == "endless"

    # --- the turn -------------------------------------------------------------------------------
    def side(self, player: int) -> int:
        return sum(self.holes[player])

    def begin_decision(self) -> None:
        """Before each decision: the end by the rules or by a limit."""
        p = self.to_move
        if self.phase == "start" and self.sw["end"] == "cannot-move" and not self.starts():
            self.end("win", 1 - p)
            return
        if self.phase == "start" and self.sw["end"] == "capture-all":
            for q in (p, 1 - p):
                if self.side(q) == 0:
                    self.end("win", 1 - q)
                    return
            if not self.starts() and self.sw["no-move"] == "lose":
                self.end("win", 1 - p)
                return
        if self.limit_reached():
            self.end("unfinished", None)

    def end_turn(self) -> None:
        self.phase = "setup" if self.sw["heads"] == "immune" and sum(map(len, self.misoro)) < 4 else "start"
        super().end_turn()

    def sow_from(self, origin: int) -> None:
        p = self.to_move
        first = self.phase == "start"
        cut = self.cut_here(first)
        what, k, n = self.run(self.holes, origin, self.lap_budget(first))
        self.moves += n
        self.laps += n
        if what == "done":
            self.end_turn()
        elif what == "stop" and cut:  # the turn limit's last turn ends with its first lap
            self.end("unfinished", None)
        elif what == "stop":
            self.phase, self.stop_at = "stop", k
            self.begin_decision()
        elif what == "endless":
            self.end("endless", None)
        elif what == "budget":
            self.end("unfinished", None)
        else:
            inner, outer = self.opposite(k)
            other = self.holes[1 - p]
            self.captures[p] += other[inner] + other[outer]
            other[inner] = other[outer] = 0
            if self.sw["end"] == "capture-all" and self.side(1 - p) == 0:
                self.end("win", p)
                return
            self.pending = self.extra
            self.phase = "extra"
            if not self.extra_targets():
                self.end_turn()
            elif cut:  # the turn limit's last turn ends with its first lap: no extra capture
                self.end("unfinished", None)
            else:
                self.begin_decision()

    def play(self, text: str) -> None:
        self.decide(text)
        p = self.to_move
        if text == "pass":
            self.pass_turn()
            return
        self.moves += 1  # a decision; a sowing's laps are counted by sow_from instead
        if self.phase == "setup":
            self.misoro[p].add(int(text[1:]) - 1)
            self.end_turn()
        elif text == "stop":
            self.end_turn()
        elif self.phase == "extra":
            k = int(text[1:]) - 1
            self.captures[p] += self.holes[1 - p][k]
            self.holes[1 - p][k] = 0
            self.pending -= 1
            if self.sw["end"] == "capture-all" and self.side(1 - p) == 0:
                self.end("win", p)
            elif self.pending and self.extra_targets():
                self.begin_decision()
            else:
                self.end_turn()
        else:
            self.moves -= 1
            self.passes = 0
            self.sow_from(int(text[1:]) - 1)

    # --- what the lockstep compares -------------------------------------------------------------
    def board(self) -> dict:
        out = {"a": list(self.holes[0]), "b": list(self.holes[1]), "captures": list(self.captures)}
        if self.misoro[0] or self.misoro[1]:
            out["misoro"] = {LETTERS[q]: [self.name(q, k) for k in sorted(self.misoro[q])] for q in (0, 1)}
        return out
