"""``variorum build``, ``variorum serve`` and ``variorum export-schema``: the archive's commands."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import click

from schema.paths import ARCHIVE_DB, DATA_DIR, SITE_DIR


def _newest_mtime(folder: Path) -> float:
    return max((p.stat().st_mtime for p in folder.rglob("*") if p.is_file()), default=0.0)


def needs_build(data_dir: Path, db: Path) -> bool:
    """True when the archive is missing or older than any file in ``data_dir``."""
    return not db.exists() or db.stat().st_mtime < _newest_mtime(data_dir)


def run_build(data_dir: Path, out: Path) -> None:
    """Build the archive, printing a summary; exit 1 with every defect on bad records."""
    from schema.build import build
    from schema.load import RecordErrors

    started = time.perf_counter()
    try:
        report = build(data_dir, out)
    except RecordErrors as exc:
        click.echo(f"build failed; {out} was not changed.\n{exc}", err=True)
        sys.exit(1)
    took = time.perf_counter() - started
    summary = ", ".join(f"{k} {v}" for k, v in report.counts.items())
    click.echo(f"built {report.path} in {took:.2f} s: {summary}")


def datasette_args(db: Path, site: Path, port: int, host: str) -> list[str]:
    """The ``datasette serve`` command line for the site folder."""
    args = [sys.executable, "-m", "datasette", "serve", "-i", str(db)]
    results = site / "results.db"
    if results.exists():
        # not immutable: Datasette reads it through read-only connections, so a run that
        # `variorum compare --save` adds shows on the site at once, without a restart
        args += [str(results)]
    args += ["--metadata", str(site / "metadata.yaml"), "--host", host, "--port", str(port)]
    for option, folder in (("--template-dir", site / "templates"), ("--plugins-dir", site / "plugins")):
        if folder.is_dir():
            args += [option, str(folder)]
    if (site / "static").is_dir():
        args += ["--static", f"static:{site / 'static'}"]
    args += ["--setting", "default_allow_sql", "off"]
    return args


def register(group: click.Group) -> None:
    """Add the archive's commands to the ``variorum`` group."""

    @group.command("build")
    @click.option("--data", "data_dir", type=click.Path(path_type=Path), default=DATA_DIR, show_default=True,
                  help="Folder of the YAML records.")
    @click.option("--out", type=click.Path(path_type=Path), default=ARCHIVE_DB, show_default=True,
                  help="SQLite file to write (atomically).")
    def build_cmd(data_dir: Path, out: Path) -> None:
        """Validate the records and write the SQLite archive."""
        run_build(data_dir, out)

    @group.command("serve")
    @click.option("--port", type=click.IntRange(1, 65535), default=8001, show_default=True)
    @click.option("--host", default="127.0.0.1", show_default=True)
    @click.option("--data", "data_dir", type=click.Path(path_type=Path), default=DATA_DIR, show_default=True)
    @click.option("--site", "site_dir", type=click.Path(path_type=Path), default=SITE_DIR, show_default=True)
    def serve_cmd(port: int, host: str, data_dir: Path, site_dir: Path) -> None:
        """Build the archive if it is missing or older than the records, then serve the site with Datasette."""
        db = site_dir / "archive.db"
        if needs_build(data_dir, db):
            run_build(data_dir, db)
        from engine.compare.results import create

        create(site_dir / "results.db")  # present from the start, so that saved runs show without a restart
        args = datasette_args(db, site_dir, port, host)
        click.echo(f"serving http://{host}:{port}/ (Ctrl-C stops)")
        sys.stdout.flush()
        os.execv(args[0], args)  # the server takes this process's place: signals reach it directly

    @group.command("export-schema")
    def export_schema_cmd() -> None:
        """Write the JSON Schema of the record files into schema/json/ (for editors)."""
        from schema.jsonschema import export

        for path in export():
            click.echo(f"wrote {path}")
