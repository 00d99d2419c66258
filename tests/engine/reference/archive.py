"""The archive's switches and rulesets of a game, read straight from ``data/games/<game>.yaml``
(so that the lockstep tests draw switch values from the records, not from the engine)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

DATA = Path(__file__).resolve().parents[3] / "data" / "games"


@cache
def record(game: str) -> dict:
    with open(DATA / f"{game}.yaml", encoding="utf-8") as f:
        return yaml.safe_load(f)


def switch_options(game: str) -> dict[str, list[str]]:
    """Each switch id of the game and the ids of its alternatives."""
    return {s["id"]: [str(a["id"]) for a in s["alternatives"]] for s in record(game)["switches"]}


def rulesets(game: str) -> dict[str, dict[str, str]]:
    """Each ruleset id of the game and its switch choices."""
    return {r["id"]: {k: str(v) for k, v in r["choices"].items()} for r in record(game)["rulesets"]}
