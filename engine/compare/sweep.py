"""Sweeps: variants split into cells, each cell seeded on its own, played serially, on local processes
or on a Dask cluster, with finished cells kept in a checkpoint so that a killed run resumes.

A **variant** is one value for every switch of a game. A **cell** is one variant x one block of
games (``block`` games, the last block of a variant possibly fewer). Seeds:

- variant seed = ``engine.rng.batch_seed(run seed, variant code)``, where the variant code is a
  stable 63-bit hash (BLAKE2b) of the variant's switch values (so a variant gets the same games in
  any sweep that contains it, whatever else the sweep holds);
- cell seed = ``batch_seed(variant seed, block index)``;
- game ``i`` of a cell: seed ``batch_seed(cell seed, i)``, exactly as the compiled playout loop
  derives it, so random self-play of a cell is one call of ``Rules.playouts(params, cell seed,
  games)``. In an agent pairing, the agents of game ``i`` are seeded ``batch_seed(game seed, 1)``
  (agent A) and ``batch_seed(game seed, 2)`` (agent B), and agent A takes seat 1 in the games of
  even index within the variant (counting across blocks), seat 2 in the odd ones: half the games
  each way.

A cell's rows depend only on the game, the limits, the agents, the variant, the run seed, the
block size and the block index, never on where or in what order the cell runs: serial, joblib
(loky processes, ``jobs``) and Dask (``scheduler``: an address or a ``distributed.Client``) give
the same rows, and the measures computed from them in the calling process are the same.

Cells are grouped into tasks (``task_games`` games or so, one cell per task for agent games), so
that scheduling overhead stays small. **Checkpoint**: given a ``checkpoint`` path (SQLite), every
finished task's cells are written there in one transaction, keyed by the run's fingerprint (a
SHA-256 of game, engine fingerprint, seed, agents, block size and limits) and by (variant, block,
games); a later run with the same fingerprint reads them back and plays only the missing cells. A
checkpoint file records the engine fingerprint that wrote it; one of another engine is refused
with a message naming both (``discard_stale`` empties it instead), so a resumed run never mixes
games played by other code.
Rows are stored zlib-compressed (compressed by the workers, and only when there is a checkpoint). A
run killed at any moment loses at most the tasks in flight.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from engine import stats as S
from engine.compare.measures import N_ROW_COLUMNS, SEAT_A
from engine.rng import batch_seed, check_seed

DEFAULT_BLOCK = 1000
"""Games per cell in random self-play."""
DEFAULT_AGENT_BLOCK = 10
"""Games per cell when agents play through the Python API (they are much slower)."""
DEFAULT_TASK_GAMES = 25_000
"""Random self-play games per task (cells are grouped up to about this many)."""

DASK_WORKERS = 8
"""Workers assumed on a Dask cluster when grouping cells into tasks (at least four tasks each)."""

CHECKPOINT_FORMAT = 1


def variant_key(switches: Mapping[str, str]) -> str:
    """The canonical text of a variant: ``switch=value`` pairs sorted by switch id, joined by ``;``."""
    return ";".join(f"{k}={switches[k]}" for k in sorted(switches))


def variant_code(switches: Mapping[str, str]) -> int:
    """A stable 63-bit number for a variant (BLAKE2b of its key)."""
    digest = hashlib.blake2b(variant_key(switches).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def cell_seed(run_seed: int, switches: Mapping[str, str], block: int) -> int:
    """The seed of block ``block`` of a variant in a run seeded ``run_seed``."""
    return batch_seed(batch_seed(run_seed, variant_code(switches)), block)


@dataclass(frozen=True)
class Cell:
    """One variant x one block of games."""

    variant: int
    """Index of the variant in the sweep."""
    block: int
    start: int
    """Index of the block's first game within the variant."""
    games: int
    seed: int


@dataclass(frozen=True)
class Task:
    """What a worker plays: some cells of one game (picklable, self-contained)."""

    game: str
    limits: tuple[int, int]
    agents: tuple[str, str] | None
    """Agent specs (A, B), or None for random self-play in compiled code."""
    cells: tuple[tuple[tuple[tuple[str, str], ...], int, int, int, int], ...]
    """(switch items, block, start, games, seed) per cell."""
    packed: bool = False
    """Return the rows zlib-compressed (for a checkpoint), else as arrays."""

    @property
    def games(self) -> int:
        return sum(c[3] for c in self.cells)


@dataclass
class SweepStats:
    """How a sweep went: cells played now and cells read back from the checkpoint."""

    cells: int = 0
    played: int = 0
    resumed: int = 0
    tasks: int = 0
    fingerprint: str = ""


@dataclass(frozen=True)
class Sweep:
    """The plan of a sweep: a game, its variants, games per variant, agents, seed, blocks, limits."""

    game: str
    variants: tuple[dict[str, str], ...]
    games: int
    seed: int = 0
    agents: tuple[str, str] | None = None
    block: int | None = None
    limits: tuple[int, int] | None = None
    stats: SweepStats = field(default_factory=SweepStats, compare=False)

    def __post_init__(self) -> None:
        from engine.game import MOVE_LIMIT, TURN_LIMIT, Limits
        from engine.games import rules_of

        rules = rules_of(self.game)
        check_seed(self.seed)
        if isinstance(self.games, bool) or not isinstance(self.games, (int, np.integer)) or self.games < 2:
            raise ValueError(f"games per variant must be an integer of at least 2, not {self.games!r}")
        if not self.variants:
            raise ValueError("a sweep needs at least one variant")
        ids = {s.id for s in rules.switches}
        for v in self.variants:
            if set(v) != ids:
                raise ValueError(f"a variant must give every switch of {self.game} a value: {sorted(set(v) ^ ids)}")
            for s in rules.switches:
                s.index(v[s.id])  # ValueError naming an unknown value
        if self.block is None:
            object.__setattr__(self, "block", DEFAULT_BLOCK if self.agents is None else DEFAULT_AGENT_BLOCK)
        if isinstance(self.block, bool) or not isinstance(self.block, (int, np.integer)) or self.block < 1:
            raise ValueError(f"the block size must be a positive integer, not {self.block!r}")
        limits = self.limits or (TURN_LIMIT, MOVE_LIMIT)
        Limits(*limits)  # validates
        object.__setattr__(self, "limits", (int(limits[0]), int(limits[1])))
        if self.agents is not None:
            from engine.agents import parse_agent

            object.__setattr__(self, "agents", tuple(str(parse_agent(a)) for a in self.agents))

    def cells(self) -> list[Cell]:
        """Every cell, by variant then block."""
        out = []
        for v, switches in enumerate(self.variants):
            for b, start in enumerate(range(0, self.games, self.block)):
                out.append(Cell(v, b, start, min(self.block, self.games - start), cell_seed(self.seed, switches, b)))
        return out

    def fingerprint(self) -> str:
        """What a checkpointed cell's rows depend on besides its variant and block (SHA-256 hex)."""
        from engine import ENGINE_FINGERPRINT

        spec = {"format": CHECKPOINT_FORMAT, "game": self.game, "engine_version": ENGINE_FINGERPRINT,
                "seed": self.seed, "agents": list(self.agents) if self.agents else None,
                "block": self.block, "limits": list(self.limits)}
        return hashlib.sha256(json.dumps(spec, sort_keys=True).encode()).hexdigest()

    def tasks(self, cells: Sequence[Cell], workers: int = 1, task_games: int = DEFAULT_TASK_GAMES,
              packed: bool = False) -> list[Task]:
        """``cells`` grouped into tasks: one cell each for agents; for self-play about ``task_games``
        games each, but at least four tasks per worker when there are enough cells."""
        def item(c: Cell):
            return (tuple(sorted(self.variants[c.variant].items())), c.block, c.start, c.games, c.seed)

        groups: list[list[Cell]] = []
        if self.agents is not None:
            groups = [[c] for c in cells]
        else:
            total = sum(c.games for c in cells)
            per_task = max(1, min(task_games, -(-total // max(1, 4 * workers))))
            group: list[Cell] = []
            size = 0
            for c in cells:
                if group and size + c.games > per_task:
                    groups.append(group)
                    group, size = [], 0
                group.append(c)
                size += c.games
            if group:
                groups.append(group)
        return [Task(self.game, self.limits, self.agents, tuple(item(c) for c in g), packed) for g in groups]


# --- playing -------------------------------------------------------------------------------------

def pack(rows: np.ndarray) -> bytes:
    """Rows (int64, N_ROW_COLUMNS wide) as compressed bytes."""
    return zlib.compress(np.ascontiguousarray(rows, dtype=np.int64).tobytes(), 1)


def unpack(blob: bytes | np.ndarray, games: int) -> np.ndarray:
    """The rows ``pack`` packed (an array is returned as it is)."""
    if isinstance(blob, np.ndarray):
        return blob
    rows = np.frombuffer(zlib.decompress(blob), dtype=np.int64)
    if rows.size != games * N_ROW_COLUMNS:
        raise ValueError(f"a stored cell holds {rows.size // N_ROW_COLUMNS} games, not {games}")
    return rows.reshape(games, N_ROW_COLUMNS).copy()


def _load(game_id: str, switches: Mapping[str, str], limits: tuple[int, int]):
    from engine.game import Game, Limits
    from engine.games import rules_of

    return Game(rules_of(game_id), dict(switches), None, Limits(*limits))


def self_play_rows(game, seed: int, games: int) -> np.ndarray:
    """Random self-play of a cell in compiled code: engine.stats rows plus SEAT_A = 0."""
    rows = np.zeros((games, N_ROW_COLUMNS), dtype=np.int64)
    rows[:, :S.N_COLUMNS] = game.rules.playouts(game.params, seed, games)
    return rows


def play_game(game, seed: int, agents: Sequence[Any]) -> np.ndarray:
    """One game through the Python API, ``agents[p - 1]`` playing player p: an engine.stats row
    (plus SEAT_A, left 0 for the caller), counted by the same kernels as the compiled loop's rows
    (``State.stats_row``)."""
    state = game.new_state(seed)
    first = state.to_move or 0
    while not state.is_terminal():
        state.apply(agents[state.to_move - 1].choose(state))
    row = np.zeros(N_ROW_COLUMNS, dtype=np.int64)
    row[:S.N_COLUMNS] = state.stats_row()
    row[S.FIRST] = first
    return row


def agent_rows(game, seed: int, start: int, games: int, agents: tuple[str, str]) -> np.ndarray:
    """A cell of an agent pairing: game i seeded batch_seed(seed, i); agent A in seat 1 when
    ``start + i`` is even, else in seat 2; SEAT_A says which."""
    from engine.agents import make_agent

    rows = np.zeros((games, N_ROW_COLUMNS), dtype=np.int64)
    for i in range(games):
        gseed = batch_seed(seed, i)
        a = make_agent(agents[0], batch_seed(gseed, 1))
        b = make_agent(agents[1], batch_seed(gseed, 2))
        seat_a = 1 if (start + i) % 2 == 0 else 2
        rows[i] = play_game(game, gseed, (a, b) if seat_a == 1 else (b, a))
        rows[i, SEAT_A] = seat_a
    return rows


def play_task(task: Task) -> list[tuple[str, int, int, bytes | np.ndarray]]:
    """Play a task's cells: (variant key, block, games, rows) per cell, the rows packed if the task
    says so. Runs in workers."""
    out = []
    for items, block, start, games, seed in task.cells:
        switches = dict(items)
        game = _load(task.game, switches, task.limits)
        if task.agents is None:
            rows = self_play_rows(game, seed, games)
        else:
            rows = agent_rows(game, seed, start, games, task.agents)
        out.append((variant_key(switches), block, games, pack(rows) if task.packed else rows))
    return out


# --- executors -----------------------------------------------------------------------------------

def execute(tasks: Sequence[Task], jobs: int = 1, scheduler: Any = None) -> Iterator[list]:
    """Run ``play_task`` on every task, yielding results as they finish (in any order).

    ``scheduler``: a Dask scheduler address (``tcp://host:8786``) or a ``distributed.Client``;
    else ``jobs`` > 1 runs joblib's loky processes; else the tasks run here, in order.
    """
    if isinstance(jobs, bool) or not isinstance(jobs, (int, np.integer)) or jobs < 1:
        raise ValueError(f"jobs must be a positive integer, not {jobs!r}")
    if scheduler is not None:
        yield from _dask(tasks, scheduler)
    elif jobs > 1 and len(tasks) > 1:
        from joblib import Parallel, delayed

        parallel = Parallel(n_jobs=int(jobs), backend="loky", return_as="generator_unordered",
                            initializer=exit_with_parent, initargs=(os.getpid(),))
        yield from parallel(delayed(play_task)(t) for t in tasks)
    else:
        for t in tasks:
            yield play_task(t)


_watching: list[int] = []


def exit_with_parent(parent: int) -> None:
    """In a worker process started by process ``parent``: exit as soon as that process is gone (a
    ``compare`` killed even by SIGKILL takes its loky workers, and so their resource trackers, with
    it), even if it died while this worker was starting."""
    if _watching:
        return
    _watching.append(parent)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def _dask(tasks: Sequence[Task], scheduler: Any) -> Iterator[list]:
    from distributed import Client, as_completed

    own = not isinstance(scheduler, Client)
    if own:
        if not isinstance(scheduler, str) or not scheduler.strip():
            raise ValueError(f"a Dask scheduler is an address like tcp://host:8786, not {scheduler!r}")
        try:
            client = Client(scheduler, timeout="10s")
        except (OSError, TimeoutError, ValueError) as exc:
            raise ValueError(f"cannot reach the Dask scheduler {scheduler!r}: {exc}") from None
    else:
        client = scheduler
    try:
        futures = client.map(play_task, list(tasks), pure=False)
        try:
            for fut in as_completed(futures):
                yield fut.result()
        finally:
            client.cancel(futures)
    finally:
        if own:
            client.close()


# --- checkpoint ----------------------------------------------------------------------------------

class StaleCheckpoint(ValueError):
    """A checkpoint written by another engine (another fingerprint): its cells are not this code's."""


class Checkpoint:
    """Finished cells in an SQLite file, keyed by run fingerprint, variant, block and games, and
    written by one engine: the file records the engine fingerprint (``meta``), and a file of
    another engine is refused (:class:`StaleCheckpoint`, naming both) unless ``discard`` is given,
    which empties it first."""

    def __init__(self, path: str | Path, *, discard: bool = False) -> None:
        from engine import ENGINE_FINGERPRINT

        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.conn = sqlite3.connect(self.path)
            self.conn.execute(
                "CREATE TABLE IF NOT EXISTS cells (fingerprint TEXT, variant TEXT, block INTEGER, "
                "games INTEGER, rows BLOB, PRIMARY KEY (fingerprint, variant, block, games))"
            )
            self.conn.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)")
            self.conn.commit()
            row = self.conn.execute("SELECT value FROM meta WHERE key = 'engine'").fetchone()
            has_cells = self.conn.execute("SELECT 1 FROM cells LIMIT 1").fetchone() is not None
        except sqlite3.DatabaseError as exc:
            raise ValueError(f"checkpoint {str(self.path)!r} is not a usable SQLite file: {exc}") from None
        written_by = row[0] if row else None
        if has_cells and written_by != ENGINE_FINGERPRINT:
            if not discard:
                self.conn.close()
                raise StaleCheckpoint(
                    f"checkpoint {str(self.path)!r} was written by engine "
                    f"{written_by or '(unrecorded: before engine fingerprints)'}, and this is engine "
                    f"{ENGINE_FINGERPRINT}: its games were played by other code. Discard it "
                    "(--discard-stale-checkpoint) or give another checkpoint file.")
            with self.conn:
                self.conn.execute("DELETE FROM cells")
        with self.conn:
            self.conn.execute("INSERT OR REPLACE INTO meta VALUES ('engine', ?)", (ENGINE_FINGERPRINT,))

    def load(self, fingerprint: str) -> dict[tuple[str, int, int], bytes]:
        cur = self.conn.execute("SELECT variant, block, games, rows FROM cells WHERE fingerprint = ?", (fingerprint,))
        return {(v, b, g): blob for v, b, g, blob in cur}

    def save(self, fingerprint: str, results: Iterable[tuple[str, int, int, bytes]]) -> None:
        with self.conn:  # one transaction per task
            self.conn.executemany(
                "INSERT OR REPLACE INTO cells VALUES (?, ?, ?, ?, ?)",
                [(fingerprint, v, b, g, blob) for v, b, g, blob in results],
            )

    def close(self) -> None:
        self.conn.close()


def discard_stale_checkpoint(path: str | Path) -> None:
    """Empty the checkpoint at ``path`` if another engine wrote it (what the user asks for with
    ``--discard-stale-checkpoint``); a checkpoint of this engine, or none, is left as it is."""
    if Path(path).exists():
        Checkpoint(path, discard=True).close()


# --- running -------------------------------------------------------------------------------------

Progress = Callable[[int, int], None]
"""``progress(games done, games in all)``, called as tasks finish (and once at the start)."""


def run(
    sweep: Sweep,
    *,
    jobs: int = 1,
    scheduler: Any = None,
    checkpoint: str | Path | None = None,
    progress: Progress | None = None,
    on_variant: Callable[[int, np.ndarray], None] | None = None,
    task_games: int = DEFAULT_TASK_GAMES,
    discard_stale: bool = False,
) -> list[np.ndarray]:
    """Play every cell of ``sweep`` (skipping those already in ``checkpoint``); the rows of each
    variant, its blocks in order. ``on_variant(i, rows)`` is called as soon as variant ``i`` is
    complete (in any order). ``sweep.stats`` says how many cells were played and resumed. A
    checkpoint of another engine fingerprint is refused (StaleCheckpoint), or emptied first with
    ``discard_stale``."""
    if isinstance(jobs, bool) or not isinstance(jobs, (int, np.integer)) or jobs < 1:
        raise ValueError(f"jobs must be a positive integer, not {jobs!r}")
    cells = sweep.cells()
    fp = sweep.fingerprint()
    keys = [variant_key(v) for v in sweep.variants]
    by_variant: dict[int, list[Cell]] = {}
    for c in cells:
        by_variant.setdefault(c.variant, []).append(c)
    done: dict[tuple[str, int, int], bytes | np.ndarray] = {}
    rows: list[np.ndarray | None] = [None] * len(sweep.variants)

    def ckey(c: Cell) -> tuple[str, int, int]:
        return (keys[c.variant], c.block, c.games)

    def complete(v: int) -> None:
        if rows[v] is None and all(ckey(c) in done for c in by_variant[v]):
            parts = [unpack(done[ckey(c)], c.games) for c in by_variant[v]]
            rows[v] = np.concatenate(parts) if len(parts) > 1 else parts[0]
            if on_variant:
                on_variant(v, rows[v])

    store = Checkpoint(checkpoint, discard=discard_stale) if checkpoint is not None else None
    try:
        wanted = {ckey(c) for c in cells}
        if store is not None:
            done = {k: blob for k, blob in store.load(fp).items() if k in wanted}
        todo, seen = [], set()
        for c in cells:  # a variant named twice (two rulesets alike) is played once
            if ckey(c) not in done and ckey(c) not in seen:
                seen.add(ckey(c))
                todo.append(c)
        total = sum(c.games for c in cells)
        finished = total - sum(c.games for c in cells if ckey(c) not in done)
        workers = DASK_WORKERS if scheduler is not None else int(jobs)
        tasks = sweep.tasks(todo, workers=workers, task_games=task_games, packed=store is not None)
        sweep.stats.cells, sweep.stats.played = len(cells), 0
        sweep.stats.resumed = sum(1 for c in cells if ckey(c) in done)
        sweep.stats.tasks, sweep.stats.fingerprint = len(tasks), fp
        if progress:
            progress(finished, total)
        for v in range(len(sweep.variants)):
            complete(v)
        owner: dict[str, list[int]] = {}  # variant key -> the variants with these switch values
        for i, k in enumerate(keys):
            owner.setdefault(k, []).append(i)
        for result in execute(tasks, jobs=jobs, scheduler=scheduler):
            if store is not None:
                store.save(fp, result)
            for v, b, g, blob in result:
                done[(v, b, g)] = blob
                finished += g * len(owner[v])
            sweep.stats.played += len(result)
            if progress:
                progress(finished, total)
            for i in sorted({i for key, _, _, _ in result for i in owner[key]}):
                complete(i)
    finally:
        if store is not None:
            store.close()
    return list(rows)  # type: ignore[arg-type]
