"""Rule switches as the engine declares them, and resolving a ruleset plus overrides into values.

Each game module declares its switches in code (:class:`Switch`: id, options, default): what its
kernels branch on. The ids and option ids are the archive's own (``tap-urdy.relay`` ->
``take-up-last`` | ``next-hole``); a test holds the two equal. The texts (the question a switch
answers, each option's label) are the archive's alone (engine.rulesets.switch_texts). :func:`resolve_switches` turns "this ruleset of the archive, with these
switches changed" into one value per switch, and raises ValueError naming whatever is unknown,
missing or not allowed, with what is allowed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Switch:
    """A disputed point of a game's rules, as the engine plays it."""

    id: str
    options: tuple[str, ...]
    default: str

    def __post_init__(self) -> None:
        if len(self.options) < 2:
            raise ValueError(f"switch {self.id!r} needs at least two options")
        if len(set(self.options)) != len(self.options):
            raise ValueError(f"switch {self.id!r} lists an option twice")
        if self.default not in self.options:
            raise ValueError(f"switch {self.id!r}: default {self.default!r} is not one of {self.options}")

    def _texts(self) -> tuple[str, dict[str, str]]:
        from engine import rulesets

        try:
            return rulesets.switch_texts(self.id.split(".", 1)[0]).get(self.id, ("", {}))
        except ValueError:
            return "", {}

    @property
    def summary(self) -> str:
        """The question the switch answers, as the archive words it ("" if the archive lacks it)."""
        return self._texts()[0]

    @property
    def option_summaries(self) -> tuple[str, ...]:
        """The archive's label of each option (same order as ``options``; "" where it lacks one)."""
        labels = self._texts()[1]
        return tuple(labels.get(o, "") for o in self.options)

    @property
    def point(self) -> str:
        """The id without the game prefix: ``relay`` for ``tap-urdy.relay``."""
        return self.id.split(".", 1)[1]

    def index(self, option: str) -> int:
        """The position of ``option`` among the options (what the compiled kernels receive)."""
        try:
            return self.options.index(option)
        except ValueError:
            raise ValueError(
                f"unknown value {option!r} for switch {self.id!r}; allowed: {', '.join(self.options)}"
            ) from None


def switch_slot(switches: Sequence[Switch], switch_id: str) -> int:
    """The position of a switch in the declaration (its slot in the kernels' option array)."""
    for i, s in enumerate(switches):
        if s.id == switch_id:
            return i
    raise ValueError(f"unknown switch {switch_id!r}")


def option_slot(switches: Sequence[Switch], switch_id: str, option: str) -> int:
    """The index of ``option`` of switch ``switch_id``."""
    return switches[switch_slot(switches, switch_id)].index(option)


def _lookup(switches: Sequence[Switch], game_id: str, name: str) -> Switch:
    """The switch called ``name``: its full id, or its point alone (``relay`` for ``tap-urdy.relay``)."""
    if not isinstance(name, str):
        raise ValueError(f"switch names are strings, not {name!r}")
    full = name if "." in name else f"{game_id}.{name}"
    for s in switches:
        if s.id == full:
            return s
    raise ValueError(f"unknown switch {name!r} for {game_id}; switches: {', '.join(s.id for s in switches)}")


def _check_value(switch: Switch, value: object, where: str) -> str:
    if value is None or (isinstance(value, str) and not value.strip()):
        raise ValueError(f"{where}: switch {switch.id!r} has no value; allowed: {', '.join(switch.options)}")
    if not isinstance(value, str) or value not in switch.options:
        raise ValueError(
            f"{where}: unknown value {value!r} for switch {switch.id!r}; allowed: {', '.join(switch.options)}"
        )
    return value


def resolve_switches(
    game_id: str,
    switches: Sequence[Switch],
    ruleset: tuple[str, Mapping[str, str]] | None = None,
    overrides: Mapping[str, str | None] | None = None,
) -> dict[str, str]:
    """One value per switch: the defaults, or a ruleset's choices, then ``overrides`` on top.

    ``ruleset`` is ``(ruleset id, choices)``; its choices must name every switch of the game and
    nothing else. ``overrides`` may name a switch by its full id or by its point alone.
    """
    values = {s.id: s.default for s in switches}
    if ruleset is not None:
        rid, choices = ruleset
        where = f"ruleset {rid!r}"
        known = {s.id for s in switches}
        for name in choices:
            if name not in known:
                raise ValueError(
                    f"{where} names switch {name!r}, which the engine's {game_id} does not have; "
                    f"switches: {', '.join(sorted(known))}"
                )
        for s in switches:
            if s.id not in choices:
                raise ValueError(f"{where}: switch {s.id!r} has no value; allowed: {', '.join(s.options)}")
            values[s.id] = _check_value(s, choices[s.id], where)
    for name, value in (overrides or {}).items():
        s = _lookup(switches, game_id, name)
        values[s.id] = _check_value(s, value, "override")
    return values
