"""Another figure of the claim's own spec sheet read for the one its formula needs.

A spec sheet prints a column of rates side by side (bf16, fp8, tf32, each
dense and with 2:4 sparsity) and a column of bandwidths; a document that
copies a row over from its neighbour prints a number the sheet does hold,
for the wrong thing. Each symbol the claim takes from its GPU is tried with
every other figure of that GPU in the same dimension; counts (SMs, links)
are left out. A figure the symbol is declared ``confused_with`` is left to
the swap kind, which names it better.
"""

from __future__ import annotations

from typing import Iterable

from auditor.base.numbers import with_prefix
from auditor.evaluate.memo import gpu_value, once, symbol_roles

from .hypotheses import Context, Hypothesis, overriding


def spec_rows(ctx: Context) -> Iterable[Hypothesis]:
    gpu_id = ctx.claim.given.get("gpu")
    if not isinstance(gpu_id, str) or gpu_id not in ctx.inputs.gpus:
        return
    table = ctx.inputs.accelerators
    for symbol in symbol_roles(ctx.catalogue)["gpu"]:
        if not symbol.gpu or symbol.name not in ctx.names or symbol.name in ctx.claim.given:
            continue
        right = ctx.value_of(symbol.name)
        if right is None:
            continue
        yield from once(ctx.inputs, "spec rows", (gpu_id, symbol.name), lambda s=symbol, r=right: _rows(ctx, table, gpu_id, s, r))


def _rows(ctx: Context, table, gpu_id: str, symbol, right) -> tuple[Hypothesis, ...]:
    """The hypotheses of one GPU-bound symbol: the same for every claim naming that GPU (frozen, so shared)."""
    own = table.fields.get(table.field_name(symbol.gpu))
    if own is None or own.unit.dimensionless:
        return ()  # a count (SMs, links) is no row of rates or bandwidths a document copies from its neighbour
    swapped = {ctx.catalogue.symbols[o].gpu for o in symbol.confused_with if o in ctx.catalogue.symbols}
    found = []
    for name, field in sorted(table.fields.items()):
        if name == own.name or name in swapped or field.unit.dimensions != own.unit.dimensions:
            continue
        figure = gpu_value(ctx.inputs, gpu_id, name)
        if figure is None or figure.value == right:
            continue
        shown = with_prefix(figure.value / own.unit.factor, own.unit.text)
        found.append(Hypothesis(
            f"{symbol.name} <- {gpu_id}.{name}", "spec-row",
            f"the sheet's {name} figure ({shown}, {field.meaning}) read for {own.name}", (symbol.name,),
            lambda b, c, n=symbol.name, v=figure.value, f=name: overriding(b, n, v, f"spec row {f}"), fixed=True,
        ))
    return tuple(found)
