"""``python -m engine.cli``: the same as the ``variorum`` command."""

from engine.cli import main

main()
