"""What Lobudök's record says of when two of its readings differ in play, checked by random games
of the independent reference (``reference/lobudok.py``, plain Python: no engine, no compiling).

- ``lobudok.restricted-capture``: under skip-corners with permanent release the two readings play
  alike (a restricted player's holes 1 and 8 stay empty, so the end columns never capture);
- ``lobudok.release`` reserve-holes: the reserves can be unplayable at the turn of release only
  under start-only sowing (the record's editorial reading then leaves the player without a move).
"""

from __future__ import annotations

import random

from reference.archive import rulesets
from reference.lobudok import Lobudok

SOURCES = rulesets("lobudok")["sources"]
SEEDS = range(40)
TURNS = 400


class Watched(Lobudok):
    """The reference, noting each turn of release at which neither reserve could be played."""

    stuck_at_release = 0

    def begin_decision(self) -> None:
        super().begin_decision()
        if self.release_turn and not self.options:
            self.stuck_at_release += 1


def play(switches: dict[str, str], seed: int) -> tuple[list[tuple[str, ...]], tuple | None, int]:
    """A random game: the legal moves at every decision, the result, the unplayable releases."""
    ref = Watched(switches, TURNS, 10_000)
    ref.start(0)
    rng = random.Random(seed)
    legal_seen = []
    while ref.result() is None:
        legal = sorted(ref.legal())
        legal_seen.append(tuple(legal))
        ref.play(rng.choice(legal))
    return legal_seen, ref.result(), ref.stuck_at_release


def test_the_sources_ruleset_is_skip_corners_with_permanent_release():
    assert SOURCES["lobudok.restricted-sowing"] == "skip-corners"
    assert SOURCES["lobudok.release-permanent"] == "permanent"
    assert SOURCES["lobudok.release"] == "reserve-holes"


def test_restricted_capture_readings_play_alike_under_skip_corners_and_permanent_release():
    other = {**SOURCES, "lobudok.restricted-capture": "unrestricted"}
    for seed in SEEDS:
        assert play(SOURCES, seed)[:2] == play(other, seed)[:2], f"seed {seed}"


def test_restricted_capture_readings_differ_under_start_only_sowing():
    start_only = {**SOURCES, "lobudok.restricted-sowing": "start-only"}
    unrestricted = {**start_only, "lobudok.restricted-capture": "unrestricted"}
    assert any(play(start_only, seed)[:2] != play(unrestricted, seed)[:2] for seed in SEEDS)


def test_reserves_are_unplayable_at_release_only_under_start_only_sowing():
    assert all(play(SOURCES, seed)[2] == 0 for seed in SEEDS)
    assert all(play({**SOURCES, "lobudok.restricted-capture": "unrestricted"}, seed)[2] == 0 for seed in SEEDS)
    start_only = {**SOURCES, "lobudok.restricted-sowing": "start-only"}
    assert any(play(start_only, seed)[2] > 0 for seed in SEEDS)
