"""Finding a quote in a document: whitespace runs match any whitespace, and a quote must name one place.

Documents re-wrap lines, so "the KV budget is 56 GB" must match across a line
break. The document is searched as one string with every run of whitespace
collapsed to a single space (``str.find``, linear in the document, however
the quote and the document are made), and each match is mapped back to its
offsets in the text as written. A quote found twice does not say which number
it means, so the second place is reported rather than the first guessed.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right

_WHITESPACE = re.compile(r"\s+")
_LONG_RUN = re.compile(r"\s\s+")


class QuoteIndex:
    """A document's text with whitespace collapsed, and the way back to the original offsets."""

    def __init__(self, text: str):
        # A run of one whitespace character becomes one space: offsets past it are unchanged, so only the
        # longer runs, where collapsed and original offsets part, are marked (a page has few of them).
        self._collapsed, self._original = array("q", [0]), array("q", [0])
        removed = 0
        for run in _LONG_RUN.finditer(text):
            start, end = run.start(), run.end()
            self._mark(start - removed, start)
            removed += end - start - 1
            self._mark(end - removed, end)
        self.text = _WHITESPACE.sub(" ", text)

    def _mark(self, collapsed: int, original: int) -> None:
        self._collapsed.append(collapsed)
        self._original.append(original)

    def original(self, offset: int) -> int:
        """The offset in the text as written of a non-space position in the collapsed text (or just past one)."""
        index = bisect_right(self._collapsed, offset) - 1
        return self._original[index] + offset - self._collapsed[index]

    def find(self, quote: str) -> list[tuple[int, int]]:
        """The spans (offsets as written) of the quote's first two occurrences; none, one or two."""
        needle = " ".join(quote.split())
        if not needle:
            return []
        spans, start = [], 0
        while len(spans) < 2 and (found := self.text.find(needle, start)) >= 0:
            spans.append((self.original(found), self.original(found + len(needle) - 1) + 1))
            start = found + 1
        return spans
