"""Turning a claim's ``given`` into symbol values, each with where it came from.

Precedence, most specific first: a value the claim gives for a symbol or a
formula; a dtype the claim names; the GPU's spec sheet; the model's
config.json (through ``auditor.inputs.geometry``); a symbol's documented default.
"""

from __future__ import annotations

from fractions import Fraction

from auditor.base.errors import InputError, QuantityError, UnderdeterminedError, UnitError, UnreadableClaim, shown
from auditor.base.quantity import input_half_width, parse_input
from auditor.base.units import describe
from auditor.base.yamlio import Located
from auditor.catalogue.load import Catalogue
from auditor.claims.files import Claim
from auditor.inputs.reference import Inputs, Sourced

from . import memo
from .bindings import Bindings
from .evaluation import Evaluation

SPECIAL_KEYS = {"model", "gpu", "weights"}
WEIGHTS_SYMBOL = "measured_weight_bytes"
"""The symbol ``weights:`` binds: the bytes ``auditor models weigh`` recorded."""


def resolve(claim: Claim, catalogue: Catalogue, inputs: Inputs) -> Bindings:
    claim = with_cache_format(claim, inputs)
    bindings = Bindings()
    roles = memo.symbol_roles(catalogue)
    dtype_keys, nominal_keys, role_keys = roles["dtype"], roles["nominal"], roles["roles"]
    for key, raw in claim.given.items():
        if key in SPECIAL_KEYS or key in role_keys:
            continue
        if key in dtype_keys:
            dtype = inputs.dtype(raw, claim.at(key))
            bindings.set(dtype_keys[key].name, dtype.bytes, f"{key} = {dtype.describe()} (units/dtypes.yaml)")
            if key in nominal_keys:
                bindings.set(nominal_keys[key].name, dtype.bits / 8, f"{key} = {dtype.name}, nominal {dtype.bits} bits")
        elif key in catalogue.symbols or key in catalogue.formulas:
            value, half_width = _given_value(claim, key, raw, catalogue, inputs)
            bindings.set(key, value, f"given by the claim: {raw}", half_width)
        else:
            raise InputError(claim.at(key), f"claim {claim.id!r} gives unknown input {key!r}{catalogue.unknown_hint(key)}")
    if "weights" in claim.given:
        _bind_weights(claim, inputs, bindings)
    if "gpu" in claim.given:
        _bind_gpu(claim, catalogue, inputs, bindings)
    if "model" in claim.given:
        _bind_model(claim, catalogue, inputs, bindings)
    _bind_second_models(claim, catalogue, inputs, bindings, set(dtype_keys))
    return bindings


def with_cache_format(claim: Claim, inputs: Inputs) -> Claim:
    """The claim with the inputs its ``kv_cache_format`` fixes, where the claim does not give them itself."""
    from dataclasses import replace

    if "kv_cache_format" not in claim.given:
        return claim
    line = claim.given.line_of("kv_cache_format")
    cache_format = inputs.cache_format(str(claim.given["kv_cache_format"]), claim.at("kv_cache_format"))
    given = Located({k: v for k, v in cache_format.given.items() if k not in claim.given})
    given.update({k: v for k, v in claim.given.items() if k != "kv_cache_format"})
    given.line, given.key_lines = claim.given.line, {**{k: line for k in cache_format.given}, **claim.given.key_lines}
    return replace(claim, given=given)


def _bind_second_models(claim: Claim, catalogue: Catalogue, inputs: Inputs, bindings: Bindings, dtype_keys: set) -> None:
    """Symbols such as draft_streamed_params: a value of the model a ``draft_model:`` key names."""
    from dataclasses import replace


    for symbol in memo.symbol_roles(catalogue)["second"]:
        key = f"{symbol.of_model[0]}_model" if symbol.of_model else None
        if key is None or key not in claim.given or symbol.name in bindings.values:
            continue
        given = Located({k: v for k, v in claim.given.items() if k in dtype_keys})
        given.line, given.key_lines = claim.given.line, {"model": claim.given.line_of(key)}
        given["model"] = claim.given[key]
        role_bindings = resolve(replace(claim, given=given), catalogue, inputs)
        try:
            value = Evaluation(catalogue, role_bindings).value(symbol.of_model[1])
        except UnderdeterminedError as exc:
            bindings.unavailable[symbol.name] = f"{key} {claim.given[key]}: {exc}"
            continue
        bindings.set(symbol.name, value, f"{key} {claim.given[key]}: {symbol.of_model[1]}")


def _given_value(claim: Claim, key: str, raw, catalogue: Catalogue, inputs: Inputs) -> tuple[Fraction, Fraction]:
    """An input's value in base units and the half-width of the interval it was printed to."""
    symbol = catalogue.symbols.get(key)
    if symbol is not None and symbol.dtype_key and isinstance(raw, str) and raw.strip().lower() in inputs.dtypes:
        return inputs.dtypes[raw.strip().lower()].bytes, Fraction(0)
    try:
        stated = parse_input(raw)
    except QuantityError as exc:
        error = UnreadableClaim if isinstance(exc, UnitError) else InputError
        raise error(claim.at(key), f"claim {claim.id!r}, input {key!r}: {exc}") from None
    declared = symbol.unit if symbol is not None else catalogue.formulas[key].unit
    if symbol is not None:
        # "80%" is 0.8 of a fraction: a dimensionless unit's scale is part of the value its domain bounds
        _check_domain(claim, key, raw, stated.value * stated.unit.factor if stated.unit.dimensionless else stated.value, symbol.domain)
    unit = declared if stated.unit.dimensionless and not declared.dimensionless else _read_as(claim, key, raw, stated, declared)
    return stated.value * unit.factor, input_half_width(raw, stated) * unit.factor


def _read_as(claim: Claim, key: str, raw, stated, declared):
    """The input's unit under the first reading with the symbol's dimensions ("70.6B" as a count)."""
    from auditor.claims.readings import readings

    found = readings(stated, declared.dimensions)
    if not found:
        raise InputError(
            claim.at(key),
            f"claim {claim.id!r}: {key} = {raw!r} is {stated.unit.describe_dimensions()}, but {key} is in {declared.text} ({describe(declared.dimensions)})",
        )
    return found[0].stated.unit


DOMAIN_TESTS = {
    "positive": (lambda v: v > 0, "positive"),
    "nonnegative": (lambda v: v >= 0, "zero or more"),
    "fraction": (lambda v: 0 < v <= 1, "a fraction in (0, 1]"),
    "positive integer": (lambda v: v > 0 and v.denominator == 1, "a positive integer"),
    "nonnegative integer": (lambda v: v >= 0 and v.denominator == 1, "a whole number, zero or more"),
}


def _check_domain(claim: Claim, key: str, raw, value: Fraction, domain: str) -> None:
    """A value outside the symbol's declared domain is a typo, not a finding."""
    test = DOMAIN_TESTS.get(domain)
    if test is not None and not test[0](value):
        raise InputError(claim.at(key), f"claim {claim.id!r}: {key} = {raw!r}, but {key} must be {test[1]}")


def _bind_gpu(claim: Claim, catalogue: Catalogue, inputs: Inputs, bindings: Bindings) -> None:
    gpu_id = claim.given["gpu"]
    if not isinstance(gpu_id, str) or gpu_id not in inputs.gpus:
        import difflib

        known = ", ".join(sorted(inputs.gpus))
        close = difflib.get_close_matches(gpu_id.lower(), list(inputs.gpus), n=1) if isinstance(gpu_id, str) else []
        hint = f"did you mean {close[0]!r}? known: " if close else "known: "
        raise InputError(claim.at("gpu"), f"claim {claim.id!r} names unknown GPU {shown(gpu_id)} ({hint}{known})")
    for symbol in memo.symbol_roles(catalogue)["gpu"]:
        if symbol.gpu and symbol.name not in bindings.values:
            found = memo.gpu_value(inputs, gpu_id, symbol.gpu)
            if found is None:
                bindings.unavailable[symbol.name] = f"the {gpu_id} spec sheet has no {symbol.gpu}"
            else:
                bindings.set(symbol.name, found.value, found.source)


def _bind_weights(claim: Claim, inputs: Inputs, bindings: Bindings) -> None:
    """``weights: ORG/NAME[@REV]``: the bytes ``auditor models weigh`` recorded in inputs/weights.yaml."""
    from auditor.inputs.weights import find_weighed

    found = find_weighed(str(claim.given["weights"]), inputs.dirs, claim.at("weights"))
    bindings.set(WEIGHTS_SYMBOL, Fraction(found.total_bytes), found.describe())


def _bind_model(claim: Claim, catalogue: Catalogue, inputs: Inputs, bindings: Bindings) -> None:
    from .absent_parts import bind_absent_parts

    model_id = str(claim.given["model"])
    geometry, problem, bindings.model_config = memo.model_geometry(inputs, model_id, claim.at("model"))
    if geometry is None:
        bindings.model_problem = problem
        return
    bind_geometry(geometry, model_id, catalogue, bindings)
    bind_absent_parts(geometry, model_id, catalogue, bindings)
    _bind_variant_weights(model_id, catalogue, inputs, bindings)
    bindings.model_notes.extend(geometry.notes)
    _bind_hidden_over_heads(model_id, catalogue, bindings)
    _bind_nominal_size(model_id, catalogue, bindings)


def _bind_variant_weights(model_id: str, catalogue: Catalogue, inputs: Inputs, bindings: Bindings) -> None:
    """A variant's name says how its weights are stored ("-AWQ"); a weight_dtype the claim gives wins."""
    from auditor.inputs.models import model_variant

    variant = memo.once(inputs, "variant", model_id, lambda: model_variant(model_id, inputs))
    if variant is None or variant.weight_dtype is None:
        return
    dtype = inputs.dtypes.get(variant.weight_dtype)
    for symbol in catalogue.symbols.values():
        if symbol.dtype_key == "weight_dtype" and dtype is not None:
            bindings.set(symbol.name, dtype.bytes, f"weight_dtype = {dtype.describe()}, as {variant.reason}")


def bind_geometry(geometry, model_id: str, catalogue: Catalogue, bindings: Bindings) -> None:
    bindings.set_sourced(memo.per_geometry("geometry values", geometry, model_id, catalogue, _geometry_values))


def _geometry_values(geometry, model_id: str, catalogue: Catalogue) -> tuple:
    """The symbols a geometry fills, in base units, with their origin: the same for every claim of the model."""
    found = []
    for name, derived in geometry.values.items():
        if name in catalogue.symbols:
            factor = catalogue.symbols[name].unit.factor
            found.append((name, Sourced(Fraction(derived.value) * factor, f"{model_id}: {derived.origin}")))
    return tuple(found)


def _bind_nominal_size(model_id: str, catalogue: Catalogue, bindings: Bindings) -> None:
    """The count in the model's name ("8B"), which sizing rules and careless sums use for the real one."""
    from auditor.inputs.names import nominal_parameters

    nominal = memo.once(catalogue, "nominal size", model_id, lambda: nominal_parameters(model_id))
    if nominal is not None and "n_params_nominal" in catalogue.symbols:
        bindings.set("n_params_nominal", nominal, f"{model_id}: the size its name advertises")


def _bind_hidden_over_heads(model_id: str, catalogue: Catalogue, bindings: Bindings) -> None:
    """hidden_size / n_heads: what careless code takes for the head width."""
    values = bindings.values
    if "hidden_over_heads" in catalogue.symbols and "hidden_size" in values and "n_heads" in values:
        ratio = values["hidden_size"].value / values["n_heads"].value
        bindings.set("hidden_over_heads", ratio, f"{model_id}: computed hidden_size / num_attention_heads")
