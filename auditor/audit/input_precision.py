"""A claim decided by its inputs' printed precision (rule input-precision).

When the printed inputs' point values miss the stated band, the result's
range over the intervals those inputs round from may still meet it: then the
document's number is as right as its inputs let anyone know, and the finding
says that the inputs' precision decided it.
"""

from __future__ import annotations

from fractions import Fraction

from auditor.base.numbers import show
from auditor.base.precision import rule_on
from auditor.claims.compare import compare
from auditor.evaluate.intervals import describe_intervals, value_range

REMARK = "holds within its inputs' printed precision"
"""How a finding's first remark begins when this rule decided it (``exact_inputs`` looks for it)."""


def precision_note(claim, project, bindings, dims: tuple) -> str:
    """Why the claim holds within its inputs' precision, or "" when it does not."""
    if not rule_on("input-precision"):
        return ""
    catalogue = project.catalogue
    used = catalogue.uses(claim.formula)
    found = value_range(catalogue, bindings, claim.formula, used)
    if found is None:
        return ""
    low, high = found
    stated = claim.stated
    goal = stated.value * stated.unit.factor
    ends_hold = any(compare(stated, end, dims).verdict.value == "holds" for end in (low, high))
    if not ends_hold and not (stated.comparator in ("=", "range") and low <= goal <= high):
        return ""
    factor = stated.unit.factor
    shown = f"{show(Fraction(low) / factor)} to {show(Fraction(high) / factor)} {stated.unit.text}"
    return f"{REMARK} ({describe_intervals(bindings, used)}): they give {shown}"
