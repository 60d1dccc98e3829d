"""Unstated inputs inferred across claims: one value that makes several claims of a document hold.

A document that never states its achieved MFU, or its cost-saved fraction,
may still print several numbers that follow from one value of it. For each
input that two or more claims of one claims file leave as their only
missing one, the values that make each claim hold within its precision are
found numerically (a grid over the symbol's domain, edges refined by
bisection; each point in floats through the compiled code, recomputing
only what the symbol reaches, or exactly where the derivation has a step a
float could land on the wrong side of). When one value fits all of
them, each finding stays ``underdetermined`` (the document never states
the value, so none of its numbers is verified) and carries that value and
how many claims it fits. A value that fits a single claim is no evidence and
is not reported.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import replace
from fractions import Fraction

from auditor.base.numbers import show, with_prefix
from auditor.claims.verdicts import Verdict
from auditor.evaluate.evaluation import Evaluation
from auditor.evaluate.resolve import resolve
from auditor.evaluate.variation import Variation
from auditor.inputs.reference import Sourced

GRID = 160
BISECTIONS = 40


def infer_unstated(claims: list, findings: list, project) -> list:
    """The findings, with the inferred value added to each group of claims that share one."""
    groups = defaultdict(list)
    for index, (claim, finding) in enumerate(zip(claims, findings)):
        if finding.verdict == Verdict.UNDERDETERMINED and len(finding.missing) == 1 and claim.stated is not None:
            groups[(claim.location.path, finding.missing[0])].append(index)
    out = list(findings)
    for (_, symbol), members in groups.items():
        if len(members) < 2:
            continue
        common = _common([_fitting(claims[i], project, symbol) for i in members])
        if common:
            note = _describe(project, symbol, common, len(members))
            for i in members:
                out[i] = replace(out[i], message=f"{out[i].message}; {note}", inferred=(symbol, common[0], common[1], len(members)))
    return out


def _fitting(claim, project, symbol: str) -> list[tuple[float, float]]:
    """The intervals of the symbol's value (base units) at which the claim holds.

    The formula is evaluated on a grid; in each cell where its value passes
    through the stated band, the band's edges are found by bisection.
    """
    catalogue = project.catalogue
    bindings = resolve(claim, catalogue, project.inputs)
    at = _Values(claim, catalogue, bindings, symbol)
    low, high = _band(claim.stated)
    grid = _grid(catalogue.symbols[symbol])
    values = [at(x) for x in grid]
    spans = []
    for (a, fa), (b, fb) in zip(zip(grid, values), zip(grid[1:], values[1:])):
        if fa is None or fb is None or max(fa, fb) < low or min(fa, fb) > high:
            continue
        ends = [_crossing(at, a, b, edge) if min(fa, fb) < edge < max(fa, fb) else None for edge in (low, high)]
        inner = [x for x in ends if x is not None]
        start = min(inner + [a]) if (low <= fa <= high) else min(inner or [a])
        stop = max(inner + [b]) if (low <= fb <= high) else max(inner or [b])
        spans.append((min(start, stop), max(start, stop)))
    return _merged(spans)


def _band(stated) -> tuple[float, float]:
    """The base-unit values the stated number accepts (its printed precision; a bound is open on one side)."""
    factor, tolerance = float(stated.unit.factor), float(stated.tolerance())
    low = float(stated.low.value)
    high = float(stated.high.value) if stated.high is not None else low
    if stated.comparator in ("<", "<="):
        return -math.inf, low * factor
    if stated.comparator in (">", ">="):
        return low * factor, math.inf
    return (low - tolerance) * factor, (high + tolerance) * factor


def _grid(symbol) -> list[float]:
    if symbol.domain == "fraction":
        return [i / GRID for i in range(1, GRID + 1)]
    low, high = math.log10(1e-9 * float(symbol.unit.factor)), math.log10(1e15 * float(symbol.unit.factor))
    return [10 ** (low + (high - low) * i / (GRID - 1)) for i in range(GRID)]


class _Values:
    """The claim's formula as a function of the one unstated symbol, in base units."""

    def __init__(self, claim, catalogue, bindings, symbol: str):
        self.claim, self.catalogue, self.bindings, self.symbol = claim, catalogue, bindings, symbol
        self.variation = Variation(catalogue, bindings)

    def __call__(self, x: float) -> float | None:
        rough = self.variation.rough(self.claim.formula, {self.symbol: x})
        if rough is not None:
            return rough if math.isfinite(rough) else None
        values = {**self.bindings.values, self.symbol: Sourced(Fraction(x), "inferred")}
        try:
            return float(Evaluation(self.catalogue, replace(self.bindings, values=values)).value(self.claim.formula))
        except (ZeroDivisionError, ValueError, OverflowError, TypeError):
            return None


def _crossing(at: _Values, a: float, b: float, edge: float) -> float | None:
    """Bisection for the value of the symbol at which the formula equals ``edge``."""
    fa = at(a)
    for _ in range(BISECTIONS):
        middle = (a + b) / 2
        fm = at(middle)
        if fa is None or fm is None:
            return None
        if (fm - edge) * (fa - edge) <= 0:
            b = middle
        else:
            a, fa = middle, fm
    return (a + b) / 2


def _merged(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    merged: list[list[float]] = []
    for low, high in sorted(spans):
        if merged and low <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], high)
        else:
            merged.append([low, high])
    return [(a, b) for a, b in merged]


def _common(spans_per_claim: list[list[tuple[float, float]]]) -> tuple[float, float] | None:
    """The first interval every claim's spans share, or None."""
    common = spans_per_claim[0]
    for spans in spans_per_claim[1:]:
        common = [(max(a, c), min(b, d)) for a, b in common for c, d in spans if max(a, c) <= min(b, d)]
    return common[0] if common else None


def _describe(project, symbol: str, common: tuple[float, float], count: int) -> str:
    unit = project.catalogue.symbols[symbol].unit
    low, high = (v / float(unit.factor) for v in common)
    shown = (lambda v: show(v)) if unit.dimensionless else (lambda v: with_prefix(v, unit.text))
    claims = "both claims" if count == 2 else f"all {count} claims"
    return f"one value fits {claims} of this document that leave it unstated: {symbol} = {shown((low + high) / 2)} ({shown(low)} to {shown(high)})"
