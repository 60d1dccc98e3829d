"""The range a result takes over the intervals its printed inputs round from.

Method: each imprecise input is set to the low end, the printed value and
the high end of its interval, and the compiled formula is evaluated at every
combination (3^k points for k imprecise inputs; only the two ends each past
``FULL_GRID``). Why not mpmath's interval arithmetic: it works in floats,
where every value here is an exact ``Fraction``, and it cannot bound
``floor``, ``min``/``max`` or ``Piecewise`` branches, which the catalogue
uses. The grid is exact for a function monotone in each input over the box
(every product, quotient, sum, floor, min and max of monotone terms is) and
includes the printed point itself; a formula with an extremum strictly inside
such a narrow box would be under-estimated, which makes the check stricter,
never looser.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product

from auditor.inputs.reference import Sourced

from .bindings import Bindings
from .evaluation import Evaluation

FULL_GRID = 4
MAX_IMPRECISE = 10


def imprecise_inputs(bindings: Bindings, used: set[str]) -> dict[str, Sourced]:
    """The bound inputs a formula uses that carry a printed precision."""
    return {name: s for name, s in bindings.values.items() if s.half_width and name in used}


def value_range(catalogue, bindings: Bindings, name: str, used: set[str]) -> tuple[Fraction, Fraction] | None:
    """Lowest and highest value of ``name`` over its inputs' intervals; None when every input is exact."""
    imprecise = imprecise_inputs(bindings, used)
    if not imprecise or len(imprecise) > MAX_IMPRECISE:
        return None
    points = [_points(s, len(imprecise) <= FULL_GRID) for s in imprecise.values()]
    results = []
    for corner in product(*points):
        values = dict(bindings.values)
        values.update({n: replace(s, value=v) for (n, s), v in zip(imprecise.items(), corner)})
        try:
            results.append(Evaluation(catalogue, replace(bindings, values=values)).value(name))
        except (ZeroDivisionError, ValueError, OverflowError):
            continue
    return (min(results), max(results)) if results else None


def _points(sourced: Sourced, full: bool) -> tuple[Fraction, ...]:
    low, high = sourced.value - sourced.half_width, sourced.value + sourced.half_width
    return (low, sourced.value, high) if full else (low, high)


def describe_intervals(bindings: Bindings, used: set[str]) -> str:
    """The inputs whose printed precision was carried, as the claim gives them."""
    return ", ".join(f"{name} = {s.source.removeprefix('given by the claim: ')}" for name, s in sorted(imprecise_inputs(bindings, used).items()))
