"""``variorum solve``: exact solvers for small boards. ``solve kalah`` gives Kalah's value under
perfect play (final score difference, first player minus second), a best first move, the nodes
searched and the time (engine.mancala.solver); ``solve defaults`` bakes the value of every ruleset
the solver plays into the results database, where the game pages read it (engine.compare.solved)."""

from __future__ import annotations

import click

from engine.cli import bounds
from engine.cli.options import results_option

END_WORDS = {"row-empty-after-move": "when a row is empty", "cannot-move": "when the mover cannot move"}
"""``--end`` in the command's report."""


def register(group: click.Group) -> None:
    @group.group("solve")
    def solve_group() -> None:
        """Solve a game exactly on a small board."""

    @solve_group.command("kalah")
    @click.option("--holes", type=bounds.SOLVER_HOLES, required=True, help="Holes a row (1 to 6).")
    @click.option("--counters", type=bounds.SOLVER_COUNTERS, required=True,
                  help="Counters a hole at the start (1 to 6).")
    @click.option("--empty-capture", is_flag=True,
                  help="The last counter in an own empty hole is captured even when the opposite hole is empty.")
    @click.option("--remaining", type=click.Choice(["owner", "emptier", "unscored"]), default="owner",
                  show_default=True, help="At the end the counters left go to their row's owner, to the player "
                                          "whose row is empty, or to nobody.")
    @click.option("--end", type=click.Choice(["row-empty-after-move", "cannot-move"]), default="row-empty-after-move",
                  show_default=True, help="The game ends when either row is empty after a move (OpenSpiel), or when "
                                          "the player to move has no counters (the written rules, Ludii).")
    @click.option("--budget", type=bounds.BUDGET, default=600.0, show_default=True,
                  help="Seconds before giving up (the database and the search together).")
    @click.option("--database", type=bounds.SOLVER_DATABASE, default=None,
                  help="Endgame database: every board of at most this many counters "
                       "(default: at most 32 MB and half the counters in play).")
    @click.option("--table-bits", type=bounds.SOLVER_TABLE_BITS, default=22, show_default=True,
                  help="Transposition table of 2**bits buckets of two entries.")
    @click.option("--progress", is_flag=True, help="Report the database and each MTD(f) pass on stderr.")
    @click.option("--workers", type=click.IntRange(1, 2), default=1, show_default=True,
                  help="Threads (cores): 2 builds the database and searches the root's moves on two at once.")
    def kalah_cmd(holes: int, counters: int, empty_capture: bool, remaining: str, end: str, budget: float,
                  database: int | None, table_bits: int, progress: bool, workers: int) -> None:
        """Solve Kalah(HOLES, COUNTERS) from the start, as OpenSpiel's mancala plays it."""
        from engine.mancala.solver import solve

        if database is not None and database > 2 * holes * counters:
            raise click.BadParameter(f"must be at most {2 * holes * counters} (the counters in play), "
                                     f"not {database}", param_hint="'--database'")
        try:
            solution = solve(holes, counters, empty_capture, remaining=remaining, end=end, budget=budget, database=database,
                             table_bits=table_bits, progress=(lambda line: click.echo(line, err=True)) if progress else None,
                             workers=workers)
        except TimeoutError as exc:
            raise click.ClickException(str(exc)) from None
        except MemoryError:
            raise click.ClickException("not enough memory: give a smaller --database or --table-bits") from None
        rule = ("empty capture" if empty_capture else "no empty capture") + f", the game ends {END_WORDS[end]}, " + \
            ("counters left unscored" if remaining == "unscored" else f"counters left to the {remaining}")
        v = solution.value
        outcome = "a draw" if v == 0 else f"a first-player {'win' if v > 0 else 'loss'} by {abs(v)}"
        click.echo(f"Kalah({holes},{counters}), {rule}: {outcome} (value {v:+d}, first player minus second)")
        click.echo(f"best first move: hole {solution.best_move + 1} of {holes}, counted from the hole farthest "
                   f"from the mover's store (OpenSpiel action {solution.best_move + 1} when holes = 6)")
        threads = f", {workers} threads (the busiest's CPU {solution.critical_seconds:.2f} s)" if workers > 1 else ""
        click.echo(f"nodes: {solution.nodes:,}; time: {solution.seconds:.2f} s, CPU {solution.cpu_seconds:.2f} s{threads} "
                   f"(database of boards up to "
                   f"{solution.database_counters} counters: {solution.database_seconds:.2f} s, "
                   f"{solution.database_bytes / 1e6:.1f} MB; table {solution.table_bytes / 1e6:.1f} MB; "
                   f"{solution.passes} MTD(f) passes)")

    @solve_group.command("defaults")
    @results_option
    @click.option("--budget", type=bounds.BUDGET, default=300.0, show_default=True,
                  help="Seconds for each distinct reading; a reading not solved within it is saved as over budget.")
    @click.option("--game", "game_ids", multiple=True, metavar="GAME",
                  help="Only this game (repeatable; default: every game a solver plays).")
    def defaults_cmd(results: str | None, budget: float, game_ids: tuple[str, ...]) -> None:
        """Bake the solved values: every ruleset of the games a solver plays, into the results database
        (the game pages show them beside the comparison)."""
        from engine.compare.results import default_path
        from engine.compare.solved import outcome, solve_defaults
        from engine.mancala.solver.readings import READINGS

        for g in game_ids:
            if g not in READINGS:
                raise click.BadParameter(f"no solver plays {g!r} (one plays: {', '.join(sorted(READINGS))})",
                                         param_hint="'--game'")
        bounds.writable_file("--results", results, sqlite=True)
        out = solve_defaults(results, budget=budget, game_ids=game_ids or None,
                             log=lambda line: click.echo(line, err=True))
        for game_id, rows in out.items():
            for r in rows:
                said = outcome(r["value"]) if r["status"] == "solved" else f"{r['status']}: {r['reason']}"
                click.echo(f"{game_id} {r['ruleset']}: {said}")
        click.echo(f"results in {results or default_path()}", err=True)
