"""Weights printed beside their parameter count: "7B model = 14GB", "llama-13b ... takes 26GB", "16GB for an 8B model".

A byte size that follows a parameter count in its sentence, or that the words "for a" or "of a"
join to the count right after it, with nothing between them that
names another quantity (a cache, activations, a context, another size), is most often the
count's weights at some storage format: whatever else the words beside it rank higher. The
number itself says at which format: its ratio to the count must be a plain format's width
(four bytes, two, one, a half) at the number's printed precision, rounded or truncated, or
nothing is proposed. So the rule reproduces a page's arithmetic and never accuses it; a
format the number's context names with that width is the one given, else the first format of
that width in ``units/dtypes.yaml``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from auditor.base.units import parse_unit

from .quantities import Written, within

GAP = 80  # characters from the count's end to the number: further, the sentence has moved on
BETWEEN_OTHER = re.compile(
    r"(?i)\b(?:kv|cache[sd]?|activations?|context|tokens?|sequences?|batch|optimi[sz]er|gradients?|overhead|per[ -]gpu|"
    r"remaining|left|free|budget|bandwidth|vram|hbm|total)\b|[+±]"
)
"""Words between a count and a size that make the size another quantity ("70B model with a 32K context: 40 GB")."""
COUNT_AFTER = re.compile(r"(?i)[\s*`]{0,3}(?:for|of)\s+(?:an?|the|one)\s+|[ \t]{1,8}(?P<format>(?:int|fp|bf|nf|mxfp|q)\d{1,2}\w*)[ \t]+")
"""What joins a size to the count right after it: "16GB for an 8B model", "14 GB of a 7B model", and the storage
format between them in a listing's columns ("35 GB   INT4 70B")."""
BOUND_BEFORE = re.compile(r"(?:[<>≤≥]|\b(?:under|over|below|above|less than|more than|up to|at least|at most))\s*~?\s*\Z", re.IGNORECASE)
"""What makes a count a bound on models' sizes ("<1B", ">7B", "under 3B") rather than one model's count."""
NOT_PARAMETERS = re.compile(r"(?i)[\s-]*(?:tokens?|requests?|sequences?|samples?|words?)\b")
AFTER_OTHER = re.compile(r"(?i)^[\s*`]{0,3}(?:of\s+)?(?:kv|cache|activations?|per\b|/|for (?:the )?(?:kv|cache|context))")


@dataclass(frozen=True)
class Weights:
    """A byte size read as the weights of the parameter count beside it, at the format whose width fits."""

    count: Written
    n_params: int
    dtype: str
    width: Fraction
    listed: bool = False  # the format printed between size and count ("35 GB   INT4 70B"): the page's own reading


@lru_cache(maxsize=1)
def byte_dimensions() -> tuple:
    """A size in bytes' dimensions, as the operands of ``derivations`` carry them."""
    return tuple(sorted(parse_unit("B").dimensions))


def plain_width(dtype) -> Fraction | None:
    """A plain storage format's width in bytes (no groups, no scales); None for any other format."""
    return Fraction(dtype.bits) / 8 if dtype is not None and dtype.storage and dtype.group is None and not dtype.scale_bits else None


def widths(dtypes: dict) -> dict[Fraction, str]:
    """Each plain format's width in bytes and the first format with it, in the table's order (fp32, bf16, fp8, int4)."""
    found: dict[Fraction, str] = {}
    for name, dtype in dtypes.items():
        if (width := plain_width(dtype)) is not None:
            found.setdefault(width, name)
    return found


def weights_beside_count(text: str, written: list[Written], start: int, end: int, value: float, half: float,
                         sentence_start: int, formats: dict[Fraction, str], named: dict[str, Fraction]) -> Weights | None:
    """The parameter count printed just before the byte size at ``start:end`` (value in bytes, ``half`` its relative
    half digit), when the size over the count is a plain format's width; ``named`` maps a format the number's
    context names to its width, preferred over the table's first of that width."""
    if value <= 0:
        return None
    count, listed = _count_before(text, written, start, end, sentence_start), False
    if count is None:
        count, listed = _count_after(text, written, end)
    if count is None:
        return None
    n_params = int(count.value)
    if n_params < 10**8:
        return None  # a count of millions is a layer's or an embedding's, not a model's
    ratio = value / n_params
    for width, name in formats.items():
        if -half <= ratio / float(width) - 1 < 2 * half:
            chosen = next((n for n, w in named.items() if w == width), name)
            return Weights(count, n_params, chosen, width, listed)
    return None


def _count_before(text: str, written: list[Written], start: int, end: int, sentence_start: int) -> Written | None:
    """The count printed before the size, with nothing between that names another quantity."""
    figures = within(written, max(sentence_start, start - GAP), start)
    counts = [w for w in figures if not w.dimensions and not w.text.endswith("%") and w.end <= start]
    if not counts:
        return None
    count = counts[-1]
    if any(w.dimensions for w in figures if w.start >= count.end) or BETWEEN_OTHER.search(text, count.end, start):
        return None
    if BOUND_BEFORE.search(text, max(0, count.start - 12), count.start):
        return None  # "small models (<1B): keep 1 GB ~ 2 GB": a bound on the size, no model's count
    return None if AFTER_OTHER.match(text[end : end + 30]) else count


def _count_after(text: str, written: list[Written], end: int) -> tuple[Written | None, bool]:
    """The count the size is said to be for, right after it ("16GB for an 8B model"), and whether a storage format
    printed between them joins the two ("35 GB   INT4 70B")."""
    joined = COUNT_AFTER.match(text, end)
    if joined is None:
        return None, False
    following = within(written, joined.end(), joined.end() + 1)
    count = following[0] if following else None
    if count is None or count.dimensions or count.start != joined.end() or NOT_PARAMETERS.match(text, count.end):
        return None, False
    return count, joined["format"] is not None


SCOPE_COUNTS = 3  # the nearest distinct parameter counts of the section a size may be the weights of
WEIGHT_WORDS = re.compile(r"(?i)\bweights?\b|\bmodel size\b|\bcheckpoint\b|\bparameters?\b|\bparams\b")
OTHER_BEFORE = re.compile(r"(?i)\b(?:kv|cache|activations?|context|optimi[sz]er|gradients?|minus|plus|extra|spare|remaining|left|free|headroom)\b[^.\n]{0,12}$")
"""Words just before a size that make it another quantity than weights ("VRAM minus 4GB", "those extra 4GB")."""


def weights_of_section_count(text: str, written: list[Written], start: int, end: int, value: float, half: float,
                             section_start: int, formats: dict[Fraction, str], named_here: tuple[str, Fraction] | None,
                             sentence: tuple[int, int]) -> Weights | None:
    """The weights of a parameter count printed earlier in the section: "A Llama 3 7B model ... | int8 (7 GB) |".

    Farther from its count than ``weights_beside_count`` asks, a size is taken for the count's weights
    only on more evidence: a format named beside it whose width gives exactly the size ("int8 (7 GB)"),
    or, with none named, the words of weights in its sentence and a ratio that is a plain format's width.
    """
    if value <= 0 or AFTER_OTHER.match(text[end : end + 30]) or OTHER_BEFORE.search(text[max(sentence[0], start - 40) : start]):
        return None
    counts, seen = [], set()
    for w in reversed(within(written, section_start, start)):
        if not w.dimensions and not w.text.endswith("%") and w.value >= 10**8 and w.value not in seen:
            counts.append(w)
            seen.add(w.value)
            if len(counts) == SCOPE_COUNTS:
                break
    if named_here is not None:
        choices = {named_here[1]: named_here[0]}
    elif WEIGHT_WORDS.search(text, sentence[0], sentence[1]):
        choices = formats
    else:
        return None
    for count in counts:
        ratio = value / float(count.value)
        for width, name in choices.items():
            if -half <= ratio / float(width) - 1 < 2 * half:
                return Weights(count, int(count.value), name, width)
    return None
