"""Sowing descriptions as the engine reads them: ``data/sowing/<game id>.yaml`` (validated by
schema.sowing) -> the game's switches and, for one setting of them, the sowing machine's parameter
array (engine.mancala.layout).

The machine plays a subset of what the schema can say; a description that asks for more is
refused here, naming the field and its value, so nothing is played that the machine does not do.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import numpy as np
import yaml
from pydantic import ValidationError

from engine.machine import endless_switch
from engine.mancala import layout
from engine.mancala.sowing import track_block
from engine.switches import Switch
from schema.paths import DATA_DIR
from schema.yamlfile import LOADER
from schema.sowing import Setup, SowingDescription, SowingRules

SOWING_DIR = DATA_DIR / "sowing"

PLAYED: dict[int, dict[str, tuple[object, ...]]] = {
    2: {  # engine.mancala.machine
        "start_row": ("own", "enemy"),
        "singleton": ("any",),
        "previous_hole": ("any",),
        "single_scope": ("move",),
        "direction": ("counterclockwise", "clockwise"),
        "sow_through": ("both-rows",),
        "relay": ("single", "last-hole", "next-hole"),
        "capture": ("none", "across-gap"),
        "capture_on": ("empty",),
        "single_captures": (True,),
        "captured_to": ("store",),
        "end": ("row-empty-after-lap", "row-empty-after-move", "cannot-move"),
        "decided_by": ("count",),
        "no_move": ("end-game",),
    },
    4: {  # engine.mancala.fourrow_machine
        "start_row": ("own",),
        "direction": ("counterclockwise",),
        "sow_through": ("own-rows",),
        "relay": ("last-hole",),
        "relay_when": ("occupied",),
        "capture": ("opposite", "inner-and-outer", "both-opposite", "inner-and-outer-each"),
        "capture_empty": (False,),
        "captured_to": ("store", "resow"),
        "end": ("capture-all", "cannot-move"),
        "remaining": ("unscored",),
        "decided_by": ("rule",),
        "no_move": ("pass", "lose"),
    },
}
"""By the board's rows: the values of rule fields the machine plays, where it does not play every
value the schema allows."""
PRIMITIVES_PLAYED = {2: (), 4: ("extra-captures", "special-holes", "restricted-holes", "opening", "opening-steps")}
"""By the board's rows: the primitives the machine plays."""


def primitive(description: SowingDescription, name: str, param: str) -> object:
    """A primitive's parameter as the description's ``primitives`` give it (None if not given)."""
    for p in description.primitives:
        if p.name == name:
            return p.params.get(param)
    return None


def load(game_id: str, folder: Path = SOWING_DIR) -> SowingDescription:
    """The description of ``game_id``; ValueError naming the file if it is missing or invalid."""
    path = folder / f"{game_id}.yaml"
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=LOADER)  # noqa: S506 (a safe loader)
    except OSError as exc:
        raise ValueError(f"no sowing description for {game_id!r}: {exc}") from None
    try:
        description = SowingDescription.model_validate(data)
    except ValidationError as exc:
        raise ValueError(f"{path}: not a valid sowing description (`variorum build` names the fields):\n{exc}") from None
    if description.game != game_id:
        raise ValueError(f"{path}: describes {description.game!r}, not {game_id!r}")
    check_played(description)
    return description


def game_ids(folder: Path = SOWING_DIR) -> list[str]:
    """The games with a description, sorted."""
    return sorted(p.stem for p in folder.glob("*.yaml"))


def check_played(description: SowingDescription) -> None:
    """ValueError naming the first field (or board, or primitive) of ``description`` that the machine
    does not play, under any option of its switches."""
    where = f"sowing description {description.game!r}"
    rows = description.board.rows
    if rows == 2:
        if description.board.holes_per_row is None:
            raise ValueError(f"{where}: board.holes_per_row is bound to a switch: the machine plays one two-row "
                             "board size")
        if description.board.holes_per_row > layout.MAX_PER_ROW:
            raise ValueError(f"{where}: board.holes_per_row = {description.board.holes_per_row}: the machine "
                             f"plays two rows of up to {layout.MAX_PER_ROW} holes")
    for setup in setups(description):
        if rows == 2 and setup.counters_per_hole is None:
            raise ValueError(f"{where}: setup: the machine plays the same count in every hole of two rows")
        if rows == 4 and setup.layout is None and (setup.counters_per_row is None
                                                   or len(setup.counters_per_row) != 2):
            raise ValueError(f"{where}: setup: the machine plays four rows set up by counters_per_row (outer, inner) "
                             "or by a layout")
    if rows == 2 and not description.board.stores:
        raise ValueError(f"{where}: board.stores = false: the machine keeps captures in stores on two rows")
    for p in description.primitives:
        if p.name not in PRIMITIVES_PLAYED[rows]:
            raise ValueError(f"{where}: primitive {p.name!r} is not in the machine's {rows}-row kernels yet")
    for s in description.switches:
        for option in s.options:
            rules = description.rules_for({s.id: option})
            for name, allowed in PLAYED[rows].items():
                value = getattr(rules, name)
                if value not in allowed:
                    raise ValueError(f"{where}: rule field {name} = {value!r} (switch {s.id} = {option}) is not "
                                     f"played by the machine; it plays {', '.join(map(str, allowed))}")
            if rows == 4:
                _check_captures(where, description, rules, f"switch {s.id} = {option}")
                _check_starts(where, description, rules, {s.id: option}, f"switch {s.id} = {option}")
    if rows == 4:
        _check_starts(where, description, description.rules_for({}), {}, "rules")


def _check_starts(where: str, description: SowingDescription, rules: SowingRules, choices: dict[str, str],
                  under: str) -> None:
    """The four-row machine's combinations of the start condition, the opening and the holes the
    extra captures spare with the other rules."""
    named = {p.name for p in description.primitives}
    if rules.previous_hole == "empty" and "restricted-holes" in named:
        raise ValueError(f"{where}: previous_hole = 'empty' with the primitive restricted-holes ({under}): the "
                         "machine lists a restricted player's holes without the start condition")
    if "opening" in named and rules.capture == "both-opposite":
        raise ValueError(f"{where}: the primitive opening with capture = 'both-opposite' ({under}): an opening "
                         "lap takes a column (opposite, inner-and-outer)")
    spare = description.settings(choices).get("extra-captures.spare", primitive(description, "extra-captures", "spare"))
    if spare == "opening-hole" and "opening" not in named:
        raise ValueError(f"{where}: extra-captures.spare = 'opening-hole' ({under}) without the primitive opening")


def setups(description: SowingDescription) -> list[Setup]:
    """Every set-up the description can give: its ``setup``, or one for each option of the switch
    binding it (schema.sowing.SETUP_FIELDS)."""
    if description.setup is not None:
        return [description.setup]
    (switch,) = [s for s in description.switches if any(f.startswith("setup.") for f in s.fields)]
    return [description.setup_for({switch.id: option}) for option in switch.options]


def _check_captures(where: str, description: SowingDescription, rules: SowingRules, under: str) -> None:
    """The four-row machine's combinations of capture fields: stores exactly when captures go to
    them (captured counters are re-sown after any capture the four-row machine plays)."""
    if (rules.captured_to == "store") != description.board.stores:
        raise ValueError(f"{where}: captured_to = {rules.captured_to!r} with board.stores = "
                         f"{str(description.board.stores).lower()} ({under}): captures go to stores exactly when the "
                         "board has them")


def switches(description: SowingDescription) -> tuple[Switch, ...]:
    """The engine's switches of the description, in its order (an ``endless`` switch is the
    machine's own: engine.machine.endless_switch)."""
    out = []
    for s in description.switches:
        sw = Switch(s.id, tuple(s.options), s.default)
        if s.id == f"{description.game}.endless" and sw != endless_switch(description.game):
            raise ValueError(f"switch {s.id}: the endless switch is {endless_switch(description.game)}")
        out.append(sw)
    return tuple(out)


def track(description: SowingDescription, rules: SowingRules) -> list[int]:
    """The holes of the sowing track, in sowing order (counter-clockwise: index order)."""
    holes = list(range(description.board.rows * description.board.holes_per_row))
    return [0] + list(reversed(holes[1:])) if rules.direction == "clockwise" else holes


def parameters(description: SowingDescription, values: Mapping[str, str]) -> tuple[np.ndarray, SowingRules]:
    """The machine's parameter array for switch values ``values`` (switch id -> option), and the
    rule fields they give."""
    rules = description.rules_for(dict(values))
    sites = description.board.rows * description.board.holes_per_row
    head = [0] * layout.P_TRACK
    head[layout.P_SITES] = sites
    head[layout.P_PER_ROW] = description.board.holes_per_row
    head[layout.P_STATE_SIZE] = state_size(description)
    head[layout.P_START_COUNT] = description.setup_for(dict(values)).counters_per_hole or 0
    head[layout.P_MIN_COUNTERS] = rules.min_counters
    head[layout.P_CAPTURE_EMPTY] = int(rules.capture_empty)
    for slot, name in ((layout.P_START_ROW, "start_row"), (layout.P_RELAY, "relay"),
                       (layout.P_RELAY_WHEN, "relay_when"), (layout.P_CAPTURE, "capture"),
                       (layout.P_AFTER_CAPTURE, "after_capture"), (layout.P_END, "end"),
                       (layout.P_REMAINING, "remaining"), (layout.P_LONG_LAP, "long_lap"),
                       (layout.P_FIRST_PLAYER, "first_player"), (layout.P_ENDLESS, "endless")):
        head[slot] = layout.code(name, getattr(rules, name))
    params = np.concatenate([np.array(head, dtype=np.int64), track_block(track(description, rules), sites)])
    return params, rules


def state_size(description: SowingDescription) -> int:
    """The length of the state: room for the widest board, the fields, a legal move per hole of a row."""
    return layout.BASE + layout.LEGAL + description.board.holes_per_row
