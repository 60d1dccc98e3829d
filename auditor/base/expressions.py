"""The allow-list expression parser (DESIGN decision 2).

Formula text comes from YAML that strangers may write, so it is never handed
to ``eval``, ``sympify`` or ``parse_expr`` (all three evaluate Python). It is
parsed with ``ast.parse(mode="eval")``, every node is checked against a short
allow-list, and the SymPy tree is built directly from the checked nodes.
Every name becomes a plain ``Symbol`` from one factory, so ``E``, ``I``,
``S`` and ``N`` are ordinary variables, never SymPy constants.
"""

from __future__ import annotations

import ast
import warnings
from typing import Callable

import sympy

from .errors import ExpressionError
from .limits import limit

MAX_EXPONENT = limit("literal_exponent")
MAX_LITERAL_DIGITS = limit("literal_digits")
MAX_LENGTH = limit("expression_chars")
# Functions SymPy evaluates exactly, term by term, when every argument is a number.
COUNTED = ("harmonic", "binomial")


def _if_else(cond, then, other):
    return sympy.Piecewise((then, cond), (other, True))


FUNCTIONS: dict[str, tuple[Callable, int | tuple[int, int]]] = {
    "min": (sympy.Min, (2, 16)),
    "max": (sympy.Max, (2, 16)),
    "floor": (sympy.floor, 1),
    "ceiling": (sympy.ceiling, 1),
    "ceil": (sympy.ceiling, 1),
    "log": (sympy.log, (1, 2)),
    "ln": (sympy.log, 1),
    "log2": (lambda x: sympy.log(x, 2), 1),
    "exp": (sympy.exp, 1),
    "sqrt": (sympy.sqrt, 1),
    "abs": (sympy.Abs, 1),
    "harmonic": (sympy.harmonic, 1),
    "binomial": (sympy.binomial, 2),
    "if_else": (_if_else, 3),
    "infinity": (lambda: sympy.oo, 0),
}

_BINARY = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
    ast.Pow: lambda a, b: a**b,
}

_COMPARE = {
    ast.Lt: sympy.StrictLessThan,
    ast.LtE: sympy.LessThan,
    ast.Gt: sympy.StrictGreaterThan,
    ast.GtE: sympy.GreaterThan,
}


class SymbolFactory:
    """The one place names become SymPy symbols, so equal names give equal symbols."""

    def __init__(self, assumptions: Callable[[str], dict] | None = None):
        self._assumptions = assumptions or (lambda name: {})
        self._made: dict[str, sympy.Symbol] = {}

    def __call__(self, name: str) -> sympy.Symbol:
        if name not in self._made:
            self._made[name] = sympy.Symbol(name, **self._assumptions(name))
        return self._made[name]


def parse_expression(text: str, symbols: SymbolFactory) -> sympy.Expr:
    """Parse ``text`` into a SymPy expression, or raise ``ExpressionError`` saying why."""
    if not isinstance(text, str):
        raise ExpressionError(f"an expression must be a string, got {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise ExpressionError(f"expression longer than {MAX_LENGTH} characters")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SyntaxWarning)  # "1e" and the like: refused below, not warned about
            tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        raise ExpressionError(f"not a valid expression: {exc.msg}", exc.offset) from None
    except (ValueError, UnicodeError, RecursionError, MemoryError) as exc:  # a NUL byte, a lone surrogate, nesting too deep
        raise ExpressionError(f"not a valid expression: {type(exc).__name__}") from None
    try:
        return _Builder(symbols).build(tree.body, conditions_allowed=False)
    except (ValueError, TypeError, ZeroDivisionError, RecursionError) as exc:
        raise ExpressionError(f"cannot build the expression: {exc}") from None


def exponent_past_limit(expr: sympy.Expr, subs: dict) -> tuple[sympy.Expr, sympy.Expr] | None:
    """The first power whose exponent ``subs`` make a number past the literal-exponent limit: (exponent, its value).

    Text is held to ``literal_exponent`` as it is parsed, but a value put in
    later (a property's ``at:``, a claim's given, a solve's known inputs) can
    make ``(1 - k/E)**batch`` a power of a billion, which SymPy evaluates
    exactly, or expands term by term, as soon as it is built: gigabytes before
    any time budget can stop it. So each caller asks here first, and refuses.
    """
    bound = limit("literal_exponent")
    for power in expr.atoms(sympy.Pow):
        if not power.exp.free_symbols & subs.keys():
            continue
        value = power.exp.xreplace(subs)
        if value.is_Number and abs(value) > bound:
            return power.exp, value
    return None


def names_in(text: str) -> set[str]:
    """The variable names an expression uses (functions excluded), without building it; a text that will not parse has none."""
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, ValueError, UnicodeError, RecursionError, MemoryError):
        return set()
    called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and id(n) not in called}


class _Builder:
    def __init__(self, symbols: SymbolFactory):
        self.symbols = symbols

    def fail(self, node: ast.AST, message: str):
        raise ExpressionError(message, getattr(node, "col_offset", -1) + 1)

    def build(self, node: ast.AST, conditions_allowed: bool):
        method = getattr(self, f"_{type(node).__name__}", None)
        if method is None:
            self.fail(node, f"{_describe(node)} is not allowed in a formula")
        if isinstance(node, ast.Compare) and not conditions_allowed:
            self.fail(node, "a comparison is only allowed as the condition of if_else(...)")
        return method(node)

    def _Constant(self, node: ast.Constant):
        value = node.value
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.fail(node, f"{_describe(node)} is not allowed in a formula")
        if isinstance(value, int):
            if len(str(abs(value))) > MAX_LITERAL_DIGITS:
                self.fail(node, f"integer literal longer than {MAX_LITERAL_DIGITS} digits")
            return sympy.Integer(value)
        return sympy.Rational(repr(value))

    def _Name(self, node: ast.Name):
        if node.id.startswith("__") or node.id.endswith("__"):
            self.fail(node, f"dunder name {node.id!r} is not allowed")
        if node.id in FUNCTIONS:
            self.fail(node, f"{node.id!r} is a function and must be called")
        return self.symbols(node.id)

    def _UnaryOp(self, node: ast.UnaryOp):
        if isinstance(node.op, ast.USub):
            return -self.build(node.operand, False)
        if isinstance(node.op, ast.UAdd):
            return self.build(node.operand, False)
        self.fail(node, f"operator {type(node.op).__name__} is not allowed")

    def _BinOp(self, node: ast.BinOp):
        op = _BINARY.get(type(node.op))
        if op is None:
            self.fail(node, f"operator {type(node.op).__name__} is not allowed (use + - * / **)")
        left = self.build(node.left, False)
        right = self.build(node.right, False)
        if isinstance(node.op, ast.Pow):
            self._check_power(node, right, left)
        return op(left, right)

    def _check_power(self, node: ast.BinOp, exponent, base=None):
        if exponent.is_number and abs(exponent) > MAX_EXPONENT:
            self.fail(node, f"literal exponent {exponent} exceeds the limit of {MAX_EXPONENT} (literal_exponent)")
        if exponent.is_Number and base is not None and base.is_Rational and base != 0:
            bits = (abs(base.p).bit_length() + abs(base.q).bit_length()) * abs(exponent)
            if bits > limit("exact_bits"):
                self.fail(node, f"a literal power of about {int(bits):,} bits exceeds the limit of {limit('exact_bits'):,} (exact_bits)")

    def _Call(self, node: ast.Call):
        if not isinstance(node.func, ast.Name):
            self.fail(node, "only plain function names may be called")
        name = node.func.id
        if name not in FUNCTIONS:
            allowed = ", ".join(sorted(FUNCTIONS))
            self.fail(node, f"function {name!r} is not allowed (allowed: {allowed})")
        if node.keywords:
            self.fail(node, f"keyword arguments are not allowed in {name}(...)")
        function, arity = FUNCTIONS[name]
        low, high = arity if isinstance(arity, tuple) else (arity, arity)
        if not low <= len(node.args) <= high:
            expected = str(low) if low == high else f"{low} to {high}"
            self.fail(node, f"{name}() takes {expected} arguments, got {len(node.args)}")
        args = [self.build(a, conditions_allowed=(name == "if_else" and i == 0)) for i, a in enumerate(node.args)]
        if name in COUNTED and any(a.is_number and abs(a) > limit("loop_count") for a in args):
            self.fail(node, f"{name}() of a literal past {limit('loop_count'):,} (loop_count) would be summed term by term")
        if name == "if_else" and not isinstance(args[0], sympy.core.relational.Relational):
            self.fail(node, "the first argument of if_else must be a comparison")
        return function(*args)

    def _Compare(self, node: ast.Compare):
        if len(node.ops) != 1 or type(node.ops[0]) not in _COMPARE:
            self.fail(node, "a condition must be one comparison using < <= > >=")
        left = self.build(node.left, False)
        right = self.build(node.comparators[0], False)
        return _COMPARE[type(node.ops[0])](left, right)


def _describe(node: ast.AST) -> str:
    kinds = {
        ast.Attribute: "attribute access",
        ast.Subscript: "subscript",
        ast.Lambda: "lambda",
        ast.ListComp: "comprehension",
        ast.GeneratorExp: "comprehension",
        ast.SetComp: "comprehension",
        ast.DictComp: "comprehension",
        ast.Starred: "starred argument",
        ast.NamedExpr: "assignment",
        ast.JoinedStr: "string",
    }
    if isinstance(node, ast.Constant):
        return f"literal {node.value!r}"
    return kinds.get(type(node), type(node).__name__)
