"""Printing a recomputed value the way the document printed the old one.

A regenerated number must not change the page's typography: "52.2 GiB" stays
one decimal, "131,072" keeps its thousands separators, "1.23 × 10⁵" keeps its
superscript exponent, "4.31e5" its e-notation. A number under a qualifier
("~57×", "about 42,000") claims only its significant digits, so its
insignificant trailing zeros are kept while the value still holds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from auditor.base.errors import QuantityError

SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")
FROM_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻−", "0123456789--")


@dataclass(frozen=True)
class Style:
    """How one number was written, down to the characters a rewrite must reproduce."""

    decimals: int
    thousands: bool
    minus: str
    exponent: int | None = None
    times: str = ""  # " × 10", "×10^": what stands between mantissa and exponent digits
    superscript: bool = False
    e_char: str = ""  # "e" or "E" for 4.31e5
    e_plus: bool = False
    e_width: int = 1
    normalized: bool = False
    trailing_zeros: int = 0


def style_of(text: str) -> Style:
    """Read the style of a number token as ``auditor.documents.locate.NUMBER_TOKEN`` matches it."""
    from .locate import NUMBER_TOKEN

    match = NUMBER_TOKEN.fullmatch(text.strip())
    if not match:
        raise QuantityError(f"not a printed number: {text!r}")
    mantissa, e_part = _split_e(match["mantissa"])
    minus = "−" if mantissa.startswith("−") else "-"
    digits = mantissa.lstrip("-−")
    decimals = len(digits.split(".")[1]) if "." in digits else 0
    integer = digits.split(".")[0].replace(",", "")
    zeros = len(integer) - len(integer.rstrip("0")) if decimals == 0 and integer.strip("0") else 0
    base = dict(decimals=decimals, thousands="," in digits, minus=minus, trailing_zeros=zeros, normalized=len(integer) == 1 and integer != "0")
    if match["exponent"] is not None:
        exp_text = match["exponent"]
        times = match.group(0)[len(match["mantissa"]) : match.start("exponent") - match.start()]
        return Style(**base, exponent=int(exp_text.translate(FROM_SUPERSCRIPT)), times=times, superscript=exp_text != exp_text.translate(FROM_SUPERSCRIPT))
    if e_part is not None:
        e_char, sign_digits = e_part[0], e_part[1:]
        unsigned = sign_digits.lstrip("+-")
        return Style(**base, exponent=int(sign_digits), e_char=e_char, e_plus=sign_digits.startswith("+"), e_width=len(unsigned))
    return Style(**base)


def _split_e(mantissa: str) -> tuple[str, str | None]:
    for e_char in "eE":
        if e_char in mantissa:
            head, tail = mantissa.split(e_char)
            return head, e_char + tail
    return mantissa, None


def round_half_away(x: Fraction, decimals: int) -> Fraction:
    """``x`` rounded to ``decimals`` places (negative: to tens, hundreds), halves away from zero."""
    scale = Fraction(10) ** decimals
    magnitude = math.floor(abs(x) * scale + Fraction(1, 2))
    return Fraction(magnitude if x >= 0 else -magnitude) / scale


def _digits(x: Fraction, decimals: int, thousands: bool, minus: str) -> str:
    rounded = round_half_away(x, decimals)
    scaled = abs(rounded) * Fraction(10) ** max(decimals, 0)
    whole, part = divmod(int(scaled), 10 ** max(decimals, 0))
    text = f"{whole:,}" if thousands else str(whole)
    if decimals > 0:
        text += "." + str(part).zfill(decimals)
    return (minus if rounded < 0 else "") + text


def _exponent_for(x: Fraction, style: Style) -> int:
    """The printed power of ten: the document's own, moved only to keep a normalized mantissa in [1, 10)."""
    exponent = style.exponent
    if not style.normalized or x == 0:
        return exponent
    exponent = math.floor(math.log10(abs(float(x))))
    if abs(round_half_away(x / Fraction(10) ** exponent, style.decimals)) >= 10:
        exponent += 1
    return exponent


def _exponent_text(exponent: int, style: Style) -> str:
    if style.e_char:
        sign = "-" if exponent < 0 else ("+" if style.e_plus else "")
        return f"{style.e_char}{sign}{str(abs(exponent)).zfill(style.e_width)}"
    text = str(exponent)
    if style.superscript:
        return style.times + text.translate(SUPERSCRIPT)
    return style.times + text.replace("-", style.minus)


def format_like(value, text: str, widen: Fraction = Fraction(0)) -> str:
    """``value`` printed in the style of the number token ``text``."""
    if isinstance(value, float) and not math.isfinite(value):
        raise QuantityError(f"cannot print {value} in the style of {text!r}")
    x = Fraction(value)
    style = style_of(text)
    if style.exponent is not None:
        exponent = _exponent_for(x, style)
        mantissa = x / Fraction(10) ** exponent
        return _digits(mantissa, style.decimals, style.thousands, style.minus) + _exponent_text(exponent, style)
    decimals = style.decimals
    if widen and style.trailing_zeros:
        decimals = _qualified_decimals(x, style.trailing_zeros, widen)
    return _digits(x, decimals, style.thousands, style.minus)


def _qualified_decimals(x: Fraction, zeros: int, widen: Fraction) -> int:
    """Keep a qualified number's round zeros while the rounded value still holds within the qualifier."""
    for kept in range(zeros, 0, -1):
        rounded = round_half_away(x, -kept)
        if abs(x - rounded) <= max(Fraction(1, 2), abs(rounded) * widen):
            return -kept
    return 0
