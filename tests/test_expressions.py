"""The allow-list parser: what a formula may say, and everything it may not."""

import re

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.base.errors import ExpressionError
from auditor.base.expressions import SymbolFactory, parse_expression


def parse(text):
    return parse_expression(text, SymbolFactory())


def test_constants_of_sympy_are_plain_symbols():
    expr = parse("E + I + S + N + pi")
    assert all(isinstance(a, sympy.Symbol) for a in expr.args)
    assert {a.name for a in expr.args} == {"E", "I", "S", "N", "pi"}


def test_numbers_stay_exact():
    assert parse("0.1 * x") == sympy.Rational(1, 10) * sympy.Symbol("x")
    assert parse("1/6") == sympy.Rational(1, 6)


def test_allowed_functions_build_sympy_functions():
    x, y = sympy.symbols("x y")
    assert parse("min(x, y)") == sympy.Min(x, y)
    assert parse("ceiling(x / y)") == sympy.ceiling(x / y)
    assert parse("if_else(x <= 0, 0, y)") == sympy.Piecewise((0, x <= 0), (y, True))


HOSTILE = {
    "__import__('os').system('true')": "only plain function names",
    "__import__('os')": "function '__import__' is not allowed",
    "x.__class__": "attribute access",
    "x[0]": "subscript",
    "(lambda: 1)()": "only plain function names",
    "[a for a in b]": "comprehension",
    "'text'": "literal 'text'",
    "open('f')": "function 'open' is not allowed",
    "__builtins__": "dunder name",
    "2 ** 1000": "exceeds the limit",
    "9 ** 9 ** 9": "exceeds the limit",
    "x if y else z": "IfExp",
    "x < y": "only allowed as the condition",
    "min(x=1, y=2)": "keyword arguments",
    "floor(1, 2)": "takes 1 arguments",
    "x +": "not a valid expression",
    "x @ y": "operator MatMult",
    "x // y": "operator FloorDiv",
    "1" * 60: "longer than 40 digits",
    "True": "literal True",
}


@pytest.mark.parametrize("text, message", HOSTILE.items(), ids=list(HOSTILE))
def test_forbidden_expressions_are_refused_with_a_reason(text, message):
    with pytest.raises(ExpressionError) as caught:
        parse(text)
    assert message in str(caught.value)


# --- property: allow-listed text parses to the tree it spells ---------------

NAMES = st.sampled_from(["a", "b", "n_kv_heads", "E", "S", "I", "N"])
leaves = st.one_of(
    NAMES.map(lambda n: (n, sympy.Symbol(n))),
    st.integers(min_value=1, max_value=10**6).map(lambda i: (str(i), sympy.Integer(i))),
)


def _combine(children):
    children = children.filter(_well_defined)
    binary = st.tuples(children, st.sampled_from(["+", "-", "*", "/"]), children).map(
        lambda t: (f"({t[0][0]} {t[1]} {t[2][0]})", _apply(t[1], t[0][1], t[2][1]))
    )
    calls = st.tuples(st.sampled_from(["min", "max"]), children, children).map(
        lambda t: (f"{t[0]}({t[1][0]}, {t[2][0]})", (sympy.Min if t[0] == "min" else sympy.Max)(t[1][1], t[2][1]))
    )
    unary = children.map(lambda c: (f"-({c[0]})", -c[1]))
    return st.one_of(binary, calls, unary)


def _apply(op, a, b):
    if op == "/" and b == 0:
        return None
    return {"+": a + b, "-": a - b, "*": a * b, "/": a / b if b != 0 else None}[op]


def _well_defined(pair):
    return pair[1] is not None and not pair[1].has(sympy.zoo, sympy.nan)


expressions = st.recursive(leaves, _combine, max_leaves=12).filter(_well_defined)


@settings(max_examples=200, deadline=None)
@given(expressions)
def test_allowed_expressions_parse_to_the_intended_tree(pair):
    text, expected = pair
    assert parse(text) == expected


# --- property: hostile text never gets past the allow-list ------------------

ONLY_IN_FORBIDDEN_CODE = ["[", "'", '"', "@", "{", "%", ":", "lambda", "//"]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abxy_().[]'\"+-*/@%:{} ,0123456789lambdforimptexc", max_size=40))
def test_arbitrary_text_is_either_a_clean_formula_or_refused(text):
    try:
        expr = parse(text)
    except ExpressionError:
        return
    assert isinstance(expr, sympy.Basic)
    assert not any(s.name.startswith("__") or s.name.endswith("__") for s in expr.free_symbols)
    assert not any(fragment in text for fragment in ONLY_IN_FORBIDDEN_CODE)
    assert "." not in re.sub(r"\d*\.\d+|\d+\.", "", text), "a dot outside a decimal number is attribute access"
