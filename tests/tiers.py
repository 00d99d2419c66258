"""The test suite's two tiers: which tests are in the long one, and why.

``make test`` runs the quick tier (``pytest -m "not long"``), ``make test-long`` the long tier
(``-m long``), and CI (``.ci/run``) runs both, so no test goes unrun where it counts. A test is in
the long tier when it starts processes the quick tier's tests do without (a server, a browser, a
release, a fresh compile) or plays a reference at a scale beyond what seeing one game's rules at
work needs, and its cost is measured (benchmarks/make-test.txt): a file, or one test of a file with
every parametrisation of it. tests/conftest.py marks them ``long`` at collection.
"""

from __future__ import annotations

import ast
from pathlib import Path

LONG_TIER: dict[str, str] = {
    # fresh compiles
    "tests/engine/test_specialise.py::test_the_specialised_kernel_plays_the_generic_kernels_games":
        "compiles each description's specialised kernel in the test (85 CPU s on a fresh cache, h73)",
    "tests/engine/test_fingerprint.py::test_an_edited_shared_kernel_is_recompiled":
        "two fresh compiles of a kernel in child processes (51 CPU s, h73)",
    "tests/engine/test_agents.py::test_the_tree_stops_at_its_node_cap":
        "compiles UCT's node-capped tree, which nothing else plays (22 CPU s on a fresh cache, 2 cached; h73)",
    # references and peers at scale
    "tests/engine/test_conformance.py::test_every_move_conforms_under_each_ruleset":
        "ten drawn games of every game under every ruleset, every move checked (147 CPU s, h73); the quick tier "
        "checks a whole game of each ruleset and games under drawn switch values",
    "tests/engine/test_openspiel_morris_lockstep.py":
        "2,000 games in lockstep with OpenSpiel's Nine Men's Morris (23 CPU s, h73)",
    "tests/engine/test_kalah_solver.py::test_solver_agrees_with_plain_minimax":
        "plain minimax over whole small boards (13 CPU s); the quick tier keeps the agreement from random positions",
    "tests/engine/test_kalah_solver.py::"
    "test_solver_agrees_with_plain_minimax_when_the_game_ends_with_the_mover_unable_to_move":
        "plain minimax over whole small boards (12 CPU s)",
    "tests/engine/test_kalah_solver.py::test_solver_agrees_with_plain_minimax_when_the_emptier_takes_the_rest":
        "plain minimax over whole small boards (6 CPU s)",
    # processes: a Dask cluster, servers, releases, bakes
    "tests/compare/test_compare_distributed.py": "a Dask scheduler and its workers as processes (22 CPU s, h73)",
    "tests/site/test_releases.py": "`variorum release` processes, two at once, and the release pair (57 CPU s, h72)",
    "tests/site/test_serve.py": "`variorum serve` processes, one killed with its parent (20 CPU s and more, h72)",
    "tests/site/test_leftovers.py": "`variorum serve` and builds killed midway (27 CPU s, h72)",
    "tests/site/test_access_log.py": "a `variorum serve` process (8 CPU s, h72)",
    "tests/site/test_first_run_pages.py": "first-run bakes of preliminary and default figures (22 CPU s, h72)",
    "tests/site/test_solved_pages.py::test_the_bake_solves_each_ruleset_the_solver_plays":
        "solves Kalah(6,3) under each ruleset the solver plays (47 CPU s, h72)",
    # a browser (Chromium) on a served site
    "tests/site/test_browser.py": "Chromium on a served site, one test with a server of its own (24 CPU s, h72)",
    "tests/site/test_layout_browser.py": "Chromium at 390 and 1,280 px (12 CPU s, h72)",
    "tests/site/test_assess_browser.py": "Chromium on a baking site (16 CPU s, h72)",
    "tests/site/test_reconstruct_browser.py": "Chromium (8 CPU s, h72)",
    "tests/site/test_releases_browser.py": "Chromium on two releases (6 CPU s, h72)",
}
"""Test file (``tests/...py``), or test (``tests/...py::test_name``) -> why it is long."""


def long_entry(nodeid: str) -> str | None:
    """The entry of :data:`LONG_TIER` the test ``nodeid`` falls under, or None."""
    path, _, name = nodeid.partition("::")
    if path in LONG_TIER:
        return path
    test = f"{path}::{name.partition('[')[0]}"
    return test if name and test in LONG_TIER else None


def stale_entries(root: Path) -> list[str]:
    """The entries of :data:`LONG_TIER` under ``root`` that name a file that is not there, or a test
    (a module-level function) its file does not define."""
    stale = []
    for entry in LONG_TIER:
        path, _, name = entry.partition("::")
        file = root / path
        if not file.is_file():
            stale.append(entry)
        elif name and name not in {node.name for node in ast.parse(file.read_text()).body
                                   if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}:
            stale.append(entry)
    return stale
