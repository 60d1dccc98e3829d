"""The quote that locates a proposal's number in the file as published.

``auditor check`` finds a claim by its quote in the document's own text (whitespace runs matching
any whitespace), so a quote is a run of whole words of the file, markup and all, around the number:
the shortest run of about five words that occurs once in the file, within the number's sentence.
"""

from __future__ import annotations

import re
from itertools import islice

from auditor.documents.locate import Document

QUOTE_WORDS = 5
MOST_WORDS = 12
WORD = re.compile(r"\S+")
REACH = 2000  # characters each side of a number a quote may take words from: twelve words of any page fit


def _words_near(text: str, start: int, end: int, sentence: tuple[int, int]) -> list[tuple[int, int]]:
    """The whole words of the sentence around the number: its own, and up to twelve either side.

    A quote never takes more than twelve words; taking every word of the
    sentence made a page with no sentence ends (a table dump, thousands of
    numbers) quadratic. Words are looked for within ``REACH`` characters,
    from a short window widened as needed, and a word the window cuts is left
    out, so a quote is still whole words of the file.
    """
    head = start
    while head > max(sentence[0], start - REACH) and not text[head - 1].isspace():
        head -= 1  # the start of the word the number sits in
    reach, before = 160, []
    while True:
        low = max(sentence[0], head - reach)
        before = [(m.start(), m.end()) for m in WORD.finditer(text, low, head)]
        if before and low > sentence[0] and before[0][0] == low and not text[low - 1].isspace():
            before.pop(0)
        if len(before) > MOST_WORDS or low == sentence[0] or reach >= REACH:
            break
        reach *= 4
    high = min(sentence[1], end + REACH)
    after = [(m.start(), m.end()) for m in islice(WORD.finditer(text, head, high), MOST_WORDS + 1 + end - head)]
    if after and after[-1][1] == high < sentence[1] and not text[high].isspace():
        after.pop()
    return before[-MOST_WORDS:] + after


class Quotes:
    """Quotes for one file: its text with whitespace runs made single spaces, computed once, to test uniqueness."""

    def __init__(self, document: Document):
        self.document = document
        self.tokens = document.text.split()
        self.flat = " ".join(self.tokens)
        self._at: dict[str, list[int]] | None = None  # where each word stands among ``tokens``, built on first use

    def around(self, start: int, end: int, sentence: tuple[int, int]) -> str:
        """The shortest run of whole words around [start, end), unique in the file, of about five words."""
        text = self.document.text
        spans = _words_near(text, start, end, sentence)
        if not spans:
            return text[start:end]
        inside = [i for i, (a, b) in enumerate(spans) if b > start and a < end] or [0]
        low, high = inside[0], inside[-1]
        while True:
            quote = " ".join(text[a:b] for a, b in spans[low : high + 1])
            count = high - low + 1
            if (count >= QUOTE_WORDS and self.unique(quote)) or count >= MOST_WORDS or (low == 0 and high == len(spans) - 1):
                return quote
            grow_left = low > 0 and (high == len(spans) - 1 or (high - low) % 2)
            low, high = (low - 1, high) if grow_left else (low, min(high + 1, len(spans) - 1))

    def unique(self, quote: str) -> bool:
        """Whether the quote occurs once, whitespace runs standing for any whitespace (as ``find_quote`` reads it).

        In the file's words joined by single spaces, every occurrence of a quote of three words or more has its inner
        words as whole words, and only its first and last may be the end and the start of longer ones: so the
        occurrences are counted at the places of its rarest inner word, not by searching the whole file."""
        words = quote.split()
        if len(words) < 3:
            needle = " ".join(words)
            first = self.flat.find(needle)
            return first >= 0 and self.flat.find(needle, first + 1) < 0
        if self._at is None:
            self._at = {}
            for index, word in enumerate(self.tokens):
                self._at.setdefault(word, []).append(index)
        inner = range(1, len(words) - 1)
        anchor = min(inner, key=lambda k: len(self._at.get(words[k], ())))
        found = 0
        for index in self._at.get(words[anchor], ()):
            first = index - anchor
            if first < 0 or first + len(words) > len(self.tokens):
                continue
            if all(self.tokens[first + k] == words[k] for k in inner) and self.tokens[first].endswith(words[0]) \
                    and self.tokens[first + len(words) - 1].startswith(words[-1]):
                found += 1
                if found > 1:
                    return False
        return found == 1

    def for_proposal(self, view, proposal, sentence: tuple[int, int]) -> str:
        """The quote for a proposal found in ``view``, taken from the file around the number's own characters."""
        start, end = view.raw_span(proposal.start, proposal.end)
        low, _ = view.raw_span(sentence[0], sentence[0] + 1)
        _, high = view.raw_span(max(sentence[1] - 1, sentence[0]), sentence[1])
        return self.around(start, end, (min(low, start), max(high, end)))
