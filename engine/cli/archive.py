"""``variorum build``, ``variorum serve``, ``variorum export-schema`` and ``variorum lint``: the archive's commands."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

import click

from schema.load import Archive, RecordError
from schema.paths import ARCHIVE_DB, DATA_DIR, SITE_DIR


def _newest_mtime(folder: Path) -> float:
    return max((p.stat().st_mtime for p in folder.rglob("*") if p.is_file()), default=0.0)


def needs_build(data_dir: Path, db: Path) -> bool:
    """True when the archive is missing or older than any file in ``data_dir``."""
    return not db.exists() or db.stat().st_mtime < _newest_mtime(data_dir)


def engine_check(archive: Archive) -> list[RecordError]:
    """The records against the engine: the same games, switches and options both ways, and every
    ruleset of every game resolving on the engine. Each error names the file, record and field."""
    from engine.games import GAMES
    from engine.switches import resolve_switches

    errors: list[RecordError] = []

    def err(gid: str, msg: str, record: str, fields: tuple[Any, ...]) -> None:
        path = archive.files[gid]
        errors.append(RecordError(archive.display(path), msg, record=record,
                                  field=".".join(str(f) for f in fields), line=archive.line_of(path, fields)))

    for gid in sorted(set(GAMES) - set(archive.games)):
        errors.append(RecordError(archive.display(archive.data_dir / "games"),
                                  f"the engine plays {gid!r} but the records have no games/{gid}.yaml"))
    for gid, game in sorted(archive.games.items()):
        rules = GAMES.get(gid)
        if rules is None:
            err(gid, f"the engine has no game {gid!r} (engine games: {', '.join(sorted(GAMES))})", gid, ("game", "id"))
            continue
        engine_switches = {s.id: s for s in rules.switches}
        records = {sw.id: (j, sw) for j, sw in enumerate(game.switches)}
        for sid in engine_switches.keys() - records.keys():
            err(gid, f"the engine's {gid} has switch {sid!r} (options {', '.join(engine_switches[sid].options)}), "
                "which the records do not", gid, ("switches",))
        for sid, (j, sw) in records.items():
            if sid not in engine_switches:
                err(gid, f"the engine's {gid} has no switch {sid!r} "
                    f"(its switches: {', '.join(engine_switches)})", sid, ("switches", j, "id"))
                continue
            options = [a.id for a in sw.alternatives]
            engine_options = engine_switches[sid].options
            for k, opt in enumerate(options):
                if opt not in engine_options:
                    err(gid, f"the engine's switch {sid!r} has no option {opt!r} (its options: "
                        f"{', '.join(engine_options)})", sid, ("switches", j, "alternatives", k, "id"))
            for opt in engine_options:
                if opt not in options:
                    err(gid, f"the engine's switch {sid!r} has option {opt!r}, which the records do not",
                        sid, ("switches", j, "alternatives"))
        for j, rs in enumerate(game.rulesets):
            try:
                resolve_switches(gid, rules.switches, (rs.id, rs.choices))
            except ValueError as exc:
                err(gid, f"the engine cannot play this ruleset: {exc}", rs.id, ("rulesets", j, "choices"))
    return errors


def run_build(data_dir: Path, out: Path) -> None:
    """Build the archive, printing a summary and the lint's warnings; exit 1 with every defect
    on bad records, lint errors or rulesets the engine cannot play."""
    from schema.build import build
    from schema.load import RecordErrors

    started = time.perf_counter()
    try:
        report = build(data_dir, out, checks=[engine_check])
    except RecordErrors as exc:
        click.echo(f"build failed; {out} was not changed.\n{exc}", err=True)
        sys.exit(1)
    took = time.perf_counter() - started
    for warning in report.warnings:
        click.echo(warning, err=True)
    summary = ", ".join(f"{k} {v}" for k, v in report.counts.items())
    click.echo(f"built {report.path} in {took:.2f} s: {summary}")


def datasette_args(db: Path, site: Path, port: int, host: str) -> list[str]:
    """The ``datasette serve`` command line for the site folder."""
    args = [sys.executable, "-m", "datasette", "serve", "-i", str(db)]
    results = site / "results.db"
    if results.exists():
        args += ["-i", str(results)]
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

    @group.command("lint")
    @click.option("--data", "data_dir", type=click.Path(path_type=Path), default=DATA_DIR, show_default=True,
                  help="Folder of the YAML records.")
    def lint_cmd(data_dir: Path) -> None:
        """Check the records against their sources (errors fail, warnings are for an editor) and the engine."""
        from schema.lint import lint
        from schema.load import RecordErrors, load_archive

        try:
            archive = load_archive(data_dir)
        except RecordErrors as exc:
            click.echo(str(exc), err=True)
            sys.exit(1)
        findings = lint(archive)
        lines = [str(f) for f in findings] + [f"error [engine] {e}" for e in engine_check(archive)]
        for line in lines:
            click.echo(line)
        errors = sum(1 for line in lines if line.startswith("error"))
        click.echo(f"{errors} error(s), {len(lines) - errors} warning(s)")
        sys.exit(1 if errors else 0)
