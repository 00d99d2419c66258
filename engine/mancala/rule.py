"""What a rule of the sowing family declares about itself (:class:`Rule`), and a description read
under one setting of its switches (:class:`Reading`), which the rules' checks are written over.

Each rule of the family is one module of ``engine.mancala.rules`` holding one :class:`Rule`: its
rule fields (or, for a named primitive, its parameters), the values it adds to a field another
rule owns (each kind of capture adds its value to ``capture``), the boards that play it, the
combinations it refuses, the parameter and state slots its compiled code needs, the points of the
turn where that code runs, its position fields and its trace events. Everything else is derived
from these declarations (engine.mancala.rules): the model a description is validated against and
its JSON Schema, what each board plays, the build's checks of a description and the table of the
rules in docs/rules.md, and what each of its parameter slots holds under a reading (its
:attr:`Rule.writes`, engine.mancala.layout.rule_slots). Its compiled code is in its module too:
:attr:`Rule.code` names, for each point of a board's turn (:data:`POINTS`: the one turn's points,
the same on every board, and the board's lap loop's) where it runs, the function there, and
engine.mancala.machine.hooks composes the calls into the board's turn from these declarations
(engine.specialise folds them). A new rule at the points a turn has is
its module and its tests, on either board; what is still written in a board's kernels (the lap
loop's machinery: lap sowing, relay, undo and snapshot, endless detection) says so in the
board's docstring.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal, get_args, get_origin

from pydantic import BaseModel

from engine.rule import RuleBase

if TYPE_CHECKING:
    from schema.sowing import SowingDescription

HOOKS = (
    "start",  # the start of a game (set-up phases, who moves first)
    "list-starts",  # the holes a move may start from
    "sow",  # a lap: the holes it sows and skips
    "landing",  # where a lap's last counter fell: relay, stop, capture
    "capture",  # what a capture takes
    "captured",  # where captured counters go
    "after-capture",  # what a capture earns next (further captures, the turn's end)
    "end-of-turn",
    "no-move",  # a player with no legal move
    "end-of-game",  # the end and the score
    "move",  # a move of a phase of its own (a choice before play, an opening step)
)
"""The points of one turn where a rule's compiled code runs, in the order a turn meets them."""


@dataclass(frozen=True)
class Point:
    """A point of a board's turn where rules' compiled code is called (engine.mancala.machine.hooks):
    the board calls ``at_<name>`` (its name with ``_`` for ``-``) with :attr:`args`; each rule with
    code there and in play is called in the order of the rules, and the first answer other than
    :attr:`default` is the point's answer (none: :attr:`default`)."""

    hook: str
    """The family's hook point (:data:`HOOKS`) it is part of: a rule with code here declares it in ``hooks``."""
    args: tuple[str, ...]
    """The arguments the board passes (and each rule's function takes, in this order)."""
    default: int | str
    """The answer when no rule in play answers (the board's own code then runs): an int, or one of
    :attr:`args` (the argument as the board gave it: a rule leaves it as it was)."""
    what: str
    """What a rule's function does there and answers."""
    chain: str | None = None
    """One of :attr:`args`: every rule in play there is called in turn, each given the answer of the
    one before as this argument, and the last answer is the point's (no rule in play: the argument as
    the board gave it; :attr:`default` is then not used). None: the first answer other than
    :attr:`default` is the point's."""
    boards: tuple[int, ...] = (2, 4)
    """The boards whose turn reaches the point (a point of the one turn): a decision inside a turn is
    four rows' (their phases), a new round or a count that decides the game two rows'; code at a point
    on a board whose turn does not reach it is refused."""
    loop: bool = False
    """Called in the lap loop, once a lap: the guards of its calls (their ``when`` slots) are read once
    a run, before the loop (``at_laps_begin``, with each call's :attr:`Code.held`), and given to
    ``at_<name>`` as its last argument ``run``; a rule's function there takes its value as ``held``
    after :attr:`args` when its code declares :attr:`Code.held`."""


TURN_POINTS: Mapping[str, Point] = {
    "game-starts": Point("start", ("state", "params"), 0,
                         "the phase the game starts in if the rule's (four_rows's PHASE_SETUP: a choice before "
                         "play; PHASE_OPENING_STEP), else 0 (PHASE_START)",
                       boards=(4,)),
    "play-starts": Point("start", ("state", "params"), 0,
                         "play starts from the position at hand (a game's start, a position set up): the rule "
                         "notes what it keeps of it (the repetition memory); 0"),
    "choice-moves": Point("move", ("state", "params", "p"), 0,
                          "list at LEGAL player p's moves of the choice before play: their number",
                        boards=(4,)),
    "choice-move": Point("move", ("state", "params", "p", "q", "pos", "log"), 0,
                         "player p chooses hole pos of player q's track before play: 1 if the choosing goes on, "
                         "else 0",
                       boards=(4,)),
    "game-over": Point("end-of-game", ("state", "params"), 0,
                       "between moves, before the player to move's moves are listed: 1 if the rule ends the game "
                       "here (a player has captured a majority; on four rows, where a rule decides the game, it "
                       "sets the winner), else 0"),
    "game-would-end": Point("end-of-game", ("state", "params"), 0,
                            "the game would end here (a row empty, or the player to move without a legal move): "
                            "1 if it goes on instead (a new round set up: the board lists the moves again), else "
                            "0",
                          boards=(2,)),
    "first-turn-starts": Point("list-starts", ("state", "params", "p"), -1,
                               "list player p's starts at LEGAL if the turn is one the rule starts (an opening's "
                               "first turn, listed without the endless probe): their number; -1 otherwise"),
    "list-starts": Point("list-starts", ("state", "params", "p"), -1,
                         "list player p's starts at LEGAL (on four rows with the kind of their laps at KIND) if the "
                         "rule decides them (a restricted player's): their number; -1 otherwise (the ordinary "
                         "starts)"),
    "keep-moves": Point("list-starts", ("state", "params", "table", "scratch", "n", "lap_budget", "log",
                                        "try_move"), 0,
                        "of the n legal moves at LEGAL, keep those the rule allows, in their order (the "
                        "opponent fed, no grand slam; try_move(state, params, table, scratch, hole, lap_budget, "
                        "log) plays a move on scratch, a copy of the position): their number",
                        chain="n"),
    "turn-begins": Point("move", ("state", "params", "p"), 0,
                         "a move at the start of player p's turn is played: 1 if the rule plays the turn's lap "
                         "itself (claimed-lap), else 0"),
    "claimed-lap": Point("move", ("state", "params", "site", "log"), -1,
                         "the lap the rule claimed at turn-begins, from site: what the run came to (MOVE_DONE, "
                         "or a column capture's outcome)"),
    "opening-step": Point("move", ("state", "params", "lap_budget", "log"), -1,
                          "the player to move's next opening step: 1, or 0 if its relays ran past lap_budget laps",
                        boards=(4,)),
    "extra-due": Point("after-capture", ("state", "params", "p", "outcome"), 0,
                       "after a run of player p that came to outcome (a capture, an inner landing): how many "
                       "decisions of the rule fall due (extra captures); 0 none",
                     boards=(4,)),
    "extra-targets": Point("move", ("state", "params", "q"), 0,
                           "list at LEGAL the moves of a decision the rule made due (PHASE_EXTRA): player q's "
                           "holes an extra capture may take, a pass or a stop; their number",
                         boards=(4,)),
    "extra-move": Point("move", ("state", "params", "p", "q", "pos", "log"), 0,
                        "player p plays a move of that decision: hole pos of player q's track (the board then "
                        "ends the game if p's opponent has no counters left, or the turn once PENDING is 0); 0",
                      boards=(4,)),
    "lap-emptied-row": Point("end-of-game", ("state", "params", "relay_due"), 0,
                             "a lap emptied a row mid-move (end = row-empty-after-lap), a relay then due "
                             "(relay_due 1) or not: 1 if the game goes on (the rule set the player to move; the "
                             "board settles), else 0 (the game is over)",
                           boards=(2,)),
    "move-ends": Point("end-of-turn", ("state", "params", "log"), 0,
                       "the move's laps are over and the game is not: the rule's end of the move (what fell in "
                       "the owned holes collected); 0"),
    "turn-ends": Point("end-of-turn", ("state", "params", "stores"), 0,
                       "the turn has passed to the next player (stores: the counters in both stores before the "
                       "move): 1 if the rule ends the game here (a position repeated), else 0"),
    "score": Point("end-of-game", ("state", "params", "p"), 0,
                   "the game has ended or been cut short: player p's count, which decides it against the "
                   "other's (what p captured, the counters left on p's row as the rule scores them)",
                 boards=(2,)),
}
"""The points of the one turn (engine.mancala.machine.turn) where a rule's compiled code may run, on every board, in the
order a turn meets them; a point a board's rules do not use costs it nothing (its call answers its default, folded).
"""

LAP_POINTS: Mapping[str, Point] = {
    "lap-starts": Point("sow", ("state", "params", "origin", "count"), -1,
                        "a lap takes up the count counters of hole origin (the hole emptied): the counters it "
                        "sows if the rule leaves some in the hole (the first counter back into it), else -1 "
                        "(all of them)"),
    "sow": Point("sow", ("state", "params", "t", "origin", "sown", "into_origin", "mover", "log"), -1,
                 "sow the lap's sown counters from hole origin along the track block at t if the rule sows it "
                 "(passing over the holes out of play, taking holes as the counters fall): the track position "
                 "of its last counter; -1 otherwise (the ordinary sowing)"),
    "lap-end": Point("landing", ("state", "params", "t", "kind", "origin", "landed", "mover", "no_capture", "log"),
                     "landed",
                     "a lap of kind (on the track block at t, from site origin) ended in site landed "
                     "(no_capture: on four rows a single counter's lap, which captures nothing without "
                     "single_captures): the site the run goes on from (landed as it is; after captures re-sown, "
                     "where the re-sowing ended), or -1 - the outcome that ends the run there (a capture's)",
                     loop=True),
    "lap-landed": Point("landing", ("state", "params", "holes", "length", "last", "mover", "log"), -1,
                        "the lap's last counter fell at track position last, not in a store: the track position "
                        "of the hole the rule captured there (the hole after an empty landing), or -1"),
    "captured": Point("after-capture", ("state", "params", "holes", "length", "last", "q", "mover", "log"), 0,
                      "a lap whose last counter fell at track position last captured the hole at position q: "
                      "the rule's further captures (the gap chain); 0"),
    "lap-sown": Point("capture", ("state", "params", "holes", "length", "origin", "count", "sown", "last",
                                  "into_origin", "mover", "log"), 0,
                      "after a lap of count counters from hole origin (sown of them sown, the last at track "
                      "position last): the rule's captures among the holes it sowed (sowing captures); 0"),
    "lap-relays": Point("capture", ("state", "params", "holes", "length", "last", "mover", "log"), -1,
                        "the lap's last counter fell at track position last (not a store) and a relay would "
                        "follow (the hole was occupied, or every lap relays): the track position of the hole the "
                        "rule captured there (the hole after a gap), or -1"),
    "last-landing": Point("capture", ("state", "params", "mover", "holes", "length", "last", "landed", "log"), 0,
                          "the run ends where its last counter fell (hole landed, at track position last; not a "
                          "store): 1 if the rule decided what happens there (a capture made or refused, a "
                          "landing outside the row it captures in), else 0 (the next rule's turn: owned holes)"),
    "before-relay": Point("landing", ("state", "params", "landed", "mover"), -1,
                          "the run would relay (its lap ended in site landed, occupied): the outcome that ends it "
                          "there instead (MOVE_STOP: a hole where the mover may stop; MOVE_CHOICE: a corner where "
                          "they choose the next lap's kind, the site noted at RELAY; MOVE_ROW_EMPTIED: the game "
                          "ends, the relay not made); -1: the relay is made", loop=True),
    "relay-kind": Point("sow", ("state", "params", "kind"), "kind",
                        "the kind of the relay's lap after a lap of kind (restricted holes released per turn: "
                        "restricted); the loop sows it on that kind's track", loop=True),
}
"""The points of the one lap loop (engine.mancala.machine.laps), the same on every board, in the order a lap meets
them; a point a board's rules do not use costs it nothing (its call answers its default, folded)."""

POINTS: Mapping[int, Mapping[str, Point]] = {
    rows: {**{name: point for name, point in TURN_POINTS.items() if rows in point.boards}, **LAP_POINTS}
    for rows in (2, 4)}
"""By the board's rows: every point of its turn where a rule's compiled code may run: the one turn's that
reach the board (:attr:`Point.boards`), then the lap loop's (every board's)."""

STATE_PLACES: Mapping[int, tuple[str, ...]] = {2: ("run", "turn", "tail"), 4: ("turn",)}
"""By the board's rows: where a rule's state field may be placed (:attr:`Rule.state`):

- ``run`` (two rows): after the stores, among the fields a long move's snapshot restores before the
  move is played again and a traced event copies (the position a trace shows reads them): whatever a
  move changes that a replay would not set to the same value again (owned holes, taken in a lap; the
  holes out of play and the round, changed where a move ends a round);
- ``turn``: after the machine's own fields: changed between moves, or inside a move only to what
  replaying it sets again (the direction the game's first move chose, the grand slam's mark), and
  not shown by a traced event;
- ``tail`` (two rows): after the legal moves, given room only by a description that plays the rule
  (the repetition memory, too long to reserve for every game)."""


def state_place(entry: tuple[str, int] | tuple[str, int, str]) -> str:
    """Where the state field ``entry`` of a rule (:attr:`Rule.state`) is placed: its third element, by
    default ``turn``."""
    return entry[2] if len(entry) == 3 else "turn"  # type: ignore[misc]



@dataclass(frozen=True)
class Code:
    """A rule's compiled function at a point of a board's turn (:attr:`Rule.code`)."""

    function: str
    """The function's name in the rule's module, or ``<module>.<function>`` for another module of
    engine.mancala.rules (its code written beside a part of the rule's vocabulary)."""
    when: str | None = None
    """One of the rule's slots: the function is called only while it holds a value other than 0, or
    one of :attr:`values`; or a field the rule adds values to (:attr:`Rule.adds`): only while it holds
    one of them (a combination of rules fixing it otherwise has no call, and no trace of the code);
    None: always."""
    values: tuple[str, ...] = ()
    """With a slot of a rule field (a Literal's): the values of the field under which the function is
    called, in place of any value other than 0."""
    held: str | None = None
    """At a point of the lap loop (:attr:`Point.loop`): a function of the rule's module, ``(state,
    params, mover)``, computing once a run, before the loop, what the rule reads there (a mask of the
    holes where the mover may stop): given to the function as ``held``, which is not called in a run
    where it is 0. None: the function is given nothing more (its guard alone is read before the loop)."""


@dataclass(frozen=True)
class Rule(RuleBase):
    """One rule of the sowing family, as its module declares it (what every family's rules declare is
    engine.rule.RuleBase: name, what, fields, checks, uses, hooks, kernels, position, events)."""

    HOOKS: ClassVar[tuple[str, ...]] = HOOKS

    adds: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Values it adds to a field another rule owns (field -> values), in that field's order."""
    params: type[BaseModel] | None = None
    """A named primitive's parameters (its name is :attr:`name`); None for a rule of fields."""
    boards: Mapping[int, Mapping[str, tuple[Any, ...]]] = field(default_factory=dict)
    """By the board's rows: the boards whose kernels play it, each with the values of its fields
    (owned or added) played there where not all of them are. A board not named plays none of the
    rule: its owned fields only at their default, its added values and its primitive not at all."""
    slots: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    """By the board's rows: its slots in the parameter array (engine.mancala.layout generates the
    layout from them, in the order of the rules)."""
    state: Mapping[int, tuple[tuple[str, int] | tuple[str, int, str], ...]] = field(default_factory=dict)
    """By the board's rows: its fields in the state, each (name, size) or (name, size, place), placed by
    engine.mancala.layout in the order of the rules (:data:`STATE_PLACES`): by default (``turn``) after the
    machine's own fields; on two rows ``run`` among the fields a move's laps change (which a long move's
    snapshot restores and a traced event shows), ``tail`` after the legal moves, given room only in a
    description that plays the rule (the repetition memory)."""
    tables: Mapping[int, tuple[tuple[str, int], ...]] = field(default_factory=dict)
    """By the board's rows: its tables in the parameter array (after the board's geometry), each
    (name, size), placed by engine.mancala.layout likewise."""
    writes: Mapping[str, SlotWriter] = field(default_factory=dict)
    """How its slots are written, where not by default: slot -> a function of the reading and the
    board (:class:`Board`) giving the slot's value. By default a slot named after one of its fields
    holds that field's value (a count as it is, a bool as 0 or 1, another value its code:
    engine.mancala.layout.slot_value); every other slot of :attr:`slots` must be named here."""

    after: str | None = None
    """For a module engine.mancala.rules does not list in ``RULES`` (a new rule, found in the package):
    the rule it follows in the order of the rules (the layout's, and the calls' at a hook point); None:
    after every other."""
    code: Mapping[int, Mapping[str, Code]] = field(default_factory=dict)
    """By the board's rows: its compiled code, point of the board's turn (:data:`POINTS`) -> the
    function run there (:class:`Code`). The code reads the slots and state fields the layout
    generates from the declarations (engine.mancala.layout), which a rule module cannot import at
    run time (the layout is derived from it): it imports them under ``TYPE_CHECKING`` and
    engine.specialise folds them into the generated modules, the only ones compiled."""

    def __post_init__(self) -> None:
        super().__post_init__()
        for rows, points in self.code.items():
            board_points = POINTS.get(rows)
            if board_points is None or rows not in self.boards:
                raise ValueError(f"rule {self.name}: code on {rows} rows, a board that "
                                 f"{'has no hook points' if board_points is None else 'does not play it'}")
            for point, code in points.items():
                if point not in board_points:
                    raise ValueError(f"rule {self.name}: code at unknown hook point {point!r} on {rows} rows; "
                                     f"points: {', '.join(board_points)}")
                if board_points[point].hook not in self.hooks:
                    raise ValueError(f"rule {self.name}: code at hook point {point!r} is part of hook "
                                     f"{board_points[point].hook!r}, which its hooks do not declare")
                if code.when is not None and code.when not in self.slots.get(rows, ()) and code.when not in self.adds:
                    raise ValueError(f"rule {self.name}: code at hook point {point!r} runs when slot {code.when!r}, "
                                     f"not one of its slots on {rows} rows nor a field it adds values to")
                if code.held is not None and not board_points[point].loop:
                    raise ValueError(f"rule {self.name}: code at hook point {point!r} holds {code.held!r} for the "
                                     "run: only a point of the lap loop is given what a rule holds")
                if code.values and (code.when not in self.fields or get_origin(self.fields[code.when][0]) is not Literal
                                    or not set(code.values) <= set(get_args(self.fields[code.when][0]))):
                    raise ValueError(f"rule {self.name}: code at hook point {point!r} runs when {code.when!r} holds "
                                     f"{', '.join(code.values)}: not values of a field of its own")
        for rows, fields in self.state.items():
            if rows not in self.boards:
                raise ValueError(f"rule {self.name}: state fields on {rows} rows, a board that does not play it")
            for entry in fields:
                if (len(entry) not in (2, 3) or not isinstance(entry[0], str) or not entry[0].isidentifier()
                        or type(entry[1]) is not int or entry[1] < 1):
                    raise ValueError(f"rule {self.name}: state field {entry!r} is not (name, size) or (name, size, "
                                     "place), a name and a size of 1 or more")
                place = state_place(entry)
                if place not in STATE_PLACES.get(rows, ("turn",)):
                    raise ValueError(f"rule {self.name}: state field {entry[0]!r} placed {place!r} on {rows} rows; "
                                     f"places there: {', '.join(STATE_PLACES.get(rows, ('turn',)))}")
        declared = {slot for slots in self.slots.values() for slot in slots}
        for rows, slots in self.slots.items():
            if rows not in self.boards:
                raise ValueError(f"rule {self.name}: slots {slots} on {rows} rows, a board that does not play it")
        for slot in sorted(declared):
            if slot in self.writes:
                continue
            if slot not in self.fields:
                raise ValueError(f"rule {self.name}: slot {slot!r} is not one of its fields: declare how it is written "
                                 f"(writes={{{slot!r}: ...}})")
            annotation = self.fields[slot][0]
            if annotation not in (int, bool) and get_origin(annotation) is not Literal:
                raise ValueError(f"rule {self.name}: slot {slot!r} holds field {slot} of type {annotation}, which "
                                 f"has no default code: declare how it is written (writes={{{slot!r}: ...}})")
        unknown = sorted(set(self.writes) - declared)
        if unknown:
            raise ValueError(f"rule {self.name}: writes slot(s) {unknown} it does not declare in slots")

    def in_play(self, reading: Reading) -> bool:
        """Whether ``reading`` uses this rule."""
        if self.uses is not None:
            return self.uses(reading)
        if self.params is not None:
            return self.name in reading.named
        if self.adds:
            return any(reading.value(f) in values for f, values in self.adds.items())
        return True


@dataclass(frozen=True)
class Board:
    """The board a parameter array is written for, as its board code lays it out: what a rule's slot
    may be written from besides the reading (:attr:`Rule.writes`)."""

    rows: int
    per_row: int
    places: Mapping[str, int] = field(default_factory=dict)
    """Where the board code placed what a rule's slot points at: name -> index (on two rows
    ``track_2``, player 2's track block, ``track_cw``, ``feed``, the feed table, in the parameter array,
    and the rules' ``tail`` state fields a description plays, ``history``, the repetition memory, in the
    state: engine.mancala.description.tail_places)."""


SlotWriter = Callable[["Reading", Board], int]
"""How a rule's parameter slot is written: its value under a reading, on a board."""


def placed(name: str) -> SlotWriter:
    """The writer of a slot holding where the board code placed ``name`` (:attr:`Board.places`)."""
    return lambda reading, board: board.places[name]


def param_code(name: str, model: type[BaseModel], param: str, value: Any) -> int:
    """The code of primitive ``name``'s parameter ``param`` at ``value``: its index among the values
    the parameter's Literal allows in ``model`` (the primitive's parameters); ValueError naming the
    parameter otherwise."""
    allowed = next((get_args(a) for a in get_args(model.model_fields[param].annotation) if get_args(a)), ())
    if value not in allowed:
        raise ValueError(f"{name}.{param} has no value {value!r}")
    return allowed.index(value)


@dataclass
class Reading:
    """A description under one setting of its switches (``choices``: switch id -> option; a switch
    not named takes its default): its rule fields, board, set-up and primitive parameters."""

    description: SowingDescription
    choices: dict[str, str]
    rules: Any
    """The rule fields (engine.mancala.rules.SowingRules)."""
    settings: dict[str, Any]
    """What the options of ``choices`` set (rule fields, board.<f>, setup.<f>, <primitive>.<param>)."""

    @property
    def rows(self) -> int:
        return self.description.board.rows

    @property
    def holes_per_row(self) -> int:
        return int(self.settings.get("board.holes_per_row", self.description.board.holes_per_row))

    @property
    def named(self) -> set[str]:
        """The primitives the description lists."""
        return {p.name for p in self.description.primitives}

    def value(self, name: str) -> Any:
        """A rule field's value."""
        return getattr(self.rules, name)

    def param(self, primitive: str, name: str) -> Any:
        """A primitive's parameter: bound by an option, else as ``primitives`` gives it (None if not given)."""
        key = f"{primitive}.{name}"
        if key in self.settings:
            return self.settings[key]
        for p in self.description.primitives:
            if p.name == primitive:
                return p.params.get(name)
        return None

    @property
    def under(self) -> str:
        """Which setting this is, for messages."""
        return ", ".join(f"switch {k} = {v}" for k, v in self.choices.items()) or "rules"

    def where(self, name: str) -> str:
        """Where the value of field ``name`` (a rule field, or ``<primitive>.<param>``) is written, for
        messages: ``rules.<f>``, ``switches[<id>].options.<option>.<f>`` or ``primitives[<i>].params.<p>``."""
        for s in self.description.switches:
            option = self.choices.get(s.id, s.default)
            if name in s.options[option]:
                return f"switches[{s.id}].options.{option}.{name}"
        head, _, tail = name.partition(".")
        for i, p in enumerate(self.description.primitives):
            if p.name == head:
                return f"primitives[{i}].params.{tail}" if tail else f"primitives[{i}]"
        if tail or "-" in name:  # a primitive not listed, or its parameter
            return "primitives"
        return f"rules.{name}"


def field_is(name: str, *values: Any) -> Callable[[Reading], bool]:
    """A test of a reading: rule field ``name`` has one of ``values``."""
    return lambda reading: reading.value(name) in values
