"""One ranked answer: fewest changes first, then the declared prior; one arithmetic change once.

fp32 and tf32 for fp16 are the same "4 bytes for 2", query heads and
d_model / d_h for KV heads are the same 32 for 8 on a Llama, a TB printed
as GB is the same factor as an exponent three steps off: each arithmetic
change is reported once, under its most likely name.
"""

from __future__ import annotations

from dataclasses import replace
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


def ranked(found: list, stated=None, same_arithmetic=()) -> list:
    """(diagnosis, combo) pairs, most likely first, each signature kept once under its best name.

    Fewest changes first, then the higher prior; between explanations of
    equal prior, the one that lands nearer the printed number. Explanations
    the catalogue declares the same arithmetic (``same_arithmetic``) that
    reproduce the same value are then one: the first names the others.
    """
    order = sorted(found, key=lambda item: (item[0].complexity, -item[0].prior, _distance(item[0].reproduced, stated)))
    first: dict = {}
    kept: list = []
    for diagnosis, combo, sig in order:
        if sig in first:
            i = first[sig]
            kept[i] = (replace(kept[i][0], also=kept[i][0].also + (diagnosis.parts,)), kept[i][1])
            continue
        first[sig] = len(kept)
        kept.append((diagnosis, combo))
    return _merged(kept, same_arithmetic) if same_arithmetic else kept


def _merged(kept: list, groups) -> list:
    out: list = []
    for diagnosis, combo in kept:
        keys = _arithmetic_keys(diagnosis, groups)
        twin = next((i for i, (d, _) in enumerate(out) if keys & _arithmetic_keys(d, groups) and _same(d, diagnosis)), None)
        if twin is None:
            out.append((diagnosis, combo))
            continue
        head, head_combo = out[twin]
        out[twin] = (replace(
            head, also=head.also + (diagnosis.parts,) + diagnosis.also,
            description=f"{head.description}; the same arithmetic as " + "; ".join([diagnosis.hypothesis, *(", ".join(a) for a in diagnosis.also)]),
        ), head_combo)
    return out


def _arithmetic_keys(diagnosis, groups) -> set:
    """For each name the explanation goes by, its parts with declared-equivalent names replaced by their group."""
    keys = set()
    for parts in (diagnosis.parts, *diagnosis.also):
        classes = [next((i for i, g in enumerate(groups) if g.matches(part)), part) for part in parts]
        if not all(isinstance(c, str) for c in classes):
            keys.add(tuple(sorted(classes, key=str)))
    return keys


def _same(a, b) -> bool:
    try:
        x, y = float(a.reproduced), float(b.reproduced)
    except (TypeError, ValueError, OverflowError):
        return False
    return x == y or abs(x - y) <= 1e-9 * max(abs(x), abs(y))


def _distance(reproduced, stated) -> float:
    if stated is None or not stated.value:
        return 0.0
    try:
        return abs(float(reproduced) - float(stated.value)) / abs(float(stated.value))
    except (TypeError, ValueError, OverflowError):
        return 0.0
