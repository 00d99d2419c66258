"""Sowing descriptions as the engine reads them: ``data/sowing/<game id>.yaml`` (validated by
schema.sowing) -> the game's switches and, for one setting of them, the sowing machine's parameter
array (engine.mancala.layout).

The rules (engine.mancala.rules, one module a rule) declare what each board plays; a description
that asks for more is refused here, naming the field as written in its file and why, so nothing is
played that the machine does not do; the build reports every such field (engine.cli.archive).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from engine import descriptions
from engine.machine import endless_switch
from engine.mancala import fourrow, layout
from engine.mancala.sowing import as_int64, track_block
from engine.switches import Switch
from engine.mancala.rules import problems as rule_problems
from engine.mancala.rule import Board, Reading, state_place
from engine.mancala.rules import RULES, reading, readings
from schema.paths import DATA_DIR
from schema.sowing import Setup, SowingDescription

SOWING_DIR = DATA_DIR / "sowing"

def primitive(description: SowingDescription, name: str, param: str) -> object:
    """A primitive's parameter as the description's ``primitives`` give it (None if not given)."""
    for p in description.primitives:
        if p.name == name:
            return p.params.get(param)
    return None


def load(game_id: str, folder: Path = SOWING_DIR) -> SowingDescription:
    """The description of ``game_id``; ValueError naming the file if it is missing or invalid."""
    path = folder / f"{game_id}.yaml"
    return parse(game_id, descriptions.read(path, "sowing", game_id), path)


def parse(game_id: str, text: str, where: str | Path) -> SowingDescription:
    """The description of ``game_id`` in ``text`` (from ``where``); ValueError naming it and the field
    if it is invalid or asks for what the machine does not play."""
    return descriptions.parse(SowingDescription, game_id, text, where, problems, "sowing",
                              " (`variorum build` names the fields)")


def game_ids(folder: Path = SOWING_DIR) -> list[str]:
    """The games with a description, sorted."""
    return sorted(p.stem for p in folder.glob("*.yaml"))


def check_played(description: SowingDescription) -> None:
    """ValueError naming the first field (as written in the file) of ``description`` that the machine
    does not play, under any option of its switches (engine.mancala.rules.problems), or its board."""
    found = problems(description)
    if found:
        where, why = found[0]
        raise ValueError(f"sowing description {description.game!r}: {where}: {why}")


def problems(description: SowingDescription) -> list[tuple[str, str]]:
    """Everything the machine cannot play in ``description``: (the field, as written in the file; why),
    its board's (below) and its rules' (engine.mancala.rules.problems)."""
    where_board = []
    rows = description.board.rows
    if rows == 2:
        if description.board.holes_per_row is None:
            where_board.append(("board.holes_per_row", "bound to a switch: the machine plays one two-row board size"))
        elif description.board.holes_per_row > layout.MAX_PER_ROW:
            where_board.append(("board.holes_per_row", f"{description.board.holes_per_row}: the machine plays two rows "
                                                       f"of up to {layout.MAX_PER_ROW} holes"))
    if rows == 4:
        widest = max([description.board.holes_per_row or 0] + [
            v for s in description.switches for o in s.options.values() for k, v in o.items() if k == "board.holes_per_row"])
        if widest > fourrow.MAX_PER_ROW:
            where_board.append(("board.holes_per_row", f"{widest}: the machine plays four rows of up to "
                                                       f"{fourrow.MAX_PER_ROW} holes"))
    for setup in setups(description):
        if rows == 2 and setup.counters_per_hole is None:
            where_board.append(("setup", "the machine plays the same count in every hole of two rows"))
            break
        if rows == 4 and setup.layout is None and (setup.counters_per_row is None
                                                   or len(setup.counters_per_row) != 2):
            where_board.append(("setup", "the machine plays four rows set up by counters_per_row (outer, inner) or "
                                         "by a layout"))
            break
    return where_board + rule_problems(description)


def setups(description: SowingDescription) -> list[Setup]:
    """Every set-up the description can give: its ``setup``, or one for each option of the switch
    binding it (schema.sowing.SETUP_FIELDS)."""
    if description.setup is not None:
        return [description.setup]
    (switch,) = [s for s in description.switches if any(f.startswith("setup.") for f in s.fields)]
    return [description.setup_for({switch.id: option}) for option in switch.options]


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


def track(description: SowingDescription, rules: Any, clockwise: bool = False) -> list[int]:
    """The holes of the sowing track, in sowing order (counter-clockwise: index order; ``clockwise``:
    the clockwise track whatever the direction, the second track of direction first-move)."""
    holes = list(range(description.board.rows * description.board.holes_per_row))
    return [0] + list(reversed(holes[1:])) if rules.direction == "clockwise" or clockwise else holes


def store_site(player: int) -> int:
    """Where player (0 or 1)'s store lies in the two-row state (a track may name it as a hole)."""
    return layout.BASE + layout.STORE + player


def player_track(description: SowingDescription, rules: Any, player: int) -> list[int]:
    """Player (0 or 1)'s sowing track with stores in the circuit: the shared track with the player's
    store (:func:`store_site`) after the last hole of their own row."""
    shared = track(description, rules)
    per_row = description.board.holes_per_row
    mine = [i for i, h in enumerate(shared) if h // per_row == player
            and shared[(i + 1) % len(shared)] // per_row != player]
    at = mine[0] + 1
    return shared[:at] + [store_site(player)] + shared[at:]


def feed_table(description: SowingDescription, tracks: list[list[int]]) -> list[int]:
    """Hole -> the counters a lap from it needs to reach the opponent's row (its owner's track)."""
    per_row = description.board.holes_per_row
    sites = 2 * per_row
    table = [0] * sites
    for h in range(sites):
        player = h // per_row
        tr = tracks[player]
        i = tr.index(h)
        d = 1
        while not (tr[(i + d) % len(tr)] < sites and tr[(i + d) % len(tr)] // per_row != player):
            d += 1
        table[h] = d
    return table


def cover_bits(description: SowingDescription, rules: Any, board: Any) -> int:
    """The cover of a position set up from a spec: the track positions (or, with stores in the
    circuit, the holes) occupied."""
    shared = track(description, rules)
    if rules.store_sowing == "own-store" or rules.direction == "first-move":
        return as_int64(sum(1 << h for h in shared if board[h] > 0))
    return as_int64(sum(1 << pos for pos, h in enumerate(shared) if board[h] > 0))


def parameters(description: SowingDescription, values: Mapping[str, str]) -> tuple[np.ndarray, Any]:
    """The machine's parameter array for switch values ``values`` (switch id -> option), and the
    rule fields they give: the board's own slots (rows, sites, set-up, the sowing tracks and the feed
    table after the named slots) written here, every rule slot as its rule declares
    (engine.mancala.layout.rule_slots)."""
    r = reading(description, dict(values))
    rules = r.rules
    sites = description.board.rows * description.board.holes_per_row
    per_row = description.board.holes_per_row
    head = [0] * layout.P_TRACK
    head[layout.P_ROWS] = description.board.rows
    head[layout.P_SITES] = sites
    head[layout.P_PER_ROW] = per_row
    head[layout.P_STATE_SIZE] = state_size(description)
    head[layout.P_START_COUNT] = description.setup_for(dict(values)).counters_per_hole or 0
    if rules.store_sowing == "own-store":
        tracks = [player_track(description, rules, p) for p in (0, 1)]
        blocks = [track_block(tr, store_site(1) + 1) for tr in tracks]
    else:
        tracks = [track(description, rules)] * 2
        blocks = [track_block(tracks[0], sites)]
    cw = [track_block(track(description, rules, clockwise=True), sites)] if rules.direction == "first-move" else []
    feed = layout.P_TRACK + sum(len(b) for b in blocks)
    places = {"track_2": layout.P_TRACK + len(blocks[0]) * (len(blocks) - 1),
              "track_cw": feed if cw else layout.P_TRACK,
              "feed": feed + sum(len(b) for b in cw)}
    tail = tail_places(description)
    if set(tail) & set(places):  # a programming error in a rule module
        raise RuntimeError(f"state field(s) {sorted(set(tail) & set(places))} named as the board's own places")
    board = Board(2, per_row, places | tail)
    for name, value in layout.rule_slots(2, r, board).items():
        head[layout.PARAM_FIELDS[name]] = value
    params = np.concatenate([np.array(head, dtype=np.int64), *blocks, *cw,
                             np.array(feed_table(description, tracks), dtype=np.int64)])
    return params, rules


def legal_room(description: SowingDescription, played: Sequence[Reading] | None = None) -> int:
    """Room for the legal moves in the state: a move a hole of a row, or two (each direction) where the
    first move chooses the direction (direction first-move). ``played``: the description's readings, if
    the caller has them."""
    chooses = any(r.value("direction") == "first-move" for r in (readings(description) if played is None else played))
    return description.board.holes_per_row * (2 if chooses else 1)


def tail_fields(description: SowingDescription, played: Sequence[Reading] | None = None) -> tuple[tuple[str, int], ...]:
    """The rules' state fields placed after the legal moves (engine.mancala.rule.STATE_PLACES ``tail``: the
    repetition memory) that some reading of ``description`` plays, each (name, size), in the order of the
    rules: a description that never plays a rule gives its tail no room. ``played`` as :func:`legal_room`."""
    tails = [(rule, f) for rule in RULES for f in rule.state.get(2, ()) if state_place(f) == "tail"]
    if not tails:
        return ()
    played = list(readings(description)) if played is None else played
    return tuple((f[0], f[1]) for rule, f in tails if any(rule.in_play(r) for r in played))


def tail_places(description: SowingDescription) -> dict[str, int]:
    """Where each of :func:`tail_fields` begins in the state: one after the other after the legal moves."""
    played = list(readings(description))
    at = layout.BASE + layout.LEGAL + legal_room(description, played)
    places = {}
    for name, size in tail_fields(description, played):
        places[name] = at
        at += size
    return places


def state_size(description: SowingDescription) -> int:
    """The length of the state: room for the widest board, the fields, a legal move per hole of a row,
    and the rules' fields after them that the description plays (:func:`tail_fields`)."""
    played = list(readings(description))
    return (layout.BASE + layout.LEGAL + legal_room(description, played)
            + sum(size for _, size in tail_fields(description, played)))
