"""The kinds of slip diagnosis tries, with the prior that ranks them (``formulas/hypothesis_kinds.yaml``).

Kept as data so a project can say its documents make some slips more often
than others, and so the ranking is a table a reader can check, not code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from fractions import Fraction
from pathlib import Path

from auditor.base.errors import InputError, Location
from auditor.base.resources import display_path
from auditor.base.yamlio import load_yaml

FILE = "hypothesis_kinds.yaml"
KIND_KEYS = {"prior", "reason", "pairs", "degrees", "powers", "triples", "kept"}


@dataclass(frozen=True)
class KindDef:
    name: str
    prior: Fraction
    reason: str
    pairs: bool = True
    degrees: dict[str, str] = field(default_factory=dict)
    powers: tuple[int, ...] = ()
    triples: bool = False  # may complete a pair into a three-slip explanation (tried only when no pair fits)
    kept: tuple[str, ...] = ()  # symbol patterns a re-derived model keeps at the model's own values

    def keeps(self, symbol: str) -> bool:
        return any(fnmatchcase(symbol, pattern) for pattern in self.kept)


def read_kinds(path: Path) -> dict[str, KindDef]:
    shown = display_path(path)
    data = load_yaml(path) or {}
    kinds = data.get("kinds") if isinstance(data, dict) else None
    if not isinstance(kinds, dict):
        raise InputError(Location(shown, 1), f"{FILE} must hold a mapping 'kinds'")
    return {name: _kind(name, node, Location(shown, kinds.line_of(name))) for name, node in kinds.items()}


@dataclass(frozen=True)
class SameArithmetic:
    """Explanation names that compute one product under two stories (a fallacy and a dtype, say).

    Ranking keeps the two as one explanation when both reproduce the same
    value; the finding names both and either name is the cause for scoring.
    """

    patterns: tuple[str, ...]  # shell-style patterns over explanation names ("weight_dtype *-byte for *")
    reason: str

    def matches(self, name: str) -> bool:
        return any(fnmatchcase(name, pattern) for pattern in self.patterns)


def read_same_arithmetic(path: Path) -> list[SameArithmetic]:
    """The ``same_arithmetic`` list of a kinds file: each entry two or more name patterns and why they agree."""
    shown = display_path(path)
    data = load_yaml(path) or {}
    entries = (data.get("same_arithmetic") or []) if isinstance(data, dict) else []
    if not isinstance(entries, list):
        raise InputError(Location(shown, 1), f"{FILE}: same_arithmetic must be a list")
    found = []
    for i, node in enumerate(entries):
        names = node.get("names") if isinstance(node, dict) else None
        if not isinstance(names, list) or len(names) < 2 or not all(isinstance(n, str) and n for n in names) or not node.get("reason"):
            where = Location(shown, entries.line_at(i) if hasattr(entries, "line_at") else 1)
            raise InputError(where, f"{FILE}: each same_arithmetic entry needs 'names' (two or more explanation names) and a 'reason'")
        found.append(SameArithmetic(tuple(names), " ".join(str(node["reason"]).split())))
    return found


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
    kept = node.get("kept") or []
    if not isinstance(kept, list) or not all(isinstance(k, str) and k for k in kept):
        raise InputError(where, f"kind {name!r}: kept must be a list of symbol names or patterns (n_params*)")
    return KindDef(
        name, prior, str(node.get("reason") or ""), bool(node.get("pairs", True)), dict(degrees), powers, node.get("triples") is True,
        tuple(kept),
    )
