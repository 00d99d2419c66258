"""Games' descriptions wherever an archive holds them, and the rules a family's machine builds from one.

A game of the sowing or the alignment family is its description, ``data/<family>/<game id>.yaml``
(schema.paths.DESCRIPTION_FAMILIES). A built archive database carries each description as written
(table ``descriptions``; releases made before it existed carry the sowing ones in
``sowing_descriptions``), so a release holds the rules of its state, not only its records. The engine
plays the description of the archive it reads (engine.rulesets' source): the project's ``data/`` for
the CLI and the Python API, the served database for the play API, a release's database for that
release's pages.

Rules are built from a description's text and kept by the text's SHA-256: the registry's games
(engine.games) are built once from ``data/``, and a source whose description is byte for byte the
same gets the same rules; a different one (a release made before the description changed) is built
once, on the same compiled machine.
"""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from schema.paths import DATA_DIR, DESCRIPTION_FAMILIES
from schema.yamlfile import LOADER

if TYPE_CHECKING:
    from engine.game import Rules

M = TypeVar("M", bound=BaseModel)


def parse(model: type[M], game_id: str, text: str, where: str | Path,
          problems: Callable[[M], list[tuple[str, str]]], kind: str, hint: str = "") -> M:
    """The description of ``game_id`` in ``text`` (read from ``where``, named in errors), validated by
    ``model`` and checked by the family's ``problems`` (the fields its machine cannot play);
    ValueError naming ``where`` and the field otherwise."""
    try:
        data = yaml.load(text, Loader=LOADER)  # noqa: S506 (a safe loader)
    except yaml.YAMLError as exc:
        raise ValueError(f"{where}: not YAML: {exc}") from None
    try:
        description = model.model_validate(data)
    except ValidationError as exc:
        raise ValueError(f"{where}: not a valid {kind} description{hint}:\n{exc}") from None
    if getattr(description, "game", None) != game_id:
        raise ValueError(f"{where}: describes {getattr(description, 'game', None)!r}, not {game_id!r}")
    found = problems(description)
    if found:
        raise ValueError(f"{where}: {found[0][0]}: {found[0][1]}")
    return description


def read(path: Path, kind: str, game_id: str) -> str:
    """The text of a description file; ValueError naming the game if it cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"no {kind} description for {game_id!r}: {exc}") from None


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --- where an archive holds them -----------------------------------------------------------------

_db_texts: dict[Path, dict[str, tuple[str, str]]] = {}


def _database_texts(db: Path) -> dict[str, tuple[str, str]]:
    """game id -> (family, text) of every description a built archive database carries (read once:
    a served archive is immutable); {} for a database built before archives carried them."""
    hit = _db_texts.get(db)
    if hit is not None:
        return hit
    found: dict[str, tuple[str, str]] = {}
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro&immutable=1", uri=True)
        try:
            tables = {name for (name,) in conn.execute("select name from sqlite_master where type = 'table'")}
            if "descriptions" in tables:
                found = {g: (f, t) for g, f, t in conn.execute("select game_id, family, text from descriptions")}
            elif "sowing_descriptions" in tables:
                found = {g: ("sowing", t) for g, t in conn.execute("select game_id, text from sowing_descriptions")}
        finally:
            conn.close()
    except sqlite3.Error as exc:
        raise ValueError(f"the archive database {db} cannot be read: {exc}") from exc
    _db_texts[db] = found
    return found


def text_of(game_id: str, source: str | Path | None) -> tuple[str, str, str] | None:
    """(family, text, where) of ``game_id``'s description in ``source`` (a folder of records or a built
    archive database; None: the project's ``data/``); None if the source holds none."""
    root = Path(source).resolve() if source is not None else DATA_DIR
    if root.is_file():
        hit = _database_texts(root).get(game_id)
        return (hit[0], hit[1], f"{root} (description of {game_id})") if hit else None
    for family in DESCRIPTION_FAMILIES:
        path = root / family / f"{game_id}.yaml"
        if path.is_file():
            return family, read(path, family, game_id), str(path)
    return None


# --- the rules built from one --------------------------------------------------------------------

_built: dict[tuple[str, str, str], "Rules"] = {}


def _build(family: str, game_id: str, text: str, where: str) -> "Rules":
    if family == "sowing":
        from engine.mancala.games import rules_of_description
        from engine.mancala.description import parse as parse_sowing

        return rules_of_description(parse_sowing(game_id, text, where))
    if family == "alignment":
        from engine.alignment.description import parse as parse_alignment
        from engine.alignment.game import AlignmentGame

        return AlignmentGame(parse_alignment(game_id, text, where))
    raise ValueError(f"{where}: no machine plays the family {family!r}; families: {', '.join(DESCRIPTION_FAMILIES)}")


def rules_from(family: str, game_id: str, text: str, where: str | Path) -> "Rules":
    """The rules of the description ``text`` of ``game_id`` (the same object for the same text)."""
    key = (family, game_id, sha256(text))
    hit = _built.get(key)
    if hit is None:
        hit = _built[key] = _build(family, game_id, text, str(where))
    return hit


def registry(folder: Path = DATA_DIR) -> dict[str, Any]:
    """Every game described in ``folder``'s description folders: game id -> its rules."""
    games: dict[str, Any] = {}
    for family in DESCRIPTION_FAMILIES:
        for path in sorted((folder / family).glob("*.yaml")):
            games[path.stem] = rules_from(family, path.stem, read(path, family, path.stem), path)
    return games
