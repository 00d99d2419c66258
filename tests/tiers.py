"""The test suite's two tiers: which tests are in the long one, and why.

``make test`` runs the quick tier (``pytest -m "not long"``), ``make test-long`` the long tier
(``-m long``), and CI (``.ci/run``) runs both, so no test goes unrun where it counts. A test is in
the long tier when it does what a change to one rule or page rarely needs run at once, and what
costs most: it starts processes (a server, a browser, a release, a Dask cluster, a fresh compile),
bakes or solves, searches (UCT, the Kalah solver), plays an independent reference or a peer
(OpenSpiel) over drawn games, or damages and loads the records case by case; its cost is measured
(CPU seconds, setup to teardown: benchmarks/make-test.txt). An entry is a file, or one test of a file
with every parametrisation of it. The quick tier keeps a check of each kind (goldens, hand-worked
positions, a whole game of every ruleset conforming, the pages, the play API, builds refused naming
file and field). tests/conftest.py marks the long tests ``long`` at collection.
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
        "ten drawn games of every game under every ruleset, every move checked (147 CPU s, h73; 63.9 after h77's "
        "cut of the refusals' message); the quick tier "
        "checks a whole game of each ruleset and games under drawn switch values",
    "tests/engine/test_conformance.py::test_every_move_conforms_under_random_switches":
        "drawn games under drawn switch values, every move checked (44 CPU s, the lead's quick-tier run; 23.4 after "
        "h77's cut); the "
        "quick tier checks a whole game of every ruleset",
    "tests/engine/test_conformance.py::test_uct_finds_a_win_in_one":
        "UCT's search from a position with one winning move in every game (20 CPU s)",
    "tests/engine/test_tsoro_reference.py":
        "an independent reference in lockstep over drawn games and positions (11 CPU s)",
    "tests/engine/test_lobudok_reference.py":
        "an independent reference in lockstep over drawn games and positions (12 CPU s)",
    "tests/engine/test_tap_urdy_reference.py":
        "an independent reference in lockstep over drawn games and positions (5 CPU s)",
    "tests/engine/test_tauru_reference.py":
        "an independent reference in lockstep over drawn games and positions (4 CPU s)",
    "tests/engine/test_openspiel_lockstep.py": "OpenSpiel's Oware and Kalah in lockstep over whole games (9 CPU s)",
    "tests/engine/test_openspiel_morris_lockstep.py":
        "2,000 games in lockstep with OpenSpiel's Nine Men's Morris (23 CPU s, h73)",
    "tests/engine/test_kalah_solver.py::test_solver_agrees_with_plain_minimax":
        "plain minimax over whole small boards (13 CPU s); the quick tier keeps the agreement from random positions",
    "tests/engine/test_kalah_solver.py::"
    "test_solver_agrees_with_plain_minimax_when_the_game_ends_with_the_mover_unable_to_move":
        "plain minimax over whole small boards (12 CPU s)",
    "tests/engine/test_kalah_solver.py::test_solver_agrees_with_plain_minimax_when_the_emptier_takes_the_rest":
        "plain minimax over whole small boards (6 CPU s)",
    "tests/engine/test_kalah_solver.py::test_the_window_pass_and_the_table_skip_keep_the_value":
        "the solver's whole search of small boards, each pass and table setting (13 CPU s)",
    "tests/engine/test_kalah_solver.py::test_two_workers_agree_with_plain_minimax_from_random_positions":
        "two solver threads against plain minimax (9 CPU s)",
    "tests/engine/test_kalah_solver.py::test_two_workers_give_the_serial_value_and_best_move":
        "two solver threads against the serial search on small boards (5 CPU s)",
    # damaged copies of the records
    "tests/schema/test_defects.py::test_defect_is_reported_with_its_place":
        "a copy of the records damaged and loaded whole for each of 28 defects (30 CPU s); the quick tier keeps "
        "the other defect tests and test_lint's builds refused naming file and field",
    # processes: a Dask cluster, servers, releases, bakes
    "tests/compare/test_compare_distributed.py": "a Dask scheduler and its workers as processes (22 CPU s, h73)",
    "tests/site/test_releases.py": "`variorum release` processes, two at once, and the release pair (57 CPU s, h72)",
    "tests/site/test_serve.py": "`variorum serve` processes, one killed with its parent (20 CPU s and more, h72)",
    "tests/site/test_leftovers.py": "`variorum serve` and builds killed midway (27 CPU s, h72)",
    "tests/site/test_access_log.py": "a `variorum serve` process (8 CPU s, h72)",
    "tests/site/test_first_run_pages.py": "first-run bakes of preliminary and default figures (22 CPU s, h72)",
    "tests/site/test_solved_pages.py::test_the_kalah_page_shows_each_rulesets_value":
        "solves Kalah boards under each ruleset to show their values (38 CPU s)",
    "tests/site/test_release_figures.py::test_a_visit_starts_the_releases_figures_once_and_one_release_at_a_time":
        "bakes a release's figures (12 CPU s)",
    "tests/site/test_assess_pages.py::test_the_reconstruction_section_lists_the_front_and_the_nearest":
        "a reconstruction run (9 CPU s)",
    "tests/compare/test_compare_output.py::test_the_plot_draws_each_switch_effect_per_measure_under_200_kb":
        "a comparison run plotted by matplotlib (11 CPU s)",
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
