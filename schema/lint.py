"""The archive's lint: what a record says against what its sources can bear.

Run by ``variorum build`` (and ``variorum lint``) after the records validate, and by the tests.
An *error* is a fact the records get wrong and fails the build; a *warning* is a judgement an
editor should look at, and is printed:

- ``double-support`` (error): one source cited as ``states`` or ``implies`` for two alternatives
  of the same switch. Alternatives exclude each other, so one source cannot state both; where its
  words allow either, the citations say ``admits``. Switches the sources leave to the players'
  agreement (``agreed: true``: board sizes, numbers of extra captures) are exempt.
- ``unseen-states`` (error): a source the archive has not seen (``seen: false``) cited as
  ``states`` for a rule (a statement or an alternative) without saying where its words were read
  (``read_at``).
- ``quotation-owner`` (error): an evidence quotation that does not say whose words it is.
- ``quotation-scope`` (error): an evidence quotation that names nothing it bears on (``bears_on``,
  or ``parts`` with their own), or names a statement or alternative that does not cite the
  quotation's owner: a quotation is printed only under the records it bears on, and those are
  records that cite whose words it is.
- ``silent-asserts`` (error): a citation that ``states`` or ``implies`` a rule while its own note
  says the source is silent there ("does not say", "says nothing", "is silent", "is not cited
  for"...): such a source at most ``admits`` the reading.
- ``seen-unread`` (error): a source marked ``seen: true`` whose note says the archive has not
  seen it, not read it or not re-checked it.
- ``completion-attributed`` (error): a ruleset whose description names a source it cites for a
  point (by the source's short author name) in the same sentence as the label of a choice that its
  own completions say that source is silent on. It catches the wording "X's ..., <label>" only;
  the records' README lists what an editor must still check by eye.
- ``primary-in-program`` (error): a primary account cited as ``states`` or ``implies`` with its
  words read inside a program file (``read_at`` an implementation). The rules text of a ``.lud``
  file's metadata is the portal's summary, as each file's header says: cite the summary (the
  portal's, ``seen: false`` where not read on the portal), and give the program file its lineage
  to it.
- ``identifier-kind`` (error): an identifier that does not exist as written. A ``.lud`` file's
  ``(id ...)`` is a ruleset id (``DLP.GameRulesets``), so a ``DLP.Games`` or ``DLP.Evidence``
  identifier read in a program file is of the wrong kind; a source whose id or short cite spells
  an identifier it does not hold; an identifier (``DLP.Games.662``) written anywhere in ``data/``,
  comments included, that no source holds with that kind and number; and an identifier written
  without its kind ("DLP id 1313").
- ``program-as-agreed`` (error): a statement (a rule the sources agree on) that no written source
  states or implies (its texts at most admit it, or it rests on programs and conjectures only)
  and whose text does not say whose reading it is ("editorial", "this archive", "Ludii", "the
  program"...): it would present a program's choice or an editorial one as agreed.
- ``implementation-only`` (warning): a statement whose only citations are implementations.
- ``unmarked-completion`` (warning): a ruleset choice that no source the ruleset cites (follows)
  states or implies, and that is not marked as an editorial completion naming who proposed it.
  For a game's default ruleset (its reading of the sources) implementations do not count; for the
  other rulesets (a program's reading, a relative's rules) a followed program implementing the
  choice does.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from schema.archive import Archive, RecordError
from schema.crossref import _citations
from schema.records import GameFile, IdentifierKind, SourceRole, Support

Level = Literal["error", "warning"]
RULES: dict[str, Level] = {
    "double-support": "error",
    "unseen-states": "error",
    "quotation-owner": "error",
    "quotation-scope": "error",
    "silent-asserts": "error",
    "seen-unread": "error",
    "completion-attributed": "error",
    "primary-in-program": "error",
    "identifier-kind": "error",
    "program-as-agreed": "error",
    "implementation-only": "warning",
    "unmarked-completion": "warning",
}
"""Every lint rule and its level."""

_ASSERTING = (Support.states, Support.implies)


@dataclass(frozen=True)
class Finding:
    """One thing the lint found: its rule, its level and where."""

    rule: str
    error: RecordError

    @property
    def level(self) -> Level:
        return RULES[self.rule]

    def __str__(self) -> str:
        return f"{self.level} [{self.rule}] {self.error}"


def _finding(archive: Archive, path: Path, rule: str, message: str, record: str, fields: tuple[Any, ...]) -> Finding:
    return Finding(
        rule,
        RecordError(
            archive.display(path),
            message,
            record=record,
            field=".".join(str(f) for f in fields),
            line=archive.line_of(path, fields),
        ),
    )


def _double_support(archive: Archive, game: GameFile, path: Path) -> list[Finding]:
    out = []
    for j, sw in enumerate(game.switches):
        if sw.agreed:
            continue
        backed: dict[str, list[tuple[int, str]]] = defaultdict(list)  # source -> (alternative index, option)
        for k, alt in enumerate(sw.alternatives):
            for c in alt.citations:
                if c.support in _ASSERTING and (k, alt.id) not in backed[c.source]:
                    backed[c.source].append((k, alt.id))
        for source, alts in backed.items():
            if len(alts) > 1:
                options = ", ".join(opt for _, opt in alts)
                out.append(_finding(
                    archive, path, "double-support",
                    f"source {source!r} is cited as stating or implying {len(alts)} alternatives that exclude each "
                    f"other ({options}); cite it as 'admits' where its words allow several readings",
                    sw.id, ("switches", j, "alternatives", alts[1][0], "citations"),
                ))
    return out


def _unseen_states(archive: Archive, game: GameFile, path: Path) -> list[Finding]:
    out = []
    rules: list[tuple[str, tuple[Any, ...], list]] = [
        (st.id, ("statements", j), st.citations) for j, st in enumerate(game.statements)
    ]
    for j, sw in enumerate(game.switches):
        for k, alt in enumerate(sw.alternatives):
            rules.append((f"{sw.id}:{alt.id}", ("switches", j, "alternatives", k), alt.citations))
    for record, base, citations in rules:
        for i, c in enumerate(citations):
            src = archive.sources.get(c.source)
            if src is not None and not src.seen and c.support is Support.states and c.read_at is None:
                out.append(_finding(
                    archive, path, "unseen-states",
                    f"source {c.source!r} has not been seen by this archive (seen: false) but is cited as stating "
                    "this rule; say where its words were read (read_at) or weaken the support",
                    record, base + ("citations", i),
                ))
    return out


def _quotation_owner(archive: Archive, game: GameFile, path: Path) -> list[Finding]:
    return [
        _finding(archive, path, "quotation-owner",
                 "the quotation does not say whose words it is (quotation.owner, words, read_at)",
                 ev.id, ("evidence", j, "quotation"))
        for j, ev in enumerate(game.evidence)
        if ev.quotation.owner is None
    ]


def _quotation_scope(archive: Archive, game: GameFile, path: Path) -> list[Finding]:
    out = []
    citing: dict[str, set[str]] = {}
    for st in game.statements:
        citing[st.id] = {c.source for c in st.citations}
    for sw in game.switches:
        for alt in sw.alternatives:
            citing[f"{sw.id}:{alt.id}"] = {c.source for c in alt.citations}
    for j, ev in enumerate(game.evidence):
        q = ev.quotation
        base = ("evidence", j, "quotation")
        if not q.scopes():
            out.append(_finding(
                archive, path, "quotation-scope",
                "the quotation bears on nothing: name the statements or alternatives it is evidence for "
                "(quotation.bears_on, or parts with their own bears_on)",
                ev.id, base,
            ))
            continue
        owner = q.owner
        refs = [(base + ("bears_on", i), ref) for i, ref in enumerate(q.bears_on)]
        refs += [(base + ("parts", k, "bears_on", i), ref) for k, p in enumerate(q.parts) for i, ref in enumerate(p.bears_on)]
        for fields, ref in refs:
            if ref in citing and owner is not None and owner not in citing[ref]:
                out.append(_finding(
                    archive, path, "quotation-scope",
                    f"the quotation is said to bear on {ref!r}, which does not cite its owner {owner!r}: "
                    "it would be printed where its words are not cited",
                    ev.id, fields,
                ))
    return out


_SILENT = re.compile(
    r"\b(?:is|are) silent\b|\bsays? nothing\b|\bdo(?:es)? not say\b(?! in so many words)|\bnot cited for\b"
    r"|\bdo(?:es)? not (?:give|mention|speak)\b|\bnothing (?:of|about)\b|\bneed not\b",
    re.IGNORECASE,
)
"""Words with which a note says that a source is silent on a point."""


def _names(archive: Archive, source: str) -> set[str]:
    """How notes name a source: its first author (``Beaton``) and, for two, their initials (``D&P``)."""
    short = archive.sources[source].short
    names = {_author(short)}
    if "&" in short:
        first, second = (part.strip() for part in short.split("&", 1))
        names.add(f"{first[0]}&{second[0]}")
    return names


def _silent_sources(note: str, own: str, named: dict[str, set[str]]) -> set[str]:
    """The sources a note says are silent: for each silence phrase, the source named last before it
    in its sentence, or the citation's own source when none is named."""
    out = set()
    for m in _SILENT.finditer(note):
        start = max(note.rfind(".", 0, m.start()), note.rfind(";", 0, m.start())) + 1
        prefix = note[start:m.start()]
        last, where = own, -1
        for source, names in named.items():
            for name in names:
                for hit in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", prefix):
                    if hit.start() > where:
                        last, where = source, hit.start()
        out.add(last)
    return out


def _silent_asserts(archive: Archive, game: GameFile, path: Path) -> list[Finding]:
    """A states/implies citation whose own note, or a note on another reading of the same point,
    says the source is silent there."""
    out = []
    records: list[tuple[str, tuple[Any, ...], list]] = [
        (st.id, ("statements", j), [st.citations]) for j, st in enumerate(game.statements)
    ]
    for j, sw in enumerate(game.switches):
        records.append((sw.id, ("switches", j), [alt.citations for alt in sw.alternatives]))
    for record, base, groups in records:
        cited = {c.source for group in groups for c in group if c.source in archive.sources}
        named = {sid: _names(archive, sid) for sid in cited}
        silent: dict[str, str] = {}  # source -> the note that says it is silent
        for group in groups:
            for c in group:
                if c.note and c.source in archive.sources:
                    for sid in _silent_sources(c.note, c.source, named):
                        silent.setdefault(sid, c.note)
        for k, group in enumerate(groups):
            for i, c in enumerate(group):
                if c.support in _ASSERTING and c.source in silent:
                    fields = base + (("alternatives", k) if base[0] == "switches" else ()) + ("citations", i, "support")
                    out.append(_finding(
                        archive, path, "silent-asserts",
                        f"{c.source!r} is cited as {c.support.value} while a note on this point says it is silent "
                        f"({_SILENT.search(silent[c.source]).group(0)!r}); cite it as 'admits', or drop it",
                        record, fields,
                    ))
    return out


_UNREAD = re.compile(
    r"\bnot (?:been )?seen\b|\bnever (?:re-)?(?:read|checked|seen)\b|\bnot re-?checked\b|\bnot (?:been )?read\b"
    r"|\bhas not (?:been )?(?:seen|read)\b",
    re.IGNORECASE,
)


def check_sources(archive: Archive) -> list[Finding]:
    """Lint rules on the bibliography itself (``seen-unread``)."""
    out = []
    path = archive.sources_path
    for idx, src in enumerate(archive.sources.values()):
        match = _UNREAD.search(src.note or "")
        if src.seen and match:
            out.append(_finding(
                archive, path, "seen-unread",
                f"the source is marked seen: true but its note says {match.group(0)!r}; "
                "set seen: false (and cite it with read_at) or say what was read",
                src.id, ("sources", idx, "seen"),
            ))
    return out


def _author(short: str) -> str:
    """The name a description uses for a source: ``Machatscheck 1984`` -> ``Machatscheck``."""
    return re.split(r"[ ,]", short.replace("&", " "), maxsplit=1)[0]


def _completion_attributed(archive: Archive, game: GameFile, path: Path) -> list[Finding]:
    out = []
    switches = {sw.id: sw for sw in game.switches}
    for j, rs in enumerate(game.rulesets):
        sentences = re.split(r"(?<=[.;])\s+", " ".join(rs.description.split()))
        for sid, completion in rs.completions.items():
            sw = switches.get(sid)
            alt = next((a for a in sw.alternatives if a.id == rs.choices.get(sid)), None) if sw else None
            if alt is None:
                continue
            words = [w for w in re.findall(r"[a-z]+", alt.label.lower()) if len(w) > 3]
            if not words:  # a label such as "No" names nothing a sentence could be matched on
                continue
            silent = {c.source for c in rs.citations if c.source != completion.by and c.source in archive.sources}
            silent |= {link.source for sid_ in list(silent) for link in archive.sources[sid_].lineage
                       if link.source in archive.sources}
            for sentence in sentences:
                low = sentence.lower()
                phrase = alt.label.lower() in low if len(words) < 2 else all(re.search(rf"\b{w}\b", low) for w in words)
                if not phrase \
                        or re.search(r"completion|editorial|this archive|silent", low):
                    continue
                for source in sorted(silent):
                    name = _author(archive.sources[source].short)
                    if re.search(rf"\b{re.escape(name)}'s\b", sentence):
                        out.append(_finding(
                            archive, path, "completion-attributed",
                            f"the description gives {alt.label!r} ({sid}) as {name}'s, but the ruleset's completion "
                            f"says its sources are silent there (proposed by {completion.by!r}); say it is the completion",
                            rs.id, ("rulesets", j, "description"),
                        ))
    return out


def _primary_in_program(archive: Archive, game: GameFile, path: Path) -> list[Finding]:
    out = []
    for record, fields, c in _citations(game):
        src = archive.sources.get(c.source)
        at = archive.sources.get(c.read_at.source) if c.read_at else None
        if src is None or at is None or c.support not in _ASSERTING:
            continue
        if src.role is SourceRole.primary and at.role is SourceRole.implementation:
            out.append(_finding(
                archive, path, "primary-in-program",
                f"{c.source!r} (a primary account) is cited as {c.support.value} with its words read in the program file "
                f"{at.id!r}: the rules text in a program's metadata is the summary it carries, not the primary's words; "
                "cite the summary (the portal's) and give the program its lineage to it",
                record, fields + ("support",),
            ))
    return out


_MARKED = re.compile(
    r"\beditorial\b|\bthis archive\b|\bconjectur|\bLudii\b|\bthe program|\bprograms?'|\bMancalaGames\b|\bthe \.lud\b",
    re.IGNORECASE,
)
"""Words with which a statement's text says whose reading it is."""


def _program_as_agreed(archive: Archive, game: GameFile, path: Path) -> list[Finding]:
    out = []
    for j, st in enumerate(game.statements):
        written = [c for c in st.citations if c.source in archive.sources and c.relative is None
                   and archive.sources[c.source].role is not SourceRole.implementation
                   and c.support is not Support.conjecture]
        if any(c.support in _ASSERTING for c in written) or _MARKED.search(st.text):
            continue
        if not any(c.source in archive.sources for c in st.citations):
            continue
        out.append(_finding(
            archive, path, "program-as-agreed",
            "the statement is given as agreed, but no written source states or implies it (it rests on "
            f"{', '.join(sorted({c.source for c in st.citations}))}); say in its text whose reading it is "
            "(a program's, this archive's editorial choice) or cite the words that state it",
            st.id, ("statements", j, "text"),
        ))
    return out


def _implementation_only(archive: Archive, game: GameFile, path: Path) -> list[Finding]:
    out = []
    for j, st in enumerate(game.statements):
        roles = {archive.sources[c.source].role for c in st.citations if c.source in archive.sources}
        if roles == {SourceRole.implementation}:
            out.append(_finding(
                archive, path, "implementation-only",
                "the statement's only citations are implementations (programs): no written source backs it",
                st.id, ("statements", j, "citations"),
            ))
    return out


def _unmarked_completions(archive: Archive, game: GameFile, path: Path) -> list[Finding]:
    out = []
    switches = {sw.id: sw for sw in game.switches}
    for j, rs in enumerate(game.rulesets):
        followed = {
            c.source for c in rs.citations
            if c.source in archive.sources
            and not (rs.default and archive.sources[c.source].role is SourceRole.implementation)
        }
        backing = _ASSERTING if rs.default else (*_ASSERTING, Support.implements)
        for sid, opt in rs.choices.items():
            sw = switches.get(sid)
            if sw is None or sid in rs.completions:
                continue
            alt = next((a for a in sw.alternatives if a.id == opt), None)
            if alt is None:
                continue
            if not any(c.source in followed and c.support in backing for c in alt.citations):
                kind = "states or implies" if rs.default else "states, implies or implements"
                out.append(_finding(
                    archive, path, "unmarked-completion",
                    f"the ruleset chooses {opt!r}, which none of the sources it follows "
                    f"({', '.join(sorted(followed)) or 'none'}) {kind}; mark it as an editorial "
                    "completion (completions: {switch: {by, note}}) or cite the source",
                    rs.id, ("rulesets", j, "choices", sid),
                ))
    return out


_CHECKS = (
    _double_support, _unseen_states, _quotation_owner, _quotation_scope, _silent_asserts, _completion_attributed,
    _primary_in_program, _program_as_agreed, _implementation_only, _unmarked_completions,
)

_WRITTEN_ID = re.compile(r"\bDLP\.(Games|GameRulesets|Evidence)\.(\d+)\b")
_KINDLESS_ID = re.compile(r"\bDLP\s+ids?\b\s*\(?\d", re.IGNORECASE)
_SLUG_ID = re.compile(r"^dlp-(games|gamerulesets|evidence)-(\d+)$")
_SLUG_KIND = {"games": IdentifierKind.games, "gamerulesets": IdentifierKind.rulesets, "evidence": IdentifierKind.evidence}


def check_identifiers(archive: Archive) -> list[Finding]:
    """Lint rule ``identifier-kind`` over the bibliography and the text of every file of the archive."""
    out = []
    spath = archive.sources_path
    held = {(i.kind.value, i.number) for src in archive.sources.values() for i in src.identifiers}
    for idx, src in enumerate(archive.sources.values()):
        mine = {(i.kind.value, i.number) for i in src.identifiers}
        for k, ident in enumerate(src.identifiers):
            at = archive.sources.get(ident.read_at.source)
            if at is not None and at.role is SourceRole.implementation and ident.kind is not IdentifierKind.rulesets:
                out.append(_finding(
                    archive, spath, "identifier-kind",
                    f"{ident} was read in the program file {at.id!r}: a .lud file's (id ...) is the id of a ruleset "
                    "(DLP.GameRulesets), not of a game page or an evidence record",
                    src.id, ("sources", idx, "identifiers", k, "kind"),
                ))
        named = [(f"DLP.{m.group(1)}", int(m.group(2))) for m in _WRITTEN_ID.finditer(src.short)]
        slug = _SLUG_ID.match(src.id)
        if slug:
            named.append((_SLUG_KIND[slug.group(1)].value, int(slug.group(2))))
        for kind, number in named:
            if (kind, number) not in mine:
                out.append(_finding(
                    archive, spath, "identifier-kind",
                    f"the source's id or short cite names {kind}.{number}, which is not among its identifiers "
                    "(identifiers: kind, number, read_at): rename it or record where that identifier was read",
                    src.id, ("sources", idx, "id"),
                ))
    files = [spath] + [archive.files[gid] for gid in sorted(archive.games)]
    for path in files:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError:
            continue
        for n, line in enumerate(lines, start=1):
            for m in _WRITTEN_ID.finditer(line):
                if (f"DLP.{m.group(1)}", int(m.group(2))) not in held:
                    out.append(Finding("identifier-kind", RecordError(
                        archive.display(path),
                        f"{m.group(0)} is written here, but no source holds that identifier (sources' identifiers: "
                        "kind, number, read_at): check its kind against the page it was read on",
                        line=n,
                    )))
            kindless = _KINDLESS_ID.search(line)
            if kindless:
                out.append(Finding("identifier-kind", RecordError(
                    archive.display(path),
                    f"an identifier without its kind ({kindless.group(0)!r}...): write DLP.Games.N, DLP.GameRulesets.N "
                    "or DLP.Evidence.N, as the page it was read on shows it",
                    line=n,
                )))
    return out


def lint(archive: Archive) -> list[Finding]:
    """Every finding of every lint rule over a validated archive, errors first, in file order."""
    findings: list[Finding] = check_sources(archive) + check_identifiers(archive)
    for gid in sorted(archive.games):
        for check in _CHECKS:
            findings.extend(check(archive, archive.games[gid], archive.files[gid]))
    return sorted(findings, key=lambda f: (f.level != "error", f.error.file, f.error.line or 0))
