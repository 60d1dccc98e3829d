"""The verdicts a claim can get, in one place, with what each means."""

from __future__ import annotations

from enum import Enum


class Verdict(str, Enum):
    HOLDS = "holds"
    HOLDS_BY_ROUNDING = "holds-by-rounding"
    MISMATCH = "mismatch"
    UNIT_ERROR = "unit-error"
    UNDERDETERMINED = "underdetermined"
    INVALID = "invalid"
    PROVED = "proved"
    REFUTED = "refuted"
    SOURCED = "sourced"
    STALE = "stale"

    @property
    def holds(self) -> bool:
        return self in (Verdict.HOLDS, Verdict.HOLDS_BY_ROUNDING, Verdict.PROVED, Verdict.SOURCED)


MEANING = {
    Verdict.HOLDS: "the recomputed value rounds to the stated one at its printed precision",
    Verdict.HOLDS_BY_ROUNDING: "the recomputed value is within one unit of the last printed digit, not half: it holds only at the edge of its rounding",
    Verdict.MISMATCH: "the recomputed value is outside what the stated number allows",
    Verdict.UNIT_ERROR: "the stated number is in a unit of another dimension than the formula's result",
    Verdict.UNDERDETERMINED: "an input the formula needs is not given and has no source",
    Verdict.INVALID: "the claim cannot be evaluated as written",
    Verdict.PROVED: "a claim about a formula's shape, shown with SymPy for all values",
    Verdict.REFUTED: "a claim about a formula's shape that SymPy shows false",
    Verdict.SOURCED: "a number the document cites as a fact or input; recorded with its source, not recomputed",
    Verdict.STALE: "the claim's quote is no longer found in its document",
}

ACTION = {
    Verdict.HOLDS: "Nothing to do.",
    Verdict.HOLDS_BY_ROUNDING: "Nothing is wrong, but the document truncated or rounded an intermediate; print one more digit to make it hold plainly.",
    Verdict.MISMATCH: "Correct the number in the document (`auditor update` rewrites it), or, for a number in someone else's document, record `expect:` with the verdict and the cause.",
    Verdict.UNIT_ERROR: "The number is printed in a unit of another dimension: check the unit label, or the formula the claim names.",
    Verdict.UNDERDETERMINED: "Give the inputs the message names under the claim's `given:` (a model, a GPU, a dtype, or a value).",
    Verdict.INVALID: "Fix the claim so its formula can be evaluated (a zero divisor, an input out of range).",
    Verdict.PROVED: "Nothing to do.",
    Verdict.REFUTED: "The formula does not have the shape the document states: correct the sentence, or record `expect:`.",
    Verdict.SOURCED: "Nothing to do: the number is recorded with its source, not recomputed.",
    Verdict.STALE: "The quote is no longer in the document: update the claim's `quote:` to the words around the number now.",
}
"""What a reader does about each verdict (SARIF rule help, the report's legend)."""

INPUT_ERROR = "input-error"
INPUT_ERROR_MEANING = "a claims file, or one claim in it, cannot be used as written; the message says where and what was expected"
INPUT_ERROR_ACTION = "Fix the file at the line named; the other claims were still audited."
