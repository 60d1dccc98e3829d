"""The decode roofline of one model on one GPU, swept over batch, through the engine.

Nothing here re-derives a formula: ``t_step``, ``decode_throughput``,
``max_batch`` and ``compute_knee_batch`` are evaluated from the catalogue
with the inputs a claim fixes (model, GPU, dtypes, context), only ``batch``
varying. The picture is the one the derivations note describes: throughput
climbs almost freely with batch until KV reads take over, and the OOM wall
(max_batch) usually cuts the sweep before the compute knee.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction

from auditor.base.errors import AuditorError
from auditor.base.yamlio import Located
from auditor.claims.files import Claim
from auditor.evaluate.evaluation import Evaluation
from auditor.evaluate.resolve import resolve
from auditor.inputs.reference import Sourced

DEFAULT_SEQ_LEN = 4096
POINTS = 120
LOG_SPAN = 200  # a sweep or a curve spanning this ratio is drawn on a log axis


@dataclass(frozen=True)
class Roofline:
    model: str
    gpu: str
    seq_len: int
    batches: tuple[int, ...]
    step_ms: tuple[float, ...]
    throughput: tuple[float, ...]
    max_batch: int | None
    knee: float | None  # None: memory-bound at every batch
    tp: int = 1

    @property
    def title(self) -> str:
        ranks = f", tp {self.tp} (one rank)" if self.tp > 1 else ""
        return f"Decode roofline: {self.model} on {self.gpu}, {self.seq_len:,}-token context{ranks}"


def _sweep_claim(claim: Claim) -> Claim:
    """The claim's inputs with batch freed and a context and dtypes filled in where it had none."""
    given = Located({k: v for k, v in claim.given.items() if k != "batch"})
    given.line, given.key_lines = getattr(claim.given, "line", 0), dict(getattr(claim.given, "key_lines", {}))
    given.setdefault("seq_len", DEFAULT_SEQ_LEN)
    if "kv_dtype" in given or "weight_dtype" in given:
        given.setdefault("kv_dtype", given.get("weight_dtype"))
        given.setdefault("weight_dtype", given.get("kv_dtype"))
    return replace(claim, given=given, formula="t_step", stated=None, expect=None)


def _per_rank(bindings, catalogue, tp: int):
    """One tensor-parallel rank: its share of the weights, of each token's KV cache, and of the FLOPs."""
    values = {**bindings.values, "tp": Sourced(Fraction(tp), f"tensor-parallel size {tp}")}
    evaluation = Evaluation(catalogue, replace(bindings, values=values))
    share = evaluation.value("kv_rank_share")
    shares = {"weight_bytes": (Fraction(1, tp), f"1/{tp} of the weights"),
              "n_params": (Fraction(1, tp), f"1/{tp} of the parameters' FLOPs"),
              "kv_bytes_per_token": (share, f"the rank's share {share} of each token's KV cache (kv_rank_share)")}
    for name, (fraction, why) in shares.items():
        values[name] = Sourced(Fraction(evaluation.value(name)) * fraction, f"one rank at tp {tp}: {why}")
    return replace(bindings, values=values)


def roofline_for(claim: Claim, project, tp: int = 1, log_x: bool | None = None) -> Roofline | None:
    """The sweep for the model and GPU a claim names, or None when its inputs cannot fix one."""
    sweep = _sweep_claim(claim)
    try:
        bindings = resolve(sweep, project.catalogue, project.inputs)
        if tp > 1:
            bindings = _per_rank(bindings, project.catalogue, tp)
        max_batch = Evaluation(project.catalogue, bindings).value("max_batch")
        knee = Evaluation(project.catalogue, bindings).value("compute_knee_batch")
    except (AuditorError, ZeroDivisionError, ValueError):
        return None
    knee_value = None if isinstance(knee, float) and math.isinf(knee) else float(knee)
    batches = _batches(int(max_batch), knee_value, log_x)
    steps, rates = [], []
    for batch in batches:
        values = {**bindings.values, "batch": Sourced(Fraction(batch), "batch sweep")}
        evaluation = Evaluation(project.catalogue, replace(bindings, values=values))
        steps.append(float(evaluation.value("t_step")) * 1000)
        rates.append(float(evaluation.value("decode_throughput")))
    return Roofline(str(claim.given["model"]), str(claim.given["gpu"]), int(sweep.given["seq_len"]), tuple(batches),
                    tuple(steps), tuple(rates), int(max_batch), knee_value, tp)


def _batches(max_batch: int, knee: float | None, log_x: bool | None = None) -> list[int]:
    """Batch sizes past the OOM wall and, when it is in reach, past the compute knee (evenly on the axis drawn)."""
    upper = max(max_batch, 8) * 1.25
    if knee is not None and knee > 0:
        upper = max(upper, min(knee * 1.2, max(max_batch, 8) * 4))
    if log_x if log_x is not None else wants_log_x(upper):
        return sorted({max(1, round(upper ** (i / POINTS))) for i in range(POINTS + 1)})
    step = max(1, math.ceil(upper / POINTS))
    return list(range(1, int(upper) + 1, step))


def wants_log_x(upper_batch: float) -> bool:
    """A sweep over more than two decades of batch reads better on a log axis."""
    return upper_batch >= LOG_SPAN


def wants_log_y(values: tuple[float, ...]) -> bool:
    positive = [v for v in values if v > 0]
    return bool(positive) and max(positive) / min(positive) >= LOG_SPAN


def roofline_svg(roofline: Roofline, log_x: bool | None = None, log_y: bool | None = None) -> str:
    """Step time and throughput against batch, the OOM wall and the compute knee marked, with a legend."""
    from .svgplot import Chart, Panel

    x_log = wants_log_x(roofline.batches[-1]) if log_x is None else log_x
    chart = Chart("batch (live sequences)", (1 if x_log else 0, roofline.batches[-1]), x_log=x_log)
    step = Panel("Step time (inter-token latency)", "ms per step", y_log=wants_log_y(roofline.step_ms) if log_y is None else log_y)
    step.line(list(zip(roofline.batches, roofline.step_ms)), "t_step: decode step time (ms)", "#1f5fa8")
    rate = Panel("Decode throughput", "tokens/s", y_log=wants_log_y(roofline.throughput) if log_y is None else log_y)
    rate.line(list(zip(roofline.batches, roofline.throughput)), "decode_throughput: tokens/s of the batch", "#b5452b")
    chart.panels = [step, rate]
    if roofline.max_batch is not None:
        chart.markers.append((roofline.max_batch, f"OOM wall: max_batch = {roofline.max_batch:,}", "#a00"))
        chart.shade_from = roofline.max_batch
        chart.shade_label = "past the OOM wall: the batch's KV cache does not fit"
    if roofline.knee is not None:
        chart.markers.append((roofline.knee, f"compute knee B* = {roofline.knee:,.0f}", "#070"))
        if roofline.knee > roofline.batches[-1]:
            chart.notes.append(f"compute knee B* = {roofline.knee:,.0f}, beyond the plotted batches")
    else:
        chart.notes.append("no compute knee: at this context decode is memory-bound at every batch")
    return chart.to_svg(roofline.title)


def knee_caption(roofline: Roofline) -> str:
    if roofline.knee is None:
        return "No compute knee: decode is memory-bound at every batch size at this context."
    if roofline.max_batch is not None and roofline.knee > roofline.max_batch:
        return f"The OOM wall (max_batch = {roofline.max_batch}) comes before the compute knee (B* ≈ {roofline.knee:,.0f})."
    return f"Decode turns compute-bound at B* ≈ {roofline.knee:,.0f}, inside the memory budget."
