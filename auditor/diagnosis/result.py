"""What a diagnosis reports: one explanation that reproduces the stated number."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Diagnosis:
    """One explanation that, applied, reproduces the stated number."""

    hypothesis: str
    kind: str
    description: str
    reproduced: Fraction | float
    complexity: int = 1
    parts: tuple[str, ...] = ()
    prior: Fraction = Fraction(1)  # the product of its kinds' priors (formulas/hypothesis_kinds.yaml)
    also: tuple[tuple[str, ...], ...] = ()  # the parts of explanations declared the same arithmetic (same_arithmetic)

    def names(self, cause) -> bool:
        """Whether this explanation is ``cause``, under its own name or one declared the same arithmetic."""
        wanted = set(cause)
        return set(self.parts) == wanted or any(set(other) == wanted for other in self.also)
