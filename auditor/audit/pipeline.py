"""Auditing claims: resolve, evaluate, compare, diagnose; one finding per claim."""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path

from auditor.base.numbers import show
from auditor.base.errors import InputError, UnderdeterminedError, UnreadableClaim
from auditor.base.units import base_unit_text
from auditor.claims.files import Claim, ClaimFile, claim_files, read_claim_file
from auditor.claims.readings import compare_readings
from auditor.claims.verdicts import Verdict
from auditor.evaluate.evaluation import Evaluation
from auditor.evaluate.resolve import resolve

from .findings import Finding
from .input_precision import precision_note
from .project import Project


@dataclass
class Run:
    """One audit of many claims: each readable claim with its finding, and every input problem, located."""

    files: list[ClaimFile] = field(default_factory=list)
    claims: list[tuple[ClaimFile, Claim]] = field(default_factory=list)
    """(its file, the claim) for each finding, in the same order."""
    findings: list[Finding] = field(default_factory=list)
    problems: list[InputError] = field(default_factory=list)


def collect(paths: list[Path], project: Project) -> Run:
    """Audit every claim that can be read under ``paths``; collect, rather than stop at, each input problem.

    As in lazy validation, one run reports everything wrong with its inputs:
    a file that is not YAML, a claim that names an unknown formula, a duplicate
    id; every other claim is still audited.
    """
    run = Run()
    for path in claim_files(paths, run.problems):
        try:
            claim_file = read_claim_file(path)
        except InputError as exc:
            run.problems.append(exc)
            continue
        run.files.append(claim_file)
        run.problems.extend(claim_file.problems)
    seen: dict[str, Claim] = {}
    for claim_file, claim in ((f, c) for f in run.files for c in f.claims):
        if claim.id in seen:
            run.problems.append(InputError(claim.location, f"duplicate claim id {claim.id!r} (first at {seen[claim.id].location})"))
            continue
        seen[claim.id] = claim
        _audit_into(run, claim_file, claim, project)
    from .inference import infer_unstated

    from .exact_inputs import exact_inputs
    from .shown_rounding import shown_rounding

    claims = [claim for _, claim in run.claims]
    run.findings = shown_rounding(claims, exact_inputs(claims, infer_unstated(claims, run.findings, project), project), project)
    return run


def _audit_into(run: Run, claim_file: ClaimFile, claim: Claim, project: Project) -> None:
    started = time.perf_counter()
    try:
        finding = audit_claim(claim, project)
    except InputError as exc:
        run.problems.append(exc)
        return
    run.claims.append((claim_file, claim))
    run.findings.append(replace(finding, seconds=time.perf_counter() - started))


def audit_files(paths: list[Path], project: Project) -> tuple[list[ClaimFile], list[Finding]]:
    """Every claim in the files under ``paths``, audited, in file order; the first input problem is raised."""
    run = collect(paths, project)
    if run.problems:
        raise run.problems[0]
    return run.files, run.findings


def audit_claim(claim: Claim, project: Project, exact: frozenset = frozenset(), single: bool = False) -> Finding:
    """One claim's finding; the inputs named in ``exact`` are taken at their printed value, without their interval.

    ``single``: a miss is explained by one slip at a time only (``search_combos``), for a caller that counts no pair.
    """
    catalogue = project.catalogue
    base = _base(claim)
    if claim.problem:
        return Finding(**base, verdict=Verdict.INVALID, message=claim.problem)
    if claim.arithmetic is not None:
        from .arithmetic import audit_arithmetic

        return audit_arithmetic(claim, catalogue, base)
    if claim.formula is None:
        return Finding(**base, verdict=Verdict.SOURCED, message=f"sourced: {claim.fact}")
    if claim.formula not in catalogue.formulas and claim.formula not in catalogue.symbols:
        raise InputError(claim.location, f"claim {claim.id!r} names unknown formula {claim.formula!r}{catalogue.unknown_hint(claim.formula)}")
    if claim.property is not None:
        from .properties import check_property

        verdict, message = check_property(claim, project)
        return Finding(**base, verdict=verdict, message=message)
    return _recomputed(claim, project, base, exact, single)


def _recomputed(claim: Claim, project: Project, base: dict, exact: frozenset = frozenset(), single: bool = False) -> Finding:
    """Evaluate the claim's formula, compare with the stated number, diagnose a miss."""
    catalogue = project.catalogue
    try:
        bindings = resolve(claim, catalogue, project.inputs)
    except UnreadableClaim as exc:
        return Finding(**base, verdict=Verdict.INVALID, message=str(exc))
    if exact:
        bindings = replace(bindings, values={n: replace(s, half_width=Fraction(0)) if n in exact else s for n, s in bindings.values.items()})
    evaluation = Evaluation(catalogue, bindings)
    notes = tuple(bindings.model_notes)
    try:
        value = evaluation.value(claim.formula)
    except UnderdeterminedError as exc:
        from auditor.evaluate.given import missing_hint

        hint = missing_hint(exc.missing, catalogue, project.inputs, claim.given)
        message = f"missing {', '.join(exc.missing)}" + (f": {exc.reason}" if exc.reason else "") + (f"; {hint}" if hint else "")
        return Finding(**base, verdict=Verdict.UNDERDETERMINED, message=message, missing=tuple(exc.missing), notes=notes)
    except (ZeroDivisionError, ValueError, OverflowError) as exc:
        return Finding(**base, verdict=Verdict.INVALID, message=f"cannot evaluate: {exc}", trace=tuple(evaluation.trace), notes=notes)
    dims = catalogue.dims(claim.formula)
    result, reading = compare_readings(claim.stated, value, dims)
    remarks = defaults_used(evaluation.trace) + counts_not_read(claim, catalogue, evaluation.trace)
    if reading is not None and reading.note:
        claim, remarks = replace(claim, stated=reading.stated), (reading.note,) + remarks
    verdict, message = result.verdict, ""
    if verdict in (Verdict.MISMATCH, Verdict.HOLDS_BY_ROUNDING):
        decided = precision_note(claim, project, bindings, dims)
        verdict, remarks = (Verdict.HOLDS, (decided,) + remarks) if decided else (verdict, remarks)
    if result.verdict == Verdict.UNIT_ERROR:
        message = f"stated in {claim.stated.unit.text} ({claim.stated.unit.describe_dimensions()}), but {claim.formula} gives {base_unit_text(dims)}"
    finding = Finding(
        **base,
        verdict=verdict,
        computed=result.computed,
        unit=claim.stated.unit.text,
        computed_base=value,
        base_unit=base_unit_text(dims),
        tolerance=result.tolerance,
        trace=tuple(evaluation.trace),
        message=message,
        notes=notes,
        remarks=remarks,
    )
    return _diagnosed(finding, claim, project, bindings, single)


def defaults_used(trace) -> tuple[str, ...]:
    """Every documented default the derivation took, named, so a reader can doubt it."""
    return tuple(f"default used: {s.name} = {show(s.value)} ({s.source})" for s in trace if s.kind == "default")


def counts_not_read(claim: Claim, catalogue, trace) -> tuple[str, ...]:
    """A count of the model's geometry the claim gives (``n_kv_heads: 8`` beside ``model:``) that the
    derivation never read: the formula takes what the config derives from it (KV values per token),
    so the given count changes nothing, and a reader who meant a variant of the model should know."""
    if "model" not in claim.given:
        return ()
    read = {step.name for step in trace}
    return tuple(
        f"given but not read: {key} = {claim.given[key]} (beside model {claim.given['model']}, {claim.formula} takes what the config derives from it)"
        for key in claim.given
        if key in catalogue.symbols and catalogue.symbols[key].config and key not in read
    )


def _base(claim: Claim) -> dict:
    return dict(
        claim_id=claim.id,
        location=claim.location,
        quote=claim.quote,
        formula=claim.formula,
        stated=claim.stated.text if claim.stated else "",
        expected=claim.expect,
        section=claim.section,
        document=str(claim.document.get("title", "")),
    )


def _diagnosed(finding: Finding, claim: Claim, project: Project, bindings, single: bool = False) -> Finding:
    """Attach explanations to a number that does not hold (none for one that does)."""
    if finding.verdict not in (Verdict.MISMATCH, Verdict.UNIT_ERROR):
        return finding
    from auditor.diagnosis.search import diagnose

    return replace(finding, diagnoses=tuple(diagnose(claim, project, bindings, finding.trace, single)))
