"""Human explanations: one claim's derivation, and the catalogue listing."""

from __future__ import annotations

import sympy

from auditor.audit.findings import Finding
from auditor.base.numbers import show
from auditor.catalogue.load import Catalogue
from auditor.claims.files import Claim
from auditor.inputs.layout import layer_summary

from .human import diagnosis_lines, finding_line


def render_explanation(claim: Claim, finding: Finding, project) -> str:
    lines = [f"claim {claim.id} ({claim.location})", f"  quote: {claim.quote!r}"]
    if claim.section:
        lines.append(f"  section: {claim.section}")
    if claim.arithmetic is not None:
        lines += _arithmetic_lines(claim, finding)
    elif claim.formula is None:
        lines.append(f"  sourced fact, not recomputed: {claim.fact}")
    elif claim.formula in project.catalogue.symbols:
        lines += _symbol_lines(claim, finding, project.catalogue)
    else:
        lines += _formula_lines(claim, finding, project)
    return "\n".join(lines) + "\n"


def _arithmetic_lines(claim: Claim, finding: Finding) -> list[str]:
    """A sum the document prints: the expression, the values its names were given, the verdict."""
    lines = [f"  printed arithmetic: {claim.arithmetic}"]
    lines += [f"    {name} = {value}  [given]" for name, value in claim.given.items()]
    lines += [f"    {note}" for note in finding.notes]
    return lines + [finding_line(finding)] + diagnosis_lines(finding)


def _symbol_lines(claim: Claim, finding: Finding, catalogue: Catalogue) -> list[str]:
    """A claim that states one input directly ("48 layers")."""
    symbol = catalogue.symbols[claim.formula]
    lines = [f"symbol {symbol.name} [{symbol.unit.text}]: {symbol.meaning}"]
    lines += [f"  {s.name} = {show(s.value, 6)} {s.unit}  [{s.kind}: {s.source}]" for s in finding.trace]
    return lines + [finding_line(finding)]


def _formula_lines(claim: Claim, finding: Finding, project) -> list[str]:
    """The formula, what it assumes, each value with its origin, and the verdict."""
    formula = project.catalogue.formulas[claim.formula]
    lines = [
        f"formula {formula.id}: {formula.title}",
        f"  owner: {formula.owner or '-'}",
        f"  {formula.id} = {formula.expr_text}   [{formula.unit.text}]",
    ]
    lines += [f"  assumes: {a}" for a in formula.assumptions]
    lines += [f"  model: {n}" for n in finding.notes]
    lines += claim_layout_lines(claim, project)
    if finding.trace:
        lines.append("values (base units):")
        lines += [f"{'  ' * (s.depth + 1)}{s.name} = {show(s.value, 6)} {s.unit}  [{s.kind}: {s.source}]" for s in finding.trace]
        values = {s.name: s.value for s in finding.trace}
        lines.append(f"substituted: {formula.id} = {_substituted(project.catalogue, formula.id, values)}")
    lines.append(finding_line(finding))
    lines.extend(diagnosis_lines(finding))
    if finding.diagnoses:
        from auditor.diagnosis.sidebyside import side_by_side

        lines.extend(side_by_side(claim, project))
    return lines


def _substituted(catalogue: Catalogue, formula_id: str, values: dict) -> str:
    expr = catalogue.expressions[formula_id]
    mapping = {s: sympy.Symbol(show(values[s.name], 6)) for s in expr.free_symbols if s.name in values}
    return sympy.sstr(expr.xreplace(mapping))


def claim_layout_lines(claim, project) -> list[str]:
    """The layer summary of the model a claim names, for ``auditor explain`` (none without a model)."""
    if "model" not in claim.given:
        return []
    from auditor.inputs.models import model_geometry

    geometry = model_geometry(str(claim.given["model"]), project.inputs, claim.at("model"))[0]
    if geometry is None:
        return []
    return ["  model layout:"] + [f"    {line}" for line in layer_summary(geometry.layers)]
