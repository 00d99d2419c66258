"""A fresh clone's first run: ``git clone`` then ``make serve`` (the install, the build, the numba
compile and the bake included), and when each section of each game page first shows figures.

Polls every game page (``/games/<id>``) every few seconds and prints a line, with the seconds since
``make serve`` started, the load average and the CPU seconds the run's processes have had (its own
session's, :func:`session_cpu`: on a shared machine the share it got), whenever a section (the comparison, the assessment,
the reconstruction) changes state: ``none``, ``preliminary`` (marked ``data-preliminary`` by the
page) or ``figures`` (the default budget's run). Stops at ``--limit`` seconds or when every section
of every game shows the default budget's figures, then stops the server and prints the serve log's
lines that give each run's estimate and its real time.

Usage (benchmarks/first-run.txt):
    python benchmarks/first_run.py --repo /work/main --branch main --port 8846 --limit 2400
    (``--stop-when-shown``: stop once every section shows figures, preliminary or not)
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

SECTIONS = {
    "compare": (r'<section id="compare"[^>]*>(.*?)</section>', 'class="vr-table vr-compare"'),
    "assess": (r'<section id="assess"[^>]*>(.*?)</section>', 'id="assess-run"'),
    "reconstruct": (r'<section id="reconstruct"[^>]*>(.*?)</section>', 'id="reconstruct-run"'),
}


def state_of(section: str | None) -> str:
    """``none`` (no figures: None), ``preliminary`` or ``figures``."""
    if section is None:
        return "none"
    return "preliminary" if "data-preliminary" in section else "figures"


def session_cpu(sid: int) -> float:
    """CPU seconds of the processes of session ``sid`` (``make serve`` and everything under it), with
    their reaped children's (Linux /proc; 0.0 elsewhere): how much of the machine the run got."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[3]) == sid:  # the session id (the fields after the command's name start at the state)
            total += sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
    return total / ticks


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repo", required=True)
    ap.add_argument("--branch", default="main")
    ap.add_argument("--port", type=int, default=8846)
    ap.add_argument("--limit", type=float, default=3600.0, help="Seconds before the run is stopped.")
    ap.add_argument("--stop-when-shown", action="store_true",
                    help="Stop as soon as every section of every game shows figures (preliminary or not).")
    args = ap.parse_args()
    clone = Path(tempfile.mkdtemp()) / "variorum"
    subprocess.run(["git", "clone", "-q", "-b", args.branch, args.repo, str(clone)], check=True)
    head = subprocess.run(["git", "-C", str(clone), "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True).stdout.strip()
    log = clone.parent / "serve.log"
    t0 = time.monotonic()

    sid: list[int] = []

    def say(text: str) -> None:
        cpu = f"cpu {session_cpu(sid[0]):6.1f} s  " if sid else ""
        print(f"{time.monotonic() - t0:8.1f} s  load {os.getloadavg()[0]:5.2f}  {cpu}{text}", flush=True)

    say(f"make serve PORT={args.port} in a fresh clone of {args.repo} {args.branch} at {head}")
    with open(log, "w") as out:
        make = subprocess.Popen(["make", "serve", f"PORT={args.port}"], cwd=clone, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    sid.append(make.pid)  # a session of its own: its processes' CPU is the run's
    base = f"http://127.0.0.1:{args.port}"
    seen: dict[tuple[str, str], str] = {}
    games: list[str] | None = None
    shown_all = False
    try:
        while time.monotonic() - t0 < args.limit and make.poll() is None:
            try:
                if games is None:
                    body = urllib.request.urlopen(base + "/games", timeout=30).read().decode()
                    games = sorted(set(re.findall(r'href="/games/([a-z0-9-]+)"', body)))
                    say(f"first page: /games lists {len(games)} games")
                for g in games:
                    body = urllib.request.urlopen(f"{base}/games/{g}", timeout=60).read().decode()
                    for name, (rx, mark) in SECTIONS.items():
                        m = re.search(rx, body, re.S)
                        now = state_of(m.group(1) if m and mark in m.group(1) else None)
                        if seen.get((g, name)) != now:
                            seen[(g, name)] = now
                            say(f"{g} {name}: {now}")
                states = [seen.get((g, n)) for g in games for n in SECTIONS]
                if not shown_all and all(s in ("preliminary", "figures") for s in states):
                    shown_all = True
                    say("every section of every game shows figures")
                    if args.stop_when_shown:
                        break
                if all(s == "figures" for s in states):
                    say("every section of every game shows the default budget's figures")
                    break
            except OSError:
                time.sleep(2)
            time.sleep(5)
        elapsed = time.monotonic() - t0
        say(f"the run's processes had {session_cpu(make.pid):.0f} CPU s in {elapsed:.0f} s: "
            f"{session_cpu(make.pid) / max(elapsed, 1e-9):.0%} of a core on average")
    finally:
        os.killpg(make.pid, signal.SIGTERM)
        make.wait(timeout=60)
    say("stopped")
    for line in log.read_text(errors="replace").splitlines():
        if any(k in line for k in ("serving ", "ready", "estimated", "estimates against", "baked", "started (",
                                   "compiling:", "the stage took")):
            print("  log:", line[:600])


if __name__ == "__main__":
    main()
