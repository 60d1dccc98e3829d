"""Which claims move when one input moves: a symbol, a formula, a model, a GPU, a dtype.

Answered through the formula graph, not by re-running anything: a claim
depends on every formula and symbol its formula reaches, except where the
claim gives a value itself (a claim that states "weights 16 GB" does not move
when the parameter count does). A model or a GPU reaches a claim only through
the symbols it supplies (a model's geometry, a spec sheet's fields).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from auditor.base.errors import InputError
from auditor.claims.files import Claim, claim_files, load_claim_file

GPU_FIELD_SEPARATOR = "."


@dataclass(frozen=True)
class Target:
    """What the user asked about, read as one kind of input."""

    kind: str  # "formula", "symbol", "model", "gpu", "gpu-field", "dtype"
    name: str
    field: str = ""


@dataclass(frozen=True)
class Hit:
    claim: Claim
    via: tuple[str, ...]


def reach(catalogue, claim: Claim) -> dict[str, tuple[str, ...]]:
    """Every formula and symbol a claim's formula uses, with the chain that reaches it; given names stop the walk."""
    given = set(claim.given)
    start = claim.formula
    if start is None:
        return {}
    found = {start: (start,)}
    queue = [start]
    while queue:
        name = queue.pop(0)
        if name not in catalogue.formulas:
            continue
        for dep in catalogue.depends_on(name):
            if dep not in found and dep not in given:
                found[dep] = found[name] + (dep,)
                queue.append(dep)
    return found


def read_target(text: str, project) -> Target:
    """Decide what ``text`` names, most specific first; an unknown name is a located error."""
    catalogue, inputs = project.catalogue, project.inputs
    path = Path(text)
    if path.suffix == ".json" and path.parent.name == "models":
        return Target("model", path.stem.replace("--", "/", 1))
    if text in catalogue.formulas:
        return Target("formula", text)
    if text in catalogue.symbols:
        return Target("symbol", text)
    gpu, _, field = text.partition(GPU_FIELD_SEPARATOR)
    if gpu in inputs.gpus:
        return Target("gpu-field", gpu, inputs.accelerators.field_name(field)) if field else Target("gpu", gpu)
    if text.partition("@")[0] in inputs.model_ids() or "/" in text:
        return Target("model", text.partition("@")[0])
    if text.lower() in inputs.dtypes:
        return Target("dtype", text.lower())
    hint = catalogue.unknown_hint(text)
    raise InputError(None, f"{text!r} is not a formula, symbol, GPU, GPU.field, model or dtype{hint}")


def impacted(paths: list[Path], project, target: Target) -> list[Hit]:
    hits = []
    model_symbols = _ModelSymbols(project)
    for path in claim_files(paths):
        for claim in load_claim_file(path).claims:
            reached = reach(project.catalogue, claim)
            via = _via(target, claim, reached, project, model_symbols)
            if via is not None:
                hits.append(Hit(claim, via))
    return hits


def _via(target: Target, claim: Claim, reached: dict, project, model_symbols) -> tuple[str, ...] | None:
    """The chain by which ``target`` reaches the claim, or None when it does not."""
    symbols = project.catalogue.symbols
    if target.kind in ("formula", "symbol"):
        return reached.get(target.name)
    if target.kind in ("gpu", "gpu-field"):
        if str(claim.given.get("gpu")) != target.name:
            return None
        fields = [n for n in reached if n in symbols and symbols[n].gpu and (not target.field or symbols[n].gpu == target.field)]
        return _first(reached, fields, f"{target.name}.{{}}", lambda n: symbols[n].gpu)
    if target.kind == "model":
        model = str(claim.given.get("model", "")).partition("@")[0]
        if model != target.name:
            return None
        supplied = model_symbols.of(str(claim.given["model"]), claim)
        return _first(reached, [n for n in reached if n in supplied], f"{target.name}: {{}}", lambda n: n)
    keys = {s.dtype_key: n for n, s in symbols.items() if s.dtype_key}
    used = [keys[k] for k, v in claim.given.items() if k in keys and str(v).lower() == target.name and keys[k] in reached]
    return _first(reached, used, f"{target.name} ({{}})", lambda n: symbols[n].dtype_key)


def _first(reached: dict, names: list[str], label: str, field_of) -> tuple[str, ...] | None:
    if not names:
        return None
    name = min(names, key=lambda n: (len(reached[n]), n))
    return reached[name] + (label.format(field_of(name)),)


class _ModelSymbols:
    """The symbols a model's geometry supplies, derived once per model."""

    def __init__(self, project):
        self.project = project
        self.cache: dict[str, set[str]] = {}

    def of(self, model_id: str, claim: Claim) -> set[str]:
        if model_id not in self.cache:
            from auditor.inputs.models import model_geometry

            geometry = model_geometry(model_id, self.project.inputs, claim.at("model"))[0]
            self.cache[model_id] = set(geometry.values) if geometry is not None else set()
        return self.cache[model_id]
