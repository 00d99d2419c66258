"""Datasette plugin: the one search box's results, ``/-/search?q=...``.

Builds on datasette-search-all, which serves ``/-/search`` and finds the tables that have full-text
search and that the visitor may see; this plugin fills its page (the ``search_all.html`` template,
overridden in ``site/templates``) with stemmed full-text matches (FTS5, porter tokenizer: "relay"
finds "relays") over games, statements, switches (with their ids), readings, evidence and sources,
grouped by kind, each linking to its anchor on the game or source page. ``word*`` matches a prefix.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from datasette import hookimpl

DB = "archive"
LIMIT = 25
"""Matches shown per kind."""
START, END = "\x02", "\x03"

KINDS: tuple[tuple[str, str, str, str], ...] = (
    # kind, title, FTS table, query returning title, snippet, href (and rank)
    ("games", "Games", "games_fts", """
        select g.name as title, snippet(games_fts, -1, :s, :e, '…', 24) as snippet, '/games/' || g.id as href
          from games_fts join games g on g.rowid = games_fts.rowid
         where games_fts match :q order by rank limit :n"""),
    ("statements", "Agreed rules", "statements_fts", """
        select t.topic || ' (' || g.name || ')' as title, snippet(statements_fts, 1, :s, :e, '…', 24) as snippet,
               '/games/' || t.game_id || '#rule-' || t.id as href
          from statements_fts join statements t on t.rowid = statements_fts.rowid join games g on g.id = t.game_id
         where statements_fts match :q order by rank limit :n"""),
    ("switches", "Disputed points", "switches_fts", """
        select w.question || ' [' || w.id || ']' as title, snippet(switches_fts, -1, :s, :e, '…', 24) as snippet,
               '/games/' || w.game_id || '#switch-' || w.id as href
          from switches_fts join switches w on w.rowid = switches_fts.rowid
         where switches_fts match :q order by rank limit :n"""),
    ("alternatives", "Readings", "alternatives_fts", """
        select a.label || ' [' || a.id || ']' as title, snippet(alternatives_fts, -1, :s, :e, '…', 24) as snippet,
               '/games/' || w.game_id || '#alt-' || a.id as href
          from alternatives_fts join alternatives a on a.rowid = alternatives_fts.rowid
          join switches w on w.id = a.switch_id
         where alternatives_fts match :q order by rank limit :n"""),
    ("evidence", "Evidence", "evidence_fts", """
        select coalesce(e.dlp_id, e.id) || ' (' || g.name || ')' as title,
               snippet(evidence_fts, -1, :s, :e, '…', 24) as snippet,
               '/games/' || e.game_id || '#evidence-' || e.id as href
          from evidence_fts join evidence e on e.rowid = evidence_fts.rowid join games g on g.id = e.game_id
         where evidence_fts match :q order by rank limit :n"""),
    ("sources", "Sources", "sources_fts", """
        select s.short as title, snippet(sources_fts, -1, :s, :e, '…', 24) as snippet, '/sources/' || s.id as href
          from sources_fts join sources s on s.rowid = sources_fts.rowid
         where sources_fts match :q order by rank limit :n"""),
)


def fts_query(text: str) -> str:
    """The visitor's words as an FTS5 query: every word must appear (stemmed); ``word*`` is a prefix."""
    terms = []
    for word, star in re.findall(r"(\w+)(\*?)", text):
        terms.append(f'"{word}"{star}')
    return " ".join(terms)


def marked(snippet: str | None) -> str:
    """A snippet as HTML: escaped, with the matched words in <mark>."""
    return escape(snippet or "").replace(START, "<mark>").replace(END, "</mark>")


async def search(datasette, request, q: str) -> dict[str, Any]:
    from datasette_search_all.utils import get_searchable_tables

    query = fts_query(q)
    if not query or DB not in datasette.databases:
        return {"groups": [], "total": 0, "query": query}
    visible = {table for db, table in await get_searchable_tables(datasette, request) if db == DB}
    db = datasette.get_database(DB)
    groups = []
    for kind, title, _fts, sql in KINDS:
        if kind not in visible:
            continue
        rows = (await db.execute(sql, {"q": query, "s": START, "e": END, "n": LIMIT})).rows
        hits = [{"title": r["title"], "snippet": marked(r["snippet"]), "href": r["href"]} for r in rows]
        groups.append({"kind": kind, "title": title, "hits": hits,
                       "table_url": datasette.urls.table(DB, kind) + "?_search=" + q})
    return {"groups": groups, "total": sum(len(g["hits"]) for g in groups), "query": query}


@hookimpl
def extra_template_vars(template, datasette, request):
    if template != "search_all.html" or request is None:
        return None

    async def inner():
        q = (request.args.get("q") or "").strip()
        return {"results": await search(datasette, request, q) if q else None}

    return inner
