"""Plausibility criteria: the ranges of the comparator's measures within which a reading is judged a
game people could have played, each with where its threshold comes from.

A criterion names one measure (the comparator's key, engine.compare.measures) and a range; it is met
when the measure's point value lies in the range. A criterion may *require* another: balance means
nothing for a reading whose games do not finish (an unfinished game counts a half to each player,
so a game nobody finishes looks perfectly balanced), so balance is not met where completion fails,
whatever its own value; the pages say so and show balance over the finished games beside it. The Digital Ludeme Project publishes the measures, not thresholds for them, so the
default thresholds are Variorum's own, stated here with their reasons; every one can be replaced
(``--criterion balance>=0.6``) or dropped (``--criterion balance=off``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from engine.compare.intervals import Interval
from engine.compare.measures import BY_KEY


@dataclass(frozen=True)
class Criterion:
    """``low <= measure <= high`` (either bound may be None), with its provenance."""

    name: str
    measure: str
    low: float | None
    high: float | None
    source: str
    reason: str
    requires: str | None = None
    """The criterion this one depends on: where that one fails, this one is not met either."""

    def __post_init__(self) -> None:
        if self.measure not in BY_KEY:
            raise ValueError(f"criterion {self.name!r}: unknown measure {self.measure!r}; measures: {', '.join(BY_KEY)}")
        if self.low is None and self.high is None:
            raise ValueError(f"criterion {self.name!r} needs a lower or an upper bound")
        if self.low is not None and self.high is not None and self.low > self.high:
            raise ValueError(f"criterion {self.name!r}: lower bound {self.low} above upper bound {self.high}")

    @property
    def range_text(self) -> str:
        if self.low is not None and self.high is not None:
            return f"{self.low:g} <= {self.measure} <= {self.high:g}"
        if self.low is not None:
            return f"{self.measure} >= {self.low:g}"
        return f"{self.measure} <= {self.high:g}"

    def _inside(self, x: float | None) -> bool | None:
        if x is None:
            return None
        return (self.low is None or x >= self.low) and (self.high is None or x <= self.high)

    def met(self, metrics: Mapping[str, Interval]) -> bool | None:
        """Whether the point value lies in the range (None when the measure was not computed)."""
        iv = metrics.get(self.measure)
        return None if iv is None else self._inside(iv.value)

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "measure": self.measure, "low": self.low, "high": self.high,
                "source": self.source, "reason": self.reason, "requires": self.requires}


VARIORUM = "Variorum's threshold (the DLP publishes the measure, not a threshold)"

DEFAULT_CRITERIA: tuple[Criterion, ...] = (
    Criterion("balance", "balance", 0.7, None, VARIORUM,
              "neither the first nor the second mover scores more than 65% (balance = 1 - |2 AdvantageP1 - 1|); "
              "not met where completion fails, since unfinished games count a half to each player",
              requires="completion"),
    Criterion("completion", "completion", 0.8, None, VARIORUM,
              "at least four games in five end with a winner, not a draw, a limit or an endless move"),
    Criterion("drawishness", "drawishness", None, 0.2, VARIORUM,
              "at most one game in five is drawn by the rules"),
    Criterion("duration", "duration_turns", 10.0, 500.0, VARIORUM,
              "a game lasts 10 to 500 turns on average: long enough to hold decisions, short enough to finish "
              "at a sitting (Ludii's own database stops games at 250 moves)"),
)

_SPEC = re.compile(r"^\s*(?P<name>[a-z0-9_]+)\s*(?P<op>>=|<=|=)\s*(?P<value>\S+)\s*$")


def _number(text: str, spec: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"bad criterion {spec!r}: {text!r} is not a number") from None


def criteria(specs: Iterable[str] = (), base: Sequence[Criterion] = DEFAULT_CRITERIA) -> list[Criterion]:
    """``base`` changed by ``specs``: ``NAME>=X``, ``NAME<=X``, ``NAME=LOW..HIGH`` or ``NAME=off``,
    where NAME is a criterion of ``base`` or a measure key (a new criterion on that measure).
    ValueError naming a malformed spec or an unknown name."""
    out = {c.name: c for c in base}
    for spec in specs:
        m = _SPEC.match(spec)
        if not m:
            raise ValueError(f"bad criterion {spec!r}: expected NAME>=X, NAME<=X, NAME=LOW..HIGH or NAME=off")
        name = m["name"]
        known = out.get(name)
        if known is None and name not in BY_KEY:
            raise ValueError(f"bad criterion {spec!r}: {name!r} is neither a criterion ({', '.join(out)}) "
                             f"nor a measure ({', '.join(BY_KEY)})")
        op, value = m["op"], m["value"]
        if op == "=" and value == "off":
            out.pop(name, None)
            continue
        if op == ">=":
            low, high = _number(value, spec), None
        elif op == "<=":
            low, high = None, _number(value, spec)
        elif ".." in value:
            a, _, b = value.partition("..")
            low, high = _number(a, spec), _number(b, spec)
        else:
            raise ValueError(f"bad criterion {spec!r}: use >=, <= or =LOW..HIGH (or =off)")
        given = "given on the command line"
        if known is None:
            out[name] = Criterion(name, name, low, high, given, "")
        else:
            out[name] = replace(known, low=low, high=high, source=given)
    return list(out.values())


def judge(found: Sequence[Criterion], metrics: Mapping[str, Interval]) -> dict[str, bool | None]:
    """Each criterion's verdict on one reading's measures; a criterion whose required criterion (when
    that one is among ``found``) is not met is not met either."""
    verdicts = {c.name: c.met(metrics) for c in found}
    for c in found:
        if c.requires is not None and verdicts.get(c.requires) is False:
            verdicts[c.name] = False
    return verdicts


def failed_by_requirement(found: Sequence[Criterion], verdicts: Mapping[str, bool | None]) -> dict[str, str]:
    """The criteria of ``found`` that ``verdicts`` fails only because a required criterion fails:
    ``{criterion: the criterion it requires}``."""
    return {c.name: c.requires for c in found
            if c.requires is not None and verdicts.get(c.requires) is False and verdicts.get(c.name) is False}


def passes(verdicts: Mapping[str, bool | None]) -> bool:
    """True when no criterion is failed (a criterion whose measure is unknown does not fail)."""
    return all(v is not False for v in verdicts.values())
