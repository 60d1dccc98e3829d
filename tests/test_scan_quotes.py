"""A proposal's quote must occur once in the file, whitespace runs matching any whitespace, as ``auditor check``
finds it: ``Quotes.unique`` counts the occurrences at the places of the quote's rarest inner word, and must answer
what searching the whole file for the quote answers (auditor/scan/quotes.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.documents.locate import Document
from auditor.scan.quotes import Quotes

WORDS = st.sampled_from(["KV", "cache", "=", "2", "×", "80", "8", "128", "GB", "GB.", "per", "token", "x16", "(GB/s)", "|"])


def _searched(flat: str, quote: str) -> bool:
    needle = " ".join(quote.split())
    first = flat.find(needle)
    return first >= 0 and flat.find(needle, first + 1) < 0


@settings(max_examples=300, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=60), st.data())
def test_a_quote_is_unique_exactly_when_the_file_holds_it_once(tmp_path_factory, words, data):
    page = tmp_path_factory.mktemp("quotes") / "page.md"
    page.write_text(" ".join(words) + "\n", encoding="utf-8")
    quotes = Quotes(Document.read(page))
    start = data.draw(st.integers(0, len(words) - 1))
    taken = words[start : start + data.draw(st.integers(1, 7))]
    cut_first = data.draw(st.integers(0, len(taken[0]) - 1))
    cut_last = data.draw(st.integers(1, len(taken[-1])))
    taken = [taken[0][cut_first:]] + taken[1:] if len(taken) > 1 else [taken[0][cut_first:]]
    if len(taken) > 1:
        taken[-1] = taken[-1][:cut_last]
    quote = " ".join(taken)
    assert quotes.unique(quote) == _searched(quotes.flat, quote)


def test_a_quote_printed_twice_is_not_unique_and_a_longer_one_is(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("The KV cache per token is 128 KB.\nAt 8K tokens the KV cache per token is 128 KB again.\n", encoding="utf-8")
    quotes = Quotes(Document.read(page))
    assert not quotes.unique("KV cache per token is 128")
    assert quotes.unique("tokens the KV cache per token is 128")
