"""Tauru's kernels against a plain reference: the archive's switch descriptions written out naively.

``Reference`` below plays Tauru on a dict of points with sets and loops, written from the
descriptions in ``data/games/tauru.yaml`` without the engine's bit boards, window tables, fast
paths or move numbers. Random games under random switch values (hypothesis) are played on both
side by side: at every decision the legal moves, the player to move, the board, the hands and
the ending must agree.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.agents import RandomAgent
from engine.games import GAMES

TAURU = GAMES["tauru"]
ROWS, COLS = 5, 6
AXES_ORTHOGONAL = ((0, 1), (1, 0))
AXES_ALL = ((0, 1), (1, 0), (1, 1), (1, -1))
STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))


def name(p: tuple[int, int]) -> str:
    return f"{'abcdef'[p[1]]}{p[0] + 1}"


def on_board(r: int, c: int) -> bool:
    return 0 <= r < ROWS and 0 <= c < COLS


class Reference:
    """Tauru by the archive's words. Players are 0 and 1; points are (row, column) from a1."""

    def __init__(self, sw: dict[str, str], first: int, turn_limit: int, move_limit: int) -> None:
        self.sw = {k.split(".", 1)[1]: v for k, v in sw.items()}
        self.axes = AXES_ALL if self.sw["directions"] == "all" else AXES_ORTHOGONAL
        self.turn_limit, self.move_limit = turn_limit, move_limit
        self.board: dict[tuple[int, int], int] = {}
        self.hands = [12, 12]
        self.to_move = first
        self.phase = "placement"
        self.stage = "turn"  # turn, removal, second
        self.passes = 0
        self.last = None
        self.placed = 0
        self.removed = False
        self.pending: set[tuple[int, int]] = set()
        self.recorded: list[set[frozenset]] = [set(), set()]
        self.seen: list[tuple] = []
        self.turns = 0
        self.moves = 0
        self.ending: str | None = None
        self.winner: int | None = None
        self.start_turn()

    # --- lines --------------------------------------------------------------------------------
    def run(self, board, p, axis) -> set:
        """The run of p's owner through p along axis."""
        who = board[p]
        out = {p}
        for sign in (1, -1):
            r, c = p
            while True:
                r, c = r + sign * axis[0], c + sign * axis[1]
                if not on_board(r, c) or board.get((r, c)) != who:
                    break
                out.add((r, c))
        return out

    def counts(self, run: set) -> bool:
        return len(run) == 3 or (len(run) > 3 and self.sw["long-lines"] != "ignored")

    def lines_through(self, board, p) -> list[set]:
        return [r for r in (self.run(board, p, a) for a in self.axes) if self.counts(r)]

    def long_through(self, board, p) -> bool:
        return any(len(self.run(board, p, a)) >= 4 for a in self.axes)

    # --- legal moves --------------------------------------------------------------------------
    def placements(self, player) -> list[str]:
        if self.hands[player] == 0:
            return []
        out = []
        for r in range(ROWS):
            for c in range(COLS):
                if (r, c) in self.board:
                    continue
                after = dict(self.board)
                after[(r, c)] = player
                if self.sw["placement-lines"] == "forbidden" and self.lines_through(after, (r, c)):
                    continue
                if self.sw["long-lines"] == "forbidden" and self.long_through(after, (r, c)):
                    continue
                out.append(name((r, c)))
        return out

    def steps(self, player) -> list[str]:
        out = []
        for p, who in self.board.items():
            if who != player:
                continue
            for dr, dc in STEPS:
                q = (p[0] + dr, p[1] + dc)
                if not on_board(*q) or q in self.board:
                    continue
                after = dict(self.board)
                del after[p]
                after[q] = player
                if self.sw["long-lines"] == "forbidden" and self.long_through(after, q):
                    continue
                out.append(f"{name(p)}-{name(q)}")
        return out

    def legal(self) -> list[str]:
        if self.ending:
            return []
        if self.stage == "removal":
            return ["x" + name(p) for p in self.candidates]
        if self.stage == "second":
            return self.placements(self.to_move)
        if self.phase == "placement":
            return self.placements(self.to_move) or ["pass"]
        return self.steps(self.to_move) or ["pass"]

    # --- the turn -----------------------------------------------------------------------------
    def total(self, player) -> int:
        return sum(1 for w in self.board.values() if w == player) + self.hands[player]

    def start_turn(self) -> None:
        self.stage, self.placed, self.removed = "turn", 0, False
        me, other = self.to_move, 1 - self.to_move
        a, b = self.total(me), self.total(other)
        rule = self.sw["last-capture"]
        if rule == "last-capturer":
            if a == 0 or b == 0 or (a < 3 and b < 3):
                self.end("win" if self.last is not None else "draw", self.last)
                return
        else:
            low = 1 if rule == "capture-all" else 3
            if a < low:
                self.end("win", other)
                return
            if b < low:
                self.end("win", me)
                return
        if self.sw["repetition"] == "ends-game":
            key = (frozenset(self.board.items()), tuple(self.hands), self.to_move)
            if key in self.seen:
                self.end("repetition", None)
                return
            self.seen.append(key)
        if self.phase == "placement" and not self.placements(me) and not self.placements(other):
            self.phase = "movement"
            self.passes = 0
        if self.phase == "movement" and not self.steps(me) and self.sw["no-move"] == "lose":
            self.end("win", other)
            return
        if self.moves >= self.move_limit or self.turns >= self.turn_limit:
            self.end("unfinished", None)

    def end(self, ending: str, winner: int | None) -> None:
        self.ending, self.winner = ending, winner

    def arrive(self, p, placing: bool) -> bool:
        me = self.to_move
        lines = self.lines_through(self.board, p)
        enemy = {q for q, w in self.board.items() if w != me}
        if placing and self.sw["placement-lines"] != "capture" or self.removed or not enemy:
            return False
        if self.sw["standing-line"] == "new-only":
            lines = [ln for ln in lines if frozenset(ln) not in self.recorded[me]]
        if not lines:
            return False
        removal = self.sw["removal"]
        if removal == "any":
            cand = enemy
        elif removal == "not-in-line":
            cand = {q for q in enemy if not self.lines_through(self.board, q)}
        else:
            near = {(q[0] + dr, q[1] + dc) for ln in lines for q in ln for dr, dc in STEPS}
            cand = enemy & near
        if not cand:
            return False
        if self.sw["standing-line"] == "new-only":
            self.recorded[me] |= {frozenset(ln) for ln in lines}
        self.candidates = sorted(cand)
        self.stage = "removal"
        return True

    def play(self, text: str) -> None:
        assert text in self.legal(), (text, self.legal())
        me = self.to_move
        self.moves += 1
        pending = False
        if text == "pass":
            if self.phase == "movement":
                self.passes += 1
        elif text.startswith("x"):
            p = (int(text[2]) - 1, "abcdef".index(text[1]))
            del self.board[p]
            self.removed, self.last = True, me
        elif "-" in text:
            a, b = text.split("-")
            f, t = (int(a[1]) - 1, "abcdef".index(a[0])), (int(b[1]) - 1, "abcdef".index(b[0]))
            del self.board[f]
            self.board[t] = me
            self.passes = 0
            pending = self.arrive(t, False)
        else:
            p = (int(text[1]) - 1, "abcdef".index(text[0]))
            self.board[p] = me
            self.hands[me] -= 1
            self.placed += 1
            self.passes = 0
            pending = self.arrive(p, True)
        if not pending and text != "pass" and self.phase == "placement" and self.placed == 1 \
                and self.sw["per-turn"] == "two" and self.placements(me):
            self.stage = "second"
            pending = True
        if pending:
            if self.moves >= self.move_limit:
                self.turns += 1  # a turn during which the game ends counts as played (statement counting)
                self.end("unfinished", None)
            return
        self.turns += 1
        self.to_move = 1 - me
        if self.passes >= 2:
            self.end("draw", None)
            return
        self.start_turn()

    def rows(self) -> list[str]:
        return ["".join(".xo"[self.board[(r, c)] + 1] if (r, c) in self.board else "." for c in range(COLS))
                for r in reversed(range(ROWS))]


switch_values = st.fixed_dictionaries({s.id: st.sampled_from(s.options) for s in TAURU.switches})


def compare(switches: dict[str, str], seed: int, agent_seed: int, turn_limit: int = 2500,
            move_limit: int = 10000) -> int:
    """Play one random game on the engine and the reference side by side; return its decisions."""
    game = engine.load_game("tauru", switches=switches, turn_limit=turn_limit, move_limit=move_limit)
    s = game.new_state(seed)
    ref = Reference(switches, s.to_move - 1 if s.to_move else 0, turn_limit, move_limit)
    agent = RandomAgent(agent_seed)
    n = 0
    while True:
        assert sorted(s.legal_moves_text()) == sorted(ref.legal()), (n, s.history())
        assert s.is_terminal() == (ref.ending is not None), n
        assert s.board()["rows"] == ref.rows() and s.board()["hands"] == ref.hands, n
        if s.is_terminal():
            break
        assert s.to_move == ref.to_move + 1
        move = s.move_to_text(agent.choose(s))
        s.apply(move)
        ref.play(move)
        n += 1
    res = s.result()
    assert res.ending == ref.ending
    assert res.winner == (None if ref.winner is None else ref.winner + 1)
    assert (s.turns, s.moves_made) == (ref.turns, ref.moves)
    return n


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(switches=switch_values, seed=st.integers(0, 2**63 - 1), agent=st.integers(0, 10**9))
def test_random_games_agree_with_the_reference(switches, seed, agent):
    compare(switches, seed, agent, turn_limit=150)


def test_every_archive_ruleset_agrees_with_the_reference_over_whole_games():
    from engine import rulesets

    for r in rulesets.rulesets("tauru"):
        for seed in range(3):
            assert compare(r.choices, seed, seed) > 0, r.id


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(switches=switch_values, seed=st.integers(0, 2**63 - 1), agent=st.integers(0, 10**9),
       move_limit=st.integers(2, 80))
def test_games_cut_short_by_the_move_limit_agree_with_the_reference(switches, seed, agent, move_limit):
    """Short move limits cut turns in the middle (between a line and its removal, or two placements):
    the turn cut short counts as played on both sides (statement counting)."""
    compare(switches, seed, agent, move_limit=move_limit)
