"""The hand-worked positions of the draft relatives (this folder's YAML), played where a seed
game's engine already has the same rules: until the sowing machine plays the relatives, this
checks the hand work itself.

- Ryakati's main phase is Lobudök with both players released for good (no hole skipped), captures
  unrestricted: the same capture, re-sowing and end of turn, under either re-sowing start.
- Msuwa's relays, single-counter rule and two-hole capture are Tsoro's; the boards are compared
  after the capture, before the extra captures Tsoro (Additional Capture) then asks for.

Musoro Tsoro's head, Misoro Tsoro's fixed rightmost misoro (both Tsoro's stop-hole head) and Tsoro
(Reentered Captures)'s relays are played by the generic runner of test_hand_worked_positions.py (STAND_INS).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import engine

HERE = Path(__file__).resolve().parent


def positions(game: str) -> dict[str, dict]:
    data = yaml.safe_load((HERE / f"{game}.yaml").read_text(encoding="utf-8"))
    return {p["id"]: p for p in data["positions"]}


@pytest.mark.parametrize("pid", ["capture-in-the-first-lap", "capture-in-a-relay-lap-lap-start-or-move-start"])
@pytest.mark.parametrize("resow", ["lap-start", "move-start"])
def test_ryakati_captures_as_lobudok_released(pid, resow):
    pos = positions("ryakati")[pid]
    p = pos["position"]
    game = engine.load_game("lobudok", switches={"release-permanent": "permanent", "restricted-capture": "unrestricted",
                                                 "resow-from": resow, "after-resow": "end-turn"})
    s = game.state_from_position({"a": p["a"], "b": p["b"], "to_move": p["to_move"], "released": [True, True]})
    assert s.legal_moves_text() == pos["legal"]
    s.apply(pos["move"])
    expected = pos.get("expected") or {**pos["expected_by_switch"][resow], **{k: v for k, v in pos["expected_by_switch"].items()
                                                                              if k in ("b", "to_move")}}
    assert (s.board()["a"], s.board()["b"], s.to_move) == (expected["a"], expected["b"], expected["to_move"])


def tsoro(holes: int = 8, **switches: str):
    return engine.load_game("tsoro-additional-capture", switches={"holes": str(holes), **switches})


def at(game, a, b, to_move=1):
    return game.state_from_position({"a": a, "b": b, "captures": [0, 0], "to_move": to_move})


def test_msuwa_long_first_move_and_single_counter_capture():
    pos = positions("msuwa")["the-start-and-a-long-first-move"]
    s = at(tsoro(10, **{"extra-captures": "2"}), pos["expected_start"]["a"], pos["expected_start"]["b"])
    assert s.legal_moves_text() == pos["legal"]
    s.apply(pos["move"])
    assert (s.board()["a"], s.board()["b"]) == (pos["expected"]["a"], pos["expected"]["b"])
    assert s.legal_moves_text() == pos["expected"]["legal"]  # the first of the two extra captures
    pos = positions("msuwa")["an-inner-capture-alone-earns-no-extra"]
    s = at(tsoro(10, **{"singleton-capture": "yes"}), pos["position"]["a"], pos["position"]["b"])
    assert s.legal_moves_text() == pos["legal"]
    s.apply(pos["move"])
    assert (s.board()["a"], s.board()["b"]) == (pos["expected"]["a"], pos["expected"]["b"])
