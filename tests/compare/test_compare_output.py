"""The comparator's output as people read it: tables that fit the terminal, effects ranked with
negligible ones folded, the per-switch effects plot, readable ``diverge``, progress when piped."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from click.testing import CliRunner

from engine.cli import compare as compare_cli
from engine.compare.effects import Effect
from tests.compare.test_compare_cli import cli  # noqa: F401  (the comparator's commands in a click group)


def run(cli, *args: str, width: int = 80):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False, env={"COLUMNS": str(width)})


def test_a_factorial_table_fits_80_columns_with_effects_first(cli):
    r = run(cli, "compare", "tap-urdy", "--switch", "relay", "--switch", "direction", "--switch", "after-capture",
            "--games", "60", "--quiet", "--resamples", "99")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80, max(lines, key=len)
    assert "…" not in r.stdout  # no truncated cell
    text = r.stdout
    assert text.index("per-switch effects") < text.index("key measures")
    assert "negligible effect(s) folded" in text
    assert "+0.000 [" not in text and "-0.000 [" not in text


def test_a_rulesets_table_fits_80_columns(cli):
    r = run(cli, "compare", "tap-urdy", "--games", "40", "--quiet", "--resamples", "99")
    assert r.exit_code == 0, r.output
    assert max(len(line) for line in r.stdout.splitlines()) <= 80
    assert "…" not in r.stdout and "pussa-kanawa" in r.stdout


def test_negligible_means_an_interval_through_zero_or_a_zero_effect():
    e = dict(switch="g.s", option="a", reference="b", measure="m", cells=1)
    assert compare_cli.negligible(Effect(value=0.01, low=-0.01, high=0.03, **e))
    assert compare_cli.negligible(Effect(value=0.0, low=0.0, high=0.0, **e))
    assert not compare_cli.negligible(Effect(value=0.05, low=0.01, high=0.09, **e))


def test_the_plot_draws_each_switch_effect_per_measure_under_200_kb(cli, tmp_path):
    plot, out = tmp_path / "effects.svg", tmp_path / "c.json"
    r = run(cli, "compare", "tap-urdy", "--all-switches", "--games", "4", "--block", "4", "--quiet",
            "--resamples", "49", "--plot", str(plot), "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert len(data["variants"]) > 1000
    size = plot.stat().st_size
    assert size < 200_000, size
    svg = plot.read_text()
    for m in {e["measure"] for e in data["effects"]}:
        assert f">{m}</text>" in svg, m  # one titled panel per measure
    assert "relay: next-hole vs take-up-last" in svg  # the rows are the switch options, labelled
    png = tmp_path / "effects.png"
    from engine.compare.plot import save_plot

    save_plot(data, png)
    assert png.stat().st_size < 200_000


def test_diverge_reads_as_text_at_80_columns(cli):
    r = run(cli, "diverge", "tap-urdy", "--a", "sources", "--b", "ludii", "--seed", "1")
    assert r.exit_code == 0, r.output
    assert "{" not in r.stdout and "'" not in r.stdout
    assert "Switches that differ:" in r.stdout and "tap-urdy.direction: A counterclockwise, B clockwise" in r.stdout
    assert "Board under A:" in r.stdout and max(len(x) for x in r.stdout.splitlines()) <= 80
    wide = run(cli, "diverge", "tap-urdy", "--a", "sources", "--b", "ludii", "--seed", "1", width=140)
    assert "A: sources" in wide.stdout and wide.stdout.count("b6 b5 b4 b3 b2 b1") == 2


def test_result_text():
    assert compare_cli.result_text({"ending": "win", "winner": 2, "scores": [10, 38]}) == "player 2 wins (10 - 38)"
    assert compare_cli.result_text(None) == "the game goes on"


def test_progress_shows_on_a_piped_stderr(tmp_path):
    env = dict(os.environ, COLUMNS="80")
    p = subprocess.run([sys.executable, "-m", "engine.cli", "compare", "tap-urdy", "--ruleset", "ludii", "--games", "30",
                        "--resamples", "49", "--json"], capture_output=True, text=True, env=env, timeout=600)
    assert p.returncode == 0, p.stderr
    assert "playing: 30/30 games (100%)" in p.stderr
    json.loads(p.stdout)  # stdout stays clean JSON


def test_one_name_per_measure_in_the_cli_the_json_and_the_results_database(cli, tmp_path):
    import sqlite3

    from engine.compare.measures import MEASURES

    r = run(cli, "measures", "--json")
    listed = json.loads(r.stdout)
    assert [m["key"] for m in listed] == [m.key for m in MEASURES]
    assert all(m["definition"] for m in listed)
    db = tmp_path / "r.db"
    r = run(cli, "compare", "tap-urdy", "--ruleset", "ludii", "--games", "20", "--quiet", "--resamples", "49",
            "--save", "--results", str(db), "--json")
    data = json.loads(r.stdout)
    conn = sqlite3.connect(db)
    glossary = {k: (dlp, d) for k, dlp, d in conn.execute("select key, dlp, definition from measures")}
    assert glossary == {m.key: (m.dlp, m.definition) for m in MEASURES}
    saved = {k for (k,) in conn.execute("select distinct measure from compare_metrics")}
    assert saved == set(data["variants"][0]["metrics"]) and saved <= set(glossary)
    table = run(cli, "measures").stdout
    for m in MEASURES:
        assert m.key in table
