"""Four-row mancala boards: each player sows round their own two rows (Tsoro, Lobudok, Ryakati...).

Sites (Ludii's numbering, ``N`` holes per row, seen from player 1): player 1's outer row is
``0 .. N-1`` from left to right, player 1's inner row ``N .. 2N-1``, player 2's inner row
``2N .. 3N-1``, player 2's outer row ``3N .. 4N-1`` (both also from player 1's left to right).
So column ``c`` holds sites ``c``, ``N+c``, ``2N+c``, ``3N+c``; a player's inner hole faces the
opponent's inner hole in the same column (the *opposite* hole) and behind it the opponent's outer
hole (the *opposite outer* hole).

Tracks: each player sows anticlockwise round their own 2N holes, along their outer row from their
left to their right, then back along their inner row. A player's holes are numbered 1 .. 2N along
that track from the leftmost hole of their outer row as they see it (Beaton's numbering for
Lobudok): player 1's hole ``k`` is site ``k-1`` for ``k <= N`` and site ``3N-k`` after; player 2's
holes are player 1's turned half round (site ``s`` -> ``4N-1-s``). Holes are named ``a1 .. a2N``
(player 1) and ``b1 .. b2N`` (player 2). A hole's *position* is its number minus one.

Moves are integers that name a hole without knowing the board's width, so that notation works
from the move alone: ``128 * player + position`` (player 0 or 1) for a hole, ``+ RELEASED`` for a
lap that uses the full half of the board (Lobudok's choice, notation ``a9+``), ``PASS`` and
``STOP``. The kernels' geometry (:func:`geometry`) is a block of int64 tables inside a game's
parameter array, at offsets fixed for every width up to :data:`MAX_PER_ROW`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

import numpy as np
from numba import njit

from engine.mancala.sowing import TRACK_HOLES, TRACK_LENGTH, as_int64, track_block

MAX_PER_ROW = 32
"""The widest board the geometry block has room for (Tshuba: 4 x 22; Hus (Damara): 4 x 24; Chiana
wa Bwalo: 4 x 28). A player's track is then at most 64 holes, so that the bit masks of a player's
hole positions (the cover, the prefix masks of :func:`lap_cover`, the misoro, the heads) fit an
int64 (position 63 is its sign bit: :func:`engine.mancala.sowing.as_int64`), and a hole's move
(``PLAYER_MOVES * player + position``, plus ``RELEASED``) names positions below ``RELEASED``."""
MAX_SITES = 4 * MAX_PER_ROW
MAX_TRACK = 2 * MAX_PER_ROW

# --- moves -------------------------------------------------------------------------------------
PLAYER_MOVES = 128
"""A hole's move is ``PLAYER_MOVES * player + position``: room for a player's 64 positions and as
many released laps."""
RELEASED = 64
"""Added to a hole's move: a lap from that hole on the full half of the board (notation ``a9+``)."""
if 2 * MAX_PER_ROW > RELEASED or RELEASED + 2 * MAX_PER_ROW > PLAYER_MOVES or 2 * MAX_PER_ROW > 64:
    raise RuntimeError("a four-row move or bit mask cannot name every hole of the widest board")  # a programming error
PASS = 1000
"""The move of a player who has no legal move (notation ``pass``)."""
STOP = 1001
"""Ending the turn in a hole where a lap may stop instead of relaying (notation ``stop``)."""
ROW_LETTERS = ("a", "b")

# --- the geometry block (offsets inside the block) ---------------------------------------------
G_PER_ROW = 0
G_SITES = 1
G_TRACK_LENGTH = 2
G_OWNER = 3
"""Site -> the player (0 or 1) whose track it is on."""
G_POSITION = G_OWNER + MAX_SITES
"""Site -> its position on its owner's track (the hole's number minus one)."""
G_INNER = G_POSITION + MAX_SITES
"""Site -> 1 if it is in an inner row."""
G_OPPOSITE = G_INNER + MAX_SITES
"""Inner site -> the opponent's inner site in the same column (-1 for outer sites)."""
G_OPPOSITE_OUTER = G_OPPOSITE + MAX_SITES
"""Inner site -> the opponent's outer site in the same column (-1 for outer sites)."""
G_COVER = G_OPPOSITE_OUTER + MAX_SITES
"""Per (kind, player), at ``(kind * 2 + player) * MAX_TRACK``: for each track position i, the bit
mask of the hole positions (hole numbers - 1) of track positions 0..i (see :func:`lap_cover`)."""
MAX_KINDS = 2
G_TRACKS = G_COVER + 2 * MAX_KINDS * MAX_TRACK
"""Track blocks (engine.mancala.sowing), one per (kind, player): kind * 2 + player."""
TRACK_SLOT = 3 + MAX_TRACK + 2 * MAX_SITES
"""Room reserved for one track block."""


def check_per_row(per_row: int) -> int:
    if isinstance(per_row, bool) or not isinstance(per_row, (int, np.integer)) or not 1 <= per_row <= MAX_PER_ROW:
        raise ValueError(f"a four-row board has 1 to {MAX_PER_ROW} holes per row, not {per_row!r}")
    return int(per_row)


def track(per_row: int, player: int) -> list[int]:
    """The sites of ``player``'s track (0 or 1), in sowing order from their hole 1."""
    n = check_per_row(per_row)
    p1 = list(range(n)) + list(range(2 * n - 1, n - 1, -1))
    if player == 0:
        return p1
    if player == 1:
        return [4 * n - 1 - s for s in p1]
    raise ValueError(f"players are 0 and 1, not {player!r}")


def site_of(per_row: int, player: int, position: int) -> int:
    """The site of ``player``'s hole at ``position`` (0 .. 2N-1)."""
    if not 0 <= position < 2 * per_row:
        raise ValueError(f"no position {position} on a track of {2 * per_row} holes")
    return track(per_row, player)[position]


def owner_and_position(per_row: int, site: int) -> tuple[int, int]:
    """``(player, position)`` of a site."""
    n = check_per_row(per_row)
    if not 0 <= site < 4 * n:
        raise ValueError(f"no site {site} on a 4 x {n} board")
    player = 0 if site < 2 * n else 1
    return player, track(n, player).index(site)


def is_inner(per_row: int, site: int) -> bool:
    return per_row <= site < 3 * per_row


def opposite(per_row: int, site: int) -> tuple[int, int]:
    """The opponent's inner and outer sites in the column of the inner site ``site``."""
    n = per_row
    if not is_inner(n, site):
        raise ValueError(f"site {site} is not in an inner row")
    column = site % n
    if site < 2 * n:
        return 2 * n + column, 3 * n + column
    return n + column, column


def geometry(per_row: int, skips: Sequence[Iterable[int]] = ((),)) -> np.ndarray:
    """The kernels' geometry block: site tables, then one track block per (kind, player).

    ``skips`` gives, per track kind, the positions (0-based hole numbers) each player's laps of
    that kind pass over (Lobudok's corners while restricted); one kind with no skips by default.
    Skipped holes are left out of the track (a compact track, engine.mancala.sowing.track_block),
    so the track positions of a kind with skips are not hole positions.
    """
    n = check_per_row(per_row)
    if not 1 <= len(skips) <= MAX_KINDS:
        raise ValueError(f"a four-row geometry has 1 to {MAX_KINDS} kinds of track, not {len(skips)}")
    block = np.full(G_TRACKS + 2 * len(skips) * TRACK_SLOT, 0, dtype=np.int64)
    block[G_PER_ROW] = n
    block[G_SITES] = 4 * n
    block[G_TRACK_LENGTH] = 2 * n
    block[G_OPPOSITE:G_OPPOSITE + MAX_SITES] = -1
    block[G_OPPOSITE_OUTER:G_OPPOSITE_OUTER + MAX_SITES] = -1
    for s in range(4 * n):
        player, position = owner_and_position(n, s)
        block[G_OWNER + s] = player
        block[G_POSITION + s] = position
        if is_inner(n, s):
            block[G_INNER + s] = 1
            block[G_OPPOSITE + s], block[G_OPPOSITE_OUTER + s] = opposite(n, s)
    for kind, skipped in enumerate(skips):
        skipped = list(skipped)
        for player in (0, 1):
            holes = track(n, player)
            tb = track_block(holes, 4 * n, [holes[i] for i in skipped], compact=True)
            at = G_TRACKS + (kind * 2 + player) * TRACK_SLOT
            block[at:at + len(tb)] = tb
            mask = 0
            for i, site in enumerate(tb[3:3 + tb[0]]):
                mask |= 1 << int(block[G_POSITION + site])
                block[G_COVER + (kind * 2 + player) * MAX_TRACK + i] = as_int64(mask)
    return block


@njit(cache=True, inline="always")
def lap_cover(par, geo, kind, player, origin, count, last):
    """The holes a lap sowed, as a bit mask of hole positions of ``player``: the lap of ``count``
    counters from ``origin`` along the track of (kind, player) of the geometry block at ``geo``,
    whose last counter fell at track position ``last`` (what engine.mancala.sowing.sow returned).
    A lap sows every hole of its track, or an arc of it: O(1) from the prefix masks."""
    t = geo + G_TRACKS + (kind * 2 + player) * TRACK_SLOT
    pre = geo + G_COVER + (kind * 2 + player) * MAX_TRACK
    n = par[t + TRACK_LENGTH]
    if count >= n:
        return par[pre + n - 1]
    first = par[t + TRACK_HOLES + n + origin] + 1  # where sowing began (the origin's place + 1)
    if first == n:
        first = 0
    below = par[pre + first - 1] if first > 0 else 0
    if first <= last:
        return par[pre + last] & ~below
    return (par[pre + n - 1] & ~below) | par[pre + last]


def occupied_positions(per_row: int, board: Sequence[int], player: int) -> int:
    """The bit mask of ``player``'s hole positions that hold counters (an int64: as_int64)."""
    return as_int64(sum(1 << i for i, s in enumerate(track(per_row, player)) if board[s] > 0))


def track_offset(geo: int, kind: int, player: int) -> int:
    """Offset in the parameter array of the track block of (kind, player), the block being at ``geo``."""
    return geo + G_TRACKS + (kind * 2 + player) * TRACK_SLOT


# --- notation ----------------------------------------------------------------------------------

def hole_move(player: int, position: int) -> int:
    return PLAYER_MOVES * player + position


def hole_name(player: int, position: int) -> str:
    return f"{ROW_LETTERS[player]}{position + 1}"


def site_name(per_row: int, site: int) -> str:
    return hole_name(*owner_and_position(per_row, site))


def move_name(move: int) -> str:
    """The notation of a move: ``a5``, ``b12``, ``a9+`` (a released lap), ``pass``, ``stop``."""
    move = int(move)
    if move == PASS:
        return "pass"
    if move == STOP:
        return "stop"
    player, rest = divmod(move, PLAYER_MOVES)
    if player in (0, 1) and 0 <= rest < RELEASED + MAX_TRACK and (rest < MAX_TRACK or rest >= RELEASED):
        if rest >= RELEASED:
            return hole_name(player, rest - RELEASED) + "+"
        return hole_name(player, rest)
    raise ValueError(f"no move {move}")


def parse_move(text: str, holes: int, released: bool = False) -> int:
    """The move ``text`` names on a board with ``holes`` holes per player; ValueError naming it if none.

    ``released`` allows the ``+`` suffix (a lap on the full half of the board).
    """
    allowed = f"hole names a1-a{holes}, b1-b{holes}" + (" (a + suffix for a released lap)" if released else "")
    allowed += ", pass, stop"
    if not isinstance(text, str):
        raise ValueError(f"unknown move {text!r}: moves are {allowed}")
    t = text.strip().lower()
    if t == "pass":
        return PASS
    if t == "stop":
        return STOP
    plus = released and t.endswith("+")
    if plus:
        t = t[:-1]
    if len(t) >= 2 and t[0] in ROW_LETTERS and t[1:].isdigit() and t[1] != "0":
        k = int(t[1:])
        if 1 <= k <= holes:
            return hole_move(ROW_LETTERS.index(t[0]), k - 1) + (RELEASED if plus else 0)
    raise ValueError(f"unknown move {text!r}: moves are {allowed}")


# --- positions and text ------------------------------------------------------------------------

def counts_by_hole(per_row: int, board: Sequence[int]) -> dict[str, list[int]]:
    """The counts of a board (indexed by site) as ``{"a": [hole 1 ..], "b": [...]}``."""
    return {ROW_LETTERS[p]: [int(board[s]) for s in track(per_row, p)] for p in (0, 1)}


def board_sites(per_row: int, board: Sequence[int]) -> list[dict[str, object]]:
    """The holes for drawing, as player 1 sees the board: ``name`` (the notation of a move from
    it), ``row`` (0: player 2's outer row, 1: their inner row, 2: player 1's inner row, 3: player
    1's outer row), ``col`` (from player 1's left), ``count``, ``owner`` (1 or 2)."""
    return [{"name": name, "row": row, "col": col, "count": int(board[site]), "owner": owner}
            for name, row, col, site, owner in _drawn_sites(check_per_row(per_row))]


@lru_cache(maxsize=None)
def _drawn_sites(n: int) -> tuple[tuple[str, int, int, int, int], ...]:
    """:func:`board_sites`' holes on a board of ``n`` holes a row, without their counts: ``(name, row, col,
    site, owner)`` in drawing order, worked out once a size (a board is drawn at every move of a game)."""
    out = []
    for row, first in enumerate((3 * n, 2 * n, n, 0)):
        for col in range(n):
            site = first + col
            player, position = owner_and_position(n, site)
            out.append((hole_name(player, position), row, col, site, player + 1))
    return tuple(out)


def board_from_holes(per_row: int, spec: Mapping[str, object]) -> list[int]:
    """Site-indexed counts from ``{"a": [...2N counts], "b": [...]}``; ValueError naming what is wrong."""
    n = per_row
    board = [0] * (4 * n)
    for p, key in enumerate(ROW_LETTERS):
        row = spec.get(key)
        if not isinstance(row, (list, tuple)) or len(row) != 2 * n:
            raise ValueError(f"position {key!r} must list {2 * n} counts (holes {key}1-{key}{2 * n}), not {row!r}")
        for i, c in enumerate(row):
            if isinstance(c, bool) or not isinstance(c, (int, np.integer)) or c < 0:
                raise ValueError(f"hole {key}{i + 1}: a count is a non-negative integer, not {c!r}")
            board[site_of(n, p, i)] = int(c)
    return board


def board_text(per_row: int, board: Sequence[int], to_move: int | None = None,
               marks: Mapping[int, str] | None = None, notes: Sequence[str] = ("", ""),
               footer: Sequence[str] = ()) -> str:
    """The board as player 1 sees it, within 80 columns up to 21 holes a row.

    Player 2's outer and inner rows on top, then player 1's inner and outer rows; above and below
    each player's two rows, the numbers of their holes (``b 8 7 ..`` reads b8, b7, ..). ``marks``
    appends a sign to a site's count (a head, a misoro, a corner), ``notes`` follow each player's
    name (captures, release), ``footer`` lines come last.
    """
    n = per_row
    marks = dict(marks or {})
    cells = {s: f"{int(board[s])}{marks.get(s, '')}" for s in range(4 * n)}
    width = max(3, max(len(c) for c in cells.values()) + 1, len(str(2 * n)) + 1)

    def line(label: str, values: Sequence[str]) -> str:
        return label.ljust(5) + "".join(v.rjust(width) for v in values)

    def numbers(sites: Sequence[int]) -> list[str]:
        return [str(owner_and_position(n, s)[1] + 1) for s in sites]

    p2_outer = [3 * n + c for c in range(n)]
    p2_inner = [2 * n + c for c in range(n)]
    p1_inner = [n + c for c in range(n)]
    p1_outer = list(range(n))
    marker = {1: "  ", 2: "  "}
    if to_move in (1, 2):
        marker[to_move] = "> "

    def title(player: int) -> str:
        letter = ROW_LETTERS[player - 1]
        note = notes[player - 1]
        return f"{marker[player]}player {player} (holes {letter}1-{letter}{2 * n})" + (f": {note}" if note else "")

    out = [
        title(2),
        line("  b", numbers(p2_outer)),
        line("", [cells[s] for s in p2_outer]),
        line("", [cells[s] for s in p2_inner]),
        line("  b", numbers(p2_inner)),
        " " * 5 + "-" * (width * n),
        line("  a", numbers(p1_inner)),
        line("", [cells[s] for s in p1_inner]),
        line("", [cells[s] for s in p1_outer]),
        line("  a", numbers(p1_outer)),
        title(1),
    ]
    out.extend(footer)
    return "\n".join(out)
