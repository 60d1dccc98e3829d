"""Kinds that scale the result or one term: a power of ten, a group's degree, a layer count.

"52e9 written 52e12" prints the result 10^3 off; "8 GB per chip" for a
slice of 16 leaves the degree out; an embedding priced once per layer
multiplies a per-model term by the layer count. Each reads catalogue data:
the powers and the degrees (``formulas/hypothesis_kinds.yaml``), and which
formulas of the derivation do not depend on the layer count.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from auditor.base.numbers import show

from .hypotheses import Context, Hypothesis, overriding

LAYER_SYMBOLS = ("n_layers",)


def _kind(ctx: Context, name: str):
    return ctx.catalogue.kinds.get(name)


def powers_of_ten(ctx: Context) -> Iterable[Hypothesis]:
    kind = _kind(ctx, "exponent")
    for power in kind.powers if kind else ():
        yield Hypothesis(
            f"power of ten off by {power:+d}", "exponent", f"the result written 10^{power} off (an exponent one step wrong)",
            ("result",), scale=Fraction(10) ** power, pairs=False,
        )


def group_degrees(ctx: Context) -> Iterable[Hypothesis]:
    """A degree (TP ranks, chips of a slice) left out, or applied twice."""
    kind = _kind(ctx, "scope")
    for degree, role in sorted(kind.degrees.items()) if kind else ():
        value = ctx.value_of(degree) if degree in ctx.names else None
        if value is None or value <= 1:
            continue
        direction = _direction(ctx, degree)
        yield Hypothesis(
            f"{direction.format(role=role)} ({degree})", "scope",
            f"{degree} = {show(value)} left out: {direction.format(role=role)} figure", (degree,),
            lambda b, c, d=degree: overriding(b, d, Fraction(1), "degree left out"), pairs=False, fixed=True,
        )
        yield Hypothesis(
            f"{degree} applied twice", "scope", f"{degree} = {show(value)} applied twice", (degree,),
            lambda b, c, d=degree, v=value: overriding(b, d, Fraction(v) ** 2, "degree applied twice"), pairs=False, fixed=True,
        )


def _direction(ctx: Context, degree: str) -> str:
    """Whether leaving the degree out prints a part for the whole or the whole for a part."""
    left_out = ctx.value_of(ctx.claim.formula, overriding(ctx.bindings, degree, Fraction(1), "probe"))
    whole = ctx.value_of(ctx.claim.formula)
    if left_out is None or whole is None or left_out == whole:
        return "per-{role} for whole"
    return "per-{role} for whole" if left_out < whole else "whole for per-{role}"


def per_model_terms_per_layer(ctx: Context) -> Iterable[Hypothesis]:
    """A term of the derivation that does not grow with depth, multiplied by the layer count."""
    layers = next((s for s in LAYER_SYMBOLS if s in ctx.names), None)
    count = ctx.value_of(layers) if layers else None
    if count is None or count <= 1:
        return
    for formula_id in ctx.catalogue.tree(ctx.claim.formula)[1:]:
        if set(LAYER_SYMBOLS) & ctx.catalogue.uses(formula_id):
            continue
        yield Hypothesis(
            f"{formula_id} counted per layer", "per-layer", f"{formula_id}, a per-model term, counted once per layer ({layers} = {show(count)})",
            (formula_id,), lambda b, c, f=formula_id, n=count: _times(b, c, f, n), pairs=False, op=("scale", formula_id, Fraction(count)),
        )


def _times(bindings, ctx: Context, formula_id: str, factor):
    value = ctx.value_of(formula_id, bindings)
    return bindings if value is None else overriding(bindings, formula_id, value * factor, "counted per layer")
