"""A finding as plain JSON data and back, exactly: what the cache keeps of a claim's audit.

Every number keeps its type (an exact ``Fraction`` stays a fraction, an
``int`` an int, a float the same float), so a finding read back renders to
the same bytes as the one computed, in every output format. Reading is
strict: a record of the wrong shape raises ``Unreadable`` and the cache
treats the entry as missing. The derivation trace, most of a record and
read only by the JSON output and ``explain``, is kept as one JSON text and
read when first asked for; one that does not read then is a located error.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction

from auditor.base.errors import InputError, Location
from auditor.claims.verdicts import Expectation, Verdict
from auditor.diagnosis.result import Diagnosis
from auditor.evaluate.steps import Step

from .findings import DocumentSpan, Finding


class Unreadable(ValueError):
    """A stored record that is not a finding as this version writes them."""


def number(value):
    if value is None:
        return None
    if isinstance(value, bool):
        raise TypeError("a boolean is not a number")
    if isinstance(value, int):
        return ["i", value]
    if isinstance(value, Fraction):
        return ["f", value.numerator, value.denominator]
    if isinstance(value, float):
        return ["d", value]
    raise TypeError(f"cannot store a {type(value).__name__} as a number")


def read_number(record):
    if record is None:
        return None
    kind = record[0] if isinstance(record, list) and record else None
    if kind == "i" and len(record) == 2 and _int(record[1]):
        return record[1]
    if kind == "f" and len(record) == 3 and _int(record[1]) and _int(record[2]) and record[2] > 0:
        return Fraction(record[1], record[2])
    if kind == "d" and len(record) == 2 and isinstance(record[1], float):
        return record[1]
    raise Unreadable(f"not a stored number: {record!r}")


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(value, optional: bool = False):
    if isinstance(value, str) or (optional and value is None):
        return value
    raise Unreadable(f"expected text, got {type(value).__name__}")


def _texts(values) -> tuple[str, ...]:
    if not isinstance(values, list):
        raise Unreadable("expected a list of texts")
    return tuple(_text(v) for v in values)


def finding_record(f: Finding, trace: str | None = None) -> dict:
    """The finding as JSON data; ``trace``, when given, is its trace already written (``trace_text``)."""
    return {
        "claim_id": f.claim_id, "location": [f.location.path, f.location.line], "quote": f.quote, "formula": f.formula,
        "verdict": f.verdict.value, "stated": f.stated, "computed": number(f.computed), "unit": f.unit,
        "computed_base": number(f.computed_base), "base_unit": f.base_unit, "tolerance": number(f.tolerance),
        "diagnoses": [[d.hypothesis, d.kind, d.description, number(d.reproduced), d.complexity, list(d.parts), [list(a) for a in d.also]] for d in f.diagnoses],
        "trace": trace if trace is not None else trace_text(f.trace),
        "message": f.message, "missing": list(f.missing),
        "expected": None if f.expected is None else [f.expected.verdict.value, list(f.expected.cause), f.expected.reason],
        "section": f.section, "document": f.document, "notes": list(f.notes), "remarks": list(f.remarks),
        "inferred": None if f.inferred is None else [f.inferred[0], number(f.inferred[1]), number(f.inferred[2]), f.inferred[3]],
        "document_location": None if f.document_location is None else _span_record(f.document_location), "seconds": float(f.seconds),
    }


def _span_record(span: DocumentSpan) -> list:
    return [span.path, span.line, span.column, span.end_line, span.end_column]


def read_finding(record) -> Finding:
    """The finding a record holds; ``Unreadable`` for anything else."""
    try:
        return Finding(
            claim_id=_text(record["claim_id"]), location=_location(record["location"]), quote=_text(record["quote"]),
            formula=_text(record["formula"], optional=True), verdict=Verdict(record["verdict"]), stated=_text(record["stated"]),
            computed=read_number(record["computed"]), unit=_text(record["unit"]), computed_base=read_number(record["computed_base"]),
            base_unit=_text(record["base_unit"]), tolerance=_fraction(record["tolerance"]),
            diagnoses=tuple(_diagnosis(d) for d in record["diagnoses"]), trace=StoredTrace(_text(record["trace"])),
            message=_text(record["message"]), missing=_texts(record["missing"]), expected=_expectation(record["expected"]),
            section=_text(record["section"]), document=_text(record["document"]), notes=_texts(record["notes"]), remarks=_texts(record["remarks"]),
            inferred=_inferred(record["inferred"]), document_location=_span(record["document_location"]), seconds=_seconds(record["seconds"]),
        )
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise Unreadable(f"not a stored finding: {exc}") from None


def trace_text(trace) -> str:
    if isinstance(trace, StoredTrace) and trace._steps is None:
        return trace._text
    return json.dumps([[s.name, number(s.value), s.unit, s.source, s.kind, s.depth] for s in trace], ensure_ascii=False, separators=(",", ":"))


class StoredTrace(Sequence):
    """A finding's trace as stored: read into ``Step`` records on first use, then like a tuple."""

    def __init__(self, text: str):
        self._text = text
        self._steps: tuple[Step, ...] | None = None

    def steps(self) -> tuple[Step, ...]:
        if self._steps is None:
            try:
                self._steps = tuple(_step(s) for s in json.loads(self._text))
            except (TypeError, ValueError, RecursionError) as exc:
                raise InputError(Location(".auditor_cache"), f"a cached trace cannot be read ({exc}); run again with --no-cache") from None
        return self._steps

    def __getitem__(self, index):
        return self.steps()[index]

    def __len__(self) -> int:
        return len(self.steps())

    def __iter__(self):
        return iter(self.steps())

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and tuple(self) == tuple(other)

    def __repr__(self) -> str:
        return repr(self.steps())


def _location(record) -> Location:
    path, line = record
    if line is not None and not _int(line):
        raise Unreadable("a line must be a whole number")
    return Location(_text(path), line)


def _fraction(record):
    value = read_number(record)
    if value is not None and not isinstance(value, Fraction):
        raise Unreadable("a tolerance is a fraction")
    return value


def _diagnosis(record) -> Diagnosis:
    hypothesis, kind, description, reproduced, complexity, parts, also = record
    if not _int(complexity) or not isinstance(also, list):
        raise Unreadable("a diagnosis' complexity is a whole number and its equivalents a list")
    return Diagnosis(
        _text(hypothesis), _text(kind), _text(description), read_number(reproduced), complexity, _texts(parts),
        also=tuple(_texts(a) for a in also),
    )


def _step(record) -> Step:
    name, value, unit, source, kind, depth = record
    if not _int(depth):
        raise Unreadable("a step's depth is a whole number")
    return Step(_text(name), read_number(value), _text(unit), _text(source), _text(kind), depth)


def _expectation(record) -> Expectation | None:
    if record is None:
        return None
    verdict, cause, reason = record
    return Expectation(Verdict(verdict), _texts(cause), _text(reason))


def _inferred(record) -> tuple | None:
    if record is None:
        return None
    symbol, low, high, claims = record
    if not _int(claims):
        raise Unreadable("an inferred value counts its claims in a whole number")
    return (_text(symbol), read_number(low), read_number(high), claims)


def _seconds(record) -> float:
    if not isinstance(record, float):
        raise Unreadable("a finding's time is a float")
    return record


def _span(record) -> DocumentSpan | None:
    if record is None:
        return None
    path, *numbers = record
    if len(numbers) != 4 or not all(_int(n) for n in numbers):
        raise Unreadable("a document span is a path and four whole numbers")
    return DocumentSpan(_text(path), *numbers)
