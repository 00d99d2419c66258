"""SQLModel tables of the archive: what ``variorum build`` writes into SQLite.

Keys: sources, games and evidence keep their record ids; records that live inside a game are
keyed ``<game>.<id>`` (statements, rulesets); a switch keeps its id (``tap-urdy.relay``) and an
alternative is ``<switch>:<option>`` (``tap-urdy.relay:next-hole``). Every citation is a row of
a link table that carries the source, the locator and the kind of support.
"""

from sqlmodel import Field, SQLModel

# Note: no ``from __future__ import annotations`` here; SQLModel needs real annotations.


class SourceRow(SQLModel, table=True):
    __tablename__ = "sources"
    id: str = Field(primary_key=True)
    short: str = Field(index=True)
    type: str
    role: str = Field(index=True)
    authors: str | None = None
    year: int | None = None
    title: str
    container: str | None = None
    volume: str | None = None
    issue: str | None = None
    pages: str | None = None
    publisher: str | None = None
    place: str | None = None
    version: str | None = None
    url: str | None = None
    accessed: str | None = None
    language: str | None = None
    seen: bool  # False: known to the archive only through others' quotations or citations
    identifiers: str | None = None  # e.g. "DLP.Games.662", each with its kind; "; " between several
    note: str | None = None
    csl_json: str
    bibtex: str


class LineageRow(SQLModel, table=True):
    __tablename__ = "source_lineage"
    id: int | None = Field(default=None, primary_key=True)
    source_id: str = Field(foreign_key="sources.id", index=True)
    parent_id: str = Field(foreign_key="sources.id", index=True)
    relation: str
    locator: str | None = None
    covers: str | None = None  # which passages of the source the relation holds for (quotes, translates)
    note: str | None = None


class GameRow(SQLModel, table=True):
    __tablename__ = "games"
    id: str = Field(primary_key=True)
    name: str
    aliases: str | None = None
    dlp_id: str | None = None
    people: str | None = None
    region: str = Field(index=True)
    country: str
    period: str
    category: str
    board: str
    description: str


class DescriptionRow(SQLModel, table=True):
    """A game's description as written (``data/<family>/<game id>.yaml``: ``sowing`` for the mancala
    games, ``alignment`` for Tauru's family): the rules its family's machine plays, carried by the
    archive (and so by each release) beside the records it reads them with. The play API plays the
    description its archive carries (engine.descriptions)."""

    __tablename__ = "descriptions"
    game_id: str = Field(primary_key=True, foreign_key="games.id")
    family: str
    text: str
    sha256: str


class RelatedGameRow(SQLModel, table=True):
    __tablename__ = "related_games"
    id: str = Field(primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True)
    name: str
    related_game_id: str | None = Field(default=None, foreign_key="games.id")
    dlp_id: str | None = None  # its Ludii portal id, when known
    relation: str
    differs: str | None = None  # what is known of how it differs


class EvidenceRow(SQLModel, table=True):
    __tablename__ = "evidence"
    id: str = Field(primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True)
    dlp_id: str | None = None
    type: str = Field(index=True)
    place: str
    latitude: float
    longitude: float
    approximate: bool
    date_start: str
    date_end: str
    confidence: int | None = None
    quotation: str
    quotation_language: str
    # whose words the quotation is, and where this archive read them
    quotation_owner_id: str | None = Field(default=None, foreign_key="sources.id", index=True)
    quotation_words: str | None = None  # account | summary | translation
    quotation_read_at_source_id: str | None = Field(default=None, foreign_key="sources.id")
    quotation_read_at_locator: str | None = None
    quotation_summarising_source_id: str | None = Field(default=None, foreign_key="sources.id")
    quotation_summarising_locator: str | None = None
    quotation_note: str | None = None
    note: str | None = None


class QuotationScopeRow(SQLModel, table=True):
    """What an evidence quotation (or a passage of it) bears on: the pages print the words only there."""

    __tablename__ = "quotation_scopes"
    id: int | None = Field(default=None, primary_key=True)
    evidence_id: str = Field(foreign_key="evidence.id", index=True)
    words: str  # the whole quotation or the passage of it
    kind: str  # statement | alternative
    record_id: str = Field(index=True)  # statements.id or alternatives.id
    seq: int


class StatementRow(SQLModel, table=True):
    __tablename__ = "statements"
    id: str = Field(primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True)
    topic: str
    text: str
    seq: int


class SwitchRow(SQLModel, table=True):
    __tablename__ = "switches"
    id: str = Field(primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True)
    question: str
    description: str | None = None
    agreed: bool  # the sources leave the point to the players' agreement
    seq: int


class AlternativeRow(SQLModel, table=True):
    __tablename__ = "alternatives"
    id: str = Field(primary_key=True)
    switch_id: str = Field(foreign_key="switches.id", index=True)
    option: str
    label: str
    description: str
    conjecture: bool
    seq: int


class RulesetRow(SQLModel, table=True):
    __tablename__ = "rulesets"
    id: str = Field(primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True)
    key: str
    name: str
    description: str
    is_default: bool


class ChoiceRow(SQLModel, table=True):
    __tablename__ = "ruleset_choices"
    id: int | None = Field(default=None, primary_key=True)
    ruleset_id: str = Field(foreign_key="rulesets.id", index=True)
    switch_id: str = Field(foreign_key="switches.id", index=True)
    alternative_id: str = Field(foreign_key="alternatives.id", index=True)
    # an editorial completion: the ruleset's sources are silent and this source proposed the choice
    completion_by: str | None = Field(default=None, foreign_key="sources.id")
    completion_note: str | None = None


class CitationColumns(SQLModel):
    """The columns every citation link table shares."""

    source_id: str = Field(foreign_key="sources.id", index=True)
    locator: str
    support: str = Field(index=True)
    read_at_source_id: str | None = Field(default=None, foreign_key="sources.id")  # where the words were read
    read_at_locator: str | None = None
    relative: str | None = None  # the related game whose rule the cited words give (not a witness of this game)
    note: str | None = None
    seq: int


class GameCitationRow(CitationColumns, table=True):
    __tablename__ = "game_citations"
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True)


class RelatedGameCitationRow(CitationColumns, table=True):
    __tablename__ = "related_game_citations"
    id: int | None = Field(default=None, primary_key=True)
    related_id: str = Field(foreign_key="related_games.id", index=True)


class EvidenceCitationRow(CitationColumns, table=True):
    __tablename__ = "evidence_citations"
    id: int | None = Field(default=None, primary_key=True)
    evidence_id: str = Field(foreign_key="evidence.id", index=True)


class StatementCitationRow(CitationColumns, table=True):
    __tablename__ = "statement_citations"
    id: int | None = Field(default=None, primary_key=True)
    statement_id: str = Field(foreign_key="statements.id", index=True)


class AlternativeCitationRow(CitationColumns, table=True):
    __tablename__ = "alternative_citations"
    id: int | None = Field(default=None, primary_key=True)
    alternative_id: str = Field(foreign_key="alternatives.id", index=True)


class RulesetCitationRow(CitationColumns, table=True):
    __tablename__ = "ruleset_citations"
    id: int | None = Field(default=None, primary_key=True)
    ruleset_id: str = Field(foreign_key="rulesets.id", index=True)


class WitnessRow(SQLModel, table=True):
    """One cited source of a statement or alternative followed back to its witness (schema.witnesses)."""

    __tablename__ = "witnesses"
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True)
    kind: str  # statement | alternative
    record_id: str = Field(index=True)  # statements.id or alternatives.id
    source_id: str = Field(foreign_key="sources.id", index=True)  # the cited source
    support: str
    witness_id: str = Field(foreign_key="sources.id", index=True)  # the source the reading rests on
    path: str  # source ids from the cited source back to the witness, " > " between them
    program: bool  # the cited source is a program, counted apart from texts
    label: str  # how the witness stands: a primary account, a summary's reading, an implementation's choice ...


class WitnessCountRow(SQLModel, table=True):
    """The witness figures of one statement or alternative (schema.witnesses.tally)."""

    __tablename__ = "witness_counts"
    record_id: str = Field(primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True)
    kind: str
    texts: int  # cited written sources
    text_witnesses: int  # the independent witnesses they rest on
    primaries: int  # how many of those are primary accounts
    programs: int  # cited programs, counted apart
    program_choices: int  # programs that are their own witness
    summary: str  # e.g. "2 texts resting on 1 primary account (Parolov 1931); 1 program resting on the same"


FTS_COLUMNS: dict[str, list[str]] = {
    "games": ["name", "aliases", "people", "country", "description"],
    "statements": ["topic", "text"],
    "switches": ["id", "question", "description"],
    "alternatives": ["id", "label", "description"],
    "evidence": ["quotation", "place", "quotation_note", "note"],
    "sources": ["short", "title", "container", "note"],
}
"""The columns that full-text search (FTS5) covers, per table."""
