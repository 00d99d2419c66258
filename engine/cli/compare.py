"""The comparator's commands: ``variorum compare``, ``variorum diverge`` and ``variorum compare-defaults``.

``register(group)`` adds them to the ``variorum`` click group. Bad input (an unknown game,
ruleset, switch, value or agent, a bad number) exits with code 2 and a message naming the
parameter, as click does for its own checks.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from engine.cli.games import BadInput
from engine.cli.bounds import JOBS, MAX_GAMES, Count, writable_file
from engine.cli.options import checkpoint_options, games_option, limit_options, results_option, run_options
from engine.cli.tables import print_table

KEY_MEASURES = ("advantage_p1", "completion", "drawishness", "timeouts", "endless", "duration_turns",
                "branching_factor", "decision_moves")
"""Measures shown in the console table when there are too many variants for all of them."""
WIDE = 8
"""Up to this many variants, the table shows every measure (one column per variant)."""
SHOWN = 60
"""Variant rows shown in the console table (all are in --json and --csv)."""
SHOWN_FACTORIAL = 8
"""Variant rows shown when the run is a factorial (its effects, printed first, sum it up)."""


def _bad(param: str, exc: Exception | str) -> click.BadParameter:
    return click.BadParameter(str(exc), param_hint=f"'{param}'")


def _fmt(x: float | None) -> str:
    if x is None:
        return "-"
    return f"{x:.1f}" if abs(x) >= 10 else f"{x:.3f}"


def check_games(game_ids: tuple[str, ...]) -> None:
    """Exit 2 naming ``--game`` when one of ``game_ids`` is not a game of the engine."""
    from engine.games import rules_of

    for game_id in game_ids:
        try:
            rules_of(game_id)
        except ValueError as exc:
            raise _bad("--game", exc) from None


def _check(game_id: str, rulesets: tuple[str, ...], switches: tuple[str, ...], base: str | None,
           settings: tuple[str, ...], agent: str, vs: str | None, games: int, jobs: int, seed: int,
           resamples: int, block: int | None, plot: str | None) -> dict[str, str | None]:
    """Check every parameter on its own, so that an error names it; the parsed settings."""
    import engine
    from engine import rulesets as archive
    from engine.agents import parse_agent
    from engine.compare.comparison import _switch
    from engine.games import rules_of
    from engine.rng import check_seed
    from schema.citation import split_sets

    try:
        rules = rules_of(game_id)
    except ValueError as exc:
        raise _bad("GAME", exc) from None
    for name, spec in (("--agent", agent), ("--vs", vs)):
        if spec is not None:
            try:
                parse_agent(spec)
            except ValueError as exc:
                raise _bad(name, exc) from None
    for name, value, least in (("--games", games, 2), ("--jobs", jobs, 1), ("--resamples", resamples, 1),
                               ("--block", block, 1)):
        if value is not None and value < least:
            raise _bad(name, f"must be at least {least}, not {value}")
    try:
        check_seed(seed)
    except ValueError as exc:
        raise _bad("--seed", exc) from None
    try:
        parsed = dict(split_sets(settings, bare=True))
        engine.resolve(game_id, None, parsed)
    except ValueError as exc:
        raise _bad("--set", exc) from None
    if base is not None:
        try:
            archive.ruleset(game_id, base)
        except ValueError as exc:
            raise _bad("--base", exc) from None
    for rid in rulesets:
        try:
            archive.ruleset(game_id, rid)
        except ValueError as exc:
            raise _bad("--ruleset", exc) from None
    for s in switches:
        try:
            _switch(rules, s)
        except ValueError as exc:
            raise _bad("--switch", exc) from None
    if plot is not None and Path(plot).suffix.lower() not in (".svg", ".png"):
        raise _bad("--plot", f"the file must end in .svg or .png, not {plot!r}")
    writable_file("--plot", plot)
    return parsed


def _progress(console: Console, enabled: bool):
    """A progress display on stderr: a live bar in a terminal; plain lines (at most one every
    ``PLAIN_EVERY`` seconds, and the last) when stderr is piped or redirected."""
    if enabled and not console.is_terminal:
        return _PlainProgress(console), _PlainProgress.update_of(console)
    progress = Progress(TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                        TimeElapsedColumn(), console=console, transient=True, disable=not enabled)
    task = progress.add_task("games", total=None)

    def update(done: int, total: int) -> None:
        progress.update(task, completed=done, total=total)

    return progress, update


PLAIN_EVERY = 5.0
"""Seconds between two progress lines when stderr is not a terminal."""


class _PlainProgress:
    """Progress as plain lines on a piped stderr (a live bar would print nothing there)."""

    def __init__(self, console: Console):
        self.console = console

    def __enter__(self) -> "_PlainProgress":
        self.console.print("playing: started", markup=False)
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    @staticmethod
    def update_of(console: Console):
        started = time.perf_counter()
        last = [-PLAIN_EVERY]

        def update(done: int, total: int) -> None:
            now = time.perf_counter() - started
            if now - last[0] >= PLAIN_EVERY or (total and done >= total):
                last[0] = now
                share = f" ({100 * done / total:.0f}%)" if total else ""
                console.print(f"playing: {done:,}/{total:,} games{share}, {now:.0f} s", markup=False)

        return update


def _cell(iv: Any) -> str:
    return f"{_fmt(iv.value)}\n[{_fmt(iv.low)}, {_fmt(iv.high)}]"


def _chunks(names: list[str], room: int, width: int = 16) -> list[list[str]]:
    """Split columns so that each table fits ``room`` characters (each column about ``width``)."""
    per = max(1, room // (width + 3))
    return [names[i:i + per] for i in range(0, len(names), per)] or [[]]


def negligible(effect: Any) -> bool:
    """An effect whose 95% interval includes 0, or that rounds to 0.000: folded in the console."""
    return (effect.low <= 0 <= effect.high) or abs(effect.value) < 0.0005


def _print_effects(console: Console, c: Any, top: int = 3) -> None:
    """The per-switch effects first: per measure, the largest ones that are not negligible."""
    clear = [e for e in c.effects if not negligible(e)]
    folded = len(c.effects) - len(clear)
    by_measure: dict[str, list[Any]] = {}
    for e in sorted(clear, key=lambda e: (e.measure, e.rank)):
        by_measure.setdefault(e.measure, []).append(e)
    t = Table(title="per-switch effects, largest first (option vs reference, averaged over the other switches; 95%)",
              expand=False)
    t.add_column("measure", no_wrap=True)
    t.add_column("switch", overflow="fold")
    t.add_column("option vs reference", overflow="fold")
    t.add_column("effect", justify="right", no_wrap=True)
    for m in [m for m in c.measures if m in by_measure]:  # each measure's effects, largest first
        for i, e in enumerate(by_measure[m][:top]):
            t.add_row(m if i == 0 else "", e.switch.split(".", 1)[1], f"{e.option} vs {e.reference}",
                      f"{e.value:+.3f}\n[{e.low:+.3f}, {e.high:+.3f}]")
    hidden = sum(max(0, len(v) - top) for v in by_measure.values())
    notes = []
    if hidden:
        notes.append(f"{hidden} smaller clear effect(s) not shown")
    if folded:
        notes.append(f"{folded} negligible effect(s) folded (95% interval includes 0, or |effect| < 0.0005)")
    t.caption = "; ".join(notes + ["all in --json"]) if notes else None
    if by_measure:
        print_table(console, t)
    else:
        console.print(f"No switch has a clear effect: all {len(c.effects)} effects are negligible "
                      "(95% interval includes 0); all in --json.", markup=False)


def _print_table(console: Console, c: Any, seconds: float) -> None:
    st = c.stats
    chosen = f"factorial over {len(c.factors)} switch(es), the rest from {c.base or 'the engine defaults'}" \
        if c.factors else "rulesets of the archive"
    console.print(
        f"{c.game}: {len(c.variants)} variant(s) x {c.games_per_variant} games, "
        f"{' vs '.join(c.agents)}, seed {c.seed}; {chosen}; "
        f"{st.played} cell(s) played, {st.resumed} resumed; {seconds:.1f} s", highlight=False)
    if c.effects:
        _print_effects(console, c)
    if len(c.variants) <= WIDE and 24 + 18 * len(c.variants) <= console.width:
        # measures down the side, variants across: split the variants so that each table fits
        t = Table(title="measures (95% intervals; definitions: variorum measures)")
        t.add_column("measure", overflow="fold")
        for v in c.variants:
            t.add_column(v.label, justify="right", overflow="fold")
        for m in c.measures:
            t.add_row(m, *(_cell(v.metrics[m]) for v in c.variants))
        print_table(console, t)
    else:
        shown = [m for m in KEY_MEASURES if m in c.measures]
        rows = SHOWN_FACTORIAL if c.effects else SHOWN  # a factorial is read through its effects
        label_room = min(26, max(len(v.label) for v in c.variants[:rows]))
        for part in _chunks(shown, console.width - label_room - 4):
            t = Table(title=f"key measures (95% intervals); all {len(c.measures)} in --json / --csv")
            t.add_column("variant")
            for m in part:
                t.add_column(m, justify="right", overflow="fold")
            for v in c.variants[:rows]:
                t.add_row(v.label, *(_cell(v.metrics[m]) for m in part))
            if len(c.variants) > rows:
                t.caption = f"... and {len(c.variants) - rows} more variants (all in --json / --csv)"
            print_table(console, t)


def result_text(result: dict[str, Any] | None) -> str:
    """A game's result in words: ``{"ending": "win", "winner": 1, "scores": [30, 18]}`` ->
    ``player 1 wins (30 - 18)``."""
    if not result:
        return "the game goes on"
    scores = " - ".join(str(x) for x in result.get("scores") or [])
    scores = f" ({scores})" if scores else ""
    ending = result.get("ending")
    if ending == "win":
        return f"player {result.get('winner')} wins{scores}"
    if ending == "draw":
        return f"a draw{scores}"
    if ending == "endless":
        return f"ended by an endless move{scores}"
    return f"{ending}{scores}"


def _print_divergence(console: Console, d: Any) -> None:
    """Where two readings part, in words, then both boards (side by side when they fit)."""
    out = console.print
    out(d.describe(), markup=False)
    out(f"A: {d.a.text}", markup=False)
    out(f"B: {d.b.text}", markup=False)
    differing = d.to_dict()["differing_switches"]
    if differing:
        out("Switches that differ:", markup=False)
        for k, (a, b) in differing.items():
            out(f"  {k}: A {a}, B {b}", markup=False)
    if d.index is not None:
        out("Moves played: " + (" ".join(d.moves[:d.index + (1 if d.kind == "illegal-move" else 0)]) or "none"),
            markup=False)
    if not d.diverged:
        return
    width = max(len(line) for line in (d.board_a + "\n" + d.board_b).splitlines())
    sides = [("A", d.board_a, d.legal_a, d.result_a), ("B", d.board_b, d.legal_b, d.result_b)]
    if 2 * width + 7 <= console.width:
        t = Table(show_header=True)
        for name, *_ in sides:
            t.add_column(f"{name}: {d.a.text if name == 'A' else d.b.text}", no_wrap=True)
        t.add_row(d.board_a, d.board_b)
        t.add_row(*("legal: " + (", ".join(legal) or "none") for _, _, legal, _ in sides))
        if d.result_a or d.result_b:
            t.add_row(*(f"result: {result_text(r)}" for *_, r in sides))
        print_table(console, t)
        return
    for name, board, legal, result in sides:
        out("")
        out(f"Board under {name}:", markup=False)
        out(board, markup=False, overflow="ignore", crop=False)
        out("legal moves: " + (", ".join(legal) or "none"), markup=False)
        if result:
            out(f"result: {result_text(result)}", markup=False)


def register(group: click.Group) -> None:
    """Add the comparator's commands to ``group``."""

    @group.command("compare")
    @click.argument("game_id", metavar="GAME")
    @click.option("--ruleset", "rulesets", multiple=True, metavar="ID", help="Compare these rulesets of the archive (repeatable).")
    @click.option("--switch", "switches", multiple=True, metavar="SWITCH",
                  help="Play every combination of these switches' options (repeatable); the rest from --base.")
    @click.option("--all-switches", is_flag=True, help="Play every combination of every switch (a full factorial).")
    @click.option("--base", default=None, metavar="ID", help="Ruleset for the switches not varied (default: the archive's default ruleset).")
    @click.option("--set", "settings", multiple=True, metavar="SWITCH=VALUE", help="Set a switch in every variant (repeatable).")
    @games_option(1000, "Games per variant.")
    @click.option("--agent", default="random", show_default=True, help="Agent: random, greedy, uct:ITERATIONS, uct:ITERATIONS:DEPTH (playouts cut after DEPTH moves), alphabeta:DEPTH.")
    @click.option("--vs", default=None, help="The opposing agent (default: the same as --agent); seats are swapped in half the games.")
    @click.option("--block", type=Count(1, MAX_GAMES), default=None, help="Games per cell (default 1000 for random self-play, 10 with agents).")
    @run_options
    @checkpoint_options
    @limit_options
    @click.option("--json", "as_json", is_flag=True, help="Print the comparison as JSON.")
    @click.option("--csv", "as_csv", is_flag=True, help="Print one CSV row per variant.")
    @click.option("--plot", type=click.Path(dir_okay=False), default=None, help="Write a chart of every measure (.svg or .png).")
    @click.option("--save", is_flag=True, help="Save the comparison into the results database.")
    @results_option
    @click.option("--quiet", is_flag=True, help="No progress bar.")
    def compare_cmd(game_id: str, rulesets: tuple[str, ...], switches: tuple[str, ...], all_switches: bool,
                    base: str | None, settings: tuple[str, ...], games: int, agent: str, vs: str | None, seed: int,
                    jobs: int, scheduler: str | None, block: int | None, resamples: int, checkpoint: str | None,
                    discard_stale: bool, turn_limit: int | None, move_limit: int | None, as_json: bool, as_csv: bool, plot: str | None,
                    save: bool, results: str | None, quiet: bool) -> None:
        """Play a game's readings and measure them (Ludii's measures with 95% intervals); over a
        factorial of switches, the effect of each switch.

        Without --ruleset, --switch or --all-switches: every ruleset of the archive. An effect is
        the change from the --base ruleset's option of a switch to another option, averaged over
        every combination of the other switches varied.
        """
        from engine.compare import compare, results as db
        from engine.compare.plot import save_plot

        if as_json and as_csv:
            raise click.UsageError("choose one of --json and --csv")
        if sum(bool(x) for x in (rulesets, switches, all_switches)) > 1:
            raise click.UsageError("choose one of --ruleset, --switch and --all-switches")
        if scheduler is not None and jobs != 1:
            raise _bad("--jobs", "--jobs is for local processes; with --scheduler the Dask cluster decides")
        parsed = _check(game_id, rulesets, switches, base, settings, agent, vs, games, jobs, seed, resamples,
                        block, plot)
        writable_file("--checkpoint", checkpoint, sqlite=True)
        if save:
            writable_file("--results", results, sqlite=True)
        err = Console(stderr=True, highlight=False)
        progress, update = _progress(err, not quiet)
        t0 = time.perf_counter()
        try:
            if discard_stale and checkpoint:
                from engine.compare.sweep import discard_stale_checkpoint

                discard_stale_checkpoint(checkpoint)
            with progress:
                c = compare(game_id, rulesets=rulesets, switches=switches, all_switches=all_switches, base=base,
                            settings=parsed, games=games, agent=agent, vs=vs, seed=seed, jobs=jobs,
                            scheduler=scheduler, checkpoint=checkpoint, progress=update, n_resamples=resamples,
                            block=block, turn_limit=turn_limit, move_limit=move_limit)
        except ValueError as exc:
            raise BadInput(str(exc)) from None
        seconds = time.perf_counter() - t0
        if plot:
            save_plot(c, plot)
        if save:
            run_id = db.save(c, results)
            err.print(f"saved as run {run_id} in {results or db.default_path()}", highlight=False)
        if as_json:
            click.echo(json.dumps(c.to_dict(), indent=2))
        elif as_csv:
            click.echo(c.to_csv(), nl=False)
        else:
            _print_table(Console(highlight=False), c, seconds)

    @group.command("diverge")
    @click.argument("game_id", metavar="GAME")
    @click.option("--a", "reading_a", default=None, metavar="READING",
                  help="Reading A: a ruleset id and/or SWITCH=VALUE,... (default with --record: the record's switches).")
    @click.option("--b", "reading_b", required=True, metavar="READING", help="Reading B, as --a.")
    @click.option("--record", type=click.Path(exists=True, dir_okay=False), default=None,
                  help="A game record (JSON) whose moves are replayed.")
    @click.option("--seed", type=int, default=None, help="Replay a random game (under reading A) with this seed.")
    @click.option("--json", "as_json", is_flag=True, help="Print the divergence as JSON.")
    def diverge_cmd(game_id: str, reading_a: str | None, reading_b: str, record: str | None, seed: int | None,
                    as_json: bool) -> None:
        """Replay one move list under two readings: the first move where the positions or the legal
        moves differ (or a move becomes illegal), with both boards."""
        from engine.compare.divergence import diverge, parse_reading
        from engine.game import Limits
        from engine.games import rules_of
        from engine.record import GameRecord
        from engine.rng import check_seed

        try:
            rules_of(game_id)
        except ValueError as exc:
            raise _bad("GAME", exc) from None
        if (record is None) == (seed is None):
            raise click.UsageError("give exactly one of --record FILE and --seed S")
        moves = start = limits = None
        if record is not None:
            try:
                rec = GameRecord.from_json(Path(record).read_text(encoding="utf-8"))
                if rec.game != game_id:
                    raise ValueError(f"the record is a game of {rec.game}, not {game_id}")
                limits = Limits(int(rec.limits["turns"]), int(rec.limits["moves"]))
                seed = check_seed(rec.seed)
            except (ValueError, KeyError, TypeError) as exc:
                raise _bad("--record", exc) from None
            moves, start = rec.moves, rec.start
            if reading_a is None:
                reading_a = ",".join(f"{k}={v}" for k, v in rec.switches.items())
        elif reading_a is None:
            raise click.UsageError("--a is needed with --seed")
        else:
            try:
                check_seed(seed)
            except ValueError as exc:
                raise _bad("--seed", exc) from None
        readings = {}
        for name, text in (("--a", reading_a), ("--b", reading_b)):
            try:
                readings[name] = parse_reading(game_id, text)
            except ValueError as exc:
                raise _bad(name, exc) from None
        try:
            d = diverge(game_id, readings["--a"], readings["--b"], moves=moves, seed=int(seed), start=start,
                        limits=limits)
        except ValueError as exc:
            raise BadInput(str(exc)) from None
        if as_json:
            click.echo(json.dumps(d.to_dict(), indent=2))
            return
        _print_divergence(Console(highlight=False), d)

    @group.command("measures")
    @click.option("--json", "as_json", is_flag=True, help="Print the glossary as JSON.")
    def measures_cmd(as_json: bool) -> None:
        """The measures the comparisons report: name, one-line definition, the DLP's name."""
        from engine.compare.measures import MEASURES

        if as_json:
            click.echo(json.dumps([m.to_dict() for m in MEASURES], indent=2))
            return
        t = Table(title="measures (the same names in --json, the results database and the site's /-/measures)")
        t.add_column("measure", no_wrap=True)
        t.add_column("definition", overflow="fold")
        t.add_column("DLP name", overflow="fold")
        for m in MEASURES:
            t.add_row(m.key, m.definition, m.dlp or "-")
        print_table(Console(highlight=False), t)

    @group.command("compare-defaults")
    @games_option(2000, "Games per ruleset.")
    @click.option("--seed", type=int, default=0, show_default=True, help="Seed of the runs.")
    @click.option("--jobs", type=JOBS, default=1, show_default=True, help="Local worker processes.")
    @results_option
    @click.option("--game", "game_ids", multiple=True, metavar="GAME", help="Only this game (repeatable; default: every game).")
    def compare_defaults_cmd(games: int, seed: int, jobs: int, results: str | None, game_ids: tuple[str, ...]) -> None:
        """Bake the default comparison: every game's rulesets, random self-play, into the results database."""
        from engine.compare.results import compare_defaults, default_path

        if games < 2:
            raise _bad("--games", f"must be at least 2, not {games}")
        if jobs < 1:
            raise _bad("--jobs", f"must be at least 1, not {jobs}")
        check_games(game_ids)
        writable_file("--results", results, sqlite=True)
        err = Console(stderr=True, highlight=False)
        try:
            compare_defaults(results, games=games, seed=seed, jobs=jobs, game_ids=game_ids or None,
                             log=lambda s: err.print(s, markup=False))
        except ValueError as exc:
            raise BadInput(str(exc)) from None
        err.print(f"results in {results or default_path()}", markup=False)
