"""The truncated UCT agent (``uct:ITERATIONS:DEPTH``): its spec, the same tree as a plain-Python
truncated UCT, deterministic for a seed, the full agent's choices at a depth no playout reaches, the
immediate win taken, and legal play in every game."""

from __future__ import annotations

import time

import pytest
from test_agents import TACTICS, _start, _winners_now, python_uct

import engine
from engine.agents import AGENT_KINDS, AgentSpec, UCTAgent, make_agent, parse_agent
from engine.games import GAMES as REGISTERED
from engine.machine import BY_SCORE, DRAW, SHARE, WIN, cutoff_reward, new_tree

# --- the spec ----------------------------------------------------------------------------------------


def test_the_spec_reads_iterations_then_depth():
    spec = parse_agent(" UCT:200:40 ")
    assert spec == AgentSpec("uct", 200, 40) and str(spec) == "uct:200:40"
    assert parse_agent(str(spec)) == spec
    assert parse_agent("uct:200") == AgentSpec("uct", 200) and str(parse_agent("uct:200")) == "uct:200"
    assert spec.with_iterations(100) == AgentSpec("uct", 100, 40)
    agent = make_agent("uct:200:40", 3)
    assert isinstance(agent, UCTAgent) and (agent.iterations, agent.depth) == (200, 40)
    assert make_agent("uct:200", 3).depth is None
    assert "uct:ITERATIONS:DEPTH" in AGENT_KINDS


@pytest.mark.parametrize("spec", ["uct:200:0", "uct:200:", "uct:200:x", "uct:0:40", "uct::40", "uct:200:040",
                                  "uct:200:-4", "uct:200:4.5"])
def test_bad_depths_are_named_with_the_spec(spec):
    with pytest.raises(ValueError, match=f"bad agent '{spec}'.*uct:ITERATIONS:DEPTH"):
        parse_agent(spec)


@pytest.mark.parametrize("spec", ["uct:200:40:1", "alphabeta:3:2", "greedy:40"])
def test_other_colons_are_refused_with_the_spec(spec):
    with pytest.raises(ValueError, match=f"'{spec}'"):
        parse_agent(spec)


def test_the_ceiling_still_holds_with_a_depth():
    with pytest.raises(ValueError, match="over the ceiling"):
        parse_agent("uct:10000001:5")


@pytest.mark.parametrize("kwargs", [{"depth": 0}, {"depth": 2.5}, {"depth": True}])
def test_bad_depths_of_the_agent_are_named(kwargs):
    with pytest.raises(ValueError, match="depth"):
        UCTAgent(10, **kwargs)


def test_an_unknown_evaluation_is_named():
    with pytest.raises(ValueError, match="evaluation 'material'.*by-score, share"):
        UCTAgent(10, depth=5, evaluation="material")
    with pytest.raises(ValueError, match="depth"):
        new_tree(10, 1.0, -1)


# --- the evaluation ----------------------------------------------------------------------------------

def test_a_cut_playout_is_scored_by_the_scores():
    assert [cutoff_reward(a, b, BY_SCORE) for a, b in ((3, 1), (1, 3), (2, 2), (0, 0))] == [WIN, 0, DRAW, DRAW]
    assert cutoff_reward(0, 0, SHARE) == DRAW  # nobody has scored (a game won by a rule, before its end)
    assert cutoff_reward(3, 1, SHARE) == 3 * WIN // 4
    assert cutoff_reward(0, 7, SHARE) == 0 and cutoff_reward(7, 0, SHARE) == WIN
    assert cutoff_reward(1, 2, SHARE) == (WIN + 1) // 3  # rounded to the unit


# --- the same tree as plain Python -------------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "depth", "evaluation"), [
    ("tap-urdy", 1, "by-score"), ("tap-urdy", 6, "by-score"), ("tap-urdy", 6, "share"),
    ("tsoro-additional-capture", 3, "by-score")])
def test_compiled_truncated_uct_grows_the_tree_plain_truncated_uct_grows(game_id, depth, evaluation):
    state = _start(game_id)
    for _ in range(4):  # a position with captures made, so that the scores differ
        state.apply(state.legal_moves()[0])
    agent = UCTAgent(300, 7, depth=depth, evaluation=evaluation)
    rng = agent._rng.copy()
    agent.choose(state)
    expected = python_uct(state, rng, 300, depth=depth, evaluation=evaluation)
    got = agent.statistics()
    assert [v for v, _ in got] == [v for v, _ in expected]
    assert [r for _, r in got] == [r for _, r in expected]
    assert sum(v for v, _ in got) == 300


def test_the_cut_changes_the_search():
    state = _start("tap-urdy")
    full, cut = UCTAgent(300, 7), UCTAgent(300, 7, depth=2)
    full.choose(state)
    cut.choose(state)
    assert full.statistics() != cut.statistics()


# --- determinism and the full agent ------------------------------------------------------------------

@pytest.mark.parametrize("game_id", sorted(REGISTERED))
def test_truncated_uct_is_deterministic_for_a_seed_and_in_chunks(game_id):
    state = _start(game_id)
    a, b, chunked = UCTAgent(400, 3, depth=10), UCTAgent(400, 3, depth=10), UCTAgent(400, 3, depth=10)
    chunked.deadline = time.monotonic() + 3600
    moves = {agent.choose(state) for agent in (a, b, chunked)}
    assert len(moves) == 1 and moves <= set(state.legal_moves())
    assert a.statistics() == b.statistics() == chunked.statistics()


@pytest.mark.parametrize("game_id", sorted(REGISTERED))
def test_a_depth_no_playout_reaches_chooses_as_full_playouts(game_id):
    """A playout is cut only while its game goes on; the limits end every game before 10**6 decisions
    (2 * the turn limit at most, ...), so the draws, the tree and the choice are the full agent's."""
    state = _start(game_id, 2)
    for _ in range(3):
        deep, full = UCTAgent(300, 11, depth=10**6), UCTAgent(300, 11)
        move = deep.choose(state)
        assert move == full.choose(state) and deep.statistics() == full.statistics()
        state.apply(move)


# --- tactics and legality ----------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", list(TACTICS))
def test_truncated_uct_takes_the_win_in_one(game_id):
    spec, marked = TACTICS[game_id]["win"]
    state = engine.load_game(game_id, ruleset="ludii").state_from_position(spec)
    marked_moves = {state.text_to_move(t) for t in marked}
    assert _winners_now(state) == marked_moves != set(state.legal_moves())
    for seed in range(3):
        move = UCTAgent(1000 if game_id == "tauru" else 300, seed, depth=4).choose(state)
        assert move in marked_moves, (seed, state.move_to_text(move))


@pytest.mark.parametrize("game_id", sorted(REGISTERED))
def test_truncated_uct_plays_legal_moves_to_the_end(game_id):
    """Every registered game, under its default reading, through the generic driver alone."""
    state = engine.new_game(game_id, seed=4, turn_limit=60)
    agents = (make_agent("uct:30:5", 1), make_agent("uct:30:5", 2))
    while not state.is_terminal():
        legal = state.legal_moves()
        move = agents[state.to_move - 1].choose(state)
        assert move in legal
        state.apply(move)
    assert state.result() is not None


# --- the assessment ----------------------------------------------------------------------------------

def test_a_truncated_agent_climbs_a_ladder_of_its_own_depth():
    from engine.compare.assess import budget, ladder_names, rung_agents

    spec, rungs, _ = budget("uct:200:50", 50, 2)
    assert str(spec) == "uct:200:50" and rungs == [50, 100]
    assert rung_agents("uct:200:50", 100) == ("uct:200:50", "uct:100:50")
    assert ladder_names("uct:200:50", rungs) == ["uct:100:50 vs uct:50:50", "uct:200:50 vs uct:100:50"]
    assert ladder_names("uct:200", rungs) == ["uct:100 vs uct:50", "uct:200 vs uct:100"]


def test_assess_plays_the_truncated_agent_and_names_it():
    from engine.compare.assess import assess

    a = assess("tap-urdy", rulesets=["ludii"], screen_games=20, games=2, agent="uct:4:3", skill_levels=1,
               n_resamples=99, seed=3)
    d = a.to_dict()
    assert d["agent"] == "uct:4:3" and d["skill_ladder"] == ["uct:4:3 vs uct:2:3"] and a.readings[0].evaluated
    level = {k: v for k, v in d["readings"][0]["skill"]["levels"][0].items() if k in ("weak", "strong")}
    assert level == {"weak": "uct:2:3", "strong": "uct:4:3"}


def test_a_saved_truncated_assessment_keeps_its_rungs_depth(tmp_path):
    """The rungs read back from the results database name the agents played, depth included."""
    from engine.compare.assess import assess
    from engine.compare.results import load_assessment, save_assessment

    a = assess("tap-urdy", rulesets=["ludii"], screen_games=20, games=2, agent="uct:4:3", skill_levels=1,
               n_resamples=99, seed=3)
    save_assessment(a, tmp_path / "results.db")
    loaded = load_assessment(tmp_path / "results.db", game="tap-urdy")
    levels = loaded["readings"][0]["skill"]["levels"]
    assert [(lv["weak"], lv["strong"]) for lv in levels] == [("uct:2:3", "uct:4:3")]



@pytest.mark.parametrize(("agent", "says"), [
    ("uct:200:50", "(UCT, 200 iterations a move, each\nplayout cut after 50 random moves"),
    ("uct:200", "(UCT, 200 iterations a move) against itself")])
def test_the_assessment_section_names_the_agent_and_its_cut(agent, says):
    """The game page's assessment section (site/templates/_variorum_assess.html) over a saved run."""
    from pathlib import Path

    import jinja2

    from engine.compare.assess import ladder_names

    site = Path(__file__).resolve().parents[2] / "site" / "templates"
    template = jinja2.Environment(loader=jinja2.FileSystemLoader(site)).get_template("_variorum_assess.html")
    data = {"agent": agent, "screen": {"games": 1000}, "games": 50, "skill_ladder": ladder_names(agent, [50, 100]),
            "skill_games": 50, "game": "lobudok", "seed": 0, "top": 8}
    run = {"id": "0123456789", "kind": "defaults", "engine_version": "e", "created": "today"}
    from engine.compare.first_run import SECTIONS, default_budget

    budgets = {s: default_budget(s, "lobudok").text(s) for s in SECTIONS}  # as the game page gives them
    html = template.render(assessment={"data": data, "run": run, "criteria": [], "findings": [], "evaluated": [],
                                       "screened_out": []}, measure_info={}, default_budgets=budgets,
                           game={"id": "lobudok"})
    assert says in html and f"agent {agent}, 50 games per reading" in html
    assert " vs ".join(("uct:200:50", "uct:100:50") if agent.endswith(":50") else ("uct:200", "uct:100")) in html
