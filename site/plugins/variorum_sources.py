"""Datasette plugin: a page per source, ``/sources/<source-id>``.

The formatted entry (text, BibTeX, CSL-JSON), what the archive knows of the source, its lineage both
ways (whom it quotes, follows or implements; who rests on it) drawn as a small graph, and every
statement, reading, ruleset, evidence record and game it supports, with locator and kind of support,
each linking to its place on the game page. Everything is read from the served archive.
"""

from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path
from typing import Any

from datasette import hookimpl
from datasette.utils import module_from_path
from datasette.utils.asgi import NotFound, Response

_pages = module_from_path(str(Path(__file__).with_name("variorum_pages.py")), "variorum_pages_shared")
"""The game pages' helpers (reading rows, short citations), shared rather than written twice."""

SOURCE_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

SUPPORTS = """
select 'statement' as kind, g.id as game_id, g.name as game, t.topic as what, t.text as detail,
       '#rule-' || t.id as anchor, c.locator, c.support, c.note, t.id as record_id
  from statement_citations c join statements t on t.id = c.statement_id join games g on g.id = t.game_id
 where c.source_id = :s
union all
select 'reading', g.id, g.name, w.question, a.label || ' (' || a.option || ')', '#alt-' || a.id,
       c.locator, c.support, c.note, a.id
  from alternative_citations c join alternatives a on a.id = c.alternative_id
  join switches w on w.id = a.switch_id join games g on g.id = w.game_id
 where c.source_id = :s
union all
select 'ruleset', g.id, g.name, r.name, r.description, '#ruleset-' || r.key, c.locator, c.support, c.note, null
  from ruleset_citations c join rulesets r on r.id = c.ruleset_id join games g on g.id = r.game_id
 where c.source_id = :s
union all
select 'evidence', g.id, g.name, coalesce(e.dlp_id, e.id), e.place || ', ' || e.date_start || '–' || e.date_end,
       '#evidence-' || e.id, c.locator, c.support, c.note, null
  from evidence_citations c join evidence e on e.id = c.evidence_id join games g on g.id = e.game_id
 where c.source_id = :s
union all
select 'game', g.id, g.name, g.name, g.description, '', c.locator, c.support, c.note, null
  from game_citations c join games g on g.id = c.game_id
 where c.source_id = :s
union all
select 'related game', g.id, g.name, rg.name, rg.relation, '#related', c.locator, c.support, c.note, null
  from related_game_citations c join related_games rg on rg.id = c.related_id join games g on g.id = rg.game_id
 where c.source_id = :s
"""
"""Every record a source supports, with where it is on its game page."""

KINDS = ("game", "statement", "reading", "ruleset", "evidence", "related game")
KIND_TITLES = {
    "game": "The game as a whole",
    "statement": "Agreed rules",
    "reading": "Readings of disputed points",
    "ruleset": "Rulesets",
    "evidence": "Evidence",
    "related game": "Related games",
}


def entry_text(source: dict[str, Any]) -> str:
    """The source as one line of text, in author-date style."""
    parts = [f"{source['authors'] or source['publisher'] or source['short']} ({source['year'] or 'n.d.'})."]
    parts.append(f"{source['title']}.")
    if source["container"]:
        where = source["container"]
        if source["volume"]:
            where += f" {source['volume']}"
        if source["issue"]:
            where += f"({source['issue']})"
        if source["pages"]:
            where += f": {source['pages']}"
        parts.append(f"{where}.")
    if source["version"]:
        parts.append(f"Version {source['version']}.")
    if source["publisher"] or source["place"]:
        parts.append(": ".join(x for x in (source["place"], source["publisher"]) if x) + ".")
    if source["url"]:
        parts.append(source["url"] + (f" (accessed {source['accessed']})" if source["accessed"] else "") + ".")
    return " ".join(parts)


def lineage_svg(source: dict[str, Any], parents: list[dict], children: list[dict]) -> str:
    """Whom the source rests on (left) and who rests on it (right), as a small SVG graph."""
    box_w, box_h, gap, col = 210, 30, 12, 300
    rows = max(len(parents), len(children), 1)
    height = rows * (box_h + gap) + gap
    width = 2 * col + box_w
    mid_y = height / 2 - box_h / 2

    def box(x: float, y: float, sid: str, label: str, current: bool = False) -> str:
        cls = "vr-lin-box vr-lin-this" if current else "vr-lin-box"
        text = escape(label if len(label) <= 30 else label[:29] + "…")
        inner = (f'<rect class="{cls}" x="{x}" y="{y}" width="{box_w}" height="{box_h}" rx="4"/>'
                 f'<text x="{x + box_w / 2}" y="{y + 20}" text-anchor="middle">{text}</text>')
        return inner if current else f'<a href="/sources/{escape(sid)}">{inner}</a>'

    def column(items: list[dict], x: float, key: str, toward_left: bool) -> list[str]:
        out = []
        top = (height - len(items) * (box_h + gap) + gap) / 2
        for i, item in enumerate(items):
            y = top + i * (box_h + gap)
            out.append(box(x, y, item[key], item["short"] or item[key]))
            # the arrow runs from the later source to the earlier one it rests on
            if toward_left:  # a parent: arrow from this source to it
                x1, y1, x2, y2 = col, mid_y + box_h / 2, x + box_w, y + box_h / 2
            else:  # a child: arrow from it to this source
                x1, y1, x2, y2 = x, y + box_h / 2, col + box_w, mid_y + box_h / 2
            out.append(f'<line class="vr-lin-edge" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" marker-end="url(#vr-arrow)"/>')
            lx, ly = (x1 + x2) / 2, (y1 + y2) / 2 - 4
            out.append(f'<text class="vr-lin-rel" x="{lx}" y="{ly}" text-anchor="middle">{escape(item["relation"])}</text>')
        return out

    parts = [
        f'<svg class="vr-lineage" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
        f'aria-label="Lineage of {escape(source["short"])}: {len(parents)} earlier, {len(children)} later sources">',
        '<defs><marker id="vr-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
        'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#666"/></marker></defs>',
        box(col, mid_y, source["id"], source["short"], current=True),
        *column(parents, 0, "parent_id", True),
        *column(children, 2 * col, "source_id", False),
        "</svg>",
    ]
    return "".join(parts)


async def source_context(datasette, source_id: str) -> dict[str, Any]:
    rows = await _pages._rows(datasette, "select * from sources where id = :s", {"s": source_id})
    if not rows:
        raise NotFound(f"No source with id {source_id!r}")
    source = rows[0]
    parents = await _pages._rows(
        datasette,
        """select l.*, s.short, s.role from source_lineage l join sources s on s.id = l.parent_id
            where l.source_id = :s order by l.id""", {"s": source_id})
    children = await _pages._rows(
        datasette,
        """select l.*, s.short, s.role from source_lineage l join sources s on s.id = l.source_id
            where l.parent_id = :s order by l.id""", {"s": source_id})
    supports = await _pages._rows(datasette, SUPPORTS, {"s": source_id})
    # what each of its citations rests on, by the archive's one witness rule (table witnesses)
    rests: dict[str, list[str]] = {}
    for w in await _pages._rows(
        datasette,
        """select w.record_id, w.witness_id, w.label, s.short from witnesses w join sources s on s.id = w.witness_id
            where w.source_id = :s order by w.id""", {"s": source_id}):
        text = f"its own witness ({w['label']})" if w["witness_id"] == source_id else f"{w['short']} ({w['label']})"
        rests.setdefault(w["record_id"], [])
        if text not in rests[w["record_id"]]:
            rests[w["record_id"]].append(text)
    for r in supports:
        r["cite"] = _pages.short_cite(source["short"], r["locator"])
        r["rests_on"] = "; ".join(rests.get(r["record_id"] or "", [])) if r["kind"] in ("statement", "reading") else None
    grouped = [(kind, KIND_TITLES[kind], [r for r in supports if r["kind"] == kind]) for kind in KINDS]
    games = sorted({(r["game_id"], r["game"]) for r in supports}, key=lambda g: g[1])
    not_seen = not source["seen"]  # the record says whether the archive has seen the source itself
    through = [c for c in children if c["relation"] in ("quotes", "translates", "summarises")]
    witnessed = [r for r in supports if r["kind"] in ("statement", "reading") and r["rests_on"]]
    own = [r for r in witnessed if r["rests_on"].startswith("its own witness")]
    return {
        "source": source,
        "entry": entry_text(source),
        "csl": json.dumps(json.loads(source["csl_json"]), ensure_ascii=False, indent=2),
        "parents": parents,
        "children": children,
        "lineage_svg": lineage_svg(source, parents, children) if parents or children else "",
        "supports": [g for g in grouped if g[2]],
        "support_count": len(supports),
        "games": games,
        "not_seen": not_seen,
        "through": through,
        "witness_rule": _pages.WITNESS_RULE,
        "witness_figures": {"cited": len(witnessed), "own": len(own), "passed": len(witnessed) - len(own)},
    }


async def source_page(datasette, request) -> Response:
    source_id = request.url_vars["source_id"]
    if not SOURCE_ID.match(source_id):
        raise NotFound("Not a source id")
    context = await source_context(datasette, source_id)
    return Response.html(await datasette.render_template("variorum_source.html", context, request=request))


async def sources_index(datasette, request) -> Response:
    sources = await _pages._rows(
        datasette,
        """select s.*, (select count(*) from source_lineage l where l.parent_id = s.id) as followers
             from sources s order by s.short""")
    return Response.html(await datasette.render_template("variorum_sources.html", {"sources": sources}, request=request))


@hookimpl
def register_routes():
    return [
        (r"^/sources$", sources_index),
        (r"^/sources/(?P<source_id>[^/]+)$", source_page),
    ]
