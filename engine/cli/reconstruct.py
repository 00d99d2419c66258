"""``variorum reconstruct GAME``: the readings closest to the sources that make a playable game
(engine.compare.reconstruct), saved into the results database with ``--save``.

``register(group)`` adds the command to the ``variorum`` click group. Bad input exits with code 2
and a message naming the parameter.
"""

from __future__ import annotations

import json
import time
from typing import Any

import click

from engine.cli.games import BadInput
from engine.cli.bounds import MAX_NEAREST, MAX_TOP, SKILL_LEVELS, Count, writable_file
from engine.cli.options import checkpoint_options, games_option, results_option, run_options


def _changes(base: dict[str, str], other: dict[str, str]) -> str:
    """``relay: take-up-last -> next-hole; end: ...``: what ``other`` changes of ``base``."""
    return "; ".join(f"{k.split('.', 1)[1]}: {base[k]} -> {v}" for k, v in other.items() if base.get(k) != v)


WIDTH = 100
"""The most columns of a line ``variorum reconstruct`` prints (ids are never cut: a longer one stands alone)."""


def wrapped(echo: Any, width: int = WIDTH) -> Any:
    """``echo`` that folds each line to ``width`` columns at spaces, continuing it indented by four
    more spaces than the line; ids, options and figures are never cut."""
    import textwrap

    def out(line: str = "") -> None:
        if len(line) <= width:
            echo(line)
            return
        indent = line[:len(line) - len(line.lstrip())]
        for part in textwrap.wrap(line.strip(), width, initial_indent=indent, subsequent_indent=indent + "    ",
                                  break_long_words=False, break_on_hyphens=False):
            echo(part)

    return out


def named(rec: Any) -> tuple[str, dict[str, str]]:
    """The ruleset the readings are named against (the run's base, else the default ruleset) and its
    choices."""
    from engine import rulesets

    rid = rec.base or rulesets.default_ruleset(rec.game)
    return rid, (rulesets.ruleset(rec.game, rid).choices if rid else {})


def reading_name(i: int, c: Any, against: tuple[str, dict[str, str]]) -> str:
    """``reading 36 (sets end: cannot-move, relay: next-hole against sources)``, or a ruleset's name."""
    from engine.compare.reconstruct import settings_against

    if c.ruleset:
        return f"reading {i} = {c.ruleset}"
    rid, base = against
    sets = settings_against(base, c.reading.switches)
    what = ", ".join(f"{k}: {v}" for k, v in sets) if sets else "nothing otherwise"
    return f"reading {i} (sets {what} against {rid})"


def _reading_line(c: Any, measures: tuple[str, ...]) -> str:
    from engine.cli.assess import _iv

    r = c.reading
    where = "agent play" if r.evaluated else "random play"
    verdicts = r.verdicts if r.evaluated else r.screen_verdicts
    failed = [k for k, v in verdicts.items() if v is False]
    figures = r.measures if r.evaluated else r.screen
    return (f"criteria met under {where}: {r.meets}/{len(verdicts)}" + (f" (not {', '.join(failed)})" if failed else "")
            + "; " + "; ".join(f"{m} {_iv(figures.get(m))}" for m in measures if figures.get(m) is not None))


def print_reconstruction(echo: Any, rec: Any, seconds: float) -> None:
    """The front of fit against playability, then each failing ruleset's nearest playable readings,
    one reading a block (ids and figures are never cut, whatever the terminal's width)."""
    from engine.compare.fit import fit_summary

    echo = wrapped(echo)
    against = named(rec)
    shown = ("completion", "balance", "balance_finished", "duration_turns")
    echo(f"{rec.game}: {len(rec.candidates)} readings of {len(rec.switches)} switches, each screened by "
         f"{rec.screen_games} random games; evaluated by {rec.agent} vs {rec.agent} ({rec.games} games); "
         f"seed {rec.seed}; {seconds:.1f} s")
    echo("Fit: departures from the sources, counted by standing, worst first "
         "(contradicted, editorial, program, admitted, implied).")
    echo("")
    echo("The front of fit against playability (best fitting first):")
    for i in rec.front:
        c = rec.candidates[i]
        echo(f"- {reading_name(i, c, against)}: {fit_summary(c.departures)}")
        for d in c.departures:
            echo(f"    {d.text}")
        echo(f"    {_reading_line(c, shown)}")
    for n in rec.nearest:
        c = rec.candidates[n.index]
        echo("")
        echo(f"{n.ruleset} ({'on' if c.front else 'off'} the front; fit: {fit_summary(c.departures)}): "
             + ("playable as it stands" if not n.fails else "not playable"))
        echo(f"    {_reading_line(c, shown)}")
        if not n.fails:
            continue
        if n.distance is None:
            echo("    no reading that keeps its values of the switches not examined passes the random screen.")
            continue
        confirmed = any(rec.candidates[j].playable for j in n.readings)
        echo(f"    the fewest changes that make a playable game: {n.distance}"
             + ("." if confirmed else " in the random screen, none confirmed under agent play."))
        for j in n.readings:
            o = rec.candidates[j]
            verdict = {True: "playable under agent play", False: "fails under agent play", None: "not evaluated"}
            echo(f"- {reading_name(j, o, against)}: {_changes(c.reading.switches, o.reading.switches)} ({verdict[o.playable]}; "
                 f"fit: {fit_summary(o.departures)})")
            echo(f"    {_reading_line(o, shown)}")
    echo("")
    echo("criteria: " + "; ".join(f"{c.name}: {c.range_text}" for c in rec.criteria))


def register(group: click.Group) -> None:
    """Add ``reconstruct`` to ``group``."""

    @group.command("reconstruct")
    @click.argument("game_id", metavar="GAME")
    @click.option("--switch", "switches", multiple=True, metavar="SWITCH",
                  help="Examine every combination of these switches' options (repeatable; default: every switch "
                       "not marked agreed); the rest from --base.")
    @click.option("--base", default=None, metavar="ID", help="Ruleset for the switches not examined (default: the archive's default).")
    @click.option("--criterion", "criteria_specs", multiple=True, metavar="'NAME>=X'|'NAME<=X'|NAME=LOW..HIGH|NAME=off",
                  help="Change, add or drop a plausibility criterion (repeatable; quote it in a shell).")
    @games_option(200, "Random games per reading in the screen.", "--screen-games")
    @games_option(20, "Agent games per evaluated reading.")
    @click.option("--agent", default="uct:50", show_default=True, help="The evaluating agent, uct:ITERATIONS or uct:ITERATIONS:DEPTH (plays itself).")
    @click.option("--skill-levels", type=SKILL_LEVELS, default=1, show_default=True, help="Rungs of the skill ladder.")
    @click.option("--top", type=Count(0, MAX_TOP), default=6, show_default=True, help="Evaluate at most this many readings of the front.")
    @click.option("--nearest", type=Count(0, MAX_NEAREST), default=3, show_default=True,
                  help="Evaluate this many nearest readings of each failing ruleset at a time (up to 3 batches).")
    @run_options
    @checkpoint_options
    @click.option("--json", "as_json", is_flag=True, help="Print every reading examined, with its fit, measures and criteria, as JSON.")
    @click.option("--save", is_flag=True, help="Save the run into the results database (the game page shows the latest).")
    @results_option
    @click.option("--quiet", is_flag=True, help="No progress.")
    def reconstruct_cmd(game_id: str, switches: tuple[str, ...], base: str | None, criteria_specs: tuple[str, ...],
                        screen_games: int, games: int, agent: str, skill_levels: int, top: int, nearest: int,
                        seed: int, jobs: int, scheduler: str | None, checkpoint: str | None, discard_stale: bool, resamples: int,
                        as_json: bool, save: bool, results: str | None, quiet: bool) -> None:
        """Find the readings closest to the sources that make a playable game: every reading of the
        switch space scored by its departures from the sources, screened by random play, the front of
        fit against playability evaluated under UCT, and for each named ruleset that fails the fewest
        changes that make it playable."""
        from engine.cli.assess import _bad, at_least, start_run
        from engine.cli.compare import _check
        from engine.compare.reconstruct import reconstruct

        if scheduler is not None and jobs != 1:
            raise _bad("--jobs", "--jobs is for local processes; with --scheduler the Dask cluster decides")
        _check(game_id, (), switches, base, (), agent, None, games, jobs, seed, resamples, None, None)
        at_least((("--screen-games", screen_games, 2), ("--skill-levels", skill_levels, 1), ("--top", top, 0),
                  ("--nearest", nearest, 0)))
        if save:
            writable_file("--results", results, sqlite=True)
        found, err, bar, phase = start_run(criteria_specs, quiet, checkpoint, discard_stale)
        t0 = time.perf_counter()
        try:
            with bar:
                rec = reconstruct(game_id, switches=switches, base=base, criteria=found, screen_games=screen_games,
                                  games=games, agent=agent, skill_levels=skill_levels, top=top, nearest=nearest,
                                  seed=seed, jobs=jobs, scheduler=scheduler, checkpoint=checkpoint, phase=phase,
                                  n_resamples=resamples)
        except ValueError as exc:
            raise BadInput(str(exc)) from None
        if save:  # after the whole run: a killed run saves nothing, and its rerun (resumed) saves once
            from engine.compare.reconstruct_results import default_path, save_reconstruction

            run_id = save_reconstruction(rec, results)
            err.print(f"saved as run {run_id} in {results or default_path()}", highlight=False)
        if as_json:
            click.echo(json.dumps(rec.to_dict(), indent=2))
        else:
            print_reconstruction(click.echo, rec, time.perf_counter() - t0)
