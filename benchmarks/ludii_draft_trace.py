"""../shared/ludii/var_trace.py for a draft sowing description (data/drafts/sowing/), which the
engine's registry does not hold: Variorum's random games decision by decision (JSON lines, boards
in Ludii's site order) for LudiiReplay, under the description's defaults and the switches given.

usage: .venv/bin/python benchmarks/ludii_draft_trace.py DESCRIPTION.yaml N SEED OUT [POINT=OPTION ...]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import yaml

from engine.agents import RandomAgent
from engine.game import MOVE_LIMIT, TURN_LIMIT, Game, Limits
from engine.mancala.description import check_played
from engine.mancala.fourrow_rules import FourRowGame
from schema.sowing import SowingDescription


def _ludii_sites(state) -> dict[str, int]:
    sites = state.board()["sites"]
    rows = max(s["row"] for s in sites) + 1
    cols = max(s["col"] for s in sites) + 1
    return {s["name"]: (rows - 1 - s["row"]) * cols + s["col"] for s in sites}, rows, cols


def _board(state, rows: int, cols: int) -> list[int]:
    v = [0] * (rows * cols)
    for s in state.board()["sites"]:
        v[(rows - 1 - s["row"]) * cols + s["col"]] = s["count"]
    return v


def main(path: str, n: int, seed: int, out: str, settings: list[str]) -> None:
    desc = SowingDescription.model_validate(yaml.safe_load(Path(path).read_text(encoding="utf-8")))
    check_played(desc)
    values = {s.id: s.default for s in desc.switches}
    for item in settings:
        point, _, option = item.partition("=")
        values[f"{desc.game}.{point}"] = option
    game = Game(FourRowGame(desc, desc.game), values, None, Limits(TURN_LIMIT, MOVE_LIMIT))
    with open(out, "w", encoding="utf-8") as f:
        for g in range(n):
            s = game.new_state(seed + g)
            agent = RandomAgent(seed * 7919 + g)
            n2s, rows, cols = _ludii_sites(s)

            def site(t: str) -> int:
                return -1 if t in ("pass", "stop") else n2s[t]

            decisions = []
            while not s.is_terminal():
                legal = s.legal_moves_text()
                move = agent.choose(s)
                text = s.move_to_text(move)
                decisions.append({"p": s.to_move, "board": _board(s, rows, cols),
                                  "legal": sorted({site(t) for t in legal}, key=str), "choice": site(text), "text": text})
                s.apply(move)
            r = s.result()
            f.write(json.dumps({"game": g, "rows": rows, "cols": cols, "decisions": decisions,
                                "final_board": _board(s, rows, cols), "result": {"ending": r.ending, "winner": r.winner or 0},
                                "turns": s.turns, "moves": s.moves_made}) + "\n")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5:])
