"""Finding the numbers a document states, in the shapes documents print them.

"128 KiB/token", "1.23 × 10⁵ tokens", "~57×", "2–16×", "6.4% to 26.1%", "1/6", "over 200%",
"= 104", "about 42,000 tokens": a number with a unit, a ×, a %, a count, an exact fraction, a range,
or a qualifier or comparator that the precision rules (units/precision.yaml) know. A number printed
bare ("the ratio here of 208") is located too, marked bare: it is proposed as a claim only when the
words around it name a formula, or when it is the result of a sum the page prints. What is not a
quantity (``noise``: dates, versions, identifiers, list numbering, parameter counts) is not located.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from auditor.base.errors import Location, QuantityError
from auditor.base.limits import limit, over
from auditor.base.precision import words
from auditor.base.quantity import parse_stated
from auditor.base.units import parse_unit, same_dimensions, unit_or_none
from auditor.documents.locate import NUMBER_TOKEN, Document

from . import match as names
from .noise import not_a_quantity
from .spans import around

UNIT_AFTER = re.compile(r"[ \u00a0]{0,2}(?P<unit>%|×|x(?![A-Za-z0-9])|[A-Za-zµ]+(?:/[A-Za-z]+)?(?:\s+per\s+[A-Za-z]+)?)")
SPAN_SIGNS = ("~", "〜")
RANGE_AFTER = re.compile(r"\s*(?:–|—|-|~|〜|to)\s*(?=\d)")  # "4.5~5 GB": a tilde after a number spans, it does not qualify
FRACTION_AFTER = re.compile(r"\s?/\s?(\d+)(?![\d/]|[.,]\d|\s*[(*])")
SENTENCE_END = re.compile(r"(?<=[.!?;])\s+(?=[A-Z(“\"`*$#|-])|\n\s*\n|\n(?=\s*[•*|-] )|\n(?=\|)")
NOT_A_CLAIM_BEFORE = re.compile(r"(?:§\s?|[vV]|\bsection |\bSection |\bTable |\bFigure |\bPart |\bQuestion |\bat |\(|[\w\\]_|\^)\Z")  # \Z: "$" would also match before the newline ending a wrapped line
YEAR = re.compile(r"^(?:19|20)\d\d$")


@dataclass
class Proposal:
    """One number found in a document, and what the scan could say about it.

    ``start``/``end`` are offsets in the scan's view of the document; ``raw`` is the same span in
    the file as published, where the quote is taken from.
    """

    start: int
    end: int
    stated: str
    quote: str
    context: str
    formula: str | None = None
    arithmetic: str | None = None
    given: dict = field(default_factory=dict)
    unit: str = ""
    finding: object = None
    pending: object = None
    bare: bool = False
    note: str = ""
    score: float = 0.0
    evidence: tuple[str, ...] = ()
    raw: tuple[int, int] = (0, 0)
    page_inputs: dict = field(default_factory=dict)
    per: str = ""
    worked_out: bool = False  # its sum is the scan's from the page's numbers (a table's rule, two numbers before it), not printed
    carried: tuple = ()  # the proposals whose named slip its working takes on ("80 × 16 MB" over a 16 MB that is 16 MiB)
    printed_sum: str | None = None  # its sum as printed, where operands were taken at the exact values worked out above

    @property
    def proposed(self) -> bool:
        """Whether the scan proposes a claim (a formula or a sum), not only a located number."""
        return self.formula is not None or self.arithmetic is not None


def qualifier_pattern() -> re.Pattern:
    """Qualifiers and comparators that may precede a number, from the precision rules: '~', 'about', 'over'..."""
    qualifiers, comparators = words()
    spelled = sorted({w for w, _ in qualifiers} | {w for w, _ in comparators}, key=len, reverse=True)
    alternatives = "|".join((r"\b" if w[0].isalpha() else "") + re.escape(w) + (r" " if w[-1].isalpha() else "") for w in spelled)
    return re.compile(rf"(?:{alternatives})\s*$", re.IGNORECASE)


COUNT_SUFFIX = re.compile(r"(?:[kKM]|[ \u00a0]?[BT](?=[ \u00a0]?(?:parameters?|params?|elements?|tokens?|weights?)\b))(?![A-Za-z0-9])")
"""A count's scale after its number: glued ("65K", "7B"), or set apart before the counted noun ("2.10 B parameters")."""

BILLIONS = re.compile(r"[BT](?![A-Za-z0-9])")
SPACED_MILLIONS = re.compile(r"[ \u00a0]M(?![A-Za-z0-9/])")
SCALED_UNIT = re.compile(r"[ \u00a0](?P<scale>thousand|million|billion|trillion)[ \u00a0](?P<unit>[A-Za-zµ]+(?:/[A-Za-z]+)?)(?![\w/])", re.IGNORECASE)
"""A scale spelled out between a number and its unit: "11.3 billion FLOPs", "1.13 trillion FLOPs", "5 million tokens"."""
LARGE_COUNTS = {"B": "billion", "T": "trillion"}  # a count suffix the units would read as bytes or tera-
COUNT_NAMED_BEFORE = re.compile(r"\b(?:parameters?|params?)\s*[:=]\s*(?:~|about |roughly )?$", re.IGNORECASE)
"""A "B" or "T" after a number is billions or trillions of a count when the words before name one: "Parameters: 7.6B"."""


def unit_after(text: str, end: int, before: str) -> tuple[str, int] | None:
    """The unit printed right after a number, and where it ends; '' for a count or after '='; None for none.

    A count suffix glued to the number ("65K elements", "131M parameters") is part of the number
    as printed: thousands, millions, billions of a count.
    """
    suffix = COUNT_SUFFIX.match(text, end) or (COUNT_NAMED_BEFORE.search(before) and BILLIONS.match(text, end))
    if suffix:
        return suffix.group(0).strip(), suffix.end()
    if re.search(r"[=≈]\s*$", before) and (spaced := SPACED_MILLIONS.match(text, end)):
        return "M", spaced.end()  # "= 148.375 M": a sum's result in millions, the letter set apart
    scaled = SCALED_UNIT.match(text, end)
    if scaled and (unit := unit_or_none(scaled["unit"])) is not None and not unit.dimensionless:
        return f"{scaled['scale'].lower()} {scaled['unit']}", scaled.end()  # "11.3 billion FLOPs", "5 million tokens"
    match = UNIT_AFTER.match(text, end)
    if match and match["unit"].lower() in names.COUNT_WORDS:
        return "", end
    if match:
        # "ms per step": a count noun after "per" adds no dimension, so the shorter unit is the one printed
        shorter = match["unit"].split(" per ")[0]
        for candidate in dict.fromkeys((shorter, match["unit"]) if same_dimensions(shorter, match["unit"]) else (match["unit"], shorter)):
            try:
                parsed = parse_unit(candidate)
            except QuantityError:
                continue
            if candidate in ("×", "x") and OPERAND_AFTER.match(text, match.start("unit") + len(candidate)):
                return "", end  # "2 x 62 layers", "2× (8192 ...)": a count before a product's operator, not a ratio
            if not parsed.dimensionless or candidate in ("%", "×", "x"):
                return candidate, match.start("unit") + len(candidate)
        if match["unit"].lower() in QUALIFYING_WORDS and (after := unit_after(text, match.end("unit"), "")) and after[0]:
            return after  # "768 output tokens/s": tokens per second, of the output
    return ("", end) if re.search(r"[=≈]\s*$", before) else None


OPERAND_AFTER = re.compile(r"[ \u00a0]*\(?[ \u00a0]*\d")
"""What follows a multiplication sign: a number or a bracket, where a ratio's "×" ends its number ("2x faster")."""

QUALIFYING_WORDS = frozenset({"output", "input", "generated", "prompt", "prefill", "decode", "total", "aggregate", "effective"})
"""Words a page puts between a number and its unit to say which of it it counts ("768 output tokens/s")."""


def bounds(text: str, position: int, pattern: re.Pattern) -> tuple[int, int]:
    """The sentence (or paragraph) around ``position``, reaching back at most 4,000 characters."""
    return around(pattern, text, position, position, (max(0, position - 4000), len(text)))


TIMES_AFTER = re.compile(r"[ \u00a0]times\b(?!\s*[\d(.$\\])")
"""A ratio in words ("8 times larger", "1.5 times as long"); "8 times 4" is a product."""
RATIO_AFTER = re.compile(r":1(?![\d:]|\.\d)")
RATIO_OF = re.compile(r"\s+([A-Za-z]+)\s*:\s*([A-Za-z]+)\b")


RATIO_OF_BEFORE = re.compile(r"\b([A-Za-z]+)\s*:\s*([A-Za-z]+)\s+ratio\s+(?:of|to|is|=|at)?\s*(?:about |roughly |~)?$")


def ratio_unit(text: str, end: int, start: int) -> str:
    """The unit of a ratio printed "40:1": "FLOP/byte" where the ratio's terms follow ("40:1 FLOP:byte
    ratio") or lead to it ("the FLOP:byte ratio to 590:1"), else a plain ratio (×)."""
    terms = RATIO_OF.match(text, end) or RATIO_OF_BEFORE.search(text, max(0, start - 60), start)
    if terms:
        try:
            unit = f"{terms[1]}/{terms[2]}"
            if not parse_unit(unit).dimensionless:
                return unit
        except QuantityError:
            pass
    return "×"


PRICE_PER = (
    (re.compile(r"[ \u00a0]?(?:/|per[ \u00a0]+|an?[ \u00a0]+)(?:GPU[ \u00a0-]?)?(?:hr|hour|h)\b(?!\s*(?:\d|\((?!\$)))", re.IGNORECASE), "USD/hour"),
    (re.compile(r"[ \u00a0]?(?:/|per[ \u00a0]+)(?:month|mo)\b(?!\s*(?:\d|\((?!\$)))", re.IGNORECASE), "USD/month"),  # "a month" is words: a total
    (re.compile(r"[ \u00a0]?(?:/|per[ \u00a0]+)(?:year|yr)\b(?!\s*(?:\d|\((?!\$)))", re.IGNORECASE), "USD/year"),
    (re.compile(r"[ \u00a0]?(?:/|per[ \u00a0]+)(?:week|wk)\b(?!\s*(?:\d|\((?!\$)))", re.IGNORECASE), "USD/week"),
    (re.compile(r"[ \u00a0]?(?:/|per[ \u00a0]+)day\b(?!\s*(?:\d|\((?!\$)))", re.IGNORECASE), "USD/day"),
    (re.compile(r"[ \u00a0]?(?:/|per[ \u00a0]+)(?:minute|min)\b(?!\s*(?:\d|\((?!\$)))", re.IGNORECASE), "USD/minute"),
    (re.compile(r"[ \u00a0]?(?:/|per[ \u00a0]+)(?:second|sec|s)\b(?!\s*(?:\d|\((?!\$)))", re.IGNORECASE), "USD/second"),
    (re.compile(r"[ \u00a0]?(?:/|per[ \u00a0]+)(?:kWh|kW[ \u00a0-]?h)\b", re.IGNORECASE), "USD/kWh"),
    (re.compile(r"[ \u00a0]?(?:/|per[ \u00a0]+)MWh\b"), "USD/MWh"),
    (re.compile(r"[ \u00a0]?(?:/|per[ \u00a0]+)(?:1[ \u00a0]?M|M|million|1[ \u00a0]million)(?:[ \u00a0]+(?:output|input|generated|completion|prompt))?(?:[ \u00a0]?(?:tokens?|tok)\b)?(?![\w.])", re.IGNORECASE), "USD"),
)
"""What a price printed with its currency sign is per: an hour ("$2.50/hr", "$3 per GPU-hour", "$100/hr ($876K/yr)": a
bracket after it may restate it in another period, never start a sum), a month or a year ("$4,608/month", "$297,600/year"), or a million tokens
("$0.69/M", "$1.20 per million output tokens"), which the catalogue's cost formulas count it in; a week, a day, a minute
or a second too ("$0.000833/second", as serverless cards are billed), and energy by the kilowatt-hour ("$0.165/kWh")."""


def price(text: str, match: re.Match) -> tuple[int, str] | None:
    """(end, unit) of a price: a dollar sign right before the number, not LaTeX's ("$2.5$"), and what it is per."""
    if match.start() == 0 or text[match.start() - 1] != "$" or text[match.end() : match.end() + 1] == "$":
        return None
    scaled = PRICE_SCALE.match(text, match.end())
    after = scaled.end() if scaled else match.end()
    for pattern, unit in PRICE_PER:
        per = pattern.match(text, after)
        if per:
            return per.end(), unit
    if not PRICE_GOES_ON.match(text, after):
        return after, "USD"  # "$4,608", "$30,000.", "$375k": an amount of dollars, which no rate formula prices
    return None


PRICE_GOES_ON = re.compile(r"[\w/%-]|\.\d")  # "$2.5$" aside, a tail the patterns above do not read: "$0.68-1.07/M", "$5x"

PRICE_SCALES = {"K": "e3", "k": "e3", "M": "e6", "B": "e9"}
PRICE_SCALE = re.compile(r"[KkMB](?:(?=[ \u00a0]?(?:/|per[ \u00a0]))|(?![\w/%-]|\.\d))")  # "$876K/yr", "$375k × 5": thousands of dollars


def _extent(text: str, match: re.Match, before: str) -> tuple[int, str | None, bool]:
    """(end, unit, bare) of the quantity starting at ``match``: a range or fraction extends it; "40:1" is a ratio."""
    end = match.end()
    priced = price(text, match)
    if priced is not None:
        return priced[0], priced[1], False
    ratio = RATIO_AFTER.match(text, end)
    if ratio and not re.search(r"\d:$", before) and "." not in match.group(0):
        return ratio.end(), ratio_unit(text, ratio.end(), match.start()), False
    times = TIMES_AFTER.match(text, end)
    if times:
        return times.end(), "×", False
    fraction = FRACTION_AFTER.match(text, end)
    if fraction and not before.rstrip().endswith("/") and "." not in match.group(0):
        return fraction.end(), "", False
    ranged = RANGE_AFTER.match(text, end)
    second = NUMBER_TOKEN.match(text, ranged.end()) if ranged else None
    if second and unit_after(text, end, before) in (None, ("", end)) and unit_after(text, second.end(), "") not in (None, ("", second.end())):
        end = second.end()
    unit = unit_after(text, end, before)
    if unit is not None:
        return unit[1], unit[0], False
    if AVERAGE_AFTER.match(text, end):
        return end, "", False  # "(788 avg/request)": a mean count, its unit the words' own, in brackets or not
    bare = not re.match(r"[A-Za-z0-9µ]", text[end : end + 1]) and not YEAR.match(match.group(0))
    return end, ("" if bare else None), True


AVERAGE_AFTER = re.compile(r"[ \t]?(?:avg|average|mean)\b(?=[ \t]*(?:/|per\b))", re.IGNORECASE)
"""A mean glued to the number, before what it is per: "788 avg/request", "308 average per request"."""

CONTEXT = 2000  # characters of its sentence a proposal keeps each side: a page with no sentence ends kept it whole per number


def find_numbers(document: Document, skip: list[tuple[int, int]]) -> list[Proposal]:
    """Every number printed as a quantity, outside model and GPU names, written inputs and what is not a quantity."""
    text, found, qualifier_before = document.text, [], qualifier_pattern()
    skipped = _merged(skip)
    for match in NUMBER_TOKEN.finditer(text):
        if _inside(skipped, match.start()) or (found and match.start() < found[-1].end) or not_a_quantity(text, match):
            continue
        before = text[max(0, match.start() - 16) : match.start()]
        end, unit, bare = _extent(text, match, before)
        if unit is None or (bare and match["exponent"] is None and NOT_A_CLAIM_BEFORE.search(before)
                            and not _bracketed_figure(text, match, before)):  # "(3.1 × 10^5) t^2" is a quantity
            continue
        qualifier = qualifier_before.search(before)
        if qualifier and qualifier.group(0).strip() in SPAN_SIGNS and re.search(r"\d\s*$", before[: qualifier.start()]):
            qualifier = None  # "0.90~0.92": the tilde spans the two numbers, it does not make the second approximate
        begin = match.start() - (len(qualifier.group(0)) if qualifier else 0)
        stated = " ".join(text[begin:end].split())
        if unit.startswith("USD"):  # "$2.50/hr" reads 2.50 USD/hour, "$876K/yr" 876e3 USD/year
            scaled = PRICE_SCALE.match(text, match.end())
            stated = " ".join(text[begin : match.end()].split()) + (PRICE_SCALES[scaled[0]] if scaled else "") + " " + unit
        elif unit and text[match.end() : end].split()[0].lower() in QUALIFYING_WORDS:  # "768 output tokens/s" reads 768 tokens/s
            stated = " ".join(text[begin : match.end()].split()) + " " + unit
        elif unit in LARGE_COUNTS and (end == match.end() + 1 or COUNT_SUFFIX.match(text, match.end())):  # "8.9B tokens", "2.10 B parameters": billions of them, never bytes
            stated = " ".join(text[begin : match.end()].split()) + " " + LARGE_COUNTS[unit]
        elif unit == "M" and end == match.end() + 2:  # "= 148.375 M" reads as "148.375M"
            stated = " ".join(text[begin : match.end()].split()) + unit
        if unit and (RATIO_AFTER.match(text, match.end()) or TIMES_AFTER.match(text, match.end())):
            stated = " ".join(text[begin : match.end()].split()) + ("×" if unit == "×" else "")
        try:
            parse_stated(stated)
        except QuantityError:
            continue
        sentence = bounds(text, match.start(), SENTENCE_END)
        if len(found) == limit("numbers_per_document"):
            raise over("numbers_per_document", Location(document.shown, document.position(match.start())[0]), "the page prints more numbers than one scan reads")
        context = text[max(sentence[0], match.start() - CONTEXT) : min(sentence[1], end + CONTEXT)]
        ratio_of = unit if unit not in ("", "×") and RATIO_AFTER.match(text, match.end()) else ""
        found.append(Proposal(match.start(), end, stated, "", context, unit=ratio_of, bare=bare and not qualifier))
    return _with_word_ratios(text, _units_shared(text, found), skipped, qualifier_before)


def _bracketed_figure(text: str, match: re.Match, before: str) -> bool:
    """Whether a bare number alone in brackets is a figure the page recalls ("경계(419)의 절반", "the ridge (419)"): three
    digits or more, or a decimal, where "(1)" and "(12)" number a list or a note, and no sign before the bracket."""
    digits = match.group(0).replace(",", "")
    if not before.endswith("(") or not text.startswith(")", match.end()):
        return False
    return (len(digits.split(".")[0]) >= 3 or "." in digits) and not YEAR.match(digits)


LISTED_AFTER = re.compile(r"[ \t]+(?P<word>at|for|on|with|in)[ \t]+[^\s,;:.!?()|]")
LISTED_BETWEEN = re.compile(r"[ \t]+(?P<word>at|for|on|with|in)[ \t]+[^,;:!?()|\n]{1,30}?(?:,[ \t]*(?:and[ \t]+|or[ \t]+)?|[ \t]+(?:and|or)[ \t]+)")


def _units_shared(text: str, found: list[Proposal]) -> list[Proposal]:
    """A bare number in a list whose first item prints the unit ("8.75 GiB at TP1, 5.88 at TP2 and 4.44 at TP4",
    "0.5 FLOP/byte for float32, 1.0 for float16"): each item is in that unit, told by the same word after it."""
    for k, proposal in enumerate(found):
        if not proposal.bare or k == 0 or not (after := LISTED_AFTER.match(text, proposal.end)):
            continue
        before = found[k - 1]
        between = LISTED_BETWEEN.fullmatch(text, before.end, proposal.start)
        if between is None or between["word"] != after["word"] or before.bare:
            continue
        try:
            unit = parse_stated(before.stated).unit
        except QuantityError:
            continue
        if unit.dimensionless and not unit.text.startswith("USD"):
            continue
        proposal.stated, proposal.bare = f"{proposal.stated} {unit.text}", False
    return found


WORD_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11,
               "twelve": 12, "fifteen": 15, "sixteen": 16, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "hundred": 100,
               "thousand": 1000}
WORD_RATIO = re.compile(
    r"(?i)\b(?:(?P<count>" + "|".join(WORD_COUNTS) + r")(?:-?fold\b|[ \u00a0-]times\b)"
    r"|(?P<twice>twice)(?=[ \u00a0]+(?:as|the|that)\b)|(?P<half>half)(?=[ \u00a0]+(?:the|of|as)\b)"
    r"|(?<=\ba )(?P<part>quarter|third)(?=[ \u00a0]+(?:of|the)\b))"
)
"""A ratio spelled out: "eightfold", "five times faster", "twice as fast", "half the size", "a quarter of the bytes"."""
WORD_PARTS = {"quarter": "0.25", "third": "0.33"}


LEADING_TIMES = re.compile(r"(?:^|(?<=[|(*_])|(?<=[|(][ \u00a0])|(?<=[^\d)\s][ \u00a0]))[xX×](?P<value>\d+(?:\.\d+)?)(?!\w|\.\d|[ \u00a0]*[A-Za-z=(×]|[ \u00a0]+\*)", re.MULTILINE)
"""A ratio printed with its sign first, as a table's "Change" column does ("| x2 |", "×1.5"): the "N×" it is. Not
a factor of a product ("80 ×2", "× 2") nor one that multiplies a counted noun ("×80 layers")."""


def _leading_signs(text: str, found: list[Proposal], skipped) -> list[Proposal]:
    """``found`` and the ratios printed sign first, in place of the bare number after the sign where it was found."""
    signs = []
    for match in LEADING_TIMES.finditer(text):
        if _inside(skipped, match.start()):
            continue
        sentence = bounds(text, match.start(), SENTENCE_END)
        context = text[max(sentence[0], match.start() - CONTEXT) : min(sentence[1], match.end() + CONTEXT)]
        signs.append(Proposal(match.start(), match.end(), f"{match['value']}×", "", context))
    if not signs:
        return found
    taken = {p.end for p in signs}
    return sorted([p for p in found if p.end not in taken] + signs, key=lambda p: p.start)


def _with_word_ratios(text: str, found: list[Proposal], skipped, qualifier_before: re.Pattern) -> list[Proposal]:
    """``found`` and the ratios the text spells out in words, each read as the "N×" a reader takes it for, in order."""
    found = _leading_signs(text, found, skipped)
    if not any(word in text.lower() for word in ("fold", "times", "twice", "half", "quarter", "third")):
        return found  # most pages spell no ratio: one scan in C, not a regular expression's
    words_found = []
    for match in WORD_RATIO.finditer(text):
        if _inside(skipped, match.start()):
            continue
        value = (str(WORD_COUNTS[match["count"].lower()]) if match["count"] else "2" if match["twice"] else "0.5" if match["half"]
                 else WORD_PARTS[match["part"].lower()])
        qualifier = qualifier_before.search(text[max(0, match.start() - 16) : match.start()])
        stated = (qualifier.group(0).strip() + " " if qualifier else "") + f"{value}×"
        sentence = bounds(text, match.start(), SENTENCE_END)
        context = text[max(sentence[0], match.start() - CONTEXT) : min(sentence[1], match.end() + CONTEXT)]
        words_found.append(Proposal(match.start(), match.end(), stated, "", context))
    return sorted(found + words_found, key=lambda p: p.start) if words_found else found


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _inside(spans: list[tuple[int, int]], position: int) -> bool:
    from bisect import bisect_right

    index = bisect_right(spans, (position, float("inf"))) - 1
    return index >= 0 and spans[index][0] <= position < spans[index][1]
