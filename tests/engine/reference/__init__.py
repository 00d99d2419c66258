"""Independent references: the archive's rule texts written out as plain Python, for lockstep tests.

Each module here plays one game from the descriptions of its switch alternatives in
``data/games/*.yaml`` with lists, dicts and loops, and imports nothing from ``engine``: the
lockstep tests (``tests/engine/test_*_reference.py``) play it side by side with the engine.
"""
