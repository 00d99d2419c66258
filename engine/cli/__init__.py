"""The ``variorum`` command: one click group; each module of this package adds its commands."""

from __future__ import annotations

import click

from engine.cli import archive
from engine.cli import assess
from engine.cli import compare
from engine.cli import games
from engine.cli import reconstruct
from engine.cli import rules
from engine.cli import release


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
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
