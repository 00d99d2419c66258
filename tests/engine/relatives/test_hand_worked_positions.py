"""The positions worked by hand from a game's sources (this folder's ``<game id>.yaml``), played on
the engine: every file whose game the engine plays runs here, with no code of its own, so a game
added as records brings its tests as one YAML file.

A file gives the game, its switches (``switches``: point -> option, for every position; a position
may set more of its own) and its positions; a position gives where it starts (``position``: the holes ``a``, ``b`` and ``to_move``,
or ``start`` with the start it expects in ``expected_start``), the legal moves there (``legal``),
the move or moves played (``move`` / ``moves``), what follows (``expected``: ``a``, ``b`` (default:
as before), ``to_move``, ``legal``, ``result``, ``misoro``) and, from there, branches (``then``: a move and its
``expected``). A position whose outcome depends on a switch names it (``by_switch``: the point)
and gives what follows under each option (``expected_by_switch``: option -> ``expected``, each
option played); one without ``by_switch`` is checked where a test names the switch
(test_relatives_on_seed_rules.py).

The same runner plays positions of a draft on a seed game whose rules are the same for those
positions (``STAND_INS``): that checks the runner, and the hand work, before the draft moves.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

import engine
from engine.games import GAMES
from schema.yamlfile import LOADER

HERE = Path(__file__).resolve().parent
FILES = sorted(p for p in HERE.glob("*.yaml"))


def load(path: Path) -> dict[str, Any]:
    # libyaml's loader (schema/yamlfile.py): the same documents, read at collection by each worker
    return yaml.load(path.read_text(encoding="utf-8"), Loader=LOADER)


def start_of(game, pos: dict[str, Any], stand_in: bool):
    """The state a position starts from (a stand-in starts from the start the draft expects)."""
    if pos["position"] == "start":
        if stand_in:
            spec = pos["expected_start"]
        else:
            s = game.new_state(pos.get("seed", 1))
            want = pos["expected_start"]
            assert (s.board()["a"], s.board()["b"], s.to_move) == (want["a"], want["b"], want["to_move"])
            return s
    else:
        spec = pos["position"]
    keep = ("a", "b", "to_move") if stand_in else tuple(k for k in spec if k != "legal")
    return game.state_from_position({k: spec[k] for k in keep if k in spec})


def check_after(state, expected: dict[str, Any], before: dict[str, Any], where: str,
                ignore: frozenset[str] = frozenset()) -> None:
    expected = {k: v for k, v in expected.items() if k not in ignore}
    board = state.board()
    got = {"a": board["a"], "b": board["b"]}
    want = {"a": expected["a"], "b": expected.get("b", before.get("b"))}
    assert got == want, where
    if "to_move" in expected:
        assert state.to_move == expected["to_move"] or state.is_terminal(), where
    if "legal" in expected:
        assert state.legal_moves_text() == expected["legal"], where
    if "misoro" in expected:  # special-holes chosen: the holes chosen so far
        assert board.get("misoro") == expected["misoro"], where
    if "result" in expected:
        r = state.result()
        assert r is not None and (r.ending, r.winner) == (expected["result"]["ending"], expected["result"]["winner"]), where


def play(game, pos: dict[str, Any], stand_in: bool = False, ignore: frozenset[str] = frozenset()) -> None:
    """Play one hand-worked position on ``game`` and check every outcome it states (but ``ignore``)."""
    s = start_of(game, pos, stand_in)
    before = pos["expected_start"] if pos["position"] == "start" else pos["position"]
    if "legal" in pos:
        assert s.legal_moves_text() == pos["legal"], f"{pos['id']}: legal moves"
    for move in pos.get("moves") or [pos["move"]]:
        s.apply(move)
    check_after(s, pos["expected"], before, f"{pos['id']}: after {pos.get('moves') or pos['move']}", ignore)
    for branch in pos.get("then", []):
        check_after(s.child(branch["move"]), branch["expected"], before, f"{pos['id']}: then {branch['move']}", ignore)


def options(pos: dict[str, Any]) -> list[str | None]:
    """The options a position is played under: each of ``expected_by_switch`` where it names its
    switch (``by_switch``), or None (its own ``expected``); none if it can be checked only where a
    test names the switch."""
    if "by_switch" in pos:
        return list(pos["expected_by_switch"])
    return [None] if "expected" in pos else []


def cases() -> list[tuple[str, str, str | None]]:
    """(game, position id, option) of every position of a game the engine plays."""
    out = []
    for path in FILES:
        data = load(path)
        if data["game"] in GAMES:
            out += [(data["game"], p["id"], option) for p in data["positions"] for option in options(p)]
    return out


@pytest.mark.parametrize(("game_id", "pid", "option"), cases() or [pytest.param(None, None, None, marks=pytest.mark.skip(
    reason="no game of this folder is played by the engine yet (data/drafts/README.md)"))])
def test_position_on_the_game(game_id, pid, option):
    data = load(HERE / f"{game_id}.yaml")
    pos = next(p for p in data["positions"] if p["id"] == pid)
    switches = {**(data.get("switches") or {}), **(pos.get("switches") or {})}
    if option is not None:
        switches[pos["by_switch"]] = option
        pos = {**pos, "expected": pos["expected_by_switch"][option],
               "then": pos["expected_by_switch"][option].get("then", [])}
    play(engine.load_game(game_id, switches=switches), pos)


STAND_INS: dict[str, tuple[str, dict[str, str], dict[str, frozenset[str]]]] = {
    # draft -> (seed game, its switches, the positions whose rules are the seed game's -> what the
    # seed game does otherwise: after a capture Tsoro (Additional Capture) asks for extra captures,
    # so the player to move and the legal moves after one are not the draft's)
    "musoro-tsoro": ("tsoro-additional-capture", {"heads": "stop-hole"},
                     {"the-start-and-a-first-move": frozenset(),
                      "a-lap-ending-in-the-musoro-may-stop": frozenset({"to_move"}),
                      "the-outer-hole-only-after-the-inner": frozenset()}),
    "misoro-tsoro": ("tsoro-additional-capture", {"heads": "stop-hole"}, {"fixed-misoro-start": frozenset()}),
}


@pytest.mark.parametrize(("draft", "pid"), [(d, p) for d, (_, _, pids) in STAND_INS.items() for p in pids])
def test_draft_position_on_a_seed_game_with_the_same_rules(draft, pid):
    seed_game, switches, positions = STAND_INS[draft]
    pos = next(p for p in load(HERE / f"{draft}.yaml")["positions"] if p["id"] == pid)
    play(engine.load_game(seed_game, switches=switches), pos, stand_in=True, ignore=positions[pid])


def test_every_file_names_its_game_and_unique_position_ids():
    for path in FILES:
        data = load(path)
        assert data["game"] == path.stem, path
        ids = [p["id"] for p in data["positions"]]
        assert len(ids) == len(set(ids)), path
