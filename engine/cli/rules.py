"""``variorum rules``: the rules of the sowing family (engine.mancala.rules), each with what it does,
its fields or parameters, the boards that play it, its hook points and the games that use it."""

from __future__ import annotations

import click


def register(group: click.Group) -> None:
    @group.command("rules")
    @click.option("--markdown", is_flag=True, help="Print the table as Markdown (docs/rules.md).")
    def rules_cmd(markdown: bool) -> None:
        """List the rules of the sowing machine and the games that use each."""
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
