"""How long self-play games of UCT agents last, by the agents' strength: the decisions a game (mean of
two games of each of a game's rulesets) of uct:4:5, uct:8:20 (the first run's calibration agents,
engine.compare.first_run.CALIBRATION), uct:16:20 and uct:32:20 (the preliminary reconstruction's and
assessment's agents). Usage: python benchmarks/agent_lengths.py GAME [GAME ...] (benchmarks/first-run.txt).
"""
import sys, time
from engine.compare import comparison as comparing
from engine.compare.sweep import Sweep, run
from engine.game import MOVE_LIMIT, TURN_LIMIT
from engine import stats as S
from engine import rulesets as archive
for game in sys.argv[1:]:
    plan = comparing.plan(game, rulesets=[r.id for r in archive.rulesets(game)])
    out = []
    for agent in ("uct:4:5", "uct:8:20", "uct:16:20", "uct:32:20"):
        rows = run(Sweep(game, tuple(plan.variants), 2, 0, (agent, agent), None, (TURN_LIMIT, MOVE_LIMIT)), checkpoint=None)
        out.append(f"{agent} {sum(float(r[:, S.DECISIONS].sum()) for r in rows) / (2 * len(rows)):.0f}")
    print(game, *out, flush=True)
