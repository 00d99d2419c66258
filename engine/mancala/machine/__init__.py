"""The sowing machine: one compiled machine for every board of the sowing family.

- ``turn``: the one entry point (``run``): reads the board's geometry from the parameter array (its
  rows, engine.mancala.layout.ROWS) and drives that board's turn (engine.machine.drive), with the
  legal moves read one way for every board (``move_at``);
- ``two_rows``: the turn on two rows (one row a player, the tracks of engine.mancala.description:
  a shared circuit, or a track a player through the stores) and the machinery of its lap loop: the
  lap's sowing, the relay; its rules (the first counter back into the origin, the captures across a
  gap, by count, from an own empty hole and of the next hole, sowing captures, the gap chain, owned
  holes, rounds, feeding, the grand slam, majority, repetition) are in their modules
  (engine.mancala.rules), run where the turn calls its hook points;
- ``four_rows``: the turn on four rows (two rows a player, engine.mancala.fourrow's geometry: a
  track a player and kind of lap) and the machinery of its lap loop: the lap's sowing, the relay
  on its kind's track, undo and snapshot, endless detection; its rules (the column captures,
  both-opposite, re-sown captures, special holes' stops, restricted holes' kinds of lap, the
  opening and opening steps, extra captures, a restricted player's starts, the choice of special
  holes) are in their modules (engine.mancala.rules), run where the turn calls its hook points
  (those of the lap loop with their guards read once a run);
- ``hooks``: the calls of a board's hook points into the rules' code, composed from their
  declarations per combination of rules (engine.mancala.rule.Rule.code, POINTS).

The machine is compiled specialised (engine.specialise: ``turn`` with the board modules it imports,
:data:`engine.mancala.machine.turn.SPECIALISED_WITH`): a board's kernel is the machine with its
rows read as a constant (the other board folded away), and a description's combination of rules
fixes its rule slots as well, so that a rule a game does not use costs it nothing. The rules
themselves (their fields, slots, hooks and checks) are declared in engine.mancala.rules.
"""
