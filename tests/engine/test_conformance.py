"""The conformance suite: every registered game, under each of its archive's rulesets and under
random switch values, through the public API only (OpenSpiel's and pgx's ``api_test`` in spirit).

What every game must do, whatever its rules:

- every legal move applies, the legal moves are sorted and distinct, their notation round-trips,
  and nothing else applies (an illegal move raises ValueError saying so, and leaves the state);
- a game is determined by its seed and its agents' seeds; a position round-trips through its spec;
- a record replays to the same state and survives JSON;
- counters are conserved (mancala: the counters on the board and in the stores; alignment: a
  player's pieces on the board and in hand fall only by the opponent's removals, one at a time);
- no move after the end, and the result agrees with the final position and with the limits;
- the compiled random playouts are the games the Python API plays with the same seeds;
- UCT takes a win in one (a position of a random game, or of a game the greedy agent wins against
  the random one or against itself, where some, not all, moves win at once), where a random choice
  of move does not.

Games are played by the random agent from the start (``engine.new_game``), so every position
checked is one the game can reach. Switch values are drawn by hypothesis over each game's whole
switch space; rulesets come from the archive. Game-specific rules are tested in each game's
own files; these properties are the ones every game shares.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import rulesets
from engine.agents import GreedyAgent, RandomAgent, UCTAgent, play_out, random_result
from engine.games import GAMES
from engine.playout import run
from engine.record import GameRecord
from engine.replay import replay
from engine.result import ENDINGS, ENDLESS, ONGOING, OVER, REPETITION, UNFINISHED, result_of
from engine.rng import batch_seed
from engine.stats import (
    CHOICES, DECISIONS, FIRST, LEGAL_SUM, MOVES, N_COLUMNS, SCORE_1, SCORE_2, SEED, STATUS, TURNS, WINNER,
)
from test_alignment_positions import spec_of  # a hand-worked alignment position as a position spec

GAME_IDS = sorted(GAMES)
CASES = [(g, r.id) for g in GAME_IDS for r in rulesets.rulesets(g)]
"""Every game with every ruleset the archive gives it."""

SETTINGS = settings(max_examples=10, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
"""Derandomized, as OpenSpiel's and pgx's API tests are deterministic: every run checks the same
games, so a failure is the engine's change, not the draw (raise max_examples to explore more)."""

STATUS_OF = {"win": OVER, "draw": OVER, "endless": ENDLESS, "unfinished": UNFINISHED, "repetition": REPETITION}

PROBES = list(range(-3, 400)) + [1023, 4096, 2**31]
"""Move numbers tried as illegal moves: every game's move numbers are small integers."""


def switch_values(game_id: str) -> st.SearchStrategy[dict[str, str]]:
    return st.fixed_dictionaries({s.id: st.sampled_from(s.options) for s in GAMES[game_id].switches})


# --- what every position must satisfy ----------------------------------------------------------------

def material(state: engine.game.State) -> Any:
    """What a move may not create: the counters of a mancala board (holes and stores), or each
    player's pieces (on the board and in hand) of an alignment game."""
    board = state.board()
    if "rows" in board:  # an alignment board: rows of 'x' (player 1), 'o' (player 2), '.'
        text = "".join(board["rows"])
        return (text.count("x") + board["hands"][0], text.count("o") + board["hands"][1])
    counters = list(board["a"]) + list(board["b"]) + list(board.get("captures", []))
    assert min(counters) >= 0, board
    return sum(counters)


def check_step(before: engine.game.State, move: int, after: engine.game.State, m0: Any = None) -> None:
    """One move: it is recorded, it counts, and it conserves what the game conserves (``m0``:
    ``material(before)``, when the caller has it: the same position's, for each of its legal moves)."""
    assert after.history() == before.history() + [move]
    assert after.moves_made >= before.moves_made + 1
    # a turn at most, unless the game ends on a forced pass the rules play at once (Lobudök's stuck player)
    assert before.turns <= after.turns <= before.turns + 1 or (after.is_terminal() and after.turns == before.turns + 2)
    m0, m1 = material(before) if m0 is None else m0, material(after)
    if isinstance(m0, int):
        assert m1 == m0, (before.move_to_text(move), m0, m1)
    else:
        mover = before.to_move
        assert m1[mover - 1] == m0[mover - 1], "a move took the mover's own piece"
        assert m0[2 - mover] - 1 <= m1[2 - mover] <= m0[2 - mover], "a move took more than one piece"
    if not after.is_terminal():
        legal = after.legal_moves()
        assert legal and legal == sorted(set(legal)) and after.to_move in (1, 2)


def check_legal_and_nothing_else(state: engine.game.State) -> None:
    """Every legal move applies (its notation round-trips); every other move number raises
    ValueError naming it, and leaves the state as it was."""
    legal = state.legal_moves()
    assert legal == sorted(set(legal))
    m0 = material(state)  # the position's, once (the children's check_step compares theirs with it)
    for move in legal:
        text = state.move_to_text(move)
        assert state.text_to_move(text) == move
        child = state.child(move)
        check_step(state, move, child, m0)
    raw, history = state.raw(), state.history()
    allowed = set(legal)
    for move in PROBES:
        if move in allowed:
            continue
        # pytest.raises(ValueError, match="illegal move") as a plain try (the same check: a ValueError whose
        # message has "illegal move"): its context manager cost more than a probe (benchmarks/make-test.txt)
        try:
            state.apply(move)
        except ValueError as e:
            assert "illegal move" in str(e), (move, str(e))
        else:
            raise AssertionError(f"the illegal move {move} applied")
    assert (state.raw() == raw).all() and state.history() == history
    with pytest.raises(ValueError, match="unknown move"):
        state.text_to_move("no such move")


def check_end(state: engine.game.State) -> None:
    """A finished game: no move, no player to move, a result that its scores and limits explain."""
    assert state.is_terminal() and state.legal_moves() == [] and state.to_move is None
    res = state.result()
    assert res is not None and res.ending in ENDINGS
    assert res.scores == state.scores()
    s1, s2 = res.scores
    if res.ending == "win":
        assert res.winner in (1, 2) and res.scores[res.winner - 1] > res.scores[2 - res.winner]
    else:
        assert res.winner is None
    if res.ending == "draw":
        assert s1 == s2
    limits = state.game.limits
    assert state.turns <= limits.turns and state.moves_made <= limits.moves
    if res.ending == "unfinished":
        assert state.turns == limits.turns or state.moves_made == limits.moves, (state.turns, state.moves_made)
    row = state.stats_row()
    assert row[STATUS] == STATUS_OF[res.ending]
    assert row[WINNER] == (res.winner or 0)
    assert (row[SCORE_1], row[SCORE_2]) == (s1, s2)
    assert (row[TURNS], row[MOVES]) == (state.turns, state.moves_made)
    for move in (state.history()[-1:] or [0]):
        with pytest.raises(ValueError, match="the game is over"):
            state.apply(move)
        with pytest.raises(ValueError, match="the game is over"):
            state.apply_traced(move)


def check_record(state: engine.game.State) -> None:
    """The record survives JSON and replays to the same state and result."""
    record = state.record()
    text = record.to_json()
    assert GameRecord.from_json(text).to_dict() == record.to_dict() == json.loads(text)
    again = replay(text)
    assert again.same_as(state) and again.result() == state.result()
    assert again.turns == state.turns and again.moves_made == state.moves_made


def check_position_round_trip(state: engine.game.State) -> None:
    """A position under way round-trips through its spec."""
    if state.is_terminal():
        return
    spec = state.position_spec()
    json.dumps(spec)
    rebuilt = state.game.state_from_position(spec)
    assert rebuilt.board() == state.board() and rebuilt.to_move == state.to_move
    assert rebuilt.legal_moves() == state.legal_moves()
    assert rebuilt.position_spec() == spec


def play_checked(state: engine.game.State, agent: RandomAgent, deep_every: int = 1) -> engine.game.State:
    """Play ``state`` to its end with ``agent``, checking each move; every ``deep_every``-th
    position is checked in full (every legal move, the illegal ones, its spec)."""
    k = 0
    while not state.is_terminal():
        if k % deep_every == 0:
            check_legal_and_nothing_else(state)
            check_position_round_trip(state)
        move = agent.choose(state)
        before = state.clone()
        state.apply(move)
        check_step(before, move, state)
        k += 1
    check_end(state)
    check_record(state)
    return state


# --- every ruleset of the archive -----------------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "ruleset"), CASES)
@SETTINGS
@given(seed=st.integers(0, 2**63 - 1), agent=st.integers(0, 2**32), turns=st.integers(1, 150))
def test_every_move_conforms_under_each_ruleset(game_id, ruleset, seed, agent, turns):
    """Random games of each ruleset, short ones included (any limit is a position to stop at)."""
    state = engine.new_game(game_id, ruleset=ruleset, seed=seed, turn_limit=turns)
    play_checked(state, RandomAgent(agent), deep_every=3)


@pytest.mark.parametrize(("game_id", "ruleset"), CASES)
def test_a_whole_game_of_each_ruleset_conforms(game_id, ruleset):
    """One game at the archive's limits (Ludii's), played to its end."""
    state = engine.new_game(game_id, ruleset=ruleset, seed=7)
    play_checked(state, RandomAgent(7), deep_every=5)


@pytest.mark.parametrize(("game_id", "ruleset"), CASES)
def test_a_game_is_determined_by_its_seeds(game_id, ruleset):
    def game(seed, agent):
        s = engine.new_game(game_id, ruleset=ruleset, seed=seed, turn_limit=200)
        play_out(s, RandomAgent(agent))
        return s

    a, b = game(3, 5), game(3, 5)
    assert a.same_as(b) and a.result() == b.result() and a.record().to_dict() == b.record().to_dict()
    assert engine.new_game(game_id, ruleset=ruleset, seed=3).same_as(engine.new_game(game_id, ruleset=ruleset, seed=3))
    others = [game(3, 6), game(4, 5), game(11, 12)]
    assert any(o.history() != a.history() for o in others), "the seeds change nothing"


# --- random switch values -------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(data=st.data(), seed=st.integers(0, 2**63 - 1), agent=st.integers(0, 2**32),
       turns=st.integers(1, 120), moves=st.integers(1, 600))
def test_every_move_conforms_under_random_switches(game_id, data, seed, agent, turns, moves):
    switches = data.draw(switch_values(game_id), label="switches")
    state = engine.new_game(game_id, switches=switches, seed=seed, turn_limit=turns, move_limit=moves)
    play_checked(state, RandomAgent(agent), deep_every=4)


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(data=st.data(), seed=st.integers(0, 2**63 - 1), agent=st.integers(0, 2**32), plies=st.integers(0, 80))
def test_a_record_of_a_game_under_way_replays(game_id, data, seed, agent, plies):
    switches = data.draw(switch_values(game_id), label="switches")
    state = engine.new_game(game_id, switches=switches, seed=seed)
    start = material(state)
    a = RandomAgent(agent)
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply(a.choose(state))
    if isinstance(start, int):  # mancala: every counter still on the board or in a store
        assert material(state) == start
    check_record(state)
    check_position_round_trip(state)


# --- the compiled loop is the Python API -----------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "ruleset"), CASES)
def test_compiled_playouts_are_the_python_api_games(game_id, ruleset):
    """Playout ``i`` of a batch seeded ``s`` is the game seeded ``batch_seed(s, i)`` played by
    ``RandomAgent(batch_seed(s, i))`` through the API: the same moves, so the same row."""
    game = engine.load_game(game_id, ruleset=ruleset, turn_limit=400)
    games = 6
    rows = run(game, games, 2026)
    assert rows.shape == (games, N_COLUMNS)
    assert (rows == run(game, games, 2026)).all()
    for i in range(games):
        seed = batch_seed(2026, i)
        s = game.new_state(seed)
        first = s.to_move
        agent = RandomAgent(seed)
        decisions = choices = legal_sum = 0
        while not s.is_terminal():
            n = len(s.legal_moves())
            decisions, choices, legal_sum = decisions + 1, choices + (n > 1), legal_sum + n
            s.apply(agent.choose(s))
        res = s.result()
        row = rows[i]
        assert row[STATUS] == STATUS_OF[res.ending] and row[WINNER] == (res.winner or 0), i
        assert (row[SCORE_1], row[SCORE_2]) == s.scores(), i
        assert (row[TURNS], row[MOVES], row[FIRST], row[SEED]) == (s.turns, s.moves_made, first, seed), i
        assert (row[DECISIONS], row[CHOICES], row[LEGAL_SUM]) == (decisions, choices, legal_sum), i
        assert row.tolist() == s.stats_row().tolist(), i


@pytest.mark.parametrize(("game_id", "ruleset"), CASES)
def test_compiled_random_results_are_the_python_api_games(game_id, ruleset):
    """``random_result(state, seed)`` (one compiled call) is how ``play_out(state.clone(),
    RandomAgent(seed))`` ends through the API, from the start and from a position of a game under
    way: the win-in-one search below counts random games by it."""
    game = engine.load_game(game_id, ruleset=ruleset, turn_limit=400)
    for seed in range(2):
        s, walk = game.new_state(seed), RandomAgent(seed + 7)
        for _ in range(12 * seed):  # seed 1: a position 12 decisions in, if the game lasts that long
            if not s.is_terminal():
                s.apply(walk.choose(s))
        before = s.raw()
        for agent in range(2):
            assert random_result(s, agent) == play_out(s.clone(), RandomAgent(agent)).result(), (seed, agent)
        assert np.array_equal(s.raw(), before)  # the state played from is left as it was


# --- UCT takes a win in one -----------------------------------------------------------------------------

def winning_moves(state: engine.game.State) -> set[int]:
    """The moves that win within the mover's turn (the mover's next decisions may follow at once)."""
    return _winning_moves(state.rules, state.game.params, state.raw())


def _winning_moves(rules: engine.game.Rules, params: Any, st: np.ndarray) -> set[int]:
    """:func:`winning_moves` on the kernel's state array: each legal move played on a copy by
    ``Rules.apply``, as ``State.child`` plays it but for the check that the move is legal (it is one of
    the legal moves listed), which lists the legal moves again; the result as ``State.result`` reads
    it. The win-in-one search asks this of every position of hundreds of games (benchmarks/make-test.txt)."""
    me = rules.to_move(st)
    out = set()
    for m in rules.legal_moves(st):
        c = st.copy()
        rules.apply(params, c, m)
        if rules.status(c) != ONGOING:
            if result_of(rules.status(c), rules.scores(params, c)).winner == me:
                out.add(m)
        elif rules.to_move(c) == me and _winning_moves(rules, params, c):
            out.add(m)
    return out


def random_play_value(state: engine.game.State, player: int, games: int = 64) -> float:
    """The share of random games from ``state`` that ``player`` wins (a first 16 games are
    enough to tell a position the player wins nearly always). Game ``g`` is ``play_out(state.clone(),
    RandomAgent(g))``, played in compiled code (``random_result``, the same game: asserted by
    test_compiled_random_results_are_the_python_api_games): most of the search's time went to
    playing them through the API (benchmarks/make-test.txt)."""
    won = 0
    for g in range(games):
        won += random_result(state, g).winner == player
        if g == 15 and won >= 15:
            return won / 16
    return won / games


def seldom_won(game: engine.game.Game, games: int = 200) -> bool:
    """Whether fewer than one in ten of ``games`` compiled random playouts of ``game`` are won."""
    return 10 * np.count_nonzero(run(game, games, 0)[:, WINNER]) < games


def won_games(game: engine.game.Game, games: int = 200):
    """The games that were won among random games (seeds 0, 1, ...), then among games the greedy
    agent, as player 1, plays against the random one, then among games it plays against itself
    (seeds 0, 1, ...; player 2's greedy agent seeded ``games`` further on). The random games are
    skipped when fewer than one in ten of ``games`` compiled random playouts is won: played through
    the API, games that end endless or at the limits are slow, and too few are won to search."""
    stages = [lambda seed: (GreedyAgent(seed), RandomAgent(seed)),
              lambda seed: (GreedyAgent(seed), GreedyAgent(games + seed))]
    if not seldom_won(game, games):
        stages.insert(0, lambda seed: RandomAgent(seed))
    for players in stages:
        for seed in range(games):
            played = play_out(game.new_state(seed), players(seed))
            if played.result().ending == "win":
                yield played


RELATIVES = Path(__file__).resolve().parent / "relatives"
ALIGNMENT_POSITIONS = Path(__file__).resolve().parent / "alignment_positions"


def hand_worked_win_in_one(game_id: str, ruleset: str) -> tuple[engine.game.State, set[int]] | None:
    """The position of the game's file of hand-worked positions (relatives/<game id>.yaml, or for an
    alignment game alignment_positions/<game id>.yaml, its board as point -> player) marked
    ``win_in_one: true``, if there is one, under the ruleset and the options the position assumes
    (``under``), held to the same test as a position found in random games (:func:`_a_win_in_one`):
    some moves, at most half of them, win at once, and each other move leaves the game open with the
    mover winning at most 3 random games in 4. For a game whose random games never give one
    (Pallankuli: a match is decided rounds before its last move; Wari (Alignment) and Aqrad, won by
    capturing every enemy piece: once the loser is down to its last piece it can never make a line,
    so every move of the winner wins in the end, and the win in one with a real choice is a block
    under the game's reading ``no-move: lose``)."""
    for folder in (RELATIVES, ALIGNMENT_POSITIONS):
        path = folder / f"{game_id}.yaml"
        if path.exists():
            break
    else:
        return None
    marked = [p for p in yaml.safe_load(path.read_text(encoding="utf-8"))["positions"] if p.get("win_in_one")]
    if not marked:
        return None
    position = marked[0]["position"]
    game = engine.load_game(game_id, ruleset=ruleset, switches=marked[0].get("under", {}))
    s = game.state_from_position(spec_of(game, position) if folder == ALIGNMENT_POSITIONS else position)
    wins = winning_moves(s)
    assert wins and 2 * len(wins) <= len(s.legal_moves()), f"{path.name}: {marked[0]['id']} is no win in one"
    for m in s.legal_moves():
        if m not in wins:
            o = s.child(m)
            assert not o.is_terminal() and random_play_value(o, s.to_move) <= 0.75, \
                f"{path.name}: {marked[0]['id']}: {s.move_to_text(m)} is nearly as good as a win"
    return s, wins


LAST_DECISIONS = 12
"""How many of a won game's last decisions are searched first for a win in one."""


def a_win_in_one(game_id: str, ruleset: str) -> tuple[engine.game.State, set[int]]:
    """The first position, among the last 12 decisions of random games that were won, where some
    moves, at most half of them, win at once and each other move leaves the game open, the mover
    winning at most 3 random games in 4 from there: the win is there to be found, and the other
    moves are not as good. A game whose random games give none (Tsoro (Reentered Captures):
    captured counters stay in play, and random games end endless or at the limits) is searched in
    the games the greedy agent, as player 1, wins against the random agent, then against itself.
    A game whose won games give none in their last 12 decisions is searched in every decision of
    them, from the start (Woli, Wari (Ashanti): games decided by the captures, which settle long
    before the end, so that the last moves are forced or leave the winner winning whatever is
    played; a win in one with a real choice comes, seldom, earlier: a reply that would take every
    counter of the opponent's row being forbidden, or a player choosing not to feed an empty row).
    A game whose won games give none because its wins come only against a stuck player who passes
    for ever (Ryakati: a lone counter is never sown nor captured) is searched with its stuck player
    losing (its ``no-move`` switch at ``lose``), the same machine under one of the game's own
    readings: first, when the ruleset's own random games are seldom won. Last, a game is searched
    under its default ruleset (Nine Men's Morris: under Ludii's reading a player left with three
    pieces flies but never makes a mill, so the player ahead wins from nearly every position near
    the end). A game whose positions file marks a position worked by hand as a win in one
    (:func:`hand_worked_win_in_one`) is tested there instead."""
    worked = hand_worked_win_in_one(game_id, ruleset)
    if worked is not None:
        return worked
    found = found_win_in_one(game_id, ruleset)
    if found is not None:
        return found
    game = engine.load_game(game_id, ruleset=ruleset)
    readings = [game]
    if "lose" in next((s.options for s in game.rules.switches if s.id == f"{game_id}.no-move"), ()):
        readings.append(engine.load_game(game_id, ruleset=ruleset, switches={"no-move": "lose"}))
        if seldom_won(game):  # searched first where the ruleset's own random games are seldom won
            readings.reverse()
    default = engine.load_game(game_id)
    if default.switches != game.switches:
        readings.append(default)
    for reading in readings[:-1]:
        try:
            return _a_win_in_one(reading, game_id)
        except AssertionError:
            pass
    return _a_win_in_one(readings[-1], game_id)


FOUND = Path(__file__).resolve().parent / "win_in_one_found.json"
"""The positions :func:`a_win_in_one`'s search finds for the games where it is longest (Nine Men's
Morris 31, Bolotudu 16, Woli 9 CPU seconds; the others 4 or less): the ruleset asked, the reading
searched (its ruleset and every switch), the seed and the moves that reach the position, and the
winning moves found there. Written by ``python tests/engine/test_conformance.py
GAME...`` (:func:`_pin`), which runs the search."""


def found_win_in_one(game_id: str, ruleset: str) -> tuple[engine.game.State, set[int]] | None:
    """The position :data:`FOUND` pins for the game, replayed and held to the search's criteria again
    (:func:`_the_win_in_one`, the same winning moves); None when none is pinned, or when the engine no
    longer makes it one (its moves refused, or the criteria not met: the search then runs)."""
    pinned = json.loads(FOUND.read_text(encoding="utf-8")).get(game_id)
    if pinned is None or pinned["ruleset"] != ruleset:
        return None
    try:
        game = engine.load_game(game_id, ruleset=pinned["reading"], switches=pinned["switches"])
        s = game.new_state(pinned["seed"])
        for move in pinned["moves"].split():
            s.apply(move)
    except ValueError:
        return None
    wins = _the_win_in_one(s)
    if not wins or sorted(s.move_to_text(m) for m in wins) != pinned["wins"]:
        return None
    return s, wins


def _pin(game_ids: list[str], ruleset: str = "ludii") -> None:
    """Search the games' wins in one again (not the pinned ones) and write them in :data:`FOUND`."""
    found = json.loads(FOUND.read_text(encoding="utf-8")) if FOUND.exists() else {}
    for game_id in game_ids:
        found.pop(game_id, None)
        FOUND.write_text(json.dumps(found, indent=1) + "\n", encoding="utf-8")
        s, wins = a_win_in_one(game_id, ruleset)
        found[game_id] = {"ruleset": ruleset, "reading": s.game.ruleset, "switches": dict(s.game.switches),
                          "seed": s.seed,
                          "moves": " ".join(s.move_to_text(m) for m in s.history()),
                          "wins": sorted(s.move_to_text(m) for m in wins)}
    FOUND.write_text(json.dumps(dict(sorted(found.items())), indent=1) + "\n", encoding="utf-8")


def _a_win_in_one(game: engine.game.Game, game_id: str) -> tuple[engine.game.State, set[int]]:
    seen: list[engine.game.State] = []  # the won games as the first pass plays them, searched again by the second
    for earlier in (False, True):  # the last decisions of every won game first, then the ones before
        for played in seen if earlier else won_games(game):
            if not earlier:
                seen.append(played)
            moves = played.history()
            split = max(0, len(moves) - LAST_DECISIONS)
            s = game.new_state(played.seed)
            for i, move in enumerate(moves[:split] if earlier else moves):
                if earlier or i >= split:
                    wins = _the_win_in_one(s)
                    if wins:
                        return s, wins
                s.apply(move)
    raise AssertionError(f"no win in one found in the won games of 200 random games of {game_id}, nor of 200 "
                         "greedy-against-random, nor of 200 greedy-against-greedy, in their last decisions or before")


def _the_win_in_one(s: engine.game.State) -> set[int]:
    """The moves that win at once, where they are at most half of the legal moves and each other
    move leaves the game open, the mover winning at most 3 random games in 4 from there; else none."""
    wins = winning_moves(s)
    if wins and 2 * len(wins) <= len(s.legal_moves()):
        others = [s.child(m) for m in s.legal_moves() if m not in wins]
        if all(not o.is_terminal() and random_play_value(o, s.to_move) <= 0.75 for o in others):
            return wins
    return set()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_uct_finds_a_win_in_one(game_id):
    """UCT of 1,000 iterations finds the win in one of :func:`a_win_in_one` under six seeds. The test
    can fail: the winning moves are at most half of the legal moves, so an agent choosing uniformly
    at random passes the six seeds with probability (wins / legal moves) ** 6, at most 1 in 64
    (asserted), and the random agent itself, given the same six seeds, misses the win (asserted)."""
    state, wins = a_win_in_one(game_id, "ludii")
    assert (len(wins) / len(state.legal_moves())) ** 6 <= 1 / 64
    for seed in range(6):
        move = UCTAgent(1000, seed).choose(state)
        assert move in wins, (seed, state.move_to_text(move), [state.move_to_text(m) for m in wins], state.position_spec())
    # the test can fail: an agent choosing at random, given the same six seeds, misses the win
    assert not all(RandomAgent(seed).choose(state) in wins for seed in range(6)), state.position_spec()


if __name__ == "__main__":
    import sys

    _pin(sys.argv[1:])
