"""What ``auditor capacity`` prints: each figure as the engine prints it, its range, its inputs.

Human output reads like the engine's own startup lines with the range each
figure can take beside it; JSON carries the same figures under stable keys
(``kv_tokens``, ``kv_tokens_range``, ``max_concurrency``...) and every input
with its origin. Formatting only: the numbers come from ``auditor.capacity``.
"""

from __future__ import annotations

import json
from fractions import Fraction

from auditor.base.numbers import as_json_number, show

GiB = 2**30
TOP_LEVEL = ("kv_bytes_per_token_per_rank", "block_size", "kv_cache_groups", "num_blocks", "kv_tokens", "kv_tokens_by_concurrency", "max_concurrency",
             "max_concurrency_older", "max_concurrency_all_replicas", "kv_memory_needed", "estimated_max_model_len",
             "kv_pool_bytes", "k_pool_bytes")
RANGED = ("num_blocks", "kv_tokens", "kv_tokens_by_concurrency", "max_concurrency", "max_concurrency_older", "estimated_max_model_len", "kv_pool_bytes", "k_pool_bytes")


def rounded(value, decimals: int) -> Fraction:
    """``value`` rounded to ``decimals`` places, exactly (no float on the way)."""
    scale = Fraction(10) ** decimals
    return Fraction(round(Fraction(value) * scale)) / scale


def engine_number(value, spec: dict) -> str:
    """The number part of a figure as the engine prints it ('31,200', '1.56', '2.44' for GiB)."""
    unit, decimals = spec.get("unit", ""), int(spec.get("decimals", 0))
    number = rounded(Fraction(value) / GiB if unit == "GiB" else value, decimals)
    return f"{int(number):,}" if decimals == 0 else f"{float(number):,.{decimals}f}"


def engine_text(value, spec: dict) -> str:
    """A figure as the engine prints it: '31,200 tokens', '1.56x', '2.44 GiB', '1,950'."""
    number, unit = engine_number(value, spec), spec.get("unit", "")
    return f"{number}x" if unit == "x" else f"{number} {unit}".strip()


def _printed(result, key: str, value) -> str:
    spec = result.engine.printed.get(key)
    if spec is None:
        figure = result.figures[key]
        return f"{show(value)} {figure.unit}".replace(" dimensionless", "")
    return engine_text(value, spec)


def _number(result, key: str, value) -> str:
    spec = result.engine.printed.get(key)
    return engine_number(value, spec) if spec else show(value)


def log_line(result, key: str, value) -> str | None:
    """The line the engine prints for a figure, with this value, when the engine entry gives one."""
    spec = result.engine.printed.get(key, {})
    if not spec.get("line"):
        return None
    length = result.setup.given.get("max_model_len")
    shown_length = f"{int(length):,}" if isinstance(length, int) else str(length)
    return spec["line"].replace("{max_model_len}", shown_length).replace("{}", engine_number(value, spec))


def shown(result, key: str) -> bool:
    """Figures the engine would print: the estimate only when one request does not fit, all-replica only with dp > 1."""
    if key == "estimated_max_model_len":
        return result.fits is False
    if key == "max_concurrency_all_replicas":
        return result.request.dp > 1
    marker = result.engine.hidden_when.get(key)
    return not (marker and result.setup.geometry_values.get(marker))


def human_lines(result) -> list[str]:
    """The figures, as the engine would log them, each with its range and formula."""
    lines = [f"{result.request.model} on {result.engine.name} (tp {result.request.tp}, pp {result.request.pp}, dp {result.request.dp})",
             f"  rule: {result.rule_text}"]
    if result.mode == "predicted":
        lines.append("  available KV memory is PREDICTED from the GPU and estimates (labelled below); pass --available-kv to reproduce a log")
    for key, figure in result.figures.items():
        if shown(result, key):
            lines += _figure_lines(result, key, figure)
    if result.fits is not None:
        lines.append(f"  one request of max_model_len tokens {'fits' if result.fits else 'does NOT fit: the engine refuses to start'}")
    lines.append("inputs:")
    lines += [f"  {i.name} = {show(i.value)} {i.unit}".replace(" dimensionless", "") + f"  ({i.origin})" for i in result.inputs]
    return lines + [f"note: {note}" for note in result.setup.notes]


def _figure_lines(result, key: str, figure) -> list[str]:
    if not figure.known:
        why = f"missing {', '.join(figure.missing)}" if figure.missing else figure.reason
        return [f"  {key:<30} ?  ({why}{': ' + figure.reason if figure.missing and figure.reason else ''})"]
    low, high = _number(result, key, figure.low), _number(result, key, figure.high)
    span = "" if low == high else f"  [{low} to {high}]"
    lines = [f"  {key:<30} {_printed(result, key, figure.value)}{span}  ({figure.formula})"]
    log = log_line(result, key, figure.value)
    if log:
        lines.append(f"      {'the engine would log' if result.mode == 'predicted' else 'as logged'}: {log}")
    if figure.overrides:
        lines.append(f"      priced with {figure.overrides} under rule {result.rule}")
    return lines


def json_record(result) -> dict:
    """The JSON document: the keys the issue names at the top level, then every figure and input."""
    record = {"model": result.request.model, "engine": result.engine.id, "engine_version_rule": result.rule_text, "mode": result.mode}
    for key in TOP_LEVEL:
        figure = result.figures.get(key)
        if figure is None:
            continue
        record[key] = as_json_number(figure.value)
        if key in RANGED:
            record[f"{key}_range"] = None if not figure.known else [as_json_number(figure.low), as_json_number(figure.high)]
    record["fits_one_request"] = result.fits
    record["figures"] = {key: _figure_record(result, key, f) for key, f in result.figures.items()}
    record["inputs"] = {i.name: {"value": as_json_number(i.value), "unit": i.unit, "origin": i.origin} for i in result.inputs}
    record["notes"] = list(result.setup.notes)
    return record


def _figure_record(result, key: str, figure) -> dict:
    return {
        "formula": figure.formula, "title": figure.title, "unit": figure.unit,
        "value": as_json_number(figure.value), "low": as_json_number(figure.low), "high": as_json_number(figure.high),
        "printed": _printed(result, key, figure.value) if figure.known else None,
        "missing": list(figure.missing), "reason": figure.reason, "inputs_overridden": figure.overrides,
    }


def json_text(result) -> str:
    return json.dumps(json_record(result), indent=2) + "\n"
