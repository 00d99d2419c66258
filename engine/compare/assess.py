"""Which readings make a playable game: screen by random play, evaluate under UCT, trace the skill.

:func:`assess` does what ``variorum assess GAME`` does, in three phases over one plan of readings
(engine.compare.comparison.plan: the named rulesets, chosen switches, or every combination):

1. **screen**: every reading by random self-play (compiled), judged against the plausibility
   criteria (engine.compare.criteria);
2. **evaluate**: the named rulesets, and the readings that pass the screen (at most ``top`` of them,
   in the plan's order), by ``agent`` against itself, seats swapped: the comparator's measures, under
   competent play, with their intervals;
3. **skill**: the same readings on a ladder of UCT budgets, ``uct:2N`` against ``uct:N``
   (engine.compare.skill), ending at the agent's budget; a truncated agent (``uct:N:D``) climbs a
   ladder of the same playout depth, ``uct:2N:D`` against ``uct:N:D``.

Every phase is a sweep (engine.compare.sweep), so all of it runs serially, on local processes
(``jobs``) or on Dask (``scheduler``), and resumes from one ``checkpoint`` file (each phase's cells
are keyed by their own fingerprint). The JSON (:meth:`Assessment.to_dict`)::

    {"game", "base", "seed", "agent", "engine_version", "criteria": [...], "screen": {"games", "agent"},
     "games", "skill_ladder", "skill_games", "top", "resamples", "limits": {"turns", "moves"},
     "readings": [{"ruleset", "switches", "label", "evaluated", "screen": {"measures", "criteria"},
                   "measures": {name: {value, low, high}}, "skill": {value, low, high, levels},
                   "criteria": {name: true|false|null}, "meets": n}]}

``readings`` lists the evaluated readings ranked by the number of criteria met, then by skill, then
every reading that failed the screen (``evaluated`` false; no ``measures``, ``skill`` or
``criteria`` under agent play, their screen results only).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.compare import comparison as comparing
from engine.compare import sweep as sweeping
from engine.compare.criteria import DEFAULT_CRITERIA, Criterion, judge, passes
from engine.compare.intervals import DEFAULT_RESAMPLES, Interval
from engine.compare.skill import SkillTrace, ladder, trace
from engine.rng import batch_seed, check_seed

SCREEN_GAMES = 1000
"""Random games per reading in the screen unless told otherwise."""
SKILL_LEVELS = 3
"""Rungs of the skill ladder unless told otherwise (the last pits the agent's budget against half)."""
TOP = 8
"""At most this many readings that pass the screen are evaluated (named rulesets always are)."""
SKILL_STREAM = 0x5C177
"""Each rung's sweep is seeded batch_seed(batch_seed(run seed, SKILL_STREAM), rung)."""
SKILL_BOOTSTRAP = 0x5C178
"""The skill traces' bootstrap generator is seeded batch_seed(run seed, SKILL_BOOTSTRAP)."""

Phase = Callable[[str, int, int], None]
"""``phase(name, games done, games in all)``: progress of the phase ``screen``, ``evaluate`` or
``skill N`` (called as cells finish)."""


@dataclass
class Reading:
    """One reading's screen, and (if evaluated) its measures under agent play and skill trace."""

    switches: dict[str, str]
    ruleset: str | None
    label: str
    screen: dict[str, Interval]
    screen_verdicts: dict[str, bool | None]
    evaluated: bool = False
    measures: dict[str, Interval] = field(default_factory=dict)
    skill: SkillTrace | None = None
    verdicts: dict[str, bool | None] = field(default_factory=dict)

    @property
    def meets(self) -> int:
        """How many criteria the reading meets (under agent play if evaluated, else in the screen)."""
        return sum(v is True for v in (self.verdicts if self.evaluated else self.screen_verdicts).values())

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "ruleset": self.ruleset, "switches": dict(self.switches), "label": self.label,
            "evaluated": self.evaluated,
            "screen": {"measures": {k: v.to_dict() for k, v in self.screen.items()},
                       "criteria": dict(self.screen_verdicts)},
            "meets": self.meets,
        }
        if self.evaluated:
            out["measures"] = {k: v.to_dict() for k, v in self.measures.items()}
            out["skill"] = self.skill.to_dict() if self.skill else None
            out["criteria"] = dict(self.verdicts)
        return out


@dataclass
class Assessment:
    """What :func:`assess` found."""

    game: str
    seed: int
    agent: str
    engine_version: str
    criteria: list[Criterion]
    screen_games: int
    games: int
    skill_ladder: list[int]
    skill_games: int
    readings: list[Reading]
    base: str | None = None
    top: int = TOP
    resamples: int = DEFAULT_RESAMPLES
    limits: tuple[int, int] | None = None
    """The games' (turn, move) limits."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``variorum assess --json``."""
        return {
            "game": self.game, "seed": self.seed, "agent": self.agent, "engine_version": self.engine_version,
            "criteria": [c.to_dict() for c in self.criteria],
            "screen": {"games": self.screen_games, "agent": "random"},
            "games": self.games, "skill_ladder": ladder_names(self.agent, self.skill_ladder),
            "skill_games": self.skill_games, "top": self.top, "resamples": self.resamples,
            "limits": None if self.limits is None else {"turns": self.limits[0], "moves": self.limits[1]},
            "base": self.base,
            "readings": [r.to_dict() for r in self.readings],
        }


def _rank(readings: list[Reading]) -> list[Reading]:
    def key(r: Reading) -> tuple:
        skill = r.skill.value.value if r.skill and r.skill.value.value is not None else -1.0
        return (not r.evaluated, -r.meets, -skill)

    return sorted(readings, key=key)


def rung_agents(agent: str, weak: int) -> tuple[str, str]:
    """The specs of a skill ladder's rung whose weaker side runs ``weak`` iterations a move: the
    evaluation's UCT ``agent`` (its playout depth kept) at twice and at once ``weak``."""
    from engine.agents import parse_agent

    spec = parse_agent(agent)
    return str(spec.with_iterations(2 * weak)), str(spec.with_iterations(weak))


def ladder_names(agent: str, rungs: Sequence[int]) -> list[str]:
    """The rungs of a skill ladder as ``"uct:2N vs uct:N"`` (``"uct:2N:D vs uct:N:D"`` for a truncated agent)."""
    return [" vs ".join(rung_agents(agent, n)) for n in rungs]


def budget(agent: str, games: int, skill_levels: int, skill_from: int | None = None,
           skill_games: int | None = None) -> tuple[Any, list[int], int]:
    """The agent spec (``uct:N`` or ``uct:N:D`` only), the skill ladder's rungs and the games per
    rung of an evaluation; ValueError naming a bad argument."""
    from engine.agents import parse_agent

    spec = parse_agent(agent)
    if spec.kind != "uct":
        raise ValueError(f"readings are evaluated with UCT agents: agent must be uct:N or uct:N:D, not {agent!r}")
    for name, value, least in (("games", games, 2), ("skill_levels", skill_levels, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise ValueError(f"{name} must be an integer of at least {least}, not {value!r}")
    n = int(spec.param)  # type: ignore[arg-type]
    rungs = ladder(max(1, n >> skill_levels) if skill_from is None else skill_from, skill_levels)
    skill_games = games if skill_games is None else skill_games
    if isinstance(skill_games, bool) or not isinstance(skill_games, int) or skill_games < 2:
        raise ValueError(f"skill_games must be an integer of at least 2, not {skill_games!r}")
    return spec, rungs, skill_games


def evaluate(
    game_id: str,
    plan: comparing.Plan,
    readings: list[Reading],
    chosen: Sequence[int],
    *,
    agent: str,
    games: int,
    rungs: Sequence[int],
    skill_games: int,
    criteria: Sequence[Criterion],
    seed: int,
    jobs: int = 1,
    scheduler: Any = None,
    checkpoint: str | Path | None = None,
    phase: Phase | None = None,
    n_resamples: int = DEFAULT_RESAMPLES,
) -> None:
    """Phases 2 and 3 over the readings ``chosen`` (indices into ``plan.variants`` and ``readings``):
    ``agent`` against itself, ``games`` games each, and the skill ladder ``rungs``; each chosen
    reading is marked evaluated and given its measures, verdicts and skill trace in place."""
    chosen = sorted(set(chosen))
    if not chosen:
        return

    def progress_of(name: str) -> sweeping.Progress | None:
        return None if phase is None else (lambda done, total: phase(name, done, total))

    common = dict(jobs=jobs, scheduler=scheduler, checkpoint=checkpoint, n_resamples=n_resamples)
    sub = comparing.Plan(game_id, plan.base, [plan.variants[i] for i in chosen], [plan.rulesets[i] for i in chosen])
    evaluated = comparing.compare(game_id, variant_plan=sub, games=games, agent=agent, vs=agent,
                                  seed=seed, progress=progress_of("evaluate"), **common)
    level_rows: list[list] = []
    for k, weak in enumerate(rungs):
        strong_agent, weak_agent = rung_agents(agent, weak)
        sw = sweeping.Sweep(game_id, tuple(sub.variants), skill_games,
                            batch_seed(batch_seed(seed, SKILL_STREAM), k),
                            (strong_agent, weak_agent), None, evaluated.limits)
        level_rows.append(sweeping.run(sw, jobs=jobs, scheduler=scheduler, checkpoint=checkpoint,
                                       progress=progress_of(f"skill {strong_agent} vs {weak_agent}")))
    from engine.agents import parse_agent

    boot = batch_seed(seed, SKILL_BOOTSTRAP)
    depth = parse_agent(agent).depth
    for j, i in enumerate(chosen):
        r = readings[i]
        r.evaluated = True
        r.measures = evaluated.variants[j].metrics
        r.verdicts = judge(criteria, r.measures)
        r.skill = trace([rows[j] for rows in level_rows], list(rungs), n_resamples=n_resamples, seed=boot,
                        depth=depth)


def assess(
    game_id: str,
    *,
    rulesets: Sequence[str] = (),
    switches: Sequence[str] = (),
    all_switches: bool = False,
    base: str | None = None,
    settings: dict[str, str] | None = None,
    criteria: Sequence[Criterion] = DEFAULT_CRITERIA,
    screen_games: int = SCREEN_GAMES,
    games: int = 100,
    agent: str = "uct:300",
    skill_levels: int = SKILL_LEVELS,
    skill_from: int | None = None,
    skill_games: int | None = None,
    top: int = TOP,
    seed: int = 0,
    jobs: int = 1,
    scheduler: Any = None,
    checkpoint: str | Path | None = None,
    phase: Phase | None = None,
    n_resamples: int = DEFAULT_RESAMPLES,
) -> Assessment:
    """Screen, evaluate and trace the skill of a game's readings (see the module docstring).

    ``agent`` must be ``uct:N`` or ``uct:N:D`` (truncated playouts, engine.agents): the evaluation
    plays it against itself and the skill ladder ends at ``uct:N`` against ``uct:N/2`` (``uct:N:D``
    against ``uct:N/2:D``; ``skill_levels`` rungs from ``skill_from``, default N / 2**levels).
    ``skill_games`` defaults to ``games``. ValueError naming a bad argument."""
    from engine import ENGINE_FINGERPRINT

    seed = check_seed(seed)
    for name, value, least in (("screen_games", screen_games, 2), ("top", top, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise ValueError(f"{name} must be an integer of at least {least}, not {value!r}")
    spec, rungs, skill_games = budget(agent, games, skill_levels, skill_from, skill_games)

    def progress_of(name: str) -> sweeping.Progress | None:
        return None if phase is None else (lambda done, total: phase(name, done, total))

    common = dict(jobs=jobs, scheduler=scheduler, checkpoint=checkpoint, n_resamples=n_resamples)
    plan = comparing.plan(game_id, rulesets=rulesets, switches=switches, all_switches=all_switches,
                          base=base, settings=settings)
    screened = comparing.compare(game_id, variant_plan=plan, games=screen_games, seed=seed,
                                 progress=progress_of("screen"), **common)
    readings = []
    for i, v in enumerate(screened.variants):
        readings.append(Reading(v.switches, v.ruleset, v.label, v.metrics, judge(criteria, v.metrics)))

    named = [i for i, r in enumerate(readings) if r.ruleset is not None]
    passing = [i for i, r in enumerate(readings) if r.ruleset is None and passes(r.screen_verdicts)][:top]
    evaluate(game_id, plan, readings, sorted(set(named) | set(passing)), agent=str(spec), games=games,
             rungs=rungs, skill_games=skill_games, criteria=criteria, seed=seed, phase=phase, **common)
    return Assessment(game_id, seed, str(spec), ENGINE_FINGERPRINT, list(criteria), screen_games, games, rungs,
                      skill_games, _rank(readings), base=plan.base, top=top, resamples=n_resamples,
                      limits=tuple(screened.limits))
