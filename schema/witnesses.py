"""Witnesses: how many independent sources stand behind each reading, counted one way everywhere.

The rule, in one sentence (the pages print :data:`RULE`): a source that rests on an earlier one
passes a reading back to it only where the earlier source's own words state or imply that reading
(it is cited so for it), or where the source's words are a quotation or translation of it (in the
passages its lineage ``covers``); where the earlier source's words merely admit the reading among
others, or the source departs or fills a silence, the reading is the source's own (a summary's
reading, an implementation's choice); a source is counted once however many routes reach it; words
about a related game (a citation's ``relative``) witness nothing of this game; and conjectures
(editorial completions) witness nothing.

:func:`witnesses` applies it to every cited statement and alternative of a validated archive;
:func:`tally` sums one record's witnesses into the figures the pages show (texts, the independent
witnesses they rest on, how many of those are primary accounts, programs counted apart). The build
writes both into the archive (tables ``witnesses`` and ``witness_counts``), and every page, canned
query and figure that counts witnesses reads those tables, so there is one definition.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from schema.archive import Archive
from schema.records import Citation, Relation, SourceRole, Support

RULE = (
    "A source that rests on an earlier one passes a reading back to it only where the earlier source's "
    "own words state or imply that reading (or are quoted or translated for it); where those words "
    "merely admit it among others, or the source departs or fills a silence, it is its own witness (an "
    "implementation's choice, a summary's reading); each source is counted once, words about a related "
    "game witness nothing of this one, editorial completions and conjectures witness nothing, and "
    "programs are counted apart from texts."
)
"""The witness rule as the pages state it."""

_VERBATIM = {Relation.quotes, Relation.translates}
"""Lineage relations under which a source's words are its parent's words."""

LABELS = {
    SourceRole.primary: "a primary account",
    SourceRole.secondary: "a summary's reading",
    SourceRole.implementation: "an implementation's choice",
    SourceRole.commentary: "a commentator's reading",
}
"""How a witness stands, by its role: a primary account, or a derivative that is its own witness."""


@dataclass(frozen=True)
class Witness:
    """One cited source of one record followed back to the source that witnesses the reading."""

    game: str
    kind: str  # "statement" or "alternative"
    record: str  # ``<game>.<statement id>`` or ``<switch id>:<option>`` (the archive's row ids)
    source: str  # the cited source
    support: str  # the citation's strongest support (states > implies > admits > implements)
    witness: str  # the source the reading rests on
    path: tuple[str, ...]  # source, ..., witness
    program: bool  # the cited source is a program (counted apart from texts)
    label: str  # how the witness stands (LABELS)


_STRENGTH = [Support.states, Support.implies, Support.admits, Support.implements]


_PASSING = (Support.states, Support.implies)
"""The supports under which an earlier source's own words carry a reading, so that a source resting on
it passes the reading back (``admits`` does not: the words allow the reading among others)."""


def _backers(citations: list[Citation]) -> dict[str, Support]:
    """The sources a record cites for itself (conjectures and words about a related game excluded),
    each with its strongest support."""
    out: dict[str, Support] = {}
    for c in citations:
        if c.support is Support.conjecture or c.relative is not None:
            continue
        if c.source not in out or _STRENGTH.index(c.support) < _STRENGTH.index(out[c.source]):
            out[c.source] = c.support
    return out


def _roots(archive: Archive, source: str, cited: dict[str, Support], trail: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    """Every path from ``source`` back to a witness of a reading, given the sources whose words carry
    it (``cited``: each source with its strongest support, the quoted and translated included)."""
    src = archive.sources[source]
    relations: dict[str, set[Relation]] = {}
    for link in src.lineage:
        relations.setdefault(link.source, set()).add(link.relation)
    passing = [
        parent for parent, rels in relations.items()
        if parent in archive.sources and parent not in trail
        and (cited.get(parent) in _PASSING or rels <= _VERBATIM)
    ]
    if not passing:
        yield trail
        return
    for parent in passing:
        yield from _roots(archive, parent, cited, trail + (parent,))


def _records(archive: Archive) -> Iterator[tuple[str, str, str, list[Citation]]]:
    for gid in sorted(archive.games):
        game = archive.games[gid]
        for st in game.statements:
            yield gid, "statement", f"{gid}.{st.id}", st.citations
        for sw in game.switches:
            for alt in sw.alternatives:
                yield gid, "alternative", f"{sw.id}:{alt.id}", alt.citations


def _quoted(archive: Archive, cited: dict[str, Support]) -> dict[str, Support]:
    """``cited`` with every source whose words a cited source quotes or translates (and so on back),
    at the quoting source's support: a source quoted for a reading is cited for it, as strongly."""
    out = dict(cited)
    todo = list(cited)
    while todo:
        sid = todo.pop()
        src = archive.sources.get(sid)
        if src is None:
            continue
        relations: dict[str, set[Relation]] = {}
        for link in src.lineage:
            relations.setdefault(link.source, set()).add(link.relation)
        for parent, rels in relations.items():
            if rels <= _VERBATIM and (parent not in out or _STRENGTH.index(out[sid]) < _STRENGTH.index(out[parent])):
                out[parent] = out[sid]
                todo.append(parent)
    return out


def witnesses(archive: Archive) -> list[Witness]:
    """The witnesses of every statement and alternative of the archive, in record order."""
    out: list[Witness] = []
    for gid, kind, record, citations in _records(archive):
        backers = _backers(citations)
        cited = _quoted(archive, backers)
        for source, support in backers.items():
            if source not in archive.sources:
                continue
            program = archive.sources[source].role is SourceRole.implementation
            for path in dict.fromkeys(_roots(archive, source, cited, (source,))):
                root = archive.sources[path[-1]]
                out.append(Witness(gid, kind, record, source, support.value, root.id, path, program, LABELS[root.role]))
    return out


@dataclass(frozen=True)
class Tally:
    """The witness figures of one record."""

    texts: int  # cited written sources (not programs)
    text_witnesses: int  # the independent witnesses those texts rest on
    primaries: int  # how many of those witnesses are primary accounts
    programs: int  # cited programs
    program_choices: int  # programs that are their own witness (not resting on a cited text's witness)
    summary: str


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def tally(rows: list[Witness], shorts: dict[str, str]) -> Tally:
    """The figures of one record's witnesses (``rows``), with a one-line summary such as
    ``3 texts resting on 1 primary account (Parolov 1931); 2 programs``."""
    texts = sorted({w.source for w in rows if not w.program})
    programs = sorted({w.source for w in rows if w.program})
    text_roots = {w.witness: w.label for w in rows if not w.program}
    admitting = {  # witnesses whose every text only admits the reading
        r for r in text_roots
        if all(w.support == Support.admits.value for w in rows if not w.program and w.witness == r)
    }
    primaries = sum(1 for label in text_roots.values() if label == LABELS[SourceRole.primary])
    text_root_ids = set(text_roots)
    own = sorted({w.source for w in rows if w.program and w.witness == w.source})
    parts = []
    if texts:
        names = "; ".join(
            shorts.get(r, r) + ("" if label == LABELS[SourceRole.primary] else f", {label}")
            + (", whose words admit it among others" if r in admitting else "")
            for r, label in sorted(text_roots.items(), key=lambda kv: shorts.get(kv[0], kv[0]))
        )
        kinds = "primary account" if primaries == len(text_roots) else "witness"
        kinds_plural = "primary accounts" if primaries == len(text_roots) else "witnesses"
        parts.append(
            f"{_plural(len(texts), 'text')} resting on {len(text_roots)} "
            f"{kinds if len(text_roots) == 1 else kinds_plural} ({names})"
        )
    else:
        parts.append("no text")
    if programs:
        program_part = _plural(len(programs), "program")
        elsewhere = sorted({w.witness for w in rows if w.program and w.witness != w.source} - text_root_ids)
        if own and len(own) == len(programs):
            program_part += ", its own choice" if len(own) == 1 else ", each its own choice"
        elif own:
            program_part += f" ({len(own)} its own choice)"
        elif not elsewhere:
            program_part += " resting on the same"
        if elsewhere:
            program_part += " resting on " + "; ".join(shorts.get(r, r) for r in elsewhere)
        parts.append(program_part)
    return Tally(len(texts), len(text_roots), primaries, len(programs), len(own), "; ".join(parts))
