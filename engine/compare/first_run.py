"""The first run's budgets: every section of a game page with figures in minutes, refined later.

A game page has three sections of figures, each one saved run of the results database: the
comparison of the rulesets (random self-play), the assessment (screen, agent play, skill ladder)
and the reconstruction (every reading screened, the front and the named rulesets under agent
play). At the default budgets (:func:`default_budget`) a fresh start takes about half an hour for
the comparisons and assessments alone and much longer for the reconstructions, so ``variorum
serve`` bakes in two passes:

1. **preliminary**: every section of every game at a small budget (:data:`PRELIMINARY`), cut down
   by :func:`fit` to a share of a budget in time per game (:func:`game_seconds`: a total for all
   games divided among them, never less than :data:`MIN_GAME_SECONDS`), saved as ``preliminary``
   runs that the pages mark as such, with their intervals;
2. **refining**: every section at the default budget, cheapest first, each saved as a
   ``defaults`` run that replaces the preliminary one.

Before a game's preliminary runs, :func:`pilot` plays a few random games of each ruleset (the
seconds a random game takes and its decisions) and two pairs of short agent games of each
(:data:`CALIBRATION`: how long agents' games last, which in the alignment games is often 15 times a
random game's, and what an agent's decision costs, a part for the decision and a part a playout
step). :func:`estimate` turns a budget into seconds from them (random games; an agent game as its
decisions x (a decision's cost + iterations x playout steps x a step's cost)), and the refining
pass scales its estimates by what the preliminary run of the same section actually took against
its estimate (:func:`corrected`). The bake prints each estimate beside the real time.

A run that overruns its estimate many times (:func:`deadline`) is stopped (:class:`OutOfTime`)
and rerun at the floor budget (:data:`FLOOR`), so no game holds the others up.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

SECTIONS = ("comparison", "assessment", "reconstruction")
"""The sections of a game page with figures, in the order they are baked."""


@dataclass(frozen=True)
class Budget:
    """What one section's run plays: ``games`` random games a ruleset (comparison) or agent games a
    reading (assessment, reconstruction); the screen's random games a reading, the agent (plays
    itself), the skill ladder's rungs, and the reconstruction's front and nearest readings evaluated."""

    games: int
    screen_games: int = 0
    agent: str = "random"
    skill_levels: int = 0
    top: int = 0
    nearest: int = 0
    resamples: int = 999

    def text(self, section: str) -> str:
        """The budget in words, as the log and the pages print it."""
        if section == "comparison":
            return f"{self.games:,} random games a ruleset" + (
                f"; {self.resamples} bootstrap resamples" if self.resamples != 999 else "")
        rungs = f"{self.skill_levels} rung{'s' if self.skill_levels != 1 else ''}"
        out = f"screen {self.screen_games:,} random games a reading; {self.agent} against itself, " \
              f"{self.games} games a reading; skill ladder of {rungs}"
        if section == "reconstruction":
            out += f"; front of {self.top}, {self.nearest} nearest at a time"
        return out + (f"; {self.resamples} bootstrap resamples" if self.resamples != 999 else "")


PRELIMINARY: dict[str, Budget] = {
    "comparison": Budget(200, resamples=199),
    "assessment": Budget(10, screen_games=100, agent="uct:32:20", skill_levels=1, resamples=199),
    "reconstruction": Budget(4, screen_games=20, agent="uct:16:20", skill_levels=1, top=2, nearest=1, resamples=199),
}
"""The preliminary budgets, before :func:`fit` cuts them to the time budget. Agents play truncated
UCT (playouts cut after 20 decisions, engine.agents), so that an agent game costs the same order of
time in a game of 40 decisions and in one of 2,500."""
FLOOR: dict[str, Budget] = {
    "comparison": Budget(20, resamples=99),
    "assessment": Budget(2, screen_games=20, agent="uct:8:10", skill_levels=1, resamples=99),
    "reconstruction": Budget(2, screen_games=4, agent="uct:8:10", skill_levels=1, top=1, nearest=0, resamples=99),
}
"""The least :func:`fit` goes down to: figures with wide intervals, but figures."""
SHARE = {"comparison": 0.15, "assessment": 0.4, "reconstruction": 0.45}
"""Each section's share of a game's preliminary time."""
FIRST_FIGURES_SECONDS = 240.0
"""The preliminary pass's wall time for all the games together, divided among them (engine.cli.bake
turns a game's share into CPU seconds at the share of a core the bake gets)."""
MIN_GAME_SECONDS = 6.0
"""A game's preliminary time is never less than this, whatever the number of games."""
PILOT_GAMES = 20
"""Random games a ruleset of :func:`pilot`."""
FULL_PLAYOUT = 0.5
"""A full (untruncated) playout's steps, as a share of a random game's decisions: half the game is
left on average. Checked on two uct:8 games a ruleset of 8 games (benchmarks/first-run.txt, tenth
session): Kalah, Lobudök, Toguz Kumalak and Tsoro within a factor of two, Oware 2.2 times its
estimate, Dra, Achi and Tap-urdy 0.54, 0.64 and 0.33 times theirs."""
CALIBRATION = (("uct:4:5", 20), ("uct:8:20", 160))
"""The pilot's agent games (self-play, :data:`CALIBRATION_GAMES` a ruleset) and the playout steps a
decision of each walks (iterations x depth): from their CPU seconds a decision :func:`pilot` fits a
decision's own cost and a step's (engine.agents' UCT: the decision's tree and legal moves, then each
iteration's playout). The pilots of the 35 games (benchmarks/first-run.txt, tenth session): a decision
13-69 microseconds, a step 0-1.7 microseconds; agents' games 0.2 (Wari (Ashanti)) to 18 (Achi) times
a random game's decisions."""
CALIBRATION_GAMES = 2
"""Agent games a ruleset of each of :data:`CALIBRATION`."""
COMPARISON_SECONDS = 0.06
"""CPU seconds a comparison's run costs beside its games and rulesets (its plan, its results saved):
the median of what 34 preliminary comparisons took beyond their estimates (0.04 s under to 0.12 s
over; benchmarks/first-run.txt, tenth session)."""


def reading_seconds(resamples: int) -> float:
    """CPU seconds a reading costs beside its games (its sweep's cells and its measures' bootstrap
    intervals, engine.compare.intervals): measured on Tap-urdy's 3,072 readings, 20 games each, 1.6 ms
    a reading at 999 resamples and 1.1 ms at 199 (benchmarks/first-run.txt)."""
    return 0.001 + 6.25e-7 * resamples


def game_seconds(games: int, total: float = FIRST_FIGURES_SECONDS) -> float:
    """The preliminary pass's time budget for one of ``games`` games."""
    return max(MIN_GAME_SECONDS, total / max(1, games))


def default_budget(section: str, game_id: str, override: dict[str, Any] | None = None) -> Budget:
    """The default budget of a section: the comparison's 2,000 games a ruleset (engine.compare.results),
    the assessment's of engine.cli.assess (with a game's own, GAME_BUDGETS), the reconstruction's of
    ``variorum reconstruct``; ``override``: fields given in their place (the command line's)."""
    return replace(_default_budget(section, game_id), **(override or {}))


def _default_budget(section: str, game_id: str) -> Budget:
    from engine.cli.assess import DEFAULT_AGENT, DEFAULT_AGENT_GAMES, DEFAULT_SKILL_LEVELS, GAME_BUDGETS
    from engine.compare import reconstruct as R
    from engine.compare.assess import SCREEN_GAMES
    from engine.compare.results import DEFAULT_GAMES

    if section == "comparison":
        return Budget(DEFAULT_GAMES)
    if section == "assessment":
        own = GAME_BUDGETS.get(game_id, {})
        return Budget(own.get("games", DEFAULT_AGENT_GAMES), screen_games=SCREEN_GAMES,
                      agent=own.get("agent", DEFAULT_AGENT), skill_levels=own.get("skill_levels", DEFAULT_SKILL_LEVELS))
    if section == "reconstruction":
        return Budget(20, screen_games=R.RECONSTRUCT_SCREEN_GAMES, agent="uct:50", skill_levels=1, top=R.TOP,
                      nearest=R.NEAREST)
    raise ValueError(f"unknown section {section!r}; sections: {', '.join(SECTIONS)}")


@dataclass(frozen=True)
class Rates:
    """A game's costs, from :func:`pilot`: CPU seconds a random game and decisions a game (means over
    its rulesets), its rulesets and the readings its reconstruction examines; and, from its agent
    games (:data:`CALIBRATION`), the decisions an agents' game lasts and the CPU seconds of an agent's
    decision beside its playouts and of a playout step."""

    random_game: float
    turns: float
    rulesets: int
    readings: int
    agent_decisions: float
    decision_seconds: float
    step_seconds: float


def pilot(game_id: str, games: int = PILOT_GAMES) -> Rates:
    """Play ``games`` random games of each of the game's rulesets (compiled), once, timed in CPU
    seconds, after one game of the first ruleset outside the timing (it loads or compiles the
    kernels); then :data:`CALIBRATION`'s agent games (:func:`calibrate`); ``games`` < 2: ValueError."""
    if games < 2:
        raise ValueError(f"games: the pilot plays at least 2 games a ruleset, not {games}")
    from engine import rulesets as archive
    from engine import stats as S
    from engine.compare import comparison as comparing
    from engine.compare.fit import standings
    from engine.compare.sweep import Sweep, run, self_play_rows
    from engine.game import MOVE_LIMIT, TURN_LIMIT, Game, Limits
    from engine.games import rules_of

    found = [r.id for r in archive.rulesets(game_id)]
    if not found:
        raise ValueError(f"{game_id}: no ruleset in the archive")
    plan = comparing.plan(game_id, rulesets=found)
    limits = (TURN_LIMIT, MOVE_LIMIT)
    # one game as the sweep plays it: the kernels loaded (or compiled) outside the timing
    self_play_rows(Game(rules_of(game_id), dict(plan.variants[0]), None, Limits(*limits)), 0, 1)
    started = time.process_time()
    rows = run(Sweep(game_id, tuple(plan.variants), games, 0, None, None, limits), checkpoint=None)
    seconds = time.process_time() - started
    turns = sum(float(r[:, S.TURNS].mean()) for r in rows) / max(1, len(rows))
    readings = len(comparing.plan(game_id, switches=list(standings(game_id))).variants)
    decisions, decision, step = calibrate(game_id, tuple(plan.variants), limits)
    return Rates(seconds / max(1, games * len(found)), max(1.0, turns), len(found), readings, decisions, decision,
                 step)


def calibrate(game_id: str, variants: tuple[dict[str, str], ...],
              limits: tuple[int, int]) -> tuple[float, float, float]:
    """The agents' games of :data:`CALIBRATION`, each :data:`CALIBRATION_GAMES` games of every variant,
    after one short game that loads the agents' kernels: the decisions a game (their mean) and the CPU
    seconds of a decision beside its playouts and of a playout step (a line through the two agents'
    seconds a decision against their steps, neither below 0)."""
    from engine import stats as S
    from engine.compare.sweep import Sweep, run

    run(Sweep(game_id, variants[:1], 2, 0, ("uct:2:2", "uct:2:2"), None, (4, 16)), checkpoint=None)
    points, lengths = [], []
    for agent, steps in CALIBRATION:
        started = time.process_time()
        rows = run(Sweep(game_id, variants, CALIBRATION_GAMES, 0, (agent, agent), None, limits), checkpoint=None)
        seconds = time.process_time() - started
        decisions = sum(float(r[:, S.DECISIONS].sum()) for r in rows)
        points.append((steps, seconds / max(1.0, decisions)))
        lengths.append(decisions / max(1, len(variants) * CALIBRATION_GAMES))
    (s1, t1), (s2, t2) = points
    step = max(0.0, (t2 - t1) / (s2 - s1))
    return max(1.0, sum(lengths) / len(lengths)), max(0.0, t1 - s1 * step), step


def agent_game(rates: Rates, agent: str) -> float:
    """CPU seconds of one game of ``agent`` against itself: an agents' game's decisions, each its own
    cost and the agent's iterations, each a playout of :data:`FULL_PLAYOUT` of a random game's
    decisions (or ``depth`` steps)."""
    from engine.agents import parse_agent

    spec = parse_agent(agent)
    if spec.kind == "random":
        return rates.random_game
    steps = rates.turns * FULL_PLAYOUT if spec.depth is None else spec.depth
    return rates.agent_decisions * (rates.decision_seconds
                                    + int(spec.param) * steps * rates.step_seconds)  # type: ignore[arg-type]


def _ladder(rates: Rates, budget: Budget) -> float:
    """Seconds of the skill ladder: rung k pits 2w against w iterations (1.5w a decision on average)."""
    from engine.agents import parse_agent
    from engine.compare.skill import ladder

    spec = parse_agent(budget.agent)
    n = int(spec.param)  # type: ignore[arg-type]
    depth = f":{spec.depth}" if spec.depth else ""
    return sum(agent_game(rates, f"uct:{max(1, 3 * w // 2)}{depth}") for w in ladder(max(1, n >> budget.skill_levels),
                                                                                      budget.skill_levels))


def estimate(section: str, budget: Budget, rates: Rates) -> float:
    """The CPU seconds a section's run at ``budget`` takes for a game of ``rates`` (serial, one core)."""
    if section == "comparison":
        return COMPARISON_SECONDS + rates.rulesets * (budget.games * rates.random_game
                                                      + reading_seconds(budget.resamples))
    readings = rates.rulesets if section == "assessment" else rates.readings
    screen = readings * (budget.screen_games * rates.random_game + reading_seconds(budget.resamples))
    evaluated = rates.rulesets if section == "assessment" else \
        min(rates.readings, budget.top + rates.rulesets * (1 + budget.nearest))
    agents = evaluated * budget.games * (agent_game(rates, budget.agent) + _ladder(rates, budget))
    return screen + agents


def fit(section: str, budget: Budget, rates: Rates, seconds: float) -> Budget:
    """``budget`` cut down, one of its counts after another (the bootstrap's resamples, then halving
    the agent games, the iterations, the screen games, the front, the nearest), never below
    :data:`FLOOR`, until :func:`estimate` is within ``seconds``."""
    from engine.agents import parse_agent

    floor = FLOOR[section]
    while estimate(section, budget, rates) > seconds:
        spec = parse_agent(budget.agent) if budget.agent != "random" else None
        iterations = int(spec.param) if spec else 0  # type: ignore[arg-type]
        floor_iterations = int(parse_agent(floor.agent).param) if spec else 0  # type: ignore[arg-type]
        if budget.resamples > floor.resamples:
            budget = replace(budget, resamples=floor.resamples)
        elif budget.games > floor.games:
            budget = replace(budget, games=max(floor.games, budget.games // 2))
        elif spec and iterations > floor_iterations:
            depth = f":{spec.depth}" if spec.depth else ""
            budget = replace(budget, agent=f"uct:{max(floor_iterations, iterations // 2)}{depth}")
        elif budget.screen_games > floor.screen_games:
            budget = replace(budget, screen_games=max(floor.screen_games, budget.screen_games // 2))
        elif budget.top > floor.top:
            budget = replace(budget, top=max(floor.top, budget.top // 2))
        elif budget.nearest > floor.nearest:
            budget = replace(budget, nearest=floor.nearest)
        else:
            break
    return budget


def corrected(model: float, before: tuple[float, float] | None) -> float:
    """A refining run's estimate: the model's, scaled by what the preliminary run of the same section
    took against its own estimate (``before``: estimated, real), within a factor of 4 either way."""
    if not before or before[0] <= 0 or before[1] <= 0:
        return model
    return model * min(4.0, max(0.25, before[1] / before[0]))


def deadline(estimated: float) -> float:
    """The CPU seconds after which a preliminary run is stopped: many times its estimate, never little."""
    return max(10 * estimated, estimated + 60.0)


class OutOfTime(Exception):
    """A run went past its deadline (raised from its progress, between two cells)."""


Progress = Callable[[str, int, int], None]
"""``progress(phase, done, total)``: a run's progress (the phase "games" for a comparison)."""


def bake(section: str, game_id: str, budget: Budget, results: str | Path, *, kind: str,
         progress: Progress | None = None, until: float | None = None,
         checkpoint: str | Path | None = None) -> str:
    """Run ``section`` of ``game_id`` at ``budget`` on the archive's rulesets and save it into
    ``results`` as a run of ``kind`` (replacing the game's earlier runs of that kind, and a
    ``defaults`` run its ``preliminary`` one); its run id. ``until``: a ``time.process_time()`` (the
    run is serial, in this process) past which the run stops with :class:`OutOfTime`."""
    from engine import rulesets as archive
    from engine.compare import results as saved

    def tell(phase: str, done: int, total: int) -> None:
        if until is not None and time.process_time() > until:
            raise OutOfTime(f"{section} of {game_id} went past its deadline at {phase} {done}/{total}")
        if progress is not None:
            progress(phase, done, total)

    found = [r.id for r in archive.rulesets(game_id)]
    if not found:
        raise ValueError(f"{game_id}: no ruleset in the archive")
    common: dict[str, Any] = dict(seed=0, jobs=1, checkpoint=checkpoint, n_resamples=budget.resamples)
    if section == "comparison":
        from engine.compare.comparison import compare

        c = compare(game_id, rulesets=found, games=budget.games, progress=lambda d, t: tell("games", d, t),
                    **common)
        return saved.save(c, results, kind=kind, replace_kind=True)
    if section == "assessment":
        from engine.compare.assess import assess

        a = assess(game_id, rulesets=found, agent=budget.agent, games=budget.games,
                   skill_levels=budget.skill_levels, screen_games=budget.screen_games, phase=tell, **common)
        return saved.save_assessment(a, results, kind=kind, replace_kind=True)
    if section == "reconstruction":
        from engine.compare.reconstruct import reconstruct
        from engine.compare.reconstruct_results import save_reconstruction

        r = reconstruct(game_id, screen_games=budget.screen_games, games=budget.games, agent=budget.agent,
                        skill_levels=budget.skill_levels, top=budget.top, nearest=budget.nearest, phase=tell,
                        **common)
        return save_reconstruction(r, results, kind=kind, replace_kind=True)
    raise ValueError(f"unknown section {section!r}; sections: {', '.join(SECTIONS)}")
