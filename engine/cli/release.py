"""``variorum release``, ``variorum cite`` and ``variorum version``: releases and citations.

``variorum cite`` prints the citation the game page gives for the same reading (one
implementation, schema/citation.py, over the same archive database), byte for byte.
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

import click

from engine.cli.bounds import RELEASE, readable_archive, releases_folder
from engine.cli.games import BadInput

FORMATS = ("text", "short", "bibtex", "csl-json")
BASE_ENV = "VARIORUM_BASE_URL"
"""The canonical base address of the served site (``variorum serve --base-url`` sets it)."""


def _archive(archive: Path | None, release: int | None, releases: Path | None) -> Path:
    from schema import releases as R
    from schema.paths import ARCHIVE_DB, DATA_DIR

    releases_folder("--releases", releases)
    if release is not None:
        try:
            R.manifest(release, releases)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="'--release'") from None
        return R.releases_dir(releases) / str(release) / "archive.db"
    if archive is not None:
        readable_archive("--archive", archive)
        return archive
    from engine.cli.archive import needs_build

    if not ARCHIVE_DB.is_file():
        raise click.BadParameter(f"no archive database at {ARCHIVE_DB}: `variorum build` makes it (cite only reads)",
                                 param_hint="'--archive'")
    if needs_build(DATA_DIR, ARCHIVE_DB):  # cite reads what is served, and never builds it
        click.echo(f"note: the records in {DATA_DIR} are newer than {ARCHIVE_DB}; this cites the archive as "
                   "built (and served); `variorum build` rebuilds it", err=True)
    return ARCHIVE_DB


def _check_moves(reading) -> None:
    """The moves must be legal under the reading (when the engine plays the game)."""
    import engine
    from engine.games import GAMES

    if not reading.moves or reading.game not in GAMES:
        return
    state = engine.load_game(reading.game, switches=dict(reading.switches)).new_state(reading.seed)
    for i, move in enumerate(reading.moves):
        try:
            state.apply(move)
        except ValueError as exc:
            raise BadInput(f"--moves: move {i + 1} ({move!r}): {exc}") from None


def register(group: click.Group) -> None:
    """Add ``release``, ``cite`` and ``version`` to the ``variorum`` group."""

    @group.command("cite")
    @click.argument("game_id", metavar="GAME")
    @click.option("--ruleset", default=None, help="A ruleset of the archive (default: the game's default ruleset).")
    @click.option("--set", "settings", multiple=True, metavar="SWITCH=OPTION",
                  help="Read a disputed point otherwise (repeatable; SWITCH:OPTION and full switch ids accepted).")
    @click.option("--moves", default=None, metavar="M,M,...", help="A position: the moves from the start.")
    @click.option("--seed", default="0", show_default=True, help="The game's seed (what is drawn by lot).")
    @click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True)
    @click.option("--release", type=RELEASE, default=None, help="Cite this release (its /v/N/ address); default: "
                  "the release the current archive is, else the unreleased state.")
    @click.option("--base-url", default=None, metavar="URL",
                  help=f"The archive's canonical address (default: ${BASE_ENV}, else the release's own).")
    @click.option("--archive", type=click.Path(path_type=Path, dir_okay=False), default=None,
                  help="The archive database (default: site/archive.db, as served; cite never builds it).")
    @click.option("--releases", type=click.Path(path_type=Path, file_okay=False), default=None,
                  help="The releases folder (default: site/releases, or $VARIORUM_RELEASES).")
    def cite_cmd(game_id: str, ruleset: str | None, settings: tuple[str, ...], moves: str | None, seed: str,
                 fmt: str, release: int | None, base_url: str | None, archive: Path | None,
                 releases: Path | None) -> None:
        """Print the citation of a reading (and position) of GAME, as its page gives it."""
        from engine import ENGINE_FINGERPRINT
        from schema import citation as C
        from schema import releases as R

        db = _archive(archive, release, releases)
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            try:
                reading = C.reading(conn, game_id, ruleset, list(settings), moves, seed)
            except ValueError as exc:
                raise BadInput(str(exc)) from None
            _check_moves(reading)
            try:
                edition = R.edition(db, ENGINE_FINGERPRINT, base_url or os.environ.get(BASE_ENV), release, releases)
            except ValueError as exc:
                raise click.BadParameter(str(exc), param_hint="'--base-url'") from None
            click.echo(C.render(C.cite(conn, reading, edition), fmt), nl=False)
        finally:
            conn.close()

    @group.command("version")
    @click.option("--releases", type=click.Path(path_type=Path, file_okay=False), default=None,
                  help="The releases folder (default: site/releases, or $VARIORUM_RELEASES).")
    def version_cmd(releases: Path | None) -> None:
        """Print the engine fingerprint, the served archive's hash (the one the pages and citations
        print), the data/ hash and the latest release. Reads only: never builds."""
        from engine import ENGINE_FINGERPRINT
        from engine.cli.archive import needs_build
        from engine.fingerprint import data_hash, numba_version
        from schema import releases as R
        from schema.paths import ARCHIVE_DB, DATA_DIR

        releases_folder("--releases", releases)
        latest = R.latest(releases)
        click.echo(f"engine fingerprint: {ENGINE_FINGERPRINT} (numba {numba_version()})")
        if ARCHIVE_DB.is_file():
            stale = "; data/ is newer: `variorum build` rebuilds it" if needs_build(DATA_DIR, ARCHIVE_DB) else ""
            served = R.release_of_archive(ARCHIVE_DB, releases)
            what = f"release {served['release']}" if served else "unreleased"
            click.echo(f"archive: {R.archive_hash(ARCHIVE_DB)} ({ARCHIVE_DB}, {what}; the hash its pages and "
                       f"citations print{stale})")
        else:
            click.echo(f"archive: none built ({ARCHIVE_DB}; `variorum build`)")
        click.echo(f"data/ hash: {data_hash()} (the records' folder)")
        if latest is None:
            click.echo(f"latest release: none (in {R.releases_dir(releases)})")
        else:
            same = "" if latest["data"] == data_hash() else "; data/ has changed since"
            click.echo(f"latest release: {latest['release']} ({latest['date']}; archive {R.archive_hash_of(latest)}; "
                       f"data {latest['data']}; engine {latest['engine']}{same})")

    @group.command("release")
    @click.option("--data", "data_dir", type=click.Path(path_type=Path, file_okay=False), default=None,
                  help="Folder of the YAML records (default: data/).")
    @click.option("--releases", type=click.Path(path_type=Path, file_okay=False), default=None,
                  help="The releases folder (default: site/releases, or $VARIORUM_RELEASES).")
    @click.option("--base-url", default=None, metavar="URL",
                  help=f"The archive's canonical address, recorded in the release (default: ${BASE_ENV}).")
    @click.option("--date", default=None, metavar="YYYY-MM-DD", help="The release's date (default: today, UTC).")
    @click.option("--check", "check_number", type=RELEASE, default=None, metavar="N",
                  help="Make nothing: replay release N's golden playthroughs with the current engine and "
                       "print where it plays differently (kept under <releases>/checks/<engine fingerprint>/).")
    @click.option("--figures", "figures_number", type=RELEASE, default=None, metavar="N",
                  help="Make nothing: bake release N's figures (every section of every game page, from its records, "
                       "with the current engine) once, into <releases>/figures/N/results.db, which its pages show.")
    def release_cmd(data_dir: Path | None, releases: Path | None, base_url: str | None, date: str | None,
                    check_number: int | None, figures_number: int | None) -> None:
        """Make the next numbered release: the archive database, the data/ hash, the engine
        fingerprint, a golden playthrough of every ruleset and the notes of what changed."""
        from engine.release import check, make

        releases_folder("--releases", releases, write=check_number is None)
        if figures_number is not None:
            from engine.release import bake_figures

            try:
                path = bake_figures(figures_number, releases)
            except ValueError as exc:
                raise BadInput(str(exc)) from None
            click.echo(f"release {figures_number}'s figures: {path}")
            return
        if check_number is not None:
            try:
                found = check(check_number, releases)
            except (ValueError, FileNotFoundError) as exc:
                raise BadInput(str(exc)) from None
            click.echo(f"release {check_number} (engine {found['release_engine']}) against engine {found['engine']}:")
            for game_id, rulesets in sorted(found["differs"].items()):
                for key, why in sorted(rulesets.items()):
                    click.echo(f"  {game_id} {key}: {why}")
            if not found["differs"]:
                click.echo("  every ruleset plays its golden playthrough as the release did")
            return

        started = time.perf_counter()
        try:
            m = make(data_dir, releases, base_url or os.environ.get(BASE_ENV), date,
                     log=lambda s: click.echo(s, err=True))
        except ValueError as exc:
            raise BadInput(str(exc)) from None
        from schema import releases as R

        folder = R.releases_dir(releases) / str(m["release"])
        click.echo(f"release {m['release']} ({m['date']}): archive {m['archive']}, data {m['data']}, engine {m['engine']}; "
                   f"{m['bytes'] / 1e6:.2f} MB in {folder} ({time.perf_counter() - started:.1f} s)")
        click.echo((folder / "NOTES.md").read_text())
        click.echo(f"A release is kept by committing its folder: git add {folder} && git commit -m 'Release {m['release']}'",
                   err=True)
