"""Variorum's random games of any sowing game's Ludii ruleset, decision by decision (JSON lines), for
benchmarks/LudiiTwoRowReplay.java, which replays them in the real Ludii (benchmarks/ludii_replays.sh).

One script for every layout the earlier per-family scripts wrote (../shared/ludii/var_trace.py,
benchmarks/ludii_tworow_kinds_trace.py, benchmarks/ludii_tworow_trace.py), with the ruleset named,
so that a game's other Ludii rulesets (`ludii-extra-counters`) are traced as the game plays them.
Each record: the mover, the board before the decision in the .lud file's site order, the legal moves
as Ludii sites (-1 a pass or a stop; a released move of Lobudök, "a1+", is its site + 1000), the
choice, then the result and the counts of turns and moves.

LAYOUT (the .lud file's board):
  grid         four-row boards (site = (rows-1-row) * cols + col), and Tap Urdy.lud's 2 x N board
               without stores (a_k = k-1, b_k = 2N-k)
  none         two rows, store:None (a_k = k-1, b_k = 2N-k)
  stores       (mancalaBoard 2 N) whose player 1's store is its first site (0 = P1's store,
               a_k = k, b_k = 2N+1-k, 2N+1 = P2's store): Fondji, Shono, Adidada, Oware
  stores-last  the same board with player 1's store its last site (2N+1 = P1's, 0 = P2's): Kalah
  toguz        Toguz Kumalak.lud (a_k = k-1, 9 / 10 the kazans, b_k = 20-k)
  tauru        Tauru.lud's (rectangle 5 6), for benchmarks/LudiiTauruReplay.java: point <file><rank> is
               site (rank-1) * 6 + file; the board is each point's owner (0 none), then the pieces in
               player 1's and player 2's hands; a move is its point (a placement), 100 + its point
               (a removal, "x<point>"), 10000 + 100 * from + to (a step, "<from>-<to>"), -1 a pass

usage: .venv/bin/python benchmarks/ludii_replay_trace.py GAME RULESET N SEED OUT LAYOUT [LIMITS]
Game g is engine.new_game(GAME, ruleset=RULESET, seed=SEED+g), played by RandomAgent(SEED*7919+g), under
the engine's default limits; or, with LIMITS (``T:M,T:M,...``, benchmarks/ludii_turn_limit.sh), N games
under each turn_limit T and move_limit M, each line naming its limits (``turn_limit``, ``move_limit``:
LudiiTwoRowReplay replays it under them and compares the end whole). RULESET
written ``<ruleset>:switches`` plays the ruleset's switch choices without naming the ruleset, so
without what its description binds to the ruleset itself (last_turn: the turn limit's last turn then
played whole, as before Ludii's was played).
"""

from __future__ import annotations

import json
import sys

import engine
from engine.agents import RandomAgent

LAYOUTS = ("grid", "none", "stores", "stores-last", "toguz", "tauru")


def _grid(state) -> tuple[dict[str, int], int, None]:
    """Hole name -> site for the boards var_trace.py knows."""
    b = state.board()
    if not b.get("sites"):
        n = len(b["a"])
        names = {f"a{k}": k - 1 for k in range(1, n + 1)}
        names.update({f"b{k}": 2 * n - k for k in range(1, n + 1)})
        return names, 2 * n, None
    rows = max(s["row"] for s in b["sites"]) + 1
    cols = max(s["col"] for s in b["sites"]) + 1
    return {s["name"]: (rows - 1 - s["row"]) * cols + s["col"] for s in b["sites"]}, rows * cols, None


def site_map(state, layout: str) -> tuple[dict[str, int], int, tuple[int, int] | None]:
    """(hole name -> Ludii site, sites on Ludii's board, the sites of player 1's and 2's stores or None)."""
    if layout == "grid":
        return _grid(state)
    if layout == "tauru":
        return {f"{f}{r}": (r - 1) * 6 + c for c, f in enumerate("abcdef") for r in range(1, 6)}, 32, None
    n = len(state.board()["a"])
    if layout == "none":
        names = {f"a{k}": k - 1 for k in range(1, n + 1)}
        names.update({f"b{k}": 2 * n - k for k in range(1, n + 1)})
        return names, 2 * n, None
    if layout in ("stores", "stores-last"):
        names = {f"a{k}": k for k in range(1, n + 1)}
        names.update({f"b{k}": 2 * n + 1 - k for k in range(1, n + 1)})
        return names, 2 * n + 2, ((0, 2 * n + 1) if layout == "stores" else (2 * n + 1, 0))
    if layout == "toguz":
        names = {f"a{k}": k - 1 for k in range(1, 10)}
        names.update({f"b{k}": 20 - k for k in range(1, 10)})
        return names, 20, (9, 10)
    raise ValueError(f"layout {layout!r}: expected one of {', '.join(LAYOUTS)}")


def board(state, names: dict[str, int], size: int, stores: tuple[int, int] | None) -> list[int]:
    """The board in Ludii's site order (stores included where the file keeps them on the board)."""
    b = state.board()
    v = [0] * size
    if "hands" in b:  # an alignment board (Tauru): owners, then hands
        for s in b["sites"]:
            v[names[s["name"]]] = int(s["piece"])
        v[size - 2], v[size - 1] = (int(x) for x in b["hands"])
        return v
    if b.get("sites"):
        for s in b["sites"]:
            v[names[s["name"]]] = int(s["count"])
    else:
        for row in ("a", "b"):
            for k, x in enumerate(b[row], start=1):
                v[names[f"{row}{k}"]] = int(x)
    if stores:
        v[stores[0]], v[stores[1]] = (int(x) for x in b["captures"])
    return v


def main(game_id: str, ruleset: str, n_games: int, seed: int, out: str, layout: str, limits: str = "") -> None:
    if layout not in LAYOUTS:
        raise ValueError(f"layout {layout!r}: expected one of {', '.join(LAYOUTS)}")
    choices = None
    if ruleset.endswith(":switches"):
        from engine import rulesets

        choices = rulesets.ruleset(game_id, ruleset.removesuffix(":switches")).choices
    pairs: list[tuple[int | None, int | None]] = [(None, None)]
    if limits:
        try:
            pairs = [(int(t), int(m)) for t, m in (x.split(":") for x in limits.split(","))]
        except ValueError:
            raise ValueError(f"LIMITS {limits!r}: expected T:M pairs separated by commas, e.g. 2:10000,2500:9") from None
    with open(out, "w", encoding="utf-8") as f:
        for (turn_limit, move_limit), g in ((pair, g) for pair in pairs for g in range(n_games)):
            s = engine.new_game(game_id, switches=choices, seed=seed + g, turn_limit=turn_limit, move_limit=move_limit) \
                if choices else engine.new_game(game_id, ruleset=ruleset, seed=seed + g, turn_limit=turn_limit,
                                                move_limit=move_limit)
            agent = RandomAgent(seed * 7919 + g)
            names, size, stores = site_map(s, layout)

            def site(t: str) -> int:
                if t in ("pass", "stop"):
                    return -1
                if layout == "tauru" and t.startswith("x"):
                    return 100 + names[t[1:]]
                if layout == "tauru" and "-" in t:
                    a, b = t.split("-")
                    return 10000 + 100 * names[a] + names[b]
                if t.endswith("+"):
                    return names[t[:-1]] + 1000
                if t not in names:
                    raise ValueError(f"game {game_id!r}: move {t!r} has no Ludii site in layout {layout!r}")
                return names[t]

            decisions = []
            while not s.is_terminal():
                legal = s.legal_moves_text()
                move = agent.choose(s)
                text = s.move_to_text(move)
                decisions.append({"p": s.to_move, "board": board(s, names, size, stores),
                                  "legal": sorted({site(t) for t in legal}), "choice": site(text), "text": text})
                s.apply(move)
            r = s.result()
            f.write(json.dumps({"game": g, "rows": 1, "cols": size, "sites": size, "decisions": decisions,
                                "final_board": board(s, names, size, stores),
                                "result": {"ending": r.ending, "winner": r.winner or 0},
                                "turns": s.turns, "moves": s.moves_made,
                                **({"turn_limit": turn_limit, "move_limit": move_limit} if limits else {})}) + "\n")


if __name__ == "__main__":
    if len(sys.argv) not in (7, 8):
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6], *sys.argv[7:8])
