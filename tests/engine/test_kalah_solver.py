"""The Kalah solver (engine.mancala.solver) against a plain exhaustive minimax, the published
values that could be read, and OpenSpiel's ``mancala`` move for move."""

from __future__ import annotations

import random
from functools import lru_cache

import numpy as np
import pytest

from engine.mancala.solver import KalahState, solve
from engine.mancala.solver.endgame import UNKNOWN, EndgameDatabase
from engine.mancala.solver.rank import binomials, first_board, layer_size, next_board, rank


# ---- a plain minimax over whole positions, written from the rules, sharing no code with the solver

def _reference_move(pits: tuple, player: int, pit: int, m: int, empty_capture: bool) -> tuple[tuple, int]:
    """OpenSpiel's layout: pits 1..m player 0's, m+1 player 0's store, m+2..2m+1 player 1's,
    0 player 1's store."""
    total = 2 * m + 2
    home = m + 1 if player == 0 else 0
    other_home = 0 if player == 0 else m + 1
    board = list(pits)
    beans, board[pit] = board[pit], 0
    at = pit
    for _ in range(beans):
        at = (at + 1) % total
        if at == other_home:
            at = (at + 1) % total
        board[at] += 1
    own = (1 <= at <= m) if player == 0 else (at > m + 1)
    opposite = total - at
    if board[at] == 1 and own and (board[opposite] > 0 or empty_capture):
        board[home] += 1 + board[opposite]
        board[at] = board[opposite] = 0
    return tuple(board), player if at == home else 1 - player


@lru_cache(maxsize=None)
def _reference_value(pits: tuple, player: int, m: int, empty_capture: bool, remaining: str = "owner",
                     end: str = "row-empty-after-move") -> int:
    """Player 0's final store minus player 1's under perfect play, by trying every move. The game
    ends when a row is empty, or (``cannot-move``) when the player to move has an empty row. At
    the end the counters left go to their row's owner, or (``emptier``) to the player whose row is
    empty, or (``unscored``) to nobody."""
    rows = (range(1, m + 1), range(m + 2, 2 * m + 2))
    left = (sum(pits[i] for i in rows[0]), sum(pits[i] for i in rows[1]))
    if (end == "cannot-move" and not left[player]) or (end == "row-empty-after-move" and not all(left)):
        if remaining == "owner":
            return pits[m + 1] + left[0] - pits[0] - left[1]
        if remaining == "emptier":
            return pits[m + 1] + left[1] - pits[0] - left[0]
        return pits[m + 1] - pits[0]
    values = [_reference_value(*_reference_move(pits, player, i, m, empty_capture), m, empty_capture, remaining, end)
              for i in rows[player] if pits[i]]
    return max(values) if player == 0 else min(values)


def _reference(m: int, n: int, empty_capture: bool, remaining: str = "owner", end: str = "row-empty-after-move") -> int:
    pits = tuple(0 if i in (0, m + 1) else n for i in range(2 * m + 2))
    return _reference_value(pits, 0, m, empty_capture, remaining, end)


SMALL = [(m, n) for m in (1, 2, 3) for n in (1, 2, 3)] + [(4, 1), (4, 2)]


@pytest.mark.parametrize("empty_capture", [False, True])
@pytest.mark.parametrize("m,n", SMALL)
def test_solver_agrees_with_plain_minimax(m: int, n: int, empty_capture: bool) -> None:
    expected = _reference(m, n, empty_capture)
    for database in sorted({0, 1, n, 2 * m * n - 1}):
        solution = solve(m, n, empty_capture, database=database, table_bits=8)
        assert solution.value == expected, (m, n, empty_capture, database)
        # the best move reaches the value
        state = KalahState(m, n, empty_capture)
        state.play(solution.best_move)
        pits = (state.stores[1], *state.rows[0], state.stores[0], *state.rows[1])
        assert _reference_value(tuple(int(x) for x in pits), state.to_move, m, empty_capture) == expected


@pytest.mark.parametrize("empty_capture", [False, True])
@pytest.mark.parametrize("m,n", [(2, 3), (3, 2), (3, 3), (4, 2)])
def test_the_window_pass_and_the_table_skip_keep_the_value(m: int, n: int, empty_capture: bool) -> None:
    """The first pass searched with the window around the guess, and nodes near the database kept
    out of the table, still give the plain minimax's value and a move that reaches it."""
    expected = _reference(m, n, empty_capture)
    for database, tt_from in ((0, 3), (1, 2 * m * n), (n, n + 2)):
        solution = solve(m, n, empty_capture, database=database, table_bits=6, window=True, tt_from=tt_from)
        assert solution.value == expected, (m, n, empty_capture, database, tt_from)
        state = KalahState(m, n, empty_capture)
        state.play(solution.best_move)
        pits = (state.stores[1], *state.rows[0], state.stores[0], *state.rows[1])
        assert _reference_value(tuple(int(x) for x in pits), state.to_move, m, empty_capture) == expected


@pytest.mark.parametrize("empty_capture", [False, True])
@pytest.mark.parametrize("m,n", [(2, 2), (3, 2), (3, 3), (4, 2)])
def test_solver_agrees_with_plain_minimax_when_the_emptier_takes_the_rest(m: int, n: int, empty_capture: bool) -> None:
    expected = _reference(m, n, empty_capture, "emptier")
    for database in sorted({0, n, 2 * m * n - 1}):
        assert solve(m, n, empty_capture, remaining="emptier", database=database, table_bits=8).value == expected


@pytest.mark.parametrize("remaining", ["owner", "unscored"])
@pytest.mark.parametrize("empty_capture", [False, True])
@pytest.mark.parametrize("m,n", [(2, 2), (3, 2), (3, 3), (4, 2), (2, 5)])
def test_solver_agrees_with_plain_minimax_when_the_game_ends_with_the_mover_unable_to_move(
        m: int, n: int, empty_capture: bool, remaining: str) -> None:
    expected = _reference(m, n, empty_capture, remaining, "cannot-move")
    for database in sorted({0, n, 2 * m * n - 1}):
        solution = solve(m, n, empty_capture, remaining=remaining, end="cannot-move", database=database, table_bits=8)
        assert solution.value == expected, (m, n, empty_capture, remaining, database)


def test_the_end_rule_changes_values() -> None:
    assert _reference(3, 3, True, "owner", "cannot-move") != _reference(3, 3, True, "owner")
    assert _reference(3, 3, True, "unscored") != _reference(3, 3, True, "owner")


def test_where_the_rest_goes_changes_values() -> None:
    assert any(_reference(m, n, False, "emptier") != _reference(m, n, False) for m, n in SMALL)


def test_the_empty_capture_changes_values() -> None:
    """The start values of the small boards are the same under both rules, but the rule changes
    the value of some positions (else the tests above could not tell the rules apart)."""
    with_rule = EndgameDatabase(3, 6, True).values
    without = EndgameDatabase(3, 6, False).values
    assert np.count_nonzero(with_rule != without) > 0


def _random_position(rng: random.Random, state: KalahState, plies: int) -> tuple[KalahState | None, int]:
    """``state`` after ``plies`` random moves and its plain minimax value (None, 0 if the game ended)."""
    for _ in range(plies):
        if state.over:
            break
        state.play(rng.choice(state.moves()))
    if state.over:
        return None, 0
    pits = (state.stores[1], *state.rows[0], state.stores[0], *state.rows[1])
    return state, _reference_value(tuple(int(x) for x in pits), state.to_move, state.holes, state.empty_capture,
                                   state.remaining, state.end)


@pytest.mark.parametrize("empty_capture", [False, True])
def test_solver_agrees_with_plain_minimax_from_random_positions(empty_capture: bool) -> None:
    rng = random.Random(5)
    checked = 0
    for _ in range(60):
        m, n = rng.choice([(3, 3), (4, 2), (2, 5)])
        state, expected = _random_position(rng, KalahState(m, n, empty_capture), rng.randrange(1, 8))
        if state is None:
            continue
        database = rng.choice([0, 2, 5])
        assert solve(m, n, empty_capture, state=state, database=database, table_bits=6).value == expected
        checked += 1
    assert checked > 40


def test_database_agrees_with_plain_minimax() -> None:
    m, counters = 2, 5
    k = 2 * m
    for empty_capture, remaining, end in ((False, "owner", "row-empty-after-move"), (True, "owner", "row-empty-after-move"),
                                          (False, "emptier", "row-empty-after-move"), (True, "emptier", "row-empty-after-move"),
                                          (False, "owner", "cannot-move"), (True, "unscored", "cannot-move")):
        db = EndgameDatabase(m, counters, empty_capture, remaining=remaining, end=end)
        binom = binomials(counters + k + 1, k)
        assert not np.any(db.values == UNKNOWN)
        for total in range(counters + 1):
            board = np.zeros(k, dtype=np.int64)
            first_board(board, k, total)
            seen = 0
            while True:
                r = rank(board, k, total, binom)
                assert r == binom[total + k - 1, k] + seen  # the walk and the rank agree
                pits = (0, *board[:m], 0, *board[m:])
                assert db.values[r] == _reference_value(tuple(int(x) for x in pits), 0, m, empty_capture, remaining, end)
                seen += 1
                if not next_board(board, k):
                    break
            assert seen == layer_size(total, k)


# ---- published values
# Wikipedia, "Kalah" (revision of 17 December 2015, oldid 695683985, and the stored mirror of the
# current page at xopt.io): under the empty-capture rule Kalah(6,4) is a first-player win by 10
# and Kalah(6,5) by 12 (Irving & Donkers 2000, quantified move by move by Rawlings 2015); under
# the standard rule Kalah(6,4) is a win by 8 and Kalah(6,5) by 10 (Rawlings 2015). Irving, Donkers
# & Uiterwijk's own table of smaller boards could not be read (only their first page is stored).
# The (6,4) values are solved in benchmarks/solver.py, not here: the tests stay fast.


# ---- the move generator against OpenSpiel's mancala

def _openspiel_board(state) -> tuple[list[int], int]:
    obs = list(state.observation_tensor(0))
    return [int(x) for x in obs[:14]], int(obs[14])


def test_moves_agree_with_openspiel() -> None:
    import pyspiel  # a test dependency (pyproject.toml): the wheel installs on this machine
    game = pyspiel.load_game("mancala")
    rng = random.Random(31)
    games = moves = 0
    for _ in range(2000):
        spiel = game.new_initial_state()
        ours = KalahState(6, 4, empty_capture=False)
        while True:
            pits, player = _openspiel_board(spiel)
            if spiel.is_terminal():
                assert ours.over
                # OpenSpiel's returns count each side's remaining counters for its owner
                first = pits[7] + sum(pits[1:7])
                second = pits[0] + sum(pits[8:14])
                assert ours.score() == first - second
                sign = np.sign(ours.score())
                assert spiel.returns()[0] == sign
                break
            assert not ours.over
            assert player == ours.to_move
            assert pits[1:7] == list(ours.rows[0]) and pits[8:14] == list(ours.rows[1])
            assert (pits[7], pits[0]) == tuple(ours.stores)
            legal = spiel.legal_actions()
            mine = ours.moves()
            expected = [i + 1 for i in mine] if player == 0 else [8 + i for i in mine]
            assert sorted(legal) == sorted(expected)
            action = rng.choice(legal)
            spiel.apply_action(action)
            ours.play(action - 1 if player == 0 else action - 8)
            moves += 1
        games += 1
    assert games == 2000 and moves > 50_000


# ---- the command

def test_cli_solves_a_small_board() -> None:
    from click.testing import CliRunner

    from engine.cli import main

    result = CliRunner().invoke(main, ["solve", "kalah", "--holes", "3", "--counters", "2", "--table-bits", "8"])
    assert result.exit_code == 0, result.output
    value = _reference(3, 2, False)
    assert f"(value {value:+d}, first player minus second)" in result.output
    assert "best first move: hole " in result.output and "nodes: " in result.output


@pytest.mark.parametrize("end,remaining", [("cannot-move", "owner"), ("cannot-move", "unscored"),
                                           ("row-empty-after-move", "unscored")])
def test_cli_solves_under_each_end_and_what_is_left(end: str, remaining: str) -> None:
    from click.testing import CliRunner

    from engine.cli import main

    result = CliRunner().invoke(main, ["solve", "kalah", "--holes", "3", "--counters", "3", "--empty-capture",
                                       "--end", end, "--remaining", remaining, "--table-bits", "8"])
    assert result.exit_code == 0, result.output
    value = _reference(3, 3, True, remaining, end)
    assert f"(value {value:+d}, first player minus second)" in result.output


@pytest.mark.parametrize("args,message", [
    (["--holes", "7", "--counters", "3"], "'--holes': must be at most 6, not 7"),
    (["--holes", "0", "--counters", "3"], "'--holes': must be at least 1"),
    (["--holes", "3", "--counters", "x"], "'--counters': 'x' is not an integer"),
    (["--holes", "3", "--counters", "3", "--budget", "0"], "'--budget': must be a positive number of seconds"),
    (["--holes", "3", "--counters", "3", "--budget", "nan"], "'--budget': must be a positive number of seconds"),
    (["--holes", "2", "--counters", "2", "--database", "9"], "'--database': must be at most 8"),
    (["--counters", "3"], "Missing option '--holes'"),
    (["--holes", "3", "--counters", "3", "--remaining", "nobody"], "'--remaining': 'nobody' is not one of"),
    (["--holes", "3", "--counters", "3", "--end", "never"], "'--end': 'never' is not one of"),
])
def test_cli_names_bad_input(args: list[str], message: str) -> None:
    from click.testing import CliRunner

    from engine.cli import main

    result = CliRunner().invoke(main, ["solve", "kalah", *args])
    assert result.exit_code == 2
    assert message in result.output


def test_cli_reports_a_spent_budget() -> None:
    from click.testing import CliRunner

    from engine.cli import main

    result = CliRunner().invoke(main, ["solve", "kalah", "--holes", "6", "--counters", "6", "--database", "0",
                                       "--table-bits", "8", "--budget", "0.5"])
    assert result.exit_code == 1
    assert "not solved within 0.5 s" in result.output


# ---- the readings of the archive's Kalah the solver plays, against the engine's Kalah

def _readings() -> list[dict[str, str]]:
    from itertools import product

    return [{"kalah.counters": n, "kalah.empty-capture": e, "kalah.end": end, "kalah.end-majority": "play-out",
             "kalah.remaining": r}
            for n, e, end, r in product(("3", "4"), ("opposite-occupied", "empty-capture"),
                                        ("cannot-move", "row-empty-after-move"), ("owner", "unscored"))]


@pytest.mark.parametrize("values", _readings(), ids=lambda v: "-".join(v.values()))
def test_solver_plays_each_reading_move_for_move_as_the_engine(values: dict[str, str]) -> None:
    """The solver's game under a reading's parameters (engine.mancala.solver.readings) and the
    engine's Kalah under the reading, side by side over random games: the player to move, both
    rows, both stores and the legal moves agree at every decision, and the final scores."""
    import engine
    from engine.mancala.solver.readings import kalah_reading

    reading = kalah_reading(values)
    assert reading.unsolvable is None
    game = engine.load_game("kalah", switches=values, turn_limit=2000, move_limit=2000)
    rng = random.Random(43)
    decisions = 0
    for g in range(60):
        state = game.new_state(seed=g)
        ours = KalahState(reading.holes, reading.counters, reading.empty_capture, reading.remaining, reading.end)
        while not state.is_terminal():
            assert not ours.over, (g, decisions)
            board = state.board()
            assert state.to_move - 1 == ours.to_move, (g, decisions)
            assert (list(board["a"]), list(board["b"])) == (list(ours.rows[0]), list(ours.rows[1])), (g, decisions)
            assert list(board["captures"]) == ours.stores, (g, decisions)
            legal = state.legal_moves()
            assert [h - 6 * ours.to_move for h in legal] == ours.moves(), (g, decisions)
            hole = rng.choice(legal)
            state.apply(hole)
            ours.play(hole - 6 * ours.to_move)
            decisions += 1
        assert ours.over, g
        first, second = state.scores()
        assert first - second == ours.score(), g
    assert decisions > 60 * 20


def test_the_solver_refuses_the_majority_end() -> None:
    from engine.mancala.solver.readings import kalah_reading

    values = {**_readings()[0], "kalah.end-majority": "at-majority"}
    assert "more than half" in kalah_reading(values).unsolvable
    with pytest.raises(ValueError, match="kalah.end='sudden'"):
        kalah_reading({**values, "kalah.end": "sudden"})
    with pytest.raises(ValueError, match="does not know the switch"):
        kalah_reading({**values, "kalah.other": "x"})


# ---- two workers (workers=2): the database on two threads, the root's moves searched at once

@pytest.mark.parametrize("empty_capture", [False, True])
@pytest.mark.parametrize("m,n,database", [(3, 3, 0), (4, 2, 0), (4, 3, 0), (3, 4, 2), (5, 2, 1), (4, 4, None),
                                          (2, 5, 0)])
def test_two_workers_give_the_serial_value_and_best_move(m: int, n: int, database: int | None,
                                                         empty_capture: bool) -> None:
    for bits in (6, 12):
        serial = solve(m, n, empty_capture, database=database, table_bits=bits)
        parallel = solve(m, n, empty_capture, database=database, table_bits=bits, workers=2)
        assert (parallel.value, parallel.best_move) == (serial.value, serial.best_move), (m, n, bits)
        if (m, n) in SMALL:  # the plain minimax's memo outgrows the machine on the larger boards
            assert parallel.value == _reference(m, n, empty_capture)
        assert parallel.workers == 2 and parallel.critical_seconds > 0


@pytest.mark.parametrize("empty_capture", [False, True])
def test_two_workers_agree_with_plain_minimax_from_random_positions(empty_capture: bool) -> None:
    """From positions in mid-game, under every end and remaining reading, the window pass and the
    table skip: the threads' value is the minimax value and their best move the serial one's."""
    rng = random.Random(70)
    checked = 0
    for _ in range(40):
        m, n = rng.choice([(3, 3), (4, 2), (2, 5)])
        remaining, end = rng.choice([("owner", "row-empty-after-move"), ("emptier", "row-empty-after-move"),
                                     ("unscored", "cannot-move"), ("owner", "cannot-move")])
        state, expected = _random_position(rng, KalahState(m, n, empty_capture, remaining, end), rng.randrange(0, 6))
        if state is None:
            continue
        options = dict(remaining=remaining, end=end, database=rng.choice([0, 2]), table_bits=rng.choice([4, 10]),
                       window=rng.random() < 0.5, tt_from=rng.choice([None, 4]))
        serial = solve(m, n, empty_capture, state=state, **options)
        parallel = solve(m, n, empty_capture, state=state, workers=2, **options)
        assert serial.value == parallel.value == expected
        assert parallel.best_move == serial.best_move
        checked += 1
    assert checked > 25


@pytest.mark.parametrize("holes,counters,empty_capture,remaining,end", [
    (4, 13, True, "owner", "row-empty-after-move"), (4, 12, False, "emptier", "row-empty-after-move"),
    (3, 18, True, "unscored", "cannot-move")])
def test_the_database_on_two_threads_is_the_serial_one_byte_for_byte(monkeypatch, holes: int, counters: int,
                                                                     empty_capture: bool, remaining: str,
                                                                     end: str) -> None:
    from engine.mancala.solver import endgame
    from engine.mancala.solver.rank import layer_size

    monkeypatch.setattr(endgame, "PARALLEL_FROM", 4 << endgame.BLOCK_BITS)  # split the small layers too
    assert layer_size(counters, 2 * holes) >= endgame.PARALLEL_FROM  # the last layers are dealt out in blocks
    serial = EndgameDatabase(holes, counters, empty_capture, remaining=remaining, end=end)
    parallel = EndgameDatabase(holes, counters, empty_capture, remaining=remaining, end=end, workers=2)
    assert not np.any(parallel.values == UNKNOWN)
    assert parallel.values.tobytes() == serial.values.tobytes()


@pytest.mark.parametrize("workers", [0, 3, -1, 2.0, "2", True, None])
def test_bad_workers_are_refused_naming_the_parameter(workers) -> None:
    with pytest.raises(ValueError, match="workers must be 1 or 2"):
        solve(3, 2, workers=workers)
    with pytest.raises(ValueError, match="workers must be 1 or 2"):
        EndgameDatabase(3, 2, False, workers=workers)


@pytest.mark.parametrize("horizon", [20, 2])
def test_two_workers_stop_at_the_budget(monkeypatch, horizon: int) -> None:
    """In the first guess (serial), or (a guess of 2 plies) in the threads' passes."""
    from engine.mancala.solver import search

    monkeypatch.setattr(search, "GUESS_HORIZON", horizon)
    with pytest.raises(TimeoutError, match="not solved within 1.0 s"):
        solve(6, 6, database=0, table_bits=8, budget=1.0, workers=2)


def test_the_heartbeat_tells_stderr_the_nodes(capsys) -> None:
    solve(4, 4, database=0, table_bits=10, heartbeat=1, workers=2)
    assert " nodes, ply " in capsys.readouterr().err


def test_a_torn_entry_reads_as_absent() -> None:
    """Two threads share the table: a reader may see the key word of one entry with the data word
    of another. The key is stored XORed with the data, so the torn entry matches neither board."""
    from engine.mancala.solver.table import ABSENT, TranspositionTable, lookup, lower_of, probe, store, upper_of

    table = TranspositionTable(4)
    a, b = 5, 6
    store(table.slots, a, table.bits, -3, 7, 2, 10)
    store(table.slots, b, table.bits, 1, 1, 0, 99)
    word = lookup(table.slots, a, table.bits)
    assert (lower_of(word), upper_of(word)) == (-3, 7)
    i, j = probe(table.slots, a, table.bits), probe(table.slots, b, table.bits)
    assert i >= 0 and j >= 0 and i != j
    table.slots[i, 1] = table.slots[j, 1]  # a's key word, b's data word: half of b's write seen
    assert lookup(table.slots, a, table.bits) == ABSENT and probe(table.slots, a, table.bits) == -1
    assert lookup(table.slots, b, table.bits) != ABSENT
    assert table.used() == 2


def test_cli_solves_on_two_workers() -> None:
    from click.testing import CliRunner

    from engine.cli import main

    result = CliRunner().invoke(main, ["solve", "kalah", "--holes", "3", "--counters", "3", "--table-bits", "8",
                                       "--workers", "2"])
    assert result.exit_code == 0, result.output
    assert f"(value {_reference(3, 3, False):+d}, first player minus second)" in result.output
    assert "2 threads (the busiest's CPU" in result.output
    bad = CliRunner().invoke(main, ["solve", "kalah", "--holes", "3", "--counters", "3", "--workers", "3"])
    assert bad.exit_code == 2 and "'--workers'" in bad.output
