"""../shared/ludii/var_trace.py for Walak-pussa (benchmarks/LudiiTwoRowReplay.java, fifth argument
"round"): Variorum's random games under the ludii ruleset, decision by decision (JSON lines), the board
flat in Walak-Pussa.lud's site order (mancalaBoard 2 x 7 with stores: 0 = P1's store, a_k = k,
b_k = 15 - k, 15 = P2's store), a first move choosing clockwise ("a3cw") as its site + 1000 (Ludii's
TrackCW Select in phase "StartingMove"). Variorum plays one round: the trace ends with the first.

usage: .venv/bin/python benchmarks/ludii_walak_trace.py N SEED OUT [RULESET]"""
from __future__ import annotations

import json
import sys

import engine
from engine.agents import RandomAgent

n_games, seed, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
ruleset = sys.argv[4] if len(sys.argv) > 4 else "ludii"
SITE = {f"a{k}": k for k in range(1, 8)} | {f"b{k}": 15 - k for k in range(1, 8)}


def site(text: str) -> int:
    return SITE[text[:-2]] + 1000 if text.endswith("cw") else SITE[text]


def vec(s) -> list[int]:
    b = s.board()
    v = [0] * 16
    for k, x in enumerate(b["a"]):
        v[SITE[f"a{k + 1}"]] = x
    for k, x in enumerate(b["b"]):
        v[SITE[f"b{k + 1}"]] = x
    v[0], v[15] = b["captures"]
    return v


with open(out, "w") as f:
    for g in range(n_games):
        s = engine.new_game("walak-pussa", ruleset=ruleset, seed=seed + g)
        agent = RandomAgent(seed * 7919 + g)
        ds = []
        while not s.is_terminal():
            lm = s.legal_moves_text()
            mv = agent.choose(s)
            txt = s.move_to_text(mv)
            ds.append({"p": s.to_move, "board": vec(s), "legal": sorted(site(t) for t in lm), "choice": site(txt),
                       "text": txt})
            s.apply(mv)
        r = s.result()
        f.write(json.dumps({"game": g, "rows": 1, "cols": 16, "decisions": ds, "final_board": vec(s),
                            "result": {"ending": r.ending, "winner": r.winner or 0}, "turns": s.turns,
                            "moves": s.moves_made}) + "\n")
