"""Sums a page writes down the lines, one term a line, as a budget is laid out in a code block:

    Parameters: 175B × 2 bytes = 350 GB
    + Activations: ~50 GB
    + KV cache (batch 32): ~100 GB
    = 500 GB needed

Each line after the first opens with its sign, and the last with "=" (or "≈") and the result. A line's
term is the last figure it prints before any comment ("# Embeddings"), so a line that works its own figure
out ("175B × 2 bytes = 350 GB") adds that figure, and a count in its label ("batch 32") is passed over.
The terms must be of one kind with the result (all sizes, or all bare), or the lines are a list, not a
sum. Such a sum is printed arithmetic like "350 + 50 + 100 = 500": audited, and flagged where it misses.
"""

from __future__ import annotations

import re

from auditor.base.units import unit_or_none

from .sums import NUMBER, UNIT_WORD, Sum, lone_term

SIGNED_LINE = re.compile(r"[ \t]*(?P<sign>[-+−])[ \t]+\S")
RESULT_LINE = re.compile(rf"[ \t]*(?P<relation>=|≈)[ \t]*(?:[~≈][ \t]*)?\$?(?P<number>{NUMBER})(?:[ \u00a0]?(?P<unit>{UNIT_WORD}))?")
FIGURE = re.compile(rf"(?<![\w.,])(?P<number>{NUMBER})(?:[ \u00a0]?(?P<unit>{UNIT_WORD}))?(?![\w.]|,\d)")
RESULT_START = re.compile(r"\n[ \t]*[=≈]")
COMMENT = re.compile(r"[ \t](?:#|//)")
MAX_TERMS = 12  # lines a budget adds up; a longer run of signed lines is a list of changes, not one sum


def vertical_sums(text: str, found: list[Sum]) -> list[Sum]:
    """``found`` with the sums written down the lines that no found sum already has as its result, in order."""
    if not RESULT_START.search(text):
        return found  # no line opens with "=": no sum written down the lines
    results = {f.result_start for f in found}
    extra = []
    starts = [0] + [m.end() for m in re.finditer(r"\n", text)]
    lines = [(start, text.find("\n", start) if text.find("\n", start) >= 0 else len(text)) for start in starts]
    for index, (start, end) in enumerate(lines):
        result = RESULT_LINE.match(text, start, end)
        if result is None or result.start("number") in results or index == 0:
            continue
        made = _sum_above(text, lines, index, result)
        if made is not None:
            extra.append(made)
    return sorted(found + extra, key=lambda f: f.start) if extra else found


def _sum_above(text: str, lines: list[tuple[int, int]], index: int, result: re.Match) -> Sum | None:
    """The sum whose terms are the signed lines right above the result line, and the unsigned line that opens them."""
    terms, row = [], index - 1
    while row >= 0 and len(terms) <= MAX_TERMS and (signed := SIGNED_LINE.match(text, *lines[row])) is not None:
        terms.append((signed["sign"], _term(text, signed.end() - 1, lines[row][1])))
        row -= 1
    if not terms or len(terms) > MAX_TERMS or any(term is None for _, term in terms):
        return None
    first = _term(text, *lines[row]) if row >= 0 and text[slice(*lines[row])].strip() else None
    if first is not None:
        terms.append(("+", first))
    terms.reverse()
    if len(terms) < 2 or terms[0][0] != "+":
        return None
    wanted = _dimensions(result["unit"])
    if wanted is False or any(_dimensions(term.group("unit")) != wanted for _, term in terms):
        return None  # "+ 2 GPUs" under "140 GB": a list of unlike things, not a sum
    parts, spans = [], []
    for sign, term in terms:
        read = lone_term(text, *term.span())
        if read is None:
            return None
        parts.append(("" if not parts else " - " if sign in "-−" else " + ") + read[0])
        spans += read[1]
    return Sum(terms[0][1].start(), terms[-1][1].end(), result.start("number"), "".join(parts), (), result["relation"], len(terms) - 1, spans)


def _term(text: str, start: int, end: int) -> re.Match | None:
    """The last figure of a line before its comment: the amount the line adds."""
    comment = COMMENT.search(text, start, end)
    figures = list(FIGURE.finditer(text, start, comment.start() if comment else end))
    if len(figures) > 1 and ADDED_WITHIN.search(text, figures[0].end(), figures[-1].start()):
        return None  # "[System: 500 tokens] + [Tools: 2000 tokens] + ...": the line adds figures of its own, no one term
    return figures[-1] if figures else None


ADDED_WITHIN = re.compile(r"[ \t][+−][ \t]")
"""A sign between a line's figures that adds them: the line is several terms, not one."""


def _dimensions(unit: str | None):
    """A unit's dimensions, () for a bare figure, False for letters that are no unit ("GPUs" as a count is read as one)."""
    if not unit:
        return ()
    parsed = unit_or_none(unit)
    return parsed.dimensions if parsed is not None else False
