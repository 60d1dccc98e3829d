"""Counts off by one, and defaults a document did not mean.

A speculative-decoding count without its bonus token, n where n - 1 was
meant: every integer input of the derivation is tried one up and one down.
A documented default efficiency (MBU 0.7) on a claim that fails is doubted
too: documents usually mean the peak, a fraction of 1.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from auditor.base.numbers import show
from auditor.evaluate.evaluation import Evaluation

from .hypotheses import Context, Hypothesis, overriding


def counts_off_by_one(ctx: Context) -> Iterable[Hypothesis]:
    for name in sorted(ctx.names & set(ctx.catalogue.symbols)):
        symbol = ctx.catalogue.symbols[name]
        value = ctx.value_of(name)
        if "integer" not in symbol.domain or symbol.value is not None or value is None or value < 2:
            continue
        own = value / symbol.unit.factor
        for step in (-1, 1):
            yield Hypothesis(
                f"{name} off by {step:+d}", "off-by-one", f"{name} = {show(own + step)} used for {show(own)} (a count off by one)", (name,),
                lambda b, c, n=name, v=value, s=step, f=symbol.unit.factor: overriding(b, n, v + s * f, "off by one"), pairs=False, fixed=True,
            )


def doubted_defaults(ctx: Context) -> Iterable[Hypothesis]:
    """A default fraction the derivation used, read as the peak (1) the document may have meant."""
    evaluation = Evaluation(ctx.catalogue, ctx.bindings)
    try:
        evaluation.value(ctx.claim.formula)
    except Exception:
        return
    for step in evaluation.trace:
        symbol = ctx.catalogue.symbols.get(step.name)
        if step.kind != "default" or symbol is None or symbol.domain != "fraction" or step.value == 1:
            continue
        yield Hypothesis(
            f"{step.name} = 1 for the default", "default", f"{step.name} at peak (1) where the catalogue's default {show(step.value)} was used", (step.name,),
            lambda b, c, n=step.name: overriding(b, n, Fraction(1), "peak, not the default"), fixed=True,
        )
