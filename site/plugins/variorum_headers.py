"""Datasette plugin: security headers on every answer, and Datasette's introspection pages kept private.

Every answer carries ``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY``,
``Referrer-Policy`` and a content security policy (:data:`CSP`): scripts, styles, fetches and
frames from the site itself only (the pages' small inline scripts and styles allowed), images from
the site and OpenStreetMap's tiles (the evidence map), no plugins, no ``<base>`` elsewhere, forms
posted to the site only, and no page framed by another site.

Datasette's introspection pages (:data:`PRIVATE`: ``/-/versions``, ``/-/threads``, ``/-/plugins``,
``/-/settings``, ...; with ``.json`` too) say which versions and plugins run and what the server is
doing: they answer 404 unless ``VARIORUM_INTROSPECTION=1`` is set in the server's environment.
``/-/databases`` stays public (the databases, whether each is mutable, their sizes and hashes) but
leaves out where each file lies on the server, unless introspection is allowed.
"""

from __future__ import annotations

import os
import re

from datasette import hookimpl
from datasette.utils.asgi import Response

CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data: https://*.tile.openstreetmap.org; connect-src 'self'; font-src 'self'; "
       "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'")
HEADERS = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
           (b"referrer-policy", b"strict-origin-when-cross-origin"), (b"content-security-policy", CSP.encode())]
PRIVATE = re.compile(r"^(?:/v/\d+)?/-/(versions|threads|plugins|settings|config|actor|permissions|allow-debug|"
                     r"messages|patterns|auth-token|logout)(\.json)?/?$")
"""Datasette's introspection and debugging pages, at the latest address and under a release."""


def introspection_allowed() -> bool:
    return os.environ.get("VARIORUM_INTROSPECTION") == "1"


def with_headers(headers: list) -> list:
    """``headers`` and the security headers it does not have yet."""
    have = {k.lower() for k, _ in headers}
    return [*headers, *((k, v) for k, v in HEADERS if k not in have)]


async def databases(datasette, request) -> Response:
    """Datasette's ``/-/databases`` without the files' paths (unless introspection is allowed)."""
    listed = datasette._connected_databases()
    if not introspection_allowed():
        listed = [{k: v for k, v in d.items() if k != "path"} for d in listed]
    return Response.json(listed)


@hookimpl
def register_routes():
    return [(r"^/-/databases(\.json)?/?$", databases)]  # plugin routes come before Datasette's own


@hookimpl
def asgi_wrapper(datasette):
    def wrap(app):
        async def secured(scope, receive, send):
            if scope.get("type") != "http":
                return await app(scope, receive, send)

            async def send_secured(message):
                if message["type"] == "http.response.start":
                    message = dict(message, headers=with_headers(list(message.get("headers", []))))
                return await send(message)

            path = (scope.get("raw_path") or scope.get("path", "").encode()).split(b"?")[0].decode("latin-1")
            if PRIVATE.match(path) and not introspection_allowed():
                body = Response.json({"ok": False, "error": "no such page", "status": 404}, status=404) \
                    if path.endswith(".json") else Response.text("no such page", status=404)
                return await body.asgi_send(send_secured)
            return await app(scope, receive, send_secured)

        return secured

    return wrap
