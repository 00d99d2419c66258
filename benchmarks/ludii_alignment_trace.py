"""Variorum's random games of an alignment game, decision by decision (JSON lines), for
benchmarks/LudiiAlignmentReplay.java: at each decision the mover, the board before it (Ludii's
cell order: the grid's points, row by row from the bottom-left corner, which is also the
machine's point numbering; on the morris boards Ludii's vertices, numbered row by row from the bottom,
left to right, are the machine's points in the same order), the pieces in each hand, the legal moves
as keys and the choice. Keys: a placement on p is p,
a step from f to t is 1000 + 100 f + t, a removal on p is 5000 + p (a piece from a hand: 5000 + the
hand's site), a pass is -1.

GAME may be a draft the machine plays (data/drafts/alignment/<id>.yaml, its rulesets in
data/drafts/games/<id>.yaml).

usage: .venv/bin/python benchmarks/ludii_alignment_trace.py GAME RULESET N SEED OUT
"""

from __future__ import annotations

import json
import sys

import yaml

import engine
from engine.agents import RandomAgent
from engine.alignment import description as described
from engine.alignment.game import AlignmentGame
from engine.game import MOVE_LIMIT, TURN_LIMIT, Game, Limits
from engine.games import GAMES
from schema.paths import DATA_DIR


def game_of(game_id: str, ruleset: str) -> Game:
    """The game under an archive ruleset, or, for a draft the machine plays (its description in
    data/drafts/alignment/), under a ruleset of its draft record."""
    if game_id in GAMES:
        return engine.load_game(game_id, ruleset=ruleset)
    record = yaml.safe_load((DATA_DIR / "drafts" / "games" / f"{game_id}.yaml").read_text(encoding="utf-8"))
    choices = next(r["choices"] for r in record["rulesets"] if r["id"] == ruleset)
    rules = AlignmentGame(described.load(game_id, DATA_DIR / "drafts" / "alignment"))
    return Game(rules, dict(choices), ruleset, Limits(TURN_LIMIT, MOVE_LIMIT))


def key(grid, text: str, mover: int) -> int:
    """The replay's key of a move in the machine's notation (``xhand``: the removal of a piece from the
    hand of the mover's opponent, Ludii's hand site points + 0 for player 1, + 1 for player 2)."""
    if text == "pass":
        return -1
    if text == "xhand":
        return 5000 + grid.points + (2 - mover)
    if text.startswith("x"):
        return 5000 + grid.parse(text[1:])
    if "-" in text:
        a, b = text.split("-")
        return 1000 + 100 * grid.parse(a) + grid.parse(b)
    return grid.parse(text)


def board(state) -> list[int]:
    """The owner of every point (0 empty, 1, 2), in point order."""
    return [s["piece"] for s in sorted(state.board()["sites"], key=lambda s: (-s["row"], s["col"]))]


def main(game_id: str, ruleset: str, n: int, seed: int, out: str) -> None:
    game = game_of(game_id, ruleset)
    with open(out, "w", encoding="utf-8") as f:
        for g in range(n):
            s = game.new_state(seed + g)
            grid = s.game.rules.grid
            agent = RandomAgent(seed * 7919 + g)
            decisions = []
            while not s.is_terminal():
                legal = s.legal_moves_text()
                move = agent.choose(s)
                text = s.move_to_text(move)
                decisions.append({"p": s.to_move, "board": board(s), "hands": s.board()["hands"], "legal": sorted(key(grid, t, s.to_move) for t in legal),
                                  "choice": key(grid, text, s.to_move), "text": text})
                s.apply(move)
            r = s.result()
            f.write(json.dumps({"game": g, "points": grid.points, "decisions": decisions, "final_board": board(s),
                                "result": {"ending": r.ending, "winner": r.winner or 0},
                                "turns": s.turns, "moves": s.moves_made}) + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])
