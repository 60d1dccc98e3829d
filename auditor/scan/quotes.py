"""The quote that locates a proposal's number in the file as published.

``auditor check`` finds a claim by its quote in the document's own text (whitespace runs matching
any whitespace), so a quote is a run of whole words of the file, markup and all, around the number:
the shortest run of about five words that occurs once in the file, within the number's sentence.
"""

from __future__ import annotations

import re

from auditor.documents.locate import Document

QUOTE_WORDS = 5
MOST_WORDS = 12


class Quotes:
    """Quotes for one file: its text with whitespace runs made single spaces, computed once, to test uniqueness."""

    def __init__(self, document: Document):
        self.document = document
        self.flat = " ".join(document.text.split())

    def around(self, start: int, end: int, sentence: tuple[int, int]) -> str:
        """The shortest run of whole words around [start, end), unique in the file, of about five words."""
        text = self.document.text
        spans = [(sentence[0] + m.start(), sentence[0] + m.end()) for m in re.finditer(r"\S+", text[sentence[0] : sentence[1]])]
        if not spans:
            return text[start:end]
        inside = [i for i, (a, b) in enumerate(spans) if b > start and a < end] or [0]
        low, high = inside[0], inside[-1]
        while True:
            quote = " ".join(text[a:b] for a, b in spans[low : high + 1])
            count = high - low + 1
            if (self.unique(quote) and count >= QUOTE_WORDS) or count >= MOST_WORDS or (low == 0 and high == len(spans) - 1):
                return quote
            grow_left = low > 0 and (high == len(spans) - 1 or (high - low) % 2)
            low, high = (low - 1, high) if grow_left else (low, min(high + 1, len(spans) - 1))

    def unique(self, quote: str) -> bool:
        """Whether the quote occurs once, whitespace runs standing for any whitespace (as ``find_quote`` reads it)."""
        needle = " ".join(quote.split())
        first = self.flat.find(needle)
        return first >= 0 and self.flat.find(needle, first + 1) < 0

    def for_proposal(self, view, proposal, sentence: tuple[int, int]) -> str:
        """The quote for a proposal found in ``view``, taken from the file around the number's own characters."""
        start, end = view.raw_span(proposal.start, proposal.end)
        low, _ = view.raw_span(sentence[0], sentence[0] + 1)
        _, high = view.raw_span(max(sentence[1] - 1, sentence[0]), sentence[1])
        return self.around(start, end, (min(low, start), max(high, end)))
