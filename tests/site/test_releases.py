"""Releases: two releases from two states of data/, each served at /v/<N>/ for good, and one
citation implementation for the page, the route and ``variorum cite``."""

from __future__ import annotations

import html
import json
import re
import shutil
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine.cli import main as cli
from engine.release import check, differences, make
from schema.build import build

from conftest import NEW_TEXT, OLD_TEXT, RELEASE_BASE as BASE, keep_play_engine, make_datasette, releases_copy

LOOPBACK = re.compile(r"localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0")


@pytest.fixture(scope="module")
def releases(release_pair, tmp_path_factory) -> dict:
    """Release 1 from data/ as it is; release 2 after a record's words, a ruleset's choice and a
    description change (conftest.py's release_pair, made once a run), in this module's own copy of
    the releases folder (its tests check releases, which writes there); a third release of release
    2's records is refused. ``root`` holds the records each was made from (data1, data2: read only)."""
    root = tmp_path_factory.mktemp("releases")
    folder = releases_copy(release_pair, root / "releases")
    with pytest.raises(ValueError, match="nothing to release"):
        make(release_pair["data2"], folder, base_url=BASE, date="2026-12-02")
    site = root / "site"
    site.mkdir()
    shutil.copy(folder / "2" / "archive.db", site / "archive.db")  # the latest, as served
    (site / "archive.db").chmod(0o644)
    return {"folder": folder, "m1": release_pair["m1"], "m2": release_pair["m2"], "db": site / "archive.db",
            "root": release_pair["root"]}


@pytest.fixture()
async def ds(releases, monkeypatch, compiled_kernels):
    """A new Datasette serving release 2's archive with this module's releases, started; its play
    engine the one an earlier test's started over the same file (conftest.py's keep_play_engine: each
    new Datasette stopped it and started another, two processes loading every game's kernels)."""
    monkeypatch.setenv("VARIORUM_RELEASES", str(releases["folder"]))
    monkeypatch.delenv("VARIORUM_BASE_URL", raising=False)
    datasette = make_datasette(releases["db"])
    keep_play_engine(datasette)
    await datasette.invoke_startup()
    return datasette


def _game_json(page: str) -> dict:
    return json.loads(re.search(r'<script type="application/json" id="vr-game">(.*?)</script>', page, re.S).group(1))


def test_releases_are_numbered_immutable_and_small(releases):
    m1, m2, folder = releases["m1"], releases["m2"], releases["folder"]
    assert (m1["release"], m2["release"], m2["previous"]) == (1, 2, 1)
    assert m1["data"] != m2["data"] and m1["engine"] == m2["engine"]
    for n in (1, 2):
        for p in (folder / str(n)).iterdir():
            assert not p.stat().st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH), p
    assert set(m2["files"]) == {"archive.db", "golden.json", "NOTES.md", "changes.json"}
    assert m2["bytes"] < 5_000_000
    changes = json.loads((folder / "2" / "changes.json").read_text())
    assert changes["records"]["statements"]["changed"] == ["tauru.board-and-pieces"]
    assert set(changes["play_changed"]) == {"tauru", "tap-urdy"}
    assert set(changes["play_changed"]["tauru"]) == {"sources"}
    assert "its switches changed" in changes["play_changed"]["tauru"]["sources"]
    # the description changed: every ruleset of Tap-urdy plays differently, with the same switches
    tap_urdy = changes["play_changed"]["tap-urdy"]
    assert len(tap_urdy) >= 2 and all("the same switches played differently" in why for why in tap_urdy.values())
    notes = (folder / "2" / "NOTES.md").read_text()
    assert "`tauru.board-and-pieces`" in notes and "tauru `sources`" in notes and "since release 1" in notes


async def test_an_old_reading_opens_at_its_release(ds):
    old = await ds.client.get("/v/1/games/tauru?ruleset=sources")
    assert old.status_code == 200
    assert OLD_TEXT in old.text and NEW_TEXT not in old.text
    assert old.headers["cache-control"] == "public, max-age=3600"  # its records never change; its templates may
    assert _game_json(old.text)["rulesets"]["sources"]["choices"]["tauru.directions"] == "orthogonal"
    assert 'data-release="1"' in old.text and "/static/releases.js" in old.text
    assert 'href="/v/1/sources/' in old.text and 'href="/sources/' not in old.text  # links stay in the release
    new = await ds.client.get("/games/tauru?ruleset=sources")
    assert NEW_TEXT in new.text and "immutable" not in new.headers.get("cache-control", "")
    assert _game_json(new.text)["rulesets"]["sources"]["choices"]["tauru.directions"] == "all"
    # the board and moves: the release's reading, played by the current engine
    start = (await ds.client.get("/v/1/-/play/tauru.json?ruleset=sources")).json()
    move = start["legal_moves"][0]
    played = (await ds.client.get(f"/v/1/-/play/tauru.json?ruleset=sources&moves={move}")).json()
    assert played["ruleset"] == "sources" and played["release"] == 1 and played["moves"] == [move]
    assert played["switches"]["tauru.directions"] == "orthogonal" and played["board"] != start["board"]
    latest = (await ds.client.get(f"/-/play/tauru.json?ruleset=sources&moves={move}")).json()
    assert latest["switches"]["tauru.directions"] == "all"
    # the release's tables and search
    rows = (await ds.client.get("/v/1/archive/statements.json?id=tauru.board-and-pieces&_shape=array")).json()
    assert rows[0]["text"].startswith(OLD_TEXT)
    source = await ds.client.get("/v/1/sources/beart-1955")
    assert source.status_code == 200 and 'href="/v/1/games/tauru' in source.text
    found = await ds.client.get("/v/1/-/search?q=corrected")
    assert found.status_code == 200 and "tauru.board-and-pieces" not in found.text
    assert (await ds.client.get("/v/3/games/tauru")).status_code == 404
    assert (await ds.client.get("/v/1")).status_code == 302


async def test_the_latest_page_links_to_what_changed(ds):
    page = (await ds.client.get("/games/tauru")).text
    assert '<a href="/-/releases/2">what changed since release 1</a>' in page
    listing = (await ds.client.get("/-/releases.json")).json()
    assert listing["latest"] == 2 and listing["served"] == 2
    assert [r["release"] for r in listing["releases"]] == [1, 2]  # what an old page's script shows
    notes = await ds.client.get("/-/releases/2")
    assert notes.status_code == 200 and "tauru.board-and-pieces" in notes.text
    assert "Rulesets whose play changed" in notes.text
    assert "2 release(s)" in (await ds.client.get("/-/releases")).text


async def test_each_release_plays_its_own_description(ds, releases):
    old = (await ds.client.get("/v/1/-/play/tap-urdy.json")).json()
    latest = (await ds.client.get("/-/play/tap-urdy.json")).json()  # the served archive: release 2's
    assert old["release"] == 1 and set(old["board"]["a"]) == {4} and set(latest["board"]["a"]) == {5}
    moved = (await ds.client.get(f"/v/1/-/play/tap-urdy.json?moves={old['legal_moves'][0]}")).json()
    assert sum(moved["board"]["a"]) + sum(moved["board"]["b"]) + sum(moved["board"]["captures"]) == 48
    import engine
    from engine.games import GAMES, rules_of

    one, two = (releases["folder"] / str(n) / "archive.db" for n in (1, 2))
    assert rules_of("tap-urdy", one) is GAMES["tap-urdy"]  # the same text: the registry's rules, nothing built
    assert rules_of("tap-urdy", two) is not GAMES["tap-urdy"]
    assert set(engine.new_game("tap-urdy", data_dir=two).board()["a"]) == {5}
    for bad in ("0", "01", "3", "x", "9" * 40):
        answer = await ds.client.get(f"/-/play/tap-urdy.json?release={bad}")
        assert answer.status_code == 400 and answer.json()["parameter"] == "release", bad


async def test_the_current_engine_is_checked_against_a_release(ds, releases):
    found = check(1, releases["folder"])
    assert found["differs"] == {}  # the engine that made release 1 is the one running
    assert check(2, releases["folder"])["differs"] == {}  # each played as its own descriptions describe it
    body = (await ds.client.get("/-/releases/1/check.json")).json()
    assert body["differs"] == {} and body["engine"] == found["engine"]
    golden = json.loads((releases["folder"] / "1" / "golden.json").read_text())
    changed = json.loads(json.dumps(golden))
    play = changed["games"]["tauru"]["sources"]
    play["moves"][3] = "zz"
    play["steps_sha256"] = "0" * 64
    assert differences(golden, changed) == {"tauru": {"sources": "the same switches played differently: "
                                                                "first different at move 4"}}


def _cli(*args: str) -> str:
    out = CliRunner().invoke(cli, ["cite", *args])
    assert out.exit_code == 0, out.output
    return out.output


@pytest.mark.parametrize("prefix, release", [("", None), ("/v/1", "1")])
async def test_cite_and_the_page_agree_byte_for_byte(ds, releases, prefix, release):
    query = "ruleset=sources&set=directions:all,first-player:lot&moves=c3&seed=4"
    body = (await ds.client.get(f"{prefix}/-/cite/tauru.json?{query}")).json()
    where = ["--release", release] if release else ["--archive", str(releases["db"])]
    for fmt in ("text", "short", "bibtex", "csl-json"):
        printed = _cli("tauru", "--ruleset", "sources", "--set", "directions=all", "--set", "first-player=lot",
                       "--moves", "c3", "--seed", "4", "--format", fmt, "--releases", str(releases["folder"]), *where)
        assert printed == body["formats"][fmt]
    assert f"release {release or 2}" in body["text"].lower() and f"{BASE}{prefix or '/v/2'}/games/tauru?" in body["url"]
    page = (await ds.client.get(f"{prefix}/games/tauru?{query}")).text
    for fmt, id_ in (("short", "vr-cite-short"), ("bibtex", "vr-cite-bibtex"), ("csl-json", "vr-cite-csl")):
        shown = re.search(rf'<pre id="{id_}" class="vr-cite-block">(.*?)</pre>', page, re.S).group(1)
        assert html.unescape(shown) == body["formats"][fmt]


async def test_no_citation_contains_a_loopback_address(releases, monkeypatch, tmp_path):
    """The unreleased state with no address configured: the citations say so, whatever the Host."""
    monkeypatch.setenv("VARIORUM_RELEASES", str(releases["folder"]))
    monkeypatch.setenv("VARIORUM_WARM", "0")  # pages and citations only: no kernels loaded for play
    monkeypatch.delenv("VARIORUM_BASE_URL", raising=False)
    (tmp_path / "unrel").mkdir()
    data3 = tmp_path / "data3"
    shutil.copytree(releases["root"] / "data2", data3)
    (data3 / "games" / "tauru.yaml").write_text(
        (data3 / "games" / "tauru.yaml").read_text().replace(NEW_TEXT, NEW_TEXT + " (again)"))
    build(data3, tmp_path / "unrel" / "archive.db")
    datasette = make_datasette(tmp_path / "unrel" / "archive.db")
    await datasette.invoke_startup()
    headers = {"host": "127.0.0.1:8001"}
    page = (await datasette.client.get("/games/tauru", headers=headers)).text
    assert "Records not yet released" in page
    for game in ("tauru", "tap-urdy", "lobudok", "tsoro-additional-capture"):
        for path in (f"/-/cite/{game}.json", f"/-/cite/{game}.json?seed=3", f"/v/1/-/cite/{game}.json"):
            body = (await datasette.client.get(path, headers=headers)).json()
            for fmt, text in body["formats"].items():
                assert not LOOPBACK.search(text), (path, fmt)
            if not path.startswith("/v/"):
                assert body["url"] is None and "no canonical address is configured" in body["formats"]["short"]
                assert "unreleased" in body["formats"]["text"]
        page = (await datasette.client.get(f"/games/{game}", headers=headers)).text
        cite = page[page.index('<section id="cite">'):]
        assert not LOOPBACK.search(cite)


def _unchecked_copy(releases, tmp_path) -> Path:
    """The releases folder without the checks a test made: a check of it starts anew."""
    folder = tmp_path / "releases"
    shutil.copytree(releases["folder"], folder, ignore=shutil.ignore_patterns("checks"))
    return folder


def _nice(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])


async def test_a_check_starts_on_get_only_one_at_a_time_below_the_pages(ds, releases, monkeypatch, tmp_path):
    from datasette.plugins import pm

    plugin = next(m for m in pm.get_plugins() if hasattr(m, "_start_check") and hasattr(m, "stop_checks"))
    monkeypatch.setenv("VARIORUM_RELEASES", str(_unchecked_copy(releases, tmp_path)))
    try:
        for method in ("HEAD", "OPTIONS", "POST"):
            answer = await ds.client.request(method, "/-/releases/1/check.json")
            assert answer.status_code in (202, 405), (method, answer.status_code)
            assert plugin._checking == {}, method  # no process for anything but a GET
        first = await ds.client.get("/-/releases/1/check.json")
        assert first.status_code == 202 and list(plugin._checking) == [1]
        again = await ds.client.get("/-/releases/1/check.json")
        assert again.status_code == 202 and len(plugin._checking) == 1  # the same process
        other = await ds.client.get("/-/releases/2/check.json")
        assert other.status_code == 503 and other.headers["retry-after"]  # the cap: one at a time
        assert list(plugin._checking) == [1]
        assert _nice(plugin._checking[1].pid) >= plugin.CHECK_NICE
    finally:
        plugin.stop_checks()


def test_a_check_dies_with_the_server(releases, tmp_path):
    import os
    import signal
    import socket
    import time
    import urllib.error
    import urllib.request

    from conftest import serve_site

    site = tmp_path / "site"
    site.mkdir()
    shutil.copy(releases["db"], site / "archive.db")
    for part in ("plugins", "templates", "static", "metadata.yaml"):
        src = Path(__file__).resolve().parents[2] / "site" / part
        (shutil.copytree if src.is_dir() else shutil.copy)(src, site / part)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base, proc = serve_site(site, port, VARIORUM_RELEASES=str(_unchecked_copy(releases, tmp_path)), VARIORUM_WARM="0")
    try:
        try:
            urllib.request.urlopen(base + "/-/releases/1/check.json", timeout=10)
        except urllib.error.HTTPError as exc:
            raise AssertionError(exc.code) from None
        children = [int(p) for task in Path(f"/proc/{proc.pid}/task").iterdir()
                    for p in (task / "children").read_text().split()]
        checks = [c for c in children if b"--check" in Path(f"/proc/{c}/cmdline").read_bytes()]
        assert len(checks) == 1
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(checks[0], 0)
            state = Path(f"/proc/{checks[0]}/stat").read_text().rsplit(")", 1)[1].split()[0]
            if state == "Z":
                break
        except (ProcessLookupError, FileNotFoundError):
            break
        time.sleep(0.2)
    else:
        os.kill(checks[0], signal.SIGKILL)
        raise AssertionError("the check outlived the server")


@pytest.mark.parametrize("path", ["/v/01/", "/v/001/games/tauru", "/v/" + "9" * 256 + "/", "/v/0/",
                                  "/-/releases/00001", "/-/releases/" + "9" * 256,
                                  "/-/releases/01/check.json", "/-/releases/" + "9" * 256 + "/check.json"])
async def test_a_bad_release_number_is_a_404_without_a_loop(ds, path):
    answer = await ds.client.get(path)
    assert answer.status_code == 404, (path, answer.status_code, answer.headers.get("location"))


def test_two_releases_at_once_get_two_numbers_and_manifests_true_to_their_databases(releases, tmp_path):
    """Two ``variorum release`` runs at once from two data folders: serialised by the lock, numbered
    once each, and each manifest's hashes those of the database it holds and the records it was built from."""
    import sqlite3
    import subprocess
    import sys

    from engine.fingerprint import data_hash
    from schema import releases as R

    folder = tmp_path / "releases"
    datas = []
    for i, text in enumerate((NEW_TEXT + " (first)", NEW_TEXT + " (second)")):
        data = tmp_path / f"data{i}"
        shutil.copytree(releases["root"] / "data2", data)
        tauru = data / "games" / "tauru.yaml"
        tauru.write_text(tauru.read_text().replace(NEW_TEXT, text))
        datas.append((data, text, data_hash(data)))
    runs = [subprocess.Popen([sys.executable, "-m", "engine.cli", "release", "--data", str(data), "--releases",
                              str(folder), "--date", "2026-12-01"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            for data, _, _ in datas]
    outputs = [run.communicate(timeout=600)[0].decode() for run in runs]
    assert [run.returncode for run in runs] == [0, 0], outputs
    assert R.numbers(folder) == [1, 2]
    assert sorted(p.name for p in folder.iterdir() if not p.name.startswith(".")) == ["1", "2"]
    assert not [p for p in folder.iterdir() if p.name.endswith((".tmp", ".data"))]
    seen = set()
    for n in (1, 2):
        m = R.manifest(n, folder)
        db = folder / str(n) / "archive.db"
        assert m["archive"] == R.archive_hash(db) == R.file_sha256(db)[:16]
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            text = conn.execute("select text from statements where id = 'tauru.board-and-pieces'").fetchone()[0]
        (data, wrote, hashed), = [d for d in datas if text.startswith(d[1])]
        assert m["data"] == hashed  # the records this database was built from
        seen.add(wrote)
    assert len(seen) == 2  # neither run's records were lost


async def test_only_immutable_files_carry_the_immutable_header(ds):
    for path in ("/v/1/-/releases.json", "/v/1/-/play.json", "/v/1/-/bake.json", "/v/1/-/releases/1/check.json",
                 "/v/1/static/releases.js", "/v/1/games/tauru"):
        answer = await ds.client.get(path)
        assert "immutable" not in answer.headers.get("cache-control", ""), (path, answer.headers.get("cache-control"))
    notes = await ds.client.get("/-/releases/1")  # NOTES.md of a release never changes
    assert "immutable" in notes.headers["cache-control"]


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE"])
async def test_methods_are_the_same_under_a_release(ds, method):
    for path in ("/-/play/tauru.json", "/-/cite/tauru.json"):
        latest = await ds.client.request(method, path)
        old = await ds.client.request(method, "/v/1" + path)
        assert latest.status_code == old.status_code == 405, (method, path, latest.status_code, old.status_code)


async def test_cold_release_requests_all_answer_at_once(releases, monkeypatch, compiled_kernels):
    import asyncio

    monkeypatch.setenv("VARIORUM_RELEASES", str(releases["folder"]))
    datasette = make_datasette(releases["db"])  # a fresh server: no release Datasette made yet
    keep_play_engine(datasette)  # (its play engine is not what is fresh here)
    await datasette.invoke_startup()
    paths = ["/v/1/", "/v/2/", "/v/1/games/tauru", "/v/2/games/tap-urdy"] * 5
    answers = await asyncio.gather(*(datasette.client.get(p) for p in paths))
    assert [a.status_code for a in answers] == [200] * len(paths)


async def test_an_old_release_page_is_whole_while_the_server_bakes(ds, monkeypatch):
    monkeypatch.setenv("VARIORUM_BAKING", "1")
    monkeypatch.setenv("VARIORUM_ASSESSING", "1")
    page = (await ds.client.get("/v/1/games/tap-urdy")).text
    assert "being computed" not in page and "in a moment" not in page  # the latest's bake is not the release's
    assert page.count("Release 1's figures are computed on demand") == 3  # comparison, assessment, reconstruction
    assert 'href="/games/tap-urdy" data-latest' in page  # the latest page's figures, until the release's are baked


async def test_a_release_made_while_serving_reaches_every_page_at_once(releases, monkeypatch, tmp_path, compiled_kernels):
    folder = tmp_path / "releases"
    folder.mkdir()
    shutil.copytree(releases["folder"] / "1", folder / "1")
    monkeypatch.setenv("VARIORUM_RELEASES", str(folder))
    monkeypatch.setenv("VARIORUM_WARM", "0")  # pages only: no kernels loaded for play
    site = tmp_path / "site"
    site.mkdir()
    shutil.copy(folder / "1" / "archive.db", site / "archive.db")
    datasette = make_datasette(site / "archive.db")
    await datasette.invoke_startup()
    before = (await datasette.client.get("/games/tauru")).text
    assert "Release 1 (" in before and "the latest" in before
    shutil.copytree(releases["folder"] / "2", folder / "2")  # `variorum release` while serving
    after = (await datasette.client.get("/games/tauru")).text
    assert "the latest" not in after and "a newer release" in after and 'href="/v/2/"' in after
    listing = (await datasette.client.get("/-/releases.json")).json()
    assert (listing["latest"], listing["served"]) == (2, 1)


async def test_a_build_while_serving_reaches_the_pages_citations_and_play_as_a_whole(releases, monkeypatch, tmp_path,
                                                                                      compiled_kernels):
    import os

    monkeypatch.setenv("VARIORUM_RELEASES", str(releases["folder"]))
    # the play engine started for the first archive stops at the swap, and the one after it is never
    # warmed (site/plugins/variorum_play.py's engine_of): warming the first loaded kernels nothing used
    monkeypatch.setenv("VARIORUM_WARM", "0")
    site = tmp_path / "site"
    site.mkdir()
    shutil.copy(releases["folder"] / "1" / "archive.db", site / "archive.db")
    (site / "archive.db").chmod(0o644)
    datasette = make_datasette(site / "archive.db")
    await datasette.invoke_startup()
    page = (await datasette.client.get("/games/tauru?ruleset=sources")).text
    assert OLD_TEXT in page and "Release 1 (" in page
    shutil.copy(releases["folder"] / "2" / "archive.db", site / "new.db")
    os.replace(site / "new.db", site / "archive.db")  # what `variorum build` does
    page = (await datasette.client.get("/games/tauru?ruleset=sources")).text
    assert NEW_TEXT in page and "Release 2 (" in page and "Release 1 (" not in page
    cite = (await datasette.client.get("/-/cite/tauru.json?ruleset=sources")).json()
    assert "release 2" in cite["formats"]["text"].lower()
    played = (await datasette.client.get("/-/play/tauru.json?ruleset=sources")).json()
    assert played["switches"]["tauru.directions"] == "all"  # release 2's reading, as the page says


def test_one_hash_on_the_page_in_version_and_in_cite(releases, monkeypatch, tmp_path):
    """`variorum cite` and `variorum version` only read: the archive is not rebuilt, even when data/ is
    newer; the hash they print is the one the page prints."""
    import asyncio
    import os

    import schema.paths
    from schema import releases as R

    data = tmp_path / "data"
    shutil.copytree(releases["root"] / "data2", data)
    site = tmp_path / "site"
    site.mkdir()
    build(data, site / "archive.db")
    (data / "games" / "tauru.yaml").write_text((data / "games" / "tauru.yaml").read_text() + "\n")
    os.utime(site / "archive.db", (1, 1))  # data/ is newer than the archive
    before = (site / "archive.db").read_bytes()
    monkeypatch.setattr(schema.paths, "ARCHIVE_DB", site / "archive.db")
    monkeypatch.setattr(schema.paths, "DATA_DIR", data)
    monkeypatch.setenv("VARIORUM_RELEASES", str(tmp_path / "no-releases"))
    monkeypatch.setenv("VARIORUM_WARM", "0")  # the page's hash only: no kernels loaded for play
    runner = CliRunner()
    cited = runner.invoke(cli, ["cite", "tauru"], catch_exceptions=False)
    version = runner.invoke(cli, ["version"], catch_exceptions=False)
    assert cited.exit_code == 0 and version.exit_code == 0, (cited.output, version.output)
    assert (site / "archive.db").read_bytes() == before and os.stat(site / "archive.db").st_mtime == 1  # not built
    digest = R.archive_hash(site / "archive.db")
    assert f"archive {digest}" in cited.stdout and f"archive: {digest}" in version.output

    async def page() -> str:
        datasette = make_datasette(site / "archive.db")
        await datasette.invoke_startup()
        return (await datasette.client.get("/games/tauru")).text

    assert f"archive {digest}" in asyncio.run(page())


async def test_the_releases_page_shows_no_server_folder_and_scrolls_narrow(ds, releases):
    page = (await ds.client.get("/-/releases")).text
    assert str(releases["folder"]) not in page and "2 release(s)" in page
    assert '<div class="vr-scroll"><table>' in page  # the wide table scrolls within a 390 px screen
