"""Numbers a page states first and then works out: the sum printed just after is the number's claim.

Two layouts are common. A figure with its working right behind it: "the weights take up 88%
(`141/160=88%`)", where the sum's result prints the same digits again. And a sentence that
announces a result and ends in a colon, the working displayed below it: "the time per token is
22 ms:" over "2 · 260e9 / (16 · 1.5e12) ≈ 22 ms", or "the optimal batch size is 160:" over a sum
that gives 430. In the second the page claims the displayed sum's value for its number, so a
sum that gives something else is the page contradicting itself, and is audited as such.

Both links are taken on narrow evidence, since a wrong link flags a correct number: the same
digits within a short stretch of the same paragraph; or a result word right before the number
("is", "equals", "about", "为"), nothing but a unit between it and a colon that ends its line,
and only display lines (math, markup) between the colon and the sum, whose operands do not
include the number itself ("for a context of 4096 tokens:" is an input, not a result).
"""

from __future__ import annotations

import re

SAME_DIGITS_WINDOW = 160  # characters from the number to the sum's result
DISPLAY_WINDOW = 500  # characters from the colon to the displayed sum's result
RESULT_BEFORE = re.compile(
    r"(?i)(?:\bis|\bare|\bequals?(?:\s+to)?|\bcomes?\s+to|\bgives?|\bget|为|是|约|≈|~)"
    r"\s*(?:about|roughly|approximately|around|only|just|~|≈|约)?\s*[*_`$]*$"
)
UNIT_THEN_COLON = re.compile(r"[^\S\n]*[^\d\n:：.;!?。]{0,16}?[*_`$]*[:：][^\S\n]*\n")
PROSE_LINE = re.compile(r"^[^\S\n]*[A-Za-z\u4e00-\u9fff]", re.MULTILINE)
PARAGRAPH = re.compile(r"\n[^\S\n]*\n")


def same_digits(text: str, number_end: int, result_start: int) -> bool:
    """The sum's result is close behind the number, in the same paragraph."""
    between = text[number_end:result_start]
    return 0 <= len(between) <= SAME_DIGITS_WINDOW and not PARAGRAPH.search(between)


def announced(text: str, number_start: int, number_end: int, result_start: int) -> bool:
    """The number ends a sentence that introduces the display holding the sum's result."""
    if not RESULT_BEFORE.search(text, max(0, number_start - 40), number_start):
        return False
    colon = UNIT_THEN_COLON.match(text, number_end)
    if colon is None or not 0 <= result_start - colon.end() <= DISPLAY_WINDOW:
        return False
    return not PROSE_LINE.search(text, colon.end(), _line_start(text, result_start))


def _line_start(text: str, position: int) -> int:
    return text.rfind("\n", 0, position) + 1
