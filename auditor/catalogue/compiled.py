"""Compile a formula once, evaluate it many times, exactly (DESIGN decision 4).

``expr.subs`` costs milliseconds; a lambdified function costs a fraction of
a microsecond. The printer below keeps rationals as ``Fraction`` so integer
and rational inputs give exact results; only ``log``, ``exp`` and irrational
powers fall back to floats. Exactness is bounded: a power, harmonic number or
binomial whose exact value would pass ``exact_bits`` or ``loop_count``
(``auditor.base.limits``) is carried as a float instead, so a hostile input
(``gamma: 1e12``) costs no more than a sane one; a float that overflows, or
a power with no real value, is a ``ValueError`` the claim reports.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from typing import Callable

import sympy
from sympy.printing.pycode import PythonCodePrinter

from auditor.base.limits import limit


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


def _bits(x) -> int:
    """The size of an exact value: bits of its numerator and denominator."""
    return x.numerator.bit_length() + x.denominator.bit_length()


def _real_pow(base, exponent):
    """Exact for rational powers of rationals that stay small (sqrt(1/4), (7/10)**9); float otherwise."""
    exact = isinstance(base, (int, Fraction)) and isinstance(exponent, (int, Fraction))
    if exact and Fraction(exponent).denominator == 1 and _bits(Fraction(base)) * abs(int(exponent)) <= limit("exact_bits"):
        return Fraction(base) ** int(exponent)
    if exact and base >= 0 and Fraction(exponent).denominator <= 64 and _bits(Fraction(base)) * abs(Fraction(exponent)) <= limit("exact_bits"):
        root = sympy.Rational(base.numerator, base.denominator) ** sympy.Rational(exponent.numerator, exponent.denominator)
        if root.is_Rational:
            return Fraction(int(root.p), int(root.q))
    return _float_pow(float(base), float(exponent))


def _float_pow(base: float, exponent: float) -> float:
    if base < 0 and not exponent.is_integer():
        raise ValueError(f"{base:g} to the power {exponent:g} has no real value")
    if base == 0 and exponent < 0:
        raise ZeroDivisionError("zero to a negative power")
    return math.pow(base, exponent)  # OverflowError past the float range


def _harmonic(n):
    """H(n) exactly up to ``loop_count`` terms; past that the asymptotic series, which is exact to float precision there."""
    n = int(n)
    if n <= limit("loop_count"):
        return sum((Fraction(1, k) for k in range(1, n + 1)), Fraction(0))
    return math.log(n) + 0.5772156649015329 + 1 / (2 * n) - 1 / (12 * n * n)


def _exact_binomial(n, k):
    """C(n, k) exactly while it stays small, through log-gamma otherwise (an OverflowError past the float range)."""
    n, k = int(n), int(k)
    if k < 0 or n < 0 or k > n:
        return 0
    k = min(k, n - k)
    if k <= limit("loop_count") and k * max(n.bit_length(), 1) <= limit("exact_bits"):
        return math.comb(n, k)
    return math.exp(math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1))


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
