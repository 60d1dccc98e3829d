"""Deriving the dimensions of an expression, so a catalogue cannot add bytes to tokens.

Units live beside SymPy, not inside it (DESIGN decision 3): each symbol has
a pint unit; this module walks the SymPy tree and combines their dimensions,
refusing sums of unlike terms and transcendental functions of dimensional
arguments.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

import sympy

from auditor.base.errors import DimensionError
from auditor.base.units import describe, multiply, scale

Dims = tuple

_SAME_AS_ARGUMENT = (sympy.floor, sympy.ceiling, sympy.Abs)
_NEEDS_DIMENSIONLESS = (sympy.log, sympy.exp, sympy.harmonic, sympy.binomial)


def dimensions_of(expr: sympy.Expr, lookup: Callable[[str], Dims]) -> Dims:
    """Dimensions of ``expr``; ``lookup(name)`` gives each free symbol's dimensions."""
    if expr.is_Symbol:
        return lookup(expr.name)
    if expr.is_Number or expr in (sympy.pi, sympy.E, sympy.oo):
        return ()
    if isinstance(expr, sympy.Add):
        return _same(expr.args, lookup, "terms of a sum")
    if isinstance(expr, sympy.Mul):
        dims: Dims = ()
        for arg in expr.args:
            dims = multiply(dims, dimensions_of(arg, lookup))
        return dims
    if isinstance(expr, sympy.Pow):
        return _power(expr, lookup)
    if isinstance(expr, (sympy.Min, sympy.Max)):
        return _same(expr.args, lookup, f"arguments of {type(expr).__name__.lower()}()")
    if isinstance(expr, _SAME_AS_ARGUMENT):
        return dimensions_of(expr.args[0], lookup)
    if isinstance(expr, _NEEDS_DIMENSIONLESS):
        for arg in expr.args:
            _require_dimensionless(arg, lookup, type(expr).__name__)
        return ()
    if isinstance(expr, sympy.Piecewise):
        return _piecewise(expr, lookup)
    raise DimensionError(f"cannot derive the unit of {type(expr).__name__}")


def _same(args, lookup, what: str) -> Dims:
    found = [(arg, dimensions_of(arg, lookup)) for arg in args if not _polymorphic(arg)]
    if not found:
        return ()
    first_arg, first = found[0]
    for arg, dims in found[1:]:
        if dims != first:
            raise DimensionError(
                f"{what} have different units: {first_arg} is {describe(first)}, {arg} is {describe(dims)}"
            )
    return first


def _polymorphic(arg) -> bool:
    """Zero and infinity carry any unit: ``if_else(d <= 0, infinity(), x)`` is fine."""
    return arg.is_zero is True or arg in (sympy.oo, -sympy.oo, sympy.zoo)


def _power(expr: sympy.Pow, lookup) -> Dims:
    base, exponent = expr.args
    base_dims = dimensions_of(base, lookup)
    if not base_dims:
        _require_dimensionless(exponent, lookup, "an exponent")
        return ()
    if not exponent.is_Rational:
        raise DimensionError(f"{base} has unit {describe(base_dims)} and is raised to a non-constant power {exponent}")
    return scale(base_dims, Fraction(int(exponent.p), int(exponent.q)))


def _require_dimensionless(arg, lookup, where: str) -> None:
    dims = dimensions_of(arg, lookup)
    if dims:
        raise DimensionError(f"{where} needs a dimensionless argument, but {arg} is {describe(dims)}")


def _piecewise(expr: sympy.Piecewise, lookup) -> Dims:
    values = [piece.expr for piece in expr.args]
    for piece in expr.args:
        condition = piece.cond
        if isinstance(condition, sympy.core.relational.Relational):
            _same((condition.lhs, condition.rhs), lookup, "sides of a comparison")
    return _same(values, lookup, "branches of if_else()")
