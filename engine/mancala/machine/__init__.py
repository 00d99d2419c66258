"""The sowing machine: one compiled machine for every board of the sowing family.

- ``turn``: the one turn of every board, written once (the start of a game, what happens between
  moves: the end's tests, the legal moves listed, the limits; a move played and what its run of laps
  came to), and the one entry point (``run``, engine.machine.drive over it). The board is read from
  the parameter array (its rows, engine.mancala.layout.ROWS), a constant in every kernel;
- ``outcome``: what a run of laps came to, on every board (the turn decides from it whether the turn
  ends, goes on with a decision, or ends the game);
- ``laps``: the one lap loop of every board, written once (a run of laps from a hole: take up, sow along
  the lap's track, count, cover, log, land; the relay; endless runs and the lap cap; the quick pass
  made undoable and its slow replay), its rules run at its hook points (engine.mancala.rule.LAP_POINTS);
- ``two_rows``: what the turn calls on two rows (one row a player, the tracks of
  engine.mancala.description: a shared circuit, or a track a player through the stores): the lay-out,
  the end's tests, the starts, the count, the endless probe; its rules (the first counter back into the
  origin, the captures across a gap, by count, from an own empty hole and of the next hole, sowing
  captures, the gap chain, owned holes, rounds, feeding, the grand slam, majority, repetition) are in
  their modules (engine.mancala.rules);
- ``four_rows``: what the turn calls on four rows (two rows a player, engine.mancala.fourrow's
  geometry: a track a player and kind of lap): the lay-out, the end's test, the starts, the endless
  probe, the decisions inside a turn or before play (extra captures, stops, choices, opening steps,
  passes, a player stuck); its rules (the column captures, both-opposite, re-sown captures, special
  holes' stops, restricted holes' kinds of lap, the opening and opening steps, extra captures, a
  restricted player's starts, the choice of special holes) are in their modules;
- ``hooks``: the calls of the turn's hook points (engine.mancala.rule.TURN_POINTS) and of the lap
  loop's (LAP_POINTS), the same on every board, into the rules' code, composed from their declarations
  per combination of rules (engine.mancala.rule.Rule.code).

The machine is compiled specialised (engine.specialise: ``turn`` with the modules it imports,
:data:`engine.mancala.machine.turn.SPECIALISED_WITH`): a board's kernel is the machine with its
rows read as a constant (the other board folded away), and a description's combination of rules
fixes its rule slots as well, so that a rule a game does not use costs it nothing. The rules
themselves (their fields, slots, hooks and checks) are declared in engine.mancala.rules.
"""
