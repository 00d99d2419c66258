"""Datasette plugin: the one search box's results, ``/-/search?q=...``.

Builds on datasette-search-all, which serves ``/-/search`` and finds the tables that have full-text
search and that the visitor may see; this plugin fills its page (the ``search_all.html`` template,
overridden in ``site/templates``) with stemmed full-text matches (FTS5, porter tokenizer: "relay"
finds "relays") over games, statements, switches (with their ids), readings, evidence and sources,
grouped by kind, each linking to its anchor on the game or source page. ``word*`` matches a prefix.
Beside the stemmed index, a word-part index (FTS5 trigrams, ``<table>_parts``, schema/build.py)
finds the words that contain the visitor's: "clockwise" finds "anticlockwise" and
"counterclockwise"; those matches follow the stemmed ones.
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


def parts_query(text: str) -> str:
    """The visitor's words (of 3 letters or more, the trigram index's least) as a word-part query."""
    words = [w for w in re.findall(r"\w+", text) if len(w) >= 3]
    return " ".join(f'"{w}"' for w in words)


def parts_sql(sql: str, fts: str) -> str:
    """A kind's query over the word-part index: the same rows, matched by ``:t`` in ``<table>_parts``."""
    table = fts[:-len("_fts")]
    sql = re.sub(r"snippet\(.*?\) as snippet", f"{fts}.rowid as part_rowid", sql, count=1, flags=re.S)
    return sql.replace(f"where {fts} match :q order by rank",
                       f"where {fts}.rowid in (select rowid from {table}_parts where {table}_parts match :t)")


def part_snippet(text: str, words: list[str], width: int = 24) -> str:
    """About ``width`` words of ``text`` around the first word containing one of ``words``, that word
    marked (as FTS5's snippet marks its matches)."""
    tokens = text.split()
    lower = [w.lower() for w in words]
    at = next((i for i, tok in enumerate(tokens) if any(w in tok.lower() for w in lower)), 0)
    start = max(0, at - width // 2)
    shown = tokens[start:start + width]
    out = [f"{START}{tok}{END}" if any(w in tok.lower() for w in lower) else tok for tok in shown]
    return ("…" if start else "") + " ".join(out) + ("…" if start + width < len(tokens) else "")


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
        hits += await _word_parts(db, _fts, sql, q, {h["href"] for h in hits}, LIMIT - len(hits))
        groups.append({"kind": kind, "title": title, "hits": hits,
                       "table_url": datasette.urls.table(DB, kind) + "?_search=" + q})
    return {"groups": groups, "total": sum(len(g["hits"]) for g in groups), "query": query}


async def _word_parts(db, fts: str, sql: str, q: str, seen: set[str], room: int) -> list[dict[str, str]]:
    """The matches of the word-part index not found by the stemmed one (at most ``room``)."""
    from schema.tables import FTS_COLUMNS

    table = fts[:-len("_fts")]
    terms = parts_query(q)
    if room <= 0 or not terms or table not in FTS_COLUMNS:
        return []
    if not (await db.execute("select 1 from sqlite_master where name = :n", {"n": f"{table}_parts"})).rows:
        return []  # an archive built before the word-part index
    rows = (await db.execute(parts_sql(sql, fts), {"t": terms, "n": LIMIT})).rows
    words = [w for w in re.findall(r"\w+", q) if len(w) >= 3]
    cols = ", ".join(f"coalesce([{c}], '')" for c in FTS_COLUMNS[table])
    hits = []
    for r in rows:
        if r["href"] in seen or len(hits) >= room:
            continue
        texts = (await db.execute(f"select {cols} from [{table}] where rowid = :r", {"r": r["part_rowid"]})).rows[0]
        text = " ".join(str(t) for t in texts if t)
        hits.append({"title": r["title"], "snippet": marked(part_snippet(text, words)), "href": r["href"]})
    return hits


@hookimpl
def extra_template_vars(template, datasette, request):
    if template != "search_all.html" or request is None:
        return None

    async def inner():
        q = (request.args.get("q") or "").strip()
        return {"results": await search(datasette, request, q) if q else None}

    return inner
