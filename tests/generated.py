"""The generated corpus: a correct shipped claim with one slip applied, printed as a document would.

For each base (a shipped claim that holds, one per formula), every
hypothesis the diagnosis would try is applied on its own; the number it
yields, printed to four significant figures in the claim's unit (in the
slipped label for a unit slip), becomes the stated number of a new claim
whose expected cause is that slip. A slip that changes nothing, or yields a
number another candidate also yields exactly (no method could tell them
apart), or is too small to show at four figures, is left out: those cases
measure nothing about the ranking.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

from auditor.audit.input_precision import precision_note
from auditor.audit.pipeline import audit_claim
from auditor.base.quantity import parse_stated
from auditor.claims.compare import compare
from auditor.claims.files import claim_files, load_claim_file
from auditor.claims.readings import compare_readings
from auditor.diagnosis.search import applied, candidates, context
from auditor.evaluate.evaluation import Evaluation
from auditor.evaluate.resolve import resolve

REPO = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Case:
    base: str
    kind: str
    slip: str
    claim: object


PER_FORMULA = 3


def bases(project) -> list:
    """Up to three holding shipped claims per formula (different models where there are), with a plain stated value."""
    chosen: dict[str, list] = {}
    for path in claim_files([REPO / "claims"]):
        for claim in load_claim_file(path).claims:
            if claim.formula is None:
                continue
            taken = chosen.setdefault(claim.formula, [])
            if len(taken) >= PER_FORMULA or claim.formula not in project.catalogue.formulas or claim.property is not None:
                continue
            if claim.expect is not None or claim.label is not None or claim.stated is None or claim.stated.comparator != "=" or claim.stated.exact:
                continue
            if claim.given.get("model") in {c.given.get("model") for c in taken}:
                continue
            if audit_claim(claim, project).verdict.value == "holds":
                taken.append(claim)
    extra = load_claim_file(REPO / "tests" / "cases" / "generated_bases.yaml").claims
    return [claim for taken in chosen.values() for claim in taken] + extra


def cases(project, claims) -> list[Case]:
    found = []
    for claim in claims:
        bindings = resolve(claim, project.catalogue, project.inputs)
        ctx = context(claim, project, bindings)
        slipped = [(h, _printed(ctx, h)) for h in candidates(ctx)]
        texts = [t for _, t in slipped if t is not None]
        for hypothesis, text in slipped:
            if text is None or texts.count(text) > 1:
                continue
            stated = parse_stated(text)
            if _still_holds(ctx, project, stated):
                continue
            found.append(Case(claim.id, hypothesis.kind, hypothesis.name, replace(claim, id=f"{claim.id}~{hypothesis.name}", stated=stated, expect=None)))
    return found


def _still_holds(ctx, project, stated) -> bool:
    """A slip too small to show at four figures, or within the inputs' printed precision, is no wrong number."""
    original = Evaluation(ctx.catalogue, ctx.bindings).value(ctx.claim.formula)
    dims = ctx.catalogue.dims(ctx.claim.formula)
    slipped = replace(ctx.claim, stated=stated)
    return compare(stated, original, dims).verdict.holds or bool(precision_note(slipped, project, ctx.bindings, dims))


def _printed(ctx, hypothesis) -> str | None:
    """The slipped number as printed, or None when the slip changes nothing or cannot be evaluated."""
    bindings, unit, scale = applied(ctx, (hypothesis,))
    try:
        value = Fraction(Evaluation(ctx.catalogue, bindings).value(ctx.claim.formula)) * scale
        original = Fraction(Evaluation(ctx.catalogue, ctx.bindings).value(ctx.claim.formula))
    except (ArithmeticError, ValueError, TypeError):
        return None
    label = unit if unit is not None else _read_unit(ctx, original)
    shown = value / Fraction(label.factor)
    if value == original and unit is None or shown == 0:
        return None
    text = _four_figures(float(shown))
    unit_text = ctx.claim.stated.unit.text
    return f"{text} {unit_text}".strip() if unit_text != "dimensionless" else text


def _read_unit(ctx, original):
    """The unit as the holding claim was read ("5.1B" on a count is billions), so the slip prints in it."""
    _, reading = compare_readings(ctx.claim.stated, original, ctx.catalogue.dims(ctx.claim.formula))
    return ctx.claim.stated.unit if reading is None else reading.stated.unit


def _four_figures(value: float) -> str:
    """Four significant figures that read back as four: 1.000, not 1 (which a claim reads as 1 +- 0.5)."""
    text = f"{value:#.4g}"
    mantissa, e, exponent = text.partition("e")
    return mantissa.rstrip(".") + e + exponent
