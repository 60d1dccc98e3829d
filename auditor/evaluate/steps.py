"""One value in a derivation, as every output shows it: kept apart so outputs need no engine."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

Number = Fraction | float | int


@dataclass(frozen=True)
class Step:
    """One value in a derivation: a symbol's input or a formula's result."""

    name: str
    value: Number
    unit: str
    source: str
    kind: str  # "input", "default", "constant", "formula"
    depth: int = 0
