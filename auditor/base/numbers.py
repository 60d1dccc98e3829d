"""Showing exact and float values the way a reader wants them."""

from __future__ import annotations

import math
from fractions import Fraction

FLOAT_MARGIN = 1e-9
"""How far, relative to a value, a float computation of it is trusted to stay from the exact one.

The float passes that spare the search its exact arithmetic (the stated
number's band, a floor's or a ceiling's step) leave this much room either
side; a derivation of a few dozen operations stays within a millionth of it.
"""


def show(value, digits: int = 4) -> str:
    """An exact integer as itself; anything else to ``digits`` significant figures."""
    if value is None:
        return "?"
    if isinstance(value, float) and math.isinf(value):
        return "∞" if value > 0 else "-∞"
    if isinstance(value, Fraction) and value.denominator == 1:
        value = value.numerator
    if isinstance(value, int):
        return f"{value:,}" if abs(value) >= 10**5 else str(value)
    if isinstance(value, Fraction) and _short_decimal(value, digits):
        return _short_decimal(value, digits)
    x = float(value)
    if x == 0:
        return "0"
    magnitude = math.floor(math.log10(abs(x)))
    if -4 <= magnitude < 6:
        decimals = max(digits - 1 - magnitude, 0)
        return f"{x:.{decimals}f}"
    return f"{x:.{digits - 1}e}"


def as_json_number(value):
    """Exact integers stay integers; other values become floats for JSON."""
    if value is None:
        return None
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    if isinstance(value, int):
        return value
    x = float(value)
    return None if math.isinf(x) or math.isnan(x) else x


def _short_decimal(value: Fraction, digits: int) -> str | None:
    """The exact decimal of a value like 9/10 or 33/64, when it is short."""
    denominator = value.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    if denominator != 1:
        return None
    text = f"{float(value):.{digits + 4}f}".rstrip("0").rstrip(".")
    return text if Fraction(text) == value and len(text.replace("-", "").replace(".", "")) <= digits + 2 else None


_PREFIXES = ((10**15, "P"), (10**12, "T"), (10**9, "G"), (10**6, "M"), (10**3, "k"))
_PREFIXABLE = {"byte": "B", "FLOP": "FLOP", "byte/s": "B/s", "FLOP/s": "FLOP/s", "byte/token": "B/token"}


def with_prefix(value, unit_text: str) -> str:
    """A large base-unit value with a decimal prefix: 1.9788e15 FLOP/s as 1978.8 TFLOP/s."""
    label = _PREFIXABLE.get(unit_text)
    if label is None or value is None or abs(float(value)) < 10**4:
        return f"{show(value)} {unit_text}".strip()
    for factor, prefix in _PREFIXES:
        if abs(float(value)) >= factor:
            return f"{show(value / factor, 5)} {prefix}{label}"
    return f"{show(value)} {unit_text}"
