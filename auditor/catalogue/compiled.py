"""Compile a formula once, evaluate it many times, exactly (DESIGN decision 4).

``expr.subs`` costs milliseconds; a lambdified function costs a fraction of
a microsecond. The printer below keeps rationals as ``Fraction`` so integer
and rational inputs give exact results; only ``log``, ``exp`` and irrational
powers fall back to floats.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from typing import Callable

import sympy
from sympy.printing.pycode import PythonCodePrinter


class _ExactPrinter(PythonCodePrinter):
    """Prints rationals as ``Fraction(p, q)`` instead of float division."""

    def _print_Rational(self, expr):
        return f"Fraction({expr.p}, {expr.q})"

    def _print_Half(self, expr):
        return "Fraction(1, 2)"

    def _print_Infinity(self, expr):
        return "INFINITY"

    def _print_Pow(self, expr, rational=False):
        base, exponent = expr.args
        if exponent.is_Integer:
            return f"({self._print(base)})**({int(exponent)})"
        return f"real_pow({self._print(base)}, {self._print(exponent)})"

    def _print_Min(self, expr):
        return "min(" + ", ".join(self._print(a) for a in expr.args) + ")"

    def _print_Max(self, expr):
        return "max(" + ", ".join(self._print(a) for a in expr.args) + ")"

    def _print_floor(self, expr):
        return f"exact_floor({self._print(expr.args[0])})"

    def _print_ceiling(self, expr):
        return f"exact_ceiling({self._print(expr.args[0])})"

    def _print_log(self, expr):
        return f"real_log({self._print(expr.args[0])})"

    def _print_exp(self, expr):
        return f"real_exp({self._print(expr.args[0])})"

    def _print_harmonic(self, expr):
        return f"harmonic_number({self._print(expr.args[0])})"

    def _print_binomial(self, expr):
        return f"exact_binomial({self._print(expr.args[0])}, {self._print(expr.args[1])})"


def _exact_floor(x):
    return x if isinstance(x, float) and math.isinf(x) else math.floor(x)


def _exact_ceiling(x):
    return x if isinstance(x, float) and math.isinf(x) else math.ceil(x)


def _real_pow(base, exponent):
    """Exact for perfect powers of rationals (sqrt(1/4)), float otherwise."""
    if isinstance(exponent, Fraction) and isinstance(base, (int, Fraction)) and base >= 0:
        root = sympy.Rational(base.numerator, base.denominator) ** sympy.Rational(exponent.numerator, exponent.denominator)
        if root.is_Rational:
            return Fraction(int(root.p), int(root.q))
    return float(base) ** float(exponent)


def _harmonic(n):
    n = int(n)
    return sum((Fraction(1, k) for k in range(1, n + 1)), Fraction(0))


def _exact_binomial(n, k):
    return math.comb(int(n), int(k))


RUNTIME = {
    "Fraction": Fraction,
    "INFINITY": math.inf,
    "exact_floor": _exact_floor,
    "exact_ceiling": _exact_ceiling,
    "real_pow": _real_pow,
    "real_log": lambda x: math.log(x),
    "real_exp": lambda x: math.exp(x),
    "harmonic_number": _harmonic,
    "exact_binomial": _exact_binomial,
    "min": min,
    "max": max,
}


def compile_expression(expr: sympy.Expr, names: tuple[str, ...]) -> Callable:
    """A Python function of ``names`` (in that order) computing ``expr``."""
    symbols = [sympy.Symbol(n) for n in names]
    plain = expr.xreplace({s: sympy.Symbol(s.name) for s in expr.free_symbols})
    return sympy.lambdify(symbols, plain, modules=[RUNTIME], printer=_ExactPrinter(), docstring_limit=0)


@lru_cache(maxsize=4096)
def compiled(expr: sympy.Expr, names: tuple[str, ...]) -> Callable:
    return compile_expression(expr, names)
