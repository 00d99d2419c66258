"""The kernels' compile at start (engine.play.kinds, warm_kind): the server's warmers and the test
suite's session start compile each kind of game once, the first page's kind first, and a kind's
first game compiles every kernel its other games run on."""

from __future__ import annotations

import sys

import pytest
from numba.core.registry import CPUDispatcher

from engine.games import GAMES
from engine.play import kinds, lanes, warm, warm_kind


def test_kinds_partition_the_games_by_kernels_first_page_first() -> None:
    order = sorted(GAMES)
    groups = kinds(order)
    assert sorted(g for k in groups for g in k) == order  # every game once
    assert groups[0][0] == order[0]  # the first page's kind first
    machines = [{id(GAMES[g].machine) for g in k} for k in groups]
    assert all(len(m) == 1 for m in machines) and len({next(iter(m)) for m in machines}) == len(groups)
    assert [len(k) for k in groups[1:]] == sorted((len(k) for k in groups[1:]), reverse=True)
    for k in groups:
        assert k == [g for g in order if g in k]  # page order within a kind


def test_kinds_names_an_unknown_game() -> None:
    with pytest.raises(ValueError, match="game_ids: no game 'no-such-game'"):
        kinds(["kalah", "no-such-game"])


def test_lanes_share_the_kinds_by_games_the_first_page_first() -> None:
    two, four, align = ["a"] * 10, ["b"] * 13, ["c"] * 6
    assert lanes([two, four, align], 2) == [[two, align], [four]]  # 16 and 13 games
    assert lanes([two, four, align], 1) == [[two, four, align]]
    assert lanes([two], 2) == [[two]]
    groups = kinds(sorted(GAMES))
    plan = lanes(groups, 2)
    assert plan[0][0] == groups[0] and sorted(map(tuple, sum(plan, []))) == sorted(map(tuple, groups))
    with pytest.raises(ValueError, match="n: at least one lane"):
        lanes(groups, 0)


def _signatures() -> dict[str, int]:
    """Every compiled numba entry point of the engine loaded in this process: its compiled signatures."""
    out = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("engine"):
            continue
        for attr, value in list(vars(module).items()):
            if isinstance(value, CPUDispatcher):
                out[f"{name}.{attr}"] = len(value.signatures)
    return out


def test_a_kinds_first_game_compiles_what_its_other_games_run() -> None:
    """The premise of warming a kind once: after the first game of each kind, warming every other
    game compiles (or loads) no new signature of any kernel."""
    groups = kinds(sorted(GAMES))
    for k in groups:
        warm(k[0])
    before = _signatures()
    assert sum(before.values()) >= len(groups)
    assert warm_kind(sorted(GAMES)) >= 0
    assert _signatures() == before
