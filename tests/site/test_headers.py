"""Security headers on every answer, and Datasette's introspection pages not public (issue 29, item 7)."""

from __future__ import annotations

import pytest

PAGES = ["/", "/games/tap-urdy", "/archive/evidence", "/archive/games.json", "/-/play/tap-urdy.json",
         "/-/cite/tap-urdy.json", "/-/releases", "/static/variorum.css", "/no/such/page", "/-/search?q=clockwise"]


@pytest.mark.parametrize("path", PAGES)
async def test_every_answer_carries_the_security_headers(ds, path):
    answer = await ds.client.get(path)
    assert answer.headers["x-content-type-options"] == "nosniff", path
    assert answer.headers["x-frame-options"] == "DENY", path
    csp = answer.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "object-src 'none'" in csp and "default-src 'self'" in csp
    assert len(answer.headers.get_list("content-security-policy")) == 1


@pytest.mark.parametrize("path", ["/-/versions", "/-/versions.json", "/-/threads", "/-/threads.json", "/-/plugins",
                                  "/-/plugins.json", "/-/settings.json", "/-/actor.json", "/-/permissions",
                                  "/-/messages", "/-/allow-debug", "/-/patterns", "/v/1/-/versions.json"])
async def test_introspection_pages_are_not_public(ds, path):
    answer = await ds.client.get(path)
    assert answer.status_code == 404, (path, answer.status_code)
    assert "datasette" not in answer.text.lower()


async def test_introspection_pages_open_when_the_server_says_so(ds, monkeypatch):
    monkeypatch.setenv("VARIORUM_INTROSPECTION", "1")
    assert (await ds.client.get("/-/versions.json")).status_code == 200



async def test_the_databases_list_is_public_without_the_files_paths(ds, monkeypatch):
    listed = (await ds.client.get("/-/databases.json")).json()
    assert {d["name"] for d in listed} >= {"archive"} and all("path" not in d for d in listed)
    assert all("is_mutable" in d for d in listed)
    monkeypatch.setenv("VARIORUM_INTROSPECTION", "1")
    listed = (await ds.client.get("/-/databases.json")).json()
    assert all(d["path"] for d in listed if not d["is_memory"])
