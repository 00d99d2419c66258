"""The engine fingerprint: which code played a game, derived from the code itself, never by hand.

The fingerprint is the first 16 hex digits of a SHA-256 over every file of the engine whose code
can change what a game does, and the version of numba that compiles it. The rule, not a list:

- **covered**: every ``engine/**/*.py`` that plays games (the rules, the sowing and alignment
  machinery, the driver, the agents, the statistics a game row holds), whatever modules are added
  or removed;
- **not covered**: what plays no game itself: the front ends ``engine/cli/`` (the command line),
  ``engine/play.py`` (the play API's engine side: parsing, ceilings, worker pools) and
  ``engine/release.py`` (making releases), ``engine/compile_costs.py`` (the compile's measured costs,
  for the first run's estimates); the comparator ``engine/compare/`` (it measures games
  the covered code plays; a saved run names the git commit beside the fingerprint, and a
  checkpoint's row layout has its own format number); and ``engine/fingerprint.py`` (this file).

Rule descriptions kept as records under ``data/`` are covered by the content hash of ``data/``
(:func:`data_hash`), which a release and a citation name beside the fingerprint.

The fingerprint keys numba's compiled cache (:func:`use_numba_cache`): ``NUMBA_CACHE_DIR`` is set to
a folder of its own before numba compiles anything of the engine, so an edit to any shared kernel
(``engine/machine.py``, ``engine/mancala/sowing.py``) compiles afresh, where numba's own check looks
only at the file that defines the function (not at the files inlined into it). The folders of old
fingerprints are pruned, keeping the :data:`KEEP` most recently used.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
from importlib import metadata
from pathlib import Path

ENGINE_ROOT = Path(__file__).resolve().parent
NOT_COVERED = ("cli/", "play.py", "release.py", "compile_costs.py", "compare/", "fingerprint.py")
"""Paths under engine/ (a folder ends with /) whose code cannot change a game's behaviour."""
KEEP = 4
"""Cache folders of fingerprints kept (the current one and the most recently used others)."""
CACHE_ENV = "VARIORUM_NUMBA_CACHE"
"""Environment variable naming the folder that holds one numba cache folder per fingerprint."""


def covered_files(root: Path = ENGINE_ROOT) -> list[Path]:
    """The engine's files the fingerprint covers, in a fixed order (by path under ``root``)."""
    out = []
    for path in root.rglob("*.py"):
        rel = path.relative_to(root).as_posix()
        if "__pycache__" in path.parts or any(rel == x or (x.endswith("/") and rel.startswith(x)) for x in NOT_COVERED):
            continue
        out.append(path)
    return sorted(out, key=lambda p: p.relative_to(root).as_posix())


def numba_version() -> str:
    """The installed numba's version (read from its metadata: numba is not imported)."""
    try:
        return metadata.version("numba")
    except metadata.PackageNotFoundError:
        return "none"


def fingerprint(root: Path = ENGINE_ROOT) -> str:
    """The fingerprint of the engine under ``root`` (16 hex digits)."""
    digest = hashlib.sha256(b"variorum-engine/1\0numba " + numba_version().encode() + b"\0")
    for path in covered_files(root):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        data = path.read_bytes()
        digest.update(str(len(data)).encode() + b"\0" + data)
    return digest.hexdigest()[:16]


def tree_hash(root: str | Path, pattern: str = "**/*") -> str:
    """SHA-256 (16 hex digits) of every file under ``root`` matching ``pattern``: names and bytes."""
    root = Path(root)
    digest = hashlib.sha256(b"variorum-tree/1\0")
    for path in sorted((p for p in root.glob(pattern) if p.is_file()), key=lambda p: p.relative_to(root).as_posix()):
        if "__pycache__" in path.parts:
            continue
        data = path.read_bytes()
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
    return digest.hexdigest()[:16]


def data_hash(data_dir: str | Path | None = None) -> str:
    """The content hash of the records folder (default: the project's ``data/``)."""
    from schema.paths import DATA_DIR

    return tree_hash(Path(data_dir) if data_dir is not None else DATA_DIR)


def cache_root() -> Path:
    """The folder holding one numba cache folder per fingerprint: ``$VARIORUM_NUMBA_CACHE``, else
    ``engine/__pycache__/numba`` beside the code (where numba itself would cache)."""
    env = os.environ.get(CACHE_ENV)
    return Path(env) if env else ENGINE_ROOT / "__pycache__" / "numba"


def use_numba_cache(fp: str) -> Path | None:
    """Point numba's cache at the folder of fingerprint ``fp`` (before the engine's kernels are
    defined: numba fixes a function's cache folder when it is decorated) and prune old folders.
    Returns the folder, or None when it cannot be written (numba then caches as it would)."""
    folder = cache_root() / fp
    try:
        folder.mkdir(parents=True, exist_ok=True)
        os.utime(folder)  # most recently used
    except OSError:
        return None
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    if "numba" in sys.modules:  # numba read its configuration already: set it there too
        from numba.core import config

        config.CACHE_DIR = str(folder)
    _prune(folder)
    return folder


def _prune(current: Path) -> None:
    try:
        others = [p for p in current.parent.iterdir() if p.is_dir() and p != current]
        others.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return
    for old in others[KEEP - 1:]:
        shutil.rmtree(old, ignore_errors=True)
