"""A printed sum of literals has the value the formula parser gives it, computed without SymPy."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.base.errors import ExpressionError
from auditor.base.expressions import SymbolFactory, parse_expression
from auditor.base.literal import literal_value

NUMBERS = st.one_of(st.integers(0, 10**6).map(str), st.decimals(0, 1000, places=3).map(str))
DIVISORS = st.one_of(st.integers(1, 10**6).map(str), st.decimals("0.001", 1000, places=3).map(str))


@st.composite
def sums(draw, depth=0):
    if depth > 3 or draw(st.booleans()):
        return draw(NUMBERS)
    op = draw(st.sampled_from(["+", "*", "/", "**"]))  # no subtraction: a zero divisor makes SymPy's nan, whose 0th power is 1
    left, right = draw(sums(depth + 1)), draw(sums(depth + 1))
    if op == "/":
        right = draw(DIVISORS)
    if op == "**":
        right = str(draw(st.integers(-3, 70)))
    return f"({left} {op} {right})"


def _parsed(text: str):
    try:
        value = parse_expression(text, SymbolFactory())
    except ExpressionError:
        return None
    return Fraction(int(value.p), int(value.q)) if value.is_Rational else None


@settings(max_examples=300, deadline=None)
@given(sums())
def test_a_literal_sum_has_the_value_the_formula_parser_gives(text):
    assert literal_value(text) == _parsed(text)


def test_what_is_not_arithmetic_on_literals_has_no_value():
    for text in ("x + 1", "2 ** 0.5", "1 / 0", "2 ** 65", "__import__('os')", "1 < 2", "f(2)", "9" * 400, "[1]", "(1 - 1) ** -1"):
        assert literal_value(text) is None, text
    assert literal_value("1 + 2/128") == Fraction(65, 64)
    assert literal_value("0.5 + 2/128") == Fraction(33, 64)
    assert literal_value("(3 - 5) * 2 ** -1") == -1


def test_a_stated_sum_is_read_without_importing_sympy():
    probe = "import sys\nfrom auditor.base.quantity import parse_stated\nprint(parse_stated('1 + 2/128 B').value, 'sympy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["65/64", "False"]
