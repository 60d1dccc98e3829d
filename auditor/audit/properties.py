"""A claim about a formula's shape becomes a verdict: proved, refuted, or invalid.

The checks themselves (``auditor.catalogue.symbolic``) speak of formulas only;
this is where a claim's ``property:`` mapping is read and the outcome of each
check is turned into the claim's verdict.
"""

from __future__ import annotations

from auditor.base.budget import OutOfTime, cpu_budget
from auditor.base.errors import InputError
from auditor.catalogue.symbolic import CHECKS, Subject
from auditor.claims.verdicts import Verdict


def check_property(claim, project) -> tuple[Verdict, str]:
    """Run every check the claim's ``property:`` names; proved only if all pass, invalid when SymPy runs out of time."""
    try:
        with cpu_budget(f"checking {', '.join(str(k) for k in claim.property)}"):
            return _checked(claim, project)
    except OutOfTime as exc:
        return Verdict.INVALID, f"SymPy could not decide: {exc}"


def _checked(claim, project) -> tuple[Verdict, str]:
    catalogue = project.catalogue
    subject = Subject(claim, catalogue)
    if "where" in claim.property:
        subject.where = subject.mapping(claim.property["where"], "where")
    messages = []
    for kind, argument in claim.property.items():
        if kind == "where":
            continue
        check = CHECKS.get(kind)
        if check is None:
            raise InputError(claim.at(kind), f"claim {claim.id!r}: unknown property {kind!r} (known: {', '.join(sorted(CHECKS))})")
        ok, message = check(subject, argument)
        if ok is None:
            return Verdict.INVALID, message
        if not ok:
            return Verdict.REFUTED, f"{kind}: {message}"
        messages.append(message)
    return Verdict.PROVED, "; ".join(messages)
