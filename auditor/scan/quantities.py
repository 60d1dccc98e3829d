"""Inputs a page writes with their units: "1.5e12 bytes per second of memory bandwidth", "16GB of HBM", "a 70B-parameter model".

A claim is computed from the numbers its page sets up, not from a spec sheet the page never
quoted: kipply's A100 reads 1.5e12 bytes per second, not the bundled card's 2.04 TB/s. So a symbol
takes a value the page writes when the number has the symbol's dimensions and words of the
symbol's meaning or notation beside it ("HBM bandwidth", "flops per second", "KV cache ... per
token"), nearest first. A size printed like a model's ("70B", "52B parameter model") is the
parameter count the page computes with.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from auditor.base.errors import QuantityError
from auditor.base.quantity import parse_given

from .locate import price
from .noise import parameter_counts
from .spans import covering
from .sums import NUMBER, SCIENTIFIC, plain_number
from .words import words as stem_words

PERCENT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?%")
QUANTITY = re.compile(rf"(?<![\w.])(?P<number>{SCIENTIFIC}|{NUMBER})\s?(?P<unit>[A-Za-zµ]+(?:\s*/\s*[A-Za-z]+|\s+per\s+(?:second|sec|token|s)\b)?)")
BEFORE, AFTER = 24, 36
PARAMETER_WORDS = frozenset({"parameter", "param", "model"})
PRICE_WORDS = frozenset(stem_words("price cost"))  # a figure printed with a currency sign is a price, whatever words it sits in
PRICED = re.compile(rf"(?<=\$)(?:{NUMBER})")
IGNORED = frozenset({"peak", "per", "one", "each", "total", "written", "all", "number", "value", "dens", "no", "at", "bf16"})
UNIT_WORDS = frozenset({"byte", "token", "second", "flop", "time", "s"})


@dataclass(frozen=True)
class Written:
    start: int
    end: int
    value: Fraction
    dimensions: tuple
    text: str
    words: frozenset
    given: str


def written_quantities(text: str) -> list[Written]:
    """Every number printed with a unit, and every parameter count, with the stemmed words around it."""
    counts = parameter_counts(text)
    found = []
    in_counts = covering(len(text), counts)
    for match in QUANTITY.finditer(text):
        if in_counts.covers(match.start()):
            continue
        unit = re.sub(r"/(?:second|sec)$", "/s", re.sub(r"\s*/\s*|\s+per\s+", "/", match["unit"]))
        try:
            value, parsed = parse_given(f"{plain_number(match['number'])} {unit}")
        except QuantityError:
            continue
        if parsed.dimensionless:
            continue
        written = f"{plain_number(match['number'])} {unit}"
        found.append(Written(match.start(), match.end(), value * parsed.factor, interned(parsed.dimensions), match.group(0), _around(text, match.start(), match.end()), written))
    for match in PRICED.finditer(text):  # "$2.50/hr": a price by its sign, an hourly rate by what it is per
        priced = price(text, match)
        if priced is not None and priced[1] != "USD":
            try:
                value, parsed = parse_given(f"{plain_number(match.group(0))} {priced[1]}")
            except QuantityError:
                continue  # "$9e999/hr": no price a page can mean
            words = _around(text, match.start(), priced[0]) | PRICE_WORDS
            found.append(Written(match.start(), priced[0], value * parsed.factor, interned(parsed.dimensions), text[match.start() - 1 : priced[0]], words, f"{plain_number(match.group(0))} {priced[1]}"))
    for match in PERCENT.finditer(text):
        found.append(Written(match.start(), match.end(), Fraction(match[1]) / 100, (), match.group(0), _around(text, match.start(), match.end()), f"{match[1]}%"))
    for start, end, count in counts:
        found.append(Written(start, end, Fraction(count), (), text[start:end], _around(text, start, end) | PARAMETER_WORDS, str(int(count))))
    return sorted(found, key=lambda w: w.start)


SOLE_SCOPES = 2  # the clause and the sentence
NEAREST_WRITTEN = 64  # figures of a scope searched, nearest the number: a value set further off is never the nearest that fits


def _start(written: Written) -> int:
    return written.start


def written_value(symbol, written: list[Written], scopes, skip: tuple[int, int], sole: bool = False) -> Written | None:
    """The nearest written quantity the symbol's dimensions and words fit, within the nearest scope that has one.

    An accelerator's figure (or, with ``sole``, any input of a price) is taken by its dimension alone where the
    number's clause or sentence prints just one of that dimension: "67 GB/s memory bandwidth and 2735 GFLOPS,
    for a 40:1 FLOP:byte ratio" needs no "peak" beside the FLOP rate to say which rate the ratio divides, nor
    "a node at $20/hr serving 5,000 tok/s costs $1.11 per million tokens" "goodput" beside its token rate.
    """
    wanted = _symbol_words(symbol)
    if not wanted:
        return None
    dimensions = interned(symbol.unit.dimensions)  # a written figure's dimensions are interned: compared by identity
    for depth, (low, high) in enumerate(scopes):
        first, last = bisect_left(written, low, key=_start), bisect_left(written, high, key=_start)  # ``written`` is in order
        if last - first > NEAREST_WRITTEN:  # a scope of thousands of figures (a long table): its nearest ones only
            middle = bisect_left(written, skip[0], key=_start)
            first = max(first, min(middle - NEAREST_WRITTEN // 2, last - NEAREST_WRITTEN))
            last = first + NEAREST_WRITTEN
        span = written[first:last]
        inside = [w for w in span if not (w.start < skip[1] and skip[0] < w.end)]
        fits = [w for w in inside if w.dimensions is dimensions and _fits(w, symbol, wanted, dimensions)]
        if fits:
            return min(fits, key=lambda w: min(abs(w.start - skip[0]), abs(w.end - skip[1])))
        alike = [w for w in inside if w.dimensions and w.dimensions is dimensions]
        if (symbol.gpu or sole) and depth < SOLE_SCOPES and len(alike) == 1:
            return alike[0]
    return None


_INTERNED: dict[tuple, tuple] = {}


def interned(dimensions: tuple) -> tuple:
    """One tuple object for each set of dimensions, so a page of thousands of figures compares them by identity,
    not power by power in fractions."""
    return _INTERNED.setdefault(dimensions, dimensions)


def within(written: list[Written], low: int, high: int) -> list[Written]:
    """The written figures starting between ``low`` and ``high`` (``written`` is in order)."""
    return written[bisect_left(written, low, key=_start) : bisect_left(written, high, key=_start)]


def _fits(written: Written, symbol, wanted: frozenset, dimensions: tuple | None = None) -> bool:
    if written.dimensions is not (dimensions if dimensions is not None else interned(symbol.unit.dimensions)):
        return False
    if symbol.meaning.lower().startswith("bytes per") and written.value >= 64:
        return False
    if written.text.endswith("%"):
        if symbol.domain == "fraction" and symbol.default is not None:
            # an efficiency with a documented default (MBU, MFU, memory utilisation) is the page's only where it names
            # it: "at 70% MBU"; a percent beside "memory" or "overhead" is any other share
            return bool(written.words & {n.lower() for n in symbol.notation if len(n) > 1})
        return symbol.domain == "fraction" and bool(written.words & (wanted | _meaning_words(symbol.meaning) - IGNORED))
    if not written.dimensions:
        if "n_params" not in symbol.name or not written.words & PARAMETER_WORDS:
            return False
        # "of which 12.9B are active", "13B activated per token": not the total (the words are stems: "activ", "activat")
        return symbol.name != "n_params" or not any(word.startswith("activ") for word in written.words)
    return bool(written.words & wanted)


def _symbol_words(symbol) -> frozenset:
    """The symbol's distinctive words: its meaning's and notation's, less its unit's own words ("byte", "token")."""
    return _distinctive_words(symbol.meaning, tuple(symbol.notation), symbol.unit.text)


@lru_cache(maxsize=4096)
def _distinctive_words(meaning: str, notation: tuple[str, ...], unit: str) -> frozenset:
    """Kept per symbol text: a page with thousands of numbers asks for every symbol's words at each one."""
    words = set(_meaning_words(meaning)) | {n.lower() for n in notation if len(n) > 1}
    return frozenset(words - IGNORED - set(_meaning_words(unit)) - UNIT_WORDS)


@lru_cache(maxsize=4096)
def _meaning_words(text: str) -> frozenset:
    return frozenset(stem_words(text))


def _around(text: str, start: int, end: int) -> frozenset:
    """The words right beside a number, within its sentence: "3.35 TB/s of HBM bandwidth", "HBM bandwidth of 3.35 TB/s"."""
    before = re.split(r"[.;:!?|]\s|(?<![\w.,-])\d[\d.,]*\S*\s", text[max(0, start - BEFORE) : start])[-1]
    after = re.split(r"[.;:!?|,(]|\s[~≈]?\d", text[end : end + AFTER])[0]  # up to the next number: its words are its own
    return frozenset(stem_words(before + " " + after))


def setting_symbol(written: Written, symbols) -> str | None:
    """The symbol a written quantity sets, if its dimensions and the words beside it name exactly one kind."""
    fitting = [s.name for s in symbols if (s.unit.dimensions or s.domain == "fraction") and _fits(written, s, _symbol_words(s))]
    return fitting[0] if fitting else None
