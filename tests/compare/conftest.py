"""Fixtures of the comparator's tests: a Dask cluster in this process, hand-made rows."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from engine import stats as S
from engine.compare.measures import N_ROW_COLUMNS, SEAT_A
from engine.result import ENDLESS, OVER, UNFINISHED


@pytest.fixture(scope="session")
def dask_client() -> Iterator[object]:
    """A Dask LocalCluster in this process (threads, no worker processes) and its client."""
    from distributed import Client, LocalCluster

    cluster = LocalCluster(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None)
    client = Client(cluster)
    yield client
    client.close()
    cluster.close()


def row(*, status: int = OVER, winner: int = 0, first: int = 1, turns: int = 10, moves: int = 10,
        decisions: int = 10, choices: int = 5, legal_sum: int = 30, covered: int = 12, sites: int = 12,
        laps: int = 10, seat_a: int = 0, scores: tuple[int, int] | None = None) -> np.ndarray:
    """One hand-made game row (engine.stats columns plus SEAT_A)."""
    r = np.zeros(N_ROW_COLUMNS, dtype=np.int64)
    if scores is None:
        scores = {0: (24, 24), 1: (30, 18), 2: (18, 30)}[winner]
    r[S.STATUS], r[S.WINNER], r[S.FIRST] = status, winner, first
    r[S.SCORE_1], r[S.SCORE_2] = scores
    r[S.TURNS], r[S.MOVES], r[S.DECISIONS], r[S.CHOICES] = turns, moves, decisions, choices
    r[S.LEGAL_SUM], r[S.COVERED], r[S.SITES], r[S.LAPS] = legal_sum, covered, sites, laps
    r[SEAT_A] = seat_a
    return r


@pytest.fixture()
def make_row():
    """``make_row(**columns)``: one hand-made game row (see ``row``)."""
    return row


@pytest.fixture()
def hand_rows() -> np.ndarray:
    """Eight games: the first mover wins 3, loses 2; a draw; a game stopped by the limit; an endless one."""
    return np.stack([
        row(winner=1, first=1, turns=10, moves=20, choices=10, decisions=10, legal_sum=40, covered=12, laps=20),
        row(winner=2, first=2, turns=20, moves=30, choices=15, decisions=20, legal_sum=60, covered=6, laps=30),
        row(winner=1, first=1, turns=30, moves=30, choices=30, decisions=30, legal_sum=90, covered=12, laps=30),
        row(winner=2, first=1, turns=40, moves=80, choices=20, decisions=40, legal_sum=80, covered=12, laps=80),
        row(winner=1, first=2, turns=50, moves=50, choices=25, decisions=50, legal_sum=100, covered=9, laps=50),
        row(winner=0, first=1, turns=60, moves=60, choices=30, decisions=60, legal_sum=120, covered=12, laps=60),
        row(status=UNFINISHED, winner=0, first=2, turns=70, moves=70, choices=35, decisions=70, legal_sum=140,
            covered=12, laps=70),
        row(status=ENDLESS, winner=0, first=1, turns=80, moves=80, choices=40, decisions=80, legal_sum=160,
            covered=12, laps=80),
    ])
