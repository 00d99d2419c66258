"""Options shared by the commands that run sweeps (compare, assess, reconstruct, assess-defaults):
each written once here, and applied as one decorator."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from engine.cli.bounds import GAMES, JOBS, MOVE_LIMIT, RESAMPLES, TURN_LIMIT

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


def _together(*decorators: Decorator) -> Decorator:
    """The decorators applied in the order given, so ``--help`` lists them in that order."""
    def apply(f: Callable[..., Any]) -> Callable[..., Any]:
        for d in reversed(decorators):
            f = d(f)
        return f
    return apply


run_options = _together(
    click.option("--seed", type=int, default=0, show_default=True, help="Seed of the run (each cell derives its own)."),
    click.option("--jobs", type=JOBS, default=1, show_default=True, help="Local worker processes (joblib/loky)."),
    click.option("--scheduler", default=None, metavar="ADDRESS", help="Run the cells on a Dask cluster (e.g. tcp://host:8786)."),
    click.option("--resamples", type=RESAMPLES, default=999, show_default=True, help="Bootstrap resamples per interval."),
)
"""--seed, --jobs, --scheduler, --resamples."""

checkpoint_options = _together(
    click.option("--checkpoint", type=click.Path(dir_okay=False), default=None,
                 help="Keep finished cells in this SQLite file; rerun the same command to resume after a kill."),
    click.option("--discard-stale-checkpoint", "discard_stale", is_flag=True,
                 help="Empty a checkpoint written by another engine fingerprint instead of refusing it."),
)
"""--checkpoint, --discard-stale-checkpoint."""

results_option = click.option("--results", type=click.Path(dir_okay=False), default=None,
                              help="The results database (default: site/results.db).")
"""--results."""

limit_options = _together(
    click.option("--turn-limit", type=TURN_LIMIT, default=None, help="Stop a game unfinished after this many turns; default 2,500."),
    click.option("--move-limit", type=MOVE_LIMIT, default=None, help="Stop a game unfinished after this many moves (laps); default 10,000."),
)
"""--turn-limit, --move-limit."""


def games_option(default: int, help: str, name: str = "--games") -> Decorator:
    """A count of games (2..MAX_GAMES) named ``name``."""
    return click.option(name, type=GAMES, default=default, show_default=True, help=help)
