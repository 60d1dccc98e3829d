"""Passages whose own numbers show they round, not truncate (rule truncation, waived per passage).

Rule truncation holds a bare number printed less than one last digit below
its value, since documents truncate ("2.56 ms" printed "2.5 ms"). That
excuse needs a document that truncates. A document that prints 16.06 as
"16.1" and 14.48 as "14.5" rounds: truncating would have printed 16.0 and
14.4. Its "18.4" for 18.48 is then no truncation but a slip (here, the
count rounded before it was doubled), and is judged without the allowance,
so that the slip is flagged and explained.

The evidence is counted, not weighed: a truncating hand never prints a
number above its value, so each such number that holds plainly is a
witness, and ``rounding_witnesses`` (``units/precision.yaml``) of them, with
no other number held only by truncation, show the habit. The count is taken
within one passage (the claims of one file under one ``section:``): a long
document is written a passage at a time, and its formula sheet may round
where its worked example truncates. A passage with two numbers held only by
truncation truncates, whatever else it rounds, and keeps the allowance.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from fractions import Fraction

from auditor.base.errors import InputError
from auditor.base.precision import rounding_witnesses, rule_on, rules_off
from auditor.claims.verdicts import Verdict

from .exact_inputs import EXACT_REMARK, named
from .input_precision import REMARK


def held_by_truncation(finding) -> bool:
    return finding.verdict == Verdict.HOLDS_BY_ROUNDING


def shown_rounding(claims: list, findings: list, project) -> list:
    """The findings, with every number held only by truncation in a passage that rounds judged without the allowance."""
    if not rule_on("shown-rounding") or not any(held_by_truncation(f) for f in findings):
        return findings
    by_passage = defaultdict(list)
    for index, claim in enumerate(claims):
        by_passage[claim.location.path, claim.section].append(index)
    out = list(findings)
    for members in by_passage.values():
        truncated = [i for i in members if held_by_truncation(findings[i])]
        if len(truncated) != 1 or findings[truncated[0]].remarks[:1] and findings[truncated[0]].remarks[0].startswith(EXACT_REMARK):
            continue
        witnesses = [claims[i].id for i in members if rounded_up(claims[i], findings[i])]
        if len(witnesses) >= rounding_witnesses():
            index = truncated[0]
            out[index] = _judged_without_truncation(claims[index], findings[index], project, witnesses)
    return out


def rounded_up(claim, finding) -> bool:
    """A bare number that holds at its inputs' values and is printed farther from zero than its value: rounded, not truncated."""
    stated = claim.stated
    if finding.verdict != Verdict.HOLDS or stated is None or stated.exact or stated.qualifier is not None or stated.comparator != "=":
        return False
    if finding.remarks[:1] and finding.remarks[0].startswith(REMARK):
        return False
    value, printed = finding.computed, stated.low.value
    if not isinstance(value, Fraction) or value == 0 or (value > 0) != (printed > 0):
        return False
    return abs(value) < abs(printed)


def _judged_without_truncation(claim, finding, project, witnesses: list[str]):
    """The claim audited again with rule truncation off, saying why; its place in the document is kept."""
    from .pipeline import audit_claim

    try:
        with rules_off("truncation"):
            again = audit_claim(claim, project)
    except InputError:
        return finding
    if again.verdict != Verdict.MISMATCH:
        return finding
    reason = (
        f"its passage rounds rather than truncates: {named(witnesses)} print their values rounded up, where truncating "
        "would print one digit lower; judged without the truncation allowance"
    )
    return replace(again, remarks=(reason,) + again.remarks, seconds=finding.seconds, document_location=finding.document_location)
