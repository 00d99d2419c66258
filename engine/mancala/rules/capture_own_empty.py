"""The capture from an empty own hole (Kalah): the move's last counter falls into an empty hole of
the mover's own row, and the counters of the opposite hole go to the mover's store with the
capturing counter (with ``capture_empty``, the capturing counter goes even when the opposite hole
is empty: Kalah's "empty capture")."""

from __future__ import annotations

from engine.mancala.rule import Rule, field_is

RULE = Rule(
    name="capture-own-empty",
    what="the move's last counter falls into an empty hole of the mover's own row: the opposite hole's counters "
         "and the capturing counter are taken (with capture_empty, the capturing counter even when the opposite "
         "hole is empty)",
    adds={"capture": ("own-empty-opposite",)},
    boards={2: {}},
    uses=field_is("capture", "own-empty-opposite"),
    hooks=("landing", "capture"),
    kernels=("engine.mancala.machine.two_rows.end_capture",),
)
