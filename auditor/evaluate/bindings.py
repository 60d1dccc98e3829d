"""The values in force for one claim: what resolving produces and evaluating reads.

Kept apart from both, so that resolving (which evaluates a second model's
formulas) and evaluating (which reads bindings) do not import each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from auditor.inputs.reference import Sourced


@dataclass
class Bindings:
    """Values in force for one claim, and why some are missing."""

    values: dict[str, Sourced] = field(default_factory=dict)
    unavailable: dict[str, str] = field(default_factory=dict)
    model_notes: list[str] = field(default_factory=list)
    model_config: dict | None = None
    model_problem: str | None = None

    def set(self, name: str, value: Fraction, source: str, half_width: Fraction = Fraction(0)) -> None:
        self.values.setdefault(name, Sourced(Fraction(value), source, Fraction(half_width)))
