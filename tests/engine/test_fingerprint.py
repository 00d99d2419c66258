"""The engine fingerprint: derived from the engine's code, keys numba's cache and the checkpoints."""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine import fingerprint as fp
from engine.compare import sweep as sweeping

ROOT = Path(__file__).resolve().parents[2]


def _copy_tree(dest: Path) -> Path:
    """The engine, schema and records copied to ``dest`` (no compiled caches)."""
    for name in ("engine", "schema", "data"):
        shutil.copytree(ROOT / name, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
    return dest


def test_fingerprint_is_derived_not_written():
    assert re.fullmatch(r"[0-9a-f]{16}", engine.ENGINE_FINGERPRINT)
    assert engine.ENGINE_FINGERPRINT == fp.fingerprint()
    assert not hasattr(engine, "ENGINE_VERSION")  # the hand-written version is gone


def test_fingerprint_covers_engine_files_by_rule(tmp_path):
    root = _copy_tree(tmp_path) / "engine"
    files = {p.relative_to(root).as_posix() for p in fp.covered_files(root)}
    assert "machine.py" in files and "mancala/sowing.py" in files and "alignment/machine.py" in files
    assert not any(f.startswith(("cli/", "compare/")) for f in files)
    assert not {"fingerprint.py", "play.py", "release.py", "compile_costs.py"} & files
    before = fp.fingerprint(root)
    assert before == engine.ENGINE_FINGERPRINT  # the copy is the same code
    (root / "cli" / "games.py").write_text((root / "cli" / "games.py").read_text() + "\n# a comment\n")
    assert fp.fingerprint(root) == before  # the command line plays nothing
    (root / "games" / "newgame.py").write_text("X = 1\n")  # a new module is covered without a list
    added = fp.fingerprint(root)
    assert added != before
    sowing = root / "mancala" / "sowing.py"
    sowing.write_text(sowing.read_text() + "\n")
    assert fp.fingerprint(root) not in (before, added)


def test_fingerprint_names_the_numba_version(monkeypatch):
    before = fp.fingerprint()
    monkeypatch.setattr(fp, "numba_version", lambda: "0.0.0")
    assert fp.fingerprint() != before


def test_numba_cache_is_keyed_by_the_fingerprint():
    folder = Path(os.environ["NUMBA_CACHE_DIR"])
    assert folder.name == engine.ENGINE_FINGERPRINT
    from numba.core import config

    assert config.CACHE_DIR == str(folder)


def test_old_cache_folders_are_pruned(tmp_path, monkeypatch):
    monkeypatch.setenv(fp.CACHE_ENV, str(tmp_path))
    monkeypatch.setenv("NUMBA_CACHE_DIR", os.environ["NUMBA_CACHE_DIR"])
    from numba.core import config

    monkeypatch.setattr(config, "CACHE_DIR", config.CACHE_DIR)
    for i in range(6):
        (tmp_path / f"old{i}").mkdir()
        os.utime(tmp_path / f"old{i}", (1000 + i, 1000 + i))
    fp.use_numba_cache("current")
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert kept == sorted(["current", "old5", "old4", "old3"])


PLAY = """
import json, numpy, engine
from engine import stats
from engine.playout import run
rows = numpy.delete(run(engine.load_game("tap-urdy", "ludii"), 12, 5), stats.SEED, axis=1)  # all but the seed
print(json.dumps({"fingerprint": engine.ENGINE_FINGERPRINT, "rows": rows.tolist()}))
"""
SMALLEST = {"VARIORUM_SPECIALISE": "all"}
"""Where :data:`PLAY` runs: on Tap-urdy's specialised kernel alone (engine.specialise), its generic
two-row kernel never compiled. The smallest compile that inlines engine.machine's driver measured
(an empty cache, the machine loaded: 16.3 CPU s, against 41.7 for the generic kernel the default mode
compiles; benchmarks/make-test.txt): the test compiles it twice, before and after the edit."""


def test_an_edited_shared_kernel_is_recompiled(tmp_path):
    """The issue's reproduction: change the random agent in engine/machine.py (a kernel inlined
    into every game's) and play again; numba's own cache would serve the old code, since no game's
    file changed (nor the generated module of Tap-urdy's combination of rules, :data:`SMALLEST`,
    whose text is the same before and after: it imports the driver)."""
    import engine.machine

    tree = _copy_tree(tmp_path / "tree")
    env = {**os.environ, "PYTHONPATH": str(tree), fp.CACHE_ENV: str(tmp_path / "cache"), **SMALLEST}
    env.pop("NUMBA_CACHE_DIR", None)

    def play() -> dict:
        out = subprocess.run([sys.executable, "-c", PLAY], cwd=tree, env=env, capture_output=True, text=True,
                             timeout=600)
        assert out.returncode == 0, out.stderr
        return json.loads(out.stdout.strip().splitlines()[-1])

    before = play()
    assert len({json.dumps(r) for r in before["rows"]}) > 1  # random games differ
    machine = tree / Path(engine.machine.__file__).resolve().relative_to(ROOT)  # the driver's module, by import
    text = machine.read_text()
    assert text.count("k = rng_below(rng, n)") == 1
    machine.write_text(text.replace("k = rng_below(rng, n)", "k = 0 * rng_below(rng, n)"))  # always the first move
    after = play()
    assert after["fingerprint"] != before["fingerprint"]
    assert len({json.dumps(r) for r in after["rows"]}) == 1  # the edited agent: every game alike
    assert after["rows"] != before["rows"]


def _cells(path: Path, fingerprint: str) -> None:
    store = sweeping.Checkpoint(path)
    store.save(fingerprint, [("v", 0, 2, b"rows")])
    store.close()


def test_a_stale_checkpoint_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "run.checkpoint"
    _cells(path, "run")
    assert sweeping.Checkpoint(path).load("run")  # the same engine resumes
    monkeypatch.setattr(engine, "ENGINE_FINGERPRINT", "0123456789abcdef")
    with pytest.raises(sweeping.StaleCheckpoint) as err:
        sweeping.Checkpoint(path)
    message = str(err.value)
    assert "0123456789abcdef" in message and fp.fingerprint() in message and "--discard-stale-checkpoint" in message
    with pytest.raises(ValueError):
        sweeping.run(sweeping.Sweep("tauru", (engine.resolve("tauru", "ludii"),), 2, 1), checkpoint=path)
    sweeping.discard_stale_checkpoint(path)  # what the user asks for
    store = sweeping.Checkpoint(path)
    assert store.load("run") == {}
    store.close()


def test_a_checkpoint_from_before_fingerprints_is_refused(tmp_path):
    path = tmp_path / "old.checkpoint"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE cells (fingerprint TEXT, variant TEXT, block INTEGER, games INTEGER, rows BLOB, "
                 "PRIMARY KEY (fingerprint, variant, block, games))")
    conn.execute("INSERT INTO cells VALUES ('x', 'v', 0, 2, x'00')")
    conn.commit()
    conn.close()
    with pytest.raises(sweeping.StaleCheckpoint, match="before engine fingerprints"):
        sweeping.Checkpoint(path)


def test_records_and_runs_carry_the_fingerprint():
    state = engine.new_game("tauru", "ludii")
    assert state.record().to_dict()["engine_version"] == engine.ENGINE_FINGERPRINT


def test_the_cli_refuses_a_stale_checkpoint_unless_asked_to_discard_it(tmp_path):
    from click.testing import CliRunner

    from engine.cli import main

    path = tmp_path / "run.checkpoint"
    _cells(path, "run")
    conn = sqlite3.connect(path)
    conn.execute("UPDATE meta SET value = 'fedcba9876543210' WHERE key = 'engine'")  # another engine wrote it
    conn.commit()
    conn.close()
    args = ["compare", "tap-urdy", "--ruleset", "ludii", "--games", "4", "--json", "--quiet", "--checkpoint", str(path)]
    refused = CliRunner().invoke(main, args)
    assert refused.exit_code == 2
    assert "fedcba9876543210" in refused.output and engine.ENGINE_FINGERPRINT in refused.output
    done = CliRunner().invoke(main, [*args, "--discard-stale-checkpoint"])
    assert done.exit_code == 0, done.output
    assert sqlite3.connect(path).execute("select value from meta").fetchone()[0] == engine.ENGINE_FINGERPRINT
