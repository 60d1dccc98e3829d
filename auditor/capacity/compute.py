"""Every figure an engine prints at startup, each a catalogue formula, as a value and a range.

The engine's entry in ``inputs/engines.yaml`` names the formula behind each
figure; this module only decides which inputs each evaluation gets: the
printed memory and the two ends of the interval it rounds from (with one
figure per pipeline rank, the rank whose own memory and stage give the
fewest blocks), or the memory the engine's other logged figures give
(``logged_memory``), or a logged token count, or a prediction. A figure whose inputs are missing is reported
as missing, with their names, and the others are still computed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from fractions import Fraction

from auditor.base.errors import InputError, UnderdeterminedError
from auditor.base.units import base_unit_text
from auditor.evaluate.evaluation import Evaluation
from auditor.evaluate.resolve import resolve

from .device import device_defaults
from .predict import predicted
from .request import COMMAND_LINE, CapacityRequest, Printed, printed_memory, smallest
from .setup import Setup, bytes_text, cache_format_row, check_supported, engine_defaults, evaluate, from_model, requested, with_memory

INPUT_KINDS = ("input", "default", "constant")


@dataclass(frozen=True)
class Figure:
    """One printed figure: its formula, the value at the printed input, and the range its precision allows."""

    key: str
    formula: str
    title: str
    unit: str
    value: object = None
    low: object = None
    high: object = None
    missing: tuple[str, ...] = ()
    reason: str = ""
    overrides: dict = field(default_factory=dict)

    @property
    def known(self) -> bool:
        return self.value is not None


@dataclass(frozen=True)
class InputValue:
    name: str
    value: object
    unit: str
    origin: str


@dataclass
class Capacity:
    request: CapacityRequest
    engine: object
    rule: str
    rule_text: str
    setup: Setup
    figures: dict[str, Figure]
    inputs: list[InputValue]
    memory: Printed | None = None
    mode: str = "logged"  # "logged", "tokens", "predicted"

    @property
    def fits(self) -> bool | None:
        """Whether one request of max_model_len fits (None when the figures to tell are missing)."""
        needed = self.figures.get("kv_memory_needed")
        if needed is None or not needed.known or self.mode == "tokens":
            return None
        available = self.inputs_by_name.get("available_kv_memory")
        return None if available is None else needed.value <= available.value

    @property
    def inputs_by_name(self) -> dict[str, InputValue]:
        return {i.name: i for i in self.inputs}


def capacity(request: CapacityRequest, project) -> Capacity:
    """Price ``request`` the way its engine allocates (see the module docstring)."""
    from auditor.inputs.engines import load_engines

    engines = load_engines(project.inputs.dirs)
    if request.engine not in engines:
        raise InputError(COMMAND_LINE, f"unknown engine {request.engine!r} (known: {', '.join(sorted(engines))})")
    engine = engines[request.engine]
    rule = engine.rule_named(request.rule)
    setup = requested(request)
    from_model(setup, project)
    engine_defaults(setup, engine, rule, project)
    device_defaults(setup, engine, request.usage_context, project)
    cache_format_row(setup, project)
    check_supported(setup, engine)
    central, ends, mode, memory = _memory(request, setup, engine, rule, project)
    keyed = {**engine.figures, **(rule.figures if rule else {})}
    if mode == "predicted":
        keyed = {"available_kv_memory": engine.available_formula, **keyed}
    figures = {key: _figure(key, formula, central, ends, rule, project) for key, formula in keyed.items()}
    rule_name = rule.name if rule else engine.rule
    rule_text = f"{rule.name}: {rule.versions}" + (f"; {rule.note}" if rule.note else "") if rule else f"{engine.rule}: {engine.rule_source}"
    return Capacity(request, engine, rule_name, rule_text, central, figures, _inputs(central, figures, project), memory, mode)


def _memory(request: CapacityRequest, setup: Setup, engine, rule, project):
    """(central setup, (low, high) setups or None, mode, printed memory) for the request's kind of memory input."""
    if request.logged:
        return _from_logged(setup, request, engine, project)
    if request.available_kv:
        spec = engine.printed.get("available_kv_memory", {})
        figures = [printed_memory(t, spec.get("unit", "GiB"), spec.get("decimals")) for t in request.available_kv]
        staged = _by_stage(setup, figures, request, engine, rule, project)
        if staged is not None:
            return staged
        memory = smallest(figures)
        central = with_memory(setup, memory.text)
        ranks = f"; the smallest of {len(figures)} ranks, which the engine sizes every rank by" if len(figures) > 1 else ""
        central.origins["available_kv_memory"] = f"--available-kv {memory.text}, logged: any of {memory.low:,} to {memory.high:,} B prints so{ranks}"
        return central, (with_memory(setup, memory.low), with_memory(setup, memory.high)), "logged", memory
    if request.kv_tokens is not None:
        return setup, _bind_tokens(setup, request.kv_tokens, engine, rule, project), "tokens", None
    return predicted(setup, engine, project), None, "predicted", None


def _from_logged(setup: Setup, request: CapacityRequest, engine, project):
    """The memory for the KV cache from the other figures the engine logged (``logged_memory``), and its range.

    The formula is evaluated at the printed figures and at every corner of
    the intervals they round from; it is monotone in each, so the smallest and
    largest corner bound it.
    """
    from itertools import product

    spec = engine.logged_memory
    if spec is None:
        raise InputError(COMMAND_LINE, f"{engine.name} has no logged figures to give its memory from; give --available-kv")
    unknown = sorted(set(request.logged) - set(spec.figures))
    missing = sorted(set(spec.figures) - set(request.logged))
    if unknown or missing:
        wanted = ", ".join(f"{name} ({line})" for name, (_, line) in spec.figures.items())
        raise InputError(COMMAND_LINE, f"--logged gives {engine.name}'s memory from {wanted}" + (f"; unknown: {', '.join(unknown)}" if unknown else f"; missing: {', '.join(missing)}"))
    if spec.formula not in project.catalogue.formulas:
        raise InputError(COMMAND_LINE, f"engine {engine.id!r} logged_memory names unknown formula {spec.formula!r}")
    for name, (symbol, _) in spec.figures.items():
        if symbol not in project.catalogue.symbols:
            raise InputError(COMMAND_LINE, f"engine {engine.id!r} logged figure {name!r} binds unknown input {symbol!r}")
    shown = engine.printed.get("logged_memory", {})
    printed = {name: printed_memory(text, shown.get("unit", "GiB"), shown.get("decimals"), shown.get("label"), flag=f"--logged {name}")
               for name, text in request.logged.items()}
    symbols = {name: symbol for name, (symbol, _) in spec.figures.items()}

    def at(values: dict) -> Setup:
        given = {**setup.given, **{symbols[n]: bytes_text(v) for n, v in values.items()}}
        return replace(setup, given=given, origins=dict(setup.origins))

    central_values = {n: p.value for n, p in printed.items()}
    memory = evaluate(at(central_values), project, spec.formula)
    corners = [evaluate(at(dict(zip(printed, ends))), project, spec.formula) for ends in product(*[(p.low, p.high) for p in printed.values()])]
    central = with_memory(at(central_values), memory)
    for name, p in printed.items():
        central.origins[symbols[name]] = f"--logged {name}={p.text} ({spec.figures[name][1]}), any of {p.low:,} to {p.high:,} B"
    figures_text = " and ".join(f"{name}={p.text}" for name, p in printed.items())
    central.origins["available_kv_memory"] = f"{spec.formula} of --logged {figures_text}: any of {math.ceil(min(corners)):,} to {math.floor(max(corners)):,} B"
    low, high = with_memory(central, min(corners)), with_memory(central, max(corners))
    return central, (low, high), "logged", None


def _by_stage(setup: Setup, figures: list[Printed], request: CapacityRequest, engine, rule, project):
    """Each rank priced with its own memory and its own pipeline stage's layers; the rank with the fewest blocks decides.

    The engine works out every worker's blocks from that worker's memory and
    layers and then gives all of them the smallest count, so with stages of
    unequal depth the rank with the least memory need not be the one that
    decides. Ranks are in the engine's order (tensor-parallel rank fastest,
    then the stage). None where this does not apply: one stage, one figure
    for several ranks, an engine without ``stage_layers``, an older behaviour
    that prices a figure over the whole model's layers, or a model some of
    whose layers keep no per-token cache or whose cache has several groups
    (its stages' caches then depend on which layers each holds, which the
    split of layer counts does not say).
    """
    if request.pp == 1 or len(figures) != request.tp * request.pp or not engine.stage_layers or "num_blocks" not in engine.figures:
        return None
    if rule is not None and any("pp" in inputs for inputs in rule.figure_inputs.values()):
        return None  # a behaviour that prices some figure over the whole model's layers (vllm-v1-whole-model-check)
    if evaluate(setup, project, "engine_kv_layers") != evaluate(setup, project, "n_layers") or evaluate(setup, project, "kv_cache_groups") != 1:
        setup.notes.append("the ranks are sized by the smallest memory and the deepest stage: this model's layers do not all keep one kind of KV cache, so each stage's cache is not priced apart")
        return None
    if engine.stage_layers not in project.catalogue.formulas:
        raise InputError(COMMAND_LINE, f"engine {engine.id!r} stage_layers names unknown formula {engine.stage_layers!r}")
    blocks = engine.figures["num_blocks"]
    ranks = []
    for rank, memory in enumerate(figures):
        stage = (rank // request.tp) % request.pp
        layers = evaluate(setup, project, engine.stage_layers, pp_stage=str(stage))
        origin = f"stage {stage} of {request.pp} (rank {rank}): {engine.stage_layers}"
        # one KV cache group of every layer: the group's layers on the stage are the stage's layers
        per_stage = {"kv_layers_per_stage": _count_text(layers), "kv_group_layers_per_stage": _count_text(layers)}
        staged = replace(setup, given={**setup.given, **per_stage}, origins={**setup.origins, **{k: origin for k in per_stage}})
        ranks.append((rank, stage, memory, staged))

    def fewest(value):  # the rank whose blocks are fewest, with memory at the value the figure stands for
        return min(((evaluate(with_memory(staged, value(memory)), project, blocks), rank, memory, staged) for rank, stage, memory, staged in ranks), key=lambda item: (item[0], item[1]))

    _, rank, memory, staged = fewest(lambda m: m.text)
    central = with_memory(staged, memory.text)
    central.origins["available_kv_memory"] = (f"--available-kv {memory.text} (rank {rank} of {len(figures)}), logged: any of {memory.low:,} to {memory.high:,} B prints so; "
                                              "every rank priced with its own memory and stage, and the fewest blocks decide, as the engine sizes every rank by the smallest")
    low, high = fewest(lambda m: m.low), fewest(lambda m: m.high)
    return central, (with_memory(low[3], low[2].low), with_memory(high[3], high[2].high)), "logged", memory


def _bind_tokens(setup: Setup, tokens: int, engine, rule, project):
    """Bind the logged token count; (fewest, most) setups when several block counts print the same tokens.

    vLLM prints num_blocks // groups * block_size, so a hybrid model's count
    hides up to groups - 1 blocks; each figure is then a range over them.
    """
    setup.given["kv_tokens_logged"] = tokens
    setup.origins["kv_tokens_logged"] = f"--kv-tokens {tokens:,}, the engine's logged KV cache size"
    spec = (rule.blocks_from_tokens if rule else None) or engine.blocks_from_tokens
    if engine.tokens_bind and not spec:
        setup.given[engine.tokens_bind] = tokens
        setup.origins[engine.tokens_bind] = f"--kv-tokens {tokens:,}, the engine's logged KV pool"
    if not spec:
        return None
    fewest = Fraction(evaluate(setup, project, spec["formula"]))
    most = Fraction(evaluate(setup, project, spec["most"])) if spec.get("most") else fewest
    setup.given[spec["binds"]] = _count_text(fewest)
    setup.origins[spec["binds"]] = f"from --kv-tokens {tokens:,} ({spec['formula']})" + (
        f"; any of {fewest} to {most} prints so ({spec['most']})" if most != fewest else "")
    if most == fewest:
        return None
    return setup, replace(setup, given={**setup.given, spec["binds"]: _count_text(most)}, origins=dict(setup.origins))


def _count_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _figure(key: str, formula: str, central: Setup, ends, rule, project) -> Figure:
    catalogue = project.catalogue
    if formula not in catalogue.formulas:
        raise InputError(COMMAND_LINE, f"engine figure {key!r} names unknown formula {formula!r}{catalogue.unknown_hint(formula)}")
    overrides = dict(rule.figure_inputs.get(key, {})) if rule else {}
    base = dict(key=key, formula=formula, title=catalogue.formulas[formula].title, unit=base_unit_text(catalogue.dims(formula)), overrides=overrides)
    try:
        value = evaluate(central, project, formula, **overrides)
        low, high = (value, value) if ends is None else (evaluate(ends[0], project, formula, **overrides), evaluate(ends[1], project, formula, **overrides))
    except UnderdeterminedError as exc:
        return Figure(**base, missing=tuple(exc.missing), reason=exc.reason)
    except (ZeroDivisionError, ValueError, OverflowError) as exc:
        return Figure(**base, reason=f"cannot evaluate: {exc}")
    return Figure(**base, value=value, low=min(low, high), high=max(low, high))


def _inputs(setup: Setup, figures: dict[str, Figure], project) -> list[InputValue]:
    """Every value the figures used, once, with its origin (the request's own wording where it has one)."""
    seen: dict[str, InputValue] = {}
    flag_of = {s.name: s.dtype_key for s in project.catalogue.symbols.values() if s.dtype_key}
    for figure in figures.values():
        if not figure.known:
            continue
        claim = setup.claim(figure.formula, **figure.overrides)
        evaluation = Evaluation(project.catalogue, resolve(claim, project.catalogue, project.inputs))
        evaluation.value(figure.formula)
        for step in evaluation.trace:
            if step.kind in INPUT_KINDS and step.name not in seen:
                origin = setup.origins.get(step.name) or setup.origins.get(flag_of.get(step.name, ""), step.source)
                seen[step.name] = InputValue(step.name, step.value, step.unit, origin)
    return sorted(seen.values(), key=lambda i: i.name)
