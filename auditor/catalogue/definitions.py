"""What a catalogue declares: symbols and formulas, as frozen dataclasses.

Declaring is kept apart from evaluating: these records only hold what a YAML
file said, already checked for shape. Loading (``catalogue.py``) checks how
they fit together; evaluation (``evaluate.py``) uses them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from auditor.base.errors import Location
from auditor.base.units import Unit

DOMAINS = {
    "positive integer": {"positive": True, "integer": True},
    "nonnegative integer": {"nonnegative": True, "integer": True},
    "positive": {"positive": True},
    "nonnegative": {"nonnegative": True},
    "fraction": {"positive": True},
    "real": {"real": True},
}


@dataclass(frozen=True)
class SymbolDef:
    """A named quantity: what it means, its unit, and where its value can come from."""

    name: str
    meaning: str
    unit: Unit
    domain: str
    location: Location
    config: str | None = None
    gpu: str | None = None
    dtype_key: str | None = None
    dtype_nominal: str | None = None
    of_model: tuple[str, str] | None = None
    notation: tuple[str, ...] = ()
    default: Fraction | None = None
    default_source: str | None = None
    ideal: Fraction | None = None  # its value in a figure a page calls theoretical, ideal or perfectly efficient
    value: Fraction | None = None
    confused_with: dict[str, str] = field(default_factory=dict)
    layer: int = 0

    @property
    def assumptions(self) -> dict:
        return DOMAINS[self.domain]


@dataclass(frozen=True)
class FormulaDef:
    """A formula declared once: its expression text, result unit, owner and assumptions."""

    id: str
    title: str
    expr_text: str
    unit: Unit
    location: Location
    expr_location: Location
    owner: str = ""
    assumptions: tuple[str, ...] = ()
    symbolic_facts: dict = field(default_factory=dict)
    fallacy: str | None = None
    fallacy_of: str | None = None
    plausible_slips: tuple["FactorSlip", ...] = ()
    layer: int = 0
    scan_phrases: tuple[str, ...] = ()  # words pages use for this quantity that its title and symbols lack, lower case (the scan's bonus)
    scan_requires: tuple[str, ...] = ()  # phrases one of which the number's sentence must hold for the scan to propose it, lower case


@dataclass(frozen=True)
class FactorSlip:
    """A factor a formula's users plausibly drop or double: a number, or a symbol's value."""

    name: str
    reason: str
    factor: Fraction | None = None
    symbol: str | None = None
    divides: bool = False  # the factor divides the formula: leaving it out multiplies the result by it


@dataclass(frozen=True)
class UnitSlip:
    """A value computed in one unit and printed with another's label."""

    computed: str
    printed: str
    reason: str
    location: Location | None = None
    prior: Fraction | None = None  # this slip's own prior where it is rarer than the unit kind's
    pairs: bool = True  # False: a rare slip tried alone, never as half of a two-slip story

    @property
    def name(self) -> str:
        return f"{self.computed} printed as {self.printed}"

    def relabelled(self, unit_text: str) -> str | None:
        """``unit_text`` with this slip's printed label, as a whole word, put back to the label the value was computed
        in ("GB/s" to "GiB/s"); None where the text does not print that label."""
        pattern = rf"(?<![A-Za-z]){re.escape(self.printed)}(?![A-Za-z])"
        return re.sub(pattern, self.computed, unit_text, count=1) if re.search(pattern, unit_text) else None
