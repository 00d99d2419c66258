"""The hand-worked positions of the draft relatives (this folder's YAML), played where a seed
game's engine already has the same rules: until the sowing machine plays the relatives, this
checks the hand work itself.

- Ryakati's main phase is Lobudök with both players released for good (no hole skipped), captures
  unrestricted: the same capture, re-sowing and end of turn, under either re-sowing start.
- Musoro Tsoro's head, and Misoro Tsoro's fixed rightmost misoro, is Tsoro's stop-hole head.
- Relays, the single-counter rule and the two-hole capture of Tsoro (Reentered Captures), Musoro
  Tsoro and Msuwa are Tsoro's; the boards are compared after the capture, before the extra
  captures Tsoro (Additional Capture) then asks for.
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


def test_musoro_head_stop_or_relay_and_capture():
    pos = positions("musoro-tsoro")["a-lap-ending-in-the-musoro-may-stop"]
    s = at(tsoro(heads="stop-hole"), pos["position"]["a"], pos["position"]["b"])
    s.apply(pos["move"])
    assert s.board()["a"] == pos["expected"]["a"] and s.legal_moves_text() == pos["expected"]["legal"]
    for branch in pos["then"]:
        c = s.child(branch["move"])
        assert c.board()["a"] == branch["expected"]["a"]
        assert c.board()["b"] == branch["expected"].get("b", pos["position"]["b"])


def test_musoro_first_move_and_no_outer_without_inner():
    start = positions("musoro-tsoro")["the-start-and-a-first-move"]
    s = at(tsoro(heads="stop-hole"), start["expected_start"]["a"], start["expected_start"]["b"])
    assert s.legal_moves_text() == start["legal"]
    s.apply(start["move"])
    assert (s.board()["a"], s.to_move) == (start["expected"]["a"], 2)
    pos = positions("musoro-tsoro")["the-outer-hole-only-after-the-inner"]
    s = at(tsoro(heads="stop-hole"), pos["position"]["a"], pos["position"]["b"])
    assert s.legal_moves_text() == pos["legal"]
    s.apply(pos["move"])
    assert (s.board()["a"], s.board()["b"]) == (pos["expected"]["a"], pos["expected"]["b"])


def test_misoro_fixed_rightmost_head():
    pos = positions("misoro-tsoro")["fixed-misoro-start"]
    s = at(tsoro(heads="stop-hole"), pos["expected_start"]["a"], pos["expected_start"]["b"])
    s.apply(pos["move"])
    assert s.board()["a"] == pos["expected"]["a"] and s.legal_moves_text() == pos["expected"]["legal"]


def test_reentered_captures_relay():
    pos = positions("tsoro-reentered-captures")["relay-from-an-occupied-hole"]
    s = at(tsoro(), pos["position"]["a"], pos["position"]["b"])
    assert s.legal_moves_text() == pos["legal"]
    s.apply(pos["move"])
    assert (s.board()["a"], s.to_move) == (pos["expected"]["a"], 2)


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
