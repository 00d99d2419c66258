"""Compile time of a new sowing description: the first description of a board family compiles the
sowing machine's kernels (from an empty numba cache); a new description after it compiles nothing,
as every description of the family runs on the same compiled entry point. Run with an empty cache::

    NUMBA_CACHE_DIR=$(mktemp -d) .venv/bin/python benchmarks/description_compile.py

The new description is Tap-urdy's changed to a 2 x 7 board of 3 counters, one lap a move from the
own row (what a new game's YAML would say); times are the process's CPU seconds.
"""

from __future__ import annotations

import time

import yaml

import engine
from engine.game import Game
from engine.mancala.tworow_rules import SowingGame
from schema.paths import DATA_DIR
from schema.sowing import SowingDescription

clock = time.process_time
t0 = clock()
g = engine.load_game("tap-urdy", ruleset="ludii")
s = g.new_state(1)
s.apply(s.legal_moves()[0])
g.rules.playouts(g.params, 1, 10)
t1 = clock()
data = yaml.safe_load((DATA_DIR / "sowing" / "tap-urdy.yaml").read_text(encoding="utf-8"))
data["board"]["holes_per_row"] = 7
data["setup"]["counters_per_hole"] = 3
data["rules"].update(relay="single", start_row="own", min_counters=2)
data["switches"] = [x for x in data["switches"] if x["id"] not in ("tap-urdy.relay", "tap-urdy.start")]
rules = SowingGame(SowingDescription.model_validate(data), name="new")
g2 = Game(rules, {x.id: x.default for x in rules.switches})
s2 = g2.new_state(1)
s2.apply(s2.legal_moves()[0])
rules.playouts(g2.params, 1, 10)
t2 = clock()
print(f"first description (tap-urdy, empty cache): {t1 - t0:.1f} CPU s; "
      f"a new 2 x 7 description after it: {t2 - t1:.2f} CPU s")
