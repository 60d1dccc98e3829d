"""Rounded inputs: a document that rounded a value before using it.

"70.6B parameters" or a ridge of "591" carried into the next line: the
published number then follows from the rounded value, not the exact one. Each
input and intermediate of the derivation is tried rounded to two or three
significant figures, or to an integer. These hypotheses are many, so they are
tried alone, never in pairs.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Iterable

from auditor.base.numbers import show
from auditor.evaluate.evaluation import Evaluation

from .hypotheses import Context, Hypothesis, overriding

SIGNIFICANT_FIGURES = (2, 3)


def rounded_values(ctx: Context) -> Iterable[Hypothesis]:
    for step in _steps(ctx):
        for label, rounded in _roundings(step.value):
            yield Hypothesis(
                f"{step.name} rounded to {label}", "rounding",
                f"{step.name} = {show(step.value, 6)} rounded to {show(rounded, 6)} ({label}) before use", (step.name,),
                lambda state, c, n=step.name, r=rounded, w=label: overriding(state, n, r, f"rounded to {w}"),
                pairs=False, fixed=True,
            )


def _steps(ctx: Context) -> list:
    """The derivation's inputs and intermediates, less the result, constants and integer counts.

    A document rounds what it measured or derived (70.6B parameters, a ridge
    of 591); it does not round a head count or a layer count.
    """
    trace = ctx.trace
    if trace is None:
        evaluation = Evaluation(ctx.catalogue, ctx.bindings)
        try:
            evaluation.value(ctx.claim.formula)
        except Exception:
            return []
        trace = evaluation.trace
    return [s for s in trace if s.name != ctx.claim.formula and s.kind != "constant" and not _a_count(ctx, s.name)]


def _a_count(ctx: Context, name: str) -> bool:
    symbol = ctx.catalogue.symbols.get(name)
    return symbol is not None and "integer" in symbol.domain


def _roundings(value) -> list[tuple[str, Fraction]]:
    if isinstance(value, float) and not math.isfinite(value) or value == 0:
        return []
    exact = Fraction(value)
    found: dict[Fraction, str] = {}
    for figures in SIGNIFICANT_FIGURES:
        rounded = _significant(exact, figures)
        if rounded != exact:
            found.setdefault(rounded, f"{figures} significant figures")
    if abs(exact) >= 10 and exact.denominator != 1:
        found.setdefault(Fraction(round(exact)), "an integer")
    return [(label, rounded) for rounded, label in found.items()]


def _significant(value: Fraction, figures: int) -> Fraction:
    """``value`` rounded half to even at ``figures`` significant figures, in integers (a search rounds every step it tries)."""
    exponent = math.floor(math.log10(abs(value))) - figures + 1
    numerator, denominator = value.numerator, value.denominator
    if exponent >= 0:
        denominator *= 10**exponent
    else:
        numerator *= 10**-exponent
    quotient, remainder = divmod(numerator, denominator)
    if 2 * remainder > denominator or (2 * remainder == denominator and quotient % 2):
        quotient += 1
    return Fraction(quotient * 10**exponent) if exponent >= 0 else Fraction(quotient, 10**-exponent)
