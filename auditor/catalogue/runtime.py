"""What compiled formulas call, and turning a formula's generated code into a function.

A formula's code is generated once, from its SymPy expression, as the text of
one ``lambda`` (``compiled.generated_code``); that text is what the
content-addressed cache keeps, so that a later run can evaluate formulas
without importing SymPy. Text read back from a cache folder is as untrusted
as any file, so it is parsed with ``ast`` and every node checked against the
short allow-list of what the printer emits (arithmetic, comparisons, the
functions below, the lambda's own arguments, bounded literal exponents)
before it is compiled; nothing else can reach the interpreter.
"""

from __future__ import annotations

import ast
import math
import types
from fractions import Fraction
from typing import Callable

from auditor.base.limits import limit
from auditor.base.numbers import FLOAT_MARGIN

MAX_EXPONENT = 64
MAX_CODE_LENGTH = 20_000


def _exact_floor(x):
    return x if isinstance(x, float) and math.isinf(x) else math.floor(x)


def _exact_ceiling(x):
    return x if isinstance(x, float) and math.isinf(x) else math.ceil(x)


def _integer_root(n: int, degree: int) -> int | None:
    """The integer r with r**degree == n, if there is one (n >= 0)."""
    if n < 2:
        return n
    if degree > n.bit_length():
        return None  # every r >= 2 has r**degree > n: no root, and no power of that size is ever built
    try:
        guess = round(n ** (1.0 / degree))
    except OverflowError:
        guess = round(math.exp(math.log(n) / degree))
    return next((c for c in (guess - 1, guess, guess + 1) if c >= 0 and c**degree == n), None)


def _bits(x) -> int:
    """The size of an exact value: bits of its numerator and denominator."""
    x = Fraction(x)
    return x.numerator.bit_length() + x.denominator.bit_length()


def _real_pow(base, exponent):
    """Exact for perfect powers of rationals (sqrt(1/4)) that stay within ``exact_bits``; float otherwise."""
    exact = isinstance(exponent, (int, Fraction)) and isinstance(base, (int, Fraction))
    exact = exact and Fraction(exponent).denominator <= MAX_EXPONENT  # a root of degree 2**51 (a float made exact) is no perfect power
    if exact and base >= 0 and abs(exponent) <= MAX_EXPONENT and _bits(base) * abs(exponent) <= limit("exact_bits"):
        base, exponent = Fraction(base), Fraction(exponent)
        top, bottom = (_integer_root(part, exponent.denominator) for part in (base.numerator, base.denominator))
        if top is not None and bottom is not None and (top or exponent >= 0):
            return Fraction(top, bottom) ** exponent.numerator
    return _float_pow(float(base), float(exponent))


def _float_pow(base: float, exponent: float) -> float:
    if base < 0 and not exponent.is_integer():
        raise ValueError(f"{base:g} to the power {exponent:g} has no real value")
    if base == 0 and exponent < 0:
        raise ZeroDivisionError("zero to a negative power")
    return math.pow(base, exponent)  # OverflowError past the float range


def _harmonic(n):
    """H(n) exactly while it stays small; past that the asymptotic series, exact to float precision there.

    H(n)'s denominator has about 1.44 n bits, and summing n such fractions
    costs n times that: so n is bounded by ``exact_bits`` as well as
    ``loop_count``, or an inferred input's grid (n up to a million) would
    sum for minutes.
    """
    n = int(n)
    if n <= limit("loop_count") and n * 3 // 2 <= limit("exact_bits"):
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
    "abs": abs,
}

_NODES = (
    ast.Expression, ast.Lambda, ast.arguments, ast.arg, ast.Load,
    ast.BinOp, ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow,
    ast.UnaryOp, ast.USub, ast.UAdd, ast.Not,
    ast.IfExp, ast.Compare, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq, ast.NotEq,
    ast.BoolOp, ast.And, ast.Or,
    ast.Call, ast.Name, ast.Constant,
)


class CodeRefused(ValueError):
    """Generated code that is not of the shape the printer emits: never compiled."""


def load_function(code: str, name: str = "<formula>") -> Callable:
    """The function a formula's generated ``lambda`` text defines, once its every node is allowed."""
    if not isinstance(code, str) or len(code) > MAX_CODE_LENGTH:
        raise CodeRefused(f"{name}: generated code missing or too long")
    try:
        tree = ast.parse(code, mode="eval")
    except (SyntaxError, ValueError) as exc:
        raise CodeRefused(f"{name}: generated code does not parse ({exc})") from None
    lam = tree.body
    if not isinstance(lam, ast.Lambda) or lam.args.vararg or lam.args.kwarg or lam.args.kwonlyargs or lam.args.defaults:
        raise CodeRefused(f"{name}: generated code must be one lambda of positional arguments")
    _check_nodes(tree, {a.arg for a in lam.args.args}, name)
    compiled = compile(tree, name, "eval")
    body = next(c for c in compiled.co_consts if isinstance(c, types.CodeType))
    return types.FunctionType(body, {"__builtins__": {}, **RUNTIME}, name)


class NearStep(ArithmeticError):
    """A float too near an integer for floats to say on which side of a floor's or a ceiling's step it lies."""


def _near_step(x: float) -> bool:
    return abs(x - round(x)) <= FLOAT_MARGIN * max(1.0, abs(x))


def _stepped(step):
    """``step`` (floor or ceiling) of a float computation, refused where its error could cross the step."""

    def guarded(x):
        if isinstance(x, float) and not math.isinf(x) and _near_step(x):
            raise NearStep(f"{x!r} is within float error of an integer")
        return x if isinstance(x, float) and math.isinf(x) else step(x)

    return guarded


_ROUGH_GLOBALS = {"__builtins__": {}, **RUNTIME, "exact_floor": _stepped(math.floor), "exact_ceiling": _stepped(math.ceil)}


def load_rough_function(function: Callable, name: str = "<formula>") -> Callable:
    """The same checked code computing in floats, where a floor or a ceiling is taken only far from its step.

    Diagnosis judges most candidates in floats and computes exactly only those
    near the printed number. A step computed in floats is the exact one unless
    its argument lies within float error of an integer; there ``NearStep``
    is raised, and the caller computes that candidate exactly.
    """
    return types.FunctionType(function.__code__, _ROUGH_GLOBALS, name)


def load_array_function(code: str, name: str = "<formula>", checked: Callable | None = None) -> Callable:
    """The same generated code computing in float arrays, one lane per candidate (diagnosis's float pass).

    The text is checked exactly as ``load_function`` checks it; only the
    runtime differs: rationals become floats, powers, logarithms and extrema
    numpy's elementwise ones. A floor, a condition or a count that cannot be
    taken lane by lane raises, and the caller computes those lanes one by one;
    a floor or a ceiling is NaN in each lane whose argument lies within float
    error of an integer (those lanes too are computed one by one).
    """
    function = checked if checked is not None else load_function(code, name)  # ``checked``: this code, already loaded
    return types.FunctionType(function.__code__, _array_globals(), name)


_ARRAY_GLOBALS: dict = {}


def _array_globals() -> dict:
    """The float-array runtime, made once (numpy imported then)."""
    if not _ARRAY_GLOBALS:
        import numpy

        _ARRAY_GLOBALS.update({"__builtins__": {}, **_array_runtime(numpy)})
    return _ARRAY_GLOBALS


def _array_runtime(numpy) -> dict:
    def refused(*_):
        raise TypeError("not computed lane by lane")

    def extremum(reduce):
        return lambda *args: reduce(args[0], args[1]) if len(args) == 2 else _folded(reduce, args)

    def stepped(step):
        def apply(x):
            x = numpy.asarray(x, dtype=float)
            near = numpy.abs(x - numpy.rint(x)) <= FLOAT_MARGIN * numpy.maximum(1.0, numpy.abs(x))  # inf: NaN, not near
            return numpy.where(near, numpy.nan, step(x))

        return apply

    return {
        **{key: refused for key in RUNTIME},
        "exact_floor": stepped(numpy.floor),
        "exact_ceiling": stepped(numpy.ceil),
        "Fraction": lambda p, q: p / q,
        "INFINITY": math.inf,
        "real_pow": numpy.power,
        "real_log": numpy.log,
        "real_exp": numpy.exp,
        "min": extremum(numpy.minimum),
        "max": extremum(numpy.maximum),
        "abs": numpy.abs,
    }


def _folded(reduce, args):
    result = args[0]
    for arg in args[1:]:
        result = reduce(result, arg)
    return result


def _check_nodes(tree: ast.AST, arguments: set[str], name: str) -> None:
    for node in ast.walk(tree):
        if not isinstance(node, _NODES):
            raise CodeRefused(f"{name}: {type(node).__name__} is not allowed in generated code")
        if isinstance(node, ast.Lambda) and node is not tree.body:
            raise CodeRefused(f"{name}: a nested lambda is not allowed in generated code")
        if isinstance(node, ast.Name) and node.id not in arguments and node.id not in RUNTIME:
            raise CodeRefused(f"{name}: unknown name {node.id!r} in generated code")
        if isinstance(node, ast.Call) and (not isinstance(node.func, ast.Name) or node.func.id not in RUNTIME or node.keywords):
            raise CodeRefused(f"{name}: only the runtime's functions may be called")
        if isinstance(node, ast.Constant) and (isinstance(node.value, bool) or not isinstance(node.value, (int, float))):
            raise CodeRefused(f"{name}: literal {node.value!r} is not allowed in generated code")
        if isinstance(node, ast.Constant) and isinstance(node.value, int) and abs(node.value) >= 10**60:
            raise CodeRefused(f"{name}: literal too long in generated code")
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow) and not _bounded_exponent(node.right):
            raise CodeRefused(f"{name}: an exponent in generated code must be a literal of at most {MAX_EXPONENT}")


def _bounded_exponent(node: ast.AST) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    return isinstance(node, ast.Constant) and isinstance(node.value, int) and abs(node.value) <= MAX_EXPONENT
