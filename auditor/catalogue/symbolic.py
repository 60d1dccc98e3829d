"""Claims about a formula's shape, checked for all values with SymPy.

"Does not depend on h", "doubling g halves the storage", "E_touched(1) = k":
a property holds or fails for every value of the symbols, not at one point,
so these claims get their own verdicts. A claim's ``property:`` mapping names
checks from ``CHECKS`` with their arguments, and may add ``where:`` (values
substituted first, e.g. ``{n_kv_heads: n_heads}`` for MHA). Every check must
pass for ``proved``. A check fails (``refuted``) only with a counterexample:
a point where SymPy evaluates the difference to a nonzero number. When SymPy
can neither simplify the difference to zero nor find such a point, the claim
is ``invalid`` with that said, never silently proved.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import sympy

from auditor.base.errors import ExpressionError, InputError
from auditor.base.expressions import exponent_past_limit, names_in, parse_expression
from auditor.base.limits import limit

from .identity import is_zero

Outcome = tuple[bool | None, str]  # True proved, False refuted, None undecided


@dataclass
class Subject:
    """The formula a property speaks about, inlined down to symbols on demand."""

    claim: object
    catalogue: object
    where: dict = field(default_factory=dict)

    def expr(self, hold: tuple[str, ...] = (), formula: str | None = None, at: dict | None = None) -> sympy.Expr:
        """The inlined expression; formulas named in ``hold`` stay variables, ``at`` is substituted."""
        overrides = {**self.where, **(at or {})}
        overrides.update({name: self.variable(name) for name in hold if name not in overrides})
        return self._inline(formula or self.claim.formula, overrides)

    def _inline(self, formula_id: str, overrides: dict) -> sympy.Expr:
        expr = self.catalogue.expressions[formula_id]
        subs = {}
        for s in expr.free_symbols:
            if s.name in overrides:
                subs[s] = overrides[s.name]
            elif s.name in self.catalogue.formulas:
                subs[s] = self._inline(s.name, overrides)
        if subs:
            self._check_exponents(formula_id, expr, subs)
        return expr.xreplace(subs) if subs else expr

    def _check_exponents(self, formula_id: str, expr: sympy.Expr, subs: dict) -> None:
        """A property's values count as literals written into the formula, under the same limit."""
        found = exponent_past_limit(expr, subs)
        if found is not None:
            raise InputError(self.claim.location, f"claim {self.claim.id!r}: its property values make the exponent "
                             f"{found[0]} of {formula_id} {found[1]}, over the limit of {limit('literal_exponent'):,} (literal_exponent)")

    def variable(self, name) -> sympy.Symbol:
        """A catalogue name as a SymPy variable; a formula's name becomes a positive symbol."""
        name = str(name)
        if name in self.catalogue.symbols:
            return self.catalogue.factory(name)
        if name in self.catalogue.formulas:
            return sympy.Symbol(name, positive=True)
        raise InputError(self.claim.location, f"claim {self.claim.id!r}: property names unknown symbol {name!r}{self.catalogue.unknown_hint(name)}")

    def term(self, value) -> sympy.Expr:
        """A value in a property: a number, a name, or an expression in the formula language."""
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise InputError(self.claim.location, f"claim {self.claim.id!r}: {value!r} is not a number or an expression")
        try:
            parsed = parse_expression(str(value), self.catalogue.factory)
        except ExpressionError as exc:
            raise InputError(self.claim.location, f"claim {self.claim.id!r}: cannot read {value!r}: {exc}") from None
        for s in parsed.free_symbols:
            self.variable(s.name)
        subs = {s: self._inline(s.name, dict(self.where)) for s in parsed.free_symbols if s.name in self.catalogue.formulas}
        return parsed.xreplace(subs)

    def mapping(self, node, what: str) -> dict:
        if not isinstance(node, dict):
            raise InputError(self.claim.location, f"claim {self.claim.id!r}: {what} must be a mapping of names to values")
        return {str(k): self.term(v) for k, v in node.items()}


def _at(point: dict | None) -> str:
    return "" if not point else " (e.g. at " + ", ".join(f"{k} = {v}" for k, v in sorted(point.items())) + ")"


def _names(argument) -> list[str]:
    return [str(n) for n in (argument if isinstance(argument, list) else [argument])]


def _zero_or_not(difference, subject: Subject, yes: str, no: str) -> Outcome:
    ok, point = is_zero(difference, subject.catalogue)
    if ok is None:
        return None, f"SymPy could not decide whether {yes}"
    return (True, yes) if ok else (False, no + _at(point))


def independent_of(subject: Subject, argument) -> Outcome:
    """The formula does not change when any of the named symbols does."""
    names = _names(argument)
    expr = subject.expr(hold=tuple(names))
    for name in names:
        ok, message = _zero_or_not(sympy.diff(expr, subject.variable(name)), subject, "", f"depends on {name}")
        if ok is not True:
            return ok, message or f"SymPy could not decide whether it depends on {name}"
    return True, f"does not depend on {', '.join(names)}"


def cancels(subject: Subject, argument) -> Outcome:
    """The named symbols appear in the formula (through the formulas it uses) and cancel out."""
    names = _names(argument)
    present = {s.name for s in subject.expr().free_symbols} | _mentioned(subject.catalogue, subject.claim.formula)
    absent = [n for n in names if n not in present]
    if absent:
        return False, f"{', '.join(absent)} never appear{'s' if len(absent) == 1 else ''} in the formula, so nothing cancels"
    ok, message = independent_of(subject, names)
    verb = "appears in the formula and cancels" if len(names) == 1 else "appear in the formula and cancel"
    return ok, (f"{', '.join(names)} {verb} completely" if ok else message)


def _mentioned(catalogue, formula_id: str) -> set[str]:
    """Names written in the formula's text and its formulas' texts (SymPy may already have cancelled some)."""
    names = names_in(catalogue.formulas[formula_id].expr_text)
    return names.union(*(_mentioned(catalogue, n) for n in names if n in catalogue.formulas))


def linear_in(subject: Subject, argument) -> Outcome:
    """The formula is affine in each named symbol, and does depend on it."""
    names = _names(argument)
    expr = subject.expr(hold=tuple(names))
    reduced = _reduced(expr)
    for name in names:
        x = subject.variable(name)
        if _affine(reduced, x):
            continue
        if is_zero(sympy.diff(expr, x), subject.catalogue)[0]:
            return False, f"does not depend on {name} at all"
        ok, message = _zero_or_not(sympy.diff(expr, x, 2), subject, "", f"is not linear in {name}: its second derivative is not zero")
        if ok is not True:
            return ok, message or f"SymPy could not decide whether it is linear in {name}"
    return True, f"is linear in {', '.join(names)}"


def _reduced(expr: sympy.Expr) -> tuple[sympy.Expr, sympy.Expr] | None:
    """Numerator and denominator of a rational function's cancelled form (unique up to a constant); None for anything else."""
    try:
        if expr.has(sympy.Piecewise) or not expr.is_rational_function():
            return None
        return sympy.fraction(sympy.cancel(sympy.together(expr)))
    except (sympy.PolynomialError, TypeError, ValueError, RecursionError):
        return None


def _affine(reduced: tuple[sympy.Expr, sympy.Expr] | None, x: sympy.Symbol) -> bool:
    """Proved affine in ``x`` and dependent on it, from a rational function's cancelled form; False is no disproof.

    A rational function is affine in ``x`` exactly when its cancelled form has
    no ``x`` below the line and ``x`` to the first power above it (a reduced
    form is unique). Differentiating twice proves the same at several times
    the cost; it is kept for everything else, and for the counterexample a
    claim that fails is shown.
    """
    if reduced is None:
        return False
    numerator, denominator = reduced
    try:
        return x not in denominator.free_symbols and sympy.Poly(numerator, x).degree() == 1
    except (sympy.PolynomialError, TypeError, ValueError, RecursionError):
        return False


def scales_as(subject: Subject, argument) -> Outcome:
    """f(lambda x) = lambda**k f(x) for each ``{x: k}``: doubling x multiplies f by 2**k."""
    powers = subject.mapping(argument, "scales_as")
    expr = subject.expr(hold=tuple(powers))
    factor = sympy.Symbol("scale_factor", positive=True)
    for name, power in powers.items():
        x = subject.variable(name)
        difference = expr.xreplace({x: factor * x}) - factor**power * expr
        text = f"scales as {name}**{power}"
        ok, message = _zero_or_not(difference, subject, text, f"does not scale as {name}**{power}")
        if ok is not True:
            return ok, message
    return True, "; ".join(f"scales as {n}**{p}" for n, p in powers.items())


def through_product(subject: Subject, argument) -> Outcome:
    """The named symbols enter only through their product: splitting it differently changes nothing."""
    names = _names(argument)
    if len(names) < 2:
        raise InputError(subject.claim.location, f"claim {subject.claim.id!r}: through_product needs two or more names")
    expr = subject.expr(hold=tuple(names))
    variables = [subject.variable(n) for n in names]
    product = sympy.Symbol("product", positive=True)
    last = product / sympy.Mul(*variables[:-1])
    return _zero_or_not(
        sum(sympy.diff(expr.xreplace({variables[-1]: last}), v) ** 2 for v in variables[:-1]),
        subject,
        f"depends on {', '.join(names)} only through their product",
        f"depends on {', '.join(names)} other than through their product",
    )


def equals_at(subject: Subject, argument) -> Outcome:
    """At the substitution ``at``, the formula equals ``value``."""
    node = _require(subject, argument, "equals_at", ("at", "value"))
    at = subject.mapping(node["at"], "equals_at.at")
    value = subject.term(node["value"])
    shown = _shown(node["at"])
    return _zero_or_not(subject.expr(at=at) - value, subject, f"equals {node['value']} at {shown}", f"does not equal {node['value']} at {shown}")


def equals_formula(subject: Subject, argument) -> Outcome:
    """Under the substitution ``at`` (applied to both), the formula equals another formula."""
    node = _require(subject, argument, "equals_formula", ("formula",))
    other = str(node["formula"])
    if other not in subject.catalogue.formulas:
        raise InputError(subject.claim.location, f"claim {subject.claim.id!r}: unknown formula {other!r}{subject.catalogue.unknown_hint(other)}")
    at = subject.mapping(node.get("at") or {}, "equals_formula.at")
    shown = f" at {_shown(node['at'])}" if at else ""
    difference = subject.expr(at=at) - subject.expr(formula=other, at=at)
    return _zero_or_not(difference, subject, f"equals {other}{shown}", f"differs from {other}{shown}")


DIRECTIONS = {"below": "-", "above": "+", None: "+-"}


def tends_to(subject: Subject, argument) -> Outcome:
    """As ``symbol`` goes to ``at`` (infinity unless given; ``from`` below or above), the formula tends to ``value``."""
    node = _require(subject, argument, "tends_to", ("symbol", "value"))
    name, side = str(node["symbol"]), node.get("from")
    if side not in DIRECTIONS:
        raise InputError(subject.claim.location, f"claim {subject.claim.id!r}: tends_to.from must be 'below' or 'above', got {side!r}")
    point = subject.term(node.get("at", "infinity()"))
    value = subject.term(node["value"])
    x = subject.variable(name)
    free = sympy.Symbol(f"{name}_limit", real=True)
    expr = subject.expr(hold=(name,)).xreplace({x: free})
    direction = "-" if point.is_infinite else DIRECTIONS[side]
    near = _branch_near(expr, free, point, direction)
    limit = _rational_limit(near, free, point)
    if limit is None:
        limit = _quotient_limit(near, free, point)
    if limit is None:
        limit = sympy.limit(near, free, point, direction)
    where = f"as {name} -> {node.get('at', 'infinity')}" + (f" from {side}" if side else "")
    text, wrong = f"tends to {node['value']} {where}", f"tends to {limit}, not {node['value']}, {where}"
    if value.is_infinite or limit.is_infinite:
        return (True, text) if limit == value else (False, wrong)
    return _zero_or_not(limit - value, subject, text, wrong)


def _branch_near(expr: sympy.Expr, x: sympy.Symbol, point: sympy.Expr, direction: str) -> sympy.Expr:
    """A Piecewise replaced by the branch that holds on the side of ``point`` the limit approaches from.

    A one-sided limit depends only on the values on that side, so where every
    condition before the chosen branch compares ``x`` with a number, the
    branch is fixed there; SymPy's own limit of a Piecewise decides the same by
    converting conditions to sets, several times slower. Anything else is left
    whole, for ``sympy.limit``.
    """
    if not isinstance(expr, sympy.Piecewise) or direction == "+-":
        return expr
    for branch, condition in expr.args:
        holds = _holds_near(condition, x, point, direction)
        if holds is None:
            return expr
        if holds:
            return branch
    return expr


def _rational_limit(expr: sympy.Expr, x: sympy.Symbol, point: sympy.Expr) -> sympy.Expr | None:
    """The limit of a rational function of ``x`` read off its cancelled form, or None where that takes ``sympy.limit``.

    At infinity the degrees decide (a finite ratio of leading coefficients,
    or zero); at a number where the cancelled denominator is a nonzero number,
    the value there is the limit. A pole, an infinite ratio whose sign rests
    on other symbols, or anything not rational in ``x`` is left to SymPy.
    """
    try:
        if expr.has(sympy.Piecewise) or not expr.is_rational_function(x):
            return None
        numerator, denominator = sympy.fraction(sympy.cancel(sympy.together(expr)))
        top, bottom = sympy.Poly(numerator, x), sympy.Poly(denominator, x)
    except (sympy.PolynomialError, TypeError, ValueError, RecursionError):
        return None
    if point.is_infinite:
        if top.degree() > bottom.degree() or bottom.is_zero:
            return None
        return sympy.Integer(0) if top.degree() < bottom.degree() else sympy.cancel(top.LC() / bottom.LC())
    if not point.is_number:
        return None
    below = bottom.as_expr().xreplace({x: point})
    if not (below.is_number and below.is_nonzero):
        return None
    return sympy.cancel(top.as_expr().xreplace({x: point}) / below)


QUOTIENT_STEPS = 2  # l'Hôpital steps tried before the limit is left to SymPy


def _quotient_limit(expr: sympy.Expr, x: sympy.Symbol, point: sympy.Expr) -> sympy.Expr | None:
    """The limit at a number of a quotient smooth around it, by its value there or l'Hôpital's rule; None: ``sympy.limit``'s.

    A geometric sum (1 - a**(g + 1))/(1 - a) at a = 1 is 0/0 and not rational
    in ``a``, and SymPy's general limit takes it tens of milliseconds. Where
    numerator and denominator are both smooth around the point (``_smooth_at``),
    a denominator nonzero there gives the limit as the value, and both vanishing
    gives the limit of the derivatives' quotient, the same on either side. Each
    step is checked again on the derivatives; what stays undecided is left to SymPy.
    """
    if not point.is_number or not point.is_finite or not point.is_extended_real:
        return None
    try:
        numerator, denominator = sympy.fraction(sympy.together(expr))
        for _ in range(QUOTIENT_STEPS + 1):
            if not (_smooth_at(numerator, x, point) and _smooth_at(denominator, x, point)):
                return None
            top, bottom = numerator.xreplace({x: point}), denominator.xreplace({x: point})
            if bottom.is_zero is False:
                return top / bottom
            if not (top.is_zero and bottom.is_zero):
                return None
            numerator, denominator = sympy.diff(numerator, x), sympy.diff(denominator, x)
    except (TypeError, ValueError, RecursionError):
        return None
    return None


def _smooth_at(expr: sympy.Expr, x: sympy.Symbol, point: sympy.Expr) -> bool:
    """Whether ``expr`` is infinitely differentiable in ``x`` around ``point``, from its form alone.

    Sums and products of numbers, symbols, exp, a log of an argument positive
    at the point, and powers: to a nonnegative integer, to a negative integer of
    a base nonzero there, or of a base positive there (what is positive at the
    point stays so around it). Anything else, or a sign SymPy cannot tell, is no.
    """
    if not expr.has(x) or expr.is_Symbol or expr.is_Number:
        return True
    if isinstance(expr, (sympy.Add, sympy.Mul)):
        return all(_smooth_at(a, x, point) for a in expr.args)
    if isinstance(expr, sympy.exp):
        return _smooth_at(expr.args[0], x, point)
    if isinstance(expr, sympy.log):
        return expr.args[0].xreplace({x: point}).is_positive is True and _smooth_at(expr.args[0], x, point)
    if isinstance(expr, sympy.Pow):
        base, exponent = expr.args
        if not (_smooth_at(base, x, point) and _smooth_at(exponent, x, point)):
            return False
        at = base.xreplace({x: point})
        if exponent.is_Integer:
            return exponent >= 0 or at.is_zero is False
        return at.is_positive is True
    return False


def _holds_near(condition, x: sympy.Symbol, point: sympy.Expr, direction: str) -> bool | None:
    """Whether ``condition`` holds just below (direction "-") or above ("+") ``point``: None when it is not ``x`` against a number."""
    if condition is sympy.true or condition is sympy.false:
        return bool(condition)
    if not isinstance(condition, (sympy.StrictLessThan, sympy.LessThan, sympy.StrictGreaterThan, sympy.GreaterThan)):
        return None
    lhs, rhs, greater = condition.lhs, condition.rhs, isinstance(condition, (sympy.StrictGreaterThan, sympy.GreaterThan))
    if rhs == x and lhs != x:
        lhs, rhs, greater = rhs, lhs, not greater
    if lhs != x or not rhs.is_number or not rhs.is_extended_real:
        return None
    if point.is_infinite:
        return greater == (point is sympy.oo) if rhs.is_finite else None
    if rhs.is_infinite:
        return None
    if rhs != point:
        return bool(point > rhs) == greater
    return greater == (direction == "+")  # at the point itself: x lies above it when approached from above


def _shown(node) -> str:
    return ", ".join(f"{k} = {v}" for k, v in node.items())


def _require(subject: Subject, node, check: str, keys: tuple[str, ...]) -> dict:
    if not isinstance(node, dict) or any(k not in node for k in keys):
        raise InputError(subject.claim.location, f"claim {subject.claim.id!r}: {check} needs a mapping with {', '.join(keys)}")
    return node


CHECKS: dict[str, Callable[[Subject, object], Outcome]] = {
    "independent_of": independent_of,
    "cancels": cancels,
    "linear_in": linear_in,
    "scales_as": scales_as,
    "through_product": through_product,
    "equals_at": equals_at,
    "equals_formula": equals_formula,
    "tends_to": tends_to,
}
