"""Citing a reading (and a position) of a game: one canonical form, one implementation.

The page's "Cite this" (``/-/cite/<game>.json``), ``variorum cite`` and the JSON of both come from
:func:`cite` over the archive database, so they agree byte for byte.

**The canonical form of a reading** is the spelling of the game page's address:
``RULESET`` or ``RULESET;POINT:OPTION,POINT:OPTION`` (in text and JSON), i.e. ``?ruleset=RULESET&
set=POINT:OPTION,...`` (in the URL, with ``:`` and ``,`` left unescaped, as RFC 3986 allows in a
query), plus ``&moves=M,M,...&seed=N`` for a position. Why this one: a reading is a ruleset of the
archive with some disputed points read otherwise, so it names the ruleset and only the points that
differ from it; a switch is named by its point (``relay``), not its full id (``tap-urdy.relay``),
because the game is already named; the points are sorted, and a setting equal to the ruleset's own
choice is dropped, so one reading has one spelling. ``:`` rather than ``=`` keeps the URL free of a
second ``=`` inside a query value. Accepted as aliases (and rewritten to the canonical form): the
CLI's ``RULESET,SWITCH=OPTION``, full switch ids, ``=`` for ``:``, settings in any order or equal to
the ruleset's choice, percent-escaped ``:`` and ``,``.

**The full form** names the edition, the reading and position, every switch value, the sources
behind the ruleset and the points read otherwise, the editorial completions the reading keeps
(where the sources are silent), and the game's evidence quotations with whose words each is; the
**short form** (one line) names the edition, the reading, the engine and the address.

**The key** (BibTeX key, CSL id) is derived from the reading, never from a counter:
``variorum:GAME:RULESET`` for a ruleset as it stands, with ``:`` and 10 hex digits of a SHA-256 of
the canonical reading and position when the reading changes a point or names a position. The same
reading gives the same key in every release; distinct readings or positions give distinct keys.

**An edition** says what is cited: a release of the archive (number, date, the hash of its archive
database, the engine fingerprint), or the unreleased state served (the served archive database's
hash, and the date accessed): one hash, ``schema.releases.archive_hash``, which ``variorum version``
prints too. The address is the configured canonical base address (``variorum serve --base-url``,
else the release's own) followed by the release's path ``/v/N/...``; with none configured the
citation says so, and never prints the address a browser happened to use.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote

from schema.csl import _bib_escape, short_cite

NO_ADDRESS = "no canonical address is configured for this archive (variorum serve --base-url URL)"
"""What a citation says in place of an address when none is configured."""
LOOPBACK = re.compile(r"^https?://(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)(:\d+)?(/|$)", re.I)


def check_base_url(url: str | None) -> str | None:
    """A canonical base address (``https://host/path``, no trailing slash), or None; ValueError for
    anything else, a loopback address above all (a citation must resolve for its reader)."""
    if url is None or not url.strip():
        return None
    url = url.strip().rstrip("/")
    if not re.fullmatch(r"https?://[^\s/?#]+(/[^\s?#]*)?", url):
        raise ValueError(f"a canonical base address is http(s)://host[/path], not {url!r}")
    if LOOPBACK.match(url + "/"):
        raise ValueError(f"a canonical base address cannot be a loopback address ({url!r}): readers of a "
                         "citation cannot open it")
    return url


@dataclass(frozen=True)
class Reading:
    """A reading of a game in canonical form, with a position (moves from the start, and the seed)."""

    game: str
    ruleset: str
    overrides: tuple[tuple[str, str], ...] = ()
    """(point, option), sorted by point; only the points that differ from the ruleset's choice."""
    moves: tuple[str, ...] = ()
    seed: int = 0
    switches: Mapping[str, str] = field(default_factory=dict, compare=False)
    """Every switch's value (full id -> option), as the archive resolves the reading."""

    @property
    def spec(self) -> str:
        """``RULESET`` or ``RULESET;POINT:OPTION,...``: the canonical text of the reading."""
        sets = ",".join(f"{p}:{o}" for p, o in self.overrides)
        return f"{self.ruleset};{sets}" if sets else self.ruleset

    @property
    def query(self) -> str:
        parts = [f"ruleset={self.ruleset}"]
        if self.overrides:
            parts.append("set=" + ",".join(f"{p}:{o}" for p, o in self.overrides))
        if self.moves:
            parts.append("moves=" + ",".join(self.moves))
        if self.seed:
            parts.append(f"seed={self.seed}")
        return "&".join(parts)

    @property
    def path(self) -> str:
        """The game page's path for this reading and position (without a release prefix)."""
        return f"/games/{self.game}?{self.query}#play"

    @property
    def key(self) -> str:
        """The BibTeX key and CSL id: stable for the reading, distinct across readings and positions."""
        base = f"variorum:{self.game}:{self.ruleset}"
        if not self.overrides and not self.moves and not self.seed:
            return base
        text = json.dumps([self.game, self.spec, list(self.moves), self.seed], separators=(",", ":"))
        return f"{base}:{hashlib.sha256(text.encode()).hexdigest()[:10]}"

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "reading": self.spec, "ruleset": self.ruleset, "set": dict(self.overrides),
                "moves": list(self.moves), "seed": self.seed, "key": self.key, "switches": dict(self.switches)}


@dataclass(frozen=True)
class Edition:
    """What state of the archive a citation cites."""

    engine: str
    """The engine fingerprint."""
    release: int | None = None
    date: str | None = None
    """The release's date (ISO 8601)."""
    data: str | None = None
    """The archive's hash (schema.releases.archive_hash): of the release's database, or of the served one."""
    base_url: str | None = None
    accessed: str | None = None
    """The date the unreleased state was read (ISO 8601); None for a release (it does not change)."""

    @property
    def prefix(self) -> str:
        return f"/v/{self.release}" if self.release is not None else ""

    def describe(self) -> str:
        if self.release is not None:
            return f"release {self.release} ({self.date}; archive {self.data}; engine {self.engine})"
        return f"unreleased state (archive {self.data}; engine {self.engine}; accessed {self.accessed})"


def split_sets(sets: str | Mapping[str, str] | Sequence[str] | None, *,
               bare: bool = False) -> list[tuple[str, str | None]]:
    """Switch settings in any accepted spelling (``p:o,p:o``, ``p=o``, a list, a mapping) as pairs.

    ``bare``: a switch named without an option (the CLI's ``--set relay``) gives ``(name, None)``,
    so that resolving it lists the switch's options; otherwise it is malformed."""
    if sets is None:
        return []
    if isinstance(sets, Mapping):
        return [(str(k), str(v)) for k, v in sets.items()]
    items = [unquote(x) for x in ([sets] if isinstance(sets, str) else list(sets))]
    out: list[tuple[str, str | None]] = []
    seen: dict[str, str] = {}
    for item in (y.strip() for x in items for y in x.split(",")):
        if not item:
            continue
        name, sep, value = item.partition(":")
        if not sep:
            name, sep, value = item.partition("=")
        point = name.strip().split(".", 1)[-1]  # a switch by its full id (game.point) or its point
        if point in seen:
            raise ValueError(f"switch {point!r} is set twice ({seen[point]!r} and {item!r}); set each switch once")
        seen[point] = item
        if bare and not sep and name.strip():
            out.append((name.strip(), None))
            continue
        if not sep or not name.strip() or not value.strip():
            raise ValueError(f"malformed switch setting {item!r}: expected SWITCH:OPTION (or SWITCH=OPTION)")
        out.append((name.strip(), value.strip()))
    return out


MOVE = re.compile(r"[A-Za-z0-9+\-x>]+")
"""A move in the engine's notation: ASCII letters, digits and ``+ - x >`` (no other script's digits)."""


def check_move(move: str) -> str:
    """``move`` if it is written in the engine's notation; ValueError naming it otherwise."""
    if not MOVE.fullmatch(move):
        raise ValueError(f"malformed move {move!r} (moves are in the engine's notation, in ASCII, comma separated)")
    return move


def split_spec(text: str) -> tuple[str | None, str]:
    """A reading's text (``RULESET;P:O,...``, or the CLI's alias ``RULESET,P=O,...``) -> (ruleset or
    None, the settings)."""
    text = unquote(text).strip()
    if ";" in text:
        ruleset, _, sets = text.partition(";")
        return ruleset.strip() or None, sets
    items = [x.strip() for x in text.split(",") if x.strip()]
    names = [x for x in items if ":" not in x and "=" not in x]
    if len(names) > 1:
        raise ValueError(f"reading {text!r} names more than one ruleset: {', '.join(names)}")
    return (names[0] if names else None), ",".join(x for x in items if x not in names)


def reading(conn: sqlite3.Connection, game: str, ruleset: str | None = None,
            sets: str | Mapping[str, str] | Sequence[str] | None = None,
            moves: str | Sequence[str] | None = None, seed: int | str | None = 0) -> Reading:
    """The canonical reading of ``game`` from any accepted spelling, checked against the archive
    ``conn``; ValueError naming what is unknown (game, ruleset, switch, option, seed)."""
    games = [r[0] for r in conn.execute("select id from games order by id")]
    if game not in games:
        raise ValueError(f"unknown game {game!r}; games: {', '.join(games)}")
    rulesets = conn.execute("select key, is_default from rulesets where game_id = ? order by key", (game,)).fetchall()
    keys = [k for k, _ in rulesets]
    if ruleset is None or not str(ruleset).strip():
        defaults = [k for k, d in rulesets if d]
        if not defaults:
            raise ValueError(f"{game} has no default ruleset; give one of: {', '.join(keys)}")
        ruleset = defaults[0]
    ruleset = unquote(str(ruleset)).strip()
    if ruleset not in keys:
        raise ValueError(f"unknown ruleset {ruleset!r} for {game}; rulesets: {', '.join(keys)}")
    choices = dict(conn.execute(
        """select c.switch_id, a.option from ruleset_choices c join alternatives a on a.id = c.alternative_id
            where c.ruleset_id = (select id from rulesets where game_id = ? and key = ?)""", (game, ruleset)))
    options: dict[str, list[str]] = {}
    for sid, opt in conn.execute(
            """select s.id, a.option from switches s join alternatives a on a.switch_id = s.id
                where s.game_id = ? order by s.seq, a.seq""", (game,)):
        options.setdefault(sid, []).append(opt)
    values = dict(choices)
    for name, option in split_sets(sets):
        sid = name if name in options else f"{game}.{name}"
        if sid not in options:
            raise ValueError(f"unknown switch {name!r} for {game}; switches: "
                             f"{', '.join(s.split('.', 1)[1] for s in options)}")
        if option not in options[sid]:
            raise ValueError(f"unknown option {option!r} for switch {sid}; options: {', '.join(options[sid])}")
        values[sid] = option
    overrides = tuple(sorted((sid.split(".", 1)[1], v) for sid, v in values.items() if choices.get(sid) != v))
    if isinstance(moves, str):
        moves = unquote(moves).split(",")
    move_list = tuple(m.strip() for m in (moves or ()) if m and m.strip())
    for m in move_list:
        check_move(m)
    seed_text = str(seed if seed is not None else 0).strip() or "0"
    if not re.fullmatch(r"\d{1,19}", seed_text) or int(seed_text) > 2**63 - 1:
        raise ValueError(f"the seed must be a non-negative integer below 2**63, not {seed!r}")
    return Reading(game, ruleset, overrides, move_list, int(seed_text), values)


def _sources_behind(conn: sqlite3.Connection, r: Reading) -> list[str]:
    """The short cites of the ruleset and of the options the reading sets otherwise (deduplicated)."""
    rows = conn.execute(
        """select s.short, c.locator from ruleset_citations c join sources s on s.id = c.source_id
            where c.ruleset_id = (select id from rulesets where game_id = ? and key = ?) order by c.seq""",
        (r.game, r.ruleset)).fetchall()
    for point, option in r.overrides:
        rows += conn.execute(
            """select s.short, c.locator from alternative_citations c join sources s on s.id = c.source_id
                join alternatives a on a.id = c.alternative_id
                where a.switch_id = ? and a.option = ? order by c.seq""", (f"{r.game}.{point}", option)).fetchall()
    return list(dict.fromkeys(short_cite(s, loc) for s, loc in rows))


def _completions(conn: sqlite3.Connection, r: Reading) -> list[str]:
    """The ruleset's editorial completions the reading keeps (not set otherwise)."""
    changed = {f"{r.game}.{p}" for p, _ in r.overrides}
    rows = conn.execute(
        """select c.switch_id, a.option, coalesce(s.short, c.completion_by) from ruleset_choices c
             join alternatives a on a.id = c.alternative_id join switches w on w.id = c.switch_id
             left join sources s on s.id = c.completion_by
            where c.ruleset_id = (select id from rulesets where game_id = ? and key = ?)
              and c.completion_by is not null order by w.seq""", (r.game, r.ruleset)).fetchall()
    return [f"{sid} = {opt} (editorial completion, proposed by {by})" for sid, opt, by in rows if sid not in changed]


def words_of(owner: str | None, words: str | None, read_at: str | None, summarising: str | None) -> str | None:
    """Whose words a quotation is and where it was read, in one line:
    ``the words of Ludii portal, Tauru (DLP.Games.662), its summary of Béart 1955: 456; read at ...``."""
    if not owner:
        return None
    text = f"the words of {owner}"
    if words in ("summary", "translation") and summarising:
        text += f", its {words} of {summarising}"
    elif words == "account":
        text += ", its own account"
    if read_at:
        text += f"; read at {read_at}"
    return text


def _quotations(conn: sqlite3.Connection, game: str) -> list[str]:
    """The game's evidence quotations, each with whose words it is (as the evidence table shows)."""
    rows = conn.execute(
        """select coalesce(e.dlp_id, e.id), e.quotation, o.short, e.quotation_words, ra.short,
                  e.quotation_read_at_locator, su.short, e.quotation_summarising_locator
             from evidence e left join sources o on o.id = e.quotation_owner_id
             left join sources ra on ra.id = e.quotation_read_at_source_id
             left join sources su on su.id = e.quotation_summarising_source_id
            where e.game_id = ? and e.quotation is not null order by e.date_start, e.id""", (game,)).fetchall()
    out = []
    for eid, quotation, owner, words, read_at, read_loc, summarising, sum_loc in rows:
        whose = words_of(owner, words, short_cite(read_at, read_loc) if read_at else None,
                         short_cite(summarising, sum_loc) if summarising else None)
        out.append(f'{eid}: "{quotation}" ({whose or "whose words is not recorded"})')
    return out


def cite(conn: sqlite3.Connection, r: Reading, edition: Edition) -> dict[str, Any]:
    """The citation of reading ``r`` in ``edition``: ``short`` (one line, for a footnote), ``text``
    (the full form), ``bibtex``, ``csl`` (CSL-JSON text), ``key``, ``url`` (None when no canonical
    address is configured) and the reading."""
    name = conn.execute("select name from games where id = ?", (r.game,)).fetchone()[0]
    url = f"{edition.base_url}{edition.prefix}{r.path}" if edition.base_url else None
    where = url or f"[{NO_ADDRESS}]"
    position = ""
    if r.moves:
        position = f", position after {len(r.moves)} move{'s' if len(r.moves) != 1 else ''}"
    elif r.seed:
        position = ", at the start"
    seed = f" (seed {r.seed})" if r.seed else ""
    title = f"{name}, reading {r.spec}{position}{seed}"
    if edition.release is not None:
        who = f"Variorum, release {edition.release} ({edition.date})"
        year = (edition.date or "")[:4]
    else:
        who = f"Variorum, unreleased state (accessed {edition.accessed})"
        year = (edition.accessed or "")[:4]
    short = f"{who}. {title}. Engine {edition.engine}. {where}"
    switches = "; ".join(f"{k}={v}" for k, v in sorted(r.switches.items()))
    sources = _sources_behind(conn, r)
    silent = _completions(conn, r)
    quoted = _quotations(conn, r.game)
    moves = f" Moves: {', '.join(r.moves)}." if r.moves else ""
    details = (f"Switches: {switches}." + moves + (f" Sources: {'; '.join(sources)}." if sources else "")
               + (f" The sources are silent on: {'; '.join(silent)}." if silent else "")
               + (f" Evidence quoted: {'; '.join(quoted)}." if quoted else ""))
    state = (f"release {edition.release}, archive {edition.data}" if edition.release is not None
             else f"unreleased, archive {edition.data}") + f", engine {edition.engine}"
    text = f"{who}. {title}. {state[0].upper()}{state[1:]}. {details} {where}"
    version = (f"release {edition.release}; engine {edition.engine}" if edition.release is not None
               else f"unreleased; engine {edition.engine}")
    note = f"{state[0].upper()}{state[1:]}. {details}"
    if not url:
        note += f" No address: {NO_ADDRESS}."
    fields = [("author", "{Variorum}"), ("title", "{" + _bib_escape(title) + "}"), ("year", year),
              ("version", _bib_escape(version)), ("note", _bib_escape(note))]
    if url:
        fields.append(("url", url))
    if edition.release is None and edition.accessed:
        fields.append(("urldate", edition.accessed))
    bibtex = f"@misc{{{r.key},\n" + ",\n".join(f"  {k} = {{{v}}}" for k, v in fields) + "\n}\n"
    csl: dict[str, Any] = {"id": r.key, "type": "dataset", "title": title, "author": [{"literal": "Variorum"}],
                           "issued": {"date-parts": [[int(p) for p in (edition.date or edition.accessed or "").split("-") if p]]},
                           "version": version, "note": note}
    if url:
        csl["URL"] = url
    if edition.release is None and edition.accessed:
        csl["accessed"] = {"date-parts": [[int(p) for p in edition.accessed.split("-")]]}
    return {"key": r.key, "url": url, "reading": r.to_dict(), "edition": edition.describe(),
            "short": short, "text": text, "bibtex": bibtex, "csl": json.dumps(csl, ensure_ascii=False, indent=2) + "\n"}


def render(citation: dict[str, Any], fmt: str) -> str:
    """One format of a citation, as ``variorum cite --format`` prints it and the page shows it."""
    if fmt == "text":
        return citation["text"] + "\n"
    if fmt == "short":
        return citation["short"] + "\n"
    if fmt == "bibtex":
        return citation["bibtex"]
    if fmt == "csl-json":
        return citation["csl"]
    raise ValueError(f"unknown citation format {fmt!r}; formats: text, short, bibtex, csl-json")
