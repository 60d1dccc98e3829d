"""The values in force for one claim: what resolving produces and evaluating reads.

Kept apart from both, so that resolving (which evaluates a second model's
formulas) and evaluating (which reads bindings) do not import each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from auditor.inputs.reference import Sourced


ZERO = Fraction(0)


@dataclass
class Bindings:
    """Values in force for one claim, and why some are missing."""

    values: dict[str, Sourced] = field(default_factory=dict)
    unavailable: dict[str, str] = field(default_factory=dict)
    model_notes: list[str] = field(default_factory=list)
    model_config: dict | None = None
    model_problem: str | None = None

    def set(self, name: str, value: Fraction, source: str, half_width: Fraction = ZERO) -> None:
        """The first value set for a name stands (the most specific source sets first)."""
        if name not in self.values:
            self.values[name] = Sourced(_exact(value), source, _exact(half_width))

    def set_sourced(self, items) -> None:
        """``set`` for (name, ``Sourced``) pairs made once and shared between claims (frozen, so safe to share)."""
        values = self.values
        for name, sourced in items:
            if name not in values:
                values[name] = sourced


def _exact(value) -> Fraction:
    return value if type(value) is Fraction else Fraction(value)
