"""The winning hypothesis's derivation beside the correct one, for ``auditor explain``."""

from __future__ import annotations

from auditor.base.numbers import show
from auditor.evaluate.evaluation import Evaluation
from auditor.evaluate.resolve import resolve

from .search import applied, context, search_combos


def side_by_side(claim, project) -> list[str]:
    """Lines showing each value that the best explanation changes, correct value first."""
    bindings = resolve(claim, project.catalogue, project.inputs)
    ctx = context(claim, project, bindings)
    found, _ = search_combos(ctx)
    if not found:
        return []
    diagnosis, combo = found[0]
    wrong_bindings, unit, _ = applied(ctx, combo)
    right, wrong = _trace(ctx, bindings), _trace(ctx, wrong_bindings)
    width = max((len(n) for n in right), default=10)
    lines = [f"best explanation: {diagnosis.hypothesis}", f"  {'value':<{width}}  {'correct':>16}  {'as published':>16}"]
    for name, value in right.items():
        other = wrong.get(name, value)
        marker = "  <-" if other != value else ""
        lines.append(f"  {name:<{width}}  {show(value):>16}  {show(other):>16}{marker}")
    if unit is not None:
        lines.append(f"  and the result, computed in {unit.text}, printed as {claim.stated.unit.text}")
    return lines


def _trace(ctx, bindings) -> dict:
    evaluation = Evaluation(ctx.catalogue, bindings)
    try:
        evaluation.value(ctx.claim.formula)
    except Exception:
        return {}
    return {step.name: step.value for step in evaluation.trace}
