"""Game records: JSON that says which rules produced a game and replays it to the same state.

A record holds the game id, the engine version, the ruleset (if any) and every switch value, the
seed, the limits, the start position when it is not the usual start, the moves in notation and
the result. Replaying (engine.replay) uses the switch values, not the ruleset, so a record does not
depend on the archive staying as it was. This module imports nothing of the engine's games, so
that ``State.record`` can use it without an import circle.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.result import Result

if TYPE_CHECKING:
    from engine.game import State

FORMAT = "variorum-game-record/1"


@dataclass
class GameRecord:
    """One game, from its rules to its result."""

    game: str
    engine_version: str
    ruleset: str | None
    switches: dict[str, str]
    seed: int
    limits: dict[str, int]
    moves: list[str]
    result: dict[str, Any] | None = None
    start: dict[str, Any] | None = None
    format: str = field(default=FORMAT)

    @classmethod
    def of(cls, state: "State") -> "GameRecord":
        from engine import ENGINE_FINGERPRINT

        res = state.result()
        return cls(
            game=state.game.id,
            engine_version=ENGINE_FINGERPRINT,
            ruleset=state.game.ruleset,
            switches=dict(state.game.switches),
            seed=state.seed,
            limits=state.game.limits.to_dict(),
            moves=[state.move_to_text(m) for m in state.history()],
            result=res.to_dict() if res else None,
            start=state.start,
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": self.format,
            "game": self.game,
            "engine_version": self.engine_version,
            "ruleset": self.ruleset,
            "switches": dict(self.switches),
            "seed": self.seed,
            "limits": dict(self.limits),
        }
        if self.start is not None:
            out["start"] = self.start
        out["moves"] = list(self.moves)
        out["result"] = self.result
        return out

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "GameRecord":
        if not isinstance(data, dict):
            raise ValueError(f"a game record is a JSON object, not {type(data).__name__}")
        if data.get("format", FORMAT) != FORMAT:
            raise ValueError(f"unknown record format {data.get('format')!r}; expected {FORMAT!r}")
        required = ("game", "engine_version", "switches", "seed", "limits", "moves")
        missing = [k for k in required if k not in data]
        if missing:
            raise ValueError(f"game record lacks {', '.join(missing)}")
        known = set(required) | {"format", "ruleset", "result", "start"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown field(s) in game record: {', '.join(unknown)}")
        if not isinstance(data["moves"], list):
            raise ValueError("record 'moves' must be a list of move notations")
        return cls(
            game=data["game"],
            engine_version=data["engine_version"],
            ruleset=data.get("ruleset"),
            switches=dict(data["switches"]),
            seed=data["seed"],
            limits=dict(data["limits"]),
            moves=list(data["moves"]),
            result=data.get("result"),
            start=data.get("start"),
        )

    @classmethod
    def from_json(cls, text: str) -> "GameRecord":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"a game record must be JSON: {exc}") from None
        return cls.from_dict(data)
