"""Trying hypotheses, alone, in pairs and in capped triples, and keeping those that reproduce the number.

Singles first; pairs only when no single fits. A kind declared
``pairs: false`` pairs only with a rounded value; a rounded value pairs with
every other kind, never with another rounding. When no pair fits either, a
pair of two pairing kinds (no rounding) is tried with a third slip of a kind
declared ``triples: true`` (a unit slip), at most ``diagnosis_triples`` of
them: the pair's value is computed once in floats and only a third that
lands near the number is computed exactly. The singles, then the pairs, are
first judged all together in floats (``lanes``); only those near the
printed number are computed exactly. The explanations found are
ranked by ``rank``: one answer, the same arithmetic change once.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import combinations

from auditor.base.limits import LIMITS
from auditor.claims.compare import compare, surely_not_close

from .hypotheses import Context, Hypothesis, layered
from .lanes import lane_array
from .rank import ranked, signature
from .registry import KINDS
from .result import Diagnosis

REPRODUCES = {"holds", "holds-by-rounding"}
BOUNDS = {"<", "<=", ">", ">="}


def candidates(ctx: Context) -> list[Hypothesis]:
    """Every hypothesis of every kind the catalogue gives a prior."""
    return [h for kind in KINDS.values() for h in kind(ctx) if h.kind in ctx.catalogue.kinds]


def applied(ctx: Context, combo: tuple[Hypothesis, ...]):
    """The bindings, the printed-unit override and the result scale a combination makes."""
    bindings, unit, scale = ctx.bindings, None, Fraction(1)
    for hypothesis in combo:
        if hypothesis.transform is not None:
            bindings = layered(bindings, ctx.alone(hypothesis)) if hypothesis.fixed else hypothesis.transform(bindings, ctx)
        if hypothesis.unit is not None:
            unit = hypothesis.unit
        if hypothesis.scale is not None:
            scale *= hypothesis.scale
    return bindings, unit, scale


def reproduced(ctx: Context, combo: tuple[Hypothesis, ...]):
    """The value the combination yields, if it reproduces the stated number; else None."""
    found = _reproducing(ctx, combo)
    return None if found is None else found[0]


def _reproducing(ctx: Context, combo: tuple[Hypothesis, ...], judged: bool = False):
    """(value shown, signature) when the combination reproduces the stated number.

    Only the formulas the combination reaches are recomputed (``Variation``),
    and in floats first where the derivation is smooth, so the many far-off
    candidates never cost exact arithmetic. ``judged``: the float pass over
    all lanes (``lanes``) already kept this one; it is computed exactly.

    A bound ("at most 24 GB") is reproduced only within its printed
    precision, not merely on the right side of it.
    """
    bindings, unit, scale = applied(ctx, combo)
    stated = _stated_as(ctx, unit)
    band, values = ctx.band(stated), ctx.replaced(bindings)
    if not judged:
        rough = ctx.variation.rough(ctx.claim.formula, values) if values else None
        ctx.roughs[tuple(map(id, combo))] = None if rough is None else rough * float(scale)  # kept for the triples
        if rough is not None and surely_not_close(band, rough * float(scale)):
            return None  # far off even in floats: no exact arithmetic spent on it
    try:
        value = ctx.variation.value(ctx.claim.formula, values) * scale
    except Exception:
        return None
    if surely_not_close(band, value):
        return None
    result = compare(stated, value, ctx.catalogue.dims(ctx.claim.formula))
    return (result.computed, signature(ctx, (bindings, unit, scale))) if result.verdict.value in REPRODUCES else None


def _unit_of(combo: tuple[Hypothesis, ...]):
    """The unit a combination says the value was computed in (the last slip that says one), or None."""
    unit = None
    for hypothesis in combo:
        if hypothesis.unit is not None:
            unit = hypothesis.unit
    return unit


def _band_of(ctx: Context, unit):
    """The float band of the stated number printed in ``unit`` (None: as stated), once per unit."""
    key = ("printed as", id(unit))
    if key not in ctx.bands:
        ctx.bands[key] = ctx.band(_stated_as(ctx, unit))
    return ctx.bands[key]


def _stated_as(ctx: Context, unit):
    """``_printed_as``, once per unit: a search reads the number in a handful of units, thousands of times."""
    key = ("stated as", id(unit))
    if key not in ctx.bands:
        ctx.bands[key] = (unit, _printed_as(ctx, unit))  # the unit held, so its id stays its own
    return ctx.bands[key][1]


def _printed_as(ctx: Context, unit):
    """The stated number as the comparison reads it: in ``unit`` when a slip says so, a bound as a value."""
    stated = ctx.claim.stated
    if unit is not None:
        stated = replace(stated, unit=unit)
    return replace(stated, comparator="=") if stated.comparator in BOUNDS else stated


def _compatible(a: Hypothesis, b: Hypothesis) -> bool:
    if set(a.changes) & set(b.changes):
        return False
    rounding = (a.kind == "rounding") + (b.kind == "rounding")
    return rounding == 1 or (rounding == 0 and a.pairs and b.pairs)


def search(ctx: Context, single: bool = False) -> tuple[list[Diagnosis], int]:
    """Diagnoses found, ranked, and the number of combinations tried."""
    found, tried = search_combos(ctx, single)
    return [d for d, _ in found], tried


def search_combos(ctx: Context, single: bool = False) -> tuple[list[tuple[Diagnosis, tuple[Hypothesis, ...]]], int]:
    """Each reproducing combination with its diagnosis, ranked; and how many were tried.

    ``single``: one slip at a time only, for a caller that counts no combination (a value too far off for two
    slips to explain by more than coincidence). What it finds is what the whole search finds, which stops at
    the first size that reproduces; finding nothing says nothing of pairs.
    """
    import numpy

    pool = candidates(ctx)
    compatible = _compatibility(pool, numpy)
    tried = 0
    found: list = []
    for size in (1,) if single else (1, 2):
        if size == 1:
            columns = [numpy.arange(len(pool), dtype=numpy.intp)]
        else:
            first, second = numpy.nonzero(numpy.triu(compatible, 1))  # row by row: the order of ``combinations``
            columns = [first.astype(numpy.intp), second.astype(numpy.intp)]
        tried += len(columns[0])
        values = lane_array(ctx, pool, columns)
        if size == 2 and values is not None:
            ctx.pair_values = (numpy.full((len(pool), len(pool)), numpy.nan), {id(h): i for i, h in enumerate(pool)})
            ctx.pair_values[0][columns[0], columns[1]] = values  # kept for the triples
        for lane in _near(ctx, pool, columns, values, numpy):
            combo = tuple(pool[column[lane]] for column in columns)
            rough = None if values is None or values[lane] != values[lane] else float(values[lane])
            hit = _reproducing(ctx, combo, judged=rough is not None)
            if hit is not None:
                found.append((_diagnosis(ctx, combo, hit[0]), combo, hit[1]))
        if found:
            break
    if not found and not single:
        found, more = _triples(ctx, pool, compatible)
        tried += more
    return ranked(found, ctx.claim.stated, ctx.catalogue.same_arithmetic), tried


def _compatibility(pool: list[Hypothesis], numpy):
    """Which hypotheses may be tried together (``_compatible``), for every pair of the pool at once."""
    size = len(pool)
    names: dict[str, int] = {}
    rows = [[names.setdefault(c, len(names)) for c in h.changes] for h in pool]
    incidence = numpy.zeros((size, max(1, len(names))), dtype=numpy.int64)
    for i, row in enumerate(rows):
        incidence[i, row] = 1
    disjoint = (incidence @ incidence.T) == 0
    rounding = numpy.array([h.kind == "rounding" for h in pool], dtype=numpy.int64)
    pairing = numpy.array([h.pairs for h in pool], dtype=bool)
    roundings = rounding[:, None] + rounding[None, :]
    return disjoint & ((roundings == 1) | ((roundings == 0) & pairing[:, None] & pairing[None, :]))


def _near(ctx: Context, pool: list[Hypothesis], columns: list, values, numpy):
    """The lanes the float pass does not rule out: every lane unknown in floats, and those near the printed number.

    The printed number is read in the unit the lane's last unit slip names,
    as ``_reproducing`` reads it; a band floats cannot give rules nothing out.
    """
    lanes = len(columns[0])
    if values is None:
        return range(lanes)
    units: dict[int, object] = {0: None}
    code = numpy.array([0 if h.unit is None else _code(units, h.unit) for h in pool], dtype=numpy.intp)
    unit = code[columns[-1]]
    for column in reversed(columns[:-1]):
        unit = numpy.where(unit != 0, unit, code[column])
    far = numpy.zeros(lanes, dtype=bool)
    with numpy.errstate(all="ignore"):
        for which in sorted(set(unit.tolist())):
            band = _band_of(ctx, units[which])
            if band is None or band[2] == 0:
                continue
            chosen = unit == which
            far[chosen] = numpy.abs(values[chosen] / band[2] - band[0]) > band[1]  # NaN compares false: kept
    return numpy.flatnonzero(~far).tolist()


def _code(units: dict, unit) -> int:
    for code, known in units.items():
        if known is unit:
            return code
    units[len(units)] = unit
    return len(units) - 1


def _triples(ctx: Context, pool: list[Hypothesis], compatible) -> tuple[list, int]:
    """A pair of pairing kinds with a third slip of a ``triples`` kind; at most ``diagnosis_triples`` tried."""
    kinds = ctx.catalogue.kinds
    thirds = [h for h in pool if kinds[h.kind].triples and h.pairs]  # a slip tried alone is no third one either
    bases = [i for i, h in enumerate(pool) if h.pairs and kinds[h.kind].pairs and h.kind != "rounding" and not kinds[h.kind].triples]
    found, tried, cap = [], 0, LIMITS["diagnosis_triples"].value
    for i, j in combinations(bases, 2) if thirds else ():
        if not compatible[i, j]:
            continue
        a, b = pool[i], pool[j]
        rough = _rough(ctx, (a, b))
        for third in thirds:
            if tried >= cap:
                return found, tried
            if set(third.changes) & set(a.changes + b.changes):
                continue
            tried += 1
            if rough is not None and surely_not_close(_band_of(ctx, third.unit), rough):
                continue
            hit = _reproducing(ctx, (a, b, third))
            if hit is not None:
                found.append((_diagnosis(ctx, (a, b, third), hit[0]), (a, b, third), hit[1]))
    return found, tried


def _rough(ctx: Context, combo: tuple[Hypothesis, ...]) -> float | None:
    """The combination's value in floats (its printed unit aside), or None where floats cannot say."""
    key = tuple(map(id, combo))
    if key in ctx.roughs:
        return ctx.roughs[key]  # the pair search computed it alone
    if ctx.pair_values is not None and len(combo) == 2:
        matrix, index = ctx.pair_values
        i, j = index.get(key[0]), index.get(key[1])
        if i is not None and j is not None and matrix[i, j] == matrix[i, j]:
            return float(matrix[i, j])  # the pair search's float pass computed it
    bindings, _, scale = applied(ctx, combo)
    values = ctx.replaced(bindings)
    rough = ctx.variation.rough(ctx.claim.formula, values) if values else None
    return None if rough is None else rough * float(scale)


def _diagnosis(ctx: Context, combo: tuple[Hypothesis, ...], value) -> Diagnosis:
    prior = Fraction(1)
    for h in combo:
        prior *= h.prior if h.prior is not None else ctx.catalogue.kinds[h.kind].prior
    return Diagnosis(
        hypothesis=", ".join(h.name for h in combo),
        kind="+".join(h.kind for h in combo),
        description=", and ".join(h.description for h in combo),
        reproduced=value,
        complexity=len(combo),
        parts=tuple(h.name for h in combo),
        prior=prior,
    )


def context(claim, project, bindings, trace=None) -> Context:
    """``trace``: the claim's derivation under ``bindings`` where the caller has already made it."""
    catalogue = project.catalogue
    names = set(catalogue.uses(claim.formula))
    if bindings.model_config is not None:
        names |= {n for n, s in catalogue.symbols.items() if s.config and n in bindings.values}
    return Context(claim, catalogue, project.inputs, bindings, names, trace=trace)


def diagnose(claim, project, bindings, trace=None, single: bool = False) -> list[Diagnosis]:
    return search(context(claim, project, bindings, trace), single)[0]
