"""Nine Men's Morris's ``openspiel`` ruleset played move for move against OpenSpiel's own
``nine_mens_morris`` (the ``open_spiel`` wheel, a test dependency; its C++ read at commit 112b777).

The ruleset is the reading OpenSpiel implements, as the record says where it departs from the texts
(data/games/nine-mens-morris.yaml: a draw after 200 turns, the maker of a mill with nothing to remove
losing). Thousands of random games are played on both side by side: at every decision the player to
move, the board (who holds each of the 24 points), the pieces still to place, and the legal moves
must agree, and in the end the result. The points are mapped by
data/drafts/mechanics/nine-mens-morris.yaml (``openspiel_index``: OpenSpiel numbers the points row by
row from the top-left, a7 = 0 .. g1 = 23); OpenSpiel's action is the point for a placement or a
removal, and 24 + 24 from + to for a move (ToMoveAction).
"""

from __future__ import annotations

import random

import pytest
import yaml

import engine
from engine.alignment.layout import BOARD, HAND
from schema.paths import DATA_DIR

pyspiel = pytest.importorskip("pyspiel")

MECHANICS = DATA_DIR / "drafts" / "mechanics" / "nine-mens-morris.yaml"
INDEX: dict[str, int] = yaml.safe_load(MECHANICS.read_text(encoding="utf-8"))["board"]["openspiel_index"]
"""Our point name -> OpenSpiel's point number."""
STR_COORDS = [(0, 0), (0, 7), (0, 14), (2, 2), (2, 7), (2, 12), (4, 4), (4, 7), (4, 10), (6, 0), (6, 2), (6, 4),
              (6, 10), (6, 12), (6, 14), (8, 4), (8, 7), (8, 10), (10, 2), (10, 7), (10, 12), (12, 0), (12, 7),
              (12, 14)]
"""Where ToString draws each OpenSpiel point (row, column: kPointStrCoords of nine_mens_morris.cc)."""


def peer_view(state) -> tuple[tuple[int, ...], list[int]]:
    """OpenSpiel's board (who holds each of its points 0..23: 0 empty, 1 White, 2 Black) and the men
    each still deploys, read from ToString."""
    lines = str(state).split("\n")
    board = tuple(".WB".index(lines[row][col]) for row, col in STR_COORDS)
    deploy = next(line for line in lines if line.startswith("Men to deploy:")).split()[3:]
    return board, [int(x) for x in deploy]


def our_view(state, order: list[int]) -> tuple[tuple[int, ...], list[int]]:
    """Our board in OpenSpiel's order of the points (who holds each: 0 empty, 1 the first player, 2
    the second) and the pieces each still has in hand, read off the state's bitboards and hands (the
    kernel's own state: ``order[k]``, our point number of OpenSpiel's point ``k``), the data
    ``State.board()`` draws (it is checked against them at each game's end)."""
    st = state.raw()
    b1, b2 = int(st[BOARD]), int(st[BOARD + 1])
    return tuple(1 if b1 >> p & 1 else 2 if b2 >> p & 1 else 0 for p in order), [int(st[HAND]), int(st[HAND + 1])]


def drawn_view(state, order: list[int]) -> tuple[tuple[int, ...], list[int]]:
    """:func:`our_view` as ``State.board()`` draws it (its sites by point name, its hands)."""
    board = state.board()
    pieces = {s["name"]: s["piece"] for s in board["sites"]}
    names = {INDEX[name]: name for name in INDEX}
    return tuple(pieces[names[k]] for k in range(len(order))), list(board["hands"])


def peer_action(text: str) -> int:
    """OpenSpiel's action for one of our moves in notation: a placement ``d1``, a move ``d1-d2``, a removal ``xd1``."""
    if "-" in text:
        f, t = text.split("-")
        return 24 + 24 * INDEX[f] + INDEX[t]
    return INDEX[text.lstrip("x")]


def lockstep(games: int, seed: int, switches: dict[str, str] | None = None) -> tuple[int, int]:
    """Play ``games`` random games of the ``openspiel`` ruleset (with ``switches`` changed) on the engine
    and on OpenSpiel side by side, asserting agreement at every decision; (games, decisions). A move's
    notation, a function of its number alone (its points' names), is read once a move number."""
    ours = engine.load_game("nine-mens-morris", ruleset="openspiel", switches=switches or {})
    peer = pyspiel.load_game("nine_mens_morris")
    rng = random.Random(seed)
    grid = ours.rules.grid
    order = [grid.parse(name) for name, _ in sorted(INDEX.items(), key=lambda item: item[1])]
    action: dict[int, int] = {}  # our move number -> OpenSpiel's action, through the move's notation
    decisions = 0
    for g in range(games):
        state = ours.new_state(seed=g)
        other = peer.new_initial_state()
        while not state.is_terminal() and not other.is_terminal():
            where = f"game {g}, decision {decisions}"
            assert state.to_move - 1 == other.current_player(), where
            assert our_view(state, order) == peer_view(other), where
            legal = state.legal_moves()
            for m in legal:
                if m not in action:
                    action[m] = peer_action(state.move_to_text(m))
            actions = [action[m] for m in legal]
            assert sorted(actions) == other.legal_actions() and len(set(actions)) == len(actions), where
            k = rng.randrange(len(legal))
            state.apply(legal[k])
            other.apply_action(actions[k])
            decisions += 1
        assert state.is_terminal() and other.is_terminal(), f"game {g}: one side ended, the other did not"
        assert drawn_view(state, order) == our_view(state, order) == peer_view(other), f"game {g}: the last board"
        first, second = state.scores()
        assert (first > second) - (first < second) == int(other.returns()[0]), f"game {g}: the results differ"
    return games, decisions


def test_the_openspiel_reading_plays_move_for_move_as_openspiel():
    games, decisions = lockstep(2000, seed=2026)
    assert decisions > 50 * games  # whole games were played, not one move


@pytest.mark.parametrize("switch, option", [
    ("nine-mens-morris.removal", "never"),  # a piece in a mill is never removed
    ("nine-mens-morris.flying", "never"),  # three pieces step as any others
    ("nine-mens-morris.move-limit", "none"),  # no draw after 200 turns
])
def test_the_lockstep_fails_on_a_reading_one_rule_off(switch, option):
    with pytest.raises(AssertionError):
        lockstep(300, seed=7, switches={switch: option})
