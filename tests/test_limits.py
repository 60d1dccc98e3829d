"""The shortcuts the property checks take before SymPy's own calculus give SymPy's answer, or step aside.

A rational function's limit is read off its cancelled form, and a Piecewise
approached from one side is replaced by the branch holding on that side;
each is checked here against ``sympy.limit`` on the untouched expression,
on listed cases at the edges (removable singularities, poles, a boundary
approached from each side, reversed comparisons) and on random rational
functions. ``linear_in`` reads affinity off the cancelled form likewise,
checked against the second derivative it otherwise takes.
"""

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.catalogue.symbolic import _affine, _branch_near, _quotient_limit, _rational_limit, _reduced

x = sympy.Symbol("x", real=True)
y = sympy.Symbol("y", positive=True)
oo = sympy.oo


def _same(a, b) -> bool:
    return a == b or (not a.is_infinite and not b.is_infinite and sympy.simplify(a - b) == 0)


def _direction(point, side):
    return "-" if point.is_infinite else side


@pytest.mark.parametrize(
    "expr, point",
    [
        (2 * (x - 1) / x * y, oo),
        ((x**2 + 1) / (3 * x**2 - x), oo),
        ((x + y) / (x**3 + 1), oo),
        ((x**2 - 1) / (x - 1), sympy.Integer(1)),  # removable: cancelled first
        ((x**2 + y) / (x + 2), sympy.Integer(0)),
        (y / (x + 1), sympy.Rational(1, 2)),
    ],
)
def test_a_rational_limit_is_sympys(expr, point):
    assert _same(_rational_limit(expr, x, point), sympy.limit(expr, x, point, "-"))


@pytest.mark.parametrize(
    "expr, point",
    [
        (x**3 / (x + 1), oo),  # unbounded: the sign is left to SymPy
        (1 / (x - 1), sympy.Integer(1)),  # a pole
        (y / (x - y), sympy.Integer(1)),  # the denominator's value rests on y
        (x ** y / (x + 1), oo),  # not rational in x
        (sympy.Piecewise((x, x > 1), (1 / x, True)), oo),
    ],
)
def test_what_a_rational_reading_cannot_decide_is_left_to_sympy(expr, point):
    assert _rational_limit(expr, x, point) is None


@pytest.mark.parametrize(
    "expr, point",
    [
        ((1 - x ** (y + 1)) / (1 - x), sympy.Integer(1)),  # a geometric sum at ratio 1: 0/0, not rational in x
        ((x**y - 1) / (x - 1), sympy.Integer(1)),
        ((sympy.exp(x) - 1) / x, sympy.Integer(0)),
        (sympy.log(x) / (x - 1), sympy.Integer(1)),
        ((sympy.exp(x) - 1 - x) / x**2, sympy.Integer(0)),  # two steps
        (x**y / (x + 1), sympy.Integer(2)),  # smooth there: its value
        ((1 - x ** (y + 1)) / (1 - x), sympy.Rational(1, 2)),
    ],
)
def test_a_quotient_limit_is_sympys(expr, point):
    found = _quotient_limit(expr, x, point)
    assert found is not None
    assert _same(found, sympy.limit(expr, x, point, "-")) and _same(found, sympy.limit(expr, x, point, "+"))


@pytest.mark.parametrize(
    "expr, point",
    [
        (sympy.sin(x) / x, sympy.Integer(0)),  # a function it does not know to be smooth
        (x**y / x, sympy.Integer(0)),  # a power of a base that is 0 there
        (sympy.Abs(x) / x, sympy.Integer(0)),  # no limit at all
        (1 / (x - 1), sympy.Integer(1)),  # a pole
        ((x - 1) ** 3 / (x - 1) ** 4, sympy.Integer(1)),  # still 0/0 after the steps it takes
        (sympy.log(x - y) / x, sympy.Integer(1)),  # a log whose argument's sign rests on y
        ((1 - x ** (y + 1)) / (1 - x), oo),
        (sympy.floor(x) / x, sympy.Integer(1)),
    ],
)
def test_what_a_quotient_reading_cannot_decide_is_left_to_sympy(expr, point):
    assert _quotient_limit(expr, x, point) is None


STEP = sympy.Piecewise((y + 1, x >= 1), ((1 - x**2) / (1 - x) * y, True))
SPLIT = sympy.Piecewise((x, sympy.Integer(2) > x), (x**2, True))  # the comparison written the other way round


@pytest.mark.parametrize(
    "expr, point, side, branch, value",
    [
        (STEP, sympy.Integer(1), "-", 1, 2 * y),  # sympy.limit on the whole Piecewise answers y + 1 here, the other side's value
        (STEP, sympy.Integer(1), "+", 0, y + 1),
        (STEP, oo, "-", 0, y + 1),
        (STEP, sympy.Integer(3), "-", 0, y + 1),
        (STEP, sympy.Integer(0), "+", 1, y),
        (SPLIT, sympy.Integer(2), "-", 0, 2),
        (SPLIT, sympy.Integer(2), "+", 1, 4),
        (sympy.Piecewise((x, x < 2), (x**2, True)), -oo, "+", 0, -oo),
    ],
)
def test_a_one_sided_limit_takes_the_branch_on_its_side(expr, point, side, branch, value):
    near = _branch_near(expr, x, point, _direction(point, side))
    assert near == expr.args[branch].expr
    assert _same(sympy.limit(near, x, point, _direction(point, side)), value)


@pytest.mark.parametrize(
    "expr, point, side",
    [
        (STEP, sympy.Integer(1), "+-"),  # two-sided: the sides may differ
        (sympy.Piecewise((x, x > y), (1, True)), sympy.Integer(1), "-"),  # compared with a symbol
        (sympy.Piecewise((x, (x > 1) & (x < 3)), (1, True)), sympy.Integer(2), "-"),  # a compound condition
    ],
)
def test_a_piecewise_whose_side_cannot_be_read_is_left_whole(expr, point, side):
    assert _branch_near(expr, x, point, side) is expr


coefficients = st.lists(st.integers(-4, 4), min_size=1, max_size=4)


def _poly(coeffs, with_y):
    return sum(c * (y if with_y and i % 2 else 1) * x**i for i, c in enumerate(coeffs))


@settings(max_examples=60, deadline=None)
@given(top=coefficients, bottom=coefficients, with_y=st.booleans(), point=st.sampled_from([oo, sympy.Integer(0), sympy.Integer(2), sympy.Rational(-1, 3)]))
def test_random_rational_functions_agree_with_sympy(top, bottom, with_y, point):
    denominator = _poly(bottom, with_y)
    if denominator == 0:
        return
    expr = _poly(top, with_y) / denominator
    found = _rational_limit(expr, x, point)
    if found is not None:
        expected = sympy.limit(expr, x, point, "-" if point.is_infinite else "+")
        assert _same(found, expected), (expr, point, found, expected)


@pytest.mark.parametrize(
    "expr, affine",
    [
        (2 * x * y + y**2, True),
        ((x * y + 3) / (y + 1), True),  # y below the line, x only above it
        ((x**2 - 1) / (x - 1), True),  # x + 1 once cancelled
        (x**2 * y, False),
        (y / x, False),  # x below the line
        (y + 1, False),  # does not depend on x: linear_in says so from its derivative
        (sympy.sqrt(x) * y, False),  # not rational: left to the derivatives
        (sympy.Piecewise((x, x > 1), (2 * x, True)), False),
    ],
)
def test_affinity_is_read_off_the_cancelled_form_only_where_it_is_proved(expr, affine):
    assert _affine(_reduced(expr), x) is affine


@settings(max_examples=60, deadline=None)
@given(top=coefficients, bottom=coefficients, with_y=st.booleans())
def test_what_the_cancelled_form_calls_affine_has_a_zero_second_derivative(top, bottom, with_y):
    denominator = _poly(bottom, with_y)
    if denominator == 0:
        return
    expr = _poly(top, with_y) / denominator
    if _affine(_reduced(expr), x):
        assert sympy.cancel(sympy.diff(expr, x, 2)) == 0 and sympy.cancel(sympy.diff(expr, x)) != 0, expr
