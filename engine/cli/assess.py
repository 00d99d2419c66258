"""``variorum assess GAME`` and ``variorum assess-defaults``: which readings make a playable game
(engine.compare.assess), saved into the results database with ``--save`` (engine.compare.results).

``register(group)`` adds the command to the ``variorum`` click group. Bad input exits with code 2
and a message naming the parameter.
"""

from __future__ import annotations

import json
import time
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from engine.cli.games import BadInput
from engine.cli.bounds import JOBS, MAX_GAMES, MAX_TOP, SKILL_LEVELS, Count, writable_file
from engine.cli.options import checkpoint_options, games_option, results_option, run_options
from engine.cli.tables import print_table

DEFAULT_AGENT = "uct:200"
"""The agent of the default assessment (``assess-defaults``, the bake of ``serve``): it plays itself,
and the skill ladder ends at it."""
DEFAULT_AGENT_GAMES = 50
"""Agent games per ruleset, and per rung of the skill ladder, in the default assessment."""
DEFAULT_SKILL_LEVELS = 2
"""Rungs of the default assessment's skill ladder (uct:100 vs uct:50, uct:200 vs uct:100)."""

GAME_BUDGETS: dict[str, dict[str, Any]] = {
    "lobudok": {"agent": "uct:200:50", "games": DEFAULT_AGENT_GAMES, "skill_levels": DEFAULT_SKILL_LEVELS},
}
"""Games whose default assessment has its own budget, and why. Lobudök: its random playouts are the
slowest of the four (about 47,000 a CPU second against 250,000-600,000), and under its ``sources``
and ``dlp`` readings UCT players do not finish: their games run to the limits (2,500 turns or
10,000 moves), so with full playouts one game at uct:200 costs minutes and the default budget would take hours. Its
agent is truncated UCT, ``uct:200:50`` (playouts cut after 50 random moves, engine.agents), the
default's 50 games a reading and 2 rungs (uct:100:50 vs uct:50:50, uct:200:50 vs uct:100:50): on the
``ludii`` ruleset it scored 0.817 [0.701, 0.894] (Wilson 95%; 49 wins, 11 losses in 60 games, seats
alternating) against uct:200 at a quarter of its CPU time a move (0.0010 s against 0.0041;
benchmarks/truncated.txt), so it plays at least as well as the default agent; uct:200:20 only
matched it (0.500 [0.377, 0.623]). The whole of Lobudök's default assessment at this budget took
about 1,000 CPU seconds (63 minutes of wall time on the 2-core machine loaded 4-12 by other jobs;
benchmarks/truncated.txt).
A budget given on the command line (any of --agent, --games, --skill-levels) applies to every game."""

BUDGET_PARAMETERS = ("agent", "games", "skill_levels")
"""The parameters of ``assess-defaults`` that make the budget (``bake_``-prefixed in ``serve``)."""


def game_budgets(ctx: click.Context, names: tuple[str, ...] = BUDGET_PARAMETERS) -> dict[str, dict[str, Any]] | None:
    """GAME_BUDGETS, unless the command line gave one of the budget's parameters ``names``."""
    from click.core import ParameterSource

    given = any(ctx.get_parameter_source(n) not in (None, ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP)
                for n in names)
    return None if given else GAME_BUDGETS


SHOWN_MEASURES = ("advantage_p1", "completion", "duration_turns", "branching_factor")
"""Measures under agent play shown in the console table (all are in --json)."""


def _bad(param: str, exc: Exception | str) -> click.BadParameter:
    return click.BadParameter(str(exc), param_hint=f"'{param}'")


def _iv(iv: Any, digits: int = 3) -> str:
    if iv is None or iv.value is None:
        return "-"
    if iv.low is None or iv.high is None or iv.low == iv.high:  # no interval, or a degenerate one
        return f"{iv.value:.{digits}f} (no interval)"
    if abs(iv.value) >= 10:
        return f"{iv.value:.1f} [{iv.low:.1f}, {iv.high:.1f}]"
    return f"{iv.value:.{digits}f} [{iv.low:.{digits}f}, {iv.high:.{digits}f}]"


def print_assessment(console: Console, a: Any, seconds: float) -> None:
    """The ranked readings: criteria met, skill and key measures under agent play, then the readings
    the screen set aside."""
    from engine.compare.assess import ladder_names

    console.print(
        f"{a.game}: {len(a.readings)} reading(s) screened by {a.screen_games} random games each; "
        f"{sum(r.evaluated for r in a.readings)} evaluated by {a.agent} vs {a.agent} ({a.games} games) and "
        f"a skill ladder {', '.join(n.replace(' vs ', '/') for n in ladder_names(a.agent, a.skill_ladder))} "
        f"({a.skill_games} games a rung); "
        f"seed {a.seed}; {seconds:.1f} s", highlight=False)
    t = Table(title="which readings make a playable game (95% intervals)", expand=False)
    t.add_column("reading", overflow="fold")
    t.add_column("criteria met", justify="right")
    t.add_column("skill", justify="right")
    for m in SHOWN_MEASURES:
        t.add_column(m, justify="right")
    for r in a.readings:
        if not r.evaluated:
            continue
        failed = [k for k, v in r.verdicts.items() if v is False]
        met = f"{r.meets}/{len(r.verdicts)}" + (f" (not {', '.join(failed)})" if failed else "")
        t.add_row(r.label, met, _iv(r.skill.value if r.skill else None),
                  *(_iv(r.measures.get(m)) for m in SHOWN_MEASURES))
    print_table(console, t)
    dropped = [r for r in a.readings if not r.evaluated]
    if dropped:
        console.print(f"{len(dropped)} reading(s) failed the screen under random play, e.g. "
                      + "; ".join(f"{r.label} (not {', '.join(k for k, v in r.screen_verdicts.items() if v is False)})"
                                  for r in dropped[:5]), highlight=False)
    console.print("criteria: " + "; ".join(f"{c.name}: {c.range_text}" for c in a.criteria), highlight=False)


def _phases(err: Console, quiet: bool) -> tuple[Progress, Any]:
    """A progress display and its ``phase(name, done, total)`` callback: a bar per phase on a
    terminal, else a line every 10 seconds (none with ``quiet``)."""
    bar = Progress(TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                   TimeElapsedColumn(), console=err, transient=True, disable=quiet or not err.is_terminal)
    tasks: dict[str, Any] = {}
    last_line = {"t": 0.0}

    def phase(name: str, done: int, total: int) -> None:
        if err.is_terminal:
            if name not in tasks:
                tasks[name] = bar.add_task(name, total=total)
            bar.update(tasks[name], completed=done, total=total)
        elif not quiet and (done == total or time.monotonic() - last_line["t"] > 10):
            last_line["t"] = time.monotonic()
            err.print(f"{name}: {done}/{total} games", highlight=False, markup=False, emoji=False)  # "uct:100:" is no emoji

    return bar, phase


def at_least(bounds: tuple[tuple[str, int | None, int], ...]) -> None:
    """Each ``(option, value, least)``: an error naming the option when a given value is below its least."""
    for name, value, least in bounds:
        if value is not None and value < least:
            raise _bad(name, f"must be at least {least}, not {value}")


def start_run(criteria_specs: tuple[str, ...], quiet: bool, checkpoint: str | None,
              discard_stale: bool) -> tuple[list[Any], Console, Progress, Any]:
    """What a run of readings begins with: its criteria (an error naming ``--criterion``), the
    console for progress and its display, and a stale checkpoint emptied when asked."""
    from engine.compare.criteria import criteria

    writable_file("--checkpoint", checkpoint, sqlite=True)

    try:
        found = criteria(criteria_specs)
    except ValueError as exc:
        raise _bad("--criterion", exc) from None
    err = Console(stderr=True, highlight=False)
    bar, phase = _phases(err, quiet)
    if discard_stale and checkpoint:
        from engine.compare.sweep import discard_stale_checkpoint

        try:
            discard_stale_checkpoint(checkpoint)
        except ValueError as exc:
            raise BadInput(str(exc)) from None
    return found, err, bar, phase


def register(group: click.Group) -> None:
    """Add ``assess`` to ``group``."""

    @group.command("assess")
    @click.argument("game_id", metavar="GAME")
    @click.option("--ruleset", "rulesets", multiple=True, metavar="ID", help="Assess these rulesets of the archive (repeatable).")
    @click.option("--switch", "switches", multiple=True, metavar="SWITCH",
                  help="Screen every combination of these switches' options (repeatable); the rest from --base.")
    @click.option("--all-switches", is_flag=True, help="Screen every combination of every switch.")
    @click.option("--base", default=None, metavar="ID", help="Ruleset for the switches not varied (default: the archive's default).")
    @click.option("--set", "settings", multiple=True, metavar="SWITCH=VALUE", help="Set a switch in every reading (repeatable).")
    @click.option("--criterion", "criteria_specs", multiple=True, metavar="NAME>=X|NAME<=X|NAME=LOW..HIGH|NAME=off",
                  help="Change, add or drop a plausibility criterion (repeatable); see engine.compare.criteria.")
    @games_option(1000, "Random games per reading in the screen.", "--screen-games")
    @games_option(100, "Agent games per evaluated reading.")
    @click.option("--agent", default="uct:300", show_default=True, help="The evaluating agent, uct:ITERATIONS or uct:ITERATIONS:DEPTH (playouts cut at DEPTH; plays itself).")
    @click.option("--skill-levels", type=SKILL_LEVELS, default=3, show_default=True, help="Rungs of the skill ladder.")
    @click.option("--skill-from", type=Count(1, 10_000_000), default=None, help="The first rung's weaker budget (default: the agent's / 2**levels).")
    @click.option("--skill-games", type=Count(2, MAX_GAMES), default=None, help="Games per rung (default: --games).")
    @click.option("--top", type=Count(0, MAX_TOP), default=8, show_default=True, help="Evaluate at most this many readings that pass the screen.")
    @run_options
    @checkpoint_options
    @click.option("--json", "as_json", is_flag=True, help="Print the assessment as JSON.")
    @click.option("--save", is_flag=True, help="Save the assessment into the results database (the game page shows the latest).")
    @results_option
    @click.option("--quiet", is_flag=True, help="No progress.")
    def assess_cmd(game_id: str, rulesets: tuple[str, ...], switches: tuple[str, ...], all_switches: bool,
                   base: str | None, settings: tuple[str, ...], criteria_specs: tuple[str, ...], screen_games: int,
                   games: int, agent: str, skill_levels: int, skill_from: int | None, skill_games: int | None,
                   top: int, seed: int, jobs: int, scheduler: str | None, checkpoint: str | None, discard_stale: bool,
                   resamples: int, as_json: bool, save: bool, results: str | None, quiet: bool) -> None:
        """Screen a game's readings by random play against plausibility criteria, then evaluate the named
        rulesets and the readings that pass with UCT agents: measures under competent play, a skill
        trace, and the criteria each meets."""
        from engine.agents import parse_agent
        from engine.compare.assess import assess
        from engine.cli.compare import _check

        if sum(bool(x) for x in (rulesets, switches, all_switches)) > 1:
            raise click.UsageError("choose one of --ruleset, --switch and --all-switches")
        if scheduler is not None and jobs != 1:
            raise _bad("--jobs", "--jobs is for local processes; with --scheduler the Dask cluster decides")
        parsed = _check(game_id, rulesets, switches, base, settings, agent, None, games, jobs, seed, resamples,
                        None, None)
        if parse_agent(agent).kind != "uct":
            raise _bad("--agent", f"assess evaluates with UCT: uct:ITERATIONS or uct:ITERATIONS:DEPTH, not {agent!r}")
        at_least((("--screen-games", screen_games, 2), ("--skill-levels", skill_levels, 1),
                  ("--skill-from", skill_from, 1), ("--skill-games", skill_games, 2), ("--top", top, 0)))
        if save:
            writable_file("--results", results, sqlite=True)
        found, err, bar, phase = start_run(criteria_specs, quiet, checkpoint, discard_stale)
        t0 = time.perf_counter()
        try:
            with bar:
                a = assess(game_id, rulesets=rulesets, switches=switches, all_switches=all_switches, base=base,
                           settings=parsed, criteria=found, screen_games=screen_games, games=games, agent=agent,
                           skill_levels=skill_levels, skill_from=skill_from, skill_games=skill_games, top=top,
                           seed=seed, jobs=jobs, scheduler=scheduler, checkpoint=checkpoint, phase=phase,
                           n_resamples=resamples)
        except ValueError as exc:
            raise BadInput(str(exc)) from None
        if save:  # after the whole run: a killed run saves nothing, and its rerun (resumed) saves once
            from engine.compare import results as db

            run_id = db.save_assessment(a, results)
            err.print(f"saved as run {run_id} in {results or db.default_path()}", highlight=False)
        if as_json:
            click.echo(json.dumps(a.to_dict(), indent=2))
        else:
            print_assessment(Console(highlight=False), a, time.perf_counter() - t0)

    @group.command("assess-defaults")
    @click.option("--agent", default=DEFAULT_AGENT, show_default=True,
                  help="The evaluating agent, uct:ITERATIONS (plays itself). Any budget option given applies to "
                       "every game; else Lobudök's default is truncated UCT, uct:200:50 (GAME_BUDGETS).")
    @games_option(DEFAULT_AGENT_GAMES, "Agent games per ruleset, and per rung of the skill ladder.")
    @click.option("--skill-levels", type=SKILL_LEVELS, default=DEFAULT_SKILL_LEVELS, show_default=True, help="Rungs of the skill ladder.")
    @games_option(1000, "Random games per ruleset in the screen.", "--screen-games")
    @click.option("--seed", type=int, default=0, show_default=True, help="Seed of the runs.")
    @click.option("--jobs", type=JOBS, default=1, show_default=True, help="Local worker processes.")
    @checkpoint_options
    @results_option
    @click.option("--game", "game_ids", multiple=True, metavar="GAME", help="Only this game (repeatable; default: every game).")
    @click.option("--quiet", is_flag=True, help="No progress.")
    def assess_defaults_cmd(agent: str, games: int, skill_levels: int, screen_games: int, seed: int, jobs: int,
                            checkpoint: str | None, discard_stale: bool, results: str | None, game_ids: tuple[str, ...], quiet: bool) -> None:
        """Bake the default assessment: every game's rulesets screened, played by UCT against itself
        and traced for skill, into the results database (each game's previous defaults run replaced)."""
        from engine.agents import parse_agent
        from engine.cli.compare import check_games
        from engine.compare.results import assess_defaults, default_path
        from engine.rng import check_seed

        try:
            if parse_agent(agent).kind != "uct":
                raise ValueError(f"assess evaluates with UCT: uct:ITERATIONS or uct:ITERATIONS:DEPTH, not {agent!r}")
        except ValueError as exc:
            raise _bad("--agent", exc) from None
        for name, value, least in (("--games", games, 2), ("--skill-levels", skill_levels, 1),
                                   ("--screen-games", screen_games, 2), ("--jobs", jobs, 1)):
            if value < least:
                raise _bad(name, f"must be at least {least}, not {value}")
        try:
            check_seed(seed)
        except ValueError as exc:
            raise _bad("--seed", exc) from None
        check_games(game_ids)
        writable_file("--checkpoint", checkpoint, sqlite=True)
        writable_file("--results", results, sqlite=True)
        err = Console(stderr=True, highlight=False)
        bar, phase = _phases(err, quiet)
        try:
            if discard_stale and checkpoint:
                from engine.compare.sweep import discard_stale_checkpoint

                discard_stale_checkpoint(checkpoint)
            with bar:
                assess_defaults(results, agent=agent, games=games, skill_levels=skill_levels,
                                screen_games=screen_games, seed=seed, jobs=jobs, checkpoint=checkpoint,
                                game_ids=game_ids or None, budgets=game_budgets(click.get_current_context()), log=None if quiet else lambda s: err.print(s, markup=False),
                                progress=lambda g, name, done, total: phase(f"{g}: {name}", done, total))
        except ValueError as exc:
            raise BadInput(str(exc)) from None
        err.print(f"results in {results or default_path()}", markup=False)
