"""What one run of laps came to, on every board: the codes a board's lap loop (and a rule ending a
run: a capture's, a stop's) returns to the one turn (engine.mancala.machine.turn), which decides from
it whether the turn ends, goes on with a decision of the mover's, or ends the game. Besides these,
engine.machine's RUN_ENDLESS and RUN_OUT_OF_LAPS (negative)."""

from __future__ import annotations

MOVE_DONE = 0
"""The turn ends (the last counter fell in an empty hole, or a capture ended the move)."""
MOVE_ROW_EMPTIED = 1
"""A lap emptied a row mid-move (end row-empty-after-lap), or a rule ended the game where a relay was
due: the move ends there, and so does the game unless a rule plays on (hook point lap-emptied-row)."""
MOVE_AGAIN = 2
"""The last counter fell in the mover's store (store_turn again): the mover moves again."""
MOVE_EMPTIED_RELAY = 3
"""A lap emptied a row (end row-empty-after-lap) while its relay was due."""
MOVE_CAPTURED = 4
"""A column capture (four rows): the rules' decisions due after it follow (extra captures)."""
MOVE_STOP = 5
"""The lap ended in an occupied hole where the mover may stop (a head, a misoro): they decide."""
MOVE_CHOICE = 6
"""The lap ended in a corner (restricted holes per turn): the mover chooses the kind of the next lap."""
MOVE_GAME_OVER = 7
"""A capture took the opponent's last counter (end capture-all): the mover wins."""
MOVE_CAPTURED_TWO = 8
"""A column capture of two holes, inner and outer: as MOVE_CAPTURED."""
MOVE_INNER_LANDING = 9
"""The lap ended in an empty inner hole without a capture (extra captures after an inner landing)."""
