"""Terminal tables that never cut an id or a value.

:func:`print_table` prints a ``rich.table.Table`` so that every word of every cell and header
(an option id, a figure, an interval) appears whole, whatever the terminal's width: the columns
are given widths of their own (each at least its longest word, the rest of the room shared by
what the columns would like), cells wrap between words, never inside one; when even the longest
words of all columns do not fit side by side, the table is printed as one record a block instead
(the first column's value as the block's heading, then ``header: value`` lines).
"""

from __future__ import annotations

import textwrap
from typing import Any

PADDING = 2
"""Characters of padding in a cell (rich's default: one each side)."""


def _text(value: Any) -> str:
    plain = getattr(value, "plain", None)
    return plain if isinstance(plain, str) else ("" if value is None else str(value))


def _longest_word(text: str) -> int:
    """The longest run a cell cannot be broken in: a word, or a line's indent with its first word."""
    longest = 0
    for line in text.splitlines():
        words = line.split()
        if words:
            indent = len(line) - len(line.lstrip())
            longest = max(longest, indent + len(words[0]), *(len(w) for w in words))
    return longest


def _longest_line(text: str) -> int:
    return max((len(line) for line in text.splitlines()), default=0)


def columns_of(table: Any) -> tuple[list[str], list[list[str]]]:
    """The headers and the rows of ``table`` as plain text."""
    headers = [_text(c.header) for c in table.columns]
    cells = [[_text(v) for v in c._cells] for c in table.columns]
    rows = [list(r) for r in zip(*cells)] if cells else []
    return headers, rows


def widths_for(table: Any, room: int) -> list[int] | None:
    """Each column's width so that the table fits ``room`` characters with no word cut, or None
    when the columns' longest words alone do not fit."""
    headers, rows = columns_of(table)
    n = len(headers)
    if not n:
        return []
    overhead = n * PADDING + (n + 1 if table.box else 0) + (0 if table.show_edge or not table.box else -2)
    least, most = [], []
    for i, column in enumerate(table.columns):
        texts = [headers[i]] + [r[i] for r in rows]
        word = max(_longest_word(t) for t in texts)
        line = max(_longest_line(t) for t in texts)
        least.append(line if column.no_wrap else max(1, word))
        most.append(max(1, line))
    space = room - overhead
    if sum(least) > space:
        return None
    if sum(most) <= space:
        return most
    extra = space - sum(least)
    widths = list(least)
    order = sorted(range(n), key=lambda i: most[i] - least[i])  # the columns that want least are served whole first
    for k, i in enumerate(order):
        give = min(most[i] - least[i], extra // (n - k))
        widths[i] += give
        extra -= give
    return widths


def print_table(console: Any, table: Any) -> None:
    """Print ``table`` on ``console`` whole (see the module docstring)."""
    widths = widths_for(table, console.width)
    if widths is not None:
        for column, width in zip(table.columns, widths):
            column.width = width
            column.min_width = column.max_width = width
            column.overflow = "fold"  # never reached: no word is longer than its column
        console.print(table)
        return
    print_records(console, table)


def print_records(console: Any, table: Any) -> None:
    """``table`` as one record a block: the first column's value as a heading, then each other
    column's ``header: value``, wrapped between words."""
    headers, rows = columns_of(table)
    width = max(20, console.width)
    out: list[str] = []
    if table.title:
        out.append(_text(table.title))
    label = max((len(h) for h in headers[1:]), default=0) + 2
    for row in rows:
        out.append("")
        out.extend(textwrap.wrap(f"{headers[0]}: {row[0]}" if headers[0] else row[0], width,
                                 break_long_words=False, break_on_hyphens=False) or [""])
        for header, value in zip(headers[1:], row[1:]):
            lead = f"  {header}:".ljust(label + 2)
            lines = [piece for line in value.splitlines() or [""]
                     for piece in (textwrap.wrap(line, max(10, width - len(lead)), break_long_words=False,
                                                 break_on_hyphens=False) or [""])]
            out.append(lead + lines[0])
            out.extend(" " * len(lead) + line for line in lines[1:])
    if table.caption:
        out.append("")
        out.append(_text(table.caption))
    for line in out:
        console.print(line, markup=False, highlight=False, soft_wrap=True)
