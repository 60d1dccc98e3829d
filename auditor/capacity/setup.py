"""A capacity request as the inputs of a claim: what was given, what the engine defaults to.

The calculator builds the ``given`` mapping a claim would carry (model,
dtypes, parallelism, block size, the logged memory) and lets the ordinary
resolver bind it, so the figures it prints and the claims it writes are
evaluated from the very same inputs. Each value it adds itself, an engine
default, a value read from the model's config, an estimate, is recorded
with where it came from.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from auditor.base.errors import InputError
from auditor.base.yamlio import Located
from auditor.claims.files import Claim
from auditor.evaluate.evaluation import Evaluation
from auditor.evaluate.resolve import resolve

from .request import COMMAND_LINE, CapacityRequest

STATE_DTYPES = ("conv_state_dtype", "ssm_state_dtype")


@dataclass
class Setup:
    """The given inputs, why each is what it is, and what the model says about itself."""

    given: dict
    origins: dict[str, str] = field(default_factory=dict)
    geometry_values: dict = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    model_dtype: str | None = None

    def add(self, key: str, value, origin: str) -> None:
        """Set ``key`` unless the request already gave it."""
        if key not in self.given:
            self.given[key] = value
            self.origins[key] = origin

    def claim(self, formula: str | None = None, **overrides) -> Claim:
        given = Located({**self.given, **overrides})
        given.line, given.key_lines = 0, {}
        return Claim(id="capacity", quote="capacity", location=COMMAND_LINE, formula=formula, stated=None, given=given)


def requested(request: CapacityRequest) -> Setup:
    """The inputs the request fixes itself, with their origin."""
    setup = Setup({"model": request.model})
    flags = {"tp": request.tp, "pp": request.pp, "dp": request.dp, "kv_dtype": request.kv_dtype, "gpu": request.gpu,
             "block_size": request.block_size, "max_model_len": request.max_model_len,
             "max_num_batched_tokens": request.max_num_batched_tokens,
             "gpu_memory_utilization": request.gpu_memory_utilization}
    for key, value in flags.items():
        if value is not None:
            setup.given[key] = value
            setup.origins[key] = f"--{key.replace('_', '-')} {value}"
    for key, value in request.settings.items():
        setup.given[key] = value
        setup.origins[key] = f"--set {key}={value}"
    return setup


def from_model(setup: Setup, project) -> None:
    """Defaults the engine takes from the model: cache dtype 'auto' and max_model_len."""
    from auditor.inputs.models import model_geometry

    geometry, problem, config = model_geometry(setup.given["model"], project.inputs, COMMAND_LINE)
    if geometry is None:
        raise InputError(COMMAND_LINE, f"cannot price {setup.given['model']}: {problem}")
    setup.geometry_values = {name: derived.value for name, derived in geometry.values.items()}
    text = config.get("text_config") if isinstance(config.get("text_config"), dict) else config
    dtype = text.get("torch_dtype") or text.get("dtype") or config.get("torch_dtype")
    if isinstance(dtype, str):
        setup.model_dtype = dtype
        if "kv_cache_format" not in setup.given:  # a named cache layout fixes its own element formats
            setup.add("kv_dtype", dtype, f"the model's dtype (config torch_dtype = {dtype}): the engine's cache dtype 'auto'")
        if setup.geometry_values.get("n_state_layers"):
            for key in STATE_DTYPES:
                setup.add(key, dtype, f"the model's dtype (config torch_dtype = {dtype}): the engine's mamba cache dtype 'auto'")
    length = text.get("max_position_embeddings")
    if isinstance(length, int) and not isinstance(length, bool) and length > 0:
        setup.add("max_model_len", length, f"config max_position_embeddings = {length}, the engine's default max_model_len")


def cache_format_row(setup: Setup, project) -> None:
    """A named cache layout (``--set kv_cache_format=NAME``) prices each layer's row by its own formula.

    The format's ``per_layer`` formula gives one token's row in one layer over
    every KV head; a rank keeps its share of it, so the per-rank row the
    engine formulas use is bound to that product, and the origin says so.
    """
    name = setup.given.get("kv_cache_format")
    if name is None or "kv_bytes_per_token_per_layer_per_rank" in setup.given:
        return
    cache_format = project.inputs.cache_format(str(name), COMMAND_LINE)
    row = Fraction(evaluate(setup, project, cache_format.per_layer)) * Fraction(evaluate(setup, project, "kv_rank_share"))
    setup.given["kv_bytes_per_token_per_layer_per_rank"] = f"{row.numerator}/{row.denominator} B/token" if row.denominator != 1 else f"{row.numerator} B/token"
    setup.origins["kv_bytes_per_token_per_layer_per_rank"] = f"kv_cache_format {name} ({cache_format.engine}): {cache_format.per_layer} x kv_rank_share"


def engine_defaults(setup: Setup, engine, rule, project) -> None:
    """The values the engine's source sets when no flag gives them (a rule's override first)."""
    settings = {**engine.defaults, **(rule.defaults if rule else {})}
    for key, setting in settings.items():
        if key in setup.given or setting.formula is not None:
            continue
        setup.add(key, setting.value, f"{engine.name} default: {setting.source}")


def check_supported(setup: Setup, engine) -> None:
    for key, reason in engine.unsupported.items():
        if setup.geometry_values.get(key) or str(setup.given.get(key, "0")).strip() not in ("0", ""):
            raise InputError(COMMAND_LINE, f"{engine.name} cannot be priced for {setup.given['model']}: {reason}")


def evaluate(setup: Setup, project, formula: str, **overrides) -> Fraction:
    """One formula's value under the setup's inputs (raises UnderdeterminedError naming what is missing)."""
    claim = setup.claim(formula, **overrides)
    bindings = resolve(claim, project.catalogue, project.inputs)
    return Evaluation(project.catalogue, bindings).value(formula)


def bytes_text(value: Fraction) -> str:
    """A byte count as given text that reads back exactly."""
    value = Fraction(value)
    return f"{value.numerator} B" if value.denominator == 1 else f"{value.numerator}/{value.denominator} B"


def with_memory(setup: Setup, value) -> Setup:
    """A copy of the setup whose available_kv_memory is ``value`` (text or bytes)."""
    given = {**setup.given, "available_kv_memory": value if isinstance(value, str) else bytes_text(value)}
    return replace(setup, given=given, origins=dict(setup.origins))
