"""The first run's account of itself: what ``variorum serve`` is doing in the background, how far
it has got and how long is left.

``variorum serve`` goes through stages (:data:`STAGES`: waiting while the engine's kernels compile,
one entry, engine.cli.bake.KERNELS, then baking the preliminary figures and refining each section),
each game after game. :class:`BakeLog` follows them and tells three readers:

- a terminal: a live bar per game (rich);
- a log (stderr not a terminal): plain lines, one when a stage or a game starts or ends and one
  every :data:`LINE_EVERY` seconds in between, each with the estimate of what is left;
- the pages: the file ``.bake.json`` beside ``results.db`` (the stage, each game's progress and the
  estimates), which the site serves as ``/-/bake.json`` (site/plugins/variorum_results.py), so a
  section being computed shows its progress.

The estimates come from the bake's own (engine.compare.first_run.estimate, after each game's pilot),
else from the durations this machine took before (``.bake-times.json`` beside ``results.db``,
written as each game finishes); within a game, from the rate of its current phase. A game's line
when it ends, and a stage's, give the estimate beside the real time (the compile's are
engine.cli.compile_log's).
"""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path
from typing import Any

STAGES = ("compiling", "preliminary", "comparisons", "assessments", "reconstructions")
"""The first run's stages, in order (engine.cli.bake: the preliminary figures, then each section refined)."""
STAGE_TEXT = {"compiling": "compiling the engine's kernels",
              "preliminary": "baking every section's preliminary figures",
              "comparisons": "refining the comparisons", "assessments": "refining the assessments",
              "reconstructions": "refining the reconstructions"}
PROGRESS_FILE = ".bake.json"
TIMES_FILE = ".bake-times.json"
LINE_EVERY = 30.0
"""Seconds between two progress lines in a log."""


def duration(seconds: float | None) -> str:
    """``about 40 s``, ``about 3 min``, ``about 1 h 10 min``; ``unknown`` for None."""
    if seconds is None:
        return "unknown"
    seconds = max(0.0, seconds)
    if seconds < 90:
        return f"about {max(5, round(seconds / 5) * 5):.0f} s"
    minutes = round(seconds / 60)
    if minutes < 60:
        return f"about {minutes} min"
    return f"about {minutes // 60} h {minutes % 60:02d} min"


def estimated(seconds: float | None) -> str:
    """:func:`duration`, or ``not estimated yet`` for None (a stage or game estimated when it starts)."""
    return "not estimated yet" if seconds is None else duration(seconds)


class BakeLog:
    """Follows the stages and games of the background work (see the module docstring)."""

    def __init__(self, site: Path, console: Any, progress: Any | None, games: dict[str, list[str]]) -> None:
        """``games``: stage -> the games it will go through, in order (a stage not listed is skipped);
        ``progress``: a rich Progress in a terminal, else None (plain lines on ``console``)."""
        self.site, self.console, self.bars = site, console, progress
        self.games = {s: list(g) for s, g in games.items() if g}
        self.times = self._load_times()
        self.estimates: dict[str, dict[str, float]] = {}
        self.stage: str | None = None
        self.current: str | None = None
        self.state: dict[str, dict[str, Any]] = {}
        self.tasks: dict[tuple[str, str], Any] = {}
        self.game_started = self.phase_started = self.game_cpu = 0.0
        self.mark: tuple[float, float] | None = None  # (time, CPU) the next game's work began
        self.stage_started: float | None = None
        self.stage_estimate: float | None = None
        self.stage_waited = 0.0
        self.phase = ""
        self.last_line = self.last_write = 0.0
        self.closed = False
        self.write()
        if progress is None:  # a log: a line every LINE_EVERY seconds even while a phase reports nothing
            threading.Thread(target=self._heartbeat, name="bake-log", daemon=True).start()

    # estimates

    def _load_times(self) -> dict[str, dict[str, float]]:
        try:
            found = json.loads((self.site / TIMES_FILE).read_text(encoding="utf-8"))
            return {s: {g: float(t) for g, t in found.get(s, {}).items()} for s in STAGES}
        except (OSError, ValueError, AttributeError):
            return {s: {} for s in STAGES}

    def expected(self, stage: str, game: str) -> float | None:
        """The seconds ``game`` is expected to take in ``stage`` on this machine: the bake's estimate
        (:meth:`expect`), else this machine's last time (None: not known)."""
        found = self.estimates.get(stage, {}).get(game)
        if found is not None:
            return found
        return self.times.get(stage, {}).get(game)

    def expect(self, stage: str, seconds: dict[str, float]) -> None:
        """The bake's estimates of its games in ``stage`` (engine.compare.first_run.estimate)."""
        self.estimates.setdefault(stage, {}).update(seconds)
        self.write(force=True)

    def expected_stage(self, stage: str) -> float | None:
        """The seconds ``stage`` is expected to take; None when a game's estimate is not known yet."""
        found = [self.expected(stage, g) for g in self.games.get(stage, [])]
        if any(e is None for e in found):
            return None
        return sum(e or 0.0 for e in found)

    def left_total(self) -> float | None:
        """Seconds the whole background work is expected to take (None: not known yet)."""
        stages = [self.expected_stage(s) for s in STAGES if s in self.games]
        return None if any(e is None for e in stages) else sum(e or 0.0 for e in stages)

    def plan(self) -> str:
        """The stages to come with their expected durations, for the start message."""
        parts = [f"{STAGE_TEXT[s]} ({'estimated when it starts' if (e := self.expected_stage(s)) is None else duration(e)})"
                 for s in STAGES if s in self.games]
        return ", then ".join(parts)

    def left_in_game(self, done: int, total: int) -> float | None:
        now = time.monotonic()
        rate_left = None
        if total and done and now - self.phase_started > 1:
            rate_left = (total - done) * (now - self.phase_started) / done
        expected = self.expected(self.stage, self.current) if self.stage and self.current else None
        by_history = None if expected is None else expected - (now - self.game_started)
        if rate_left is None:
            return by_history
        return rate_left if by_history is None else max(rate_left, by_history)

    def left(self, left_in_game: float | None) -> float | None:
        """Seconds left in the whole background work (None: a stage to come is not estimated yet)."""
        rest, unknown = self._rest()
        return None if self.stage is None or unknown is not None else (left_in_game or 0.0) + rest

    def _rest(self) -> tuple[float, str | None]:
        """The seconds expected after the current game (the current stage's later games, the later
        stages), up to the first stage not estimated yet, and that stage (None: all are estimated)."""
        total, later = 0.0, False
        for stage in STAGES:
            if stage == self.stage:
                later = True
                games = self.games.get(stage, [])
                rest = games[games.index(self.current) + 1:] if self.current in games else games
                known = [self.expected(stage, g) for g in rest]
                if stage != "compiling" and any(e is None for e in known):
                    return total, stage
                total += sum(e or 0.0 for e in known)
            elif later and stage in self.games:
                found = self.expected_stage(stage)
                if found is None:
                    return total, stage
                total += found
        return total, None

    def left_text(self, left_in_game: float | None, game: bool = True) -> str:
        """What is left, in words, for the log: the current game's time (``game``; while compiling,
        the first kernels'), then the whole work's, or, while a stage to come is not estimated yet,
        the time until that stage (its estimate is made when it starts): never a bare "unknown"."""
        parts = []
        if game and self.current:
            if self.stage == "compiling":
                parts.append("the compile's estimate not known yet" if left_in_game is None
                             else f"the first kernels ready in {duration(left_in_game)}")
            else:
                parts.append("this game not estimated yet" if left_in_game is None
                             else f"this game {duration(left_in_game)} left")
        rest, unknown = self._rest()
        then = "then " if left_in_game is None and game and self.current else ""
        total = rest + (left_in_game or 0.0)
        if unknown is None:
            parts.append(f"then {duration(total)} more" if then else f"all {duration(total)} left")
        elif unknown == self.stage:
            parts.append(f"{then}{duration(total)} of this stage estimated, its other games as they start"
                         if total else "this stage's other games estimated as they start")
        else:
            parts.append(f"{then}{duration(total)} before {STAGE_TEXT[unknown]}, estimated when it starts"
                         if total else f"{STAGE_TEXT[unknown]} estimated when it starts")
        return ", ".join(parts)

    def _heartbeat(self) -> None:
        while not self.closed:
            time.sleep(LINE_EVERY / 6)
            entry = self.state.get(f"{self.stage}:{self.current}") if self.current else None
            if entry is None or time.monotonic() - self.last_line < LINE_EVERY:
                continue
            self.last_line = time.monotonic()
            of = f": {entry['done']:,}/{entry['total']:,} games" if entry.get("total") else ""
            phase = f" {entry['phase']}" if entry.get("phase") else ""
            working = time.monotonic() - self.phase_started
            self.say(f"{self.stage}: {self.current}{phase}{of}, working ({working:.0f} s in this phase); "
                     f"{self.left_text(entry.get('left'))}")

    # events

    def say(self, text: str) -> None:
        self.console.print(text, markup=False, highlight=False, emoji=False, soft_wrap=True)

    def start_stage(self, stage: str) -> None:
        self.stage, self.current = stage, None
        self.mark = (time.monotonic(), time.process_time())
        self.stage_started, self.stage_estimate = time.monotonic(), self.expected_stage(stage)
        self.stage_waited = 0.0
        left = self.left(None)
        self.say(f"{STAGE_TEXT[stage]}: {', '.join(self.games.get(stage, []))} ({estimated(self.stage_estimate)}; "
                 f"{self.left_text(None, game=False) if left is None else 'all left: ' + duration(left)})")
        self.write(force=True)

    def start_game(self, game: str) -> None:
        if self.current and self.current != game:
            self.end_game()
        self.current = game
        # a game's work began when the previous one ended (its first progress comes later)
        self.game_started, self.game_cpu = self.mark or (time.monotonic(), time.process_time())
        self.phase_started = self.game_started
        self.phase = ""
        self.state[f"{self.stage}:{game}"] = {"stage": self.stage, "game": game, "phase": "", "done": 0, "total": None,
                                              "left": self.expected(self.stage, game)}
        if self.bars is None:
            self.say(f"{self.stage}: {game} started ({estimated(self.expected(self.stage, game))})")

    def update(self, game: str, done: int, total: int | None, phase: str = "", unit: str = "games") -> None:
        new = game != self.current or phase != self.phase
        if game != self.current:
            self.start_game(game)
        if phase != self.phase:
            self.phase, self.phase_started = phase, time.monotonic()
        left_game = self.left_in_game(done, total or 0)
        entry = self.state[f"{self.stage}:{game}"]
        entry.update(phase=phase, done=done, total=total, left=left_game)
        label = f"{self.stage}: {game}{' ' + phase if phase else ''}"
        if self.bars is not None:
            key = (self.stage, game)
            if key not in self.tasks:
                self.tasks[key] = self.bars.add_task(label, total=total)
            self.bars.update(self.tasks[key], description=f"{label} ({unit})", completed=done, total=total)
        elif time.monotonic() - self.last_line >= LINE_EVERY:
            self.last_line = time.monotonic()
            of = f": {done:,}/{total:,} {unit}" if total else ""
            self.say(f"{label}{of}; {self.left_text(left_game)}")
        self.write(force=new)

    def end_game(self) -> None:
        if not self.current or not self.stage:
            return
        took = time.monotonic() - self.game_started
        expected = self.expected(self.stage, self.current)  # before this time replaces the machine's last
        self.times.setdefault(self.stage, {})[self.current] = round(took, 1)
        entry = self.state.get(f"{self.stage}:{self.current}")
        if entry is not None:
            entry.update(left=0.0, finished=True)
        if self.bars is None:
            cpu = "" if self.stage == "compiling" else f", {time.process_time() - self.game_cpu:.0f} s of CPU"
            est = "" if expected is None else f" (estimated {expected:.0f} s)"
            self.say(f"{self.stage}: {self.current} done in {took:.0f} s{est}{cpu}")
        try:
            (self.site / TIMES_FILE).write_text(json.dumps(self.times, indent=1), encoding="utf-8")
        except OSError:
            pass
        self.current = None
        self.mark = (time.monotonic(), time.process_time())
        self.write(force=True)

    def note(self, line: str) -> None:
        """A line of the bake's own log: the current game saved (it ends), or a game skipped (said)."""
        if self.current:
            self.end_game()
        else:
            self.say(f"{self.stage}: {line}")

    def restart_clock(self) -> None:
        """The next game's work begins now (not when the previous one ended: the bake waited between,
        for its kernels), so that its time and its estimate are of the same work."""
        self.mark = (time.monotonic(), time.process_time())

    def wait(self, seconds: float) -> None:
        """Wait ``seconds`` for a game's kernels (the compile goes on): the stage's time less these
        waits is its work's, which its estimate is of."""
        time.sleep(seconds)
        self.stage_waited += seconds

    def end_stage(self) -> None:
        self.end_game()
        if self.stage is not None and self.stage_started is not None:
            took = time.monotonic() - self.stage_started
            est = "not estimated" if self.stage_estimate is None else f"estimated {self.stage_estimate:.0f} s"
            waited = f", of which {self.stage_waited:.0f} s waiting for the kernels" if self.stage_waited else ""
            self.say(f"{self.stage}: the stage took {took:.0f} s{waited}; its work {took - self.stage_waited:.0f} s "
                     f"({est} at its start)")
            self.stage_started = None

    def write(self, force: bool = False) -> None:
        """``.bake.json`` for the pages (at most once a second unless ``force``), replaced atomically."""
        now = time.monotonic()
        if not force and now - self.last_write < 1.0:
            return
        self.last_write = now
        current = self.state.get(f"{self.stage}:{self.current}") if self.current else None
        left_game = current.get("left") if current else None
        body = {"pid": os.getpid(), "stage": self.stage, "stages": [s for s in STAGES if s in self.games],
                "games": self.games, "current": current, "left": self.left(left_game),
                "progress": self.state, "updated": time.time(),
                "expected": {s: {g: self.expected(s, g) for g in games} for s, games in self.games.items()}}
        path = self.site / PROGRESS_FILE
        tmp = path.with_name(path.name + ".tmp")
        try:
            tmp.write_text(json.dumps(body), encoding="utf-8")
            os.replace(tmp, path)
        except OSError:
            pass

    def close(self) -> None:
        self.closed = True
        (self.site / PROGRESS_FILE).unlink(missing_ok=True)
