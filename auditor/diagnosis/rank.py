"""One ranked answer: fewest changes first, then the declared prior; one arithmetic change once.

fp32 and tf32 for fp16 are the same "4 bytes for 2", query heads and
d_model / d_h for KV heads are the same 32 for 8 on a Llama, a TB printed
as GB is the same factor as an exponent three steps off: each arithmetic
change is reported once, under its most likely name.
"""

from __future__ import annotations

from fractions import Fraction


def signature(ctx, applied_combo) -> tuple:
    """What a combination changes: the values it rebinds, and the factor on the printed result.

    Two explanations that rebind the same quantities to the same values (and
    scale the printed number alike) are one arithmetic change; two that reach
    the same number through different quantities are two explanations.
    """
    bindings, unit, scale = applied_combo
    changed = frozenset(
        (name, sourced.value) for name, sourced in bindings.values.items()
        if name in ctx.names and (name not in ctx.bindings.values or ctx.bindings.values[name].value != sourced.value)
    )
    factor = Fraction(scale) * (Fraction(ctx.claim.stated.unit.factor) / Fraction(unit.factor) if unit is not None else 1)
    return changed, factor


def ranked(found: list, stated=None) -> list:
    """(diagnosis, combo) pairs, most likely first, each signature kept once under its best name.

    Fewest changes first, then the higher prior; between explanations of
    equal prior, the one that lands nearer the printed number.
    """
    order = sorted(found, key=lambda item: (item[0].complexity, -item[0].prior, _distance(item[0].reproduced, stated)))
    seen, kept = set(), []
    for diagnosis, combo, sig in order:
        if sig in seen:
            continue
        seen.add(sig)
        kept.append((diagnosis, combo))
    return kept


def _distance(reproduced, stated) -> float:
    if stated is None or not stated.value:
        return 0.0
    try:
        return abs(float(reproduced) - float(stated.value)) / abs(float(stated.value))
    except (TypeError, ValueError, OverflowError):
        return 0.0
