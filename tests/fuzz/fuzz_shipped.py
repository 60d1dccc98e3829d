"""The shipped files the fuzzer mutates: claims, formulas, config.json files, GPU entries, documents.

Read once per process as plain Python data (``yaml.safe_load``, ``json``), so
a strategy can take a few claims or formulas, mutate them and write them back
into a throwaway project.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class ClaimsSource:
    """One shipped claims file: its document mapping, its claims, and the local document text if it has one."""

    name: str
    document: dict
    claims: list
    document_text: str | None


@dataclass(frozen=True)
class Shipped:
    claims: tuple[ClaimsSource, ...]
    formula_files: tuple[tuple[str, dict], ...]
    configs: tuple[tuple[str, dict], ...]
    gpus: tuple[dict, ...]
    symbols: tuple[str, ...]
    formulas: tuple[str, ...]

    def formulas_used(self, formula_id: str) -> list[dict]:
        """Shipped claims that recompute ``formula_id`` (to pair a mutated formula with claims that use it)."""
        return [c for source in self.claims for c in source.claims if isinstance(c, dict) and c.get("formula") == formula_id]

    def claims_naming(self, key: str, value: str) -> list[dict]:
        """Shipped claims whose ``given`` names ``key: value`` (a model, a GPU)."""
        found = []
        for source in self.claims:
            for claim in source.claims:
                given = claim.get("given") if isinstance(claim, dict) else None
                if isinstance(given, dict) and str(given.get(key, "")).split("@")[0] == value:
                    found.append(claim)
        return found


def _claims_source(path: Path) -> ClaimsSource:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    document = data.get("document") or {}
    text = None
    if document.get("path"):
        text = (path.parent / document["path"]).resolve().read_text(encoding="utf-8")
    return ClaimsSource(path.stem, document, data.get("claims") or [], text)


@lru_cache(maxsize=1)
def shipped() -> Shipped:
    claims = tuple(_claims_source(p) for p in sorted((REPO / "claims").glob("*.yaml")))
    formula_files = tuple((p.name, yaml.safe_load(p.read_text(encoding="utf-8"))) for p in sorted((REPO / "formulas").glob("*.yaml")))
    configs = tuple((p.stem.replace("--", "/", 1), json.loads(p.read_text(encoding="utf-8"))) for p in sorted((REPO / "inputs" / "models").glob("*.json")))
    gpus = tuple(yaml.safe_load((REPO / "inputs" / "gpus.yaml").read_text(encoding="utf-8"))["gpus"])
    symbols = tuple(sorted(name for _, data in formula_files for name in (data.get("symbols") or {})))
    formulas = tuple(sorted(name for _, data in formula_files for name in (data.get("formulas") or {})))
    return Shipped(claims, formula_files, configs, gpus, symbols, formulas)
