"""Citations out of the archive: CSL-JSON items, BibTeX entries and the field's short cite.

The short cite is the form game historians use: "Béart 1955: 456" (source, colon, locator).
"""

from __future__ import annotations

import re
from typing import Any

from schema.records import Name, Source

_BIBTEX_TYPES = {
    "book": "book",
    "chapter": "incollection",
    "article-journal": "article",
    "webpage": "online",
    "software": "software",
    "dataset": "dataset",
    "manuscript": "unpublished",
}


def _csl_name(name: Name) -> dict[str, str]:
    if name.literal:
        return {"literal": name.literal}
    out = {"family": name.family or ""}
    if name.given:
        out["given"] = name.given
    return out


def csl_item(src: Source) -> dict[str, Any]:
    """The source as a CSL-JSON item (the format Zotero and citation processors read)."""
    item: dict[str, Any] = {"id": src.id, "type": src.type.value, "title": src.title}
    if src.authors:
        item["author"] = [_csl_name(n) for n in src.authors]
    if src.editors:
        item["editor"] = [_csl_name(n) for n in src.editors]
    if src.year is not None:
        item["issued"] = {"date-parts": [[src.year]]}
    for key, field in (
        ("container-title", src.container),
        ("volume", src.volume),
        ("issue", src.issue),
        ("page", src.pages),
        ("publisher", src.publisher),
        ("publisher-place", src.place),
        ("version", src.version),
        ("URL", src.url),
        ("language", src.language),
        ("note", src.note),
    ):
        if field is not None:
            item[key] = field
    if src.accessed is not None:
        d = src.accessed
        item["accessed"] = {"date-parts": [[d.year, d.month, d.day]]}
    return item


def short_cite(src: Source | str, locator: str | None = None) -> str:
    """``Béart 1955`` or, with a page locator, ``Béart 1955: 456`` (``src``: a source or its short form)."""
    short = src if isinstance(src, str) else src.short
    if not locator:
        return short
    page = re.fullmatch(r"pp?\.\s*(.+)", locator.strip())
    return f"{short}: {page.group(1) if page else locator.strip()}"


def _bib_escape(text: str) -> str:
    return re.sub(r"([&%$#_{}])", r"\\\1", text)


def bibtex_entry(src: Source) -> str:
    """The source as a BibTeX (biblatex) entry; accented letters are kept as UTF-8."""
    fields: list[tuple[str, str]] = []
    if src.authors:
        fields.append(
            ("author", " and ".join(f"{{{n.literal}}}" if n.literal else ", ".join(x for x in (n.family, n.given) if x) for n in src.authors))
        )
    if src.editors:
        fields.append(("editor", " and ".join(n.literal or ", ".join(x for x in (n.family, n.given) if x) for n in src.editors)))
    fields.append(("title", f"{{{_bib_escape(src.title)}}}"))
    container_key = {"article-journal": "journaltitle", "chapter": "booktitle"}.get(src.type.value, "organization")
    for key, value in (
        (container_key, src.container),
        ("year", str(src.year) if src.year is not None else None),
        ("volume", src.volume),
        ("number", src.issue),
        ("pages", src.pages.replace("-", "--") if src.pages else None),
        ("publisher", src.publisher),
        ("location", src.place),
        ("version", src.version),
        ("url", src.url),
        ("urldate", src.accessed.isoformat() if src.accessed else None),
        ("note", src.note),
    ):
        if value is not None:
            fields.append((key, value if key == "url" else _bib_escape(value)))
    body = ",\n".join(f"  {k} = {{{v}}}" for k, v in fields)
    return f"@{_BIBTEX_TYPES[src.type.value]}{{{src.id},\n{body}\n}}\n"
