"""Dump the sowing machine's parameter array of every sowing game under every reading to JSON, to check
that a change to how the arrays are written moves nothing (issue 27: the rule slots written from the
rules' declarations): run it before and after, then compare the two files.

Readings: each description's settings (engine.mancala.rules.settings: its defaults, each other option
of each switch, each ruleset its ``rulesets`` name), each ruleset the archive gives the game, and every
combination of its switches' options where there are at most ``MAX_PRODUCT`` (a combination the rules
refuse is recorded as its error).

    python benchmarks/param_arrays.py /tmp/h66/before.json
    python benchmarks/param_arrays.py /tmp/h66/after.json --compare /tmp/h66/before.json
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this tree's engine, not an installed one

import engine  # noqa: E402
from engine import rulesets  # noqa: E402
from engine.game import Limits  # noqa: E402
from engine.games import GAMES  # noqa: E402
from engine.mancala import rules as rulebook  # noqa: E402
from engine.mancala.fourrow_rules import FourRowGame  # noqa: E402
from engine.mancala.tworow_rules import SowingGame  # noqa: E402

MAX_PRODUCT = 512
"""Every combination of a game's switch options is dumped up to this many combinations."""


def arrays(game: SowingGame | FourRowGame) -> dict[str, Any]:
    """Reading (a key naming its switch values and ruleset) -> its parameter array, or its error."""
    limits = Limits(turns=1, moves=1)
    defaults = {s.id: s.default for s in game.switches}
    wanted: list[tuple[dict[str, str], str | None]] = []
    for s in rulebook.settings(game.description):
        own = s.pop(rulebook.RULESET, None) if rulebook.RULESET in s else None
        wanted.append((defaults | s, own))
    for r in rulesets.rulesets(game.id):
        wanted.append((engine.resolve(game.id, r.id), r.id))
    combos = 1
    for s in game.switches:
        combos *= len(s.options)
    if combos <= MAX_PRODUCT:
        for options in itertools.product(*(s.options for s in game.switches)):
            wanted.append(({s.id: o for s, o in zip(game.switches, options)}, None))
    out: dict[str, Any] = {}
    for values, ruleset in wanted:
        key = json.dumps([sorted(values.items()), ruleset])
        try:
            out[key] = game.build(values, limits, ruleset).par.tolist()
        except ValueError as exc:
            out[key] = f"ValueError: {exc}"
    return out


def dump() -> dict[str, dict[str, Any]]:
    """Game id -> :func:`arrays` of every sowing game."""
    return {gid: arrays(g) for gid, g in sorted(GAMES.items()) if isinstance(g, (SowingGame, FourRowGame))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--compare", type=Path, help="a dump to compare with (exit 1 if any array differs)")
    args = parser.parse_args(argv)
    data = dump()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, sort_keys=True, indent=0), encoding="utf-8")
    n = sum(len(v) for v in data.values())
    errors = sum(isinstance(a, str) for v in data.values() for a in v.values())
    print(f"{engine.__file__}: {len(data)} games, {n} readings ({errors} refused), written to {args.out}")
    if args.compare is not None:
        before = json.loads(args.compare.read_text(encoding="utf-8"))
        if before == data and args.compare.read_bytes() == args.out.read_bytes():
            print(f"identical to {args.compare}: {n} readings")
            return 0
        for gid in sorted(set(before) | set(data)):
            for key in sorted(set(before.get(gid, {})) | set(data.get(gid, {}))):
                if before.get(gid, {}).get(key) != data.get(gid, {}).get(key):
                    print(f"differs: {gid} {key}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
