"""The columns of a compiled playout's per-game row: what the comparator measures from self-play.

Every game module's ``Rules.playouts`` returns an int64 array of shape ``(games, N_COLUMNS)`` with
these columns, so that one comparator measures every game the same way (the names follow the
Digital Ludeme Project's measures, see the comparator).
"""

from numba import njit

STATUS = 0
"""engine.result status: OVER, ENDLESS or UNFINISHED."""
SCORE_1 = 1
"""Player 1's score (what decides the winner of a game that ended by its rules)."""
SCORE_2 = 2
"""Player 2's score."""
TURNS = 3
"""Turns: everything one player does before the other moves counts as one."""
MOVES = 4
"""Moves in Ludii's sense: every lap, every decision (capture choices, removals)."""
FIRST = 5
"""Who started: 1 or 2."""
SEED = 6
"""The game's own seed (replaying it with the random agent gives the same game)."""
DECISIONS = 7
"""Positions at which a player chose a move (forced ones, with one legal move, included)."""
CHOICES = 8
"""Decisions with more than one legal move (Ludii's DecisionMoves counts these)."""
LEGAL_SUM = 9
"""The number of legal moves summed over the decisions (BranchingFactor = LEGAL_SUM / DECISIONS)."""
COVERED = 10
"""Board sites (holes, points) occupied at some point of the game (BoardCoverage = COVERED / SITES)."""
SITES = 11
"""Board sites in all."""
LAPS = 12
"""Sowing laps (mancala); 0 for games without sowing."""
WINNER = 13
"""1 or 2, or 0 when no one won (a draw, an endless game, a game stopped by a limit)."""
N_COLUMNS = 14

NAMES = (
    "status", "score_1", "score_2", "turns", "moves", "first", "seed", "decisions", "choices",
    "legal_sum", "covered", "sites", "laps", "winner",
)
"""Column names, in order (for CSV and debugging)."""


@njit(cache=True, inline="always")
def record(row, status, score_1, score_2, turns, moves, first, covered, sites, laps, winner):
    """Write the columns a state decides into ``row`` (each game's ``finish`` kernel calls this)."""
    row[STATUS] = status
    row[SCORE_1] = score_1
    row[SCORE_2] = score_2
    row[TURNS] = turns
    row[MOVES] = moves
    row[FIRST] = first
    row[COVERED] = covered
    row[SITES] = sites
    row[LAPS] = laps
    row[WINNER] = winner
