"""The one typed stream every output is made from (terminal, JSON, and the rest)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from auditor.base.errors import Location
from auditor.claims.verdicts import Verdict
from auditor.diagnosis.result import Diagnosis
from auditor.evaluate.steps import Step


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


@dataclass(frozen=True, repr=False)
class Finding:
    """What the audit concluded about one claim.

    ``computed`` is exact (a ``Fraction``) wherever the inputs were; ``value``
    is the same number as a float, for code that wants one, and ``exact`` is
    the exact value or None.
    """

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
    seconds: float = 0.0
    """How long the audit of this claim took (JUnit's ``time``)."""

    @property
    def as_expected(self) -> bool | None:
        """None without ``expect:``; else whether the verdict matches and the recorded cause is the most likely one."""
        if self.expected is None:
            return None
        if self.verdict != self.expected.verdict:
            return False
        if not self.expected.cause:
            return True
        return bool(self.diagnoses) and self.diagnoses[0].names(self.expected.cause)

    @property
    def passed(self) -> bool:
        expected = self.as_expected
        return self.verdict.holds if expected is None else expected

    @property
    def value(self) -> float | None:
        """The computed value in the stated unit (else the base unit), as a float."""
        number = self.computed if self.computed is not None else self.computed_base
        return None if number is None else float(number)

    @property
    def exact(self) -> Fraction | None:
        """The computed value as an exact fraction, when the evaluation stayed exact."""
        number = self.computed if self.computed is not None else self.computed_base
        return number if isinstance(number, Fraction) else None

    def __repr__(self) -> str:
        from .display import computed_text

        computed = computed_text(self)
        return f"<Finding {self.claim_id}: {self.verdict.value}" + (f", computed {computed}" if computed else "") + f", stated {self.stated!r}>"

    def _repr_html_(self) -> str:
        from .display import finding_html

        return finding_html(self)

    def _repr_markdown_(self) -> str:
        from .display import finding_markdown

        return finding_markdown(self)
