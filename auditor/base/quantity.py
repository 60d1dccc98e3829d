"""Reading numbers the way documents print them, precision included.

"52.2 GiB" is not 52.2: it is anything that rounds to 52.2, so the printed
digits become an interval. Qualifiers ("~57×", "about 15 tokens") widen it by
declared rules (``units/precision.yaml``); comparators ("< 1%", "over 200%")
and ranges ("2–16×") turn it into a bound. The parsed form also remembers how
the number was written, so a rewrite can print a new value the same way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction

from .errors import QuantityError, UnitError
from .limits import limit
from .precision import rule_on, trailing_zeros_cap, words
from .units import Unit, parse_unit

MAX_DIGITS = limit("printed_digits")
MAX_EXPONENT = limit("printed_exponent")
SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")

_NUMBER = r"[-−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?"
_TIMES_TEN = r"\s*(?:×|x|\*|·|⋅)\s*10(?:\^|\*\*)?\s*(?P<{name}>[-−⁻]?[\d⁰¹²³⁴⁵⁶⁷⁸⁹]+)"
_MAGNITUDE = r"(?P<{n}>{num})(?:{tt})?"
_RANGE_SEP = r"\s*(?:–|—|-|~|〜|to)\s*"  # "4.5~5 GB", "4〜8GB": a tilde between two numbers spans them
_FRACTION = re.compile(r"^(?P<p>\d+)\s*/\s*(?P<q>\d+)(?P<rest>.*)$")
_ARITHMETIC = re.compile(r"^(?P<expr>[\d.\s+*/()]+?)\s*(?P<rest>[A-Za-z%×µ].*)?$")


def _magnitude(n: str, e: str) -> str:
    return _MAGNITUDE.format(n=n, num=_NUMBER, tt=_TIMES_TEN.format(name=e))


_SINGLE = re.compile(rf"^{_magnitude('a', 'ae')}(?P<rest>.*)$")
_RANGE = re.compile(rf"^{_magnitude('a', 'ae')}{_RANGE_SEP}{_magnitude('b', 'be')}(?P<rest>.*)$")


@dataclass(frozen=True)
class Printed:
    """One printed number: exact value, half its last digit, and how it was written."""

    value: Fraction
    half_ulp: Fraction
    decimals: int
    exponent: int | None
    thousands: bool
    text: str


@dataclass(frozen=True)
class Stated:
    """A stated quantity: a value or bound in a unit, with what it tolerates."""

    text: str
    comparator: str  # "=", "<", "<=", ">", ">=", "range"
    unit: Unit
    low: Printed
    high: Printed | None = None
    qualifier: str | None = None
    widen: Fraction = Fraction(0)
    exact: bool = False

    @property
    def value(self) -> Fraction:
        if self.high is None:
            return self.low.value
        return (self.low.value + self.high.value) / 2

    def tolerance(self) -> Fraction:
        """Half-width of the band a value may fall in to hold (in the stated unit): the widest rule that applies."""
        return self.band(self.low)

    def band(self, printed: Printed) -> Fraction:
        """The widest single band the rules in force give one printed end; bands never add up."""
        if self.exact:
            return Fraction(0)
        bands = [printed.half_ulp if rule_on("printed-digits") else Fraction(0)]
        if self.qualifier is not None and rule_on("qualified-trailing-zeros"):
            bands.append(min(zeros_half(printed), abs(printed.value) * trailing_zeros_cap(self.unit.dimensionless)))
        if self.qualifier is not None and rule_on("qualifier-band"):
            bands.append(abs(printed.value) * self.widen)
        return max(bands)

    def strict_band(self, printed: Printed) -> Fraction:
        """The band without the qualifier's own width: what the printed digits (and trailing zeros) alone allow."""
        bands = [printed.half_ulp if rule_on("printed-digits") else Fraction(0)]
        if self.qualifier is not None and rule_on("qualified-trailing-zeros"):
            bands.append(min(zeros_half(printed), abs(printed.value) * trailing_zeros_cap(self.unit.dimensionless)))
        return max(bands)

    def in_base_units(self, x: Fraction) -> Fraction:
        return x * self.unit.factor


def _strip_prefix(text: str, table: list) -> tuple[str | None, object, str]:
    lowered = text.lower()
    for key, meaning in table:
        if lowered.startswith(key):
            rest = text[len(key):]
            if key[-1].isalpha() and rest[:1].isalpha():
                continue
            return key, meaning, rest.lstrip()
    return None, None, text


def parse_printed(mantissa: str, exponent: str | None) -> Printed:
    """One number with its precision: ``4.31e5`` has half-ulp 0.005e5."""
    if len(mantissa) > MAX_DIGITS:
        raise QuantityError(f"a number of {len(mantissa)} characters is longer than the {MAX_DIGITS} this reads")
    clean = mantissa.replace("−", "-").replace(",", "")
    exp10 = 0
    if "e" in clean.lower():
        clean, exp_text = re.split("[eE]", clean)
        exp10 = int(exp_text)
    if exponent is not None:
        exp10 += int(exponent.translate(SUPERSCRIPTS).replace("−", "-"))
    if abs(exp10) > MAX_EXPONENT:
        raise QuantityError(f"exponent {exp10} in {mantissa!r} is beyond ±{MAX_EXPONENT}")
    decimals = len(clean.split(".")[1]) if "." in clean else 0
    scale = Fraction(10) ** exp10
    value = Fraction(clean) * scale
    half = Fraction(1, 2) * Fraction(10) ** (-decimals) * scale
    has_exp = exp10 != 0 or exponent is not None or "e" in mantissa.lower()
    return Printed(value, half, decimals, exp10 if has_exp else None, "," in mantissa, mantissa)


_READ: dict = {}  # (type, text) -> Stated, or (error class, message): the same text is read once per process
MAX_READ = 8192


def parse_stated(text: str | int | float) -> Stated:
    """Parse a stated quantity; raises ``QuantityError`` naming what it could not read."""
    memo_key = (type(text), text) if isinstance(text, (str, int, float)) else None
    found = _READ.get(memo_key) if memo_key is not None else None
    if found is None:
        try:
            found = _parse_stated(text)
        except QuantityError as exc:
            found = (type(exc), str(exc))
        if memo_key is not None and len(_READ) < MAX_READ:
            _READ[memo_key] = found
    if isinstance(found, tuple):
        raise found[0](found[1])
    return found


def _parse_stated(text: str | int | float) -> Stated:
    if isinstance(text, bool) or not isinstance(text, (str, int, float)):
        raise QuantityError(f"a quantity must be a number or a string, got {type(text).__name__} {text!r}")
    if isinstance(text, (int, float)):
        text = repr(text) if isinstance(text, float) else _integer_text(text)
    original = text.strip()
    if len(original) > limit("printed_chars"):
        raise QuantityError(f"a printed quantity of {len(original):,} characters is longer than the {limit('printed_chars')} this reads (printed_chars)")
    qualifier, widen, comparator, rest = _words_before(original)
    stated = Stated(original, comparator, parse_unit(""), Printed(Fraction(0), Fraction(0), 0, None, False, ""), None, qualifier, widen)
    return _exact_form(stated, rest) or _range_form(stated, rest) or _single_form(stated, rest)


def _integer_text(value: int) -> str:
    """An integer as digits; one too long to be a printed number is refused before Python refuses to print it."""
    if value.bit_length() > 4 * MAX_DIGITS:
        raise QuantityError(f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits is longer than the {MAX_DIGITS} this reads")
    return str(value)


def _words_before(text: str) -> tuple[str | None, Fraction, str, str]:
    """The qualifier ("about") and comparator ("over") in front of the number, in either order."""
    quals, comps = words()
    qualifier, widen, rest = _strip_prefix(text, quals)
    _, comparator, rest = _strip_prefix(rest, comps)
    if qualifier is None:
        qualifier, widen, rest = _strip_prefix(rest, quals)
    return qualifier, widen or Fraction(0), comparator or "=", rest


def _exact_form(stated: Stated, rest: str) -> Stated | None:
    """"1 + 2/128" or "1/6": exact values that must match exactly."""
    arithmetic = _arithmetic(rest)
    if arithmetic:
        value, unit_text = arithmetic
        printed = Printed(value, Fraction(0), 0, None, False, rest)
        return replace(stated, unit=_unit(unit_text or "", stated.text), low=printed, exact=True)
    fraction = _FRACTION.match(rest)
    if fraction:
        if len(fraction["p"]) + len(fraction["q"]) > MAX_DIGITS:
            raise QuantityError(f"a fraction of {len(fraction['p']) + len(fraction['q'])} digits is longer than the {MAX_DIGITS} this reads")
        if int(fraction["q"]) == 0:
            raise QuantityError(f"{rest[: fraction.start('rest')].strip()!r} divides by zero")
        value = Fraction(int(fraction["p"]), int(fraction["q"]))
        printed = Printed(value, Fraction(0), 0, None, False, rest[: fraction.start("rest")].strip())
        return replace(stated, unit=_unit(fraction["rest"], stated.text), low=printed, exact=True)
    return None


def _range_form(stated: Stated, rest: str) -> Stated | None:
    """"2–16×": both ends printed, each with its own precision."""
    ranged = _RANGE.match(rest) if stated.comparator == "=" else None
    if not ranged or ranged["rest"].strip()[:1] == "/":
        return None
    low, high = parse_printed(ranged["a"], ranged["ae"]), parse_printed(ranged["b"], ranged["be"])
    return replace(stated, comparator="range", unit=_unit(ranged["rest"], stated.text), low=low, high=high)


def _single_form(stated: Stated, rest: str) -> Stated:
    single = _SINGLE.match(rest)
    if not single:
        raise QuantityError(f"cannot read a number in {stated.text!r}")
    printed = parse_printed(single["a"], single["ae"])
    return replace(stated, unit=_unit(single["rest"], stated.text), low=printed)


def zeros_half(printed: Printed) -> Fraction:
    """Half the last significant digit of an integer whose trailing zeros are not significant: 820 gives 5."""
    digits = printed.text.replace(",", "").lstrip("-−")
    if printed.decimals or printed.exponent is not None or not digits.isdigit():
        return printed.half_ulp
    zeros = len(digits) - len(digits.rstrip("0"))
    if zeros == 0 or zeros == len(digits):
        return printed.half_ulp
    return Fraction(1, 2) * 10**zeros


def with_unit(stated: Stated, unit_text: str) -> Stated:
    """Attach the unit a document left to context ("INT8 = 1 + 2/128", bytes)."""
    if not stated.unit.dimensionless or stated.unit.text not in ("dimensionless",):
        raise QuantityError(f"{stated.text!r} already has a unit; 'unit:' is only for numbers printed without one")
    return replace(stated, unit=parse_unit(unit_text))


def _arithmetic(text: str) -> tuple[Fraction, str] | None:
    """An exact literal sum such as ``1 + 2/128`` or ``0.5 + 2/128``, and what follows it."""
    match = _ARITHMETIC.match(text)
    if not match or not re.search(r"[+*]|\d\s*/\s*\d.*[+*/]", match["expr"]):
        return None
    from .literal import literal_value

    value = literal_value(match["expr"])
    return None if value is None else (value, match["rest"])


_ATTACHED_COUNT = re.compile(r"^(?P<suffix>[kKMT]|bn)(?=\s|$)")
COUNT_SUFFIXES = {"k": "thousand", "K": "thousand", "M": "million", "T": "trillion", "bn": "billion"}


def _unit(rest: str, original: str) -> Unit:
    attached = _ATTACHED_COUNT.match(rest)
    if attached:
        # "245k tokens": a count suffix written against the digits, not a unit prefix
        rest = f"{COUNT_SUFFIXES[attached['suffix']]} * {rest[len(attached['suffix']):].strip() or '1'}"
    rest = rest.strip()
    try:
        return parse_unit(rest)
    except QuantityError:
        raise UnitError(f"unknown unit {rest!r} in {original!r}") from None


def parse_given(text: str | int | float) -> tuple[Fraction, Unit]:
    """An input value in its unit; no comparator or range allowed."""
    stated = parse_input(text)
    return stated.value, stated.unit


def parse_input(text: str | int | float) -> Stated:
    """An input as printed, keeping its precision; no comparator, qualifier or range allowed."""
    stated = parse_stated(text)
    if stated.comparator not in ("=",) or stated.qualifier:
        raise QuantityError(f"an input must be a plain value, got {stated.text!r}")
    return stated


def input_half_width(raw: object, stated: Stated) -> Fraction:
    """Half the interval a printed input rounds from, in its unit (rule input-precision).

    Only text printed with decimals carries precision ("8.11 GiB", "70.6B",
    "1.97e14"); an integer ("24 GB", "8192") or a YAML number is an exact setting.
    """
    if not isinstance(raw, str) or stated.exact or stated.low.decimals == 0:
        return Fraction(0)
    return stated.low.half_ulp
