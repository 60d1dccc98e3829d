"""Claims about a formula's shape, checked for all values with SymPy.

"Does not depend on h", "linear in total resident tokens": a property holds
or fails for every value of the symbols, not at one point, so these claims
get their own verdicts (proved, refuted). A claim's ``property:`` mapping
names one check from ``CHECKS`` and its arguments.
"""

from __future__ import annotations

import sympy

from .errors import InputError
from .verdicts import Verdict


def _independent_of(expr: sympy.Expr, names: list[str], symbol) -> tuple[bool, str]:
    dependent = [n for n in names if sympy.simplify(sympy.diff(expr, symbol(n))) != 0]
    if dependent:
        return False, f"depends on {', '.join(dependent)}"
    return True, f"does not depend on {', '.join(names)}"


CHECKS = {
    "independent_of": _independent_of,
}


def check_property(claim, project) -> tuple[Verdict, str]:
    catalogue = project.catalogue
    expr = catalogue.inlined(claim.formula)
    for kind, argument in claim.property.items():
        check = CHECKS.get(kind)
        if check is None:
            raise InputError(claim.at(kind), f"claim {claim.id!r}: unknown property {kind!r} (known: {', '.join(sorted(CHECKS))})")
        names = argument if isinstance(argument, list) else [argument]
        ok, message = check(expr, [str(n) for n in names], catalogue.factory)
        if not ok:
            return Verdict.REFUTED, message
    return Verdict.PROVED, message
