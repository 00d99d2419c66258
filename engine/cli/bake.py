"""The background bake of ``variorum serve``: every section of every game page with figures in
minutes, then refined to the default budgets (engine.compare.first_run holds the budgets).

:func:`bake_figures` goes through two passes over the games, telling the log
(engine.cli.bake_progress.BakeLog) as it goes:

- stage ``compiling``: while no game's kernels are ready (``ready``), the bake waits, its estimate
  the compile's (``compile_left``: engine.cli.compile_log.CompileEstimate, from the compile's
  costs, engine.compile_costs), so that the pages say the kernels are being compiled;
- stage ``preliminary``: for each game whose kernels are ready (``ready``, the play API's
  compilation, which goes on meanwhile), a pilot, then each section that has no run yet at a
  preliminary budget cut to the game's time budget (wall seconds: the CPU seconds they buy at the
  share of a core the bake has been getting, :meth:`Timings.share`), saved as a ``preliminary`` run;
- stages ``comparisons``, ``assessments``, ``reconstructions``: each section of each game at its
  default budget, the cheapest first (every game when ``fresh``: the records or the engine changed;
  else those without a ``defaults`` run), saved as a ``defaults`` run that replaces the preliminary.

Every run's log line gives its estimate beside the seconds it took; the last line counts the runs
whose real time was within a factor of two of the estimate.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from engine.compare import first_run as F

REFINING = {"comparison": "comparisons", "assessment": "assessments", "reconstruction": "reconstructions"}
"""The log's stage of each section's refining pass."""
RUNS = {"comparison": "compare_runs", "assessment": "assess_runs", "reconstruction": "reconstruct_runs"}
"""The results database's table of each section's runs."""
WAIT_SECONDS = 0.5
"""Seconds between two looks at the play API's compilation while no game's kernels are ready."""
ESTIMATE_WAIT = 5.0
"""Seconds the stage ``compiling`` waits for the compile's estimate before its first line."""
KERNELS = "kernels"
"""The one entry of the stage ``compiling`` (engine.cli.bake_progress): the kernels the bake waits for."""


def saved_kinds(results: Path) -> dict[tuple[str, str], set[str]]:
    """(game, section) -> the kinds of the runs the results database holds."""
    out: dict[tuple[str, str], set[str]] = {}
    if not results.exists():
        return out
    conn = sqlite3.connect(f"file:{results}?mode=ro", uri=True)
    try:
        tables = {name for (name,) in conn.execute("select name from sqlite_master where type = 'table'")}
        for section, table in RUNS.items():
            if table in tables:
                for game, kind in conn.execute(f"select distinct game, kind from {table}"):
                    out.setdefault((game, section), set()).add(kind)
    finally:
        conn.close()
    return out


class Timings:
    """The estimate and the real time of every run, in CPU seconds and in wall seconds, for the log
    and its last line. A run's wall estimate is its CPU estimate divided by the share of a core the
    bake has had (:meth:`share`: its CPU seconds over its wall seconds since it started, at least
    :data:`MIN_SHARE`), which the machine's load decides."""

    MIN_SHARE = 0.05
    WINDOW = 8
    """The share of a core is taken over the last this many pieces of work."""

    def __init__(self) -> None:
        self.runs: list[tuple[str, str, str, float, float, float, float]] = []
        """(pass, section, game, estimated CPU, estimated wall, CPU, wall) of each run."""
        self.work: list[tuple[float, float]] = []
        """(CPU, wall) seconds of each piece of work (runs and pilots), not of the waits between them."""

    def sample(self, cpu: float, wall: float) -> None:
        """A piece of work's CPU and wall seconds (a pilot's, a run's), for :meth:`share`."""
        self.work = [*self.work, (cpu, wall)][-self.WINDOW:]

    def share(self) -> float:
        """The share of a core the bake's recent work had (1.0 before any)."""
        cpu, wall = sum(c for c, _ in self.work), sum(w for _, w in self.work)
        if wall <= 0:
            return 1.0
        return min(1.0, max(self.MIN_SHARE, cpu / wall))

    def wall(self, cpu: float) -> float:
        """The wall seconds ``cpu`` CPU seconds are expected to take at the bake's share of a core."""
        return cpu / self.share()

    def add(self, kind: str, section: str, game: str, cpu_estimate: float, wall_estimate: float, cpu: float,
            wall: float) -> str:
        """Record a run; the log's words for it."""
        self.runs.append((kind, section, game, cpu_estimate, wall_estimate, cpu, wall))
        self.sample(cpu, wall)
        return (f"estimated {cpu_estimate:.1f} CPU s ({wall_estimate:.1f} s at {cpu_estimate / max(wall_estimate, 1e-9):.0%} "
                f"of a core), took {cpu:.1f} CPU s ({wall:.1f} s)")

    def of(self, kind: str, section: str, game: str) -> tuple[float, float] | None:
        """A run's (estimated CPU, real CPU) seconds."""
        found = [(e, c) for k, s, g, e, _, c, _ in self.runs if (k, s, g) == (kind, section, game)]
        return found[-1] if found else None

    def summary(self) -> str:
        """How many runs took between half and twice their estimate, in CPU and in wall seconds."""
        if not self.runs:
            return "estimates: no run"

        def within(pairs: list[tuple[float, float]]) -> str:
            ratios = [real / est if est > 0 else float("inf") for est, real in pairs]
            close = sum(0.5 <= q <= 2.0 for q in ratios)
            far = max(ratios, key=lambda q: max(q, 1 / q) if q > 0 else float("inf"))
            return f"{close} of {len(ratios)} within a factor of two (the farthest {far:.2f} times its estimate)"

        return (f"estimates against real times: CPU {within([(r[3], r[5]) for r in self.runs])}; "
                f"wall {within([(r[4], r[6]) for r in self.runs])}")


def bake_figures(db: Path, results: Path, game_ids: Sequence[str], log: Any, *, fresh: bool,
                 ready: Callable[[str], bool] | None = None, checkpoint: Path | None = None,
                 total_seconds: float = F.FIRST_FIGURES_SECONDS, refine: bool = True,
                 overrides: dict[str, dict[str, Any]] | None = None,
                 compile_left: Callable[[], float | None] | None = None,
                 compiling: Callable[[], Sequence[str]] | None = None) -> Timings:
    """Bake the figures of ``game_ids`` from the archive ``db`` into ``results`` (see the module
    docstring); ``ready(game)``: whether the game's kernels are compiled (None: all are);
    ``compile_left()``: the seconds until the first kernels are expected ready (None: not known);
    ``compiling()``: the kinds of kernels still compiling, for the log (engine.cli.compile_log);
    ``overrides``: section -> budget fields in place of the default budget's (the command line's);
    ``refine``: False stops after the preliminary figures. Returns the timings."""
    from engine import rulesets

    rulesets.use_source(db)
    timings = Timings()
    have = saved_kinds(results)
    rates: dict[str, F.Rates] = {}
    per_game = F.game_seconds(len(game_ids), total_seconds)
    todo = [g for g in game_ids if any(not have.get((g, s)) for s in F.SECTIONS)]
    if todo:
        log.games["preliminary"] = list(todo)
        log.expect("preliminary", {g: timings.wall(per_game) for g in todo})
        if ready is not None and not any(ready(g) for g in todo):
            await_kernels(log, todo, ready, compile_left, compiling)
        log.start_stage("preliminary")
        waiting = list(todo)
        while waiting:
            game = next((g for g in waiting if ready is None or ready(g)), None)
            if game is None:
                log.wait(WAIT_SECONDS)
                continue
            waiting.remove(game)
            log.restart_clock()  # the game's time is its work's, not the wait for its kernels
            _preliminary(game, results, have, rates, per_game, log, timings)
        log.end_stage()
    if refine:
        for section in F.SECTIONS:
            games = [g for g in game_ids if fresh or "defaults" not in saved_kinds(results).get((g, section), set())]
            if games:
                _refine(section, games, results, rates, log, timings, checkpoint, (overrides or {}).get(section))
    log.say(timings.summary())
    return timings


def await_kernels(log: Any, games: Sequence[str], ready: Callable[[str], bool],
                  left: Callable[[], float | None] | None = None,
                  compiling: Callable[[], Sequence[str]] | None = None) -> None:
    """The stage ``compiling``: wait until the kernels of one of ``games`` are ready, telling the
    log (and through it the pages) what is compiling (``compiling()``: the kinds still compiling)
    and the compile's estimate, ``left()`` seconds from now (None: not known yet; ``left`` None:
    never known; 0, overdue: the last estimate is kept, so that the stage's line gives its real time
    beside an estimate made before it). The stage's first line waits up to
    :data:`ESTIMATE_WAIT` seconds for the estimate (the compile's follower reads it from the play
    API as the bake starts)."""
    if not games:
        raise ValueError("games: the bake waits for the kernels of at least one game")
    log.games["compiling"] = [KERNELS]
    started = time.monotonic()
    said: float | None = None

    def estimate() -> None:
        nonlocal said
        found = left() if left is not None else None
        if not found:
            return
        at = time.monotonic() + found  # when the kernels are expected ready: said again when it moves
        if said is None or abs(at - said) >= 1.0:
            said = at
            log.expect("compiling", {KERNELS: at - started})

    def what() -> str:
        kinds = list(compiling()) if compiling is not None else []
        return f"of {', '.join(kinds)}" if kinds else ""

    while left is not None and left() is None and time.monotonic() - started < ESTIMATE_WAIT \
            and not any(ready(g) for g in games):
        time.sleep(WAIT_SECONDS / 5)
    estimate()
    log.start_stage("compiling")
    while True:
        log.update(KERNELS, 0, None, phase=what(), unit="kernels")
        if any(ready(g) for g in games):
            break
        time.sleep(WAIT_SECONDS)
        estimate()
    log.end_stage()


def _preliminary(game: str, results: Path, have: dict, rates: dict[str, F.Rates], per_game: float, log: Any,
                 timings: Timings) -> None:
    """A game's pilot and its sections without a run, at the preliminary budget cut to ``per_game``."""
    log.update(game, 0, None, phase="pilot")
    started, cpu = time.monotonic(), time.process_time()
    try:
        rates[game] = F.pilot(game)
        timings.sample(time.process_time() - cpu, time.monotonic() - started)
    except ValueError as exc:  # a game the archive has no ruleset of (an old release's): said, and skipped
        log.say(f"preliminary: {game} skipped ({exc})")
        log.end_game()
        return
    pilot = time.monotonic() - started
    budgets = {}
    for section in F.SECTIONS:
        if not have.get((game, section)):
            # the time budget is wall time: the CPU it buys is the share of a core the bake gets now
            budgets[section] = F.fit(section, F.PRELIMINARY[section], rates[game],
                                     F.SHARE[section] * per_game * timings.share())
    # the game's estimate, for its line when it ends: its pilot's time and its runs' estimates
    log.expect("preliminary", {game: pilot + sum(timings.wall(F.estimate(s, b, rates[game])) for s, b in budgets.items())})
    for section, budget in budgets.items():
        estimated = F.estimate(section, budget, rates[game])
        wall_estimate = timings.wall(estimated)

        def tell(phase: str, done: int, total: int, s: str = section) -> None:
            log.update(game, done, total, phase=f"{s} {phase}")

        started, cpu = time.monotonic(), time.process_time()
        try:
            F.bake(section, game, budget, results, kind="preliminary", progress=tell, until=cpu + F.deadline(estimated))
        except F.OutOfTime as exc:
            log.say(f"preliminary: {exc}; again at the floor budget")
            budget = F.FLOOR[section]
            F.bake(section, game, budget, results, kind="preliminary", progress=tell)
        except ValueError as exc:  # a game the archive cannot run (no ruleset): said, and the others go on
            log.say(f"preliminary {section} of {game} skipped ({exc})")
            continue
        said = timings.add("preliminary", section, game, estimated, wall_estimate, time.process_time() - cpu,
                           time.monotonic() - started)
        log.say(f"preliminary {section} of {game} ({budget.text(section)}): {said}")
    log.end_game()


def _refine(section: str, games: list[str], results: Path, rates: dict[str, F.Rates], log: Any, timings: Timings,
            checkpoint: Path | None, override: dict[str, Any] | None) -> None:
    """Each game's ``section`` at the default budget, the cheapest first, each replacing its preliminary run."""
    stage = REFINING[section]
    estimates = {}
    for g in list(games):
        if g not in rates:
            try:
                rates[g] = F.pilot(g)
            except ValueError as exc:
                log.say(f"{stage}: {g} skipped ({exc})")
                games.remove(g)
                continue
        estimates[g] = F.corrected(F.estimate(section, F.default_budget(section, g, override), rates[g]),
                                   timings.of("preliminary", section, g))
    order = sorted(games, key=lambda g: estimates[g])
    log.games[stage] = order
    log.expect(stage, {g: timings.wall(e) for g, e in estimates.items()})
    log.start_stage(stage)
    if checkpoint is not None:
        from engine.compare.sweep import discard_stale_checkpoint

        discard_stale_checkpoint(checkpoint)  # the bake's own: another engine's cells are dropped
    for game in order:
        budget = F.default_budget(section, game, override)

        def tell(phase: str, done: int, total: int, g: str = game) -> None:
            log.update(g, done, total, phase="" if phase == "games" else phase)

        log.update(game, 0, None)
        wall_estimate = timings.wall(estimates[game])
        started, cpu = time.monotonic(), time.process_time()
        try:
            F.bake(section, game, budget, results, kind="defaults", progress=tell, checkpoint=checkpoint)
        except ValueError as exc:  # a game the archive cannot run (no ruleset): said, and the others go on
            log.say(f"{stage}: {game} skipped ({exc})")
            log.end_game()
            continue
        said = timings.add("defaults", section, game, estimates[game], wall_estimate, time.process_time() - cpu,
                           time.monotonic() - started)
        log.say(f"{stage}: {game} ({budget.text(section)}): {said}")
        log.end_game()
    if checkpoint is not None:
        checkpoint.unlink(missing_ok=True)
    log.end_stage()
