"""A quote whose number was edited: found again by its words, and the number it now prints compared.

When an author changes "209 tokens/s" to "210 tokens/s" the claim's quote no
longer matches letter for letter, but its words still do. Calling that
``stale`` would hide the one thing worth saying: the document now prints a
number, and the auditor can recompute it. So the quote is searched again
with every number in it standing for any number; if it is found exactly
once, the document's number in the place of the stated one is compared as if
the claim stated it (a ``mismatch`` that ``auditor update`` can rewrite, or a
hold). Only when the words are gone, or found more than once, is the claim
``stale``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from auditor.base.errors import QuantityError
from auditor.base.quantity import Stated, parse_printed

ANY_NUMBER = r"[-−]?\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d+)?(?:\s*[×x*]\s*10(?:\^|\*\*)?\s*[-−⁻]?[\d⁰¹²³⁴⁵⁶⁷⁸⁹]+)?"
MIN_WORD_LETTERS = 3
"""A quote must keep a word of at least this many letters besides its numbers, or its words locate nothing."""


def words_pattern(quote: str, number_token: re.Pattern) -> re.Pattern | None:
    """The quote with each number as a wildcard and each run of whitespace as any whitespace."""
    parts, position, numbers = [], 0, 0
    for match in number_token.finditer(quote):
        parts.append(_text(quote[position:match.start()]))
        parts.append(f"(?:{ANY_NUMBER})")
        position, numbers = match.end(), numbers + 1
    parts.append(_text(quote[position:]))
    letters = re.sub(number_token.pattern, " ", quote)
    if numbers == 0 or not re.search(rf"[^\W\d_]{{{MIN_WORD_LETTERS},}}", letters):
        return None
    return re.compile("".join(parts).strip())


def _text(segment: str) -> str:
    words = segment.split()
    if not words:
        return r"\s+" if segment else ""
    inner = r"\s+".join(re.escape(w) for w in words)
    return (r"\s+" if segment[0].isspace() else "") + inner + (r"\s+" if segment[-1].isspace() else "")


def find_by_words(text: str, quote: str, number_token: re.Pattern) -> tuple[int, int] | None:
    """The one place the quote's words stand with other numbers; None when absent or ambiguous."""
    pattern = words_pattern(quote, number_token)
    if pattern is None:
        return None
    found = list(pattern.finditer(text))
    return (found[0].start(), found[0].end()) if len(found) == 1 else None


def number_in_place(text: str, span: tuple[int, int], quote: str, stated: Stated, number_token: re.Pattern, value_of) -> re.Match | None:
    """The document's number token that stands where the quote prints the stated number."""
    in_quote = list(number_token.finditer(quote))
    in_document = list(number_token.finditer(text, *span))
    if len(in_quote) != len(in_document):
        return None
    ordinal = next((i for i, t in enumerate(in_quote) if value_of(t) == stated.low.value), None)
    if ordinal is None:
        return in_document[0] if len(in_document) == 1 else None
    return in_document[ordinal]


def restated(stated: Stated, token: re.Match) -> Stated | None:
    """The claim's stated quantity with the document's number in place of its own (single values only)."""
    if stated.comparator != "=" or stated.exact or stated.high is not None:
        return None
    try:
        printed = parse_printed(token["mantissa"], token["exponent"])
    except QuantityError:
        return None
    text = stated.text.replace(stated.low.text, token.group(0), 1) if stated.low.text in stated.text else token.group(0)
    return replace(stated, text=text, low=printed)
