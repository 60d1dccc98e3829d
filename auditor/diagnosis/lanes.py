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
    unknown: list[float | None] = [None] * len(combos)
    if len(combos) < SMALLEST_BATCH or not ctx.variation.smooth(ctx.claim.formula):
        return unknown
    import numpy

    edits = _Edits(ctx, len(combos), numpy)
    for lane, combo in enumerate(combos):
        edits.add(lane, combo)
    try:
        with numpy.errstate(all="ignore"):
            values = numpy.broadcast_to(numpy.asarray(edits.value(ctx.claim.formula), dtype=float), (len(combos),)) * edits.scales
    except Exception:  # the pass only saves time: whatever it cannot compute, the search computes lane by lane
        return unknown
    finite = numpy.isfinite(values)
    return [float(v) if ok and lane not in edits.unjudged else None for lane, (v, ok) in enumerate(zip(values.tolist(), finite.tolist()))]


class _Edits:
    """What each lane changes: values set, terms scaled, terms replaced by another formula."""

    def __init__(self, ctx: Context, lanes: int, numpy):
        self.ctx, self.lanes, self.numpy = ctx, lanes, numpy
        self.sets: dict[str, tuple[list[int], list[float]]] = {}
        self.scaled: dict[str, tuple[list[int], list[float]]] = {}
        self.replaced: dict[str, list[tuple[int, str]]] = {}
        self.scales = numpy.ones(lanes)
        self.unjudged: set[int] = set()
        self.memo: dict = {}
        self.visiting: set = set()
        self._dirty: set | None = None

    def add(self, lane: int, combo: tuple[Hypothesis, ...]) -> None:
        scale = 1.0
        for position, hypothesis in enumerate(combo):
            edit = self._edit(hypothesis, leading=position == 0)
            if edit is None:
                self.unjudged.add(lane)
                continue
            factor, sets, scaled, replaced = edit
            scale *= factor
            for name, value in sets:
                self._put(self.sets, name, lane, value)
            for name, value in scaled:
                self._put(self.scaled, name, lane, value)
            for name, other in replaced:
                self.replaced.setdefault(name, []).append((lane, other))
        self.scales[lane] = scale

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

    @staticmethod
    def _put(table: dict, name: str, lane: int, value: float) -> None:
        lanes, values = table.setdefault(name, ([], []))
        lanes.append(lane)
        values.append(value)

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
        if name in self.sets:
            lanes, values = self.sets[name]
            found[lanes] = values
        if name in self.scaled:
            lanes, factors = self.scaled[name]
            found[lanes] *= factors
        for lane, other in self.replaced.get(name, ()):
            try:
                found[lane] = numpy.broadcast_to(numpy.asarray(self.value(other), dtype=float), (self.lanes,))[lane]
            except (_Unjudged, ArithmeticError, TypeError, ValueError):
                self.unjudged.add(lane)  # the other formula has no value here: that lane is computed alone
        return found
