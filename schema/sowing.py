"""Pydantic models of a sowing description: ``data/sowing/<game id>.yaml``, the rules of a mancala
game as data, which the engine's one sowing machine (engine.mancala.machine) plays.

A description has a board, a set-up and a set of *rule fields* (:class:`SowingRules`: where a
move may start, the direction, laps and relays, captures and the fate of what they take, the end
of a turn and of the game, scoring, passes, who starts, endless moves). Each field has a value in
``rules``; a field may instead be *bound to a switch* of the game's record (``data/games``): each
option of the switch is a set of field values (``options: {<option id>: {<field>: <value>}}``).
So the switches, their options, citations and rulesets stay in the game's record, and the
description only says what each option means to the machine.

A rule no general field captures is a named *primitive* of the machine (``primitives``), usable by
any description. Field values the schema knows but the machine does not play yet are rejected by
the engine when it loads the description, naming the field (engine.mancala.description).
Cross-checks with the game's record (the switch ids and option ids the same both ways) are in
:func:`check_against_game`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter, ValidationError, model_validator

from schema.records import OptionId, Slug, SwitchId

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True, frozen=True)


class Board(_Strict):
    """The holes: ``rows`` rows of ``holes_per_row`` holes. On two rows, player 1 owns the near
    row (``a1`` .. from their left) and player 2 the far one (``b1`` .. from theirs); on four rows
    each player owns their two near rows, numbered along their anticlockwise track."""

    rows: Literal[2, 4] = Field(description="rows of holes")
    holes_per_row: int | None = Field(None, ge=2, le=32, description="holes in each row (or bound to a switch "
                                                                      "as board.holes_per_row)")
    stores: bool = Field(True, description="captured counters are kept in a store per player (else on the board)")


class Setup(_Strict):
    """The start: the same count in every hole, a count for each of a player's rows, or each
    player's holes in the order of their notation."""

    counters_per_hole: int | None = Field(None, ge=0, description="counters in every hole at the start")
    counters_per_row: list[Annotated[int, Field(ge=0)]] | None = Field(
        None, description="counters in each hole of each of a player's rows, the outer row first (four rows)")
    layout: list[Annotated[int, Field(ge=0)]] | None = Field(
        None, description="counters in each player's holes at the start, in the order of their notation")

    @model_validator(mode="after")
    def _one(self) -> "Setup":
        given = [x for x in (self.counters_per_hole, self.counters_per_row, self.layout) if x is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of counters_per_hole, counters_per_row and layout")
        return self


class SowingRules(_Strict):
    """The rule fields: every one has a value in ``rules`` or is bound to a switch."""

    start_row: Literal["own", "enemy"] = Field(
        description="the row a move starts from: the mover's own (or own two rows) or the opponent's")
    min_counters: int = Field(1, ge=1, description="counters a hole needs for a move to start from it")
    singleton: Literal["any", "into-empty"] = Field(
        "any", description="when no hole holds min_counters: a single counter may not move (any: no such rule), "
                           "or may move into an empty next hole (into-empty)")
    previous_hole: Literal["any", "empty"] = Field(
        "any", description="a move may start from a hole whatever the hole before it on the mover's circuit holds "
                           "(any), or only from one whose previous hole is empty (empty); a relay is not a start")
    direction: Literal["counterclockwise", "clockwise", "chosen"] = Field(
        description="the direction of sowing; chosen: the mover chooses at each move")
    sow_through: Literal["both-rows", "own-rows"] = Field(
        description="the holes a lap sows: round the whole board, or round the mover's own rows")
    long_lap: Literal["sow-origin", "skip-origin"] = Field(
        "sow-origin", description="a lap that comes round to its starting hole sows it, or passes over it")
    relay: Literal["single", "last-hole", "next-hole"] = Field(
        description="laps: one lap a move (single); relay by taking up the hole where the last counter "
                    "fell (last-hole); or the hole after it, sowing from the one after that (next-hole)")
    relay_when: Literal["occupied", "next-non-empty"] = Field(
        "occupied", description="when a lap relays: its last counter fell into an occupied hole; or, besides, "
                                "the hole after it holds counters")
    capture: Literal["none", "across-gap", "opposite", "inner-and-outer", "both-opposite", "inner-and-outer-each"] = Field(
        description="the capture a lap may make: none; across-gap (last counter in an occupied hole, the "
                    "next empty: take the one after); opposite (last counter in an empty own inner hole: "
                    "the opponent's hole across); inner-and-outer (the same, then the outer hole behind it); "
                    "both-opposite (last counter in an occupied own inner hole with both opposite holes "
                    "occupied: take both); inner-and-outer-each (as inner-and-outer, but the outer hole is "
                    "taken whenever it holds counters, even behind an empty inner hole)")
    capture_on: Literal["empty", "occupied"] = Field(
        "empty", description="the landing that triggers an opposite or inner-and-outer capture: an empty hole of "
                             "the mover's inner row (the lap ends there), or an occupied one whose opposite inner "
                             "hole holds counters (the capture takes the place of the relay)")
    single_captures: bool = Field(
        True, description="a lap sown from a single counter may capture")
    single_scope: Literal["move", "lap"] = Field(
        "move", description="with single_captures false: a move begun from a single counter captures nothing, its "
                            "relays included (move), or only the single counter's own lap captures nothing (lap: a "
                            "relay from its landing sows two or more and may capture)")
    capture_empty: bool = Field(
        True, description="a capture whose target hole is empty still counts as a capture (it ends the move)")
    after_capture: Literal["end-move", "continue-relay"] = Field(
        "end-move", description="what follows a capture: the move ends, or the lap relays as it would have")
    captured_to: Literal["store", "removed", "resow"] = Field(
        "store", description="the fate of captured counters: the capturer's store, out of play, or sown again "
                             "on the capturer's side")
    resow_from: Literal["lap-start", "move-start", "landing"] = Field(
        "lap-start", description="captured counters re-sown (captured_to resow) are sown from the hole after the "
                                 "capturing lap's start, after the move's start, or after the hole where the "
                                 "capturing lap's last counter landed (landing)")
    end: Literal["row-empty-after-lap", "row-empty-after-move", "cannot-move", "capture-all"] = Field(
        description="the end of the game: a row empty after any lap, or after a move; the player to move "
                    "cannot move; a player has no counters left")
    remaining: Literal["unscored", "owner"] = Field(
        "unscored", description="counters left on the board at the end: not scored, or scored by the row's owner")
    decided_by: Literal["count", "rule"] = Field(
        "count", description="the winner: the larger count of counters, or the rule that ended the game")
    no_move: Literal["end-game", "pass", "lose"] = Field(
        "end-game", description="a player with no legal move: the game ends (and is counted), they pass, or lose")
    forced_pass: bool = Field(
        False, description="end cannot-move: the player who cannot move first makes a forced pass, counted as a "
                           "turn and a move, and loses after it (as Ludii records such an end); when that pass "
                           "would come past the turn or move limit the game is unfinished")
    first_player: Literal["lot", "player-1"] = Field(
        description="who starts: drawn by lot from the game's seed, or player 1")
    endless: Literal["end-game", "illegal"] = Field(
        description="a move whose laps never end (a repeated configuration): the game ends as endless, "
                    "or the move is illegal")


RULE_FIELDS: tuple[str, ...] = tuple(SowingRules.model_fields)
"""The names of the rule fields, in declaration order."""

class Counts:
    """The type of a primitive parameter that is a count or a list of counts (non-negative integers):
    the first for the first time, the second for the second, ..., the last for every later time."""


class OpeningStep(_Strict):
    """One fixed step of the primitive ``opening-steps``: a turn with one legal move, the same for
    each player on their own side (holes numbered along the player's track, 1 .. 2N)."""

    hole: int = Field(ge=1, description="the hole the step sows from (the player's hole number, 1 .. 2N)")
    count: int | Literal["all"] = Field(
        "all", description="the counters taken up: all the hole holds, or this many (fewer if it holds fewer); "
                           "the rest stay")
    from_hole: bool = Field(
        False, description="the first counter goes back into the hole itself and counts as sown (Ludii's "
                           "origin:True), the others into the following holes")
    take: int = Field(0, ge=0, description="then, whatever the last hole holds, this many counters (or all it "
                                           "holds, if fewer) are taken from each of the two opponent holes "
                                           "opposite it (inner and outer; none if it is an outer hole)")
    into: int | None = Field(None, ge=1, description="the player's hole the taken counters go into")
    relay: bool = Field(
        False, description="the step's lap relays from every occupied last hole, capturing nothing, until a lap "
                           "ends in an empty hole")

    @model_validator(mode="after")
    def _into(self) -> "OpeningStep":
        if self.take > 0 and self.into is None:
            raise ValueError("take needs into: the hole the taken counters go into")
        if self.count != "all" and self.count < 1:
            raise ValueError(f"count = {self.count!r}: 1 or more, or all")
        return self


PRIMITIVES: dict[str, dict[str, Any]] = {
    # after a capture, the capturer takes the whole contents of ``count`` further opponent holes,
    # each its own decision (Tsoro's extra captures); due ``after`` any capture, only a capture of
    # two holes (Msuwa) or any lap ending in an empty inner hole, capture or not (Tshuba);
    # ``optional``: the capturer may stop taking them (move ``stop``); ``count`` a list: graduated
    # by the times they have fallen due to the player, the last repeated (Tsoro (Baia): 5, 3, 2);
    # ``spare``: a hole they may not take besides the chosen special holes (the opponent's opening
    # hole, primitive opening)
    "extra-captures": {"count": Counts, "after": ("capture", "two-hole-capture", "inner-landing"),
                       "optional": (False, True), "spare": ("none", "opening-hole")},
    # holes where a lap ending in an occupied hole may stop instead of relaying: none, the heads
    # (each player's rightmost outer hole), holes each player chooses before play (misoro), which
    # are then safe from extra captures (Tsoro's heads), or both ends of each player's outer row
    # (Misoro Tsoro's fixed misoro, stop holes as the heads); ``count``: the holes each player
    # chooses (kind chosen; 2 if not given: Tsoro's two misoro, Musoro Tsoro's one musoro)
    "special-holes": {"kind": ("none", "heads", "chosen", "ends"), "count": int},
    # a player is at first restricted to the middle holes (``sowing``: corners skipped, or only not
    # started from) and released when no middle hole can move (``release``: to the reserve holes or
    # to every hole; ``lasting``: for good or for the turn; ``capture``: while the opponent is
    # restricted, no capture from a corner of theirs in use) (Lobudök)
    "restricted-holes": {"sowing": ("skip-corners", "start-only"), "release": ("reserve-holes", "all-holes"),
                         "lasting": ("permanent", "per-turn"), "capture": ("in-use-holes", "unrestricted")},
    # each player's first turn is one lap from their opening hole, the ``from_left``-th hole from the
    # left of their ``row`` (as they see it); a lap ending in their inner row takes the opposite
    # hole(s) as the description's capture does, whatever the landing held, and never relays
    # (Tsoro (Baia): the third hole from the left of the inner row)
    "opening": {"row": ("outer", "inner"), "from_left": int},
    # an opening before the main play: each player makes the same fixed ``steps`` (OpeningStep), each
    # step a turn with one legal move, the players alternating (the first player's step 1, the
    # other's step 1, the first player's step 2, ...); then the first player makes the first main
    # move (Ryakati's three opening phases in Ludii)
    "opening-steps": {"steps": list[OpeningStep]},
}
"""The named primitives of the machine, rules no general field captures: name -> parameter -> the
values allowed (a tuple) or their type."""

BOARD_FIELDS = ("holes_per_row",)
"""The board's fields a switch may bind (as ``board.<field>``)."""

SETUP_FIELDS: tuple[str, ...] = tuple(Setup.model_fields)
"""The set-up's fields a switch may bind (as ``setup.<field>``): each option then gives the whole
set-up (exactly one of them), and the description's ``setup`` is left out. So a set-up may follow
the board's size (one layout for each option of a switch that also binds ``board.holes_per_row``)
or a rule's reading (Misoro Tsoro's fixed misoro start with a third counter)."""


def _check_primitive(name: str, param: str, value: Any) -> None:
    if name not in PRIMITIVES:
        raise ValueError(f"no primitive {name!r}; primitives: {', '.join(PRIMITIVES)}")
    allowed = PRIMITIVES[name].get(param)
    if allowed is None:
        raise ValueError(f"primitive {name!r} has no parameter {param!r}; parameters: {', '.join(PRIMITIVES[name])}")
    if isinstance(allowed, tuple) and value not in allowed:
        raise ValueError(f"{name}.{param} = {value!r}; allowed: {', '.join(map(str, allowed))}")
    if allowed is Counts:
        counts = value if isinstance(value, list) else [value]
        if not counts or any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in counts):
            raise ValueError(f"{name}.{param} = {value!r}: must be a count or a non-empty list of counts (0 or more)")
        return
    if isinstance(allowed, type) and (not isinstance(value, allowed) or isinstance(value, bool)):
        raise ValueError(f"{name}.{param} = {value!r}: must be {allowed.__name__}")
    if not isinstance(allowed, (tuple, type)):  # a structured parameter (opening-steps.steps)
        try:
            TypeAdapter(allowed).validate_python(value)
        except ValidationError as exc:
            raise ValueError(f"{name}.{param}: {exc}") from None


class Primitive(_Strict):
    """A named primitive of the machine, with its parameters (a parameter may be bound to a switch
    as ``<primitive>.<parameter>``, then left out here)."""

    name: Literal["extra-captures", "special-holes", "restricted-holes", "opening", "opening-steps"]
    params: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _known(self) -> "Primitive":
        for param, value in self.params.items():
            _check_primitive(self.name, param, value)
        return self


class SwitchBinding(_Strict):
    """A switch of the game's record, as the machine reads it: each option's field values."""

    id: SwitchId
    default: OptionId = Field(description="the option the engine takes when none is given (the archive's "
                                          "default ruleset chooses it too)")
    options: dict[OptionId, dict[str, Any]] = Field(
        min_length=2, description="option id -> what it sets: rule fields, board fields (board.holes_per_row), "
                                  "the set-up (one of setup.layout, setup.counters_per_row, "
                                  "setup.counters_per_hole) or primitive parameters (extra-captures.count); the "
                                  "same for every option")

    @model_validator(mode="after")
    def _consistent(self) -> "SwitchBinding":
        if self.default not in self.options:
            raise ValueError(f"default {self.default!r} is not one of the options {list(self.options)}")
        # the same fields under every option; a set-up, whole under each, by any of its fields
        shapes = {tuple(sorted({"setup" if k.startswith("setup.") else k for k in v})) for v in self.options.values()}
        if len(shapes) != 1:
            raise ValueError("every option of a switch must set the same fields")
        for option, values in self.options.items():
            if len([k for k in values if k.startswith("setup.")]) > 1:
                raise ValueError(f"option {option!r} sets more than one set-up field; give exactly one of "
                                 f"setup.{', setup.'.join(SETUP_FIELDS)}")
        for option, values in self.options.items():
            for name, value in values.items():
                head, _, tail = name.partition(".")
                if name in RULE_FIELDS:
                    continue
                if head == "board" and tail in BOARD_FIELDS:
                    if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= 32:
                        raise ValueError(f"option {option!r}: board.{tail} = {value!r} is not 2 to 32")
                elif head in PRIMITIVES and tail:
                    _check_primitive(head, tail, value)
                elif head == "setup" and tail in SETUP_FIELDS:
                    try:
                        Setup.model_validate({tail: value})
                    except ValueError as exc:
                        raise ValueError(f"option {option!r}: {name} = {value!r} is not a set-up: {exc}") from None
                else:
                    raise ValueError(f"option {option!r} sets {name!r}, which is not a rule field, a board field "
                                     f"(board.{', board.'.join(BOARD_FIELDS)}), a set-up field "
                                     f"(setup.{', setup.'.join(SETUP_FIELDS)}) or a primitive's parameter "
                                     f"(fields: {', '.join(RULE_FIELDS)})")
        return self

    @property
    def fields(self) -> tuple[str, ...]:
        return tuple(sorted(next(iter(self.options.values()))))


class SowingDescription(_Strict):
    """``data/sowing/<game id>.yaml``: one mancala game's rules as data."""

    game: Slug = Field(description="the game's id (its record is data/games/<game>.yaml)")
    board: Board
    setup: Setup | None = Field(None, description="the start; left out when a switch binds it (setup.<field>)")
    rules: dict[str, Any] = Field(description="the value of every rule field not bound to a switch")
    switches: list[SwitchBinding] = Field(description="the game's switches, in the order the engine declares them")
    primitives: list[Primitive] = Field(default_factory=list)

    @model_validator(mode="after")
    def _complete(self) -> "SowingDescription":
        bound: dict[str, str] = {}
        ids = [s.id for s in self.switches]
        if len(set(ids)) != len(ids):
            raise ValueError("a switch is listed twice")
        for s in self.switches:
            if not s.id.startswith(self.game + "."):
                raise ValueError(f"switch {s.id!r} is not a switch of {self.game!r}")
            for name in s.fields:
                if name in bound:
                    raise ValueError(f"rule field {name!r} is bound to two switches ({bound[name]}, {s.id})")
                if name in self.rules:
                    raise ValueError(f"rule field {name!r} has a value in rules and is bound to switch {s.id}")
                bound[name] = s.id
        named = {p.name for p in self.primitives}
        for name in bound:
            head, _, tail = name.partition(".")
            if head in PRIMITIVES and head not in named:
                raise ValueError(f"a switch binds {name!r} but primitive {head!r} is not listed in primitives")
            if head in PRIMITIVES and tail in next(p for p in self.primitives if p.name == head).params:
                raise ValueError(f"{name!r} is bound to switch {bound[name]} and given in primitives")
            if head == "board" and getattr(self.board, tail) is not None:
                raise ValueError(f"{name!r} is bound to switch {bound[name]}; leave it out of board")
        for name in self.rules:
            if name not in RULE_FIELDS:
                raise ValueError(f"rules sets {name!r}, which is not a rule field (fields: {', '.join(RULE_FIELDS)})")
        for s in self.switches:  # every option gives a complete, valid set of rule fields
            for option in s.options:
                self.rules_for({s.id: option})
        if self.board.holes_per_row is None and "board.holes_per_row" not in bound:
            raise ValueError("board.holes_per_row has no value (in board or bound to a switch)")
        self._check_setups(bound)
        return self

    def _check_setups(self, bound: dict[str, str]) -> None:
        """The set-up is given in ``setup`` or bound to one switch, whose every option gives a whole
        set-up; a layout lists each player's holes on the board of every setting."""
        setup_switches = sorted({sid for name, sid in bound.items() if name.partition(".")[0] == "setup"})
        if len(setup_switches) > 1:
            raise ValueError(f"the set-up is bound to two switches ({', '.join(setup_switches)}); one switch "
                             "gives the whole set-up")
        if setup_switches and self.setup is not None:
            raise ValueError(f"the set-up is bound to switch {setup_switches[0]}; leave setup out")
        if not setup_switches and self.setup is None:
            raise ValueError("setup has no value (give it, or bind it to a switch as setup.<field>)")
        varying = [s for s in self.switches if s.id in {bound.get("board.holes_per_row"), *setup_switches}]
        settings: list[dict[str, str]] = [{}]
        for s in varying:
            settings = [{**c, s.id: option} for c in settings for option in s.options]
        for choices in settings:
            setup = self.setup_for(choices)
            holes = self.settings(choices).get("board.holes_per_row", self.board.holes_per_row)
            if setup.layout is not None and len(setup.layout) != self.board.rows // 2 * holes:
                where = f" (under {', '.join(f'{k} = {v}' for k, v in choices.items())})" if choices else ""
                raise ValueError(f"setup.layout lists {len(setup.layout)} counts{where}; each player has "
                                 f"{self.board.rows // 2 * holes} holes")

    def setup_for(self, choices: dict[str, str]) -> Setup:
        """The set-up under ``choices`` (switch id -> option id; a switch not named takes its
        default): the description's ``setup``, or what the options of the switch binding it give."""
        if self.setup is not None:
            return self.setup
        values = {k.partition(".")[2]: v for k, v in self.settings(choices).items() if k.partition(".")[0] == "setup"}
        return Setup.model_validate(values)

    @property
    def holes_per_player(self) -> int:
        return self.board.rows // 2 * self.board.holes_per_row

    def settings(self, choices: dict[str, str]) -> dict[str, Any]:
        """Everything the options of ``choices`` set (switch id -> option id; a switch not named
        takes its default): rule fields, ``board.<field>``, ``<primitive>.<parameter>``."""
        values: dict[str, Any] = {}
        for s in self.switches:
            option = choices.get(s.id, s.default)
            if option not in s.options:
                raise ValueError(f"unknown value {option!r} for switch {s.id!r}; allowed: {', '.join(s.options)}")
            values.update(s.options[option])
        return values

    def rules_for(self, choices: dict[str, str]) -> SowingRules:
        """The rule fields under ``choices`` (switch id -> option id; a switch not named takes its
        default); ValueError naming the field, switch or option at fault."""
        values = dict(self.rules)
        values.update({k: v for k, v in self.settings(choices).items() if k in RULE_FIELDS})
        missing = [f for f in RULE_FIELDS if f not in values and SowingRules.model_fields[f].is_required()]
        if missing:
            raise ValueError(f"rule field(s) {', '.join(missing)} have no value (in rules or bound to a switch)")
        return SowingRules.model_validate(values)


def check_against_game(description: SowingDescription, switches: dict[str, list[str]]) -> list[str]:
    """Where a description and its game's record part (``switches``: the record's switch id -> its
    option ids): the same switches, each with the same options."""
    problems = []
    ours = {s.id: list(s.options) for s in description.switches}
    for sid in sorted(set(switches) - set(ours)):
        problems.append(f"switch {sid!r} of the game's record is not bound in the description")
    for sid in sorted(set(ours) - set(switches)):
        problems.append(f"switch {sid!r} of the description is not in the game's record")
    for sid in sorted(set(ours) & set(switches)):
        if sorted(ours[sid]) != sorted(switches[sid]):
            problems.append(f"switch {sid!r}: options {ours[sid]} in the description, {switches[sid]} in the record")
    return problems
