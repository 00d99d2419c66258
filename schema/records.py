"""Pydantic models of the hand-written records in ``data/``.

These models are the contract for the YAML files: they reject unknown fields,
constrain ids, and check everything that can be checked inside one record.
Checks that need several records (a citation naming a source, a ruleset naming
a switch) live in :mod:`schema.crossref`.
"""

from __future__ import annotations

import datetime as dt
from enum import Enum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=60)]
"""A lower-case id of letters, digits and single hyphens: ``tap-urdy``, ``deledicq-popova-1977``."""

SwitchId = Annotated[
    str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*\.[a-z0-9]+(-[a-z0-9]+)*$", max_length=100)
]
"""A switch id: ``<game id>.<point>``, e.g. ``tap-urdy.relay``."""

OptionId = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=60)]
"""The id of one alternative of a switch, unique within the switch: ``take-up-last``, ``8``."""

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]
ShortText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
Quotation = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=400)]
"""Quotations are kept short (at most 400 characters): the archive paraphrases, it does not copy."""

Locator = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
"""Where in the source: ``p. 90``, ``pp. 141-142``, ``section "Comments on the rules"``, ``file Tap Urdy.lud``."""


class Record(BaseModel):
    """Base of every record: unknown fields are errors, strings are stripped."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True, frozen=True)


class Support(str, Enum):
    """How a source supports a statement or a reading."""

    states = "states"  # the source says it in so many words
    implies = "implies"  # it follows from what the source says (the only reading of it)
    admits = "admits"  # the source's words allow this reading among others; choosing it is editorial
    implements = "implements"  # a program (Ludii, MancalaGames) does it
    conjecture = "conjecture"  # proposed without a source stating it; the citation names who proposed it


class SourceRole(str, Enum):
    """Where a source stands between the game and the reader."""

    primary = "primary"  # an observer's or informant's own account
    secondary = "secondary"  # a summary, encyclopaedia or database entry built on others
    implementation = "implementation"  # a program that plays the game
    commentary = "commentary"  # an analysis or proposed reading


class SourceType(str, Enum):
    """CSL-JSON item types used in the bibliography."""

    book = "book"
    chapter = "chapter"
    article_journal = "article-journal"
    webpage = "webpage"
    software = "software"
    dataset = "dataset"
    manuscript = "manuscript"


class Relation(str, Enum):
    """How a source depends on an earlier one (its lineage)."""

    quotes = "quotes"
    translates = "translates"
    summarises = "summarises"
    follows = "follows"
    implements = "implements"
    cites = "cites"


class Name(Record):
    """A CSL-JSON name: a person (family, given) or an organisation (literal)."""

    family: ShortText | None = None
    given: ShortText | None = None
    literal: ShortText | None = None

    @model_validator(mode="after")
    def _one_form(self) -> "Name":
        if (self.literal is None) == (self.family is None):
            raise ValueError("a name has either 'family' (and optionally 'given') or 'literal'")
        return self


class Pointer(Record):
    """A place in a source: which source and where in it."""

    source: Slug
    locator: Locator


class Lineage(Record):
    """One earlier source that this source quotes, summarises or implements."""

    source: Slug
    relation: Relation
    locator: Locator | None = None
    covers: Text | None = Field(
        default=None,
        description="Which passages of this source the relation holds for. Required where the source quotes or "
        "translates: only those passages are the earlier source's words (a translator's headings or framing are not).",
    )
    note: Text | None = None

    @model_validator(mode="after")
    def _verbatim_says_what(self) -> "Lineage":
        if self.relation in (Relation.quotes, Relation.translates) and self.covers is None:
            raise ValueError(
                f"a lineage that {self.relation.value} {self.source!r} must say which passages it covers ('covers')"
            )
        return self


class IdentifierKind(str, Enum):
    """The Ludii portal's kinds of identifier: a game page, a ruleset (a .lud file's ``(id ...)``), an evidence record."""

    games = "DLP.Games"
    rulesets = "DLP.GameRulesets"
    evidence = "DLP.Evidence"


class Identifier(Record):
    """An identifier of a source, with its kind and where this archive read it."""

    kind: IdentifierKind
    number: int = Field(ge=1)
    read_at: Pointer = Field(description="Where this archive read the identifier (a page's field, a file's (id ...)).")

    def __str__(self) -> str:
        return f"{self.kind.value}.{self.number}"


class Source(Record):
    """One item of the bibliography, in CSL-JSON terms, with its lineage."""

    id: Slug
    short: ShortText = Field(description='The short cite used in the field, e.g. "Béart 1955".')
    type: SourceType
    role: SourceRole
    authors: list[Name] = Field(default_factory=list)
    editors: list[Name] = Field(default_factory=list)
    year: int | None = Field(default=None, ge=1000, le=2100)
    title: Text
    container: Text | None = Field(default=None, description="Journal, book or web site that holds the item.")
    volume: ShortText | None = None
    issue: ShortText | None = None
    pages: ShortText | None = None
    publisher: ShortText | None = None
    place: ShortText | None = None
    version: ShortText | None = None
    url: Annotated[str, StringConstraints(pattern=r"^https?://\S+$")] | None = None
    accessed: dt.date | None = None
    language: Annotated[str, StringConstraints(pattern=r"^[a-z]{2,3}(-[A-Za-z]{2,4})?$")] | None = None
    identifiers: list[Identifier] = Field(
        default_factory=list, description="The item's identifiers, each with its kind and where it was read."
    )
    seen: bool = Field(
        description="True when this archive has read the item itself; False when it knows the item only "
        "through others' quotations, summaries or citations (say which in 'note')."
    )
    lineage: list[Lineage] = Field(default_factory=list)
    note: Text | None = None

    @model_validator(mode="after")
    def _checks(self) -> "Source":
        if self.type in (SourceType.webpage, SourceType.software) and self.url is None:
            raise ValueError(f"source {self.id!r}: a {self.type.value} needs a 'url'")
        if any(link.source == self.id for link in self.lineage):
            raise ValueError(f"source {self.id!r}: its lineage names itself")
        return self


class SourcesFile(Record):
    """``data/sources.yaml``: the bibliography."""

    sources: list[Source] = Field(min_length=1)


class Citation(Record):
    """A pointer into a source: which source, where in it, and how it supports the claim."""

    source: Slug
    locator: Locator
    support: Support = Support.states
    read_at: Pointer | None = Field(
        default=None,
        description="Where this archive read the cited words, when not in the cited source itself "
        "(e.g. a quotation of Beaton 1939 read in DLP.Evidence.1881, field \"Content\").",
    )
    relative: ShortText | None = Field(
        default=None,
        description="The related game whose rule the cited words give, when they are not words about this game: "
        "such a citation is a comparison, not a witness of this game's reading.",
    )
    note: Text | None = Field(default=None, description="What the source says there, or who proposed a conjecture.")

    @model_validator(mode="after")
    def _conjecture_names_proposer(self) -> "Citation":
        if self.support is Support.conjecture and self.note is None:
            raise ValueError("a conjecture citation needs a 'note' saying who proposed the reading and why")
        return self


Citations = Annotated[list[Citation], Field(min_length=1)]


class RelatedGame(Record):
    """A game the sources or the implementations relate to this one."""

    name: ShortText
    game: Slug | None = Field(default=None, description="Its id, when the archive holds it.")
    dlp_id: Annotated[str, StringConstraints(pattern=r"^DLP\.Games\.\d+$")] | None = Field(
        default=None, description="Its Ludii portal id, when one is known."
    )
    relation: ShortText = Field(description="Who relates it to this game and how (e.g. the portal's similar games).")
    differs: Text | None = Field(default=None, description="What is known of how it differs, as its citations say.")
    citations: Citations


class Game(Record):
    """What the archive knows about one game, apart from its rules."""

    id: Slug
    name: ShortText
    aliases: list[ShortText] = Field(default_factory=list)
    dlp_id: Annotated[str, StringConstraints(pattern=r"^DLP\.Games\.\d+$")] | None = None
    people: ShortText | None = None
    region: ShortText
    country: ShortText
    period: ShortText
    category: list[ShortText] = Field(min_length=1)
    board: ShortText
    description: Text
    related: list[RelatedGame] = Field(default_factory=list)
    citations: Citations


class Place(Record):
    """Where a piece of evidence comes from."""

    name: ShortText
    latitude: float = Field(ge=-90, le=90)
    longitude: float = Field(ge=-180, le=180)
    approximate: bool = Field(description="True when the coordinates stand for a region, not a recorded spot.")


class DateRange(Record):
    """The span of time a piece of evidence dates to (ISO dates, inclusive)."""

    start: dt.date
    end: dt.date

    @model_validator(mode="after")
    def _ordered(self) -> "DateRange":
        if self.end < self.start:
            raise ValueError(f"date range ends ({self.end}) before it starts ({self.start})")
        return self


class Words(str, Enum):
    """What kind of words a quotation is, relative to its owner."""

    account = "account"  # the owner's own account (an observer, an informant, an author)
    summary = "summary"  # the owner's summary of an earlier source ('summarising')
    translation = "translation"  # the owner's translation of an earlier source


RecordRef = Annotated[
    str,
    StringConstraints(
        pattern=r"^([a-z0-9]+(-[a-z0-9]+)*|[a-z0-9]+(-[a-z0-9]+)*\.[a-z0-9]+(-[a-z0-9]+)*:[a-z0-9]+(-[a-z0-9]+)*)$",
        max_length=160,
    ),
]
"""What a quotation bears on: a statement of its game (``relay-sowing``) or an alternative
(``<switch id>:<option>``, e.g. ``tap-urdy.first-player:lot``)."""


class QuotePart(Record):
    """A passage of a longer quotation and the statements or alternatives it is evidence for."""

    text: Quotation = Field(description="Words of the quotation, exactly as they stand in it.")
    bears_on: list[RecordRef] = Field(min_length=1)


class Quote(Record):
    """A short quotation, in its original language, with whose words it is and where it was read.

    It names what it is evidence for (``bears_on``, or per passage in ``parts``): the pages print it
    under those statements and alternatives only, and elsewhere link to the evidence record.
    """

    text: Quotation
    language: Annotated[str, StringConstraints(pattern=r"^[a-z]{2,3}$")]
    owner: Slug | None = Field(
        default=None, description="The source whose words these are (the lint requires it)."
    )
    words: Words | None = Field(default=None, description="What the words are: the owner's account, summary, ...")
    read_at: Pointer | None = Field(
        default=None, description="Where this archive read the words: a source and the place in it."
    )
    summarising: Pointer | None = Field(
        default=None, description="The earlier source the words summarise, translate or report, if any."
    )
    note: Text | None = Field(default=None, description="Anything a reader must know to weigh the attribution.")
    bears_on: list[RecordRef] = Field(
        default_factory=list,
        description="The statements and alternatives the whole quotation is evidence for.",
    )
    parts: list[QuotePart] = Field(
        default_factory=list,
        description="Passages of the quotation, each with what it bears on (for a quotation that bears on several points).",
    )

    @model_validator(mode="after")
    def _attribution(self) -> "Quote":
        if self.owner is not None and (self.words is None or self.read_at is None):
            raise ValueError("a quotation with an 'owner' also needs 'words' and 'read_at'")
        if self.words in (Words.summary, Words.translation) and self.summarising is None:
            raise ValueError(f"a quotation whose words are a {self.words.value} needs 'summarising'")
        for part in self.parts:
            if part.text not in " ".join(self.text.split()):
                raise ValueError(f"quotation part {part.text[:40]!r}... is not words of the quotation")
        return self

    def scopes(self) -> list[tuple[str, list[str]]]:
        """(words, what they bear on) for the whole quotation and each of its parts."""
        out = [(self.text, list(self.bears_on))] if self.bears_on else []
        return out + [(p.text, list(p.bears_on)) for p in self.parts]


class Evidence(Record):
    """One piece of evidence for a game: an ethnographic report, a text, an object."""

    id: Slug
    dlp_id: Annotated[str, StringConstraints(pattern=r"^DLP\.Evidence\.\d+$")] | None = None
    type: ShortText
    place: Place
    date: DateRange
    confidence: int | None = Field(default=None, ge=0, le=100)
    quotation: Quote
    citations: Citations
    note: Text | None = None


class Statement(Record):
    """A rule the sources agree on, in one short sentence."""

    id: Slug
    topic: ShortText
    text: Text
    citations: Citations


class Alternative(Record):
    """One reading of a disputed point."""

    id: OptionId
    label: ShortText
    description: Text
    citations: Citations

    @property
    def conjecture(self) -> bool:
        """A reading is a conjecture when none of its citations states, implies, admits or implements it."""
        return all(c.support is Support.conjecture for c in self.citations)


class Switch(Record):
    """A disputed point of the rules: a question with at least two cited alternatives."""

    id: SwitchId
    question: Text
    description: Text | None = None
    agreed: bool = Field(
        default=False,
        description="True when the sources leave the point to the players' agreement (board size, number "
        "of extra captures): its alternatives are options, not rival readings, so one source may state several.",
    )
    alternatives: list[Alternative] = Field(min_length=2)

    @model_validator(mode="after")
    def _unique_options(self) -> "Switch":
        seen: set[str] = set()
        for alt in self.alternatives:
            if alt.id in seen:
                raise ValueError(f"switch {self.id!r}: alternative {alt.id!r} appears twice")
            seen.add(alt.id)
        return self


class Completion(Record):
    """A ruleset's choice that no source it follows states or implies: an editorial completion."""

    by: Slug = Field(description="The source that proposed the choice (``variorum`` for this archive's editors).")
    note: Text = Field(description="Why this choice, in a sentence or two.")


class Ruleset(Record):
    """A named choice of every switch of a game."""

    id: Slug
    name: ShortText
    description: Text
    default: bool = False
    choices: dict[SwitchId, OptionId] = Field(min_length=1)
    completions: dict[SwitchId, Completion] = Field(
        default_factory=dict,
        description="The choices where the ruleset's sources are silent, each with who proposed it and why.",
    )
    citations: Citations

    @model_validator(mode="after")
    def _completions_are_choices(self) -> "Ruleset":
        stray = [sid for sid in self.completions if sid not in self.choices]
        if stray:
            raise ValueError(f"ruleset {self.id!r}: completions name switches it does not choose: {', '.join(stray)}")
        return self


class GameFile(Record):
    """``data/games/<game id>.yaml``: one game with its evidence, rules, switches and rulesets."""

    game: Game
    evidence: list[Evidence] = Field(default_factory=list)
    statements: list[Statement] = Field(min_length=1)
    switches: list[Switch] = Field(min_length=1)
    rulesets: list[Ruleset] = Field(min_length=1)
