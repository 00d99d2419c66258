"""Datasette plugin: every release served at ``/v/<N>/...``, the releases' pages, and "Cite this".

**Releases.** ``/v/<N>/...`` serves release N (schema/releases.py: ``site/releases/<N>/``) with
every page of the site: a Datasette of its own over the release's archive database (same plugins,
templates and static files, ``base_url`` ``/v/<N>/``), made on the first request for it. Links the
templates write from the root (``href="/games/..."``) are rewritten to stay in the release; the play
API of a release page (``/v/<N>/-/play/...``) plays the release's reading (its ruleset's switch
values, read from the release's database) as the release's own description of the game describes
it (engine.descriptions), on the current engine. Answers under ``/v/<N>/`` are
immutable (``cache-control: public, max-age=31536000, immutable``) but the play API's; the latest
addresses keep Datasette's short cache lifetime. A release page's HTML never changes, so what does
(a newer release exists; the current engine plays one of its rulesets differently from its golden
playthrough) comes from ``/-/releases.json`` and ``/-/releases/<N>/check.json``, shown by
``static/releases.js``.

**Routes.** ``/-/releases`` lists the releases (size, date, hashes); ``/-/releases/<N>`` gives a
release's notes (what changed since the one before); ``/-/releases.json``;
``/-/releases/<N>/check.json`` (the current engine against release N's golden playthroughs:
HTTP 202 while it is being computed, in a process of its own).

**Citations.** ``/-/cite/<game>.json?ruleset=&set=&moves=&seed=`` is the citation of a reading
(schema/citation.py, the implementation ``variorum cite`` uses): ``formats`` holds exactly what
``variorum cite --format F`` prints. The canonical base address is ``$VARIORUM_BASE_URL``
(``variorum serve --base-url``), else the release's own; with none the citation says so.
"""

from __future__ import annotations

import asyncio
import atexit
import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

from datasette import hookimpl
from datasette.utils.asgi import NotFound, Response

IMMUTABLE = b"public, max-age=31536000, immutable"
RELEASE_PAGE = b"public, max-age=3600"
"""A release's pages: its records do not change, but the templates and the engine that draw them may."""
IMMUTABLE_FILES = re.compile(r"^/archive\.db$")
"""Under ``/v/<N>/``, the paths of files that never change (the release's archive database)."""
CHANGING = re.compile(r"^/-/(?!cite/)")
"""Under ``/v/<N>/``, the paths whose answers change (``releases.json``, ``check.json``, ``bake.json``,
``play.json``, the results' charts, ...): never cached for long."""


def lifetime(rest: str) -> bytes:
    """The cache-control of an answer at ``/v/<N><rest>``: immutable only for the release's files."""
    if IMMUTABLE_FILES.match(rest):
        return IMMUTABLE
    if CHANGING.match(rest) or rest.startswith("/static/"):
        return b"no-cache"
    return RELEASE_PAGE
RELEASE_PATH = re.compile(r"^/v/(\d+)(/.*)?$")
FORMATS = ("text", "short", "bibtex", "csl-json")
_subs: dict[tuple[int, int], Any] = {}
_checking: dict[int, subprocess.Popen] = {}


def _releases():
    from schema import releases as R

    return R


def _engine() -> str | None:
    try:
        from engine import ENGINE_FINGERPRINT
    except ImportError:
        return None
    return ENGINE_FINGERPRINT


MAX_DIGITS = 9
"""The most digits of a release number in an address (more: no such release)."""


def release_number(text: str) -> int:
    """The release a path names: digits without a leading zero, at most :data:`MAX_DIGITS` of them;
    NotFound otherwise (``/v/01/`` is no second address of release 1, and 256 digits are no file
    name to look up)."""
    if not re.fullmatch(rf"[1-9]\d{{0,{MAX_DIGITS - 1}}}", text):
        raise NotFound(f"no release {text[:20]}{'...' if len(text) > 20 else ''}: see /-/releases")
    return int(text)


def release_of(datasette) -> int | None:
    """The release a Datasette serves (its base_url is /v/<N>/), or None for the latest."""
    m = re.fullmatch(r"/v/(\d+)/", datasette.setting("base_url") or "/")
    return int(m.group(1)) if m else None


def _archive_path(datasette) -> str:
    return datasette.get_database("archive").path


def edition(datasette):
    """What this server's pages cite: its release, or the release the served archive is, or the
    unreleased state; with the configured canonical address."""
    number = release_of(datasette)
    if number is None:
        served = _served(_archive_path(datasette))[0]
        number = served["release"] if served else None
    return _releases().edition(_archive_path(datasette), _engine(), os.environ.get("VARIORUM_BASE_URL"), number)


# --- citations ----------------------------------------------------------------------------------

def citation_of(datasette, game: str, args: dict[str, str]) -> dict[str, Any]:
    """The citation of ``game`` read as ``args`` say (ValueError on a bad reading)."""
    from schema import citation as C

    ed = edition(datasette)
    conn = sqlite3.connect(f"file:{_archive_path(datasette)}?mode=ro&immutable=1", uri=True)
    try:
        r = C.reading(conn, game, args.get("ruleset") or None, args.get("set") or None, args.get("moves") or None,
                      args.get("seed") or 0)
        out = C.cite(conn, r, ed)
    finally:
        conn.close()
    out["formats"] = {f: C.render(out, f) for f in FORMATS}
    return out


async def cite_route(datasette, request) -> Response:
    game = request.url_vars["game_id"]
    args = {k: request.args.get(k) for k in ("ruleset", "set", "moves", "seed") if request.args.get(k) is not None}
    unknown = sorted(set(request.args.keys()) - {"ruleset", "set", "moves", "seed"})
    if unknown:
        return Response.json({"error": f"unknown parameter {unknown[0]!r}; parameters: moves, ruleset, seed, set",
                              "parameter": unknown[0]}, status=400)
    try:
        body = await asyncio.to_thread(citation_of, datasette, game, args)
    except ValueError as exc:
        return Response.json({"error": str(exc), "parameter": None}, status=400)
    return Response(json.dumps(body, ensure_ascii=False), content_type="application/json; charset=utf-8")


@hookimpl
def extra_template_vars(template, datasette, request):
    """The game page's citation of the reading its address names (else the default reading), so
    that the page cites something before (and without) JavaScript."""
    if template != "variorum_game.html" or request is None:
        return {}

    async def inner():
        game = request.url_vars.get("game_id") if request.url_vars else None
        if not game:
            return {}
        args = {k: request.args.get(k) for k in ("ruleset", "set", "moves", "seed") if request.args.get(k)}
        try:
            found = await asyncio.to_thread(citation_of, datasette, game, args)
        except ValueError:
            try:
                found = await asyncio.to_thread(citation_of, datasette, game, {})
            except ValueError:
                return {"variorum_citation": None}
        return {"variorum_citation": found}

    return inner


# --- release pages --------------------------------------------------------------------------------

def _manifests() -> list[dict[str, Any]]:
    R = _releases()
    return [R.manifest(n) for n in R.numbers()]


def _summary(m: dict[str, Any]) -> dict[str, Any]:
    return {"release": m["release"], "date": m["date"], "archive": _releases().archive_hash_of(m),
            "data": m["data"], "engine": m["engine"],
            "bytes": m["bytes"], "previous": m.get("previous"), "url": f"/v/{m['release']}/",
            "notes": f"/-/releases/{m['release']}"}


_served_cache: dict[tuple, tuple] = {}


def _served(archive: str) -> tuple[dict | None, dict | None]:
    """(the release the served archive is, or None; the latest release), kept while neither the
    archive nor the set of releases changes (hashing the archive takes a few ms)."""
    R = _releases()
    key = (archive, os.stat(archive).st_mtime_ns, tuple(R.numbers()))
    if key not in _served_cache:
        _served_cache.clear()
        _served_cache[key] = (R.release_of_archive(archive), R.latest())
    return _served_cache[key]


async def releases_json(datasette, request) -> Response:
    found = [_summary(m) for m in _manifests()]
    served = _served(_archive_path(datasette))[0]
    body = {"latest": found[-1]["release"] if found else None, "served": served["release"] if served else None,
            "engine": _engine(), "releases": found}
    return Response.json(body, headers={"cache-control": "no-cache"})


def _markdown(text: str) -> str:
    """The release notes' small Markdown (headings, bullets, `code`) as HTML."""
    from html import escape

    out, in_list = [], False
    for line in text.splitlines():
        html = re.sub(r"`([^`]+)`", r"<code>\1</code>", escape(line))
        if line.startswith("- "):
            if not in_list:
                out.append("<ul>")
                in_list = True
            out.append(f"<li>{html[2:]}</li>")
            continue
        if in_list:
            out.append("</ul>")
            in_list = False
        level = len(line) - len(line.lstrip("#"))
        if level and line[level:level + 1] == " ":
            out.append(f"<h{level + 1}>{html[level + 1:]}</h{level + 1}>")
        elif line.strip():
            out.append(f"<p>{html}</p>")
    if in_list:
        out.append("</ul>")
    return "\n".join(out)


async def releases_page(datasette, request) -> Response:
    R = _releases()
    found = _manifests()
    rows = "".join(
        f"<tr><td><a href=\"/v/{m['release']}/\">{m['release']}</a></td><td>{m['date']}</td><td><code>{R.archive_hash_of(m)}</code></td>"
        f"<td><code>{m['engine']}</code></td><td>{m['bytes'] / 1e6:.2f} MB</td>"
        f"<td><a href=\"/-/releases/{m['release']}\">what changed</a></td></tr>" for m in reversed(found))
    total = sum(m["bytes"] for m in found)
    body = (f"<h1>Releases of the archive</h1><p>{len(found)} release(s), {total / 1e6:.2f} MB in all; each is "
            "served, unchanged, at <code>/v/N/</code>.</p>"
            '<div class="vr-scroll"><table><thead><tr><th>Release</th><th>Date</th><th>Archive hash</th><th>Engine</th>'
            f"<th>Size</th><th>Notes</th></tr></thead><tbody>{rows}</tbody></table></div>" if found else
            "<h1>Releases of the archive</h1><p>No release has been made yet (<code>variorum release</code>).</p>")
    return Response.html(await _wrap(datasette, request, "Releases", body))


async def release_notes(datasette, request) -> Response:
    number = release_number(request.url_vars["number"])
    R = _releases()
    try:
        m = R.manifest(number)
    except ValueError as exc:
        raise NotFound(str(exc))
    notes = (R.releases_dir() / str(number) / "NOTES.md").read_text()
    body = (f"<p><a href=\"/v/{number}/\">Open release {number}</a> · <a href=\"/-/releases\">all releases</a></p>"
            + _markdown(notes))
    return Response.html(await _wrap(datasette, request, f"Release {m['release']}", body),
                         headers={"cache-control": IMMUTABLE.decode()})


async def _wrap(datasette, request, title: str, body: str) -> str:
    return await datasette.render_template("variorum_release.html", {"title": title, "body": body},
                                           request=request)


MAX_CHECKS = 1
"""Checks of releases (processes replaying golden playthroughs) running at once, server-wide."""
CHECK_NICE = 15
"""The checks' niceness: below the pages and the play API's workers."""


def _check_child() -> None:
    """In a check's process, before it runs: it dies with the server (even by SIGKILL) and yields
    the CPU to the server."""
    from engine.play import die_with_parent

    die_with_parent()
    os.nice(CHECK_NICE)


def _prune(running: dict[int, subprocess.Popen]) -> None:
    """Forget the processes of ``running`` (release -> process) that have ended."""
    for n, proc in list(running.items()):
        if proc.poll() is not None:
            del running[n]


def _start_check(number: int) -> bool:
    """Start release ``number``'s check unless it is running; False when :data:`MAX_CHECKS` other
    checks are running (the request is asked to come back)."""
    _prune(_checking)
    if number in _checking:
        return True
    if len(_checking) >= MAX_CHECKS:
        return False
    _checking[number] = subprocess.Popen(
        [sys.executable, "-m", "engine.cli", "release", "--check", str(number)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=_check_child)
    return True


MAX_FIGURES = 1
"""Old releases whose figures are baked at once, server-wide (each bakes every game: a long job)."""
FIGURES_ENV = "VARIORUM_RELEASE_FIGURES"
"""``0`` in the server's environment: old releases' figures are not baked on demand (the tests' default)."""
_figuring: dict[int, subprocess.Popen] = {}


def start_figures(number: int) -> bool:
    """Start baking release ``number``'s figures (engine.release.bake_figures: every section of every
    game, saved once under ``<releases>/figures/<N>/``) unless they are baked or being baked; False
    when :data:`MAX_FIGURES` other releases' are being baked (a later request starts it). Like a
    check, the bake is niced and dies with the server."""
    folder = _releases().releases_dir() / "figures" / str(number)
    if (folder / ".done").is_file():
        return True
    if os.environ.get(FIGURES_ENV, "1") == "0":
        return False
    _prune(_figuring)
    if number in _figuring:
        return True
    if len(_figuring) >= MAX_FIGURES:
        return False
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "bake.log", "ab") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "engine.cli", "release", "--figures", str(number)], stdout=out,
            stderr=subprocess.STDOUT, preexec_fn=_check_child,
            env=dict(os.environ, VARIORUM_RELEASES=str(_releases().releases_dir())))
    (folder / ".assessing").write_text(str(proc.pid))  # the pages say "being computed" from this request on
    _figuring[number] = proc
    return True


def stop_checks() -> None:
    """Stop every running check and release bake (the server is stopping)."""
    for proc in [*_checking.values(), *_figuring.values()]:
        if proc.poll() is None:
            proc.terminate()
    _checking.clear()
    _figuring.clear()


atexit.register(stop_checks)


async def release_check(datasette, request) -> Response:
    """Where the current engine plays release N's rulesets differently from their golden playthroughs.
    Only a GET starts the check (one at a time server-wide, niced, dying with the server); HEAD
    answers without starting it; other methods are refused."""
    if request.method not in ("GET", "HEAD"):
        return Response.json({"error": f"{request.method} is not allowed here; allowed: GET, HEAD", "parameter": None},
                             status=405, headers={"Allow": "GET, HEAD"})
    number = release_number(request.url_vars["number"])
    R = _releases()
    try:
        R.manifest(number)
    except ValueError as exc:
        raise NotFound(str(exc))
    fp = _engine()
    if fp is None:
        return Response.json({"error": "the engine is not installed: no check"}, status=404)
    cached = R.releases_dir() / "checks" / fp / f"{number}.json"
    if cached.is_file():
        return Response(cached.read_text(), content_type="application/json; charset=utf-8",
                        headers={"cache-control": "no-cache"})
    if request.method == "HEAD":
        started = number in _checking
    else:
        started = _start_check(number)
    if not started and request.method == "GET":
        return Response.json({"error": f"another release is being checked ({MAX_CHECKS} at a time); retry shortly",
                              "parameter": None}, status=503, headers={"retry-after": "10", "cache-control": "no-store"})
    return Response.json({"status": "checking" if started else "not started", "release": number, "engine": fp},
                         status=202, headers={"retry-after": "10", "cache-control": "no-store"})


@hookimpl
def register_routes():
    return [
        (r"^/-/cite/(?P<game_id>[a-z0-9]+(?:-[a-z0-9]+)*)\.json$", cite_route),
        (r"^/-/releases$", releases_page),
        (r"^/-/releases\.json$", releases_json),
        (r"^/-/releases/(?P<number>\d+)$", release_notes),
        (r"^/-/releases/(?P<number>\d+)/check\.json$", release_check),
    ]


# --- serving /v/<N>/ ----------------------------------------------------------------------------

_sub_lock: dict[int, asyncio.Lock] = {}


async def _sub(datasette, number: int):
    """The Datasette of release ``number``, made once and started (its startup hooks run) before
    any request reaches it, however many arrive at once; None if there is no such release."""
    from datasette.app import Datasette

    R = _releases()
    key = (id(datasette), number)
    found = _subs.get(key)
    if found is not None:
        return found[1]
    if not (R.releases_dir() / str(number) / R.MANIFEST).is_file():
        return None
    lock = _sub_lock.setdefault(id(datasette), asyncio.Lock())
    async with lock:  # one request makes and starts it; the others wait for it
        found = _subs.get(key)
        if found is None:
            db = R.releases_dir() / str(number) / "archive.db"
            settings = dict(datasette._settings, base_url=f"/v/{number}/")
            ds = Datasette(immutables=[str(db)], metadata=datasette._metadata_local,
                           template_dir=datasette.template_dir, static_mounts=datasette.static_mounts,
                           settings=settings)
            ds._variorum_main = datasette
            await ds.invoke_startup()
            found = _subs[key] = (ds, ds.app())
    return found[1]


LINK = re.compile(rb'((?:href|src|action)=")/(?!v/\d+/|-/releases)(?![^"]*"\s+data-latest)')
"""A link from the root that a release page keeps in the release (not one marked ``data-latest``)."""
JS_API = re.compile(rb'([`"\'])/-/(play|cite)/')


def _banner(number: int | None, datasette) -> bytes:
    """The line at the top of every page: which release this is, and where its changes are."""
    R = _releases()
    if number is not None:
        m = R.manifest(number)
        return (f'<p class="vr-release" id="vr-release" data-release="{number}">Release {number} of the archive '
                f'({m["date"]}; archive {R.archive_hash_of(m)}; engine {m["engine"]}): this address shows its records unchanged, '
                f'for good. <a href="/">The latest records</a> · <a href="/-/releases">all releases</a>'
                f'<span id="vr-release-newer"></span></p><div id="vr-release-check" hidden></div>'
                f'<script src="/static/releases.js" defer></script>').encode()
    served, latest = _served(_archive_path(datasette))
    if served is not None:
        prev = served.get("previous")
        what = f'<a href="/-/releases/{served["release"]}">what changed' + \
            (f" since release {prev}" if prev else "") + "</a>"
        newest = "the latest" if latest is None or latest["release"] == served["release"] else \
            f'a newer release, <a href="/v/{latest["release"]}/">{latest["release"]}</a>, has been made since'
        return (f'<p class="vr-release">Release {served["release"]} ({served["date"]}; archive '
                f'{_releases().archive_hash_of(served)}), {newest}: {what} · '
                f'<a href="/v/{served["release"]}/">its permanent address</a> · '
                f'<a href="/-/releases">all releases</a></p>').encode()
    if latest is not None:
        return (f'<p class="vr-release">Records not yet released (archive {edition(datasette).data}): they differ '
                f'from release {latest["release"]} ({latest["date"]}; <a href="/-/releases/{latest["release"]}">its '
                f'notes</a>, <a href="/v/{latest["release"]}/">its pages</a>).</p>').encode()
    return b""


def _rewrite_html(body: bytes, number: int | None, datasette) -> bytes:
    if number is not None:
        prefix = f"/v/{number}/".encode()
        body = LINK.sub(lambda m: m.group(1) + prefix, body)
    banner = _banner(number, datasette)
    if banner:
        body = re.sub(rb"(<body[^>]*>)", lambda m: m.group(1) + banner, body, count=1)
    return body


def _buffered(send, rewrite, headers_of, json_too: bool = False):
    """A ``send`` that gathers an HTML or JavaScript answer, rewrites it and sends it whole."""
    state: dict[str, Any] = {"start": None, "chunks": [], "kind": None}

    async def out(message):
        if message["type"] == "http.response.start":
            headers = [(k, v) for k, v in message.get("headers", [])]
            ctype = next((v for k, v in headers if k.lower() == b"content-type"), b"")
            kind = "html" if b"text/html" in ctype else "js" if b"javascript" in ctype else \
                "json" if json_too and b"json" in ctype else None
            headers = headers_of(message.get("status", 200), headers)
            state["kind"] = kind
            if kind is None:
                return await send(dict(message, headers=headers))
            state["start"] = dict(message, headers=[(k, v) for k, v in headers if k.lower() != b"content-length"])
            return None
        if message["type"] == "http.response.body" and state["kind"] is not None:
            state["chunks"].append(message.get("body", b""))
            if message.get("more_body"):
                return None
            body = rewrite(b"".join(state["chunks"]), state["kind"])
            start = state["start"]
            start["headers"] = [*start["headers"], (b"content-length", str(len(body)).encode())]
            await send(start)
            return await send({"type": "http.response.body", "body": body})
        return await send(message)

    return out


def _play_args(datasette, number: int, game: str, query: bytes) -> tuple[bytes, str]:
    """A release page's play request as the current server's: the release's rulesets resolved to
    every switch's value (from the release's database), and the release named, so that the engine
    plays the release's own descriptions (engine.play.release_source)."""
    from schema import citation as C

    R = _releases()
    args = dict(parse_qsl(query.decode("latin-1"), keep_blank_values=True))
    conn = sqlite3.connect(f"file:{R.releases_dir() / str(number) / 'archive.db'}?mode=ro&immutable=1", uri=True)
    try:
        def full(ruleset: str | None, sets: str | None) -> str:
            r = C.reading(conn, game, ruleset, sets)
            return ",".join(f"{k}:{v}" for k, v in sorted(r.switches.items()))

        ruleset = C.reading(conn, game, args.get("ruleset") or None).ruleset
        args["set"] = full(args.pop("ruleset", None), args.get("set"))
        args["release"] = str(number)  # played from the release's own records and descriptions
        if args.get("compare"):
            other, sets = C.split_spec(args["compare"])
            args["compare"] = ";" + full(other, sets)
    finally:
        conn.close()
    return urlencode(args, safe=":,;").encode(), ruleset


@hookimpl
def asgi_wrapper(datasette):
    if release_of(datasette) is None:  # a release made while serving: no cached page names the old latest
        datasette.__dict__.setdefault("_variorum_state", {})["releases"] = lambda: tuple(_releases().numbers())

    def wrap(app):
        async def serve(scope, receive, send):
            if scope.get("type") != "http":
                return await app(scope, receive, send)
            number = release_of(datasette)
            path = (scope.get("raw_path") or scope.get("path", "").encode()).split(b"?")[0].decode("latin-1")
            if number is None:  # the latest: /v/<N>/... goes to release N's Datasette
                m = RELEASE_PATH.match(path)
                if m is None:
                    return await app(scope, receive, _buffered(send, lambda b, k: _rewrite_html(b, None, datasette)
                                                               if k == "html" else b, lambda s, h: h))
                try:
                    number = release_number(m.group(1))
                except NotFound as exc:
                    return await Response.text(str(exc), status=404).asgi_send(send)
                if m.group(2) is None:
                    return await Response.redirect(f"/v/{number}/").asgi_send(send)
                sub = await _sub(datasette, number)
                if sub is None:
                    return await Response.text(f"No release {m.group(1)}: see /-/releases", status=404).asgi_send(send)
                return await sub(scope, receive, send)
            rest = path[len(f"/v/{number}"):]
            play = re.fullmatch(r"/-/play/([a-z0-9-]+)\.json", rest)
            if play:  # the release's reading, played by the current engine of the main server
                main = datasette._variorum_main
                try:
                    query, ruleset = _play_args(datasette, number, play.group(1), scope.get("query_string", b""))
                except ValueError as exc:
                    return await Response.json({"error": f"release {number}: {exc}", "parameter": "set"},
                                               status=400).asgi_send(send)
                inner = dict(scope, path=rest, raw_path=rest.encode(), query_string=query)

                def named(body: bytes, kind: str) -> bytes:  # the answer names the release's ruleset
                    answer = json.loads(body)
                    if isinstance(answer, dict) and "ruleset" in answer:
                        answer.update(ruleset=ruleset, release=number)
                    return json.dumps(answer, ensure_ascii=False).encode()

                return await main._variorum_app(inner, receive, _buffered(send, named, lambda s, h: h, json_too=True))
            prefix = f"/v/{number}/".encode()
            game_page = re.fullmatch(r"/games/[a-z0-9]+(?:-[a-z0-9]+)*", rest) is not None
            if game_page and scope.get("method") == "GET" and _engine() is not None:
                start_figures(number)  # its figures, on demand, saved once
            figures_final = (os.environ.get(FIGURES_ENV, "1") == "0"  # none to come: not baked on demand
                             or (_releases().releases_dir() / "figures" / str(number) / ".done").is_file())

            def rewrite(body: bytes, kind: str) -> bytes:
                if kind == "js":
                    return JS_API.sub(lambda m: m.group(1) + prefix + b"-/" + m.group(2) + b"/", body)
                return _rewrite_html(body, number, datasette)

            def headers(status: int, hs: list) -> list:
                if status != 200:
                    return hs
                keep = b"no-cache" if game_page and not figures_final else lifetime(rest)  # its figures to come
                return [*((k, v) for k, v in hs if k.lower() != b"cache-control"), (b"cache-control", keep)]

            return await app(scope, receive, _buffered(send, rewrite, headers))

        if release_of(datasette) is None:
            datasette._variorum_app = serve  # where a release's play requests go
        return serve

    return wrap
