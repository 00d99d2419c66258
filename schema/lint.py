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
- ``implementation-only`` (warning): a statement whose only citations are implementations.
- ``unmarked-completion`` (warning): a ruleset choice that no source the ruleset cites (follows)
  states or implies, and that is not marked as an editorial completion naming who proposed it.
  For a game's default ruleset (its reading of the sources) implementations do not count; for the
  other rulesets (a program's reading, a relative's rules) a followed program implementing the
  choice does.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from schema.load import Archive, RecordError
from schema.records import GameFile, SourceRole, Support

Level = Literal["error", "warning"]
RULES: dict[str, Level] = {
    "double-support": "error",
    "unseen-states": "error",
    "quotation-owner": "error",
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


_CHECKS = (_double_support, _unseen_states, _quotation_owner, _implementation_only, _unmarked_completions)


def lint(archive: Archive) -> list[Finding]:
    """Every finding of every lint rule over a validated archive, errors first, in file order."""
    findings: list[Finding] = []
    for gid in sorted(archive.games):
        for check in _CHECKS:
            findings.extend(check(archive, archive.games[gid], archive.files[gid]))
    return sorted(findings, key=lambda f: (f.level != "error", f.error.file, f.error.line or 0))
