"""Releases of the archive, as kept on disk (made by ``variorum release``, engine/release.py).

A release is a numbered folder of immutable files, side by side with the others under
``site/releases/`` (or ``$VARIORUM_RELEASES``)::

    site/releases/<N>/archive.db     the archive database of the release
    site/releases/<N>/golden.json    a seeded random playthrough of every ruleset of every game
    site/releases/<N>/NOTES.md       what changed since release N-1 (records, citations, play)
    site/releases/<N>/changes.json   the same, as data
    site/releases/<N>/release.json   the manifest: number, date, archive hash (of the archive.db it
                                     holds: the hash pages and citations print), data/ hash (of
                                     the records it was built from), engine fingerprint, numba,
                                     canonical base address, and each file's bytes and SHA-256

This module reads them (no engine needed): the site and ``variorum cite`` use it to say which
release a page or a citation is of.
"""

from __future__ import annotations

import hashlib
import json
import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from schema.paths import SITE_DIR

MANIFEST = "release.json"


def releases_dir(path: str | Path | None = None) -> Path:
    """Where the releases are: ``path``, else ``$VARIORUM_RELEASES``, else ``site/releases``."""
    if path is not None:
        return Path(path)
    env = os.environ.get("VARIORUM_RELEASES")
    return Path(env) if env else SITE_DIR / "releases"


def numbers(root: str | Path | None = None) -> list[int]:
    """The numbers of the releases made (complete ones: with a manifest), ascending."""
    folder = releases_dir(root)
    if not folder.is_dir():
        return []
    return sorted(int(p.name) for p in folder.iterdir() if p.name.isdigit() and (p / MANIFEST).is_file())


def manifest(number: int, root: str | Path | None = None) -> dict[str, Any]:
    """Release ``number``'s manifest; ValueError if there is no such release."""
    path = releases_dir(root) / str(number) / MANIFEST
    if not path.is_file():
        raise ValueError(f"no release {number} in {releases_dir(root)}; releases: {numbers(root) or 'none'}")
    return json.loads(path.read_text())


def latest(root: str | Path | None = None) -> dict[str, Any] | None:
    found = numbers(root)
    return manifest(found[-1], root) if found else None


def file_sha256(path: str | Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


HASH_CHARS = 16
"""The characters of an archive's hash that a page, a citation and ``variorum version`` print."""


def archive_hash(path: str | Path) -> str:
    """The one hash a user matches across the page, ``variorum version`` and ``variorum cite``: the
    SHA-256 of the archive database's bytes (the build is deterministic), cut to HASH_CHARS."""
    return file_sha256(path)[:HASH_CHARS]


def archive_hash_of(m: dict[str, Any]) -> str:
    """A release's archive hash, from its manifest (the hash of the database the release holds)."""
    return m.get("archive") or m["files"]["archive.db"]["sha256"][:HASH_CHARS]


def release_of_archive(archive: str | Path, root: str | Path | None = None) -> dict[str, Any] | None:
    """The latest release whose archive database is byte-identical to ``archive`` (the build is
    deterministic, so the same records give the same file), else None (an unreleased state)."""
    sha = file_sha256(archive)
    for n in reversed(numbers(root)):
        m = manifest(n, root)
        if m["files"]["archive.db"]["sha256"] == sha:
            return m
    return None


def today() -> str:
    return datetime.now(timezone.utc).date().isoformat()


def edition(archive: str | Path, engine: str | None, base_url: str | None = None, release: int | None = None,
            root: str | Path | None = None):
    """The :class:`schema.citation.Edition` of a page: release ``release`` (its /v/N/ address), else
    the release the served ``archive`` is, else the unreleased state. ``base_url``: the server's
    configured address (else the release's own)."""
    from schema.citation import Edition, check_base_url

    m = manifest(release, root) if release is not None else release_of_archive(archive, root)
    if m is None:
        return Edition(engine=engine or "unknown", data=archive_hash(archive), base_url=check_base_url(base_url),
                       accessed=today())
    return Edition(engine=m["engine"], release=m["release"], date=m["date"], data=archive_hash_of(m),
                   base_url=check_base_url(base_url) or check_base_url(m.get("base_url")))
