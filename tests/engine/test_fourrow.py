"""The four-row board (engine.mancala.fourrow): sites, tracks, opposite holes, notation, text."""

from __future__ import annotations

import numpy as np
import pytest

from engine.mancala import fourrow
from engine.mancala.fourrow import PASS, RELEASED, STOP
from engine.mancala.sowing import hole_at, sow, track_block, unsow


def test_tracks_follow_ludii_sites_anticlockwise():
    # Ludii's Lobudok: player 1 sows 0 -> 7 then 15 -> 8; player 2 16 -> 23 then 31 -> 24.
    assert fourrow.track(8, 0) == [0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8]
    assert fourrow.track(8, 1) == [31, 30, 29, 28, 27, 26, 25, 24, 16, 17, 18, 19, 20, 21, 22, 23]
    # The same cycles as Ludii's "16,E,N1,W", started from player 2's leftmost outer hole (site 31).
    p2 = fourrow.track(8, 1)
    ludii = list(range(16, 24)) + list(range(31, 23, -1))
    assert p2[8:] + p2[:8] == ludii


@pytest.mark.parametrize("n", [6, 8, 21])
def test_every_site_is_on_exactly_one_track(n):
    sites = fourrow.track(n, 0) + fourrow.track(n, 1)
    assert sorted(sites) == list(range(4 * n))
    for s in range(4 * n):
        p, pos = fourrow.owner_and_position(n, s)
        assert fourrow.site_of(n, p, pos) == s


def test_opposite_holes_are_in_the_same_column_behind_each_other():
    # Beaton: a9 (the right end of player 1's inner row) faces b16 and, behind it, b1.
    n = 8
    a9 = fourrow.site_of(n, 0, 8)
    inner, outer = fourrow.opposite(n, a9)
    assert (fourrow.site_name(n, inner), fourrow.site_name(n, outer)) == ("b16", "b1")
    a16 = fourrow.site_of(n, 0, 15)
    assert [fourrow.site_name(n, s) for s in fourrow.opposite(n, a16)] == ["b9", "b8"]
    b12 = fourrow.site_of(n, 1, 11)
    assert [fourrow.site_name(n, s) for s in fourrow.opposite(n, b12)] == ["a13", "a4"]
    with pytest.raises(ValueError, match="not in an inner row"):
        fourrow.opposite(n, 0)


def test_geometry_block_holds_the_tables_and_the_tracks():
    n = 6
    geo = fourrow.geometry(n, ((), (0, 5)))
    for s in range(4 * n):
        p, pos = fourrow.owner_and_position(n, s)
        assert geo[fourrow.G_OWNER + s] == p and geo[fourrow.G_POSITION + s] == pos
        assert geo[fourrow.G_INNER + s] == fourrow.is_inner(n, s)
        if fourrow.is_inner(n, s):
            assert (geo[fourrow.G_OPPOSITE + s], geo[fourrow.G_OPPOSITE_OUTER + s]) == fourrow.opposite(n, s)
    # kind 1 skips positions 0 and 5 of each player's track
    t = fourrow.track_offset(0, 1, 0)
    board = np.zeros(4 * n, dtype=np.int64)
    last = sow(board, geo, t, fourrow.site_of(n, 0, 3), 3, True)  # from a4: a5, (a6 skipped) a7, a8
    assert fourrow.counts_by_hole(n, board)["a"] == [0, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0]
    assert hole_at(geo, t, last) == fourrow.site_of(n, 0, 7)


@pytest.mark.parametrize("move, text", [(0, "a1"), (15, "a16"), (128, "b1"), (169, "b42"), (72, "a9+"),
                                        (207, "b16+"), (63, "a64"), (255, "b64+"), (PASS, "pass"), (STOP, "stop")])
def test_move_names_round_trip(move, text):
    """A hole's move is 128 * player + position (+ 64 for a released lap): every hole of the widest
    board, 4 x 32 holes (a1 .. a64), is named."""
    assert fourrow.move_name(move) == text
    assert fourrow.parse_move(text.upper(), 64, released=True) == move


@pytest.mark.parametrize("text", ["a0", "a17", "c1", "a", "1", "a01", "a9++", "pas", ""])
def test_malformed_moves_raise_naming_them(text):
    with pytest.raises(ValueError, match="unknown move"):
        fourrow.parse_move(text, 16, released=True)


def test_the_plus_suffix_needs_released_laps():
    with pytest.raises(ValueError, match="unknown move 'a9\\+'"):
        fourrow.parse_move("a9+", 16)
    assert fourrow.parse_move("a9+", 16, released=True) == 8 + RELEASED


def test_positions_by_hole_round_trip_and_are_checked():
    n = 6
    spec = {"a": list(range(12)), "b": list(range(12, 24))}
    board = fourrow.board_from_holes(n, spec)
    assert fourrow.counts_by_hole(n, board) == spec
    with pytest.raises(ValueError, match="must list 12 counts"):
        fourrow.board_from_holes(n, {"a": [0] * 11, "b": [0] * 12})
    with pytest.raises(ValueError, match="hole b3"):
        fourrow.board_from_holes(n, {"a": [0] * 12, "b": [0, 0, -1] + [0] * 9})


def test_board_text_shows_four_rows_with_their_hole_numbers():
    n = 8
    board = fourrow.board_from_holes(n, {"a": list(range(16)), "b": [20 + i for i in range(16)]})
    lines = fourrow.board_text(n, board, to_move=2, notes=("captured 3", "captured 4")).splitlines()
    assert lines[0] == "> player 2 (holes b1-b16): captured 4"
    assert lines[1].split() == ["b"] + [str(k) for k in range(8, 0, -1)]
    assert lines[2].split() == [str(20 + k - 1) for k in range(8, 0, -1)]  # b8 .. b1
    assert lines[3].split() == [str(20 + k - 1) for k in range(9, 17)]  # b9 .. b16
    assert lines[4].split() == ["b"] + [str(k) for k in range(9, 17)]
    assert lines[6].split() == ["a"] + [str(k) for k in range(16, 8, -1)]
    assert lines[7].split() == [str(k - 1) for k in range(16, 8, -1)]  # a16 .. a9
    assert lines[8].split() == [str(k - 1) for k in range(1, 9)]  # a1 .. a8
    assert lines[9].split() == ["a"] + [str(k) for k in range(1, 9)]
    assert lines[10] == "  player 1 (holes a1-a16): captured 3"


def test_board_text_fits_in_80_columns_at_every_width():
    for n in range(6, 22):
        board = [84] * (4 * n)
        text = fourrow.board_text(n, board, to_move=1, notes=("captured 0", "captured 0"))
        assert max(len(x) for x in text.splitlines()) <= 80, n


@pytest.mark.parametrize("skip, compact", [((), False), ((0, 7, 8, 15), False), ((0, 7, 8, 15), True)])
@pytest.mark.parametrize("into_origin", [True, False])
def test_unsow_undoes_laps_in_reverse_order(skip, compact, into_origin):
    holes = fourrow.track(8, 0)
    tb = track_block(holes, 32, [holes[i] for i in skip], compact=compact)
    rng = np.random.default_rng(5)
    board = rng.integers(0, 6, size=32).astype(np.int64)
    board[::5] += 20  # some laps go round more than once
    start = board.copy()
    laps = []
    for origin in rng.choice([h for i, h in enumerate(holes) if i not in skip], size=12):
        count = int(board[origin])
        board[origin] = 0
        sow(board, tb, 0, origin, count, into_origin)
        laps.append((origin, count))
    for origin, count in reversed(laps):
        unsow(board, tb, 0, origin, count, into_origin)
    assert board.tolist() == start.tolist()


def test_a_compact_track_sows_like_a_masked_one_even_from_a_skipped_hole():
    holes = fourrow.track(8, 0)
    corners = [holes[i] for i in (0, 7, 8, 15)]
    masked = track_block(holes, 32, corners)
    compact = track_block(holes, 32, corners, compact=True)
    assert compact[0] == 12 and compact[2] == 0  # twelve holes, no mask: the fast path
    for origin in holes:
        for count in (1, 5, 12, 13, 30):
            a = np.zeros(32, dtype=np.int64)
            b = np.zeros(32, dtype=np.int64)
            la = sow(a, masked, 0, origin, count, True)
            lb = sow(b, compact, 0, origin, count, True)
            assert a.tolist() == b.tolist(), (origin, count)
            assert hole_at(masked, 0, la) == hole_at(compact, 0, lb)
