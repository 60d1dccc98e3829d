"""Trying hypotheses, alone and in pairs, and keeping those that reproduce the number."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from auditor.claims.compare import compare, surely_not_close

from .hypotheses import Context, Hypothesis
from .registry import KINDS
from .result import Diagnosis

REPRODUCES = {"holds", "holds-by-rounding"}


def candidates(ctx: Context) -> list[Hypothesis]:
    return [h for kind in KINDS.values() for h in kind(ctx)]


def replaced(ctx: Context, combo: tuple[Hypothesis, ...]):
    """The values a combination of hypotheses replaces, and the unit it says the number was printed in."""
    state: dict = {}
    unit = None
    for hypothesis in combo:
        if hypothesis.transform is not None:
            state = hypothesis.transform(state, ctx)
        if hypothesis.unit is not None:
            unit = hypothesis.unit
    return state, unit


def applied(ctx: Context, combo: tuple[Hypothesis, ...]):
    """The bindings and the printed-unit override a combination of hypotheses makes."""
    state, unit = replaced(ctx, combo)
    return replace(ctx.bindings, values={**ctx.bindings.values, **state}), unit


def reproduced(ctx: Context, combo: tuple[Hypothesis, ...]):
    """The value the combination yields, if it reproduces the stated number; else None.

    Only what the combination changes is recomputed (``Variation``); the
    rest of the derivation keeps the claim's own values.
    """
    state, unit = replaced(ctx, combo)
    values = {k: v.value for k, v in state.items()}
    stated = ctx.claim.stated if unit is None else replace(ctx.claim.stated, unit=unit)
    band = ctx.band(stated)
    rough = ctx.variation.rough(ctx.claim.formula, values) if values else None
    if rough is not None and surely_not_close(band, rough):
        return None
    try:
        value = ctx.variation.value(ctx.claim.formula, values)
    except Exception:
        return None
    if surely_not_close(band, value):
        return None
    dims = ctx.catalogue.formulas[ctx.claim.formula].unit.dimensions
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
    names = catalogue.inlined_names(claim.formula) | set(catalogue.tree(claim.formula))
    if bindings.model_config is not None:
        names |= {n for n, s in catalogue.symbols.items() if s.config and n in bindings.values}
    return Context(claim, catalogue, project.inputs, bindings, names)


def diagnose(claim, project, bindings) -> list[Diagnosis]:
    return search(context(claim, project, bindings))[0]
