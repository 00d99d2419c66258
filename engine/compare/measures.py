"""The Digital Ludeme Project's measures of self-play, computed from per-game rows, with 95% intervals.

Input: rows with the columns of ``engine.stats`` (what every game's compiled ``Rules.playouts``
returns, and what agent games played through the Python API produce), plus the comparator's own
``SEAT_A`` column (which seat agent A held; 0 in self-play). Notation: u is a player's result
(win 1, loss -1, anything else 0: a draw, an endless game, a game stopped by a limit or by a
repeated position).

Ludii's "P1" is the player who moves first (Ludii's player 1 starts unless a game says
otherwise). The engine draws the first player by lot in some readings, so here P1 is the player
who moved first in each game (the row's ``first``), not seat 1; for readings where player 1
always starts the two agree.

===================== ======================================================= ==============
key                   definition                                              interval
===================== ======================================================= ==============
advantage_p1          mean of (u_first + 1) / 2 (a draw or no result: 1/2)    bootstrap
balance               1 - |r_first - r_second|, r = mean of (u + 1) / 2       bootstrap
balance_finished      balance over the games the rules ended (a winner or a   bootstrap
                      draw by the rules): unfinished games left out
completion            share of games with a winner                            Wilson
drawishness           share of games that ended by the rules in a draw        Wilson
timeouts              share of games stopped by the turn or move limit        Wilson
endless               share of games ended by a move proved endless           Wilson
repetitions           share of games ended by a repeated position (a rule)    Wilson
outcome_uniformity    1 - mean over players of the variance (ddof 0) of u     bootstrap
duration_turns        mean turns                                              bootstrap
duration_turns_sd     standard deviation of turns (ddof 1)                    bootstrap
duration_turns_median median turns                                            order statistics
duration_moves        mean moves (laps and decisions, Ludii's moves)          bootstrap
decision_moves        mean over games of (decisions with > 1 legal move) /    bootstrap
                      moves
branching_factor      mean over games of (legal moves summed over decisions)  bootstrap
                      / decisions
board_coverage        mean over games of (sites ever occupied) / sites        bootstrap
laps_per_move         mean over games of laps / turns (mancala only)          bootstrap
agent_score           mean of (u_A + 1) / 2 of agent A (pairings only)        bootstrap
===================== ======================================================= ==============

A game with no moves (or no decisions, or no turns) counts 0 in the ratio measures.
``balance`` counts a game stopped by a limit as a half to each player, so a reading whose games do
not finish looks balanced; ``balance_finished`` is the same figure over the finished games only
(a ratio estimator: its bootstrap resamples whole games, finished or not), unknown when none
finished.

Each measure also states its **practical threshold**: the smallest difference between two readings
that a user would act on (``Measure.practical``; relative to the smaller value where
``Measure.relative``). A difference is reported as a finding only when it passes that threshold as
well as the 95% intervals (engine.compare.findings). The thresholds are Variorum's own: the DLP
publishes the measures, not what difference in them matters. Measures with no threshold
(``outcome_uniformity``, the spread of durations...) describe a game but are never findings by
themselves. Rates use
Wilson intervals (scipy.stats.binomtest), means bootstrap intervals (scipy.stats.bootstrap,
percentile method, resamples of whole games), the median the order-statistic interval of
scipy.stats.quantile_test (see engine.compare.intervals). ``laps_per_move`` is reported when the
game sows (some game of the run has a lap) and every game's laps are known; ``board_coverage``
always (every game's row counts the sites it occupied).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from engine import stats as S
from engine.compare.intervals import DEFAULT_RESAMPLES, Interval, bootstrap_batch, median_interval, wilson
from engine.result import ENDLESS, OVER, REPETITION, UNFINISHED

SEAT_A = S.N_COLUMNS
"""The comparator's extra column: the seat (1 or 2) of agent A in a pairing, 0 in self-play."""
N_ROW_COLUMNS = S.N_COLUMNS + 1



@dataclass(frozen=True)
class Measure:
    """One measure: its name (the one name used by the CLI, the JSON, the results database and the
    pages), the Digital Ludeme Project's name for it (None where the DLP has no such measure), the
    kind of interval it gets, and a one-line definition."""

    key: str
    dlp: str | None
    kind: str  # "rate", "bootstrap" or "median"
    definition: str
    practical: float | None = None
    """The smallest difference between two readings worth reporting (None: never a finding)."""
    relative: bool = False
    """Whether ``practical`` is a ratio (the larger value at least ``1 + practical`` times the smaller)."""
    plain: str = ""
    """The measure in a historian's words, for findings ("games that end with a winner")."""

    def to_dict(self) -> dict[str, str | None]:
        """The glossary entry, as the CLI's JSON, the results database and the site give it."""
        return {"key": self.key, "dlp": self.dlp, "definition": self.definition, "interval": self.kind,
                "practical": self.threshold_text}

    def practical_gap(self, a: float, b: float) -> bool:
        """Whether values ``a`` and ``b`` differ by at least the practical threshold."""
        if self.practical is None:
            return False
        if self.relative:
            lo, hi = sorted((abs(a), abs(b)))
            return hi >= lo * (1 + self.practical) if lo > 0 else hi > 0
        return abs(a - b) >= self.practical

    @property
    def threshold_text(self) -> str:
        """The practical threshold in words ("10 percentage points", "a quarter longer")."""
        if self.practical is None:
            return "none (not reported as a finding)"
        if self.relative:
            return f"{self.practical:.0%} more"
        return f"{self.practical * 100:g} percentage points" if self.kind == "rate" else f"{self.practical:g}"


MEASURES: tuple[Measure, ...] = (
    Measure("advantage_p1", "AdvantageP1", "bootstrap", "the first mover's mean score: a win 1, a draw or no result 1/2",
            0.05, plain="the first mover's mean score"),
    Measure("balance", "Balance", "bootstrap", "1 minus the gap between the two players' mean scores",
            0.1, plain="balance between the players (unfinished games count a half each)"),
    Measure("balance_finished", None, "bootstrap",
            "balance over the games the rules ended (a winner or a draw by the rules), unfinished games left out",
            0.1, plain="balance between the players in the games that finish"),
    Measure("completion", "Completion", "rate", "share of games that end with a winner",
            0.1, plain="games that end with a winner"),
    Measure("drawishness", "Drawishness", "rate", "share of games that the rules end in a draw",
            0.1, plain="games the rules end in a draw"),
    Measure("timeouts", "Timeouts", "rate", "share of games stopped by the turn or move limit",
            0.1, plain="games stopped unfinished by the turn or move limit"),
    Measure("endless", None, "rate", "share of games ended by a move proved endless (Ludii counts these among Timeouts)",
            0.1, plain="games ended by a move that never stops sowing"),
    Measure("repetitions", None, "rate", "share of games ended by a repeated position, under a rule that ends them so",
            0.1, plain="games ended by a repeated position"),
    Measure("outcome_uniformity", "OutcomeUniformity", "bootstrap", "1 minus the mean variance of each player's results"),
    Measure("duration_turns", "DurationTurns", "bootstrap", "mean number of turns in a game",
            0.25, True, plain="the length of a game in turns"),
    Measure("duration_turns_sd", None, "bootstrap", "standard deviation of the number of turns"),
    Measure("duration_turns_median", None, "median", "median number of turns"),
    Measure("duration_moves", "DurationMoves", "bootstrap", "mean number of moves in a game (sowing laps and decisions)"),
    Measure("decision_moves", "DecisionMoves", "bootstrap", "share of moves made with more than one legal move to choose from",
            0.1, plain="the share of moves that leave a choice"),
    Measure("branching_factor", "BranchingFactor", "bootstrap", "mean number of legal moves at a decision",
            0.25, True, plain="the number of moves to choose from"),
    Measure("board_coverage", "BoardCoverage", "bootstrap", "share of the board's sites occupied at some point of a game"),
    Measure("laps_per_move", None, "bootstrap", "sowing laps per turn (mancala games)",
            0.25, True, plain="sowing laps a turn"),
    Measure("agent_score", None, "bootstrap", "agent A's mean score in a pairing: a win 1, a draw 1/2",
            0.05, plain="agent A's mean score"),
)
BY_KEY = {m.key: m for m in MEASURES}

# Per-game columns the bootstrap averages (see _derive).
_ADV, _U, _U2, _T, _T2, _MOV, _DEC, _BF, _COV, _LAPS, _AGENT, _FIN, _ADV_FIN = range(13)
_N_COLS = 13
_BOOT = ("advantage_p1", "balance", "balance_finished", "outcome_uniformity", "duration_turns", "duration_turns_sd",
         "duration_moves", "decision_moves", "branching_factor", "board_coverage", "laps_per_move",
         "agent_score")


def _ratio(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    num = num.astype(np.float64)
    den = den.astype(np.float64)
    return np.divide(num, den, out=np.zeros_like(num), where=den > 0)


def game_columns(rows: np.ndarray) -> np.ndarray:
    """The per-game values the bootstrap measures average: ``(games, 13)`` floats."""
    rows = np.asarray(rows)
    first = rows[:, S.FIRST]
    winner = rows[:, S.WINNER]
    u_first = np.where(winner == 0, 0, np.where(winner == first, 1, -1)).astype(np.float64)
    turns = rows[:, S.TURNS].astype(np.float64)
    seat_a = rows[:, SEAT_A] if rows.shape[1] > SEAT_A else np.zeros(len(rows), dtype=np.int64)
    u_a = np.where((winner == 0) | (seat_a == 0), 0, np.where(winner == seat_a, 1, -1))
    out = np.empty((len(rows), _N_COLS))
    out[:, _ADV] = (u_first + 1) / 2
    out[:, _U] = u_first
    out[:, _U2] = u_first * u_first
    out[:, _T] = turns
    out[:, _T2] = turns * turns
    out[:, _MOV] = rows[:, S.MOVES]
    out[:, _DEC] = _ratio(rows[:, S.CHOICES], rows[:, S.MOVES])
    out[:, _BF] = _ratio(rows[:, S.LEGAL_SUM], rows[:, S.DECISIONS])
    out[:, _COV] = _ratio(rows[:, S.COVERED], rows[:, S.SITES])
    out[:, _LAPS] = _ratio(rows[:, S.LAPS], rows[:, S.TURNS])
    out[:, _AGENT] = (u_a + 1) / 2
    out[:, _FIN] = rows[:, S.STATUS] == OVER
    out[:, _ADV_FIN] = out[:, _ADV] * out[:, _FIN]
    return out


def _derive(m: np.ndarray, n: int) -> np.ndarray:
    """Measures from column means ``m`` (..., 13) of ``n`` games, in the order of ``_BOOT``.

    balance: the second mover's mean score is 1 - the first's (u_second = -u_first), so
    1 - |r_first - r_second| = 1 - |2 r_first - 1|; outcome uniformity: both players' results have
    the same variance, E[u^2] - E[u]^2; balance over finished games: the first mover's mean score
    among them is E[adv x finished] / E[finished] (NaN, reported unknown, when none finished).
    """
    adv = m[..., _ADV]
    with np.errstate(invalid="ignore", divide="ignore"):
        adv_fin = m[..., _ADV_FIN] / m[..., _FIN]
    var_u = np.maximum(m[..., _U2] - m[..., _U] ** 2, 0.0)
    var_t = np.maximum(m[..., _T2] - m[..., _T] ** 2, 0.0) * (n / (n - 1))
    return np.stack([
        adv,
        1 - np.abs(2 * adv - 1),
        1 - np.abs(2 * adv_fin - 1),
        1 - var_u,
        m[..., _T],
        np.sqrt(var_t),
        m[..., _MOV],
        m[..., _DEC],
        m[..., _BF],
        m[..., _COV],
        m[..., _LAPS],
        m[..., _AGENT],
    ], axis=-1)


def measure_keys(sowing: bool, pairing: bool) -> list[str]:
    """The measures reported for a run: all but laps_per_move (not sowing) and agent_score (self-play)."""
    skip: set[str] = set()
    if not sowing:
        skip.add("laps_per_move")
    if not pairing:
        skip.add("agent_score")
    return [m.key for m in MEASURES if m.key not in skip]


def rates(rows: np.ndarray) -> dict[str, Interval]:
    """The rate measures of one variant's rows, with Wilson intervals."""
    rows = np.asarray(rows)
    n = len(rows)
    status = rows[:, S.STATUS]
    over = status == OVER
    return {
        "completion": wilson(int(np.sum(rows[:, S.WINNER] > 0)), n),
        "drawishness": wilson(int(np.sum(over & (rows[:, S.WINNER] == 0))), n),
        "timeouts": wilson(int(np.sum(status == UNFINISHED)), n),
        "endless": wilson(int(np.sum(status == ENDLESS)), n),
        "repetitions": wilson(int(np.sum(status == REPETITION)), n),
    }


def _num(x: float) -> float | None:
    x = float(x)
    return x if np.isfinite(x) else None


def measure_one(rows: np.ndarray, boot: Mapping[str, Interval]) -> dict[str, Interval]:
    """Every measure of one variant: its bootstrap intervals ``boot`` plus the rates and the median."""
    rows = np.asarray(rows)
    out = dict(rates(rows))
    out["duration_turns_median"] = median_interval(rows[:, S.TURNS])
    out.update(boot)
    return {m.key: out[m.key] for m in MEASURES}


class Measurer:
    """Measures variants as their rows arrive, in fixed batches, so that measuring overlaps playing.

    Variants are bootstrapped ``batch`` at a time with the same resamples (scipy's generator
    seeded with ``seed``): batch ``k`` holds the variants of index ``k * batch`` .. ``(k + 1) *
    batch - 1`` that have the same number of games, whatever order they arrive in; so the numbers
    do not depend on the order (or the executor) either. :meth:`add` a variant's rows; a batch is
    measured as soon as it is complete; :meth:`results` measures what is left.
    """

    def __init__(self, variants: int, *, n_resamples: int = DEFAULT_RESAMPLES, seed: int = 0,
                 method: str = "percentile", batch: int = 128) -> None:
        if isinstance(batch, bool) or not isinstance(batch, int) or batch < 1:
            raise ValueError(f"batch must be a positive integer, not {batch!r}")
        self.variants = variants
        self.n_resamples = n_resamples
        self.seed = seed
        self.method = method
        self.batch = batch
        self._rows: dict[int, np.ndarray] = {}
        self._done: dict[int, dict[str, Interval]] = {}

    def add(self, i: int, rows: np.ndarray) -> None:
        """The rows of variant ``i`` (measured now if that completes its batch)."""
        if not 0 <= i < self.variants:
            raise ValueError(f"no variant {i} (0..{self.variants - 1})")
        rows = np.asarray(rows)
        if len(rows) < 2:
            raise ValueError(f"a variant needs at least 2 games for intervals, not {len(rows)}")
        self._rows[i] = rows
        k = i // self.batch
        members = range(k * self.batch, min((k + 1) * self.batch, self.variants))
        if all(j in self._rows or j in self._done for j in members):
            self._measure([j for j in members if j in self._rows])

    def _measure(self, idx: list[int]) -> None:
        by_n: dict[int, list[int]] = {}
        for i in idx:
            by_n.setdefault(len(self._rows[i]), []).append(i)
        for part in by_n.values():
            cols = np.stack([game_columns(self._rows[i]) for i in part])
            value, low, high = bootstrap_batch(cols, _derive, n_resamples=self.n_resamples, seed=self.seed,
                                               method=self.method)
            for j, i in enumerate(part):
                boot = {k: Interval(_num(value[j, b]), _num(low[j, b]), _num(high[j, b])) for b, k in enumerate(_BOOT)}
                self._done[i] = measure_one(self._rows.pop(i), boot)

    def results(self) -> list[dict[str, Interval]]:
        """Every variant's measures (all must have been added)."""
        missing = [i for i in range(self.variants) if i not in self._rows and i not in self._done]
        if missing:
            raise ValueError(f"no rows for variant(s) {missing[:5]}")
        for k in range(0, self.variants, self.batch):
            left = [j for j in range(k, min(k + self.batch, self.variants)) if j in self._rows]
            if left:
                self._measure(left)
        return [self._done[i] for i in range(self.variants)]


def measure_variants(
    rows_of: Sequence[np.ndarray],
    keys: Sequence[str] | None = None,
    *,
    n_resamples: int = DEFAULT_RESAMPLES,
    seed: int = 0,
    method: str = "percentile",
    batch: int = 128,
) -> list[dict[str, Interval]]:
    """The measures ``keys`` (default: all) of each variant (one array of rows each), with their
    95% intervals; see :class:`Measurer`."""
    keys = select(keys)
    m = Measurer(len(rows_of), n_resamples=n_resamples, seed=seed, method=method, batch=batch)
    for i, rows in enumerate(rows_of):
        m.add(i, rows)
    return [{k: r[k] for k in keys} for r in m.results()]


def select(keys: Sequence[str] | None) -> list[str]:
    """``keys`` checked (default: every measure); ValueError naming an unknown one."""
    if keys is None:
        return [m.key for m in MEASURES]
    keys = list(keys)
    unknown = [k for k in keys if k not in BY_KEY]
    if unknown:
        raise ValueError(f"unknown measure(s) {', '.join(unknown)}; measures: {', '.join(BY_KEY)}")
    return keys
