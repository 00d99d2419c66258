"""The play API: a reading and a move list in, the position out; every kind of bad input is a 400."""

from __future__ import annotations

import json
import time

import pytest

import engine

API = "/-/play/tap-urdy.json"


async def get(ds, url, **params):
    return await ds.client.get(url, params=params)


async def test_start_position_under_the_default_ruleset(ds, archive):
    body = (await get(ds, API)).json()
    default = next(r for r in archive.games["tap-urdy"].rulesets if r.default)
    assert body["ruleset"] == default.id
    assert body["switches"] == default.choices
    assert body["moves"] == [] and body["last_move"] is None
    assert body["board"]["a"] == [4] * 6 and body["board"]["b"] == [4] * 6
    assert len(body["sites"]) == 12
    assert body["terminal"] is False and body["result"] is None
    assert body["engine_version"] == engine.ENGINE_FINGERPRINT


async def test_moves_are_replayed_with_the_last_moves_laps(ds):
    body = (await get(ds, API, ruleset="ludii", moves="b1")).json()
    expected = engine.new_game("tap-urdy", ruleset="ludii")
    expected.apply("b1")
    assert body["board"] == expected.board()
    assert body["to_move"] == expected.to_move and body["legal_moves"] == expected.legal_moves_text()
    events = body["last_move"]["events"]
    assert [e["kind"] for e in events] == ["lap"] * 4 + ["capture"]
    assert events[-1]["board"] == expected.board()
    assert body["text"] == expected.to_text()


async def test_a_board_of_points_comes_with_the_lines_it_is_drawn_with(ds):
    body = (await get(ds, "/-/play/nine-mens-morris.json", ruleset="ludii")).json()
    names = {s["name"] for s in body["sites"]}
    assert len(body["lines"]) == 16 and all(a in names and b in names for a, b in body["lines"])
    assert ["a1", "g1"] in body["lines"] and ["d1", "d3"] in body["lines"]  # a side, a joining line
    assert (await get(ds, API)).json()["lines"] == []  # holes: nothing to draw between them


async def test_switch_values_on_top_of_a_ruleset(ds):
    body = (await get(ds, API, ruleset="ludii", set="relay:next-hole,tap-urdy.end:cannot-move")).json()
    assert body["switches"]["tap-urdy.relay"] == "next-hole"
    assert body["switches"]["tap-urdy.end"] == "cannot-move"
    assert body["switches"]["tap-urdy.direction"] == "clockwise"


async def test_truncate_stops_at_the_first_illegal_move(ds):
    body = (await get(ds, API, ruleset="ludii", moves="b1,b2", truncate="1")).json()
    assert body["moves"] == ["b1"]
    assert body["stopped_at"]["index"] == 1 and body["stopped_at"]["move"] == "b2"
    assert "illegal move" in body["stopped_at"]["reason"]


async def test_random_agent_suggests_a_legal_move(ds):
    body = (await get(ds, API, ruleset="ludii", agent="random", seed="4")).json()
    assert body["suggestion"] in body["legal_moves"]
    again = (await get(ds, API, ruleset="ludii", agent="random", seed="4")).json()
    assert again["suggestion"] == body["suggestion"]


async def test_a_finished_game_reports_its_result(ds):
    state = engine.new_game("tap-urdy", ruleset="ludii", seed=3)
    from engine.agents import RandomAgent, play_out

    play_out(state, RandomAgent(3))
    moves = ",".join(state.move_to_text(m) for m in state.history())
    body = (await get(ds, API, ruleset="ludii", seed="3", moves=moves)).json()
    assert body["terminal"] is True and body["legal_moves"] == []
    assert body["result"] == state.result().to_dict()


@pytest.mark.parametrize(
    ("url", "params", "parameter", "words"),
    [
        ("/-/play/no-such-game.json", {}, "game", "unknown game 'no-such-game'"),
        ("/-/play/Tap_Urdy.json", {}, "game", "unknown game"),
        (API, {"moves": "zz99"}, "moves", "unknown move 'zz99'"),
        (API, {"ruleset": "ludii", "moves": "b1,b2"}, "moves", "move 2 ('b2'): illegal move"),
        (API, {"ruleset": "nope"}, "ruleset", "unknown ruleset 'nope'"),
        (API, {"set": "nope:x"}, "set", "unknown switch 'nope'"),
        (API, {"set": "relay:sideways"}, "set", "unknown value 'sideways' for switch 'tap-urdy.relay'"),
        (API, {"set": "relay"}, "set", "malformed switch setting 'relay'"),
        (API, {"seed": "-1"}, "seed", "seed must be a non-negative integer"),
        (API, {"seed": "abc"}, "seed", "seed must be a non-negative integer"),
        (API, {"seed": "99999999999999999999"}, "seed", "seed must be"),
        (API, {"moves": ",".join(["b1"] * 2001)}, "moves", "at most 2000 moves"),
        (API, {"colour": "red"}, "colour", "unknown parameter 'colour'"),
        (API, {"compare": "nope"}, "compare", "unknown ruleset 'nope'"),
        (API, {"compare": "ludii;relay:sideways"}, "compare", "unknown value 'sideways'"),
        (API, {"agent": "grandmaster"}, "agent", "grandmaster"),
        (API, {"moves": "b\u0661"}, "moves", "malformed move 'b\u0661'"),  # an Arabic-Indic one, as /-/cite refuses it
        (API, {"moves": "\uff42\uff11"}, "moves", "in ASCII"),  # full-width b1
        (API, {"ruleset": "ludii", "moves": "b1,b\uff12"}, "moves", "in ASCII"),
        (API, {"set": "relay:next-hole,relay:take-up-last"}, "set", "set twice"),
        (API, {"set": "relay:next-hole,tap-urdy.relay:next-hole"}, "set", "set twice"),
    ],
)
async def test_bad_input_is_a_400_naming_the_problem(ds, url, params, parameter, words):
    response = await get(ds, url, **params)
    assert response.status_code == 400, response.text
    body = response.json()
    assert body["parameter"] == parameter
    assert words in body["error"]


async def test_zz99_is_400(ds):
    response = await ds.client.get("/-/play/tap-urdy.json?moves=zz99")
    assert response.status_code == 400


async def test_the_alignment_games_that_joined_last_play_on_their_pages(ds):
    """Achi and Triodi (issue 30): each page has its board to play, and the API plays Triodi's corners
    joined (the ruleset ludii-diagonal) as the engine does, a diagonal step among the legal moves."""
    for game_id in ("achi", "triodi"):
        html = (await ds.client.get(f"/games/{game_id}")).text
        assert 'id="game-name"' in html and 'id="play"' in html, game_id
    moves = ["a1", "d1", "c3", "g4", "e5", "d5", "a7", "f2", "g7", "b4"]  # no line of three; b2 left empty
    state = engine.new_game("triodi", ruleset="ludii-diagonal")
    for move in moves:
        state.apply(move)
    body = (await get(ds, "/-/play/triodi.json", ruleset="ludii-diagonal", moves=",".join(moves))).json()
    assert body["legal_moves"] == state.legal_moves_text() and len(body["sites"]) == 24
    assert "b2" in body["legal_moves"]
    body = (await get(ds, "/-/play/triodi.json", ruleset="ludii-diagonal", moves=",".join(moves + ["b2"]))).json()
    assert body["last_move"]["events"][1]["kind"] == "line"  # a1-b2-c3, a diagonal
    plain = (await get(ds, "/-/play/triodi.json", ruleset="ludii", moves=",".join(moves + ["b2"]))).json()
    assert [e["kind"] for e in plain["last_move"]["events"]] == ["place"]


async def test_a_game_still_compiling_is_a_503_saying_so(built_db, monkeypatch):
    """While a game's kernels compile (its warm-up not done), a request waits at most WARM_WAIT
    seconds, then 503 with Retry-After and words the board shows ("still being compiled"); the
    board says so and starts by itself when ready (tests/site/test_browser.py)."""
    import sys
    from concurrent.futures import Future

    from schema.paths import SITE_DIR

    monkeypatch.syspath_prepend(str(SITE_DIR / "plugins"))
    vp = sys.modules.get("variorum_play") or __import__("variorum_play")
    monkeypatch.setattr(vp, "WARM_WAIT", 0.3)
    eng = vp.Engine(str(built_db))
    try:
        eng.ready["tap-urdy"] = Future()  # never done: still compiling
        started = time.monotonic()
        response = await eng.run("light", "tap-urdy", {"moves": "b1"})
        assert time.monotonic() - started < 5
        assert response.status == 503 and response.headers["Retry-After"] == vp.RETRY_AFTER["warming"]
        assert "tap-urdy is still being compiled" in json.loads(response.body)["error"]
        assert eng.queued["light"] == 0
    finally:
        eng.kill()
