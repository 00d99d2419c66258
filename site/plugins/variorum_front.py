"""Datasette plugin: the archive's front page (``/``) and the measures glossary (``/-/measures``).

The front page leads to every game (place, one line, how many disputed points, sources and
rulesets), says what is disputed, gives the latest findings of the comparisons (from the results
database, read afresh on every request, so a run saved with ``variorum compare --save`` shows
without a restart), the search box, the bibliography downloads and Datasette's tables.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from datasette import hookimpl
from datasette.utils import module_from_path
from datasette.utils.asgi import Response

_pages = module_from_path(str(Path(__file__).with_name("variorum_pages.py")), "variorum_pages_shared")
"""The game pages' helpers (reading rows), shared rather than written twice."""


def measures() -> list[dict[str, Any]]:
    """The measures' names, definitions and DLP names (empty when the engine is not installed)."""
    try:
        from engine.compare.measures import MEASURES
    except ImportError:
        return []
    return [m.to_dict() for m in MEASURES]


def one_line(text: str) -> str:
    """The first sentence of a description."""
    match = re.match(r"(.+?[.!?])(\s|$)", text or "")
    return match.group(1) if match else (text or "")


async def findings(datasette) -> list[dict[str, Any]]:
    """Per game, the latest default run's findings (readings apart beyond their intervals and by the
    measure's practical threshold, engine.compare.findings.comparison_findings) and the latest saved
    factorial run's switch effects that pass the same test (effect_findings)."""
    if "results" not in datasette.databases:
        return []
    db = datasette.get_database("results")
    if "compare_runs" not in await _pages._tables(db):
        return []
    from engine.compare.findings import comparison_findings, effect_findings

    out = []
    runs = (await _pages._read(
        db,
        """select r.* from compare_runs r
            where r.created = (select max(created) from compare_runs q where q.game = r.game and q.kind = r.kind)
            order by r.game, r.kind"""))
    for run in map(dict, runs):
        metrics = (await _pages._read(
            db,
            """select m.variant, m.measure, m.value, m.low, m.high, v.ruleset, v.label from compare_metrics m
                 join compare_variants v on v.run_id = m.run_id and v.variant = m.variant
                where m.run_id = :r and m.value is not null""", {"r": run["id"]}))
        item: dict[str, Any] = {"run": run, "spreads": [], "effects": []}
        if run["kind"] == "defaults":
            variants: dict[int, dict[str, Any]] = {}
            for r in metrics:
                v = variants.setdefault(r["variant"], {"name": r["ruleset"] or r["label"], "metrics": {}})
                v["metrics"][r["measure"]] = {"value": r["value"], "low": r["low"], "high": r["high"]}
            item["spreads"] = comparison_findings(list(variants.values()))
        else:
            values: dict[str, list[float]] = defaultdict(list)
            for r in metrics:
                values[r["measure"]].append(r["value"])
            baseline = {k: sum(v) / len(v) for k, v in values.items()}
            effects = [dict(r) for r in (await _pages._read(
                db,
                "select * from compare_effects where run_id = :r and (low > 0 or high < 0)", {"r": run["id"]}))]
            item["effects"] = effect_findings(effects, baseline)
        if item["spreads"] or item["effects"]:
            out.append(item)
    return out


async def front_page(datasette, request) -> Response:
    games = await _pages._rows(
        datasette,
        """select g.*,
             (select count(*) from switches s where s.game_id = g.id) as switches,
             (select count(*) from rulesets r where r.game_id = g.id) as rulesets,
             (select count(distinct source_id) from (
                 select c.source_id from game_citations c where c.game_id = g.id
                 union select c.source_id from statement_citations c join statements t on t.id = c.statement_id where t.game_id = g.id
                 union select c.source_id from alternative_citations c join alternatives a on a.id = c.alternative_id
                       join switches w on w.id = a.switch_id where w.game_id = g.id
                 union select c.source_id from evidence_citations c join evidence e on e.id = c.evidence_id where e.game_id = g.id
             )) as sources
           from games g order by g.name""",
    )
    switches = await _pages._rows(datasette, "select id, game_id, question from switches order by game_id, seq")
    by_game: dict[str, list[dict]] = defaultdict(list)
    for s in switches:
        by_game[s["game_id"]].append(s)
    for g in games:
        g["line"] = one_line(g["description"])
        g["questions"] = by_game[g["id"]]
    names = {g["id"]: g["name"] for g in games}
    tables = await _pages._tables(datasette.get_database(_pages.DB))
    context = {
        "games": games,
        "findings": await findings(datasette),
        "game_names": names,
        "tables": [t for t in tables if not re.search(r"_fts(_|$)", t)],
        "has_results": "results" in datasette.databases,
        "metadata": datasette.metadata(),  # the footer's licence and source
    }
    return Response.html(await datasette.render_template("variorum_front.html", context, request=request))


async def glossary(datasette, request) -> Response:
    return Response.html(await datasette.render_template(
        "variorum_measures.html", {"measures": measures()}, request=request))


@hookimpl
def extra_template_vars():
    """Every template can name a measure with its definition (``measure_info[key]``)."""
    return {"measure_info": {m["key"]: m for m in measures()}}


@hookimpl
def register_routes():
    return [
        (r"^/$", front_page),
        (r"^/-/measures$", glossary),
    ]
