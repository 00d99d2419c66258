"""Positions worked by hand from the sources' words (tests/engine/alignment/<game id>.yaml, the format of
data/drafts/README.md's alignment positions), played on the alignment machine for every game it plays.

Each position is set up under the game's default ruleset with the options it assumes (``under``), the
move is played and its result compared with ``expected``; a result that depends on a switch
(``expected_by_switch``) is compared under each option named. What a result may say: ``legal`` (the
move is a legal move), ``line`` (the move makes a line), ``lines_through`` (the lines it makes),
``removable`` (the enemy pieces its maker may then remove), ``removals`` (how many it removes: the
piece the move's ``then`` names, then the first removable piece each time), ``over`` and ``winner`` (the game ends, won by 1, 2 or null).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

import engine
from engine.games import GAMES

HERE = Path(__file__).resolve().parent / "alignment"
FILES = sorted(p for p in HERE.glob("*.yaml") if p.stem in GAMES)
CASES = [(p.stem, pos) for p in FILES for pos in yaml.safe_load(p.read_text(encoding="utf-8"))["positions"]]
KNOWN = {"legal", "line", "lines_through", "removable", "removals", "over", "winner", "note"}


def test_every_game_with_hand_worked_positions_has_them_here():
    assert {"nine-mens-morris", "six-mens-morris"} <= {p.stem for p in FILES}
    assert all(len([c for c in CASES if c[0] == gid]) >= 3 for gid in ("nine-mens-morris", "six-mens-morris"))


def _state(gid: str, position: dict[str, Any], switches: dict[str, str]) -> engine.game.State:
    game = engine.load_game(gid, switches=switches)
    grid = game.rules.grid
    masks = [0, 0]
    for point, player in position["board"].items():
        masks[player - 1] |= 1 << grid.parse(point)
    spec = {"board": grid.rows_text((masks[0], masks[1])), "hands": position["hand"],
            "to_move": position["to_move"], "phase": position["phase"]}
    if "turns_played" in position:
        spec["turns"] = position["turns_played"]
    return game.state_from_position(spec)


def _played(state: engine.game.State, move: dict[str, str]) -> dict[str, Any]:
    """What the move does: the results a position may expect."""
    text = move["place"] if "place" in move else f"{move['from']}-{move['to']}"
    legal = text in state.legal_moves_text()
    out: dict[str, Any] = {"legal": legal}
    if not legal:
        return out
    events = state.apply_traced(text)
    lines = [sorted(e["points"]) for e in events if e["kind"] == "line"]
    out.update(line=bool(lines), lines_through=sorted(lines))
    removing = not state.is_terminal() and state.legal_moves_text()[0].startswith("x")
    out["removable"] = sorted(m[1:] for m in state.legal_moves_text()) if removing else []
    removals = 0
    if "then" in move:  # the removal the position names
        state.apply("x" + move["then"]["remove"])
        removals += 1
    while not state.is_terminal() and state.legal_moves_text()[0].startswith("x"):
        state.apply(state.legal_moves()[0])
        removals += 1
    out["removals"] = removals
    out["over"] = state.is_terminal()
    if state.is_terminal():
        first, second = state.scores()
        out["winner"] = 1 if first > second else 2 if second > first else None
    return out


def _check(got: dict[str, Any], expected: dict[str, Any], where: str) -> None:
    assert set(expected) <= KNOWN, f"{where}: unknown result(s) {set(expected) - KNOWN}"
    for key, want in expected.items():
        if key == "note":
            continue
        have = got.get(key)
        if key == "lines_through":
            want = sorted(sorted(line) for line in want)
        elif key == "removable":
            want = sorted(want)
        assert have == want, f"{where}: {key} {have!r}, expected {want!r} ({expected.get('note', '')})"


@pytest.mark.parametrize("gid, case", CASES, ids=[f"{g}:{c['id']}" for g, c in CASES])
def test_a_hand_worked_position_plays_as_its_source_says(gid, case):
    under = dict(case.get("under", {}))
    if "expected" in case:
        _check(_played(_state(gid, case["position"], under), case["move"]), case["expected"], case["id"])
    for switch, by_option in case.get("expected_by_switch", {}).items():
        for option, expected in by_option.items():
            state = _state(gid, case["position"], {**under, switch: option})
            _check(_played(state, case["move"]), expected, f"{case['id']} under {switch} = {option}")
