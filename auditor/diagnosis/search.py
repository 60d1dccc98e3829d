"""Trying hypotheses, alone and in pairs, and keeping those that reproduce the number."""

from __future__ import annotations

from itertools import combinations

from auditor.claims.compare import compare
from auditor.evaluate.evaluation import Evaluation

from .hypotheses import Context, Hypothesis
from .registry import KINDS
from .result import Diagnosis

REPRODUCES = {"holds", "holds-by-rounding"}


def candidates(ctx: Context) -> list[Hypothesis]:
    return [h for kind in KINDS.values() for h in kind(ctx)]


def applied(ctx: Context, combo: tuple[Hypothesis, ...]):
    """The bindings and the printed-unit override a combination of hypotheses makes."""
    bindings = ctx.bindings
    unit = None
    for hypothesis in combo:
        if hypothesis.transform is not None:
            bindings = hypothesis.transform(bindings, ctx)
        if hypothesis.unit is not None:
            unit = hypothesis.unit
    return bindings, unit


def reproduced(ctx: Context, combo: tuple[Hypothesis, ...]):
    """The value the combination yields, if it reproduces the stated number; else None."""
    bindings, unit = applied(ctx, combo)
    try:
        value = Evaluation(ctx.catalogue, bindings).value(ctx.claim.formula)
    except Exception:
        return None
    stated = ctx.claim.stated
    if unit is not None:
        from dataclasses import replace

        stated = replace(stated, unit=unit)
    dims = ctx.catalogue.dims(ctx.claim.formula)
    result = compare(stated, value, dims)
    return result.computed if result.verdict.value in REPRODUCES else None


def _compatible(a: Hypothesis, b: Hypothesis) -> bool:
    return a.pairs and b.pairs and not set(a.changes) & set(b.changes)


def search(ctx: Context) -> tuple[list[Diagnosis], int]:
    """Diagnoses found and the number of combinations tried."""
    found, tried = search_combos(ctx)
    return [d for d, _ in found], tried


def search_combos(ctx: Context) -> tuple[list[tuple[Diagnosis, tuple[Hypothesis, ...]]], int]:
    """Each reproducing combination with its diagnosis, simplest first; and how many were tried."""
    pool = candidates(ctx)
    tried = 0
    found: list = []
    for size in (1, 2):
        for combo in combinations(pool, size):
            if size == 2 and not _compatible(*combo):
                continue
            tried += 1
            value = reproduced(ctx, combo)
            if value is not None:
                found.append((_diagnosis(combo, value), combo))
        if found:
            break
    return found, tried


def _diagnosis(combo: tuple[Hypothesis, ...], value) -> Diagnosis:
    return Diagnosis(
        hypothesis=", ".join(h.name for h in combo),
        kind="+".join(h.kind for h in combo),
        description=", and ".join(h.description for h in combo),
        reproduced=value,
        complexity=len(combo),
        parts=tuple(h.name for h in combo),
    )


def context(claim, project, bindings) -> Context:
    catalogue = project.catalogue
    if claim.formula in catalogue.formulas:
        names = {str(s) for s in catalogue.inlined(claim.formula).free_symbols} | set(catalogue.tree(claim.formula))
    else:  # a claim on a bare symbol (a spec-sheet figure, a config value)
        names = {claim.formula}
    if bindings.model_config is not None:
        names |= {n for n, s in catalogue.symbols.items() if s.config and n in bindings.values}
    return Context(claim, catalogue, project.inputs, bindings, names)


def diagnose(claim, project, bindings) -> list[Diagnosis]:
    return search(context(claim, project, bindings))[0]
