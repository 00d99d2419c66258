"""The alignment family: games of pieces entered on the points of a board and moved, a line of three
earning a removal (Tauru, Dara, Achi, the morris games...), played by one compiled machine from each
game's description (``data/alignment/<game id>.yaml``).

- ``bits``, ``grid``, ``lines``: bit boards (a set of points is an int64 mask, one per player), the
  geometry of a rectangular grid as int64 tables, and the bit-parallel line kernels;
- ``rule`` and ``rules/``: the family's rules, one module each, declaring their fields, slots and
  hook points (on the shared engine.rule.RuleBase); ``layout``: both arrays' layouts generated
  from them;
- ``machine``: the compiled kernels and the one entry point (engine.machine.drive);
- ``description``: a description loaded, checked and turned into the parameter array;
  ``game``: the Python side (positions, notation, the board, traces); engine.descriptions builds a
  game from its description.
"""
