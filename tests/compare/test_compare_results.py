"""The results database, the default comparison and the plots."""

from __future__ import annotations

import json

import pytest
import sqlite_utils

from engine.compare import compare
from engine.compare.plot import figure, save_plot
from engine.compare.results import compare_defaults, save


@pytest.fixture(scope="module")
def factorial():
    return compare("tap-urdy", switches=["relay", "capture"], games=40, seed=2, n_resamples=99)


def test_a_saved_comparison_holds_runs_variants_metrics_and_effects(tmp_path, factorial):
    path = tmp_path / "results.db"
    run_id = save(factorial, path)
    db = sqlite_utils.Database(path)
    run = db["compare_runs"].get(run_id)
    assert run["game"] == "tap-urdy" and run["kind"] == "user" and run["games_per_variant"] == 40
    assert (run["agent_a"], run["agent_b"], run["seed"], run["variants"]) == ("random", "random", 2, 4)
    assert json.loads(run["factors"]) == ["tap-urdy.relay", "tap-urdy.capture"]
    assert run["engine_version"] and run["created"]
    variants = list(db["compare_variants"].rows_where("run_id = ?", [run_id], order_by="variant"))
    assert [json.loads(v["switches"]) for v in variants] == [v.switches for v in factorial.variants]
    metric = db.execute("SELECT value, low, high FROM compare_metrics WHERE run_id = ? AND variant = 2 AND "
                        "measure = 'advantage_p1'", [run_id]).fetchone()
    iv = factorial.variants[2].metrics["advantage_p1"]
    assert metric == (iv.value, iv.low, iv.high)
    assert db["compare_metrics"].count == 4 * len(factorial.measures)
    assert db["compare_effects"].count == len(factorial.effects) > 0


def test_saving_twice_keeps_both_runs_unless_replacing_defaults(tmp_path, factorial):
    path = tmp_path / "results.db"
    save(factorial, path)
    save(factorial, path)
    assert sqlite_utils.Database(path)["compare_runs"].count == 2
    save(factorial, path, kind="defaults", replace_kind=True)
    last = save(factorial, path, kind="defaults", replace_kind=True)
    db = sqlite_utils.Database(path)
    assert [r["id"] for r in db["compare_runs"].rows_where("kind = 'defaults'")] == [last]
    assert db.execute("SELECT count(DISTINCT run_id) FROM compare_variants").fetchone()[0] == 3
    with pytest.raises(ValueError, match="unknown run kind"):
        save(factorial, path, kind="mine")


def test_compare_defaults_covers_every_ruleset_of_each_game(tmp_path):
    from engine import rulesets

    path = tmp_path / "results.db"
    runs = compare_defaults(path, games=20, game_ids=["tap-urdy"])
    assert list(runs) == ["tap-urdy"]
    db = sqlite_utils.Database(path)
    labels = [r["ruleset"] for r in db["compare_variants"].rows_where("run_id = ?", [runs["tap-urdy"]], order_by="variant")]
    assert labels == [r.id for r in rulesets.rulesets("tap-urdy")]
    assert db["compare_runs"].get(runs["tap-urdy"])["kind"] == "defaults"


@pytest.mark.parametrize("suffix", [".svg", ".png"])
def test_plots_are_written_by_extension(tmp_path, factorial, suffix):
    path = save_plot(factorial, tmp_path / f"chart{suffix}")
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG") if suffix == ".png" else b"<svg" in data[:2000]


def test_plots_draw_from_json_too(factorial):
    fig = figure(json.loads(json.dumps(factorial.to_dict())), measures=["completion", "duration_turns"])
    assert len(fig.axes) == 2
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert labels[0] == "relay=take-up-last, capture=gap-any"


def test_plot_refuses_a_bad_extension_or_measure(tmp_path, factorial):
    with pytest.raises(ValueError, match=r"\.svg or \.png"):
        save_plot(factorial, tmp_path / "chart.pdf")
    with pytest.raises(ValueError, match="unknown measure"):
        figure(factorial, measures=["fun"])
