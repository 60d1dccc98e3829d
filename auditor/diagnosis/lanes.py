"""Every combination's float value in one pass over arrays, before any is computed exactly.

A search tries a thousand combinations and more, nearly all far from the
printed number. Walking each one's changed subtree in Python floats costs
more than everything else the search does, so here each combination is one
lane of an array: every value of the derivation holds the claim's own value
in every lane but those a combination rebinds, a term a slip scales is
scaled in its lanes, a term a fallacy replaces takes the other formula's
value in its lanes, and each formula the changes reach is computed once,
for all lanes, by its compiled code over numpy arrays. A lane far from the
printed number needs nothing more; the rest are computed exactly.

As in ``Variation.rough``, only a smooth derivation (no floor, ceiling or
condition) is judged in floats, and a lane the arrays cannot say (a
hypothesis with neither fixed values nor a declared term operation, a value
that is no float) is None: the caller computes it alone.
"""

from __future__ import annotations

from .hypotheses import Context, Hypothesis

SMALLEST_BATCH = 32
"""Fewer lanes than this are cheaper one by one than through arrays."""


class _Unjudged(Exception):
    """The arrays cannot compute this pass; every lane falls back to its own evaluation."""


def lane_values(ctx: Context, combos: list[tuple[Hypothesis, ...]]) -> list[float | None]:
    """Each combination's value in floats, its result scale applied and its printed unit aside; None where unknown."""
    pool, columns = _as_columns(combos)
    values = lane_array(ctx, pool, columns)
    if values is None:
        return [None] * len(combos)
    return [v if v == v else None for v in values.tolist()]


def _as_columns(combos: list[tuple[Hypothesis, ...]]):
    """The hypotheses the combinations name, and for each position the index of each lane's hypothesis there (-1: none)."""
    import numpy

    index: dict[int, int] = {}
    pool: list[Hypothesis] = []
    width = max((len(c) for c in combos), default=0)
    columns = [numpy.full(len(combos), -1, dtype=numpy.intp) for _ in range(width)]
    for lane, combo in enumerate(combos):
        for position, hypothesis in enumerate(combo):
            if id(hypothesis) not in index:
                index[id(hypothesis)] = len(pool)
                pool.append(hypothesis)
            columns[position][lane] = index[id(hypothesis)]
    return pool, columns


def lane_array(ctx: Context, pool: list[Hypothesis], columns: list):
    """Every lane's float value, NaN where unknown; None where no lane is judged (too few lanes, or a formula not smooth).

    A lane is a combination: ``columns[p][lane]`` is the index in ``pool`` of
    the hypothesis it names at position ``p`` (-1 for none).
    """
    lanes = len(columns[0]) if columns else 0
    if lanes < SMALLEST_BATCH or not ctx.variation.smooth(ctx.claim.formula):
        return None
    import numpy

    edits = _Edits(ctx, lanes, numpy)
    edits.add_columns(pool, columns)
    try:
        with numpy.errstate(all="ignore"):
            values = numpy.broadcast_to(numpy.asarray(edits.value(ctx.claim.formula), dtype=float), (lanes,)) * edits.scales
    except Exception:  # the pass only saves time: whatever it cannot compute, the search computes lane by lane
        return None
    values = numpy.where(numpy.isfinite(values), values, numpy.nan)
    for unknown in edits.unjudged:
        values[unknown] = numpy.nan
    return values


class _Edits:
    """What each lane changes: values set, terms scaled, terms replaced by another formula, each kept as (lanes, what)."""

    def __init__(self, ctx: Context, lanes: int, numpy):
        self.ctx, self.lanes, self.numpy = ctx, lanes, numpy
        self.sets: dict[str, list[tuple[object, float]]] = {}
        self.scaled: dict[str, list[tuple[object, float]]] = {}
        self.replaced: dict[str, list[tuple[object, str]]] = {}
        self.scales = numpy.ones(lanes)
        self.unjudged: list = []  # index arrays of the lanes the arrays cannot say
        self.memo: dict = {}
        self.visiting: set = set()
        self._dirty: set | None = None

    def add_columns(self, pool: list[Hypothesis], columns: list) -> None:
        """Each hypothesis's edit applied at once to every lane that names it at a position.

        Positions are applied in order, so where two slips of one lane set the
        same term the later one's value is the one that stays, as it is when
        the combination is computed alone.
        """
        numpy = self.numpy
        for position, column in enumerate(columns):
            order = numpy.argsort(column, kind="stable")
            ordered = column[order]
            # each run of one index in the sorted column (numpy.unique would do, but it imports numpy.ma: a cold run's 6 ms)
            starts = numpy.flatnonzero(numpy.concatenate(([True], ordered[1:] != ordered[:-1]))) if len(ordered) else ordered
            ends = numpy.append(starts[1:], len(ordered))
            present = ordered[starts]
            for index, start, end in zip(present.tolist(), starts.tolist(), ends.tolist()):
                if index < 0:
                    continue
                lanes = order[start:end]
                edit = self._edit(pool[index], leading=position == 0)
                if edit is None:
                    self.unjudged.append(lanes)
                    continue
                factor, sets, scaled, replaced = edit
                if factor != 1.0:
                    self.scales[lanes] *= factor
                for name, value in sets:
                    self.sets.setdefault(name, []).append((lanes, value))
                for name, value in scaled:
                    self.scaled.setdefault(name, []).append((lanes, value))
                for name, other in replaced:
                    self.replaced.setdefault(name, []).append((lanes, other))

    def _edit(self, hypothesis: Hypothesis, leading: bool):
        """(result factor, values set, terms scaled, terms replaced) in floats, once per hypothesis; None when unknown.

        The search applies a combination's hypotheses in the order it names
        them: a slip on a term that comes first sees none of the others, so
        its term is set to what it computes from the claim's own values; one
        that comes later is computed over the changes before it.
        """
        key = (id(hypothesis), leading)
        cache = self.ctx.lane_edits
        if key in cache:
            return cache[key]
        try:
            factor = float(hypothesis.scale) if hypothesis.scale is not None else 1.0
            sets: tuple = ()
            scaled: tuple = ()
            replaced: tuple = ()
            op = hypothesis.op
            if hypothesis.transform is None:
                pass
            elif hypothesis.fixed:
                own = self.ctx.bindings.values
                sets = tuple((n, float(v.value)) for n, v in self.ctx.alone(hypothesis).items() if own.get(n) is not v)
            elif op is not None and op[0] in ("scale", "as") and leading:
                known = self.ctx.variation.float_known
                sets = ((op[1], known(op[1]) * float(op[2]) if op[0] == "scale" else known(op[2])),)
            elif op is not None and op[0] == "scale":
                scaled = ((op[1], float(op[2])),)
            elif op is not None and op[0] == "as":
                replaced = ((op[1], op[2]),)
            else:
                raise TypeError("no float form")
            found = (factor, sets, scaled, replaced)
        except Exception:  # a term with no value here (the search then leaves the hypothesis out): computed alone
            found = None
        cache[key] = found
        return found

    def dirty(self) -> set:
        """The formulas whose value some lane changes: those above any name a lane sets, scales or replaces."""
        if self._dirty is None:
            variation, roots = self.ctx.variation, [self.ctx.claim.formula]
            roots += sorted({other for entries in self.replaced.values() for _, other in entries})
            changed = set(self.sets) | set(self.scaled) | set(self.replaced)
            self._dirty = set()
            for root in roots:
                for name in changed:
                    self._dirty |= variation.above(root, name)
        return self._dirty

    def value(self, name: str):
        """``name`` in every lane: a float where no lane changes it, else an array."""
        found = self.memo.get(name)
        if found is not None:
            return found
        if name in self.visiting:
            raise _Unjudged(name)  # a formula replaced by one that uses it
        self.visiting.add(name)
        catalogue, variation = self.ctx.catalogue, self.ctx.variation
        if name in self.dirty() and name in catalogue.formulas and name not in self.ctx.bindings.values:
            found = catalogue.array_function(name)(*[self.value(d) for d in catalogue.deps(name)])
        else:
            try:
                found = variation.float_known(name)
            except Exception:
                raise _Unjudged(name) from None
        found = self._edited(name, found)
        self.memo[name] = found
        return found

    def _edited(self, name: str, found):
        numpy = self.numpy
        if name not in self.sets and name not in self.scaled and name not in self.replaced:
            return found
        found = numpy.array(numpy.broadcast_to(numpy.asarray(found, dtype=float), (self.lanes,)))
        for lanes, value in self.sets.get(name, ()):
            found[lanes] = value
        for lanes, factor in self.scaled.get(name, ()):
            found[lanes] *= factor
        for lanes, other in self.replaced.get(name, ()):
            try:
                found[lanes] = numpy.broadcast_to(numpy.asarray(self.value(other), dtype=float), (self.lanes,))[lanes]
            except (_Unjudged, ArithmeticError, TypeError, ValueError):
                self.unjudged.append(lanes)  # the other formula has no value here: those lanes are computed alone
        return found
