"""Walak-pussa (ruleset ludii): where Ludii 1.3.13's Walak-Pussa.lud would end Variorum's random first
rounds early, predicted from Variorum's own laps (benchmarks/ludii_walak-pussa.txt, "the cause").

Ludii ends the round after a lap that relays (moveAgain) when the mover's own row then holds no hole of
two or more counters: the (no Moves Next) of the Sowing phase's consequent tests the mover, whose relay
from the landing hole is not a legal move then ("OnlySingleCounters"). This script replays the games
benchmarks/ludii_tworow_kinds_trace.py writes (same seeds, same agent), lap by lap
(State.apply_traced), finds each game's first relaying lap (a lap followed by another lap of the same
move) that leaves the mover's row without a hole of two or more, and prints the decision it falls in
and the scores the round would end with there (each player's captures and own row). Games without such
a lap keep Variorum's ending.

With LUDII_ENDS (the ends=FILE of benchmarks/LudiiWalakRoundEnd.java, run on the same games), each game's
prediction is compared with where Ludii's round really ended (the decision whose move ended it, after a
relaying lap or a turn-ending one, or at Ludii's move limit) and with Ludii's stores there.

usage: PYTHONPATH=. python benchmarks/ludii_walak_relay_end.py N SEED [OUT.json|-] [LUDII_ENDS]
"""
from __future__ import annotations

import json
import re
import sys
from collections import Counter

import engine
from engine.agents import RandomAgent

n_games, seed = int(sys.argv[1]), int(sys.argv[2])
out = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] != "-" else None
ludii_ends = sys.argv[4] if len(sys.argv) > 4 else None


def first_cut(events, mover):
    """The first lap of a move that relays and leaves the mover's row without a hole of two or more."""
    for i, e in enumerate(events[:-1]):
        if e.get("kind") != "lap" or events[i + 1].get("kind") != "lap":
            continue  # the move's last lap, or a lap followed by a capture: the turn ends there
        row = e["board"]["a" if mover == 1 else "b"]
        if max(row) < 2:
            return i, e
    return None


rows = []
for g in range(n_games):
    s = engine.new_game("walak-pussa", ruleset="ludii", seed=seed + g)
    agent = RandomAgent(seed * 7919 + g)
    k = 0
    cut = None
    relayed_without = opponent_has = 0  # relayed turns (2+ laps) leaving the mover without a hole of 2+
    while not s.is_terminal():
        mover = s.to_move
        mv = agent.choose(s)
        txt = s.move_to_text(mv)
        events = s.apply_traced(mv)
        laps = [e for e in events if e.get("kind") == "lap"]
        if cut is None:
            c = first_cut(events, mover)
            if c is not None:
                i, e = c
                b = e["board"]
                cut = {"decision": k, "move": txt, "player": mover, "lap": sum(1 for x in events[:i + 1] if x.get("kind") == "lap"),
                       "laps_in_move": len(laps), "board_after_lap": {"a": b["a"], "b": b["b"], "captures": b["captures"]},
                       "scores": [b["captures"][0] + sum(b["a"]), b["captures"][1] + sum(b["b"])]}
            elif len(laps) > 1 and max(s.board()["a" if mover == 1 else "b"]) < 2:
                # the last session's test: a relayed turn leaving its mover no hole of 2+ (board after the move)
                relayed_without += 1
                opponent_has += max(s.board()["b" if mover == 1 else "a"]) >= 2
        k += 1
    b = s.board()
    r = s.result()
    rows.append({"game": g, "decisions": k, "ending": r.ending, "variorum_scores": [b["captures"][0] + sum(b["a"]), b["captures"][1] + sum(b["b"])],
                 "cut": cut, "relayed_turns_ending_without_before_cut": relayed_without,
                 "of_which_opponent_has_a_move": opponent_has})

cuts = [r for r in rows if r["cut"]]
last = [r for r in cuts if r["cut"]["decision"] == r["decisions"] - 1]
print(f"games {len(rows)}: a relaying lap leaves the mover's row without a hole of two or more in {len(cuts)} "
      f"(in the game's last decision in {len(last)}: games {[r['game'] for r in last]}), none in {len(rows) - len(cuts)}")
print(f"relayed turns (2+ laps) before each game's first such lap that leave their mover no hole of two or more "
      f"after the move: {sum(r['relayed_turns_ending_without_before_cut'] for r in rows)}, the opponent having one in "
      f"{sum(r['of_which_opponent_has_a_move'] for r in rows)} (Ludii goes on there: their last lap does not relay)")
for r in cuts:
    c = r["cut"]
    print(f"game {r['game']}: decision {c['decision']} ({c['move']} by P{c['player']}), lap {c['lap']} of {c['laps_in_move']}: "
          f"a {c['board_after_lap']['a']} b {c['board_after_lap']['b']} captures {c['board_after_lap']['captures']} -> "
          f"scores {c['scores'][0]}-{c['scores'][1]} (Variorum's game: {r['decisions']} decisions, {r['ending']}, "
          f"{r['variorum_scores'][0]}-{r['variorum_scores'][1]})")
if out:
    with open(out, "w") as f:
        json.dump(rows, f, indent=1)
if ludii_ends:
    lud = {}
    with open(ludii_ends) as f:
        for line in f:
            m = re.match(r"round-end game (\d+) decision (-?\d+) (\S+) stores (\d+)-(\d+)", line)
            lud[int(m.group(1))] = (int(m.group(2)), m.group(3), [int(m.group(4)), int(m.group(5))])
    tally = Counter()
    for r in rows:
        d, how, stores = lud[r["game"]]
        if r["cut"]:
            same = how == "relay" and d == r["cut"]["decision"] and stores == r["cut"]["scores"]
        elif r["ending"] == "endless":
            same = how.startswith("limit")
        else:
            same = how == "turn-end" and d == r["decisions"] - 1 and stores == r["variorum_scores"]
        tally[("predicted: relay end" if r["cut"] else "predicted: Variorum's end", f"Ludii: {how}",
               "same decision and stores" if same else "DIFFERENT")] += 1
        if not same:
            print(f"game {r['game']}: predicted {r['cut'] and (r['cut']['decision'], r['cut']['scores'])}, Ludii {lud[r['game']]}")
    for k, v in sorted(tally.items()):
        print(" / ".join(k), v)
