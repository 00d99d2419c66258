"""Golden playthroughs: one seeded random game per archive ruleset of every game, replayed decision by decision.

Each file ``playthroughs/<game>.<ruleset>.json`` holds a game record and, at every decision, the
player to move, the legal moves, the move played and the board after it (without the sites laid
out for drawing, which repeat the board). The test replays the record's moves with its switch
values and compares every step, so any change in behaviour shows up here.

Regenerate (after a deliberate change of behaviour, or when the archive gains a ruleset)::

    .venv/bin/python tests/engine/test_playthroughs.py --regen [GAME ...]

and review the diff before committing it. Only files whose game changed (or that are missing) are
written.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Sequence

import pytest

import engine
from engine.agents import RandomAgent
from engine.games import GAMES
from engine.record import GameRecord
from engine.replay import replay
from engine.switches import resolve_switches

HERE = Path(__file__).resolve().parent / "playthroughs"
SEED = 2026
"""The game's seed and the random agent's seed of every playthrough."""
GAME_IDS = tuple(sorted(GAMES))


def _archive_rulesets(game_id: str):
    from engine import rulesets

    return rulesets.rulesets(game_id)


def counts(board: dict[str, Any]) -> dict[str, Any]:
    """The board without the holes laid out for drawing (they repeat the counts)."""
    return {k: v for k, v in board.items() if k != "sites"}


def playthrough(game_id: str, ruleset: str, switches: dict[str, str], seed: int = SEED) -> dict[str, Any]:
    """Play a seeded random game and write down every decision."""
    game = engine.load_game(game_id, switches=switches)
    game.ruleset = ruleset
    state = game.new_state(seed)
    agent = RandomAgent(seed)
    steps = []
    while not state.is_terminal():
        to_move, legal = state.to_move, state.legal_moves_text()
        move = agent.choose(state)
        state.apply(move)
        steps.append({"to_move": to_move, "legal_moves": legal, "move": state.move_to_text(move),
                      "board": counts(state.board())})
    return {"record": state.record().to_dict(), "steps": steps}


def dump(data: dict[str, Any]) -> str:
    """JSON with one step per line, so that a diff shows which step changed."""
    head = json.dumps(data["record"], indent=2)
    steps = ",\n".join("    " + json.dumps(s) for s in data["steps"])
    return '{\n  "record": ' + head.replace("\n", "\n  ") + ',\n  "steps": [\n' + steps + "\n  ]\n}\n"


def same_play(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether two playthroughs are the same game (the engine fingerprint names the code, not its play)."""
    return {**old, "record": {**old["record"], "engine_version": new["record"]["engine_version"]}} == new


def regenerate(game_ids: Sequence[str] = GAME_IDS) -> list[Path]:
    """Write the playthroughs of ``game_ids`` that are missing or whose play changed; a file whose
    game is the same is left as it is, engine fingerprint included (so a regeneration shows only
    the games that changed)."""
    unknown = sorted(set(game_ids) - set(GAME_IDS))
    if unknown:
        raise ValueError(f"unknown game {', '.join(unknown)}; games: {', '.join(GAME_IDS)}")
    written = []
    for game_id in game_ids:
        for r in _archive_rulesets(game_id):
            path = HERE / f"{game_id}.{r.id}.json"
            data = playthrough(game_id, r.id, r.choices)
            if path.exists() and same_play(json.loads(path.read_text()), data):
                continue
            path.write_text(dump(data))
            written.append(path)
    return written


def _files(game_id: str) -> list[Path]:
    return sorted(HERE.glob(f"{game_id}.*.json"))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_archive_ruleset_has_a_playthrough(game_id):
    have = {p.name for p in _files(game_id)}
    want = {f"{game_id}.{r.id}.json" for r in _archive_rulesets(game_id)}
    assert want <= have, f"missing playthroughs {sorted(want - have)}: run the regeneration (see the module docstring)"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_playthroughs_use_the_archives_current_choices(game_id):
    current = {r.id: r.choices for r in _archive_rulesets(game_id)}
    for path in _files(game_id):
        rec = json.loads(path.read_text())["record"]
        if rec["ruleset"] in current:
            assert rec["switches"] == current[rec["ruleset"]], f"{path.name}: the archive's ruleset changed; regenerate"


@pytest.mark.parametrize("path", [p for g in GAME_IDS for p in _files(g)], ids=lambda p: p.stem)
def test_playthrough_replays_step_by_step(path: Path):
    data = json.loads(path.read_text())
    record = GameRecord.from_dict(data["record"])
    switches = resolve_switches(record.game, GAMES[record.game].switches, None, record.switches)
    game = engine.load_game(record.game, switches=switches)
    state = game.new_state(record.seed)
    assert len(data["steps"]) == len(record.moves) > 0
    for i, step in enumerate(data["steps"]):
        assert state.to_move == step["to_move"], f"step {i + 1}"
        assert state.legal_moves_text() == step["legal_moves"], f"step {i + 1}"
        assert step["move"] == record.moves[i]
        state.apply(step["move"])
        assert counts(state.board()) == step["board"], f"step {i + 1}"
    assert state.is_terminal()
    assert state.result().to_dict() == record.result
    assert replay(record).same_as(state)
    assert same_play(data, playthrough(record.game, record.ruleset, record.switches, record.seed))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--regen"]:
        for p in regenerate(sys.argv[2:] or GAME_IDS):
            print("wrote", p)
    else:
        print(__doc__)
