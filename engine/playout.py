"""Random self-play in compiled code, and the summary of a batch of games.

``simulate(game, games, seed)`` plays ``games`` games with the uniform random agent on both sides,
all inside one compiled call; game ``i`` uses seed ``engine.rng.batch_seed(seed, i)``, so any game
of a batch can be replayed through the Python API (``new_state(s)`` + ``RandomAgent(s)``). The
numbers depend only on the game, its switches, its limits and the seed (except the speed).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.game import Game
from engine.result import ENDLESS, OVER, REPETITION, UNFINISHED
from engine.rng import check_seed
from engine.stats import FIRST, MOVES, SCORE_1, SCORE_2, STATUS, TURNS


@dataclass(frozen=True)
class Summary:
    """What a batch of random games came to."""

    game: str
    ruleset: str | None
    switches: dict[str, str]
    seed: int
    limits: dict[str, int]
    games: int
    p1_wins: int
    p2_wins: int
    draws: int
    unfinished: int
    """Games with no result: stopped by a limit, by an endless move or by a repeated position."""
    endless: int
    """Games ended by an endless move (counted in ``unfinished`` too)."""
    limit_stops: int
    """Games stopped by the turn or move limit (counted in ``unfinished`` too)."""
    repetitions: int
    """Games ended by a repeated position (a repetition rule; counted in ``unfinished`` too)."""
    first_player_wins: int
    mean_turns: float
    mean_moves: float
    seconds: float
    playouts_per_second: float

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def run(game: Game, games: int, seed: int) -> np.ndarray:
    """The raw per-game rows of ``games`` random games (columns as engine.stats names them)."""
    if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or games < 1:
        raise ValueError(f"the number of games must be a positive integer, not {games!r}")
    return game.rules.playouts(game.params, check_seed(seed), int(games))


def warm_up(game: Game) -> None:
    """Load (or compile) the playout loop, so that timings leave it out."""
    game.rules.playouts(game.params, 0, 1)


def summarise(game: Game, rows: np.ndarray, seed: int, seconds: float) -> Summary:
    status = rows[:, STATUS]
    over = status == OVER
    s1, s2 = rows[:, SCORE_1], rows[:, SCORE_2]
    p1 = int(np.sum(over & (s1 > s2)))
    p2 = int(np.sum(over & (s2 > s1)))
    first_wins = int(np.sum(over & (((s1 > s2) & (rows[:, FIRST] == 1)) | ((s2 > s1) & (rows[:, FIRST] == 2)))))
    n = len(rows)
    return Summary(
        game=game.id,
        ruleset=game.ruleset,
        switches=dict(game.switches),
        seed=seed,
        limits=game.limits.to_dict(),
        games=n,
        p1_wins=p1,
        p2_wins=p2,
        draws=int(np.sum(over & (s1 == s2))),
        unfinished=int(np.sum((status == ENDLESS) | (status == UNFINISHED) | (status == REPETITION))),
        endless=int(np.sum(status == ENDLESS)),
        limit_stops=int(np.sum(status == UNFINISHED)),
        repetitions=int(np.sum(status == REPETITION)),
        first_player_wins=first_wins,
        mean_turns=round(float(rows[:, TURNS].mean()), 4),
        mean_moves=round(float(rows[:, MOVES].mean()), 4),
        seconds=round(seconds, 4),
        playouts_per_second=round(n / seconds, 1) if seconds > 0 else float("inf"),
    )


def simulate(game: Game, games: int, seed: int) -> Summary:
    """Play ``games`` random games in compiled code and summarise them."""
    seed = check_seed(seed)
    warm_up(game)
    t0 = time.perf_counter()
    rows = run(game, games, seed)
    seconds = time.perf_counter() - t0
    return summarise(game, rows, seed, seconds)
