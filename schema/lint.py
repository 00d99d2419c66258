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
from schema.records import GameFile, SourceRole, Support

Level = Literal["error", "warning"]
RULES: dict[str, Level] = {
    "double-support": "error",
    "unseen-states": "error",
    "quotation-owner": "error",
    "quotation-scope": "error",
    "silent-asserts": "error",
    "seen-unread": "error",
    "completion-attributed": "error",
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
    _implementation_only, _unmarked_completions,
)


def lint(archive: Archive) -> list[Finding]:
    """Every finding of every lint rule over a validated archive, errors first, in file order."""
    findings: list[Finding] = check_sources(archive)
    for gid in sorted(archive.games):
        for check in _CHECKS:
            findings.extend(check(archive, archive.games[gid], archive.files[gid]))
    return sorted(findings, key=lambda f: (f.level != "error", f.error.file, f.error.line or 0))
