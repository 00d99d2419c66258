"""The ``variorum`` command: one click group; each module of this package adds its commands."""

from __future__ import annotations

import sqlite3

import click

from engine.cli import archive
from engine.cli import assess
from engine.cli import compare
from engine.cli import games
from engine.cli import reconstruct
from engine.cli import rules
from engine.cli import release
from engine.cli import solve


class Commands(click.Group):
    """The ``variorum`` group: a file or database error no command foresaw is one line naming it
    (exit 1), never a traceback; each command checks its own files first, naming the option."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (OSError, sqlite3.Error) as exc:
            raise click.ClickException(f"{type(exc).__name__}: {exc}") from None


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="variorum")
def main() -> None:
    """Variorum: the historical rules of traditional board games and their disputed readings."""


archive.register(main)
games.register(main)
compare.register(main)
assess.register(main)
reconstruct.register(main)
rules.register(main)
release.register(main)
solve.register(main)
