"""How far a reading departs from the sources: the standing of each switch's chosen alternative.

For every disputed point (a switch the records do not mark ``agreed``) the chosen alternative
stands in one of these ways, from the records' citations, best first:

============== ===========================================================================
standing       the chosen alternative ...
============== ===========================================================================
stated         is stated by a written source (a primary account, a summary or a commentary
               citing it with ``states``): under the archive's witness rule
               (schema.witnesses) every such source is a witness of its own or passes
               the reading back to one
implied        follows from a written source's words (``implies``), none states it
admitted       is allowed by a written source's words among others (``admits``)
program        is only a program's choice (Ludii, MancalaGames: ``implements``)
editorial      is an editorial completion or a conjecture: no source gives it
contradicted   is not stated, while another alternative of the switch is stated by a
               written source
============== ===========================================================================

A reading's **fit** is the list of its departures: every switch whose chosen alternative is not
``stated``, with its standing and the sources behind it. Readings are ordered by :func:`fit_key`:
lexicographically by the number of departures of each standing, worst first (contradicted, then
editorial, program, admitted, implied). So one contradiction of a source's words weighs more than
any number of silences filled, and a silence filled by the editors more than any number of
readings a program chose or the words admit: the order never trades a worse departure for
several lesser ones, which is what a historian asks of a reconstruction ("does it go against what
a source says?" before "how much does it fill in?"). The list stays beside the key on every page
and in the JSON, so nobody has to trust the ordering alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

STANDINGS = ("stated", "implied", "admitted", "program", "editorial", "contradicted")
"""The standings, best first."""

WORDS = {
    "stated": "stated by a source",
    "implied": "implied by a source's words",
    "admitted": "admitted by a source's words among other readings",
    "program": "only a program's choice",
    "editorial": "an editorial completion: no source gives it",
    "contradicted": "against a source that states another reading",
}
"""Each standing in words, as the pages and the CLI print it."""

_TEXT_SUPPORT = ("states", "implies", "admits")


@dataclass(frozen=True)
class Standing:
    """How one alternative of one switch stands in the records."""

    switch: str
    option: str
    standing: str
    sources: tuple[str, ...]
    """The short cites behind the standing (for ``contradicted``: the sources stating another option)."""

    def to_dict(self) -> dict[str, object]:
        return {"switch": self.switch, "option": self.option, "standing": self.standing,
                "words": WORDS[self.standing], "sources": list(self.sources)}

    @property
    def text(self) -> str:
        """``relay = next-hole: only a program's choice (Ludii 1.3.13)``."""
        cited = f" ({'; '.join(self.sources)})" if self.sources else ""
        return f"{self.switch.split('.', 1)[1]} = {self.option}: {WORDS[self.standing]}{cited}"


def standings(game_id: str, archive=None) -> dict[str, dict[str, Standing]]:
    """Every disputed switch of ``game_id`` -> each of its options -> its :class:`Standing`, from the
    archive's witnesses (schema.witnesses: the one definition of who supports a reading, used by the
    pages too; ``archive``: a loaded schema Archive; default: the engine's)."""
    from engine import rulesets
    from schema.witnesses import witnesses

    archive = archive or rulesets.load()
    if game_id not in archive.games:
        raise ValueError(f"the archive has no game {game_id!r}")
    short = {sid: src.short for sid, src in archive.sources.items()}
    by_record: dict[str, list] = {}
    for w in witnesses(archive):
        if w.game == game_id and w.kind == "alternative":
            by_record.setdefault(w.record, []).append(w)
    out: dict[str, dict[str, Standing]] = {}
    for sw in archive.games[game_id].switches:
        if sw.agreed:
            continue
        text: dict[str, dict[str, list[str]]] = {}
        programs: dict[str, list[str]] = {}
        for alt in sw.alternatives:
            text[alt.id] = {k: [] for k in _TEXT_SUPPORT}
            programs[alt.id] = []
            for w in by_record.get(f"{sw.id}:{alt.id}", []):
                if w.program:
                    programs[alt.id].append(short.get(w.source, w.source))
                elif w.support in _TEXT_SUPPORT:
                    text[alt.id][w.support].append(short.get(w.source, w.source))
        stated = {a: t["states"] for a, t in text.items() if t["states"]}
        out[sw.id] = {}
        for alt in sw.alternatives:
            t = text[alt.id]
            others = sorted({s for a, ss in stated.items() if a != alt.id for s in ss})
            if t["states"]:
                found = ("stated", t["states"])
            elif others:
                found = ("contradicted", others)
            elif t["implies"]:
                found = ("implied", t["implies"])
            elif t["admits"]:
                found = ("admitted", t["admits"])
            elif programs[alt.id]:
                found = ("program", programs[alt.id])
            else:
                found = ("editorial", [])
            out[sw.id][alt.id] = Standing(sw.id, alt.id, found[0], tuple(dict.fromkeys(found[1])))
    return out


def fit(reading: Mapping[str, str], table: Mapping[str, Mapping[str, Standing]]) -> list[Standing]:
    """The departures of ``reading`` (switch id -> option): every disputed switch whose chosen
    option is not stated, worst first (``table`` from :func:`standings`)."""
    found = []
    for switch, options in table.items():
        if switch not in reading:
            raise ValueError(f"the reading gives no value for switch {switch!r}")
        option = reading[switch]
        if option not in options:
            raise ValueError(f"switch {switch!r} has no option {option!r}; options: {', '.join(options)}")
        if options[option].standing != "stated":
            found.append(options[option])
    return sorted(found, key=lambda s: (-STANDINGS.index(s.standing), s.switch))


def fit_key(departures: list[Standing]) -> tuple[int, ...]:
    """The order of readings by fit, smaller first: the counts of departures by standing, worst first."""
    return tuple(sum(d.standing == s for d in departures) for s in reversed(STANDINGS[1:]))


def fit_summary(departures: list[Standing]) -> str:
    """``1 contradicted, 2 editorial`` (``no departure`` when every choice is stated)."""
    counts = [(s, sum(d.standing == s for d in departures)) for s in reversed(STANDINGS[1:])]
    parts = [f"{n} {s}" for s, n in counts if n]
    return ", ".join(parts) if parts else "no departure"
