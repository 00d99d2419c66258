"""The readings closest to the sources that make a playable game (``variorum reconstruct GAME``).

Reconstructing an incomplete rule set means choosing, at every point the sources leave open or
dispute, a reading; Variorum holds every such point as a switch and every alternative with the
sources behind it (engine.compare.fit). :func:`reconstruct` examines the whole switch space of a
game (or the switches named), in four phases:

1. **fit**: every reading's departures from the sources, and its place in the fit order
   (engine.compare.fit.fit_key);
2. **screen**: every reading by random self-play (compiled), judged against the plausibility
   criteria (engine.compare.criteria), as ``variorum assess`` screens;
3. **front**: the readings on the front of fit against playability (no other reading departs less
   *and* meets as many criteria in the screen, one of the two strictly), and the named rulesets,
   evaluated under competent play with the assessment's measures, intervals and skill trace
   (engine.compare.assess.evaluate); at most ``top`` front readings, the best fitting first;
4. **nearest**: for each named ruleset that fails under agent play (random play is only a first
   screen, and every named ruleset is played by the agents), the readings
   that pass the screen, ordered by how many of its choices they change, then by fit, evaluated
   under agent play the same way, ``nearest`` at a time (at most ``NEAREST_ROUNDS`` batches)
   until one passes: "the fewest departures from ruleset R that make a playable game".

Switches the records mark ``agreed`` (the players' choice: Tsoro's board size) are held at the
base ruleset's value and not examined; a named ruleset that sets one otherwise is screened and
evaluated on its own, and its nearest readings are sought among those that share its values of
the switches not examined (none, when it is the only one: then the search says so). Every phase is a sweep (engine.compare.sweep): serial, on
local processes or a Dask cluster, resumable from one ``checkpoint`` file, and deterministic for a
seed. The JSON (:meth:`Reconstruction.to_dict`) lists every reading examined with its fit, screen
measures and verdicts, and, where evaluated, its agent measures, verdicts and skill.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.compare import comparison as comparing
from engine.compare.assess import Phase, Reading, budget, evaluate, ladder_names
from engine.compare.criteria import DEFAULT_CRITERIA, Criterion, judge, passes
from engine.compare.fit import Standing, fit, fit_key, fit_summary, standings
from engine.compare.intervals import DEFAULT_RESAMPLES
from engine.rng import check_seed

RECONSTRUCT_SCREEN_GAMES = 200
"""Random games per reading in the screen unless told otherwise: the whole switch space is
screened (thousands of readings), so fewer than ``variorum assess``'s (SCREEN_GAMES); Wilson
half-widths of at most 7 points on the rates, enough to tell a reading that finishes from one
that does not."""
TOP = 6
"""At most this many readings of the front are evaluated under agent play."""
NEAREST = 3
"""Nearest readings evaluated at a time for each named ruleset that fails."""
NEAREST_ROUNDS = 3
"""At most this many batches of nearest readings are evaluated for a failing ruleset, nearest first,
until one is playable under agent play."""



def settings_against(base: dict[str, str], switches: dict[str, str]) -> list[tuple[str, str]]:
    """What a reading sets otherwise than ``base`` (a named ruleset's choices), as (point, option)
    in the reading's order: the name of a reading that no ruleset is, which its departures alone do
    not give (two readings may depart from the sources alike and differ elsewhere)."""
    return [(k.split(".", 1)[-1], v) for k, v in switches.items() if base.get(k) != v]

@dataclass
class Candidate:
    """One reading of the switch space: its fit and its screen (and, if evaluated, agent play)."""

    reading: Reading
    departures: list[Standing]
    front: bool = False
    nearest_of: list[str] = field(default_factory=list)
    """The named rulesets that fail and of which this is a nearest playable reading."""
    ruleset: str | None = None
    """The named ruleset this reading is, if any."""

    @property
    def key(self) -> tuple[int, ...]:
        return fit_key(self.departures)

    @property
    def screen_meets(self) -> int:
        """How many criteria it meets in the random screen (the front's measure of playability)."""
        return sum(v is True for v in self.reading.screen_verdicts.values())

    @property
    def passes_screen(self) -> bool:
        return passes(self.reading.screen_verdicts)

    @property
    def playable(self) -> bool | None:
        """Whether it passes under agent play (None when not evaluated)."""
        return passes(self.reading.verdicts) if self.reading.evaluated else None

    def to_dict(self) -> dict[str, Any]:
        out = self.reading.to_dict()
        out.update(ruleset=self.ruleset, departures=[d.to_dict() for d in self.departures],
                   fit=list(self.key), fit_summary=fit_summary(self.departures), front=self.front,
                   nearest_of=list(self.nearest_of), passes_screen=self.passes_screen,
                   screen_meets=self.screen_meets)
        return out


@dataclass
class Nearest:
    """A named ruleset's verdict and, if it fails, its nearest playable readings."""

    ruleset: str
    index: int
    fails: bool
    distance: int | None = None
    """The fewest changes of its choices that make a reading playable under agent play (else that
    pass the screen; None: it does not fail, or no reading passes)."""
    readings: list[int] = field(default_factory=list)
    """The nearest readings evaluated, best fitting first (indices into the readings)."""

    def to_dict(self, candidates: list[Candidate]) -> dict[str, Any]:
        found = [i for i in self.readings if candidates[i].playable]
        return {"ruleset": self.ruleset, "reading": self.index, "fails": self.fails, "distance": self.distance,
                "readings": list(self.readings), "playable": found}


@dataclass
class Reconstruction:
    """What :func:`reconstruct` found."""

    game: str
    base: str | None
    seed: int
    agent: str
    engine_version: str
    criteria: list[Criterion]
    switches: list[str]
    screen_games: int
    games: int
    skill_ladder: list[int]
    skill_games: int
    candidates: list[Candidate]
    nearest: list[Nearest]
    top: int = TOP
    limits: tuple[int, int] | None = None

    @property
    def front(self) -> list[int]:
        """The front's readings, best fitting first."""
        return sorted((i for i, c in enumerate(self.candidates) if c.front),
                      key=lambda i: (self.candidates[i].key, -self.candidates[i].screen_meets))

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``variorum reconstruct --json``."""
        return {
            "game": self.game, "base": self.base, "seed": self.seed, "agent": self.agent,
            "engine_version": self.engine_version, "criteria": [c.to_dict() for c in self.criteria],
            "switches": list(self.switches), "screen": {"games": self.screen_games, "agent": "random"},
            "games": self.games, "skill_ladder": ladder_names(self.agent, self.skill_ladder),
            "skill_games": self.skill_games, "top": self.top,
            "limits": None if self.limits is None else {"turns": self.limits[0], "moves": self.limits[1]},
            "front": self.front,
            "nearest": [n.to_dict(self.candidates) for n in self.nearest],
            "readings": [c.to_dict() for c in self.candidates],
        }


def front_of(candidates: Sequence[Candidate]) -> list[int]:
    """The readings no other dominates: none with a fit key at most its own and as many criteria
    met in the screen, one of the two strictly better."""
    order = sorted(range(len(candidates)), key=lambda i: candidates[i].key)
    out: list[int] = []
    best = -1  # the most criteria met by a reading of a strictly better fit
    k = 0
    while k < len(order):
        key = candidates[order[k]].key
        group = [i for i in order[k:] if candidates[i].key == key]
        k += len(group)
        most = max(candidates[i].screen_meets for i in group)
        if most > best:
            out += [i for i in group if candidates[i].screen_meets == most]
            best = most
    return out


def distance(a: dict[str, str], b: dict[str, str], switches: Sequence[str]) -> int:
    """How many of ``switches`` two readings set differently."""
    return sum(a[s] != b[s] for s in switches)


def reconstruct(
    game_id: str,
    *,
    switches: Sequence[str] = (),
    base: str | None = None,
    criteria: Sequence[Criterion] = DEFAULT_CRITERIA,
    screen_games: int = RECONSTRUCT_SCREEN_GAMES,
    games: int = 20,
    agent: str = "uct:50",
    skill_levels: int = 1,
    skill_games: int | None = None,
    top: int = TOP,
    nearest: int = NEAREST,
    seed: int = 0,
    jobs: int = 1,
    scheduler: Any = None,
    checkpoint: str | Path | None = None,
    phase: Phase | None = None,
    n_resamples: int = DEFAULT_RESAMPLES,
) -> Reconstruction:
    """Examine the readings of ``game_id`` (see the module docstring): every combination of the
    options of ``switches`` (default: every switch the records do not mark agreed), the others
    from ``base`` (default: the archive's default ruleset). ValueError naming a bad argument."""
    import engine
    from engine import ENGINE_FINGERPRINT
    from engine import rulesets as archive

    seed = check_seed(seed)
    for name, value, least in (("screen_games", screen_games, 2), ("top", top, 0), ("nearest", nearest, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise ValueError(f"{name} must be an integer of at least {least}, not {value!r}")
    spec, rungs, skill_games = budget(agent, games, skill_levels, None, skill_games)
    table = standings(game_id)
    names = list(switches) or list(table)
    plan = comparing.plan(game_id, switches=names, base=base)
    names = list(plan.factors)
    progress = None if phase is None else (lambda done, total: phase("screen", done, total))
    common = dict(jobs=jobs, scheduler=scheduler, checkpoint=checkpoint, n_resamples=n_resamples)
    screened = comparing.compare(game_id, variant_plan=plan, games=screen_games, seed=seed, progress=progress,
                                 **common)
    candidates = []
    for v in screened.variants:
        reading = Reading(v.switches, None, v.label, v.metrics, judge(criteria, v.metrics))
        candidates.append(Candidate(reading, fit(v.switches, table)))
    for i in front_of(candidates):
        candidates[i].front = True

    named: list[Nearest] = []
    index = {tuple(sorted(c.reading.switches.items())): i for i, c in enumerate(candidates)}
    outside: list[tuple[str, dict[str, str]]] = []
    for rs in archive.rulesets(game_id):
        values = engine.resolve(game_id, rs.id, {})
        i = index.get(tuple(sorted(values.items())))
        if i is None:  # it sets a switch not examined otherwise than the base: screened on its own below
            outside.append((rs.id, values))
            continue
        candidates[i].ruleset = rs.id
        candidates[i].reading.ruleset = rs.id
        named.append(Nearest(rs.id, i, fails=False))
    if outside:
        extra = comparing.Plan(game_id, None, [v for _, v in outside], [r for r, _ in outside])
        more = comparing.compare(game_id, variant_plan=extra, games=screen_games, seed=seed, **common)
        for (rid, values), v in zip(outside, more.variants):
            plan.variants.append(values)
            plan.rulesets.append(rid)
            reading = Reading(values, rid, rid, v.metrics, judge(criteria, v.metrics))
            candidates.append(Candidate(reading, fit(values, table), ruleset=rid))
            named.append(Nearest(rid, len(candidates) - 1, fails=False))

    evaluate_at = dict(agent=str(spec), games=games, rungs=rungs, skill_games=skill_games, criteria=criteria,
                       seed=seed, phase=phase, **common)
    shown = [i for i in sorted((i for i, c in enumerate(candidates) if c.front and c.passes_screen),
                               key=lambda i: (candidates[i].key, -candidates[i].screen_meets))][:top]
    evaluate(game_id, plan, [c.reading for c in candidates], shown + [n.index for n in named], **evaluate_at)

    for n in named:
        c = candidates[n.index]
        n.fails = not c.playable  # named rulesets are always played by the agents: their verdict decides
    rounds = 0
    held = [k for k in candidates[0].reading.switches if k not in names]  # the switches not examined

    def alike(a: dict[str, str], b: dict[str, str]) -> bool:  # a nearest reading keeps what was not examined
        return all(a[k] == b[k] for k in held)

    queue = {n.ruleset: sorted((distance(candidates[n.index].reading.switches, o.reading.switches, names), o.key, j)
                               for j, o in enumerate(candidates)
                               if j != n.index and o.passes_screen and o.ruleset is None
                               and alike(o.reading.switches, candidates[n.index].reading.switches))
             for n in named if n.fails}
    while rounds < NEAREST_ROUNDS:  # evaluate the nearest batch of each failing ruleset not yet answered
        rounds += 1
        chosen: list[int] = []
        for n in named:
            if not n.fails or any(candidates[j].playable for j in n.readings) or not queue[n.ruleset]:
                continue
            batch, queue[n.ruleset] = queue[n.ruleset][:nearest], queue[n.ruleset][nearest:]
            if not batch:  # nearest = 0: no nearest reading is sought
                continue
            n.readings += [j for _, _, j in batch]
            n.distance = batch[0][0] if n.distance is None else n.distance
            for _, _, j in batch:
                candidates[j].nearest_of.append(n.ruleset)
            chosen += [j for _, _, j in batch if not candidates[j].reading.evaluated]
        if not chosen:
            break
        evaluate(game_id, plan, [c.reading for c in candidates], chosen, **evaluate_at)
    for n in named:
        found = [j for j in n.readings if candidates[j].playable]
        if found:
            n.distance = min(distance(candidates[n.index].reading.switches, candidates[j].reading.switches, names)
                             for j in found)
    return Reconstruction(game_id, plan.base, seed, str(spec), ENGINE_FINGERPRINT, list(criteria), names, screen_games,
                          games, rungs, skill_games, candidates, named, top=top, limits=tuple(screened.limits))

