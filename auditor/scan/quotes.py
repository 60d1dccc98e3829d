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


def quote_for(document: Document, start: int, end: int, sentence: tuple[int, int]) -> str:
    """The shortest run of whole words around [start, end), unique in the document, of about five words."""
    spans = [(sentence[0] + m.start(), sentence[0] + m.end()) for m in re.finditer(r"\S+", document.text[sentence[0] : sentence[1]])]
    if not spans:
        return document.text[start:end]
    inside = [i for i, (a, b) in enumerate(spans) if b > start and a < end] or [0]
    low, high = inside[0], inside[-1]
    while True:
        quote = " ".join(document.text[a:b] for a, b in spans[low : high + 1])
        count = high - low + 1
        if (_unique(document, quote) and count >= QUOTE_WORDS) or count >= MOST_WORDS or (low == 0 and high == len(spans) - 1):
            return quote
        grow_left = low > 0 and (high == len(spans) - 1 or (high - low) % 2)
        low, high = (low - 1, high) if grow_left else (low, min(high + 1, len(spans) - 1))


def _unique(document: Document, quote: str) -> bool:
    pattern = r"\s+".join(re.escape(w) for w in quote.split())
    return len(re.findall(pattern, document.text)) == 1


def raw_quote(raw: Document, view, proposal, sentence: tuple[int, int]) -> str:
    """The quote for a proposal found in ``view``, taken from the raw file around the number's own characters."""
    start, end = view.raw_span(proposal.start, proposal.end)
    low, _ = view.raw_span(sentence[0], sentence[0] + 1)
    _, high = view.raw_span(max(sentence[1] - 1, sentence[0]), sentence[1])
    return quote_for(raw, start, end, (min(low, start), max(high, end)))
