"""``variorum rules``: the rules of each family's machine (engine.mancala.rules for the sowing games,
engine.alignment.rules for Tauru's family), each with what it does, its fields or parameters and,
for the sowing family, the boards that play it, its hook points and the games that use it."""

from __future__ import annotations

import click

FAMILIES = ("sowing", "alignment")


def register(group: click.Group) -> None:
    @group.command("rules")
    @click.option("--family", type=click.Choice(("all", *FAMILIES)), default="all", show_default=True,
                  help="The family of games whose machine's rules to list.")
    @click.option("--markdown", is_flag=True,
                  help="Print the family's table as Markdown (docs/rules.md, docs/alignment-rules.md).")
    def rules_cmd(family: str, markdown: bool) -> None:
        """List the rules of each family's machine and the games that use each."""
        if markdown and family == "all":
            raise click.UsageError("--markdown prints one family's table: add --family sowing or --family alignment")
        for name in FAMILIES if family == "all" else (family,):
            if family == "all":
                click.echo(f"# the {name} family")
            (_sowing if name == "sowing" else _alignment)(markdown)


def _sowing(markdown: bool) -> None:
    from engine.mancala import description as described
    from engine.mancala.rules import RULES, games_using, table

    descriptions = {gid: described.load(gid) for gid in described.game_ids()}
    if markdown:
        click.echo(table(descriptions), nl=False)
        return
    using = games_using(descriptions)
    for rule in RULES:
        click.echo(f"{rule.name:24} {', '.join(using[rule.name]) or '(none yet)'}")
        click.echo(f"{'':24} {rule.what}")


def _alignment(markdown: bool) -> None:
    from engine.alignment.rules import RULES, table

    if markdown:
        click.echo(table(), nl=False)
        return
    for rule in RULES:
        click.echo(f"{rule.name:24} {', '.join(rule.fields)}")
        click.echo(f"{'':24} {rule.what}")
