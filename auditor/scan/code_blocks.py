"""Which lines of a code block set out arithmetic, for a Markdown fence and an HTML ``<pre>`` alike.

A code block is not prose, but pages do their napkin math in one: a chain of "= ..." lines, a line
with ×, ÷ or ≈, a number with its unit. Those lines are read; the program text around them is not.
"""

from __future__ import annotations

import re

CHAINED = re.compile(r"^[ \t]*=[ \t]*[~≈]?[ \t]*[\d(]", re.MULTILINE)
MATH_SIGNS = re.compile(r"[×÷≈]")
"""Signs a page's napkin math uses and program code never does: a code block's line with one is worked math."""


def _quantities_in(line: str) -> bool:
    """Whether the line prints a number with a unit ("Single B200:   8 TB/s", "Flops per GPU = 10 PFLOPS"),
    which no program text does outside a comment: a code block used to set out a calculation."""
    from auditor.documents.locate import NUMBER_TOKEN

    from .locate import unit_after

    for match in NUMBER_TOKEN.finditer(line):
        found = unit_after(line, match.end(), line[: match.start()])
        if found and found[0] and found[0] not in ("K", "k", "M", "B", "T", "x", "×"):
            return True
    return False


def worked_lines(lines: list[str], fenced: bool) -> set[int]:
    """The indices of a code block's lines that set out arithmetic: a line going on a chain of equalities (and the
    line it goes on from), a line with a sign of napkin math or a number with its unit. ``fenced``: the first and
    last lines are the fence's own (a Markdown fence), not content (an HTML ``<pre>``)."""
    kept = set()
    first, last = (1, len(lines) - 1) if fenced else (0, len(lines))
    for index in range(first, last):
        line = lines[index]
        if CHAINED.match(line):
            kept.update(i for i in (index - 1, index) if i >= first)
        elif MATH_SIGNS.search(line) or _quantities_in(line):
            kept.add(index)
    return kept


TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+\|?\s*$")


def pipe_table(lines: list[str]) -> bool:
    """A block that holds nothing but a pipe table (a header, its rule, its rows): a table pasted as text, read whole."""
    content = [line for line in lines if line.strip()]
    return len(content) >= 3 and any(TABLE_RULE.match(line) for line in content) and all(line.lstrip().startswith("|") for line in content)
