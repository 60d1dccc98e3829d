"""The kinds of slip diagnosis tries, with the prior that ranks them (``formulas/hypothesis_kinds.yaml``).

Kept as data so a project can say its documents make some slips more often
than others, and so the ranking is a table a reader can check, not code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from auditor.base.errors import InputError, Location
from auditor.base.resources import display_path
from auditor.base.yamlio import load_yaml

FILE = "hypothesis_kinds.yaml"
KIND_KEYS = {"prior", "reason", "pairs", "degrees", "powers"}


@dataclass(frozen=True)
class KindDef:
    name: str
    prior: Fraction
    reason: str
    pairs: bool = True
    degrees: dict[str, str] = field(default_factory=dict)
    powers: tuple[int, ...] = ()


def read_kinds(path: Path) -> dict[str, KindDef]:
    shown = display_path(path)
    data = load_yaml(path) or {}
    kinds = data.get("kinds") if isinstance(data, dict) else None
    if not isinstance(kinds, dict):
        raise InputError(Location(shown, 1), f"{FILE} must hold a mapping 'kinds'")
    return {name: _kind(name, node, Location(shown, kinds.line_of(name))) for name, node in kinds.items()}


def _kind(name: str, node, where: Location) -> KindDef:
    if not isinstance(node, dict) or set(node) - KIND_KEYS or "prior" not in node:
        raise InputError(where, f"kind {name!r} must be a mapping with 'prior' (keys: {', '.join(sorted(KIND_KEYS))})")
    try:
        prior = Fraction(str(node["prior"]))
        powers = tuple(int(p) for p in node.get("powers") or ())
    except (ValueError, TypeError):
        raise InputError(where, f"kind {name!r}: prior must be a number and powers integers") from None
    if not 0 < prior <= 1:
        raise InputError(where, f"kind {name!r}: prior must be in (0, 1], got {node['prior']}")
    degrees = node.get("degrees") or {}
    if not isinstance(degrees, dict) or not all(isinstance(v, str) for v in degrees.values()):
        raise InputError(where, f"kind {name!r}: degrees must map a symbol to what it counts (rank, chip)")
    return KindDef(name, prior, str(node.get("reason") or ""), bool(node.get("pairs", True)), dict(degrees), powers)
