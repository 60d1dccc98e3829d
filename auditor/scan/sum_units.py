"""How the units a printed sum leaves out decide whether it is proposed, and how it is read.

Pages do their sums in front of the reader and drop units as they go: "12.24M × 730 hrs" is tokens an
hour for 730 hours, "80x32-530=2TB" prints no unit before its result, "6144 floats × 80 layers ≈ 2 MB"
counts things without their size. Each reading here either reads such a sum as the page meant it or
says why it is not proposed: a sum read in a unit the page did not mean would be a confident false alarm.
"""

from __future__ import annotations

import re
from functools import lru_cache
from fractions import Fraction

from auditor.base.errors import QuantityError
from auditor.base.units import parse_unit, unit_or_none

from .locate import Proposal
from .sums import _is_unit


UNIT_FACTOR = re.compile(r"\(([\d.eE+-]+)\*([A-Za-zµ]+)\)")
"""A number times its unit as the sum's expression writes it ("(365*days)")."""


def _counted(expression: str, matches: list[re.Match]) -> str:
    """The expression with each of ``matches`` (``UNIT_FACTOR``) read as its bare number."""
    for match in reversed(matches):
        expression = expression[: match.start()] + match[1] + expression[match.end() :]
    return expression


def time_counted(expression: str, proposal: Proposal) -> tuple[str, str] | None:
    """The sum with its spans of time read as counts, where the page leaves the rate they multiply without its
    "per hour": "12.24M × 730 hrs = 8.9B tokens" is 12.24M tokens an hour for 730 hours, not 2.6 million seconds.
    Only where the result has no time in it and no unit of the sum is per time. None otherwise."""
    from auditor.base.quantity import parse_stated

    try:
        stated = parse_stated(proposal.stated)
    except QuantityError:
        return None
    dims = dict(stated.unit.dimensions)
    if "[time]" in dims or proposal.unit:
        return None
    timed, shown = [], []
    for match in UNIT_FACTOR.finditer(expression):
        unit = unit_or_none(match[2])
        if unit is not None and dict(unit.dimensions) == {"[time]": 1}:
            timed.append(match)
            shown.append(f"{match[1]} {match[2]}")
    per_time = any(d.get("[time]", 0) < 0 for d in (dict(u.dimensions) for u in map(unit_or_none, re.findall(r"[A-Za-z]+(?:/[A-Za-z]+)?", expression)) if u))
    if not timed or per_time:
        return None
    return _counted(expression, timed), ", ".join(shown)


PERIOD_COUNTS = {"3600": ("s", "hour", "seconds in an hour"), "86400": ("s", "day", "seconds in a day"), "24": ("hour", "day", "hours in a day"),
                 "168": ("hour", "week", "hours in a week"), "720": ("hour", "month", "hours in a month"), "730": ("hour", "month", "hours in a month"),
                 "744": ("hour", "month", "hours in a month"), "8760": ("hour", "year", "hours in a year"), "365": ("day", "year", "days in a year"),
                 "52": ("week", "year", "weeks in a year")}
"""A bare count a page converts a rate's period by, and the two periods it stands between (3,600 seconds an hour); counts
as common as 60, 30 or 12 are left out, which a sum multiplies by for many other reasons."""


def period_readings(expression: str) -> list[tuple[str, str]]:
    """The sum with one bare period count read as the conversion it is, for each such count where the sum prints a rate
    over the shorter period: "67 tok/s × 3,600 = 241,200 tokens/hr" turns seconds into hours, 3,600 s an hour."""
    rates = {unit_or_none(u) for u in re.findall(r"(?<=/)[A-Za-z]+", expression)} - {None}
    found = []
    for match in BARE_NUMBER.finditer(expression):
        periods = PERIOD_COUNTS.get(match[1])
        if periods is None or not any(u.factor == unit_or_none(periods[0]).factor and dict(u.dimensions) == {"[time]": 1} for u in rates):
            continue
        reading = expression[: match.start()] + f"({match[1]}*{periods[0]}/{periods[1]})" + expression[match.end() :]
        found.append((reading, f"{match[1]} read as the {periods[2]}: the sum turns a rate per {periods[0]} into one per {periods[1]}"))
    return found


def conversion_chain(expression: str, proposal: Proposal) -> tuple[str, str] | None:
    """A product whose every factor prints a unit of the result's own kind read as the page's chain of conversions:
    "365 days × 24 hours × 3,600 sec = 31,536,000 seconds" is 365 days of 24 hours of 3,600 seconds, a count of
    seconds, not a time cubed. Only a product of such factors and bare numbers, two of them or more with units, whose
    units as printed do not give the result's dimensions. (expression, what it says), or None."""
    from auditor.base.quantity import parse_stated

    if re.search(r"[-+/]", UNIT_FACTOR.sub("1", expression)):
        return None
    try:
        wanted = dict(parse_stated(proposal.stated if not proposal.unit else f"{proposal.stated} {proposal.unit}").unit.dimensions)
    except QuantityError:
        return None
    factors = [(m, unit_or_none(m[2])) for m in UNIT_FACTOR.finditer(expression)]
    if len(factors) < 2 or not wanted or any(u is None or dict(u.dimensions) != wanted for _, u in factors) or dimensions_of(expression) == wanted:
        return None
    return _counted(expression, [m for m, _ in factors]), f"{', '.join(f'{m[1]} {m[2]}' for m, _ in factors)}: a chain of conversions, counted in the result's unit"


UNIT_DIVISOR = re.compile(r"\s*/\s*\(?(?P<divisor>1024|1048576|1073741824|1099511627776|1000|1000000|1000000000|1e[369]|1e12)\)?\s*$")
BYTE_OPERAND = re.compile(r"\((?P<number>[\d.]+(?:e[-+]?\d+)?)\*(?:bytes?|B)\)")


def divided_into_unit(expression: str, proposal: Proposal) -> tuple[str, str] | None:
    """The sum of bytes divided by a power of 1024 or 1000 read in the result's own unit: "20,401,094,656 bytes /
    1,073,741,824 ≈ 19 GB" is the page's conversion to its GB, whatever it calls 2^30 bytes, as "(2 × 8192 × ...) /
    1,073,741,824 = 20 GB" with bare operands already is. Read as bytes, the quotient is 19 bytes, and a page that
    shows its divisor hides no conversion: flagging it 10^9 off would be a false alarm. (expression, what it says), or None."""
    found = _size_over(UNIT_DIVISOR, expression, proposal, {"[information]": 1})
    if found is None:
        return None
    match, _ = found
    bare = BYTE_OPERAND.sub(lambda m: m["number"], expression)
    if dimensions_of(bare) != {}:
        return None  # another size unit among its operands ("(2*GB) / 1024"): no plain conversion from bytes
    return bare, f"bytes divided by {match['divisor']}, the page's conversion to the unit it prints the result in"


BINARY_DIVISOR = re.compile(r"\s*/\s*\(?\s*(?P<divisor>1024(?:\s*\*\*\s*[123])?|1048576|1073741824|1099511627776|2\s*\*\*\s*(?:10|20|30|40))\s*\)?\s*$")
"""A sum's last step dividing by a binary prefix: "/ 1,073,741,824", "/ (1024**3)", "/ 2**30"."""


def binary_count_in_bytes(expression: str, proposal: Proposal) -> tuple[str, str] | None:
    """A bare sum divided by a power of 1024, taken at the size in bytes it counts: "(2 × 8192 × 8192 × 80 × 2) /
    1,073,741,824 = 19 GB" counts 20 GiB, 21.5 GB. Read in the result's own unit the quotient is the page's GB, as
    ``divided_into_unit`` reads it, so a sum that holds that way is the page's convention and never flagged; one that
    misses is checked at what it really sizes, so the number the reader needs is the one the check gives. Only for a
    result printed in bytes at the prefix the divisor is: (expression, what it says), or None."""
    found = _size_over(BINARY_DIVISOR, expression, proposal, {})
    if found is None:
        return None
    match, stated = found
    base, _, exponent = re.sub(r"\s", "", match["divisor"]).partition("**")
    power = {1024**k: k for k in (1, 2, 3, 4)}[int(base) ** int(exponent or 1)]  # 1024**3, 2**30 and 1073741824 alike
    if stated.unit.factor != 1000 ** power:
        return None  # "/ 1024**3 = 0.5 MB" prints another prefix than the one it divides by
    counted = expression[: match.start()].strip()
    grouped = counted.startswith("(") and counted.endswith(")") and _balanced(counted[1:-1])
    return f"{counted if grouped else f'({counted})'} * B", f"divided by {match['divisor']}, a count of {'KMGT'[power - 1]}iB: checked at the bytes it sizes"


def _size_over(divisor: re.Pattern, expression: str, proposal: Proposal, dimensions: dict):
    """(the divisor's match, the printed number) for a sum of the given dimensions whose last step divides by
    ``divisor`` and whose result prints a size in bytes; None otherwise."""
    from auditor.base.quantity import parse_stated

    match = divisor.search(expression)
    if match is None or dimensions_of(expression) != dimensions:
        return None
    try:
        stated = parse_stated(proposal.stated)
    except QuantityError:
        return None
    return (match, stated) if dict(stated.unit.dimensions) == {"[information]": 1} else None


def _balanced(text: str) -> bool:
    """Whether every bracket the text opens it also closes, never closing more than it opened."""
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


BARE_NUMBER = re.compile(r"(?<![\w.*])(\d+(?:\.\d+)?(?:e[-+]?\d+)?)(?![\w.*])")


def bare_in_partners_unit(expression: str, proposal: Proposal) -> tuple[str, str] | None:
    """The sum with its bare numbers in the unit of the figure they are worked with, where only that reading gives
    the result's dimensions: "372 / 2.62 GB/seq = 143 sequences" divides 372 GB, the budget worked out above with
    its unit, by each sequence's 2.62 GB; read bare, the quotient is per byte and 10^9 off. Every operand that
    prints a unit must print the same one, and the bare numbers take its numerator ("GB" of "GB/seq").
    (expression, what it says), or None."""
    from auditor.base.quantity import parse_stated

    own = dimensions_of(expression)
    units = {m[0] for m in re.finditer(r"(?<=\*)(?:\([A-Za-zµ_][\w/µ]*\)|[A-Za-zµ_][\w/µ]*)(?=\))", expression)}
    if own is None or len(units) != 1:
        return None
    try:
        stated = parse_stated(proposal.stated if not proposal.unit else f"{proposal.stated} {proposal.unit}")
    except QuantityError:
        return None
    wanted = {name: Fraction(p) for name, p in stated.unit.dimensions}
    if own == wanted:
        return None
    numerator = units.pop().strip("()").split("/")[0]
    if not _is_unit(numerator):
        return None
    read = BARE_NUMBER.sub(lambda m: f"({m[1]}*{numerator})", expression)
    if read == expression or dimensions_of(read) != wanted:
        return None
    return read, f"its bare numbers read in {numerator}, the unit of the figure they are worked with: read bare, the result is not in its own unit"


SCALED_COUNT = re.compile(r"(?<![\w.*])\d+(?:\.\d+)?e\+?(?:[3-9]|1\d)(?![\w*])")
"""A bare operand printed to its scale ("828M", "69e6", "1.2e12"): a count in base units, not a figure whose unit prefix
the page left out."""


def unit_left_unprinted(expression: str, proposal: Proposal) -> str | None:
    """Why a sum of bare numbers is not proposed: its result agrees with it only in another prefix of its unit.

    "80x32-530=2TB" is 2,030 of something and 2 TB: right if the operands are
    gigabytes, wrong if they are terabytes, and the page prints neither. Read
    in the result's unit it would be a confident false alarm; read in the
    prefix that makes it hold it would hide the real slip of the same shape,
    so the number is located and not proposed.
    """
    from auditor.base.literal import literal_value
    from auditor.base.quantity import parse_stated

    value = literal_value(expression)
    if value is None and re.search(r"\d", re.sub(r"\([^()]*\*[A-Za-zµ][\w/µ]*\)", "", expression)):
        value = literal_value(_unit_factors(expression))  # "190 * 2 * 6 / (4500*TFLOPs)": bare operands beside a unit
    if value is None or value == 0:
        return None
    try:
        stated = parse_stated(proposal.stated)
    except QuantityError:
        return None
    if stated.comparator != "=" or stated.value == 0:
        return None
    if stated.unit.dimensionless and re.search(r"[A-Za-z]", re.sub(r"\d[eE][-+]?\d", "", expression)):
        return None  # a bare result only of bare numbers ("1,979 / (2 × 3.35 × 10^12 / 2) ≈ 590", 1,979 in TFLOPS): "52 billion * 2 = 104e12" is a slip
    factor = stated.unit.factor
    slack, printed = stated.tolerance() * factor, stated.value * factor

    def agrees(unit) -> bool:  # the operands read in ``unit`` (a factor to base units)
        return abs(value * unit - printed) <= max(slack, abs(printed) / 200)

    if agrees(1) or agrees(factor):  # base units, or the result's own unit: a reading the engine takes
        return None
    if SCALED_COUNT.search(expression) and UNIT_OPERAND.search(expression):
        return None  # "828M / (312 TFLOPS × 0.9) = 2.95 ms": a count printed to its scale is so many of the thing itself
    for power in (1, 2, 3, 4, -1, -2, -3, -4):  # another decimal prefix (a binary one is a slip the audit names); "190 * 2 * 6 / 4500 TFLOPs" is 190e9
        if agrees(factor * Fraction(1000) ** -power):
            return (f"its bare numbers print no unit, and the result agrees with them only if they are in a unit "
                    f"1000**{power} times smaller than {'the result' if stated.unit.dimensionless else stated.unit.text}: not proposed")
    return None


def size_left_unprinted(expression: str, proposal: Proposal) -> str | None:
    """Why a sum that counts things with a size ("6144 floats × 80 layers ≈ 2 MB") is not proposed: its result is
    in bytes, its operands print no bytes, and read as bytes they do not give it; the size of each thing is left out."""
    from auditor.base.literal import literal_value
    from auditor.base.quantity import parse_stated

    value = literal_value(expression)
    try:
        stated = parse_stated(proposal.stated if not proposal.unit else f"{proposal.stated} {proposal.unit}")
    except QuantityError:
        return None
    if value is None or ("[information]", 1) not in stated.unit.dimensions or stated.comparator != "=":
        return None
    printed, slack = stated.value * stated.unit.factor, stated.tolerance() * stated.unit.factor
    if abs(value - printed) <= max(slack, abs(printed) / 200):
        return None
    return "its operands count things whose size in bytes it does not print, and its result is in bytes: not proposed"


PRICED = re.compile(r"\*(?:usd|\(usd/[a-z]+\))\)")  # "(2*usd)", "(2*(usd/hour))": a price as a sum writes it
UNIT_OPERAND = re.compile(r"\((?P<number>[\d.]+(?:e[-+]?\d+)?)\*(?:[A-Za-zµ_][\w/µ]*|\([A-Za-zµ_][\w/µ]*\))\)")
LOOSE_UNIT = re.compile(r"\s*[*/]\s*(?P<name>[A-Za-zµ_]\w*)(?![\w(])")  # "(18e6*tok) /hr": a unit the page wrote after a count
PER_MILLION = re.compile(r"[ \u00a0]*(?:/[ \u00a0]*1?[ \u00a0]?M\b|per[ \u00a0]+(?:1[ \u00a0]?M\b|million\b|1,000,000\b))")


def priced_readings(expression: str, after_result: str, result_unit: str, page: str = "") -> list[tuple[str, str]]:
    """The readings of a sum in prices to try, in order, each with what it says ('' for the sum as printed):
    a page works a price with its units dropped as it goes ("8 x $2 = $16/hr", "$48 ÷ 115M ≈ $0.42 / M",
    "($10/hr / 4000 tok/s) x (1M / 3600)", its hours turned to seconds by hand), so its numbers are also read
    bare, in the result's unit, and for a result priced per million, times a million. A sum whose every price
    ``page`` prints per million elsewhere ("at $0.14/M tokens", then "100×$0.14 + 300×$0.028 = $0.0000224") is also
    read with those prices per token. [] for a sum with no price in it."""
    if not PRICED.search(expression):
        return []
    bare = LOOSE_UNIT.sub(lambda m: "" if _is_unit(m["name"]) else m[0], UNIT_OPERAND.sub(lambda m: m["number"], expression))
    unit = f"({result_unit})" if result_unit else "usd"
    readings = [(expression, "")]
    if page and not PER_MILLION.match(after_result) and (shown := _priced_per_million(expression, page)):
        readings.append((f"({expression}) / 1e6", f"its prices are per million tokens, as the page prints {shown}: the sum over a million"))
    if PER_MILLION.match(after_result):
        readings += [(f"({expression}) * 1e6", "the result is per million: the sum times a million"),
                     (f"({bare}) * 1e6 * {unit}", "its numbers read bare, in the result's unit, and the result per million: times a million")]
    return readings + [(f"({bare}) * {unit}", "its numbers read bare, in the result's unit, as the page converts its units by hand")]


def _priced_per_million(expression: str, page: str) -> str:
    """The first of the sum's prices as ``page`` prints it per million ("$0.14/M"), when it prints every one of them
    so; '' otherwise. Bare prices of a page that prices tokens by the million are those prices."""
    printed = _prices_per_million(page)
    amounts = dict.fromkeys(m["number"] for m in UNIT_OPERAND.finditer(expression) if m[0].endswith("*usd)"))
    shown = [printed.get(Fraction(amount)) for amount in amounts]
    return shown[0] if shown and None not in shown else ""


PRINTED_PER_MILLION = re.compile(rf"\$[ \u00a0]?(?P<amount>\d{{1,12}}(?:\.\d{{1,12}})?)(?![\d.]){PER_MILLION.pattern}")


@lru_cache(maxsize=4)
def _prices_per_million(page: str) -> dict:
    """Each amount the page prints as a price per million tokens ("$0.14/M tokens"), by value, as printed: read once a
    page, however many sums ask."""
    found: dict = {}
    for match in PRINTED_PER_MILLION.finditer(page):
        found.setdefault(Fraction(match["amount"]), match[0].strip())
    return found


def dimensions_of(expression: str) -> dict | None:
    """The dimensions the sum's units give it ({"[currency]": 1, "[time]": -1}), read from its unit names alone; None when
    a name is no unit, or when its terms add up quantities of different dimensions."""
    import sympy

    from auditor.base.errors import ExpressionError
    from auditor.base.expressions import SymbolFactory, parse_expression

    try:
        expr = parse_expression(expression, SymbolFactory())
    except ExpressionError:
        return None
    subs = {}
    for symbol in expr.free_symbols:
        unit = unit_or_none(str(symbol))
        if unit is None:
            return None
        subs[symbol] = sympy.Mul(*[sympy.Symbol(name, positive=True) ** sympy.Rational(p.numerator, p.denominator) for name, p in unit.dimensions])
    terms = sympy.expand(expr.xreplace(subs))
    found = {tuple(sorted((str(b), e) for b, e in t.as_coeff_Mul()[1].as_powers_dict().items() if b != 1)) for t in sympy.Add.make_args(terms)}
    return {name: Fraction(int(p.p), int(p.q)) for name, p in found.pop()} if len(found) == 1 else None


def _unit_factors(expression: str) -> str:
    """The expression with each unit name as its factor to base units ("4500*TFLOPs" as 4500*(10**12)); a name that is
    no unit is left, so the expression is no literal."""
    def factor(match: re.Match) -> str:
        if not _is_unit(match[0]):
            return match[0]
        value = parse_unit(match[0]).factor
        return f"({value.numerator}/{value.denominator})"

    return re.sub(r"(?<![\d.eE])[A-Za-zµ_][A-Za-z0-9_µ]*", factor, expression)
