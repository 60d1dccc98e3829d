"""The hypothesis kinds that read the catalogue (the registry is ``registry.py``).

Each kind turns a mismatched claim's context into candidate hypotheses. The
kinds read the catalogue's data (``confused_with``, ``slips``, ``fallacy_of``,
``unit_slips``, the dtype table), so a project's own ``formulas/`` extends
every kind without code. A hypothesis changes the bindings (a swapped
symbol, a scaled or replaced sub-formula, another dtype) or the unit the
value was really computed in.
"""

from __future__ import annotations

import re
from collections import ChainMap
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Iterable

from auditor.base.errors import QuantityError
from auditor.base.numbers import show, with_prefix
from auditor.base.units import Unit, normalise, parse_unit
from auditor.evaluate.bindings import Bindings
from auditor.claims.compare import float_band
from auditor.evaluate.memo import derive, once, symbol_roles
from auditor.evaluate.variation import Variation
from auditor.inputs.reference import Sourced


@dataclass(frozen=True)
class Hypothesis:
    name: str
    kind: str
    description: str
    changes: tuple[str, ...] = ()
    transform: Callable[[Bindings, "Context"], Bindings] | None = None
    unit: Unit | None = None
    pairs: bool = True  # False: tried alone only (kinds with many candidates)
    scale: Fraction | None = None  # the printed number is the result times this (a power of ten, a per-rank figure)
    prior: Fraction | None = None  # overrides the kind's prior (a unit slip that declares its own)
    fixed: bool = False  # the transform's values do not depend on the bindings it is given (computed once)
    op: tuple | None = None  # what the transform does to one term, for the float pass: ("scale", formula, factor) or ("as", formula, other)


@dataclass
class Context:
    """What every kind may look at: the claim, its formula tree and its inputs."""

    claim: object
    catalogue: object
    inputs: object
    bindings: Bindings
    names: set[str] = field(default_factory=set)
    variation: Variation | None = None
    bands: dict = field(default_factory=dict)
    roughs: dict = field(default_factory=dict)  # a combination's float value, by the ids of its hypotheses
    layers: dict = field(default_factory=dict)  # a fixed hypothesis's bound values, by its id
    lane_edits: dict = field(default_factory=dict)  # a hypothesis's changes in floats, for the float pass (``lanes``)
    pair_values: tuple | None = None  # the pairs' float values (a matrix by pool index) and each hypothesis's index, for the triples
    trace: tuple | None = None  # the claim's own derivation under ``bindings``, when the audit has made it already

    def __post_init__(self):
        if self.variation is None:
            self.variation = Variation(self.catalogue, self.bindings)

    def replaced(self, bindings: Bindings) -> dict:
        """The values ``bindings`` holds that the claim's own do not (a hypothesis copies the rest as they are).

        A hypothesis's bindings are the claim's own under a few layers
        (``overriding``), so only the layers are read, not every value.
        """
        own = self.bindings.values
        values = bindings.values
        if isinstance(values, ChainMap) and values.maps[-1] is own:
            merged: dict = {}
            for layer in reversed(values.maps[:-1]):
                merged.update(layer)
            return {k: v.value for k, v in merged.items() if own.get(k) is not v}
        return {k: v.value for k, v in values.items() if own.get(k) is not v}

    def alone(self, hypothesis: "Hypothesis") -> dict:
        """The values a ``fixed`` hypothesis binds, computed once: the same whatever it is applied over."""
        key = id(hypothesis)
        found = self.layers.get(key)
        if found is None:
            values = hypothesis.transform(self.bindings, self).values
            found = {}
            if isinstance(values, ChainMap):
                for layer in reversed(values.maps[:-1]):
                    found.update(layer)
            self.layers[key] = found
        return found

    def band(self, stated):
        """The stated number's float band (``compare.float_band``), once per unit it may be printed in."""
        key = (stated.unit.text, stated.comparator)
        if key not in self.bands:
            self.bands[key] = float_band(stated)
        return self.bands[key]

    def value_of(self, name: str, bindings: Bindings | None = None):
        """A symbol or formula's value under ``bindings``, or None when it has none.

        Only what ``bindings`` changes is recomputed (``Variation``).
        """
        if name in self.catalogue.formulas:
            try:
                return self.variation.value(name, self.replaced(bindings) if bindings is not None else None)
            except Exception:
                return None
        sourced = (bindings or self.bindings).values.get(name)
        symbol = self.catalogue.symbols[name]
        if sourced is not None:
            return sourced.value
        return symbol.value if symbol.value is not None else symbol.default


def overriding(bindings: Bindings, name: str, value, source: str) -> Bindings:
    """``bindings`` with one value replaced, as a layer over them: hundreds of hypotheses copy no dict."""
    return layered(bindings, {name: Sourced(value, source)})


def layered(bindings: Bindings, layer: dict) -> Bindings:
    """``bindings`` with the values of ``layer`` over them (the rest shared, never copied)."""
    values = bindings.values
    result = object.__new__(type(bindings))
    result.__dict__.update(bindings.__dict__)
    result.values = values.new_child(layer) if isinstance(values, ChainMap) else ChainMap(layer, values)
    return result


def _swapped(bindings: Bindings, ctx: Context, name: str, other: str, wrong, reason: str) -> Bindings:
    """Swap a symbol; on a model, swap the config keys too, so derived widths follow."""
    result = overriding(bindings, name, wrong, f"swapped: {reason}")
    right_key, wrong_key = (getattr(ctx.catalogue.symbols[n], "config", None) for n in (name, other))
    if bindings.model_config is None or not right_key or right_key == wrong_key:
        return result
    from auditor.inputs.models import with_key_set, with_key_swapped

    if wrong_key:
        config = with_key_swapped(bindings.model_config, right_key, wrong_key)
        source = f"re-derived with {wrong_key} as {right_key}"
    elif Fraction(wrong).denominator == 1:
        # no key of its own (hidden_size / num_attention_heads for head_dim): the key set to the value, so a cache
        # the model's geometry prices (kv_values_per_token) follows it as a formula that takes head_dim does
        config = with_key_set(bindings.model_config, right_key, int(wrong), add=True)
        source = f"re-derived with {right_key} = {show(wrong)}"
    else:
        return result
    return result if config is None else rederived(result, ctx, name, config, source, "swap")


def rederived(result: Bindings, ctx: Context, name: str, config: dict, source: str, kind: str) -> Bindings:
    """Every value the model's geometry derives differently from ``config``, bound over ``result``, but those ``kind`` keeps.

    A document that reads query heads for KV heads does so in its cache
    arithmetic; the parameter count it prices the weights with is still
    the model's own, which is why a kind may keep some symbols as they were.
    """
    kept = ctx.catalogue.kinds[kind].keeps if kind in ctx.catalogue.kinds else (lambda _: False)
    from auditor.inputs.geometry import UnsupportedArchitecture

    try:
        original, geometry = derive(ctx.inputs, result.model_config), derive(ctx.inputs, config)
    except UnsupportedArchitecture:
        return result
    for derived_name, derived in geometry.values.items():
        before = original.values.get(derived_name)
        if before is not None and before.value == derived.value:
            continue
        if derived_name in ctx.catalogue.symbols and derived_name not in ctx.claim.given and derived_name != name and not kept(derived_name):
            factor = ctx.catalogue.symbols[derived_name].unit.factor
            result = overriding(result, derived_name, Fraction(derived.value) * factor, source)
    return result


def _label(ctx: Context, name: str) -> str:
    """A symbol as the reader knows it: its config.json key when it has one."""
    symbol = ctx.catalogue.symbols.get(name)
    return symbol.config if symbol is not None and symbol.config else name


def _in_unit(ctx: Context, name: str, value) -> str:
    """A base-unit value shown in the symbol's own unit (989.4 TFLOP/s, not 9.894e14)."""
    unit = ctx.catalogue.symbols[name].unit
    own = value / unit.factor if not isinstance(value, float) else value / float(unit.factor)
    return show(own) if unit.dimensionless else with_prefix(own, unit.text)


def symbol_swaps(ctx: Context) -> Iterable[Hypothesis]:
    for name in sorted(ctx.names & set(ctx.catalogue.symbols)):
        for other, reason in ctx.catalogue.symbols[name].confused_with.items():
            right, wrong = ctx.value_of(name), ctx.value_of(other)
            if right is None or wrong is None or wrong == right:
                continue
            text = f"{_label(ctx, other)} = {_in_unit(ctx, other, wrong)} used for {_label(ctx, name)} = {_in_unit(ctx, name, right)}"
            yield Hypothesis(
                f"{name} <- {other}", "swap", text, (name,),
                lambda b, c, n=name, o=other, w=wrong, r=reason: _swapped(b, c, n, o, w, r), fixed=True,
            )


def unit_slips(ctx: Context) -> Iterable[Hypothesis]:
    """The printed label replaced by the one the value was computed in, as a whole word.

    "s" is not replaced inside "µs" or "ms"; a replacement the registry
    cannot read is no hypothesis (never an error).
    """
    stated = ctx.claim.stated
    written = normalise(stated.unit.text)
    for slip in ctx.catalogue.unit_slips:
        pattern = rf"(?<!\w){re.escape(slip.printed)}(?!\w)"
        if not re.search(pattern, written):
            continue
        try:
            computed = parse_unit(re.sub(pattern, slip.computed, written, count=1))
        except QuantityError:
            continue
        if computed.dimensions == stated.unit.dimensions:
            yield Hypothesis(slip.name, "unit", f"{slip.computed} printed as {slip.printed} ({slip.reason})", ("unit",), unit=computed,
                             prior=slip.prior, pairs=slip.pairs)


def factor_slips(ctx: Context) -> Iterable[Hypothesis]:
    for formula_id in ctx.catalogue.tree(ctx.claim.formula):
        for slip in ctx.catalogue.formulas[formula_id].plausible_slips:
            factor = slip.factor if slip.factor is not None else ctx.value_of(slip.symbol)
            if factor in (None, 0, 1):
                continue
            left_out = Fraction(factor) if slip.divides else 1 / Fraction(factor)
            for verb, scale in (("dropped", left_out), ("doubled", 1 / left_out)):
                yield Hypothesis(
                    f"{verb} {slip.name} in {formula_id}", verb,
                    f"{slip.name} ({show(factor)}) {verb} in {formula_id}: {slip.reason}", (formula_id,),
                    lambda b, c, f=formula_id, s=scale, v=verb: _scaled(b, c, f, s, v), op=("scale", formula_id, scale),
                )


def _scaled(bindings: Bindings, ctx: Context, formula_id: str, scale: Fraction, verb: str) -> Bindings:
    value = ctx.value_of(formula_id, bindings)
    return bindings if value is None else overriding(bindings, formula_id, value * scale, f"{verb} factor")


def fallacies(ctx: Context) -> Iterable[Hypothesis]:
    for formula_id in ctx.catalogue.tree(ctx.claim.formula):
        for wrong in ctx.catalogue.fallacies_of(formula_id):
            yield Hypothesis(
                f"fallacy: {wrong.id}", "fallacy", f"{wrong.title} used for {formula_id} ({wrong.fallacy})", (formula_id,),
                lambda b, c, f=formula_id, w=wrong.id: _replaced(b, c, f, w), op=("as", formula_id, wrong.id),
            )


def _replaced(bindings: Bindings, ctx: Context, formula_id: str, wrong_id: str) -> Bindings:
    value = ctx.value_of(wrong_id, bindings)
    return bindings if value is None else overriding(bindings, formula_id, value, f"replaced by {wrong_id}")


def _other_widths(inputs, width: Fraction) -> list[tuple[Fraction, list[str]]]:
    """Every stored width other than ``width`` that a document might use by mistake, with its formats: the same for every claim."""
    def compute():
        widths: dict = {}
        for name, dtype in sorted(inputs.dtypes.items()):
            if name == dtype.name and dtype.storage and dtype.confusable and dtype.bytes != width:
                widths.setdefault(dtype.bytes, []).append(dtype.name)
        return sorted(widths.items())

    return once(inputs, "other dtype widths", width, compute)


def wrong_dtypes(ctx: Context) -> Iterable[Hypothesis]:
    """Another storage width for a dtype the claim names: formats of one width are one explanation."""
    by_key = symbol_roles(ctx.catalogue)["dtype"]
    for key, raw in ctx.claim.given.items():
        symbol = by_key.get(key)
        if symbol is None or symbol.name not in ctx.names:
            continue
        right = ctx.inputs.dtypes[str(raw).lower()]
        yield from once(ctx.inputs, "wrong dtypes", (key, symbol.name, right.name), lambda: _wrong_widths(ctx.inputs, key, symbol.name, right))


def _wrong_widths(inputs, key: str, symbol: str, right) -> tuple[Hypothesis, ...]:
    """The hypotheses of every other width for one dtype key and format: the same for every claim (frozen, so shared)."""
    return tuple(
        Hypothesis(
            f"{key} {show(width)}-byte for {right.name}", "dtype",
            f"a {show(width)}-byte format ({', '.join(names)}) used for {right.name} ({show(right.bytes)} B)", (symbol,),
            lambda b, c, n=symbol, w=width, d=names[0]: overriding(b, n, w, f"dtype {d}"), fixed=True,
        )
        for width, names in _other_widths(inputs, right.bytes)
    )
