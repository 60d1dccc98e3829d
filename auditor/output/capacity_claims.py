"""``auditor capacity --as-claims``: every figure as a claim in the project's YAML.

Each claim names the figure's formula, gives exactly the inputs the
calculator evaluated it with (model, dtypes, parallelism, block size, the
logged or predicted memory, any rule override), quotes the line the engine
prints and states the value as printed. Pasted into a project's ``claims/``,
``auditor check`` recomputes it from then on and fails the day it stops being
true: a new config revision, a different engine default.
"""

from __future__ import annotations

import re
from fractions import Fraction

import yaml

from .capacity import engine_text, log_line, shown


FALLBACK = {"byte": {"unit": "GiB", "decimals": 2}, "token": {"unit": "tokens", "decimals": 0}}


def _scalar(value):
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    return value


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _variant(result) -> str:
    """What tells two capacity runs of one model apart: the parallelism and the memory it started from."""
    request = result.request
    ranks = f"tp{request.tp}" + (f"-pp{request.pp}" if request.pp > 1 else "") + (f"-dp{request.dp}" if request.dp > 1 else "")
    if result.mode == "logged" and result.memory is None:  # from the other figures the engine logged
        return f"{ranks}-" + "-".join(request.logged.values())
    if result.mode == "logged":
        return f"{ranks}-{result.memory.text}"
    if result.mode == "tokens":
        return f"{ranks}-{request.kv_tokens}-tokens"
    return f"{ranks}-{request.gpu or 'gpu'}"


def _stated(result, key: str, figure) -> str:
    spec = result.engine.printed.get(key) or FALLBACK.get(figure.unit)
    if spec is None:
        return f"{_scalar(figure.value)} {figure.unit}".replace(" dimensionless", "")
    return engine_text(figure.value, spec)


def capacity_claims(result) -> dict:
    """The claims file as data: one claim per figure the calculator could compute."""
    base = _slug(f"capacity-{result.engine.id}-{result.request.model.split('/')[-1]}-{_variant(result)}")
    claims = []
    for key, figure in result.figures.items():
        if not figure.known or not shown(result, key):
            continue
        stated = _stated(result, key, figure)
        given = {name: _scalar(value) for name, value in {**result.setup.given, **figure.overrides}.items()}
        note = f"{figure.title}; {result.engine.name} rule {result.rule}"
        if figure.overrides:
            note += f", priced with {figure.overrides} as that rule does"
        if result.mode == "predicted":
            note += "; available_kv_memory is a prediction from estimates, not the engine's measurement"
        claims.append({"id": f"{base}-{_slug(key)}", "quote": log_line(result, key, figure.value) or f"{key}: {stated}",
                       "formula": figure.formula, "given": given, "stated": stated, "note": note})
    document = {"title": f"{result.engine.name} startup figures for {result.request.model} (auditor capacity)",
                "note": result.rule_text}
    return {"document": document, "claims": claims}


def claims_yaml(result) -> str:
    header = "# Written by `auditor capacity --as-claims`; `auditor check` recomputes each figure from its inputs.\n"
    return header + yaml.safe_dump(capacity_claims(result), sort_keys=False, allow_unicode=True, width=100000)
