"""``variorum assess GAME``: which readings make a playable game (engine.compare.assess).

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

SHOWN_MEASURES = ("advantage_p1", "completion", "duration_turns", "branching_factor")
"""Measures under agent play shown in the console table (all are in --json)."""


def _bad(param: str, exc: Exception | str) -> click.BadParameter:
    return click.BadParameter(str(exc), param_hint=f"'{param}'")


def _iv(iv: Any, digits: int = 3) -> str:
    if iv is None or iv.value is None:
        return "-"
    if iv.low is None or iv.high is None:
        return f"{iv.value:.{digits}f}"
    if abs(iv.value) >= 10:
        return f"{iv.value:.1f} [{iv.low:.1f}, {iv.high:.1f}]"
    return f"{iv.value:.{digits}f} [{iv.low:.{digits}f}, {iv.high:.{digits}f}]"


def print_assessment(console: Console, a: Any, seconds: float) -> None:
    """The ranked readings: criteria met, skill and key measures under agent play, then the readings
    the screen set aside."""
    console.print(
        f"{a.game}: {len(a.readings)} reading(s) screened by {a.screen_games} random games each; "
        f"{sum(r.evaluated for r in a.readings)} evaluated by {a.agent} vs {a.agent} ({a.games} games) and "
        f"a skill ladder {', '.join(f'uct:{2 * n}/uct:{n}' for n in a.skill_ladder)} ({a.skill_games} games a rung); "
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
    console.print(t)
    dropped = [r for r in a.readings if not r.evaluated]
    if dropped:
        console.print(f"{len(dropped)} reading(s) failed the screen under random play, e.g. "
                      + "; ".join(f"{r.label} (not {', '.join(k for k, v in r.screen_verdicts.items() if v is False)})"
                                  for r in dropped[:5]), highlight=False)
    console.print("criteria: " + "; ".join(f"{c.name}: {c.range_text}" for c in a.criteria), highlight=False)


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
    @click.option("--screen-games", type=int, default=1000, show_default=True, help="Random games per reading in the screen.")
    @click.option("--games", type=int, default=100, show_default=True, help="Agent games per evaluated reading.")
    @click.option("--agent", default="uct:300", show_default=True, help="The evaluating agent, uct:ITERATIONS (plays itself).")
    @click.option("--skill-levels", type=int, default=3, show_default=True, help="Rungs of the skill ladder.")
    @click.option("--skill-from", type=int, default=None, help="The first rung's weaker budget (default: the agent's / 2**levels).")
    @click.option("--skill-games", type=int, default=None, help="Games per rung (default: --games).")
    @click.option("--top", type=int, default=8, show_default=True, help="Evaluate at most this many readings that pass the screen.")
    @click.option("--seed", type=int, default=0, show_default=True, help="Seed of the run.")
    @click.option("--jobs", type=int, default=1, show_default=True, help="Local worker processes (joblib/loky).")
    @click.option("--scheduler", default=None, metavar="ADDRESS", help="Run on a Dask cluster (e.g. tcp://host:8786).")
    @click.option("--checkpoint", type=click.Path(dir_okay=False), default=None,
                  help="Keep finished cells in this SQLite file; rerun the same command to resume after a kill.")
    @click.option("--resamples", type=int, default=999, show_default=True, help="Bootstrap resamples per interval.")
    @click.option("--json", "as_json", is_flag=True, help="Print the assessment as JSON.")
    @click.option("--quiet", is_flag=True, help="No progress.")
    def assess_cmd(game_id: str, rulesets: tuple[str, ...], switches: tuple[str, ...], all_switches: bool,
                   base: str | None, settings: tuple[str, ...], criteria_specs: tuple[str, ...], screen_games: int,
                   games: int, agent: str, skill_levels: int, skill_from: int | None, skill_games: int | None,
                   top: int, seed: int, jobs: int, scheduler: str | None, checkpoint: str | None, resamples: int,
                   as_json: bool, quiet: bool) -> None:
        """Screen a game's readings by random play against plausibility criteria, then evaluate the named
        rulesets and the readings that pass with UCT agents: measures under competent play, a skill
        trace, and the criteria each meets."""
        from engine.agents import parse_agent
        from engine.compare.assess import assess
        from engine.compare.criteria import criteria
        from engine.cli.compare import _check

        if sum(bool(x) for x in (rulesets, switches, all_switches)) > 1:
            raise click.UsageError("choose one of --ruleset, --switch and --all-switches")
        if scheduler is not None and jobs != 1:
            raise _bad("--jobs", "--jobs is for local processes; with --scheduler the Dask cluster decides")
        parsed = _check(game_id, rulesets, switches, base, settings, agent, None, games, jobs, seed, resamples,
                        None, None)
        if parse_agent(agent).kind != "uct":
            raise _bad("--agent", f"assess evaluates with UCT: uct:ITERATIONS, not {agent!r}")
        for name, value, least in (("--screen-games", screen_games, 2), ("--skill-levels", skill_levels, 1),
                                   ("--skill-from", skill_from, 1), ("--skill-games", skill_games, 2), ("--top", top, 0)):
            if value is not None and value < least:
                raise _bad(name, f"must be at least {least}, not {value}")
        try:
            found = criteria(criteria_specs)
        except ValueError as exc:
            raise _bad("--criterion", exc) from None
        err = Console(stderr=True, highlight=False)
        bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
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
                err.print(f"{name}: {done}/{total} games", highlight=False)

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
        if as_json:
            click.echo(json.dumps(a.to_dict(), indent=2))
        else:
            print_assessment(Console(highlight=False), a, time.perf_counter() - t0)
