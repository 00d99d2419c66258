"""Datasette plugin: the game pages (/games, /games/<id>) and the bibliography downloads.

Everything shown comes from the served archive database (``archive``), so a copy of the database
served elsewhere shows the same pages; the comparison and the assessment ("Which readings make a
playable game?") come from the results database (``results``), each from one saved run, read in
one snapshot, with its chart drawn from the same run. Citations use the field's short form
("Béart 1955: 456").
"""

from __future__ import annotations

import asyncio
import io
import json
import re
from collections import defaultdict
from typing import Any
from urllib.parse import urlencode

from datasette import hookimpl
from datasette.utils.asgi import NotFound, Response

from schema.citation import words_of  # one implementation: the citations use them too
from schema.csl import short_cite

DB = "archive"
GAME_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def _engine_games() -> set[str]:
    """The games the engine can play (a game of the archive may not be playable yet)."""
    try:
        from engine.games import GAMES
    except ImportError:  # the site can serve an archive without the engine installed
        return set()
    return set(GAMES)


def _engine_version() -> str | None:
    try:
        from engine import ENGINE_FINGERPRINT
    except ImportError:
        return None
    return ENGINE_FINGERPRINT


def _script_json(value: Any) -> str:
    """JSON that is safe inside a <script> element (no closing tag can appear in it)."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


async def _read(db, sql: str, params: dict | None = None) -> list:
    """The rows of one of the site's own queries, read in Datasette's thread without its time limit.

    ``sql_time_limit_ms`` guards the SQL a visitor writes; the pages' queries are fixed and bounded by
    the archive's size, and under load (twenty cold requests at once on two shared cores) a trivial
    one could pass the limit waiting for the interpreter and turn a page into a 500."""
    return await db.execute_fn(lambda conn: conn.execute(sql, params or {}).fetchall())


async def _tables(db) -> list[str]:
    """The tables of ``db``, as ``db.table_names()`` lists them, read by :func:`_read`."""
    return [r[0] for r in await _read(db, "select name from sqlite_master where type = 'table'")]


async def _rows(datasette, sql: str, params: dict | None = None) -> list[dict[str, Any]]:
    return [dict(r) for r in await _read(datasette.get_database(DB), sql, params)]


try:
    from schema.witnesses import RULE as WITNESS_RULE
except ImportError:  # the site can serve an archive without the package installed
    WITNESS_RULE = None

EDITORIAL_SOURCE = "variorum"
"""The source of the archive's own readings: a statement cited to it as a conjecture is an editorial
reading (where the sources are silent), shown apart from the rules the sources agree on."""


async def _citations(datasette, table: str, key: str, game_id: str, join: str) -> dict[str, list[dict]]:
    """Citations of one link table for a game, grouped by the cited record's id."""
    rows = await _rows(
        datasette,
        f"""select c.{key} as owner, c.source_id, c.locator, c.support, c.note, c.relative, s.short, s.role, s.seen,
                   c.read_at_source_id, c.read_at_locator, ra.short as read_at_short, ra.role as read_at_role
              from {table} c join sources s on s.id = c.source_id
              left join sources ra on ra.id = c.read_at_source_id {join}
             order by c.{key}, c.seq""",
        {"game": game_id},
    )
    out: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        r["cite"] = short_cite(r["short"], r["locator"])
        r["read_at"] = short_cite(r["read_at_short"], r["read_at_locator"]) if r["read_at_short"] else None
        out[r["owner"]].append(r)
    return out


def read_in_programs_only(citations: list[dict]) -> list[dict[str, str]]:
    """The programs whose files every citation of a game's rules was read in (their own code, or
    the summary of an unseen text that a file carries); empty where the archive read anything else.
    The archive's own editorial readings are left aside. A game resting on programs' files alone
    says so on its page."""
    read = {(c["read_at_source_id"], c["read_at_short"], c["read_at_role"]) if c["read_at_source_id"]
            else (c["source_id"], c["short"], c["role"])
            for c in citations if c["source_id"] != EDITORIAL_SOURCE}
    if not read or any(role != "implementation" for _, _, role in read):
        return []
    return [{"id": source_id, "short": short} for source_id, short, _ in sorted(read)]


async def game_context(datasette, game_id: str) -> dict[str, Any]:
    """Everything the game page shows, read from the archive."""
    games = await _rows(datasette, "select * from games where id = :id", {"id": game_id})
    playable = game_id in _engine_games()
    if not games:
        raise NotFound(f"No game with id {game_id!r}")
    game = games[0]
    statements = await _rows(datasette, "select * from statements where game_id = :g order by seq", {"g": game_id})
    switches = await _rows(datasette, "select * from switches where game_id = :g order by seq", {"g": game_id})
    alternatives = await _rows(
        datasette,
        """select a.* from alternatives a join switches s on s.id = a.switch_id
            where s.game_id = :g order by s.seq, a.seq""",
        {"g": game_id},
    )
    rulesets = await _rows(datasette, "select * from rulesets where game_id = :g order by is_default desc, key", {"g": game_id})
    choices = await _rows(
        datasette,
        """select c.ruleset_id, c.switch_id, a.option, a.label, c.completion_by, c.completion_note,
                  s.short as completion_by_short
             from ruleset_choices c
             join alternatives a on a.id = c.alternative_id
             join rulesets r on r.id = c.ruleset_id
             left join sources s on s.id = c.completion_by
            where r.game_id = :g""",
        {"g": game_id},
    )
    evidence = await _rows(
        datasette,
        """select e.*, o.short as owner_short, ra.short as read_at_short, su.short as summarising_short
             from evidence e
             left join sources o on o.id = e.quotation_owner_id
             left join sources ra on ra.id = e.quotation_read_at_source_id
             left join sources su on su.id = e.quotation_summarising_source_id
            where e.game_id = :g order by e.date_start, e.id""",
        {"g": game_id},
    )
    for ev in evidence:
        ev["words_of"] = words_of(
            ev["owner_short"],
            ev["quotation_words"],
            short_cite(ev["read_at_short"], ev["quotation_read_at_locator"]) if ev["read_at_short"] else None,
            short_cite(ev["summarising_short"], ev["quotation_summarising_locator"]) if ev["summarising_short"] else None,
        )
    related = await _rows(datasette, "select * from related_games where game_id = :g order by id", {"g": game_id})
    cites = {
        "game": await _citations(datasette, "game_citations", "game_id", game_id, "where c.game_id = :game"),
        "statement": await _citations(
            datasette, "statement_citations", "statement_id", game_id,
            "join statements t on t.id = c.statement_id where t.game_id = :game"),
        "alternative": await _citations(
            datasette, "alternative_citations", "alternative_id", game_id,
            "join alternatives a on a.id = c.alternative_id join switches w on w.id = a.switch_id where w.game_id = :game"),
        "evidence": await _citations(
            datasette, "evidence_citations", "evidence_id", game_id,
            "join evidence e on e.id = c.evidence_id where e.game_id = :game"),
        "ruleset": await _citations(
            datasette, "ruleset_citations", "ruleset_id", game_id,
            "join rulesets r on r.id = c.ruleset_id where r.game_id = :game"),
        "related": await _citations(
            datasette, "related_game_citations", "related_id", game_id,
            "join related_games g on g.id = c.related_id where g.game_id = :game"),
    }
    # what each quotation bears on: printed there, and elsewhere a link to its owner's entry
    evidence_by_id = {ev["id"]: ev for ev in evidence}
    scopes: dict[str, list[dict]] = defaultdict(list)
    for sc in await _rows(
        datasette,
        """select q.* from quotation_scopes q join evidence e on e.id = q.evidence_id
            where e.game_id = :g order by q.evidence_id, q.seq""",
        {"g": game_id},
    ):
        scopes[sc["record_id"]].append({"evidence": evidence_by_id[sc["evidence_id"]], "words": sc["words"]})
    # the witness figures of every statement and alternative (schema.witnesses, one definition)
    witness_counts = {
        r["record_id"]: r for r in await _rows(datasette, "select * from witness_counts where game_id = :g", {"g": game_id})
    }

    def quoted(record_id: str, citations: list[dict]) -> tuple[list[dict], list[dict]]:
        """The quotations bearing on a record, and the evidence quoting a source it cites on other points."""
        here = scopes.get(record_id, [])
        shown = {q["evidence"]["id"] for q in here}
        cited = {c["source_id"] for c in citations}
        elsewhere = [ev for ev in evidence if ev["quotation_owner_id"] in cited and ev["id"] not in shown]
        return here, elsewhere
    chosen_by: dict[tuple[str, str], list[str]] = defaultdict(list)
    ruleset_choices: dict[str, dict[str, str]] = defaultdict(dict)
    # the choices of each ruleset that are editorial completions: switch -> who proposed it, why
    ruleset_completions: dict[str, dict[str, dict]] = defaultdict(dict)
    key_of = {r["id"]: r["key"] for r in rulesets}
    for c in choices:
        key = key_of[c["ruleset_id"]]
        ruleset_choices[key][c["switch_id"]] = c["option"]
        if c["completion_by"]:
            ruleset_completions[key][c["switch_id"]] = {
                "option": c["option"], "label": c["label"], "by": c["completion_by"],
                "by_short": c["completion_by_short"], "note": c["completion_note"],
            }
        chosen_by[(c["switch_id"], c["option"])].append(key + (" (editorial)" if c["completion_by"] else ""))
    alts_by_switch: dict[str, list[dict]] = defaultdict(list)
    for a in alternatives:
        a["citations"] = cites["alternative"].get(a["id"], [])
        a["chosen_by"] = sorted(chosen_by[(a["switch_id"], a["option"])])
        a["quotes"], a["quoted_elsewhere"] = quoted(a["id"], a["citations"])
        a["witnesses"] = witness_counts.get(a["id"])
        alts_by_switch[a["switch_id"]].append(a)
    for s in switches:
        s["alternatives"] = alts_by_switch[s["id"]]
    for st in statements:
        st["citations"] = cites["statement"].get(st["id"], [])
        st["editorial"] = any(c["source_id"] == EDITORIAL_SOURCE and c["support"] == "conjecture" for c in st["citations"])
        st["quotes"], st["quoted_elsewhere"] = quoted(st["id"], st["citations"])
        st["witnesses"] = witness_counts.get(st["id"])
    for ev in evidence:
        ev["citations"] = cites["evidence"].get(ev["id"], [])
    for rs in rulesets:
        rs["citations"] = cites["ruleset"].get(rs["id"], [])
        rs["choices"] = ruleset_choices[rs["key"]]
        rs["completions"] = ruleset_completions[rs["key"]]
        rs["silent"] = [  # in switch order
            {"switch": s, **rs["completions"][s["id"]]} for s in switches if s["id"] in rs["completions"]
        ]
    for rel in related:
        rel["citations"] = cites["related"].get(rel["id"], [])
    return {
        "game": game,
        "playable": playable,
        "game_citations": cites["game"].get(game_id, []),
        "programs_only": read_in_programs_only(  # the game's own rules: related games' citations aside
            [c for kind, by_owner in cites.items() if kind != "related" for cs in by_owner.values() for c in cs]),
        "statements": [st for st in statements if not st["editorial"]],
        "editorial_statements": [st for st in statements if st["editorial"]],
        "switches": switches,
        "rulesets": rulesets,
        "evidence": evidence,
        "related": related,
        "witness_rule": WITNESS_RULE,
        "places_json": _script_json(
            [
                {"id": e["id"], "place": e["place"], "lat": e["latitude"], "lon": e["longitude"],
                 "approximate": bool(e["approximate"]), "dates": f"{e['date_start']} – {e['date_end']}"}
                for e in evidence
            ],
        ),
        "play_json": _script_json(
            {
                "game": game_id,
                "name": game["name"],
                "engine_version": _engine_version(),
                "default_ruleset": (default_of(rulesets) or {}).get("key"),
                "rulesets": {r["key"]: {"name": r["name"], "choices": r["choices"],
                                        "cites": [c["cite"] for c in r["citations"]],
                                        "completions": {sid: {"option": c["option"], "by": c["by_short"], "note": c["note"]}
                                                        for sid, c in r["completions"].items()}}
                             for r in rulesets},
                "evidence": [{"id": e["dlp_id"] or e["id"], "quotation": e["quotation"], "words_of": e["words_of"]}
                             for e in evidence],
                "switches": [
                    {"id": s["id"], "question": s["question"],
                     "options": {a["option"]: {"label": a["label"],
                                               "cites": [c["cite"] for c in a["citations"]]}
                                 for a in s["alternatives"]}}
                    for s in switches
                ],
            }
        ),
    }


COMPARISON_MEASURES = (
    ("advantage_p1", "AdvantageP1"),
    ("balance", "Balance"),
    ("completion", "Completion"),
    ("drawishness", "Drawishness"),
    ("timeouts", "Timeouts"),
    ("endless", "Endless"),
    ("duration_turns", "DurationTurns"),
    ("branching_factor", "BranchingFactor"),
    ("decision_moves", "DecisionMoves"),
    ("laps_per_move", "Laps per move"),
)
"""The measures the game page shows (all are in the results database and its chart)."""


async def comparison_context(datasette, game_id: str) -> dict[str, Any] | None:
    """The latest default comparison of a game's rulesets, from the results database, if served."""
    if "results" not in datasette.databases:
        return None
    db = datasette.get_database("results")
    if "compare_runs" not in await _tables(db):
        return None
    from engine.compare.results import PREFERRED

    runs = await _read(
        db, "select * from compare_runs where game = :g and kind in ('defaults', 'preliminary') "
        f"order by {PREFERRED} limit 1", {"g": game_id}
    )
    if not runs:
        return None
    run = dict(runs[0])
    variants = [dict(r) for r in (await _read(
        db,
        "select * from compare_variants where run_id = :r order by variant", {"r": run["id"]}))]
    metrics: dict[int, dict[str, dict]] = defaultdict(dict)
    for r in (await _read(db, "select * from compare_metrics where run_id = :r", {"r": run["id"]})):
        metrics[r["variant"]][r["measure"]] = {"value": r["value"], "low": r["low"], "high": r["high"]}
    for v in variants:
        v["metrics"] = metrics[v["variant"]]
    present = {k for v in variants for k in v["metrics"]}
    return {
        "run": run,
        "variants": variants,
        "measures": [(k, name) for k, name in COMPARISON_MEASURES if k in present],
    }


def _draw(make, *args, **kwargs) -> str:
    """``make(*args, **kwargs)``, a matplotlib Figure, as SVG text."""
    buffer = io.StringIO()
    make(*args, **kwargs).savefig(buffer, format="svg", bbox_inches="tight")
    return buffer.getvalue()


_drawing: dict[str, asyncio.Task] = {}
"""Charts being drawn, by run id: concurrent requests for one chart wait for one drawing (the
answer is then kept by the bounded response cache, site/plugins/variorum_cache.py)."""


async def _svg(run_id: str, make, *args, **kwargs) -> Response:
    """The chart of run ``run_id`` drawn off the event loop (in a thread: drawing takes a few
    hundred ms), once however many requests ask for it at the same time."""
    task = _drawing.get(run_id)
    if task is None:
        task = asyncio.ensure_future(asyncio.to_thread(_draw, make, *args, **kwargs))
        _drawing[run_id] = task
        task.add_done_callback(lambda _: _drawing.pop(run_id, None))
    return Response(await asyncio.shield(task), content_type="image/svg+xml; charset=utf-8")


async def comparison_chart(datasette, request) -> Response:
    """The chart of a saved comparison (matplotlib SVG)."""
    run_id = request.url_vars["run_id"]
    if "results" not in datasette.databases:
        raise NotFound("no results database")
    db = datasette.get_database("results")
    variants = [dict(r) for r in (await _read(
        db,
        "select * from compare_variants where run_id = :r order by variant", {"r": run_id}))]
    if not variants:
        raise NotFound(f"no comparison run {run_id!r}")
    metrics: dict[int, dict[str, dict]] = defaultdict(dict)
    for r in (await _read(db, "select * from compare_metrics where run_id = :r", {"r": run_id})):
        metrics[r["variant"]][r["measure"]] = {"value": r["value"], "low": r["low"], "high": r["high"]}
    run = dict((await _read(db, "select * from compare_runs where id = :r", {"r": run_id}))[0])
    data = {"game": run["game"], "games_per_variant": run["games_per_variant"],
            "agents": [run["agent_a"], run["agent_b"]],
            "variants": [{"ruleset": v["ruleset"], "label": v["label"], "switches": json.loads(v["switches"]),
                          "metrics": metrics[v["variant"]]} for v in variants]}
    from engine.compare.plot import figure

    keys = [k for k, _ in COMPARISON_MEASURES if k in data["variants"][0]["metrics"]]
    return await _svg(run_id, figure, data, measures=keys, columns=5)


ASSESS_MEASURES = ("balance", "balance_finished", "completion", "advantage_p1", "duration_turns")
"""The measures the assessment table shows, agent play beside random play (all are in the results database)."""


def default_of(rulesets: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The default ruleset among a game's ``rulesets`` rows (the first, if none is marked; None if there are none)."""
    return next((r for r in rulesets if r["is_default"]), rulesets[0] if rulesets else None)


def play_link(game_id: str, reading: dict[str, Any], rulesets: list[dict[str, Any]]) -> str:
    """The game page's board with ``reading``: its ruleset, or the default ruleset with the
    switches that differ from it set (``?ruleset=...&set=switch:option,...#play``)."""
    if reading.get("ruleset"):
        return f"/games/{game_id}?{urlencode({'ruleset': reading['ruleset']})}#play"
    base = default_of(rulesets)
    choices = base["choices"] if base else {}
    query = {"ruleset": base["key"]} if base else {}
    changed = [f"{k}:{v}" for k, v in reading["switches"].items() if choices.get(k) != v]
    if changed:
        query["set"] = ",".join(changed)
    return f"/games/{game_id}?{urlencode(query, safe=':,')}#play"


async def _saved_assessment(datasette, game_id: str | None = None, run_id: str | None = None) -> dict | None:
    """A saved assessment (the latest of ``game_id``, or the run ``run_id``) as the assess JSON,
    read in one snapshot of the results database (None when there is none)."""
    if "results" not in datasette.databases:
        return None
    from engine.compare.results import ASSESSMENT_ROWS, LATEST_ASSESSMENT, assessment_of

    def read(conn) -> dict | None:
        conn.execute("begin")  # one read transaction: the run and its rows from one state
        try:
            if not conn.execute("select 1 from sqlite_master where name = 'assess_runs'").fetchone():
                return None
            sql, params = (LATEST_ASSESSMENT, {"game": game_id}) if run_id is None else \
                ("select * from assess_runs where id = :run", {"run": run_id})
            cur = conn.execute(sql, params)
            row = cur.fetchone()
            if row is None:
                return None
            run = dict(zip([d[0] for d in cur.description], row))
            rows = {}
            for table, q in ASSESSMENT_ROWS.items():
                c = conn.execute(q, {"run": run["id"]})
                names = [d[0] for d in c.description]
                rows[table] = [dict(zip(names, r)) for r in c.fetchall()]
            return assessment_of(run, rows)
        finally:
            conn.execute("commit")

    return await datasette.get_database("results").execute_fn(read)


async def assessment_context(datasette, game_id: str, rulesets: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The latest saved assessment of a game (either kind), with its criteria's ranges, each
    reading's link to play it and the findings derived from its figures; None when there is none."""
    data = await _saved_assessment(datasette, game_id=game_id)
    if data is None:
        return None
    from engine.compare.criteria import Criterion, failed_by_requirement
    from engine.compare.findings import findings

    criteria, known = [], []
    for c in data["criteria"]:
        try:
            known.append(Criterion(**c))
            text = known[-1].range_text
        except ValueError:  # a measure this engine no longer has: show the bounds as saved
            text = f"{c['low']} <= {c['measure']} <= {c['high']}"
        low, high = c["low"], c["high"]
        bounds = f"{low:g}–{high:g}" if low is not None and high is not None else \
            f"≥ {low:g}" if low is not None else f"≤ {high:g}"
        criteria.append({**c, "range_text": text, "bounds": bounds})
    for r in data["readings"]:
        r["play_link"] = play_link(game_id, r, rulesets)
        r["name"] = r["ruleset"] or r["label"]
        r["screen_failed"] = [k for k, v in r["screen"]["criteria"].items() if v is False]
        r["failed_by"] = failed_by_requirement(known, r.get("criteria") or {})
    return {
        "data": data,
        "run": data["run"],
        "criteria": criteria,
        "evaluated": [r for r in data["readings"] if r["evaluated"]],
        "screened_out": [r for r in data["readings"] if not r["evaluated"]],
        "measures": list(ASSESS_MEASURES),
        "findings": findings(data),
    }


async def reconstruction_context(datasette, game_id: str, rulesets: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The latest saved reconstruction of a game (engine.compare.reconstruct_results): its front and
    each named ruleset's nearest playable readings, each with its departures in words and a link to
    play it; None when there is none."""
    if "results" not in datasette.databases:
        return None
    from engine.compare.reconstruct_results import reconstruction_of

    def read(conn):
        return reconstruction_of(conn, game_id)

    data = await datasette.get_database("results").execute_fn(read)
    if data is None:
        return None
    from engine.compare.reconstruct import settings_against

    readings = data["readings"]
    against = default_of(rulesets)  # what the readings are named against: the ruleset their links start from
    for r in readings.values():
        r["play_link"] = play_link(game_id, r, rulesets)
        r["name"] = r["ruleset"] or f"reading {r['reading']}"
        r["sets"] = [] if r["ruleset"] or against is None else settings_against(against["choices"], r["switches"])
        play = "agent" if r["evaluated"] else "random"
        r["shown"] = {"play": play, "measures": r["measures"][play], "criteria": r["criteria"][play]}
    front = sorted((r for r in readings.values() if r["front"]), key=lambda r: (r["fit"], -r["screen_meets"]))
    nearest = []
    for n in data["run"]["nearest"]:
        base = readings[n["reading"]]
        found = [dict(readings[j], changes=[(k, base["switches"][k], v) for k, v in readings[j]["switches"].items()
                                            if base["switches"].get(k) != v]) for j in n["readings"]]
        nearest.append({**n, "base": base, "found": found})
    return {"run": data["run"], "front": front, "nearest": nearest, "measures": RECONSTRUCT_MEASURES,
            "against": against["key"] if against else None}


RECONSTRUCT_MEASURES = ("completion", "balance", "balance_finished", "duration_turns")
"""The measures the reconstruction section shows for each reading (all are in the results database)."""


async def assessment_chart(datasette, request) -> Response:
    """The chart of a saved assessment (matplotlib SVG)."""
    run_id = request.url_vars["run_id"]
    data = await _saved_assessment(datasette, run_id=run_id)
    if data is None:
        raise NotFound(f"no assessment run {run_id!r}")
    if not any(r["evaluated"] for r in data["readings"]):
        raise NotFound(f"assessment run {run_id!r} has no reading played by the agents to chart")
    from engine.compare.plot import assessment_figure

    return await _svg(run_id, assessment_figure, data)


def default_budgets(game_id: str) -> dict[str, str]:
    """Each section's default budget in words (engine.compare.first_run), which a page showing
    preliminary figures names; empty without the engine."""
    try:
        from engine.compare.first_run import SECTIONS, default_budget
    except ImportError:
        return {}
    return {s: default_budget(s, game_id).text(s) for s in SECTIONS}


async def games_index(datasette, request) -> Response:
    games = await _rows(
        datasette,
        """select g.*,
             (select count(*) from switches s where s.game_id = g.id) as switches,
             (select count(*) from rulesets r where r.game_id = g.id) as rulesets,
             (select count(*) from evidence e where e.game_id = g.id) as evidence
           from games g order by g.name""",
    )
    html = await datasette.render_template("variorum_games.html", {"games": games}, request=request)
    return Response.html(html)


async def solved_context(datasette, game_id: str) -> list[dict[str, Any]]:
    """The game's solved values (engine.compare.solved, baked by ``variorum solve defaults``), one
    a ruleset; [] when the results database or its table is absent. Nothing is solved here."""
    if "results" not in datasette.databases:
        return []
    from engine.compare.solved import solved_values

    return await datasette.get_database("results").execute_fn(lambda conn: solved_values(conn, game_id))


async def game_page(datasette, request) -> Response:
    game_id = request.url_vars["game_id"]
    if not GAME_ID.match(game_id):
        raise NotFound("Not a game id")
    context = await game_context(datasette, game_id)
    context["comparison"] = await comparison_context(datasette, game_id)
    context["assessment"] = await assessment_context(datasette, game_id, context["rulesets"])
    context["reconstruction"] = await reconstruction_context(datasette, game_id, context["rulesets"])
    context["solved"] = await solved_context(datasette, game_id)
    context["default_budgets"] = default_budgets(game_id)
    html = await datasette.render_template("variorum_game.html", context, request=request)
    return Response.html(html)


async def bibliography(datasette, request) -> Response:
    fmt = request.url_vars["fmt"]
    rows = await _rows(datasette, "select id, csl_json, bibtex from sources order by id")
    if fmt == "json":
        items = [json.loads(r["csl_json"]) for r in rows]
        return Response(
            json.dumps(items, ensure_ascii=False, indent=2),
            content_type="application/vnd.citationstyles.csl+json; charset=utf-8",
            headers={"content-disposition": 'attachment; filename="variorum-bibliography.json"'},
        )
    return Response(
        "\n".join(r["bibtex"] for r in rows),
        content_type="application/x-bibtex; charset=utf-8",
        headers={"content-disposition": 'attachment; filename="variorum-bibliography.bib"'},
    )


@hookimpl
def register_routes():
    return [
        (r"^/games$", games_index),
        (r"^/games/(?P<game_id>[^/]+)$", game_page),
        (r"^/-/bibliography\.(?P<fmt>bib|json)$", bibliography),
        (r"^/-/compare/(?P<run_id>[0-9a-f]{32})\.svg$", comparison_chart),
        (r"^/-/assess/(?P<run_id>[0-9a-f]{32})\.svg$", assessment_chart),
    ]
