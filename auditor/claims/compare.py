"""Deciding a verdict: does the recomputed value hold at the precision printed?

A bare number holds when the value rounds to it; holds-by-rounding when it
is off by more than half the last digit but not by a whole one (the document
truncated, or rounded an intermediate); a comparator or a range is a bound.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from auditor.base.numbers import FLOAT_MARGIN
from auditor.base.precision import rule_on
from auditor.base.quantity import Stated
from auditor.base.units import Unit, other_prefix_factor

from .verdicts import Verdict

RELATIVE_EPSILON = Fraction(1, 10**12)


@dataclass(frozen=True)
class Comparison:
    verdict: Verdict
    computed: Fraction | float | None
    tolerance: Fraction


def compare(stated: Stated, computed_base, result_dims: tuple) -> Comparison:
    """Compare a value in base units with a stated quantity."""
    if stated.unit.dimensions != result_dims:
        return Comparison(Verdict.UNIT_ERROR, None, Fraction(0))
    if isinstance(computed_base, float) and (math.isnan(computed_base)):
        return Comparison(Verdict.INVALID, None, Fraction(0))
    shown = _in_unit(computed_base, stated.unit)
    tolerance = stated.tolerance()
    verdict = _verdict(stated, shown, tolerance)
    if verdict.holds and _band_hides_other_prefix(stated, computed_base, shown):
        verdict = Verdict.MISMATCH
    return Comparison(verdict, shown, tolerance)


def _band_hides_other_prefix(stated: Stated, computed_base, shown) -> bool:
    """Rule qualifier-band, its limit: "~36 MB" for 37.7 MB holds only by the qualifier's 5%, while the same value is
    36 MiB to the printed digit. A number that reads exactly in the other family of prefixes (1024 for 1000, or the
    reverse) and misses in its own without the band was computed in that family and labelled in this one: the band
    says the page was loose, not that it rounded 37.7 to 36."""
    if stated.qualifier is None or not stated.widen or stated.comparator != "=" or stated.high is not None or not rule_on("qualifier-band"):
        return False
    if isinstance(shown, float) or isinstance(computed_base, float):
        return False
    other = other_prefix_factor(stated.unit)
    if other is None:
        return False
    printed, strict = stated.low.value, stated.strict_band(stated.low)
    slack = abs(printed) * RELATIVE_EPSILON
    return abs(shown - printed) > strict + slack and abs(Fraction(computed_base) / other - printed) <= strict + slack


def float_band(stated: Stated) -> tuple[float, float, float] | None:
    """(centre, half-width, unit factor) in floats, wider than any band ``compare`` accepts; None for bounds."""
    if stated.comparator != "=":
        return None
    try:
        low = float(stated.low.value)
        window = float(max(stated.tolerance(), 2 * stated.low.half_ulp)) + abs(low) * FLOAT_MARGIN
        return low, window * (1 + 1e-6) + 1e-300, float(stated.unit.factor)
    except (OverflowError, ZeroDivisionError, TypeError, ValueError):
        return None


def surely_not_close(band: tuple[float, float, float] | None, computed_base) -> bool:
    """True only when ``compare`` would give neither holds nor holds-by-rounding, judged in floats.

    Diagnosis compares hundreds of candidate values with one stated number,
    and nearly all are far off; a float test with a generous margin rejects
    those without exact arithmetic, and leaves every close call to ``compare``.
    """
    if band is None:
        return False
    try:
        x = float(computed_base) / band[2]
    except (OverflowError, ZeroDivisionError, TypeError, ValueError):
        return False
    return not math.isnan(x) and abs(x - band[0]) > band[1]


def _in_unit(value, unit: Unit):
    if isinstance(value, float):
        return value / float(unit.factor)
    return Fraction(value) / unit.factor


def _verdict(stated: Stated, x, tolerance: Fraction) -> Verdict:
    if isinstance(x, float) and math.isinf(x):
        return Verdict.HOLDS if stated.comparator in (">", ">=") and x > 0 else Verdict.MISMATCH
    low, high = stated.low.value, stated.high.value if stated.high else stated.low.value
    slack = max(abs(low), abs(high)) * RELATIVE_EPSILON
    bound = BOUNDS.get(stated.comparator)
    if bound is not None:
        return Verdict.HOLDS if bound(x, low, slack) else Verdict.MISMATCH
    if stated.comparator == "range":
        widen_low, widen_high = _range_tolerance(stated)
        return Verdict.HOLDS if low - widen_low - slack <= x <= high + widen_high + slack else Verdict.MISMATCH
    if abs(x - low) <= tolerance + slack:
        return Verdict.HOLDS
    if truncated(stated, x, slack):
        return Verdict.HOLDS_BY_ROUNDING
    return Verdict.MISMATCH


BOUNDS = {
    "<": lambda x, low, slack: x < low + slack,
    "<=": lambda x, low, slack: x <= low + slack,
    ">": lambda x, low, slack: x > low - slack,
    ">=": lambda x, low, slack: x >= low - slack,
}


def truncated(stated: Stated, x, slack=Fraction(0)) -> bool:
    """Rule truncation: a number less than one full last digit below the value.

    Truncating drops digits, so the printed number is never farther from
    zero than the value: 8.03 can be printed 8.0, never 8.1. After a
    qualifier that gives no band of its own ("≈") the number is still only
    as strict as bare: "≈ 2.6 GB" for 2.68 is the same cut as "2.6 GB". A
    qualifier with a band ("~", "about") says how loose it is instead.
    """
    if stated.exact or (stated.qualifier is not None and stated.widen) or not rule_on("truncation"):
        return False
    printed = stated.low.value
    return abs(x) > abs(printed) and (x >= 0) == (printed >= 0) and abs(x - printed) < 2 * stated.low.half_ulp - slack


def _range_tolerance(stated: Stated) -> tuple[Fraction, Fraction]:
    return stated.band(stated.low), stated.band(stated.high)
