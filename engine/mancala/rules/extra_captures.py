"""Extra captures (Tsoro and its relatives): after a capture the capturer takes the whole contents of
further opponent holes, each its own decision; due after any capture, a capture of two holes (Msuwa)
or any lap ending in an empty inner hole (Tshuba); optional (the capturer may stop); graduated by the
times they have fallen due (Tsoro (Baia): 5, 3, 2); sparing the opponent's opening hole. Due with no
hole to take, they lapse, or (``none_to_take: pass-to-opponent``, Ludii's game-wide count of captures
due in Misoro Tsoro (Additional Capture).lud and Tsoro (Baia).lud) the capturer passes and the
opponent takes those still due from the capturer's holes, one a move, after which the capturer moves."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from numba import njit
from pydantic import BaseModel, ConfigDict, Field

from engine import machine
from engine.mancala.fourrow import PASS, PLAYER_MOVES, STOP, TRACK_SLOT
from engine.mancala.rule import Board, Code, Reading, Rule, SlotWriter, param_code
from engine.mancala.rules.opening import hole_position
from engine.mancala.sowing import TRACK_HOLES, as_int64, idx

if TYPE_CHECKING:  # generated from the rules' declarations: folded by engine.specialise (engine.mancala.rule.Rule.code)
    from engine.mancala.layout import (
        AFTER_CAPTURE, AFTER_INNER_LANDING, F_EXTRA, F_EXTRA_AFTER, F_EXTRA_NONE, F_EXTRA_OPTIONAL, F_EXTRA_SPARE,
        F_EXTRA_STEPS, F_LENGTH, F_SPECIAL_SAFE, F_STOP, PASS_TO_OPPONENT,
    )
    from engine.mancala.machine.four_rows import (
        DUE, LEGAL, LOG_EXTRA, LOGGED, MISORO, MOVES, PASSES, PENDING, SIDE,
        STORE, T_EXTRA, TRACKS,
    )
    from engine.mancala.machine.outcome import MOVE_CAPTURED_TWO, MOVE_INNER_LANDING

MAX_COUNTS = 8
"""The longest list of counts the parameter table has room for."""

Count = Annotated[int, Field(ge=0)]


class ExtraCaptures(BaseModel):
    """The parameters of extra-captures (each may be bound to a switch instead)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    count: Count | Annotated[list[Count], Field(min_length=1)] | None = Field(
        None, description="holes taken after a capture; a list: the first for the first time they fall due to the "
                          "player, the second for the second, ..., the last for every later time")
    after: Literal["capture", "two-hole-capture", "inner-landing"] | None = Field(
        None, description="when they fall due: after any capture (the default), a capture of two holes, or any lap "
                          "ending in an empty inner hole, capture or not")
    optional: bool | None = Field(None, description="the capturer may stop taking them (move stop)")
    spare: Literal["none", "opening-hole"] | None = Field(
        None, description="a hole they may not take besides the chosen special holes: the opponent's opening hole "
                          "(primitive opening)")
    none_to_take: Literal["lapse", "pass-to-opponent"] | None = Field(
        None, description="when they fall due with no hole to take: they lapse (the default), or the capturer passes "
                          "and the opponent takes those still due from the capturer's holes (sparing the same holes "
                          "on that side), one a move, then the capturer moves; with none to take on either side, "
                          "two passes in a row end the game in a draw")


def _counts(reading: Reading) -> tuple[str, str] | None:
    count = reading.param("extra-captures", "count")
    if isinstance(count, list) and len(count) > MAX_COUNTS:
        return ("extra-captures.count", f"extra-captures.count lists {len(count)} counts; the machine plays at most "
                                        f"{MAX_COUNTS}")
    return None


def _spare(reading: Reading) -> tuple[str, str] | None:
    if reading.param("extra-captures", "spare") == "opening-hole" and reading.param("opening", "start") != "hole":
        return ("extra-captures.spare", "extra-captures.spare = 'opening-hole' without an opening hole (opening.start "
                                        "= hole)")
    return None


def counts(r: Reading) -> list[int]:
    """The holes taken each time extra captures fall due (one count, or the graduated list; [0]: none)."""
    count = r.param("extra-captures", "count") or 0
    return [int(c) for c in count] if isinstance(count, list) else [int(count)]


def _code(param: str, default: str) -> SlotWriter:
    """The writer of the slot of parameter ``param``: its value's code (``default``'s if not given)."""
    return lambda r, board: param_code("extra-captures", ExtraCaptures, param,
                                       r.param("extra-captures", param) or default)


def _spared(r: Reading, board: Board) -> int:
    """Slot ``extra_spare``: the positions extra captures may not take (a bit each: the opening hole)."""
    return as_int64(1 << hole_position(r)) if r.param("extra-captures", "spare") == "opening-hole" else 0


# --- its compiled code on four rows (Rule.code), run at the turn's hook points (engine.mancala.machine.hooks) --


@njit(cache=True, inline="always")
def due(state, params, p, outcome):
    """Hook point extra-due: the extra captures due to player ``p`` after a run that came to ``outcome``
    (:func:`extra_due`): the count, or the graduated list's (:func:`graduated_extra`); 0 if none."""
    if not extra_due(params, outcome):
        return 0
    return params[F_EXTRA] if params[F_EXTRA_STEPS] == 0 else graduated_extra(state, params, p)


@njit(cache=True, inline="always")
def list_targets(state, params, q):
    """Hook point extra-targets: player ``q``'s holes an extra capture may take (non-empty, not misoro, not
    spared, not a head or end under special-holes' safe), listed at LEGAL, or a pass (none to take,
    ``none_to_take: pass-to-opponent``), and a stop if they are optional; their number."""
    length = params[F_LENGTH]
    holes = TRACKS + q * TRACK_SLOT + TRACK_HOLES
    safe = state[idx(MISORO + q)] | params[F_EXTRA_SPARE]
    if params[F_SPECIAL_SAFE] != 0:
        safe |= params[idx(F_STOP + q)]
    base = q * PLAYER_MOVES
    n = 0
    for pos in range(length):
        state[idx(LEGAL + n)] = base + pos
        n += (state[idx(params[idx(holes + pos)])] > 0) & (((safe >> pos) & 1) == 0)
    if n == 0 and params[F_EXTRA_NONE] == PASS_TO_OPPONENT:
        # none to take (Ludii's game-wide count): the player passes (Ludii's forced pass), and the opponent
        # takes those still due from this player's holes; two passes in a row end the game in a draw
        state[LEGAL] = PASS
        n = 1
    if n > 0 and params[F_EXTRA_OPTIONAL] != 0 and state[LEGAL] != PASS:  # the capturer may stop taking
        state[LEGAL + n] = STOP
        n += 1
    return n


@njit(cache=True, inline="always")
def take(state, params, p, q, pos, log):
    """Hook point extra-move: player ``p`` takes the whole contents of the hole at ``pos`` of player
    ``q``'s track into their store (one extra capture fewer due)."""
    site = params[idx(TRACKS + q * TRACK_SLOT + TRACK_HOLES + pos)]
    taken = state[idx(site)]
    state[idx(site)] = 0
    state[idx(STORE + p)] += taken
    state[idx(SIDE + 1 - p)] -= taken
    state[MOVES] += 1
    state[PENDING] -= 1
    state[PASSES] = 0
    if log[0] >= 0:
        machine.log_event(log, state, LOGGED, LOG_EXTRA, site, taken, p)
    return 0


@njit(cache=True)
def graduated_extra(state, params, p):
    """The extra captures due to player ``p`` now (extra-captures' count a list, out of line: once a
    capture): the count for the times they have fallen due to ``p`` before, the last repeated."""
    k = state[idx(DUE + p)]
    state[idx(DUE + p)] = k + 1
    steps = params[F_EXTRA_STEPS]
    return params[idx(T_EXTRA + (k if k < steps else steps))]


@njit(cache=True, inline="always")
def extra_due(params, outcome):
    """Whether extra-captures are due after a run that came to ``outcome`` (a column capture of one
    or two holes, or an empty inner landing): after any capture, a two-hole capture only, or any
    inner landing."""
    if params[F_EXTRA] == 0:
        return False
    after = params[F_EXTRA_AFTER]
    if after == AFTER_INNER_LANDING:
        return True
    if outcome == MOVE_INNER_LANDING:
        return False
    return after == AFTER_CAPTURE or outcome == MOVE_CAPTURED_TWO


RULE = Rule(
    name="extra-captures",
    what="after a capture the capturer takes further opponent holes, each its own decision (a count, or a list "
         "graduated by the times they fall due), after any capture, a two-hole capture or an inner landing; with none "
         "to take they lapse or pass to the opponent, who takes them from the capturer's holes",
    params=ExtraCaptures,
    boards={4: {}},
    checks=(_counts, _spare),
    slots={4: ("extra", "extra_after", "extra_optional", "extra_steps", "extra_spare", "extra_none")},
    writes={"extra": lambda r, board: max(counts(r)), "extra_steps": lambda r, board: len(counts(r)) - 1,
            "extra_after": _code("after", "capture"), "extra_none": _code("none_to_take", "lapse"),
            "extra_optional": lambda r, board: int(bool(r.param("extra-captures", "optional"))), "extra_spare": _spared},
    state={4: (("pending", 1), ("due", 2))},
    tables={4: (("extra", MAX_COUNTS),)},
    hooks=("after-capture", "move"),
    code={4: {"extra-due": Code("due", when="extra"), "extra-targets": Code("list_targets", when="extra"),
              "extra-move": Code("take", when="extra")}},
    position=("extra_captures", "extra_rounds"),
    events=("extra",),
)
