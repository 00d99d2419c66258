"""Datasette plugin: wide columns a table page hides unless asked for.

``/archive/sources`` printed every source's CSL-JSON and BibTeX in its rows (37,600 px for 34 rows
at 1,280 px wide); each source's page (``/sources/<id>``) has both. The table's HTML page now
leaves them out (as ``?_nocol=csl_json&_nocol=bibtex`` would) unless the address chooses its
columns itself (``_col``/``_nocol``) or asks for them with ``_citations=1``; its JSON and CSV are
unchanged.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

from datasette import hookimpl

HIDDEN = {("archive", "sources"): ("csl_json", "bibtex")}
"""(database, table) -> the columns its HTML page hides by default."""
SHOW = "_citations"


def rewrite(path: str, query: bytes) -> bytes | None:
    """The query the page is answered with, or None to leave the request alone."""
    parts = path.strip("/").split("/")
    if len(parts) != 2 or tuple(parts) not in HIDDEN:
        return None
    args = parse_qsl(query.decode("latin-1"), keep_blank_values=True)
    if any(k in ("_col", "_nocol") for k, _ in args):
        return None
    if any(k == SHOW for k, _ in args):
        return urlencode([(k, v) for k, v in args if k != SHOW]).encode("latin-1")
    return urlencode(args + [("_nocol", c) for c in HIDDEN[tuple(parts)]]).encode("latin-1")


@hookimpl
def asgi_wrapper(datasette):
    def wrap(app):
        async def columns(scope, receive, send):
            if scope.get("type") == "http" and scope.get("method") in ("GET", "HEAD"):
                query = rewrite(scope.get("path", ""), scope.get("query_string", b""))
                if query is not None:
                    scope = dict(scope, query_string=query)
            return await app(scope, receive, send)

        return columns

    return wrap
