"""The build: validated records of ``data/`` -> one SQLite archive, written atomically.

The database is written into a temporary file beside the target and moved over it with
``os.replace`` only once it is complete and its foreign keys check out, so a failed or killed
build leaves the previous archive as it was. The same records give the same bytes.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import sqlite_utils
from sqlalchemy import create_engine, event
from sqlalchemy.pool import NullPool
from sqlalchemy.schema import CreateIndex, CreateTable
from sqlmodel import SQLModel

from schema import tables as t
from schema.lint import lint
from schema.load import Archive, RecordError, RecordErrors, load_archive
from schema.paths import DESCRIPTION_FAMILIES
from schema.records import Citation, Name, Source
from schema.csl import bibtex_entry, csl_item
from schema.witnesses import tally, witnesses


@dataclass(frozen=True)
class BuildReport:
    """What a build wrote."""

    path: Path
    counts: dict[str, int]
    warnings: tuple[str, ...] = ()
    """The lint's warnings (judgements for an editor; they do not stop the build)."""


def _names(names: Iterable[Name]) -> str | None:
    out = [n.literal or ", ".join(x for x in (n.family, n.given) if x) for n in names]
    return "; ".join(out) or None


def _source_row(src: Source) -> t.SourceRow:
    return t.SourceRow(
        id=src.id,
        short=src.short,
        type=src.type.value,
        role=src.role.value,
        authors=_names(src.authors),
        year=src.year,
        title=src.title,
        container=src.container,
        volume=src.volume,
        issue=src.issue,
        pages=src.pages,
        publisher=src.publisher,
        place=src.place,
        version=src.version,
        url=src.url,
        accessed=src.accessed.isoformat() if src.accessed else None,
        language=src.language,
        seen=src.seen,
        identifiers="; ".join(str(i) for i in src.identifiers) or None,
        note=src.note,
        csl_json=json.dumps(csl_item(src), ensure_ascii=False, sort_keys=True),
        bibtex=bibtex_entry(src),
    )


def _cite(cls: type[t.CitationColumns], citations: list[Citation], **subject: object) -> Iterator[t.CitationColumns]:
    for seq, c in enumerate(citations):
        yield cls(
            source_id=c.source,
            locator=c.locator,
            support=c.support.value,
            read_at_source_id=c.read_at.source if c.read_at else None,
            read_at_locator=c.read_at.locator if c.read_at else None,
            relative=c.relative,
            note=c.note,
            seq=seq,
            **subject,
        )


def rows(archive: Archive) -> Iterator[SQLModel]:
    """Every row of the archive, in a fixed order (parents before children)."""
    for src in archive.sources.values():
        yield _source_row(src)
    for src in archive.sources.values():
        for link in src.lineage:
            yield t.LineageRow(
                source_id=src.id, parent_id=link.source, relation=link.relation.value, locator=link.locator,
                covers=link.covers, note=link.note
            )
    for gid in sorted(archive.games):
        g = archive.games[gid].game
        yield t.GameRow(
            id=g.id,
            name=g.name,
            aliases=", ".join(g.aliases) or None,
            dlp_id=g.dlp_id,
            people=g.people,
            region=g.region,
            country=g.country,
            period=g.period,
            category=", ".join(g.category),
            board=g.board,
            description=g.description,
        )
    for gid in sorted(archive.games):
        gf = archive.games[gid]
        yield from _cite(t.GameCitationRow, gf.game.citations, game_id=gid)
        for n, rel in enumerate(gf.game.related, start=1):
            rid = f"{gid}.related-{n}"
            yield t.RelatedGameRow(id=rid, game_id=gid, name=rel.name, related_game_id=rel.game, dlp_id=rel.dlp_id,
                                   relation=rel.relation, differs=rel.differs)
            yield from _cite(t.RelatedGameCitationRow, rel.citations, related_id=rid)
        for ev in gf.evidence:
            q = ev.quotation
            yield t.EvidenceRow(
                id=ev.id,
                game_id=gid,
                dlp_id=ev.dlp_id,
                type=ev.type,
                place=ev.place.name,
                latitude=ev.place.latitude,
                longitude=ev.place.longitude,
                approximate=ev.place.approximate,
                date_start=ev.date.start.isoformat(),
                date_end=ev.date.end.isoformat(),
                confidence=ev.confidence,
                quotation=q.text,
                quotation_language=q.language,
                quotation_owner_id=q.owner,
                quotation_words=q.words.value if q.words else None,
                quotation_read_at_source_id=q.read_at.source if q.read_at else None,
                quotation_read_at_locator=q.read_at.locator if q.read_at else None,
                quotation_summarising_source_id=q.summarising.source if q.summarising else None,
                quotation_summarising_locator=q.summarising.locator if q.summarising else None,
                quotation_note=q.note,
                note=ev.note,
            )
            yield from _cite(t.EvidenceCitationRow, ev.citations, evidence_id=ev.id)
        for ev in gf.evidence:  # after the evidence rows: what each quotation bears on
            seq = 0
            for words, refs in ev.quotation.scopes():
                for ref in refs:
                    kind, record = ("alternative", ref) if ":" in ref else ("statement", f"{gid}.{ref}")
                    yield t.QuotationScopeRow(evidence_id=ev.id, words=words, kind=kind, record_id=record, seq=seq)
                    seq += 1
        for seq, st in enumerate(gf.statements):
            sid = f"{gid}.{st.id}"
            yield t.StatementRow(id=sid, game_id=gid, topic=st.topic, text=st.text, seq=seq)
            yield from _cite(t.StatementCitationRow, st.citations, statement_id=sid)
        for seq, sw in enumerate(gf.switches):
            yield t.SwitchRow(
                id=sw.id, game_id=gid, question=sw.question, description=sw.description, agreed=sw.agreed, seq=seq
            )
            for aseq, alt in enumerate(sw.alternatives):
                aid = f"{sw.id}:{alt.id}"
                yield t.AlternativeRow(
                    id=aid,
                    switch_id=sw.id,
                    option=alt.id,
                    label=alt.label,
                    description=alt.description,
                    conjecture=alt.conjecture,
                    seq=aseq,
                )
                yield from _cite(t.AlternativeCitationRow, alt.citations, alternative_id=aid)
        for rs in gf.rulesets:
            rid = f"{gid}.{rs.id}"
            yield t.RulesetRow(id=rid, game_id=gid, key=rs.id, name=rs.name, description=rs.description, is_default=rs.default)
            for sw in gf.switches:  # in switch order, not the YAML's key order
                opt = rs.choices[sw.id]
                completion = rs.completions.get(sw.id)
                yield t.ChoiceRow(
                    ruleset_id=rid,
                    switch_id=sw.id,
                    alternative_id=f"{sw.id}:{opt}",
                    completion_by=completion.by if completion else None,
                    completion_note=completion.note if completion else None,
                )
            yield from _cite(t.RulesetCitationRow, rs.citations, ruleset_id=rid)
        for family in DESCRIPTION_FAMILIES:  # the description as written, byte for byte
            path = archive.data_dir / family / f"{gid}.yaml"
            if path.is_file():
                text = path.read_text(encoding="utf-8")
                yield t.DescriptionRow(game_id=gid, family=family, text=text,
                                       sha256=hashlib.sha256(text.encode("utf-8")).hexdigest())
    yield from _witness_rows(archive)


def _witness_rows(archive: Archive) -> Iterator[SQLModel]:
    """Every witness of every statement and alternative, then each record's figures (schema.witnesses)."""
    found = witnesses(archive)
    shorts = {sid: src.short for sid, src in archive.sources.items()}
    by_record: dict[str, list] = {}
    for w in found:
        by_record.setdefault(w.record, []).append(w)
        yield t.WitnessRow(
            game_id=w.game, kind=w.kind, record_id=w.record, source_id=w.source, support=w.support,
            witness_id=w.witness, path=" > ".join(w.path), program=w.program, label=w.label,
        )
    for record, rows_ in by_record.items():
        figures = tally(rows_, shorts)
        yield t.WitnessCountRow(
            record_id=record, game_id=rows_[0].game, kind=rows_[0].kind, texts=figures.texts,
            text_witnesses=figures.text_witnesses, primaries=figures.primaries, programs=figures.programs,
            program_choices=figures.program_choices, summary=figures.summary,
        )


def _table_rows(found: Iterable[SQLModel]) -> Iterator[tuple[type[SQLModel], list[dict[str, object]]]]:
    """``found``'s rows, a table at a time in :data:`_TABLES`' order (each table's keys refer to
    tables before it), each table's in the order found, as the values of one INSERT of many rows:
    the integer keys (``id`` of the link tables, left to SQLite) follow the records' order, as they
    did when the rows were flushed one at a time (2.8 -> 1.0 CPU s a build; the quick tier writes nine)."""
    by_model: dict[type[SQLModel], list[SQLModel]] = {model: [] for model in _TABLES}
    for row in found:
        by_model[type(row)].append(row)
    for model, group in by_model.items():
        if group:
            auto = model.__table__.autoincrement_column
            names = [c.name for c in model.__table__.columns if c is not auto]
            yield model, [{name: getattr(row, name) for name in names} for row in group]


def _write(archive: Archive, path: Path) -> dict[str, int]:
    engine = create_engine(f"sqlite:///{path}", poolclass=NullPool)

    @event.listens_for(engine, "connect")
    def _fk_on(dbapi_conn, _record):  # noqa: ANN001
        dbapi_conn.execute("PRAGMA foreign_keys = ON")

    with engine.begin() as conn:  # tables, then indexes sorted by name: the same DDL every time
        for model in _TABLES:
            conn.execute(CreateTable(model.__table__))
            for index in sorted(model.__table__.indexes, key=lambda ix: ix.name):
                conn.execute(CreateIndex(index))
    with engine.begin() as conn:
        for model, values in _table_rows(rows(archive)):
            conn.execute(model.__table__.insert(), values)
    engine.dispose()

    db = sqlite_utils.Database(path)
    for table, columns in t.FTS_COLUMNS.items():
        # the porter stemmer: "relay" finds "relays", "captured" finds "capture"
        db[table].enable_fts(columns, fts_version="FTS5", create_triggers=False, replace=True, tokenize="porter")
        # beside it, word parts (trigrams, contentless): "clockwise" finds "anticlockwise" and "counterclockwise"
        cols = ", ".join(f"[{c}]" for c in columns)
        db.execute(f"create virtual table [{table}_parts] using fts5({cols}, content='', tokenize='trigram')")
        db.execute(f"insert into [{table}_parts] (rowid, {cols}) select rowid, {cols} from [{table}]")
    problems = list(db.execute("PRAGMA foreign_key_check").fetchall())
    if problems:
        raise ValueError(f"foreign key check failed: {problems[:5]}")
    counts = {name: db[name].count for name in sorted(m.__tablename__ for m in _TABLES)}
    db.conn.commit()
    db.execute("VACUUM")
    db.close()
    return counts


_TABLES: list[type[SQLModel]] = [
    t.SourceRow,
    t.LineageRow,
    t.GameRow,
    t.DescriptionRow,
    t.RelatedGameRow,
    t.EvidenceRow,
    t.QuotationScopeRow,
    t.StatementRow,
    t.SwitchRow,
    t.AlternativeRow,
    t.RulesetRow,
    t.ChoiceRow,
    t.GameCitationRow,
    t.RelatedGameCitationRow,
    t.EvidenceCitationRow,
    t.StatementCitationRow,
    t.AlternativeCitationRow,
    t.RulesetCitationRow,
    t.WitnessRow,
    t.WitnessCountRow,
]


Check = Callable[[Archive], list[RecordError]]
"""A further check of the validated records (the CLI passes the engine's: every ruleset resolves)."""


def build(data_dir: str | Path, out: str | Path, *, checks: Sequence[Check] = ()) -> BuildReport:
    """Validate ``data_dir``, lint it, run ``checks``, and write the archive to ``out`` atomically.

    Raises :class:`schema.load.RecordErrors` for bad records, lint errors or failed checks;
    ``out`` is untouched unless the build completes.
    """
    archive = load_archive(data_dir)
    findings = lint(archive)
    errors = [f.error for f in findings if f.level == "error"]
    for check in checks:
        errors.extend(check(archive))
    if errors:
        raise RecordErrors(errors)
    warnings = tuple(str(f) for f in findings if f.level == "warning")
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temporaries(out)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{out.name}.{os.getpid()}.", suffix=".tmp", dir=out.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        tmp.unlink()  # SQLite creates the file itself
        counts = _write(archive, tmp)
        with sqlite3.connect(tmp) as conn:  # a last read: the file opens and answers
            conn.execute("PRAGMA integrity_check").fetchone()
        os.replace(tmp, out)
    finally:
        for leftover in (tmp, tmp.with_name(tmp.name + "-journal")):
            if leftover.exists():
                leftover.unlink()
    return BuildReport(out, counts, warnings)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's live process
        return True
    return True


def remove_stale_temporaries(out: Path) -> list[Path]:
    """Remove the temporary files (and SQLite journals) of builds of ``out`` that were killed:
    ``.<name>.<pid>.<random>.tmp`` whose builder process is gone. A live build's file stays."""
    removed = []
    for path in out.parent.glob(f".{out.name}.*.tmp*"):
        parts = path.name[len(out.name) + 2:].split(".")
        if not (path.name.endswith(".tmp") or path.name.endswith(".tmp-journal")):
            continue
        if parts and parts[0].isdigit():
            stale = int(parts[0]) != os.getpid() and not _alive(int(parts[0]))
        else:  # named before builds put their pid in it: stale once surely finished
            stale = time.time() - path.stat().st_mtime > 3600
        if stale:
            path.unlink(missing_ok=True)
            removed.append(path)
    return removed
