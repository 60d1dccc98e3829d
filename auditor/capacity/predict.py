"""The memory for the KV cache when no log gives it: predicted from the card, labelled as an estimate.

The engine measures its non-KV memory (activation peak, non-torch memory,
CUDA graphs) in a profiling run; before it runs, those can only be
estimated. Each estimate comes from ``inputs/engines.yaml`` with its source,
every one can be overridden with ``--set``, and the result says it is a
prediction. Weights come from a weighed checkpoint where one exists
(``auditor models weigh``), else from the parameter count and dtype.
"""

from __future__ import annotations

from fractions import Fraction

from auditor.base.errors import InputError

from .request import COMMAND_LINE
from .setup import Setup, bytes_text, evaluate, with_memory

MIB = 2**20


def predicted(setup: Setup, engine, project) -> Setup:
    """The setup with available_kv_memory predicted by the engine's formula, every estimate named."""
    if "gpu" not in setup.given and "gpu_memory" not in setup.given:
        raise InputError(COMMAND_LINE, "give --available-kv (the engine's logged figure), --kv-tokens, or --gpu to predict the memory")
    if engine.available_formula is None:
        raise InputError(COMMAND_LINE, f"engine {engine.id!r} declares no available_formula to predict its memory with")
    evaluate(setup, project, "gpu_memory_reported")  # the driver's total comes first: without it nothing below can be chosen
    _estimates(setup, engine, project)
    _weights(setup, project)
    _formula_defaults(setup, engine, project)
    available = evaluate(setup, project, engine.available_formula)
    result = with_memory(setup, available)
    title = project.catalogue.formulas[engine.available_formula].title
    result.origins["available_kv_memory"] = f"predicted ({engine.available_formula}: {title}); an estimate, not a measurement"
    result.notes.append("available_kv_memory is predicted from the GPU and estimates of the non-KV memory; pass the engine's logged figure with --available-kv to reproduce its lines")
    return result


def _estimates(setup: Setup, engine, project) -> None:
    plain = [(k, s) for k, s in engine.estimates.items() if s.formula is None]
    derived = [(k, s) for k, s in engine.estimates.items() if s.formula is not None]
    for key, setting in plain + derived:
        if key in setup.given:
            continue
        value = setting.value if setting.formula is None else bytes_text(evaluate(setup, project, setting.formula))
        setup.given[key] = value
        setup.origins[key] = f"estimate: {setting.source}" + (f" ({setting.formula})" if setting.formula else "")


def _weights(setup: Setup, project) -> None:
    """Measured bytes per rank from a weighed checkpoint, else the catalogue's parameter count times the dtype."""
    from auditor.inputs.weights import find_weighed

    if "weight_bytes_on_rank" in setup.given:
        return
    try:
        found = find_weighed(str(setup.given["model"]), project.inputs.dirs, COMMAND_LINE)
    except InputError:
        found = None
    if found is not None:
        value = evaluate(setup, project, "measured_weight_bytes_per_rank", weights=setup.given["model"])
        setup.given["weight_bytes_on_rank"] = bytes_text(value)
        setup.origins["weight_bytes_on_rank"] = f"measured: {found.describe()}, split over tp * pp ranks"
    elif "kv_dtype" in setup.given:
        setup.add("weight_dtype", setup.model_dtype or setup.given["kv_dtype"],
                  "the model's dtype: weights from parameter count x dtype (an estimate; a quantized checkpoint is smaller, weigh it)")


def _formula_defaults(setup: Setup, engine, project) -> None:
    """Defaults the engine computes (SGLang's mem_fraction_static from its memory tiers)."""
    for key, setting in engine.defaults.items():
        if setting.formula is None or key in setup.given:
            continue
        if engine.tiers:
            _tier_defaults(setup, engine, project)
        value = Fraction(evaluate(setup, project, setting.formula))
        setup.given[key] = f"{value.numerator}/{value.denominator}" if value.denominator != 1 else str(value.numerator)
        setup.origins[key] = f"{engine.name} default: {setting.source} ({setting.formula} = {float(value):g})"


def _tier_defaults(setup: Setup, engine, project) -> None:
    gpu_mib = evaluate(setup, project, "gpu_memory") / MIB
    tier = next(t for t in engine.tiers if t.get("below_mib") is None or gpu_mib < t["below_mib"])
    bound = f"below {tier['below_mib']} MiB" if tier.get("below_mib") else "the largest tier"
    setup.add("chunked_prefill_size", tier["chunked_prefill_size"], f"{engine.name} default for a GPU of {float(gpu_mib):,.0f} MiB ({bound})")
    graphs = tier["cuda_graph_max_bs"][0 if int(setup.given["tp"]) < 4 else 1]
    setup.add("cuda_graph_max_bs", graphs, f"{engine.name} default for a GPU of {float(gpu_mib):,.0f} MiB at tp {setup.given['tp']}")
