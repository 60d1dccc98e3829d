"""The exact value of a printed sum of numbers ("1 + 2/128", "(3 * 4096) / 2"), without SymPy.

A stated or given value may be written as arithmetic on literals; its value
is a ``Fraction``. Building it through the formula parser would import SymPy
for a run that otherwise needs none, so literals are evaluated here, over the
same ``ast`` the parser reads and within the same limits (length, digits,
literal exponent, exact bits). Nothing is evaluated but numbers joined by
``+ - * / **`` with whole exponents; anything else, a division by zero
included, has no literal value (None), as the formula parser would give no
rational one.
"""

from __future__ import annotations

import ast
import warnings
from fractions import Fraction

from .limits import limit

_OPERATORS = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
}


def literal_value(text: str) -> Fraction | None:
    """The exact value of ``text`` when it is arithmetic on number literals, else None."""
    if not isinstance(text, str) or len(text) > limit("expression_chars"):
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SyntaxWarning)
            tree = ast.parse(text.strip(), mode="eval")
        return _value(tree.body, 0)
    except (SyntaxError, ValueError, UnicodeError, RecursionError, MemoryError, ZeroDivisionError, OverflowError):
        return None


def _value(node: ast.AST, depth: int) -> Fraction | None:
    if depth > 100:
        return None
    if isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return None
        if isinstance(value, int):
            return Fraction(value) if len(str(abs(value))) <= limit("literal_digits") else None
        return Fraction(repr(value))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        operand = _value(node.operand, depth + 1)
        return None if operand is None else (-operand if isinstance(node.op, ast.USub) else operand)
    if isinstance(node, ast.BinOp):
        left, right = _value(node.left, depth + 1), _value(node.right, depth + 1)
        if left is None or right is None:
            return None
        if isinstance(node.op, ast.Pow):
            return _power(left, right)
        operator = _OPERATORS.get(type(node.op))
        return None if operator is None else operator(left, right)
    return None


def _power(base: Fraction, exponent: Fraction) -> Fraction | None:
    """A whole power within the literal-exponent and exact-bits limits; None for any other."""
    if exponent.denominator != 1 or abs(exponent) > limit("literal_exponent") or (base == 0 and exponent < 0):
        return None
    bits = (abs(base.numerator).bit_length() + base.denominator.bit_length()) * abs(exponent)
    if bits > limit("exact_bits"):
        return None
    return base ** int(exponent)
