"""The one typed stream every output is made from (terminal, JSON, and the rest)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from auditor.base.errors import Location
from auditor.claims.verdicts import Verdict
from auditor.diagnosis.result import Diagnosis
from auditor.evaluate.evaluation import Step


@dataclass(frozen=True)
class DocumentSpan:
    """Where a claim's number is printed in its document: ``path:line:column`` (1-based)."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Finding:
    claim_id: str
    location: Location
    quote: str
    formula: str | None
    verdict: Verdict
    stated: str
    computed: Fraction | float | None = None
    unit: str = ""
    computed_base: Fraction | float | None = None
    base_unit: str = ""
    tolerance: Fraction | None = None
    diagnoses: tuple[Diagnosis, ...] = ()
    trace: tuple[Step, ...] = ()
    message: str = ""
    missing: tuple[str, ...] = ()
    expected: object = None
    section: str = ""
    document: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)  # what the model's geometry says of itself
    remarks: tuple[str, ...] = field(default_factory=tuple)  # what decided the verdict: readings, precision, defaults
    inferred: tuple | None = None  # (symbol, low, high, claims): an unstated input one value of which fits several claims
    document_location: DocumentSpan | None = None

    @property
    def as_expected(self) -> bool | None:
        """None without ``expect:``; else whether the verdict matches and the recorded cause is the most likely one."""
        if self.expected is None:
            return None
        if self.verdict != self.expected.verdict:
            return False
        if not self.expected.cause:
            return True
        return bool(self.diagnoses) and set(self.diagnoses[0].parts) == set(self.expected.cause)

    @property
    def passed(self) -> bool:
        expected = self.as_expected
        return self.verdict.holds if expected is None else expected
