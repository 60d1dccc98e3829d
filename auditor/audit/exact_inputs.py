"""Inputs a document computed with exactly, as its own numbers show (rule input-precision, waived per document).

Rule input-precision holds a number that some value inside its printed
inputs' intervals reproduces: "1.5e12 B/s" may stand for anything from
1.45e12 to 1.55e12. A document that then prints several numbers that follow
from exactly 1.5e12, each to more figures than a value drawn from that
interval would give, has shown which value it computed with; a number of the
same document that only the interval holds is then judged at that value.

The evidence is weighed as a chance: for each other number of the document
that uses the same input (same value, same source) and holds at its printed
value, the share of the range the interval gives it that its own printed band
covers; multiplied over those numbers, it must fall below
``exact_input_chance`` (``units/precision.yaml``). A number decided this way
says so, and names the numbers that showed it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from fractions import Fraction

from auditor.base.errors import InputError, UnderdeterminedError, UnreadableClaim
from auditor.base.precision import exact_input_chance, rule_on
from auditor.claims.compare import compare
from auditor.claims.verdicts import Verdict
from auditor.evaluate.intervals import imprecise_inputs, value_range
from auditor.evaluate.resolve import resolve

from .input_precision import REMARK

MAX_WITNESSES = 50
"""Numbers of one document weighed for one input: enough to show it, bounded for a hostile file."""

EXACT_REMARK = "its document computes with "
"""How a finding judged at an input's point value begins, so later passes can tell it apart."""


def exact_inputs(claims: list, findings: list, project) -> list:
    """The findings, with every number held only by an input its document computed with exactly judged at that input's value."""
    candidates = [i for i, f in enumerate(findings) if held_by_interval(f)]
    if not candidates or not rule_on("input-precision"):
        return findings
    by_document = defaultdict(list)
    for index, claim in enumerate(claims):
        by_document[claim.location.path].append(index)
    out, weighed, bound = list(findings), {}, _Bound(claims, project)
    for index in candidates:
        claim = claims[index]
        bindings = bound(index)
        imprecise = {} if bindings is None else imprecise_inputs(bindings, project.catalogue.uses(claim.formula))
        shown = {}
        for name, sourced in imprecise.items():
            evidence_key = (claim.location.path, name, sourced)
            if evidence_key not in weighed:
                others = [j for j in by_document[claim.location.path] if j != index]
                weighed[evidence_key] = _witnesses(name, sourced, others, claims, findings, project, bound)
            witnesses, chance = weighed[evidence_key]
            if witnesses and chance < exact_input_chance():
                shown[name] = (sourced, witnesses, chance)
        if shown:
            out[index] = _judged_at_point(claim, findings[index], project, shown)
    return out


def held_by_interval(finding) -> bool:
    return finding.verdict == Verdict.HOLDS and bool(finding.remarks) and finding.remarks[0].startswith(REMARK)


class _Bound:
    """Each claim's inputs, resolved once however many inputs it is weighed for (None: they cannot be)."""

    def __init__(self, claims: list, project):
        self.claims, self.project, self.known = claims, project, {}

    def __call__(self, index: int):
        if index not in self.known:
            try:
                self.known[index] = resolve(self.claims[index], self.project.catalogue, self.project.inputs)
            except (InputError, UnreadableClaim, UnderdeterminedError):
                self.known[index] = None
        return self.known[index]


def _witnesses(name: str, sourced, others: list[int], claims: list, findings: list, project, bound: _Bound) -> tuple[list[str], Fraction]:
    """The ids of the document's numbers that hold at ``sourced``'s printed value beyond chance, and that chance."""
    catalogue, witnesses, chance = project.catalogue, [], Fraction(1)
    for j in others:
        claim, finding = claims[j], findings[j]
        if len(witnesses) >= MAX_WITNESSES:
            break
        if finding.verdict != Verdict.HOLDS or finding.remarks[:1] and finding.remarks[0].startswith(REMARK):
            continue
        if claim.stated is None or claim.stated.comparator != "=" or claim.formula not in catalogue.formulas:
            continue
        if name not in catalogue.uses(claim.formula):
            continue
        bindings = bound(j)
        if bindings is None or bindings.values.get(name) != sourced:
            continue
        share = _share(claim, finding, bindings, name, catalogue)
        if share is not None and 0 < share < 1:  # a band of no width (an exact form) is not weighed
            witnesses.append(claim.id)
            chance *= share
    return witnesses, chance


def _share(claim, finding, bindings, name: str, catalogue) -> Fraction | None:
    """The part of the range ``name``'s interval gives the claim that its printed band covers (None: not measurable)."""
    point = finding.computed_base
    if not isinstance(point, Fraction):
        return None
    alone = replace(bindings, values={n: s if n == name else replace(s, half_width=Fraction(0)) for n, s in bindings.values.items()})
    try:
        found = value_range(catalogue, alone, claim.formula, {name})
    except (InputError, UnderdeterminedError):
        return None
    if found is None:
        return None
    stated = claim.stated
    dims = catalogue.dims(claim.formula)
    if compare(stated, point, dims).verdict != Verdict.HOLDS:
        return None
    width = abs(Fraction(found[1]) - Fraction(found[0])) / stated.unit.factor
    if width == 0:
        return None
    return min(Fraction(1), 2 * stated.tolerance() / width)


def named(ids: list[str], shown: int = 3) -> str:
    """The first few claim ids, and how many more: a finding names its evidence without listing a whole file."""
    return ", ".join(ids[:shown]) + (f" and {len(ids) - shown} more" if len(ids) > shown else "")


def _judged_at_point(claim, finding, project, shown: dict):
    """The claim audited again with the shown inputs exact, saying why; its place in the document is kept."""
    from .pipeline import audit_claim

    try:
        again = audit_claim(claim, project, exact=frozenset(shown))
    except InputError:
        return finding
    reasons = []
    for name, (sourced, witnesses, chance) in sorted(shown.items()):
        reasons.append(
            f"{EXACT_REMARK}{name} = {sourced.source.removeprefix('given by the claim: ')} exactly: {named(witnesses)} "
            f"reproduce that value (a chance of 1 in {round(1 / chance):,} within its printed precision)"
        )
    return replace(again, remarks=tuple(reasons) + again.remarks, seconds=finding.seconds, document_location=finding.document_location)
