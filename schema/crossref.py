"""Checks across records: every id a record names must exist, and every ruleset must be complete.

Each check returns :class:`schema.archive.RecordError` values naming the file, the record, the
field and the line, so that an editor can go straight to the defect.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from schema.archive import Archive, RecordError
from schema.records import Citation, GameFile


def _citations(game: GameFile) -> Iterator[tuple[str, tuple[Any, ...], Citation]]:
    """Every citation of a game file, with the id of the record that holds it and its path."""
    for i, c in enumerate(game.game.citations):
        yield game.game.id, ("game", "citations", i), c
    for j, rel in enumerate(game.game.related):
        for i, c in enumerate(rel.citations):
            yield game.game.id, ("game", "related", j, "citations", i), c
    for j, ev in enumerate(game.evidence):
        for i, c in enumerate(ev.citations):
            yield ev.id, ("evidence", j, "citations", i), c
    for j, st in enumerate(game.statements):
        for i, c in enumerate(st.citations):
            yield st.id, ("statements", j, "citations", i), c
    for j, sw in enumerate(game.switches):
        for k, alt in enumerate(sw.alternatives):
            for i, c in enumerate(alt.citations):
                yield f"{sw.id}:{alt.id}", ("switches", j, "alternatives", k, "citations", i), c
    for j, rs in enumerate(game.rulesets):
        for i, c in enumerate(rs.citations):
            yield rs.id, ("rulesets", j, "citations", i), c


def _named_sources(game: GameFile) -> Iterator[tuple[str, tuple[Any, ...], str]]:
    """Every source id a game file names outside a citation's own ``source``: where a citation
    was read, a quotation's owner, where it was read and what it summarises, a completion's proposer."""
    for record, fields, c in _citations(game):
        if c.read_at is not None:
            yield record, fields + ("read_at", "source"), c.read_at.source
    for j, ev in enumerate(game.evidence):
        q = ev.quotation
        base = ("evidence", j, "quotation")
        if q.owner is not None:
            yield ev.id, base + ("owner",), q.owner
        for key in ("read_at", "summarising"):
            pointer = getattr(q, key)
            if pointer is not None:
                yield ev.id, base + (key, "source"), pointer.source
    for j, rs in enumerate(game.rulesets):
        for sid, completion in rs.completions.items():
            yield rs.id, ("rulesets", j, "completions", sid, "by"), completion.by


def _dupes(ids: list[str]) -> list[tuple[int, str]]:
    seen: set[str] = set()
    out = []
    for i, x in enumerate(ids):
        if x in seen:
            out.append((i, x))
        seen.add(x)
    return out


def check_sources(archive: Archive) -> list[RecordError]:
    """Lineage names known sources and has no cycle."""
    errors: list[RecordError] = []
    path = archive.sources_path
    name = archive.display(path)
    order = list(archive.sources)
    for idx, src in enumerate(archive.sources.values()):
        for i, link in enumerate(src.lineage):
            if link.source not in archive.sources:
                errors.append(
                    RecordError(
                        name,
                        f"unknown source {link.source!r} in lineage",
                        record=src.id,
                        field=f"lineage.{i}.source",
                        line=archive.line_of(path, ("sources", idx, "lineage", i, "source")),
                    )
                )
    # cycles: depth-first search over the lineage graph
    state: dict[str, int] = {}

    def visit(sid: str, trail: list[str]) -> None:
        state[sid] = 1
        for link in archive.sources[sid].lineage:
            parent = link.source
            if parent not in archive.sources:
                continue
            if state.get(parent) == 1:
                cycle = " -> ".join(trail + [sid, parent])
                errors.append(
                    RecordError(
                        name,
                        f"lineage cycle: {cycle}",
                        record=sid,
                        field="lineage",
                        line=archive.line_of(path, ("sources", order.index(sid), "lineage")),
                    )
                )
            elif parent not in state:
                visit(parent, trail + [sid])
        state[sid] = 2

    for sid in order:
        if sid not in state:
            visit(sid, [])
    return errors


def check_game(archive: Archive, game: GameFile, path: Path) -> list[RecordError]:
    """Citations, related games, unique ids, switch ids and complete rulesets of one game file."""
    errors: list[RecordError] = []
    name = archive.display(path)
    gid = game.game.id

    def err(msg: str, record: str | None, fields: tuple[Any, ...]) -> None:
        errors.append(
            RecordError(
                name,
                msg,
                record=record,
                field=".".join(str(f) for f in fields),
                line=archive.line_of(path, fields),
            )
        )

    for record, fields, c in _citations(game):
        if c.source not in archive.sources:
            err(f"unknown source {c.source!r}", record, fields + ("source",))
    for record, fields, sid in _named_sources(game):
        if sid not in archive.sources:
            err(f"unknown source {sid!r}", record, fields)
    for j, rel in enumerate(game.game.related):
        if rel.game is not None and rel.game not in archive.games:
            err(f"unknown game {rel.game!r}", gid, ("game", "related", j, "game"))
    records = {st.id for st in game.statements} | {f"{sw.id}:{a.id}" for sw in game.switches for a in sw.alternatives}
    for j, ev in enumerate(game.evidence):
        q = ev.quotation
        places = [(("evidence", j, "quotation", "bears_on", i), ref) for i, ref in enumerate(q.bears_on)]
        places += [(("evidence", j, "quotation", "parts", k, "bears_on", i), ref)
                   for k, part in enumerate(q.parts) for i, ref in enumerate(part.bears_on)]
        for fields, ref in places:
            if ref not in records:
                err(f"the quotation bears on {ref!r}, which is neither a statement nor an alternative of {gid}", ev.id, fields)
    for kind, items in (
        ("evidence", [e.id for e in game.evidence]),
        ("statements", [s.id for s in game.statements]),
        ("switches", [s.id for s in game.switches]),
        ("rulesets", [r.id for r in game.rulesets]),
    ):
        for i, dup in _dupes(items):
            err(f"duplicate id {dup!r} in {kind}", dup, (kind, i, "id"))
    switches = {s.id: s for s in game.switches}
    for j, sw in enumerate(game.switches):
        if sw.id.split(".", 1)[0] != gid:
            err(f"switch id must start with the game id ({gid}.)", sw.id, ("switches", j, "id"))
    defaults = [r.id for r in game.rulesets if r.default]
    if len(defaults) != 1:
        err(f"exactly one ruleset must be the default (found {len(defaults)}: {defaults})", gid, ("rulesets",))
    for j, rs in enumerate(game.rulesets):
        for sid, opt in rs.choices.items():
            if sid not in switches:
                err(f"unknown switch {sid!r} (switches of {gid}: {', '.join(switches)})", rs.id, ("rulesets", j, "choices", sid))
                continue
            options = [a.id for a in switches[sid].alternatives]
            if opt not in options:
                err(f"unknown option {opt!r} for switch {sid!r} (allowed: {', '.join(options)})", rs.id, ("rulesets", j, "choices", sid))
        missing = [sid for sid in switches if sid not in rs.choices]
        if missing:
            err(f"ruleset leaves switch(es) unset: {', '.join(missing)}", rs.id, ("rulesets", j, "choices"))
    return errors


def check_archive(archive: Archive) -> list[RecordError]:
    """Every cross-reference check over the whole archive."""
    errors = check_sources(archive)
    evidence_ids: dict[str, str] = {}
    for gid, game in archive.games.items():
        path = archive.files[gid]
        errors.extend(check_game(archive, game, path))
        for j, ev in enumerate(game.evidence):
            for key in (ev.id, ev.dlp_id):
                if key is None:
                    continue
                if key in evidence_ids and evidence_ids[key] != gid + ev.id:
                    errors.append(
                        RecordError(
                            archive.display(path),
                            f"evidence {key!r} is recorded twice",
                            record=ev.id,
                            field="id" if key == ev.id else "dlp_id",
                            line=archive.line_of(path, ("evidence", j, "id")),
                        )
                    )
                evidence_ids[key] = gid + ev.id
    return errors
