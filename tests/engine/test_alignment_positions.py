"""Hand-worked positions of the alignment games, played on the machine from each game's description:
``tests/engine/alignment_positions/<game id>.yaml`` (the games that joined from the drafts, issue 30:
the grid games and the morris games), in the drafts' format
(data/drafts/README.md): a ``position`` (phase, player to move, pieces in hand, the board as point ->
player, and optionally who placed first, the passes just made and the turns played), a ``move``
(``place``, ``from`` and ``to``, or ``pass: true``; ``then`` a removal), the switch options it assumes (``under``; the others take their
defaults) and what the source's words make of it, ``expected`` or ``expected_by_switch`` (switch ->
option -> expected):

- ``legal``: whether the move is legal (default true);
- ``line``: whether the move makes a line that earns a removal; ``lines_through``: those lines;
- ``removable``: the enemy pieces the mover may then remove; ``removals``: how many the turn earns
  (the removal ``then`` names first, if any, then the first candidate each time);
- ``board_after``: point -> player after the move (and its removal), the points not named empty;
  ``hand_after``: the pieces in hand after it;
- ``to_move``: the player to move after it; ``phase``: the phase after it;
- ``winner``: the winner once the move (and its removal) is played (0 or null: none; absent: the game
  goes on unless ``over`` says it ended).

A game with a description and a positions file is found here with no code of its own; so is a draft
the machine plays exactly but that has not moved (its description in data/drafts/alignment/, its
positions in data/drafts/positions/).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

import engine
from engine.alignment import description as described
from engine.alignment.game import AlignmentGame
from engine.game import MOVE_LIMIT, TURN_LIMIT, Game, Limits
from schema.paths import DATA_DIR

HERE = Path(__file__).resolve().parent / "alignment_positions"
FILES = {p.stem: p for p in sorted(HERE.glob("*.yaml"))}
GAMES = sorted(FILES)
DRAFT_DESCRIPTIONS = DATA_DIR / "drafts" / "alignment"
DRAFTS_PLAYED = sorted(p.stem for p in DRAFT_DESCRIPTIONS.glob("*.yaml"))
"""Drafts the machine plays exactly that have not moved (data/drafts/README.md): their descriptions in
data/drafts/alignment/, their positions in data/drafts/positions/, played here on the machine too."""
EXPECTED_KEYS = {"legal", "line", "lines_through", "removable", "removals", "board_after", "hand_after", "to_move",
                 "phase", "winner", "over", "note"}


def _positions_file(gid: str) -> Path:
    return FILES[gid] if gid in FILES else DATA_DIR / "drafts" / "positions" / f"{gid}.yaml"


def _cases() -> list[tuple[str, str, dict[str, str], dict[str, Any], dict[str, Any]]]:
    out = []
    for gid in GAMES + DRAFTS_PLAYED:
        data = yaml.safe_load(_positions_file(gid).read_text(encoding="utf-8"))
        assert data["game"] == gid
        for p in data["positions"]:
            under = dict(p.get("under", {}))
            if "expected" in p:
                out.append((gid, p["id"], under, p, p["expected"]))
            for sid, by_option in p.get("expected_by_switch", {}).items():
                for option, expected in by_option.items():
                    out.append((gid, f"{p['id']}[{option}]", {**under, sid: option}, p, expected))
    return out


CASES = _cases()


def rows(game, board: dict[str, int]) -> list[str]:
    """The board ``board`` (point -> player) as the game draws it (a grid or a board of points and lines)."""
    grid = game.rules.grid
    masks = [0, 0]
    for name, player in board.items():
        masks[player - 1] |= 1 << grid.parse(name)
    return grid.rows_text((masks[0], masks[1]))


def load(gid: str, under: dict[str, str]) -> Game:
    """The game under the options ``under`` (switch id -> option), the others at their defaults: from
    the registry, or a draft's description in data/drafts/alignment/."""
    if gid in GAMES:
        return engine.load_game(gid, switches=under)
    rules = AlignmentGame(described.load(gid, DRAFT_DESCRIPTIONS))
    return Game(rules, {s.id: under.get(s.id, s.default) for s in rules.switches}, None, Limits(TURN_LIMIT, MOVE_LIMIT))


def spec_of(game: Game, position: dict[str, Any]) -> dict[str, Any]:
    """A hand-worked ``position`` (its board as point -> player) as the game's position spec
    (``Game.state_from_position``); the conformance suite reads a position marked ``win_in_one`` so."""
    spec = {"board": rows(game, position["board"]), "hands": list(position.get("hand", [0, 0])),
            "to_move": position["to_move"], "phase": position["phase"]}
    for key in ("first", "passes"):
        if key in position:
            spec[key] = position[key]
    if "turns_played" in position:
        spec["turns"] = position["turns_played"]
    return spec


def state_of(gid: str, under: dict[str, str], position: dict[str, Any]):
    game = load(gid, under)
    state = game.state_from_position(spec_of(game, position))
    if "captured" in position:  # as the pieces on the board and in hand imply
        assert state.board()["captures"] == position["captured"]
    return game, state


def test_every_game_with_positions_is_described_and_has_at_least_three():
    assert {"dara", "dra", "bolotudu", "nine-mens-morris", "six-mens-morris"} <= set(GAMES)
    assert set(GAMES) <= set(described.game_ids())
    assert not set(DRAFTS_PLAYED) & set(described.game_ids())  # a draft is not in the registry
    for gid in GAMES + DRAFTS_PLAYED:
        assert len({c[1].split("[")[0] for c in CASES if c[0] == gid}) >= 3, gid


@pytest.mark.parametrize("gid, pid, under, p, expected", CASES, ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_a_hand_worked_position(gid, pid, under, p, expected):
    assert set(expected) <= EXPECTED_KEYS, set(expected) - EXPECTED_KEYS
    game, s = state_of(gid, under, p["position"])
    move = p["move"]
    text = "pass" if move.get("pass") else move["place"] if "place" in move else f"{move['from']}-{move['to']}"
    if not expected.get("legal", True):
        assert text not in s.legal_moves_text()
        with pytest.raises(ValueError, match="illegal move"):
            s.apply(text)
        return
    assert text in s.legal_moves_text(), s.legal_moves_text()
    mover = s.to_move
    events = s.apply_traced(text)
    lines = [sorted(e["points"]) for e in events if e["kind"] == "line" and e["captures"]]
    if "line" in expected:
        assert bool(lines) == expected["line"], events
    if "lines_through" in expected:
        assert sorted(lines) == sorted(sorted(x) for x in expected["lines_through"])
    pending = [m[1:] for m in s.legal_moves_text() if m.startswith("x")] if s.to_move == mover else []
    if "removable" in expected:
        assert sorted(pending) == sorted(expected["removable"])
    then = p.get("then", move.get("then"))
    if "removals" in expected:
        made = 0
        if then:  # the removal the position names comes first
            s.apply("x" + then["remove"])
            then, made = None, 1
        while not s.is_terminal() and s.to_move == mover and s.legal_moves_text()[0].startswith("x"):
            s.apply(s.legal_moves_text()[0])
            made += 1
        assert made == expected["removals"]
    if then:
        s.apply("x" + then["remove"])
    if "board_after" in expected:
        assert s.board()["rows"] == rows(game, expected["board_after"])
    if "hand_after" in expected:
        assert s.board()["hands"] == expected["hand_after"]
    if "to_move" in expected:
        assert s.to_move == expected["to_move"]
    if "phase" in expected:
        assert s.board()["phase"] == expected["phase"]
    if "winner" in expected:
        assert s.is_terminal() and (s.result().winner or 0) == (expected["winner"] or 0), s.result()
    else:
        assert s.is_terminal() == expected.get("over", False), s.result()
