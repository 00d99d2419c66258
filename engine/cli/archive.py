"""``variorum build``, ``variorum serve``, ``variorum export-schema`` and ``variorum lint``: the archive's commands.

``variorum serve`` is a cold start that blocks nobody: it builds the archive if the records are
newer, starts Datasette at once (pages within seconds), and then, in the background with a
progress bar, waits for the play API's worker processes to compile the engine's kernels and
bakes the default comparisons into ``results.db`` (when it is missing or older than the archive
or the engine), which the running server picks up; then the default assessments (of every game
when the comparisons were baked, else of the games that have none), written into the served
``results.db`` game by game.
While it bakes the assessments, a file ``.assessing`` beside ``results.db`` tells the server's
pages (site/plugins/variorum_results.py) that they are being computed; a killed bake resumes from
its checkpoint ``.assess-defaults.checkpoint`` (unless the archive or the engine changed since). The server is a child process that dies with this
one; Ctrl-C or SIGTERM stop both.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from engine.cli.bounds import GAMES, SKILL_LEVELS
from engine.cli.assess import DEFAULT_AGENT, DEFAULT_AGENT_GAMES, DEFAULT_SKILL_LEVELS, game_budgets
from schema.paths import ARCHIVE_DB, DATA_DIR, SITE_DIR

if TYPE_CHECKING:  # schema.load (pydantic) is imported by the commands that read records
    from schema.load import Archive, RecordError


def _newest_mtime(folder: Path) -> float:
    return max((p.stat().st_mtime for p in folder.rglob("*") if p.is_file()), default=0.0)


def needs_build(data_dir: Path, db: Path) -> bool:
    """True when the archive is missing or older than any file in ``data_dir``."""
    return not db.exists() or db.stat().st_mtime < _newest_mtime(data_dir)


def _path_of(where: str, switch_ids: list[str]) -> tuple[Any, ...]:
    """A field as the rules name it (``switches[<id>].options.<o>.<f>``, ``primitives[<i>].params.<p>``,
    ``rules.<f>``) as a path into the file's YAML, for its line (a switch by its place in the list)."""
    out: list[Any] = []
    head, _, rest = where.partition("[")
    if rest:
        index, _, tail = rest.partition("]")
        out += [head, switch_ids.index(index) if index in switch_ids else int(index) if index.isdigit() else 0]
        # an option's field may itself hold a dot (extra-captures.count): options.<option>.<field>
        parts = tail.lstrip(".").split(".", 2)
        out += [p for p in parts if p]
    else:
        out += where.split(".", 1)
    return tuple(out)


def engine_check(archive: Archive) -> list[RecordError]:
    """The records against the engine: the same games, switches and options both ways, and every
    ruleset of every game resolving on the engine. Each error names the file, record and field."""
    from engine.games import GAMES
    from engine.switches import resolve_switches
    from schema.load import RecordError

    errors: list[RecordError] = []

    def err(gid: str, msg: str, record: str, fields: tuple[Any, ...]) -> None:
        path = archive.files[gid]
        errors.append(RecordError(archive.display(path), msg, record=record,
                                  field=".".join(str(f) for f in fields), line=archive.line_of(path, fields)))

    from schema.sowing import check_against_game

    from engine.mancala.description import problems

    for gid, description in sorted(archive.sowing.items()):  # a description's switches are its record's
        sowing_path = archive.data_dir / "sowing" / f"{gid}.yaml"
        for where, why in problems(description):  # what the machine cannot play, by the field at fault
            errors.append(RecordError(archive.display(sowing_path), why, record=gid, field=where,
                                      line=archive.line_of(sowing_path, _path_of(where, [s.id for s in description.switches]))))
        if gid in archive.games:
            record = {sw.id: [a.id for a in sw.alternatives] for sw in archive.games[gid].switches}
            for problem in check_against_game(description, record):
                errors.append(RecordError(archive.display(archive.data_dir / "sowing" / f"{gid}.yaml"), problem,
                                          record=gid, field="switches"))
            known = {r.id for r in archive.games[gid].rulesets}
            for rid in sorted(set(description.rulesets) - known):
                errors.append(RecordError(archive.display(sowing_path), f"no ruleset {rid!r} in the game's record "
                                          f"(rulesets: {', '.join(sorted(known))})", record=gid, field=f"rulesets.{rid}"))
    from engine.alignment import description as alignment

    alignment_dir = archive.data_dir / "alignment"
    for gid in alignment.game_ids(alignment_dir):  # an alignment description's switches are its record's too
        path = alignment_dir / f"{gid}.yaml"
        try:
            description = alignment.load(gid, alignment_dir)
        except ValueError as exc:
            errors.append(RecordError(archive.display(path), str(exc), record=gid))
            continue
        if gid not in archive.games:
            errors.append(RecordError(archive.display(path), f"no game {gid!r} in games/", record=gid, field="game"))
            continue
        record = {sw.id: [a.id for a in sw.alternatives] for sw in archive.games[gid].switches}
        for problem in check_against_game(description, record):
            errors.append(RecordError(archive.display(path), problem, record=gid, field="switches"))
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
    if threading.current_thread() is threading.main_thread():  # SIGTERM: the build's cleanup runs
        signal.signal(signal.SIGTERM, lambda signum, _frame: sys.exit(128 + signum))
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


ENGINE_DIR = Path(__file__).resolve().parents[1]


def needs_bake(results: Path, db: Path) -> bool:
    """True when the results database is missing or older than the archive or the engine's code."""
    if not results.exists():
        return True
    engine_code = max((p.stat().st_mtime for p in ENGINE_DIR.rglob("*.py")), default=0.0)
    return results.stat().st_mtime < max(db.stat().st_mtime, engine_code)


ASSESSING = ".assessing"
"""The file beside results.db that says the default assessments are being baked."""
UCT_SPEC = re.compile(r"uct:[1-9][0-9]*")
"""The form of ``--bake-agent``."""
ASSESS_CHECKPOINT = ".assess-defaults.checkpoint"
"""The checkpoint of the default assessments' bake, beside results.db (removed when it is done)."""


def site_config(db: Path, site: Path, results: Path | None = None) -> dict[str, Any]:
    """The one configuration of the served site, as ``datasette.app.Datasette``'s keyword arguments:
    ``variorum serve`` (through :func:`datasette_args`) and the tests (tests/site/conftest.py)
    both use it. The archive is immutable; the results database (``results``, when given) is not:
    Datasette reads it through read-only connections, so a run that ``variorum compare --save``
    adds, or the background bake, shows on the site at once, without a restart."""
    import yaml

    from schema.yamlfile import LOADER

    config: dict[str, Any] = {
        "immutables": [str(db)],
        "files": [str(results)] if results is not None else [],
        # libyaml's loader (schema/yamlfile.py): 5 ms against PyYAML's 50 for the 33 kB of metadata,
        # read for each Datasette the tests start (some 200 of them: 11 CPU s of the quick tier)
        "metadata": (yaml.load((site / "metadata.yaml").read_text(encoding="utf-8"), Loader=LOADER)
                     if (site / "metadata.yaml").is_file() else {}),
        "settings": {"default_allow_sql": False},
    }
    if (site / "templates").is_dir():
        config["template_dir"] = str(site / "templates")
    if (site / "plugins").is_dir():
        config["plugins_dir"] = str(site / "plugins")
    if (site / "static").is_dir():
        config["static_mounts"] = [("static", str(site / "static"))]
    return config


def datasette_args(db: Path, site: Path, port: int, host: str, results: bool = True) -> list[str]:
    """The ``datasette serve`` command line of :func:`site_config` for the site folder (``results``:
    serve results.db, when it exists)."""
    found = site / "results.db"
    config = site_config(db, site, found if results and found.exists() else None)
    args = [sys.executable, "-m", "datasette", "serve"]
    for path in config["immutables"]:
        args += ["-i", path]
    args += config["files"]
    if (site / "metadata.yaml").is_file():
        args += ["--metadata", str(site / "metadata.yaml")]
    args += ["--host", host, "--port", str(port)]
    if "template_dir" in config:
        args += ["--template-dir", config["template_dir"]]
    if "plugins_dir" in config:
        args += ["--plugins-dir", config["plugins_dir"]]
    for name, folder in config.get("static_mounts", []):
        args += ["--static", f"{name}:{folder}"]
    for name, value in config["settings"].items():
        args += ["--setting", name, "on" if value is True else "off" if value is False else str(value)]
    return args


def register(group: click.Group) -> None:
    """Add the archive's commands to the ``variorum`` group."""

    @group.command("build")
    @click.option("--data", "data_dir", type=click.Path(path_type=Path), default=DATA_DIR, show_default=True,
                  help="Folder of the YAML records.")
    @click.option("--out", type=click.Path(path_type=Path), default=ARCHIVE_DB, show_default=True,
                  help="SQLite file to write (atomically).")
    def build_cmd(data_dir: Path, out: Path) -> None:
        """Validate the records and write the SQLite archive (replacing only an archive)."""
        from engine.cli.bounds import archive_to_replace

        archive_to_replace("--out", out)
        run_build(data_dir, out)

    @group.command("serve")
    @click.option("--port", type=click.IntRange(1, 65535), default=8001, show_default=True)
    @click.option("--host", default="127.0.0.1", show_default=True)
    @click.option("--data", "data_dir", type=click.Path(path_type=Path), default=DATA_DIR, show_default=True)
    @click.option("--site", "site_dir", type=click.Path(path_type=Path), default=SITE_DIR, show_default=True)
    @click.option("--bake/--no-bake", default=True, show_default=True,
                  help="Bake every game's figures in the background: the sections without any at a preliminary "
                       "budget, then each at its default budget (all of them when results.db is missing or stale).")
    @click.option("--bake-games", type=GAMES, default=2000, show_default=True,
                  help="Games per ruleset of the baked comparisons.")
    @click.option("--bake-agent", default=DEFAULT_AGENT, show_default=True,
                  help="The agent of the baked assessments (uct:ITERATIONS or uct:ITERATIONS:DEPTH; it plays itself). Any "
                       "--bake-agent* option given applies to every game; else a game listed in "
                       "engine.cli.assess.GAME_BUDGETS has its own budget (Lobudök: truncated playouts).")
    @click.option("--bake-agent-games", type=GAMES, default=DEFAULT_AGENT_GAMES,
                  show_default=True, help="Agent games per ruleset, and per rung of the skill ladder, of the baked assessments.")
    @click.option("--bake-skill-levels", type=SKILL_LEVELS, default=DEFAULT_SKILL_LEVELS, show_default=True,
                  help="Rungs of the skill ladder of the baked assessments.")
    @click.option("--base-url", default=None, metavar="URL",
                  help="The archive's canonical address, used in every citation (default: $VARIORUM_BASE_URL).")
    def serve_cmd(port: int, host: str, data_dir: Path, site_dir: Path, bake: bool, bake_games: int, bake_agent: str,
                  bake_agent_games: int, bake_skill_levels: int, base_url: str | None) -> None:
        """Build the archive if it is missing or older than the records, serve the site with
        Datasette, and compile the engine and bake the comparisons and the assessments in the
        background."""
        if not UCT_SPEC.fullmatch(bake_agent):  # (parsed in full by the bake: no engine import before the server starts)
            raise click.BadParameter(f"assessments evaluate with UCT: uct:ITERATIONS, not {bake_agent!r}",
                                     param_hint="'--bake-agent'")
        check_port(host, port)  # before the build: a taken port is the one thing said
        from schema.citation import check_base_url

        try:  # the citations' address (engine/cli/release.py, site/plugins/variorum_releases.py)
            os.environ["VARIORUM_BASE_URL"] = check_base_url(base_url or os.environ.get("VARIORUM_BASE_URL")) or ""
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="'--base-url'") from None
        os.environ.setdefault("VARIORUM_RELEASES", str(site_dir / "releases"))  # the served site's releases
        db = site_dir / "archive.db"
        if needs_build(data_dir, db):
            run_build(data_dir, db)
        results = site_dir / "results.db"
        overrides: dict[str, dict[str, Any]] = {"comparison": {"games": bake_games}}
        if game_budgets(click.get_current_context(), ("bake_agent", "bake_agent_games", "bake_skill_levels")) is None:
            overrides["assessment"] = {"agent": bake_agent, "games": bake_agent_games, "skill_levels": bake_skill_levels}
        (site_dir / ASSESSING).unlink(missing_ok=True)  # left by a killed serve
        fresh = bake and needs_bake(results, db)
        if not fresh:
            from engine.compare.results import create

            create(results)  # present from the start, so that runs saved with --save show without a restart
        serve(db, site_dir, port, host, bake, fresh, overrides)

    @group.command("export-schema")
    def export_schema_cmd() -> None:
        """Write the JSON Schema of the record files into schema/json/ (for editors)."""
        from engine.schemas import schemas
        from schema.jsonschema import export

        for path in export(models=schemas()):
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


def check_port(host: str, port: int) -> None:
    """Bind ``host:port`` once and let it go: a port another process holds is one clear error
    naming it, before the server starts (and before any "ready" line)."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise click.ClickException(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None
    family, kind, proto, _name, address = infos[0]
    with socket.socket(family, kind, proto) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds it
        try:
            sock.bind(address)
        except OSError as exc:
            raise click.ClickException(
                f"port {port} on {host} is taken ({exc.strerror or exc}): another server is running there; "
                f"stop it or choose another port (variorum serve --port N, make serve PORT=N)") from None


def stop_with_parent(on_orphan) -> None:
    """This process stops when its parent dies, whatever killed it (``make serve`` killed by
    SIGKILL, a closed terminal): on Linux the kernel sends SIGTERM (PR_SET_PDEATHSIG); elsewhere,
    and as a second guard, a thread notices the parent is gone and calls ``on_orphan``."""
    import ctypes

    parent = os.getppid()
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        on_orphan()

    threading.Thread(target=watch, name="stop-with-parent", daemon=True).start()


LOG_LINE = 300
"""The most characters of a server log line ``variorum serve`` relays."""
QUIET_PATHS = ("GET /-/play.json ", "GET /-/bake.json ")
"""Requests left out of the relayed log: the serve's own polls and the pages' progress polls."""


def serve(db: Path, site: Path, port: int, host: str, bake: bool, fresh: bool = False,
          overrides: dict[str, dict[str, Any]] | None = None) -> None:
    """Run Datasette as a child process and, with a progress bar in a terminal or lines in a log
    (engine.cli.bake_progress), follow the play API's compilation of the kernels and, meanwhile,
    bake the figures of every game page (``bake``; engine.cli.bake: preliminary figures of each game
    as soon as its kernels are ready, then the default budgets, of every game when ``fresh``, else
    of the sections without a ``defaults`` run; ``overrides``: a section's budget fields given on
    the command line) into ``site/results.db``; return when the server exits. The port is checked
    before the server starts; a line says "ready" only once this server (its id in
    ``/-/bake.json``) answers; the server stops with this process, and this process with its parent."""
    import uuid

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from engine.cli.bake import REFINING, bake_figures, saved_kinds
    from engine.cli.bake_progress import BakeLog, duration
    from engine.cli.compile_log import CompileEstimate, compiled_before, follow_kernels, get_json
    from engine.compile_costs import measure_share
    from engine.compare.first_run import SECTIONS
    from engine.play import die_with_parent

    check_port(host, port)
    share = measure_share()  # the share of a core this server's processes get now, before they start
    console = Console(stderr=True, highlight=False)
    server_id = uuid.uuid4().hex
    env = dict(os.environ, VARIORUM_BAKING="1" if bake else "0", VARIORUM_ASSESSING="1" if bake else "0",
               VARIORUM_SERVER_ID=server_id)
    if bake:
        (site / ASSESSING).write_text(str(os.getpid()))  # the pages say "being computed" from the start
    args = datasette_args(db, site, port, host, results=not bake)
    started = time.monotonic()
    child = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             preexec_fn=die_with_parent)

    def stop(signum, _frame):  # the server stops with us (and would by PR_SET_PDEATHSIG anyway)
        child.terminate()
        raise SystemExit(128 + signum)

    def orphaned() -> None:
        child.terminate()
        os._exit(1)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    stop_with_parent(orphaned)
    base = f"http://{host}:{port}"
    live = console.is_terminal
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=console, transient=False, disable=not live)

    def relay():  # the server's log (but the polls), above the progress bar while it shows
        for line in child.stdout:  # type: ignore[union-attr]
            if any(quiet in line for quiet in QUIET_PATHS):
                continue
            if len(line) > LOG_LINE:  # a client's long path (uvicorn's access line repeats it whole)
                line = f"{line[:LOG_LINE]}... ({len(line) - LOG_LINE} more characters)\n"
            if live:
                progress.console.print(line.rstrip("\n"), markup=False, highlight=False)
            else:
                sys.stderr.write(line)
                sys.stderr.flush()

    threading.Thread(target=relay, daemon=True).start()
    from engine.games import GAMES

    games = sorted(GAMES)
    results = site / "results.db"
    have = {} if fresh else saved_kinds(results)
    plan: dict[str, list[str]] = {}
    if bake:
        plan["preliminary"] = [g for g in games if any(not have.get((g, s)) for s in SECTIONS)]
        for section, stage in REFINING.items():
            plan[stage] = [g for g in games if fresh or "defaults" not in have.get((g, section), set())]
    log = BakeLog(site, progress.console if live else console, progress if live else None, plan)
    compiled = compiled_before(games)
    with progress:
        work, total = log.plan(), log.left_total()
        compiling = "" if compiled else "compiling the engine's kernels (estimated below); meanwhile and then: "
        log.say(f"serving {base}/ (Ctrl-C stops); " + (
            f"in the background, {compiling}{work}; "
            f"{'each stage estimated when it starts' if total is None else duration(total) + ' in all'} after the kernels. "
            "The pages are served meanwhile and say what is being computed." if work else
            "nothing to bake" + ("." if compiled else "; compiling the engine's kernels (estimated below).")))
        ready = None
        while child.poll() is None:
            ready = get_json(base + "/-/bake.json")
            if ready is not None and ready.get("server") == server_id:
                break
            time.sleep(0.2)
        if child.poll() is not None:
            log.close()
            log.say(f"the server stopped before it was ready (exit code {child.returncode}); nothing is served")
            sys.exit(child.returncode or 1)
        log.say(f"pages ready at {base}/ {time.monotonic() - started:.1f} s after start")
        kernels: set[str] = set()
        compile_estimate = CompileEstimate(started)  # the bake's stage "compiling" says its estimate
        follow = threading.Thread(target=follow_kernels, args=(base, child, log.say, kernels, started, share),
                                  kwargs={"estimate": compile_estimate}, daemon=True)
        follow.start()
        yield_cpu()  # the bakes run in this process: the server and its workers come first
        if bake and child.poll() is None and any(plan.values()):
            try:
                bake_figures(db, results, games, log, fresh=fresh, ready=lambda g: g in kernels or not follow.is_alive(),
                             checkpoint=site / ASSESS_CHECKPOINT, overrides=overrides,
                             compile_left=compile_estimate.left, compiling=compile_estimate.pending)
                log.say(f"every section baked {time.monotonic() - started:.1f} s after start")
            except Exception as exc:  # the server stays up; the pages say what is saved
                log.say(f"the bake stopped: {exc!r}; the server goes on "
                        f"(variorum compare-defaults and assess-defaults bake by hand)")
            finally:
                (site / ASSESSING).unlink(missing_ok=True)
                if results.exists():
                    os.utime(results)  # make's results target sees the bake done
        follow.join()
        log.close()
    live = False
    sys.exit(child.wait())


BAKE_NICE = 10
"""The bake's niceness: below the pages and the play API (0), level with other background work
(``nice``'s default), so that a shared machine's other jobs do not starve the first figures (at 19,
on this machine loaded 12-19 by others' work, the bake had 4-5% of a core: benchmarks/first-run.txt)."""


def yield_cpu() -> None:
    """This process yields the CPU to the server and its workers: niceness :data:`BAKE_NICE`."""
    try:
        os.nice(max(0, BAKE_NICE - os.nice(0)))
    except OSError:
        pass
