"""The opening: how a game's first turns differ from the main play, in one vocabulary.

``opening`` names either each player's first turn (``start``, ``lap``, ``capture``) or a phase of
fixed steps the players make in turn before the main play (``steps``: engine.mancala.rules.opening_steps):

- where the first turn starts (``start``): a named hole (``hole``: ``row`` and ``from_left``, Tsoro
  (Baia)), any hole holding exactly ``holding`` counters (``holding``, Spreta), any hole of a
  ``row`` holding enough to start a move (``row``, Muvalavala (Luena)), or any hole holding enough
  (``any``: a first turn that differs only in its lap, Nsumbi);
- what its lap does (``lap``): one ``plain`` lap, never relaying (Tsoro (Baia), Spreta), or an
  ``ordinary`` lap relaying and capturing as the main play's laps do;
- what it captures (``capture``): a plain lap takes ``none`` (Spreta) or, ending in the inner row,
  the ``column`` as the description's capture does, whatever the landing held (Tsoro (Baia)); an
  ordinary lap captures ``as-rules``;
- whose first turn it is (``turns``): each player's (the default: Tsoro (Baia), Ludii's Spreta)
  or only the game's first turn (the summary of Spreta read literally);
- fixed steps (``steps``: Ryakati), each a turn with one legal move, the players alternating.
 The vocabulary names more than the machine plays:
what it does not play yet (an ordinary lap without captures, Nsumbi's) is refused by the build,
naming the parameter. The table of the four-row games whose openings it describes, with what each
needs, is in docs/rules.md ("Openings").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from numba import njit
from pydantic import BaseModel, ConfigDict, Field

from engine import machine
from engine.mancala import fourrow
from engine.mancala.fourrow import G_INNER, PLAYER_MOVES, TRACK_SLOT
from engine.mancala.rule import Board, Code, Reading, Rule
from engine.mancala.rules.capture_column import take_column
from engine.mancala.rules.opening_steps import LOG_LAP, MAX_STEPS, STEP_SLOT, OpeningStep, steps_problem
from engine.mancala.sowing import TRACK_HOLES, idx, sow

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import (
        F_LENGTH, F_LONG_LAP, F_MIN_COUNTERS, F_OPENING, F_OPENING_LAP, F_OPENING_POS, F_OPENING_TURNS, F_PER_ROW, FULL_LAP, GEO,
        SKIP_ORIGIN,
    )
    from engine.mancala.machine.four_rows import COVER, KIND, LAPS as LAPS_MADE, LEGAL, LOGGED, MOVES, OPENED, TO_MOVE
    from engine.mancala.machine.four_rows import TRACKS
    from engine.mancala.machine.outcome import MOVE_DONE

SPECIALISED_WITH = ("engine.mancala.rules.capture_column",)
"""Specialised with the module of the column capture its plain lap takes (engine.specialise)."""

STARTS = ("hole", "holding", "row", "any")
"""The codes of ``start`` (the kernels' slot ``opening`` holds 1 + the code; 0: no first-turn opening)."""
LAPS = ("plain-none", "plain-column", "ordinary")
"""The codes of the kernels' slot ``opening_lap``: the lap and what it captures."""
START_HOLE, START_HOLDING, START_ROW, START_ANY = (1 + STARTS.index(s) for s in STARTS)
"""The codes of the slot ``opening`` (0: no first-turn opening)."""
PLAIN_NONE, PLAIN_COLUMN, ORDINARY = range(len(LAPS))


class Opening(BaseModel):
    """The parameters of opening (each may be bound to a switch instead): a first turn (start, its
    hole or row or count, lap, capture) or fixed steps (steps), not both."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    start: Literal["hole", "holding", "row", "any"] | None = Field(
        None, description="where each player's first turn starts: a named hole (row, from_left), a hole holding "
                          "exactly `holding` counters, any hole of `row`, or any hole holding enough to start a move")
    row: Literal["outer", "inner"] | None = Field(None, description="the row of the opening hole (start hole), or the "
                                                                     "row the first turn starts from (start row)")
    from_left: int | None = Field(None, description="the opening hole: the from_left-th of its row from the "
                                                    "player's left (start hole)")
    holding: int | None = Field(None, ge=1, description="the counters the hole the first turn starts from holds "
                                                        "(start holding)")
    lap: Literal["plain", "ordinary"] | None = Field(
        None, description="the first turn's lap: one plain lap, never relaying, or an ordinary lap (relays and "
                          "captures as the main play's)")
    capture: Literal["none", "column", "as-rules"] | None = Field(
        None, description="what the first turn captures: nothing, the column if a plain lap ends in the inner row "
                          "(whatever the landing held), or as the main play's laps do")
    turns: Literal["each-player", "game"] | None = Field(
        None, description="whose first turn it is: each player's (the default), or only the game's first turn")
    steps: list[OpeningStep] | None = Field(None, description="fixed steps before the main play, each player's "
                                                              "in order, the players alternating")


def first_turn(reading: Reading) -> bool:
    """Whether the reading's opening is a first turn (not fixed steps)."""
    return "opening" in reading.named and reading.param("opening", "steps") is None


def _one_kind(reading: Reading) -> tuple[str, str] | None:
    given = [p for p in ("start", "row", "from_left", "holding", "lap", "capture", "turns")
             if reading.param("opening", p) is not None]
    if reading.param("opening", "steps") is not None:
        if given:
            return (f"opening.{given[0]}", "opening gives fixed steps and a first turn: the machine plays one or "
                                           f"the other (opening.{given[0]} with opening.steps)")
        return steps_problem(reading)
    if reading.param("opening", "start") is None:
        return ("opening.start", "opening needs start (hole, holding, row or any) or steps")
    return None


def _start(reading: Reading) -> tuple[str, str] | None:
    if not first_turn(reading):
        return None
    start, row = reading.param("opening", "start"), reading.param("opening", "row")
    from_left, holding = reading.param("opening", "from_left"), reading.param("opening", "holding")
    n = reading.holes_per_row
    wants = {"hole": ("row", "from_left"), "holding": ("holding",), "row": ("row",), "any": ()}.get(start, ())
    for name, value in (("row", row), ("from_left", from_left), ("holding", holding)):
        if name in wants and value is None:
            return (f"opening.{name}", f"opening start {start} needs {' and '.join(wants)}")
        if name not in wants and value is not None:
            return (f"opening.{name}", f"opening.{name} is not read under start {start} (it needs "
                                       f"{' and '.join(wants) or 'nothing more'})")
    if start == "hole" and not 1 <= int(from_left) <= n:
        return ("opening.from_left", f"opening.from_left = {from_left}: 1 to {n} on a board of {n} holes a row")
    return None


def _lap(reading: Reading) -> tuple[str, str] | None:
    if not first_turn(reading):
        return None
    lap, capture = reading.param("opening", "lap"), reading.param("opening", "capture")
    if lap is None or capture is None:
        return ("opening.lap" if lap is None else "opening.capture", "opening's first turn needs lap and capture")
    if lap == "plain" and capture == "as-rules":
        return ("opening.capture", "a plain opening lap captures none or the column; as-rules is an ordinary lap's")
    if lap == "ordinary" and capture != "as-rules":
        return ("opening.capture", f"an ordinary opening lap with capture {capture} is not played yet (the machine "
                                   "plays an ordinary first lap capturing as-rules)")
    return None


def _alone(reading: Reading) -> tuple[str, str] | None:
    if reading.param("opening", "steps") is not None and reading.param("special-holes", "kind") == "chosen":
        return ("special-holes.kind", "opening steps with special-holes chosen: the machine plays no choice of "
                                      "holes with the fixed steps")
    return None


def lap_code(lap: str, capture: str) -> int:
    """The kernels' code of a first turn's lap and capture (:data:`LAPS`)."""
    return LAPS.index("ordinary" if lap == "ordinary" else f"plain-{capture}")


def hole_position(reading: Reading) -> int:
    """The position of the opening hole of a first turn started from a named hole (start hole:
    ``from_left`` of its row from the player's left), -1 for any other opening or none."""
    if not first_turn(reading) or reading.param("opening", "start") != "hole":
        return -1
    from_left = int(reading.param("opening", "from_left"))
    return from_left - 1 if reading.param("opening", "row") == "outer" else 2 * reading.holes_per_row - from_left


def _start_code(r: Reading, board: Board) -> int:
    """Slot ``opening``: 1 + the code of the first turn's start (:data:`STARTS`); 0: no first turn."""
    return 1 + STARTS.index(r.param("opening", "start")) if first_turn(r) else 0


def _start_arg(r: Reading, board: Board) -> int:
    """Slot ``opening_pos``: what the start names: the hole's position (start hole), the count (holding),
    the row (row: 0 outer, 1 inner), or 2 (any)."""
    if not first_turn(r):
        return 0
    start = r.param("opening", "start")
    return int({"hole": hole_position(r), "holding": r.param("opening", "holding"),
                "row": int(r.param("opening", "row") == "inner"), "any": 2}[start])


def _lap_code(r: Reading, board: Board) -> int:
    """Slot ``opening_lap``: the first turn's lap and capture (:func:`lap_code`)."""
    return lap_code(r.param("opening", "lap"), r.param("opening", "capture")) if first_turn(r) else 0


def _turns(r: Reading, board: Board) -> int:
    """Slot ``opening_turns``: 1 if only the game's first turn is an opening turn."""
    return int(first_turn(r) and r.param("opening", "turns") == "game")


def _steps(r: Reading, board: Board) -> int:
    """Slot ``opening_steps``: the fixed steps' number (0: none)."""
    return len(r.param("opening", "steps") or []) if "opening" in r.named else 0


# --- its compiled code on four rows (Rule.code), run at the turn's hook points (engine.mancala.machine.hooks) --


@njit(cache=True, inline="always")
def first_turn_starts(state, params, p):
    """Hook point first-turn-starts: player ``p``'s first-turn starts (:func:`opening_starts`, the lap
    of kind FULL_LAP) if their first turn is not over, else -1."""
    if ((state[OPENED] >> p) & 1) != 0:
        return -1
    state[KIND] = FULL_LAP
    return opening_starts(state, params, p)


@njit(cache=True, inline="always")
def turn_begins(state, params, p):
    """Hook point turn-begins: a move of player ``p``'s first turn marks it begun (:func:`opened`);
    1 if its lap is a plain one, played here (:func:`opening_lap`), else 0."""
    if ((state[OPENED] >> p) & 1) != 0:
        return 0
    state[OPENED] |= opened(params, p)
    return 1 if params[F_OPENING_LAP] != ORDINARY else 0


@njit(cache=True, inline="always")
def opened(params, p):
    """The players whose first turn is over once player ``p`` has begun theirs (a bit mask): ``p``,
    or both when the opening is only the game's first turn."""
    return 3 if params[F_OPENING_TURNS] != 0 else 1 << p


@njit(cache=True)
def opening_starts(state, params, p):
    """List player ``p``'s first-turn starts at LEGAL (ascending): the opening hole if it holds
    counters, each hole holding exactly the opening's count, or each hole (of the opening's row)
    holding enough to start a move. Returns their number."""
    holes = TRACKS + p * TRACK_SLOT + TRACK_HOLES
    base = p * PLAYER_MOVES
    kind = params[F_OPENING]
    arg = params[F_OPENING_POS]  # the hole's position, the count, or the row (0 outer, 1 inner; 2 any)
    n = 0
    if kind == START_HOLE:
        state[LEGAL] = base + arg
        return 1 if state[idx(params[idx(holes + arg)])] > 0 else 0
    per_row = params[F_PER_ROW]
    for pos in range(params[F_LENGTH]):
        here = state[idx(params[idx(holes + pos)])]
        state[idx(LEGAL + n)] = base + pos
        if kind == START_HOLDING:
            n += here == arg
        else:
            n += (here >= params[F_MIN_COUNTERS]) & ((arg == 2) | ((pos >= per_row) == (arg == 1)))
    return n


@njit(cache=True)
def opening_lap(state, params, origin, log):
    """A player's plain first lap (out of line: once a player): one lap from ``origin``, no relay.
    Returns what the run came to: the column taken (plain-column: a lap ending in the mover's inner
    row, whatever the landing held, taken as the description's capture does:
    engine.mancala.rules.capture_column.take_column), else MOVE_DONE (the turn ends)."""
    mover = state[TO_MOVE]
    t = TRACKS + mover * TRACK_SLOT
    count = state[idx(origin)]
    state[idx(origin)] = 0
    last = sow(state, params, t, origin, count, params[F_LONG_LAP] != SKIP_ORIGIN)
    landed = params[idx(t + TRACK_HOLES + last)]
    state[idx(COVER + mover)] |= fourrow.lap_cover(params, GEO, FULL_LAP, mover, origin, count, last)
    state[MOVES] += 1
    state[LAPS_MADE] += 1
    if log[0] >= 0:
        machine.log_event(log, state, LOGGED, LOG_LAP, origin, count, landed)
    if params[F_OPENING_LAP] == PLAIN_COLUMN and params[idx(GEO + G_INNER + landed)] != 0:
        return take_column(state, params, t, FULL_LAP, origin, landed, mover, log)
    return MOVE_DONE


RULE = Rule(
    name="opening",
    what="how the first turns differ: each player's first turn from a named hole, a hole holding k or a row, a "
         "plain lap (capturing none or the column) or an ordinary one; or fixed steps in turn before the main play",
    params=Opening,
    boards={4: {}},
    checks=(_one_kind, _start, _lap, _alone),
    slots={4: ("opening", "opening_pos", "opening_lap", "opening_turns", "opening_steps")},
    writes={"opening": _start_code, "opening_pos": _start_arg, "opening_lap": _lap_code, "opening_turns": _turns,
            "opening_steps": _steps},
    state={4: (("opened", 1), ("steps_made", 2))},
    tables={4: (("steps", MAX_STEPS * STEP_SLOT),)},
    hooks=("start", "list-starts", "move"),
    code={4: {"game-starts": Code("opening_steps.game_starts", when="opening_steps"),
              "first-turn-starts": Code("first_turn_starts", when="opening"),
              "turn-begins": Code("turn_begins", when="opening"),
              "claimed-lap": Code("opening_lap", when="opening"),
              "opening-step": Code("opening_steps.opening_step", when="opening_steps")}},
    position=("opening_played", "opening_steps"),
    events=("take",),
)
