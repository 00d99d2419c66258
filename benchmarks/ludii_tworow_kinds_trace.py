"""../shared/ludii/var_trace.py for the two-row games: Variorum's random games of GAME under its
ludii ruleset, decision by decision (JSON lines) for LudiiReplay, the board flat in the Ludii
file's site order with the stores where the file keeps them on the board (rows 1, cols = sites).

usage: .venv/bin/python benchmarks/ludii_tworow_kinds_trace.py GAME N SEED OUT KIND
KIND: none (store:None, a_k = k-1, b_k = 2n-k), stores (mancalaBoard with stores: 0 = P1's store,
a_k = k, b_k = 2n+1-k, 2n+1 = P2's store), toguz (a_k = k-1, 9 / 10 the kazans, b_k = 20-k), hands
(store:None with the captures in the players' hands, as none, the hands after the holes: 2n = P1's,
2n+1 = P2's; replay with LudiiTwoRowReplay's "rounds"). A first move choosing clockwise (direction
first-move: Walak-pussa's "a3cw") is its site + 1000 (replay with LudiiTwoRowReplay's "round")."""
from __future__ import annotations

import json
import sys

import engine
from engine.agents import RandomAgent

game_id, n_games, seed, out, kind = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]

def mapping(n):
    if kind == "none":
        m = {f"a{k}": k - 1 for k in range(1, n + 1)}; m.update({f"b{k}": 2 * n - k for k in range(1, n + 1)})
        return m, 2 * n, None
    if kind == "hands":
        m = {f"a{k}": k - 1 for k in range(1, n + 1)}; m.update({f"b{k}": 2 * n - k for k in range(1, n + 1)})
        return m, 2 * n + 2, (2 * n, 2 * n + 1)
    if kind == "stores":
        m = {f"a{k}": k for k in range(1, n + 1)}; m.update({f"b{k}": 2 * n + 1 - k for k in range(1, n + 1)})
        return m, 2 * n + 2, (0, 2 * n + 1)
    m = {f"a{k}": k - 1 for k in range(1, 10)}; m.update({f"b{k}": 20 - k for k in range(1, 10)})
    return m, 20, (9, 10)

def vec(s, m, size, stores):
    b = s.board(); v = [0] * size
    for k, x in enumerate(b["a"]): v[m[f"a{k+1}"]] = x
    for k, x in enumerate(b["b"]): v[m[f"b{k+1}"]] = x
    if stores:
        v[stores[0]], v[stores[1]] = b["captures"]
    return v

def site(m, text):
    """A move's site in the file's order; + 1000 for a first move choosing clockwise (``a3cw``)."""
    return m[text[:-2]] + 1000 if text.endswith("cw") else m[text]

with open(out, "w") as f:
    for g in range(n_games):
        s = engine.new_game(game_id, ruleset="ludii", seed=seed + g)
        agent = RandomAgent(seed * 7919 + g)
        m, size, stores = mapping(len(s.board()["a"]))
        ds = []
        while not s.is_terminal():
            lm = s.legal_moves_text(); mv = agent.choose(s); txt = s.move_to_text(mv)
            ds.append({"p": s.to_move, "board": vec(s, m, size, stores), "legal": sorted(site(m, t) for t in lm),
                       "choice": site(m, txt), "text": txt})
            s.apply(mv)
        r = s.result()
        f.write(json.dumps({"game": g, "rows": 1, "cols": size, "decisions": ds, "final_board": vec(s, m, size, stores),
                            "result": {"ending": r.ending, "winner": r.winner or 0}, "turns": s.turns,
                            "moves": s.moves_made}) + "\n")
