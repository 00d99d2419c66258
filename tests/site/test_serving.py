"""The served archive stays up and says one thing (issue 10): client mistakes are 4xx without a
traceback, work is bounded by ceilings and runs off the event loop, the play API reads the served
archive database, not data/."""

from __future__ import annotations

import asyncio
import logging
import shutil
import time
from pathlib import Path

import pytest

from engine.agents import RESEARCH_CEILING, WEB_CEILING, parse_agent
from schema.build import build
from tests.site.conftest import make_datasette

PROBES = [
    ("POST", "/archive/sources/-/insert", "{}"),
    ("POST", "/archive/sources/-/upsert", "{}"),
    ("POST", "/archive/sources/-/drop", "{}"),
    ("POST", "/archive/sources/-/alter", "{}"),
    ("POST", "/archive/sources/parolov1931/-/update", "{}"),
    ("POST", "/archive/sources/parolov1931/-/delete", "{}"),
    ("GET", "/-/play/../../etc/passwd", None),
    ("GET", "//etc/passwd", None),
    ("CONNECT", "/", None),
    ("TRACE", "/", None),
    ("GET", "/games/nonexistent", None),
    ("GET", "/archive/sources.json?_sort=nonexistent", None),
    ("GET", "/archive/sources?_sort=nonexistent", None),
    ("POST", "/archive/sources.json", "{}"),
    ("POST", "/archive/disputed_points.json?game=tap-urdy", "{}"),
    ("POST", "/-/play/tap-urdy.json", "{}"),
    ("PUT", "/-/play/tap-urdy.json", "{}"),
    ("DELETE", "/-/play/tap-urdy.json", None),
    ("GET", "/archive/nonexistent.json", None),
]


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(self.format(record))


@pytest.fixture()
def site_log():
    handler = Lines()
    logger = logging.getLogger("variorum.site")
    logger.addHandler(handler)
    yield handler.records
    logger.removeHandler(handler)


async def _raw(ds, method: str, path: str, body: str | None):
    """A request with the path exactly as given (as ``curl --path-as-is`` sends it)."""
    status: dict = {}
    chunks: list[bytes] = []
    scope = {"type": "http", "http_version": "1.1", "method": method, "scheme": "http", "path": path.split("?")[0],
             "raw_path": path.split("?")[0].encode(), "query_string": path.partition("?")[2].encode(),
             "headers": [(b"host", b"localhost"), (b"content-type", b"application/json")],
             "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80)}
    sent = [False]

    async def receive():
        if sent[0]:
            await asyncio.sleep(3600)
        sent[0] = True
        return {"type": "http.request", "body": (body or "").encode(), "more_body": False}

    async def send(message):
        if message["type"] == "http.response.start":
            status.update(message)
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    await ds.app()(scope, receive, send)
    return status["status"], b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.parametrize(("method", "path", "body"), PROBES)
async def test_probes_answer_4xx_without_a_traceback(ds, site_log, capsys, method, path, body):
    status, text = await _raw(ds, method, path, body)
    assert 400 <= status < 500, (status, text[:300])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err + "\n".join(site_log)
    assert len(site_log) <= 1 and all("\n" not in line for line in site_log)
    if path.split("?")[0].endswith(".json"):
        assert '"error"' in text


async def test_an_error_costs_about_a_millisecond(ds):
    await ds.client.get("/games/nonexistent")  # the error template compiled once
    started = time.perf_counter()
    for _ in range(20):
        assert (await ds.client.get("/games/nonexistent")).status_code == 404
    assert (time.perf_counter() - started) / 20 < 0.05  # loosely: Datasette's rich handler took 250 ms


async def test_non_get_methods_on_the_play_api_are_405(ds):
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        response = await ds.client.request(method, "/-/play/tap-urdy.json")
        assert response.status_code == 405, method
        assert "GET" in response.headers["allow"]


def test_the_cli_keeps_research_budgets_and_the_web_a_small_one():
    assert parse_agent("uct:100000").param == 100000
    assert parse_agent("alphabeta:14").param == 14
    with pytest.raises(ValueError, match="ceiling.*alphabeta:64"):
        parse_agent("alphabeta:3000")
    with pytest.raises(ValueError, match=f"uct:{WEB_CEILING.uct_iterations}"):
        parse_agent("uct:100000", WEB_CEILING)
    assert parse_agent(f"uct:{WEB_CEILING.uct_iterations}", WEB_CEILING).param == WEB_CEILING.uct_iterations
    assert RESEARCH_CEILING.alphabeta_depth < 200  # one Python frame per ply: far from the recursion limit


@pytest.mark.parametrize(
    ("agent", "words"),
    [
        ("uct:10000000", f"uct:{WEB_CEILING.uct_iterations}"),
        ("uct:100000", f"uct:{WEB_CEILING.uct_iterations}"),
        ("alphabeta:14", f"alphabeta:{WEB_CEILING.alphabeta_depth}"),
        ("alphabeta:3000", f"alphabeta:{WEB_CEILING.alphabeta_depth}"),
        ("uct:99999999999999999999", "uct needs a positive integer"),
    ],
)
async def test_an_agent_over_the_ceiling_is_a_400_naming_it(ds, agent, words):
    response = await ds.client.get("/-/play/tap-urdy.json", params={"ruleset": "ludii", "moves": "b1", "agent": agent})
    assert response.status_code == 400, response.text
    body = response.json()
    assert body["parameter"] == "agent"
    assert words in body["error"]


async def test_the_ceilings_are_published(ds):
    body = (await ds.client.get("/-/play.json")).json()
    assert body["ceilings"] == {"moves": 2000, "uct_iterations": WEB_CEILING.uct_iterations,
                                "alphabeta_depth": WEB_CEILING.alphabeta_depth}


async def test_a_cheap_request_is_answered_while_four_maximal_searches_run(ds):
    heaviest = [f"/-/play/{game}.json?agent=uct:{WEB_CEILING.uct_iterations}&seed={i}"
                for i, game in enumerate(["tauru", "tap-urdy", "lobudok", "tsoro-additional-capture"])]
    deadline = time.monotonic() + 900  # a fresh clone compiles every game's kernels first
    warm = [u.replace(f"uct:{WEB_CEILING.uct_iterations}", "uct:1") for u in heaviest]  # the search pool
    warm += [u.split("?")[0] + "?seed=99" for u in heaviest]  # the replay pool loads each game's kernels
    for url in warm:
        while (await ds.client.get(url)).status_code == 503 and time.monotonic() < deadline:
            await asyncio.sleep(1)
    heavy = [asyncio.ensure_future(ds.client.get(url)) for url in heaviest]
    await asyncio.sleep(0.2)
    started = time.perf_counter()
    cheap = await ds.client.get("/-/play/tap-urdy.json?ruleset=ludii&moves=b1&seed=11")
    page = await ds.client.get("/archive/sources.json")
    took = time.perf_counter() - started
    assert cheap.status_code == 200 and page.status_code == 200
    assert took < 2.0, f"a cheap request waited {took:.1f} s behind the searches"
    statuses = [r.status_code for r in await asyncio.gather(*heavy)]
    assert all(s in (200, 503) for s in statuses), statuses


async def test_the_play_api_reads_the_served_archive_not_data(tmp_path: Path, data_copy: Path, monkeypatch):
    """The archive served here chooses relay=next-hole for ludii where data/ says take-up-last:
    the play API answers from the archive; and data/ edited while serving changes nothing."""
    import engine

    monkeypatch.setenv("VARIORUM_WARM", "0")
    record = data_copy / "games" / "tap-urdy.yaml"
    text = record.read_text(encoding="utf-8")
    edited = text.replace("      tap-urdy.relay: take-up-last\n      tap-urdy.relay-condition: next-non-empty",
                          "      tap-urdy.relay: next-hole\n      tap-urdy.relay-condition: next-non-empty", 1)
    assert edited != text
    record.write_text(edited, encoding="utf-8")
    db = tmp_path / "archive.db"
    build(data_copy, db)
    assert engine.resolve("tap-urdy", "ludii")["tap-urdy.relay"] == "take-up-last"  # data/ (the CLI's)
    ds = make_datasette(db)
    await ds.invoke_startup()
    url = "/-/play/tap-urdy.json?ruleset=ludii&moves=b1"
    body = (await ds.client.get(url)).json()
    assert body["switches"]["tap-urdy.relay"] == "next-hole"
    page = (await ds.client.get("/games/tap-urdy")).text
    assert '"tap-urdy.relay": "next-hole"' in page  # the page and the API say the same thing
    record.write_text("game: [broken", encoding="utf-8")  # a broken edit while serving
    again = (await ds.client.get(url + "&set=capture:gap-any")).json()
    assert again["switches"] == body["switches"] and again["board"] == body["board"]


def test_switch_texts_read_from_the_served_archive_equal_the_records(built_db):
    """The play API's workers read switch questions and option labels from the served archive.db
    (engine.rulesets.use_source); they are the records' own texts."""
    from engine import rulesets
    from engine.games import GAMES

    for game_id in GAMES:
        assert rulesets.switch_texts(game_id, built_db) == rulesets.switch_texts(game_id)
    with pytest.raises(ValueError, match="no game"):
        rulesets.switch_texts("nonexistent", built_db)


@pytest.mark.parametrize("path", ["/-/assess/" + "x" * 5000, "/-/play/" + "y" * 5000 + ".json", "/" + "z" * 5000])
async def test_the_log_line_of_a_refused_request_is_bounded(ds, site_log, path):
    """An unknown path under /-/assess/ used to log the whole path, however long."""
    status, _text = await _raw(ds, "GET", path, None)
    assert 400 <= status < 500
    assert all(len(line) < 600 for line in site_log), [len(line) for line in site_log]
    if "/-/assess/" in path:
        assert site_log and "more characters" in site_log[0]
