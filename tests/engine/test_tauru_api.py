"""Tauru through the game-independent API: notation, positions, the compiled playout loop against
the Python API and the random agent, rollouts, traced moves, evaluation, the board text, the CLI."""

from __future__ import annotations

import json

import click
import numpy as np
import pytest
from click.testing import CliRunner

import engine
from engine import rulesets, stats
from engine.agents import RandomAgent
from engine.alignment.layout import PASS_MOVE, REMOVE_BASE, STEP_BASE
from engine.cli import games as cli_games
from engine.game import Limits
from engine.games import GAMES
from engine.playout import run
from engine.result import OVER, REPETITION, UNFINISHED
from engine.rng import batch_seed

TAURU = GAMES["tauru"]


def tauru_rulesets() -> list:
    return rulesets.rulesets("tauru")


# --- notation ----------------------------------------------------------------------------------

@pytest.mark.parametrize("text, move", [
    ("a1", 0), ("c3", 14), ("f5", 29), ("c3-c2", STEP_BASE + 4 * 14), ("c3-b3", STEP_BASE + 4 * 14 + 1),
    ("c3-d3", STEP_BASE + 4 * 14 + 2), ("c3-c4", STEP_BASE + 4 * 14 + 3), ("xd2", REMOVE_BASE + 9),
    ("pass", PASS_MOVE),
])
def test_notation_round_trips(text, move):
    s = engine.new_game("tauru")
    assert s.text_to_move(text) == move and s.move_to_text(move) == text
    assert s.text_to_move(f"  {text.upper()} ") == move


@pytest.mark.parametrize("text", ["g1", "a6", "a0", "a1-a3", "a1-b2", "x", "xg1", "", "c3-", "-c3", "passe", "11"])
def test_malformed_notation_raises_naming_it(text):
    with pytest.raises(ValueError, match=f"unknown move {text!r}"):
        engine.new_game("tauru").text_to_move(text)


@pytest.mark.parametrize("move", [-1, 30, STEP_BASE + 1, REMOVE_BASE - 1, REMOVE_BASE + 30, PASS_MOVE + 1, 1.5, True])
def test_unknown_move_numbers_raise(move):
    with pytest.raises(ValueError, match="unknown move"):
        TAURU.move_to_text(move)


def test_start_the_legal_moves_are_every_point_sorted():
    s = engine.new_game("tauru")
    assert s.legal_moves() == list(range(30))
    assert s.legal_moves_text()[:3] == ["a1", "b1", "c1"] and s.to_move == 1


# --- positions ---------------------------------------------------------------------------------

PENDING = """
5 . . . . . o
4 . . . . . .
3 . . . . . .
2 o . . . . .
1 x x . o . .
  a b c d e f
"""


def test_a_turn_in_progress_round_trips_through_its_position():
    game = engine.load_game("tauru", switches={"removal": "next-to-line", "per-turn": "two"})
    s = game.state_from_position({"board": PENDING, "hands": [10, 9], "to_move": 1})
    s.apply("c1")
    spec = TAURU.position_spec(s._st)
    assert spec["stage"] == "removal" and spec["line"] == ["a1", "b1", "c1"] and spec["placed"] == 1
    again = game.state_from_position(spec)
    assert again.legal_moves() == s.legal_moves() == [s.text_to_move(m) for m in ("xd1", "xa2")]
    for state in (s, again):
        state.apply("xa2")
        assert state.to_move == 1 and TAURU.position_spec(state._st)["stage"] == "placement"
    assert game.state_from_position(TAURU.position_spec(s._st)).legal_moves() == s.legal_moves()


@pytest.mark.parametrize("spec, message", [
    ({"board": ["......"] * 4, "hands": [0, 0]}, "list of 5 rows"),
    ({"board": ["......"] * 4 + ["..z..."], "hands": [0, 0]}, "unknown symbol 'z'"),
    ({"board": ["xxxxxx"] * 3 + ["......"] * 2, "hands": [0, 0]}, "more than 12 pieces"),
    ({"board": ["......"] * 5, "hands": [13, 0]}, "hands must be an integer 0..12"),
    ({"board": ["......"] * 5, "hands": [1, 1], "to_move": 3}, "to_move must be 1 or 2"),
    ({"board": ["......"] * 5, "hands": [1, 1], "colour": "x"}, "unknown position field"),
    ({"board": ["......"] * 5, "hands": [1, 1], "stage": "sowing"}, "stage must be"),
    ({"board": ["......"] * 5, "hands": [1, 1], "line": ["a1"]}, "belong to a turn in progress"),
    ({"board": ["......"] * 5, "hands": [1, 1], "phase": "endgame"}, "phase must be"),
    ({"board": ["......"] * 5, "hands": [1, 1], "recorded_lines": [[["z9"]], []]}, "unknown point 'z9'"),
])
def test_malformed_positions_raise_naming_the_fault(spec, message):
    with pytest.raises(ValueError, match=message):
        engine.load_game("tauru").state_from_position(spec)


def test_the_text_board_is_labelled_and_says_who_is_to_do_what():
    s = engine.new_game("tauru")
    s.apply("c3")
    text = s.to_text()
    lines = text.splitlines()
    assert lines[0].split() == list("abcdef") and lines[6].split() == list("abcdef")
    assert lines[3].split() == ["3", ".", ".", "x", ".", ".", ".", "3"]
    assert "player 1 (x): 11 in hand, 1 on the board, 0 taken" in text
    assert text.endswith("placement phase; player 2 (o) to place")
    # and a drawn board is a position
    again = engine.load_game("tauru").state_from_position({"board": text, "hands": [11, 12], "to_move": 2})
    assert again.board() == s.board()


# --- the compiled playout loop is the Python API with the random agent --------------------------

ODD_SETTINGS = [
    {"repetition": "ends-game", "placement-lines": "ignored"},
    {"no-move": "lose", "long-lines": "forbidden", "directions": "all"},
    {"per-turn": "two", "removal": "next-to-line", "standing-line": "new-only", "first-player": "lot"},
    {"long-lines": "ignored", "removal": "not-in-line", "last-capture": "capture-all", "repetition": "ends-game"},
]


def python_row(game, seed: int) -> list[int]:
    """The statistics row of game ``seed`` played through the Python API."""
    s = game.new_state(seed)
    first = s.to_move
    agent = RandomAgent(seed)
    decisions = choices = legal_sum = 0
    covered: set[tuple[int, int]] = set()

    def cover() -> None:
        for r, row in enumerate(s.board()["rows"]):
            covered.update((r, c) for c, ch in enumerate(row) if ch != ".")

    cover()
    while not s.is_terminal():
        n = len(s.legal_moves())
        decisions, choices, legal_sum = decisions + 1, choices + (n > 1), legal_sum + n
        s.apply(agent.choose(s))
        cover()
    res = s.result()
    status = {"win": OVER, "draw": OVER, "unfinished": UNFINISHED, "repetition": REPETITION}[res.ending]
    return [status, *s.scores(), s.turns, s.moves_made, first, seed, decisions, choices, legal_sum,
            len(covered), 30, 0, res.winner or 0]


@pytest.mark.parametrize("setting", [("ruleset", r.id) for r in tauru_rulesets()] + [("switches", i) for i in
                                                                                       range(len(ODD_SETTINGS))])
def test_compiled_playouts_are_the_python_api_games(setting):
    kind, which = setting
    game = (engine.load_game("tauru", ruleset=which) if kind == "ruleset"
            else engine.load_game("tauru", switches=ODD_SETTINGS[which], turn_limit=300))
    rows = run(game, 10, 2024)
    assert rows.shape == (10, stats.N_COLUMNS)
    for i in range(10):
        assert rows[i].tolist() == python_row(game, batch_seed(2024, i)), i


# --- traced moves ------------------------------------------------------------------------------

def test_a_traced_move_is_the_same_move_with_its_events():
    game = engine.load_game("tauru")
    start = {"board": PENDING, "hands": [10, 9], "to_move": 1}
    plain, traced = game.state_from_position(start), game.state_from_position(start)
    plain.apply("c1")
    events = traced.apply_traced("c1")
    assert traced.same_as(plain)
    assert [{k: v for k, v in e.items() if k != "board"} for e in events] == [
        {"kind": "place", "player": 1, "point": "c1"},
        {"kind": "line", "player": 1, "points": ["a1", "b1", "c1"], "captures": True},
    ]
    assert events[-1]["board"] == plain.board()
    assert [e["kind"] for e in traced.apply_traced("xd1")] == ["remove"]
    assert traced.board()["rows"][4] == "xxx..."


def test_traced_steps_passes_and_the_start_of_movement():
    game = engine.load_game("tauru", switches={"no-move": "pass"})
    s = game.state_from_position({"board": ["......", "......", "o.....", "xo....", "xxo..."], "hands": [0, 0],
                                  "phase": "movement"})
    assert s.apply_traced("pass") == [{"kind": "pass", "player": 1, "board": s.board()}]
    ev = s.apply_traced("a3-a4")
    assert [(e["kind"], e.get("from"), e.get("to")) for e in ev] == [("step", "a3", "a4")]
    last = engine.load_game("tauru").state_from_position(
        {"board": ["......", "......", "......", "xo....", "xo...."], "hands": [0, 1], "to_move": 2})
    ev = last.apply_traced("f5")  # both hands are now empty: movement begins
    assert [e["kind"] for e in ev] == ["place", "phase"] and ev[-1]["board"]["phase"] == "movement"


# --- evaluation ---------------------------------------------------------------------------------

def test_evaluate_is_the_piece_difference_and_a_decided_game_is_worth_100():
    game = engine.load_game("tauru", switches={"last-capture": "two-left"})
    s = game.state_from_position({"board": PENDING, "hands": [10, 9], "to_move": 1})
    assert TAURU.evaluate(game.params, s._st) == 0.0
    s.apply("c1")
    s.apply("xf5")
    assert TAURU.evaluate(game.params, s._st) == 1.0
    won = game.state_from_position({"board": PENDING.replace("5 . . . . . o", "5 . . . . . ."), "hands": [10, 0]})
    assert won.result().winner == 1 and TAURU.evaluate(game.params, won._st) == 100.0


# --- the command line ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def cli() -> click.Group:
    @click.group()
    def group() -> None:
        pass

    cli_games.register(group)
    return group


def test_cli_play_shows_the_board_and_the_removal_to_make(cli):
    r = CliRunner().invoke(cli, ["play", "tauru", "--ruleset", "ludii", "--moves", "a1,f5,b2,f4,c3"])
    assert r.exit_code == 0, r.output
    assert "a b c d e f" in r.output and "player 1 to move; legal moves: xf4, xf5" in r.output


def test_cli_play_json_and_an_illegal_move(cli):
    r = CliRunner().invoke(cli, ["play", "tauru", "--moves", "c3,c3", "--json"])
    assert r.exit_code == 2 and "illegal move 'c3'" in r.output
    r = CliRunner().invoke(cli, ["play", "tauru", "--set", "per-turn=two", "--moves", "c3,d3", "--json"])
    data = json.loads(r.output)
    assert data["to_move"] == 2 and data["history"] == ["c3", "d3"] and data["board"]["hands"] == [10, 12]


def test_cli_simulate_and_switches(cli):
    r = CliRunner().invoke(cli, ["simulate", "tauru", "--ruleset", "ludii", "--games", "200", "--seed", "7", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["games"] == 200 and data["p1_wins"] + data["p2_wins"] + data["draws"] + data["unfinished"] == 200
    r = CliRunner().invoke(cli, ["switches", "tauru", "--json"])
    data = json.loads(r.output)
    assert [s["id"] for s in data["switches"]] == [s.id for s in TAURU.switches]
    assert [x["id"] for x in data["rulesets"]] == [x.id for x in tauru_rulesets()]


# --- the line tables and the fast line test against runs walked point by point ----------------

def runs_through(own: set[tuple[int, int]], t: tuple[int, int], axes) -> list[int]:
    out = []
    for dr, dc in axes:
        n = 1
        for sign in (1, -1):
            r, c = t[0] + sign * dr, t[1] + sign * dc
            while 0 <= r < 5 and 0 <= c < 6 and (r, c) in own:
                n += 1
                r, c = r + sign * dr, c + sign * dc
        out.append(n)
    return out


@pytest.mark.parametrize("directions", ["orthogonal", "all"])
def test_window_tables_and_the_bit_parallel_test_agree_with_walked_runs(directions):
    from engine.alignment.game import line_flags

    axes = ((0, 1), (1, 0)) if directions == "orthogonal" else ((0, 1), (1, 0), (1, 1), (1, -1))
    par = GAMES["tauru"].build(engine.resolve("tauru", switches={"directions": directions}), Limits()).par
    rng = np.random.default_rng(7)
    for _ in range(3000):
        mask = int(rng.integers(0, 1 << 30)) & int(rng.integers(0, 1 << 30))  # about a quarter held
        t = int(rng.integers(0, 30))
        mask |= 1 << t
        own = {(p // 6, p % 6) for p in range(30) if mask >> p & 1}
        runs = runs_through(own, (t // 6, t % 6), axes)
        full, exact, long, fast = line_flags(par, np.int64(mask), np.int64(t))
        assert (full, exact, long, fast) == (max(runs) >= 3, 3 in runs, max(runs) >= 4, max(runs) >= 3), (mask, t)


def test_a_simulation_counts_games_ended_by_repetition_apart():
    from engine.playout import simulate

    game = engine.load_game("tauru", ruleset="sources", switches={"repetition": "ends-game"})
    d = simulate(game, 400, 3).to_dict()
    assert d["repetitions"] > 0 and d["draws"] == 0
    assert d["unfinished"] == d["repetitions"] + d["limit_stops"] + d["endless"]
    assert d["p1_wins"] + d["p2_wins"] + d["draws"] + d["unfinished"] == 400
    rows = run(game, 400, 3)
    assert (rows[:, stats.STATUS] == REPETITION).sum() == d["repetitions"]
    assert (rows[rows[:, stats.STATUS] == REPETITION][:, stats.WINNER] == 0).all()


def test_the_board_lays_out_its_sites_for_the_site_and_the_play_api():
    s = engine.new_game("tauru")
    s.apply("c3")
    s.apply("f5")
    sites = {x["name"]: x for x in s.board()["sites"]}
    assert len(sites) == 30
    assert sites["c3"] == {"name": "c3", "row": 2, "col": 2, "piece": 1}
    assert sites["f5"] == {"name": "f5", "row": 0, "col": 5, "piece": 2}
    assert sites["a1"] == {"name": "a1", "row": 4, "col": 0, "piece": 0}


# --- the contract with the archive ---------------------------------------------------------------

def test_engine_defaults_are_the_archives_default_ruleset_and_every_ruleset_resolves():
    found = tauru_rulesets()
    assert [r.id for r in found if r.default] == ["sources"]
    assert engine.resolve("tauru") == next(r.choices for r in found if r.default)
    for r in found:
        assert engine.resolve("tauru", ruleset=r.id) == r.choices


def test_the_ludii_ruleset_is_ludiis_reading_in_rules_md():
    # rules.md: player 1 starts; lines of 3+ in the 8 directions through the piece placed or
    # moved capture from the first placement; any enemy piece; two or fewer pieces lose; a
    # blocked player passes (two passes draw); no repetition rule.
    assert engine.resolve("tauru", ruleset="ludii") == {
        "tauru.placement-lines": "capture", "tauru.long-lines": "count", "tauru.directions": "all",
        "tauru.removal": "any", "tauru.standing-line": "re-formed", "tauru.last-capture": "two-left",
        "tauru.no-move": "pass", "tauru.per-turn": "one", "tauru.first-player": "player-1",
        "tauru.repetition": "ignored",
    }
    game = engine.load_game("tauru", ruleset="ludii")
    assert game.limits.turns == 2500 and game.limits.moves == 10000


# --- the bit primitives (engine.alignment.bits) ----------------------------------------------------

def test_bit_primitives_agree_with_python():
    from numba import njit

    from engine.alignment.bits import bits_of, lowest_bit, popcount, select_bit

    @njit
    def probe(x, k):
        return popcount(x), lowest_bit(x), select_bit(x, k)

    rng = np.random.default_rng(3)
    for _ in range(2000):
        x = int(rng.integers(1, 1 << 62)) >> int(rng.integers(0, 60))
        x = x or 1
        ones = [i for i in range(63) if x >> i & 1]
        k = int(rng.integers(0, len(ones)))
        assert probe(np.int64(x), np.int64(k)) == (len(ones), ones[0], ones[k])
        assert bits_of(np.int64(x)).tolist() == ones
    assert probe(np.int64(0), np.int64(0))[:2] == (0, 64)
