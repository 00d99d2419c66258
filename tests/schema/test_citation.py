"""Citing a reading: one canonical form, keys derived from the reading, no loopback address."""

from __future__ import annotations

import random
import re
import sqlite3
from pathlib import Path

import pytest

from schema import citation as C

LOOPBACK = re.compile(r"localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0")


@pytest.fixture(scope="module")
def conn(built_db: Path):
    c = sqlite3.connect(f"file:{built_db}?mode=ro", uri=True)
    yield c
    c.close()


def _switches(conn, game):
    out = {}
    for sid, opt in conn.execute("select a.switch_id, a.option from alternatives a join switches s on s.id = "
                                 "a.switch_id where s.game_id = ? order by s.seq, a.seq", (game,)):
        out.setdefault(sid, []).append(opt)
    return out


def _rulesets(conn, game):
    return [k for (k,) in conn.execute("select key from rulesets where game_id = ? order by key", (game,))]


RELEASE = C.Edition(engine="0123456789abcdef", release=3, date="2026-12-01", data="fedcba9876543210",
                    base_url="https://variorum.example.org")


def test_aliases_give_the_canonical_reading(conn):
    canonical = C.reading(conn, "tap-urdy", "ludii", "relay:next-hole,end:cannot-move")
    assert canonical.spec == "ludii;end:cannot-move,relay:next-hole"
    assert canonical.query == "ruleset=ludii&set=end:cannot-move,relay:next-hole"
    for ruleset, sets in [("ludii", ["relay=next-hole", "end=cannot-move"]),
                          ("ludii", "tap-urdy.end:cannot-move,tap-urdy.relay:next-hole"),
                          ("ludii", "relay%3Anext-hole%2Cend%3Acannot-move"),
                          ("ludii", {"tap-urdy.relay": "next-hole", "end": "cannot-move",
                                     "start": "enemy-row"})]:  # start: the ruleset's own choice, dropped
        assert C.reading(conn, "tap-urdy", ruleset, sets) == canonical
    assert C.split_spec("ludii,relay=next-hole") == ("ludii", "relay=next-hole")  # the CLI's spelling
    assert C.split_spec("ludii;relay:next-hole") == ("ludii", "relay:next-hole")  # the page's
    default = C.reading(conn, "tap-urdy")
    assert default.ruleset == "sources" and default.key == "variorum:tap-urdy:sources"


@pytest.mark.parametrize("bad, word", [
    (dict(game="nope"), "unknown game"), (dict(ruleset="nope"), "unknown ruleset"),
    (dict(sets="nope:x"), "unknown switch"), (dict(sets="relay:nope"), "unknown option"),
    (dict(sets="relay"), "malformed"), (dict(seed="-1"), "seed"), (dict(moves="a1;drop"), "malformed move"),
])
def test_bad_readings_are_named(conn, bad, word):
    args = dict(game="tap-urdy", ruleset=None, sets=None, moves=None, seed=0) | bad
    with pytest.raises(ValueError, match=word):
        C.reading(conn, args["game"], args["ruleset"], args["sets"], args["moves"], args["seed"])


def test_a_thousand_readings_and_positions_have_a_thousand_keys(conn, tmp_path, built_db):
    rng = random.Random(19)
    games = [g for (g,) in conn.execute("select id from games order by id")]
    readings = set()
    while len(readings) < 1000:
        game = rng.choice(games)
        switches = _switches(conn, game)
        sets = {sid: rng.choice(opts) for sid, opts in switches.items() if rng.random() < 0.3}
        moves = [f"{rng.choice('ab')}{rng.randint(1, 12)}" for _ in range(rng.choice([0, 0, 1, 3, 8]))]
        r = C.reading(conn, game, rng.choice(_rulesets(conn, game)), sets, moves, rng.choice([0, 0, 7, 2026]))
        readings.add(r)
    keys = {r.key for r in readings}
    assert len(keys) == 1000
    assert all(re.fullmatch(r"variorum:[a-z0-9-]+:[a-z0-9-]+(:[0-9a-f]{10})?", k) for k in keys)
    # the same reading in another release (another database, edition) has the same key
    other = sqlite3.connect(f"file:{built_db}?mode=ro", uri=True)
    later = C.Edition(engine="aaaaaaaaaaaaaaaa", release=4, date="2027-01-01", data="bbbbbbbbbbbbbbbb")
    for r in list(readings)[:50]:
        again = C.reading(other, r.game, r.ruleset, dict(r.overrides), r.moves, r.seed)
        assert C.cite(other, again, later)["key"] == C.cite(conn, r, RELEASE)["key"] == r.key


def test_the_citation_names_release_fingerprint_and_address(conn):
    r = C.reading(conn, "tap-urdy", "ludii", "relay:next-hole", "b3", 5)
    c = C.cite(conn, r, RELEASE)
    url = "https://variorum.example.org/v/3/games/tap-urdy?ruleset=ludii&set=relay:next-hole&moves=b3&seed=5#play"
    assert c["url"] == url
    for form in ("short", "text", "bibtex", "csl"):
        assert "release 3" in c[form].lower() and "0123456789abcdef" in c[form] and url in c[form]
    assert len(c["short"]) <= 260 and "\n" not in c["short"]
    assert "Sources:" in c["text"] and "Sources:" not in c["short"]
    assert c["bibtex"].startswith("@misc{" + r.key + ",")


def test_no_address_configured_is_said_and_loopback_refused(conn):
    r = C.reading(conn, "tauru", None)
    c = C.cite(conn, r, C.Edition(engine="0123456789abcdef", data="x", accessed="2026-12-01"))
    assert c["url"] is None
    for form in ("short", "text", "bibtex", "csl"):
        assert "no canonical address is configured" in c[form]
        assert not LOOPBACK.search(c[form]) and "http" not in c[form]
    for bad in ("http://127.0.0.1:8001", "http://localhost", "https://[::1]:80/x", "ftp://example.org"):
        with pytest.raises(ValueError):
            C.check_base_url(bad)
    assert C.check_base_url(" https://example.org/variorum/ ") == "https://example.org/variorum"
