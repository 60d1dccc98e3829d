"""Inversion: which value of one input would make a formula yield the stated number.

Symbolic where SymPy can solve the equation, numeric (bisection on a sign
change) otherwise. An answer is judged plausible when it fits the symbol's
domain (an integer head count) and equals another value the claim already
has (num_attention_heads where num_key_value_heads was meant). Each unit
slip of the catalogue is tried too, since "4.00 GB" may be GiB.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy

from auditor.base.budget import OutOfTime, cpu_budget
from auditor.base.errors import InputError, UnderdeterminedError
from auditor.base.expressions import exponent_past_limit
from auditor.base.limits import limit
from auditor.base.numbers import show
from auditor.evaluate.evaluation import Evaluation
from auditor.evaluate.resolve import resolve


@dataclass(frozen=True)
class Solution:
    reading: str
    value: Fraction | float
    exact: bool
    plausible: bool
    why: str


def solve_claim(claim, project, symbol: str) -> list[Solution]:
    """Every solution, under each unit reading; missing inputs, or SymPy running out of time, are located errors."""
    try:
        with cpu_budget(f"solving {claim.formula} for {symbol}"):
            return _solve(claim, project, symbol)
    except UnderdeterminedError as exc:
        raise InputError(claim.location, f"claim {claim.id!r}: cannot solve for {symbol}: {exc}") from None
    except OutOfTime as exc:
        raise InputError(claim.location, f"claim {claim.id!r}: no solution found: {exc}") from None


def _solve(claim, project, symbol: str) -> list[Solution]:
    catalogue = project.catalogue
    if symbol not in catalogue.symbols:
        raise InputError(claim.location, f"cannot solve for {symbol!r}: not a symbol{catalogue.unknown_hint(symbol)}")
    expr = catalogue.inlined(claim.formula)
    target = catalogue.factory(symbol)
    if target not in expr.free_symbols:
        raise InputError(claim.location, f"formula {claim.formula!r} does not depend on {symbol!r}")
    bindings = resolve(claim, catalogue, project.inputs)
    known = _known_values(expr, symbol, catalogue, bindings)
    subs = {catalogue.factory(n): sympy.Rational(v.numerator, v.denominator) for n, v in known.items()}
    found = exponent_past_limit(expr, subs)
    if found is not None:
        raise InputError(claim.location, f"claim {claim.id!r}: its inputs make the exponent {found[0]} of {claim.formula} "
                         f"{found[1]}, over the limit of {limit('literal_exponent'):,} (literal_exponent)")
    equation = expr.xreplace(subs)
    solutions = []
    for reading, stated_unit in _readings(claim, catalogue):
        goal = claim.stated.value * stated_unit.factor
        for value, exact in _roots(equation, target, goal, _bounds(catalogue.symbols[symbol])):
            ok, why = _plausibility(symbol, value, catalogue, bindings)
            solutions.append(Solution(reading, value, exact, ok, why))
    return solutions


def _known_values(expr, symbol, catalogue, bindings) -> dict[str, Fraction]:
    evaluation = Evaluation(catalogue, bindings)
    values = {}
    for free in expr.free_symbols:
        if free.name == symbol:
            continue
        values[free.name] = Fraction(evaluation.value(free.name))
    return values


def _readings(claim, catalogue):
    yield "as printed", claim.stated.unit
    from .hypotheses import Context, unit_slips

    ctx = Context(claim, catalogue, None, None)
    for slip in unit_slips(ctx):
        yield slip.name, slip.unit


def _roots(equation, target, goal: Fraction, bounds: tuple[float, float]):
    free = sympy.Dummy(target.name)
    relaxed = equation.replace(sympy.floor, lambda x: x).replace(sympy.ceiling, lambda x: x).xreplace({target: free})
    exact = [r for r in _symbolic_roots(relaxed, free, goal) if r.is_real and r.is_number]
    if exact:
        return [(_as_number(r), True) for r in exact]
    f = sympy.lambdify(free, relaxed - float(goal), "math")
    return [(root, False) for root in _scan(f, *bounds)]


def _symbolic_roots(relaxed, target, goal: Fraction) -> list:
    """SymPy's roots when the equation is a low-degree rational one; solve() can hang otherwise."""
    if relaxed.has(sympy.Piecewise, sympy.Min, sympy.Max):
        return []
    numerator = sympy.numer(sympy.together(relaxed - sympy.Rational(goal.numerator, goal.denominator)))
    try:
        if sympy.Poly(numerator, target).degree() > 4:
            return []
        return sympy.solve(numerator, target)
    except (sympy.PolynomialError, NotImplementedError, ValueError, TypeError):
        return []


def _as_number(root) -> Fraction | float:
    return Fraction(int(root.p), int(root.q)) if root.is_Rational else float(root)


def _bounds(definition) -> tuple[float, float]:
    """Where to look numerically: (0, 1) for a fraction, a wide positive range otherwise."""
    return (1e-9, 1 - 1e-9) if definition.domain == "fraction" else (1e-12, 1e18)


def _scan(f, low: float, high: float, points: int = 400) -> list[float]:
    """Every sign change of ``f`` on a grid (log-spaced on wide ranges), refined by bisection."""
    import math

    logarithmic = high / low > 1e3
    grid = [low * (high / low) ** (i / points) if logarithmic else low + (high - low) * i / points for i in range(points + 1)]
    values = []
    for x in grid:
        try:
            values.append(f(x))
        except (ValueError, ZeroDivisionError, OverflowError):
            values.append(math.nan)
    roots = []
    for (a, fa), (b, fb) in zip(zip(grid, values), zip(grid[1:], values[1:])):
        if fa == 0:
            roots.append(a)
        elif fa * fb < 0:
            roots.append(_bisect(f, a, b, fa))
    return roots


def _bisect(f, low: float, high: float, f_low: float, steps: int = 100) -> float:
    for _ in range(steps):
        mid = (low + high) / 2
        f_mid = f(mid)
        if f_low * f_mid <= 0:
            high = mid
        else:
            low, f_low = mid, f_mid
    return (low + high) / 2


def _plausibility(symbol, value, catalogue, bindings) -> tuple[bool, str]:
    definition = catalogue.symbols[symbol]
    if value <= 0 and definition.assumptions.get("positive"):
        return False, "not positive"
    if definition.assumptions.get("integer") and abs(float(value) - round(float(value))) > 1e-9:
        return False, f"not an integer (nearest {round(float(value))})"
    matches = [n for n, s in bindings.values.items() if n != symbol and s.value == value and n in catalogue.symbols]
    confused = [n for n in matches if n in definition.confused_with]
    if confused:
        label = ", ".join(f"{catalogue.symbols[n].config or n} = {show(value)}" for n in confused)
        return True, f"equals {label}, which the catalogue lists as confused with {definition.config or symbol}"
    if matches:
        return True, "equals " + ", ".join(f"{catalogue.symbols[n].config or n}" for n in sorted(matches))
    if definition.assumptions.get("integer"):
        return True, "an integer, though no other input has this value"
    return True, f"within the domain ({definition.domain})"


def render_solutions(claim, symbol: str, solutions: list[Solution], catalogue) -> str:
    unit = catalogue.symbols[symbol].unit
    lines = [f"solve {claim.formula} = {claim.stated.text} for {symbol} ({claim.id})"]
    if not solutions:
        lines.append("  no real solution")
    for s in solutions:
        shown = show(s.value / unit.factor if not isinstance(s.value, float) else s.value / float(unit.factor), 6)
        tag = "plausible" if s.plausible else "implausible"
        how = "exact" if s.exact else "numeric"
        lines.append(f"  {s.reading}: {symbol} = {shown} {'' if unit.dimensionless else unit.text} [{how}; {tag}: {s.why}]".replace("  [", " ["))
    return "\n".join(lines) + "\n"
