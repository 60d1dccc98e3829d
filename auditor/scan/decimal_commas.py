"""Pages that write a decimal comma: "13,4 GB" is thirteen point four, "32.000 tokens" thirty-two thousand.

Portuguese, Spanish, French, German, Italian, Russian and Vietnamese pages print numbers the other way
round from English ones, and a scan that reads "13,4 GB" as 134 GB or "32.000 tokens" as 32 flags every
figure it touches. Which way a page writes is told by its numbers alone, outside its code (code prints a
decimal point in every language): a separator followed by one, two or four and more digits is a decimal
mark, as is a point or comma between groups of three that repeats ("1.073.741.824"). A page whose prose
shows the comma as its decimal mark clearly more often than the point is read with the two swapped,
one character for one, so every offset stays the file's own.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from .views import View

DECIMAL = {",": re.compile(r"(?<![\w.,/-])\d+,(?:\d{1,2}|\d{4,})(?!\d|[.,]\d)"), ".": re.compile(r"(?<![\w.,/-])\d+\.(?:\d{1,2}|\d{4,})(?!\d|[.,]\d)")}
"""A decimal mark beyond doubt: one, two or four and more digits after it ("13,4", "0,25", "3,14159"); a group of
three ("32.000", "1,000") could be either. Glued to a word or a slash ("Qwen2.5", "v0.6", "abs/2309.06180") it
is a name or an identifier, not a number, and says nothing."""
GROUPED = {",": re.compile(r"(?<![\w.,/-])\d{1,3}(?:\.\d{3}){2,}(?!\d|[.,]\d)"), ".": re.compile(r"(?<![\w.,/-])\d{1,3}(?:,\d{3}){2,}(?!\d|[.,]\d)")}
"""Groups of three split by the other mark twice or more ("1.073.741.824" on a decimal-comma page)."""
NUMBER = re.compile(r"(?<![\w/-])\d[\d.,]*\d")
SWAP = str.maketrans(".,", ",.")
MIN_EVIDENCE = 3  # numbers showing the comma as the decimal mark before a page is read that way
MARGIN = 2  # and how many times more often than the point


def comma_page(view: View) -> bool:
    """Whether the page's prose marks decimals with a comma, clearly and more often than with a point."""
    if not DECIMAL[","].search(view.text) and not GROUPED[","].search(view.text):
        return False  # most pages: no number of the comma kind at all, one pass each
    prose = _prose(view)
    commas = len(DECIMAL[","].findall(prose)) + len(GROUPED[","].findall(prose))
    if commas < MIN_EVIDENCE:
        return False
    return commas >= MARGIN * (len(DECIMAL["."].findall(prose)) + len(GROUPED["."].findall(prose)))


def read_commas(view: View) -> View:
    """The view of a decimal-comma page with each number's marks swapped ("13,4" reads "13.4", "32.000" reads
    "32,000"), its code left as written; any other page as it is."""
    if "," not in view.text or not comma_page(view):
        return view
    text = view.text
    code = sorted(view.code_lines)
    parts, position = [], 0
    for match in NUMBER.finditer(text):
        if _in_code(code, match.start()):
            continue
        parts.append(text[position : match.start()])
        parts.append(match[0].translate(SWAP))
        position = match.end()
    parts.append(text[position:])
    return View("".join(parts), view.origin, view.raw_length, view.code_lines)


def _prose(view: View) -> str:
    """The view's text with its code lines blanked."""
    if not view.code_lines:
        return view.text
    parts, position = [], 0
    for start, end in sorted(view.code_lines):
        if start >= position:
            parts += [view.text[position:start], " " * (end - start)]
            position = end
    return "".join(parts) + view.text[position:]


def _in_code(code: list[tuple[int, int]], at: int) -> bool:
    k = bisect_right(code, (at, float("inf"))) - 1
    return k >= 0 and code[k][0] <= at < code[k][1]
