"""Compile a formula once, evaluate it many times, exactly (DESIGN decision 4).

``expr.subs`` costs milliseconds; a compiled function costs a fraction of
a microsecond. The printer below keeps rationals as ``Fraction`` so integer
and rational inputs give exact results; only ``log``, ``exp`` and irrational
powers fall back to floats. The printed text is what a run caches; turning
it into a function (``runtime``) needs no SymPy. Exactness is bounded there:
a power, harmonic number or binomial whose exact value would pass
``exact_bits`` or ``loop_count`` (``auditor.base.limits``) is carried as a
float, so a hostile input (``gamma: 1e12``) costs no more than a sane one.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

import sympy
from sympy.printing.pycode import PythonCodePrinter

from .runtime import RUNTIME, load_function  # noqa: F401  (RUNTIME: what the generated code may call)


class _ExactPrinter(PythonCodePrinter):
    """Prints rationals as ``Fraction(p, q)`` instead of float division."""

    positions: dict = {}

    def _print_Symbol(self, expr):
        return self.positions.get(expr.name, expr.name)

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


def generated_code(expr: sympy.Expr, names: tuple[str, ...]) -> str:
    """The text of one ``lambda`` of ``names`` (in that order, as ``a0, a1, ...``) computing ``expr``.

    Arguments are renamed by position as they are printed (rebuilding the
    expression with new symbols would cost more than printing it), so a
    symbol can never shadow a runtime function.
    """
    printer = _ExactPrinter()
    printer.positions = {name: f"a{i}" for i, name in enumerate(names)}
    return f"lambda {', '.join(f'a{i}' for i in range(len(names)))}: {printer.doprint(expr)}"


def compile_expression(expr: sympy.Expr, names: tuple[str, ...]) -> Callable:
    """A Python function of ``names`` (in that order) computing ``expr``."""
    return load_function(generated_code(expr, names))


@lru_cache(maxsize=4096)
def compiled(expr: sympy.Expr, names: tuple[str, ...]) -> Callable:
    return compile_expression(expr, names)
