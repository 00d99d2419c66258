"""Variorum's records: pydantic models of data/, SQLModel tables, and the build data/ -> SQLite.

This is the project's own ``schema`` package (not the unrelated PyPI package of that name).
"""

VARIORUM_SCHEMA = True
"""Marks this package as Variorum's, so a test can tell it from PyPI's ``schema``."""
