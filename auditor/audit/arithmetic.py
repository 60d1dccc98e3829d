"""Printed arithmetic: an expression a document prints with its result, checked as written.

"162e3 * 32,768 = 5.3GB", "3,350 ÷ 140 = 23.9", "(4 * 819e6 + 30e9) / (16 * 8.1e11) = 2.5 ms": the
page does the sum in front of the reader, so the sum itself is the claim, and no catalogue formula
is needed. A claim with ``arithmetic:`` instead of ``formula:`` holds when the expression, evaluated
exactly with the project's safe parser, gives the stated number at the precision it is printed with.

Names in the expression are values the claim gives (``given: {d_model: 8192}``, from the page's own
setup) or units (``16*GB / 8.2e11``), which scale the number they multiply. Documents leave most
units out of such sums, so the dimensions are the stated result's, and a sum with no unit in it is
read two ways: in the stated unit ("120-104 = 16GB") and in that unit's base unit ("162e3 * 32,768 =
5.3GB", bytes). The reading that holds is the one reported; when neither does, the nearer one, and
a unit slip from ``formulas/slips.yaml`` that reproduces the printed number is the diagnosis.
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from itertools import product

from auditor.base.errors import ExpressionError, InputError, QuantityError
from auditor.base.expressions import SymbolFactory, exponent_past_limit, names_in, parse_expression
from auditor.base.limits import limit
from auditor.base.numbers import show
from auditor.base.precision import rule_on
from auditor.base.quantity import input_half_width, parse_given, parse_input
from auditor.base.units import base_unit_text, parse_unit, unit_or_none
from auditor.claims.compare import compare
from auditor.claims.readings import compare_readings
from auditor.claims.verdicts import Verdict
from auditor.diagnosis.result import Diagnosis

from .findings import Finding
from .input_precision import REMARK

RANK = {Verdict.HOLDS: 0, Verdict.HOLDS_BY_ROUNDING: 1, Verdict.MISMATCH: 2}
HUGE = Fraction(10) ** 300  # past a float's range is no quantity a page means, and float arithmetic on it overflows
MAX_IMPRECISE_SUM = 8  # given inputs with a printed precision: 2^8 corners at most


def audit_arithmetic(claim, catalogue, base: dict) -> Finding:
    """The finding for an ``arithmetic:`` claim: its value, the verdict of the best reading, a unit slip."""
    value, unitless, missing = _evaluate(claim)
    if missing:
        return Finding(**base, verdict=Verdict.UNDERDETERMINED, message=f"missing {', '.join(missing)}", missing=tuple(missing))
    if value is None or abs(value) > HUGE:
        return Finding(**base, verdict=Verdict.INVALID, message="the expression has no finite value" if value is None else "the expression's value is past any quantity's range")
    stated = claim.stated
    dims = stated.unit.dimensions
    readings = [("as printed", value)] + ([(f"in {stated.unit.text}", value * stated.unit.factor)] if unitless and stated.unit.factor != 1 else [])
    # the stated unit read as a formula claim's is ("320 KB" is also 320 KiB: units/readings.yaml)
    compared = [(r, *compare_readings(stated, r[1], dims)) for r in readings]
    (label, chosen), result, unit_reading = min(compared, key=lambda rc: _closeness(rc[1], stated, rc[0][1]))
    note = () if len(readings) == 1 else (f"the expression's numbers read {label}" + ("" if label != "as printed" else f" ({base_unit_text(dims) or 'plain numbers'})"),)
    remarks = ()
    if unit_reading is not None and unit_reading.note:
        stated, remarks = unit_reading.stated, (unit_reading.note,)
    finding = Finding(
        **base, verdict=result.verdict, computed=result.computed, unit=stated.unit.text, computed_base=chosen,
        base_unit=base_unit_text(dims), tolerance=result.tolerance, notes=note, remarks=remarks,
    )
    if result.verdict in (Verdict.MISMATCH, Verdict.HOLDS_BY_ROUNDING):
        decided = _within_inputs(claim, stated, chosen / value if value else 1, dims) or _binary_count(claim.stated, value, unitless)
        if decided:
            return replace(finding, verdict=Verdict.HOLDS, remarks=(decided,) + remarks)
    if result.verdict == Verdict.MISMATCH:
        finding = replace(finding, diagnoses=tuple(_unit_slips(stated, chosen, catalogue)))
    return finding


def _within_inputs(claim, stated, scale, dims: tuple) -> str:
    """Why the sum holds within its given inputs' printed precision (rule input-precision), or "".

    A sum over other printed results ("8 / 12.13 ms" for a table's throughput) meets the
    number that was computed from their unrounded values only within their rounding: the
    expression's range over the intervals its given inputs round from (each at both ends;
    sums, products and quotients are monotone in each input over so narrow a box) is compared.
    """
    if not rule_on("input-precision") or not claim.given:
        return ""
    expr = parse_expression(claim.arithmetic, SymbolFactory())
    values, widths = {}, {}
    for symbol in expr.free_symbols:
        name = str(symbol)
        if name in claim.given:
            raw = claim.given[name]
            printed = parse_input(raw)
            values[symbol] = printed.value * printed.unit.factor
            width = input_half_width(raw, printed) * printed.unit.factor
            if width:
                widths[symbol] = width
        else:
            unit = unit_or_none(name)
            if unit is None:
                return ""
            values[symbol] = unit.factor
    if not widths or len(widths) > MAX_IMPRECISE_SUM:
        return ""
    ends = []
    for corner in product((-1, 1), repeat=len(widths)):
        subs = dict(values)
        for sign, (symbol, width) in zip(corner, widths.items()):
            subs[symbol] = values[symbol] + sign * width
        found = _number(expr.xreplace({k: _sympy_number(v) for k, v in subs.items()}))
        if found is None:
            return ""
        ends.append(Fraction(found) * Fraction(scale))
    low, high = min(ends), max(ends)
    goal = stated.value * stated.unit.factor
    if not (any(compare(stated, end, dims).verdict == Verdict.HOLDS for end in (low, high)) or (stated.comparator in ("=", "range") and low <= goal <= high)):
        return ""
    factor = stated.unit.factor
    inputs = ", ".join(f"{name} = {claim.given[name]}" for name in sorted(str(s) for s in widths))
    return f"{REMARK} ({inputs}): they give {show(low / factor)} to {show(high / factor)} {stated.unit.text}"


def _binary_count(stated, value, unitless: bool) -> str:
    """Why a count of plain numbers holds as printed in binary thousands or millions ("151936 * 1024 = 148.375 M"),
    or "": the quotient by 2^10 or 2^20 must be the printed number exactly, not within a rounding."""
    from auditor.claims.readings import binary_count_suffix

    suffix = binary_count_suffix(stated.text) if unitless and stated.comparator == "=" else None
    if suffix is None or isinstance(value, float) or Fraction(value) / suffix[1] != stated.value:
        return ""
    letter, divisor = suffix
    return f"{letter!r} read as {divisor:,} ({show(Fraction(value))} / {divisor:,} is {show(stated.value)} exactly): the page counts in powers of 1024, as byte sizes are"


def arithmetic_names(text: str) -> set[str]:
    """The names an arithmetic claim's expression uses: the inputs it must be given, or units."""
    try:
        return names_in(text)
    except SyntaxError:
        return set()


def _evaluate(claim) -> tuple[Fraction | float | None, bool, list[str]]:
    """(value in base units, whether no unit appears, names neither given nor units)."""
    try:
        expr = parse_expression(claim.arithmetic, SymbolFactory())
    except ExpressionError as exc:
        raise InputError(claim.location, f"claim {claim.id!r}: arithmetic {claim.arithmetic!r}: {exc}") from None
    values, missing, unitless = {}, [], True
    for symbol in sorted(expr.free_symbols, key=str):
        value = _given(claim, str(symbol))
        if value is None:
            unit = unit_or_none(str(symbol))
            if unit is None:
                missing.append(str(symbol))
                continue
            value, unitless = unit.factor, False
        values[symbol] = value
    if missing:
        return None, unitless, missing
    subs = {s: _sympy_number(v) for s, v in values.items()}
    found = exponent_past_limit(expr, subs)
    if found is not None:
        raise InputError(claim.location, f"claim {claim.id!r}: its given values make the exponent {found[0]} "
                         f"{found[1]}, over the limit of {limit('literal_exponent'):,} (literal_exponent)")
    result = expr.xreplace(subs)
    return _number(result), unitless, []


def _given(claim, name: str):
    if name not in claim.given:
        return None
    try:
        number, unit = parse_given(claim.given[name])
    except QuantityError as exc:
        raise InputError(claim.at(name), f"claim {claim.id!r}: given {name}: {exc}") from None
    return number * unit.factor


def _sympy_number(value):
    import sympy

    return sympy.Rational(value.numerator, value.denominator) if isinstance(value, Fraction) else sympy.Float(value)


def _number(expr) -> Fraction | float | None:
    """A SymPy number as an exact Fraction where it is rational, a float where it is not, None if not finite."""
    if expr.is_Rational:
        return Fraction(int(expr.p), int(expr.q))
    try:
        value = float(expr.evalf(30))
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


def _closeness(result, stated, value) -> tuple:
    """A holding reading first; among mismatches, the one nearest the printed number."""
    target = stated.low.value * stated.unit.factor
    gap = abs(_log(value) - _log(target)) if value and target else math.inf
    return RANK.get(result.verdict, 3), gap


def _log(x) -> float:
    """The natural log of |x|, for a value past a float's range too ("1e308 * 1e308" is a sum a page may print)."""
    if isinstance(x, float):
        return math.log(abs(x))
    x = Fraction(x)
    return math.log(abs(x.numerator)) - math.log(x.denominator)


def _unit_slips(stated, value, catalogue) -> list[Diagnosis]:
    """Unit slips that, applied to the printed label, make the printed number hold."""
    found = []
    for slip in catalogue.unit_slips:
        relabelled = slip.relabelled(stated.unit.text)
        if relabelled is None:
            continue
        try:
            computed = parse_unit(relabelled)
        except QuantityError:
            continue
        if computed.dimensions != stated.unit.dimensions:
            continue
        result = compare(replace(stated, unit=computed), value, stated.unit.dimensions)
        if result.verdict in (Verdict.HOLDS, Verdict.HOLDS_BY_ROUNDING):
            description = f"{slip.computed} printed as {slip.printed} ({slip.reason})"
            found.append(Diagnosis(slip.name, "unit", description, result.computed, 1, (slip.name,)))
    return found
