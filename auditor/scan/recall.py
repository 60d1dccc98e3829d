"""Measuring the scan against hand labels: how much it finds, how much of what it proposes is real, how often it is right.

A label file (``tests/data/scan/labels/*.yaml``) lists every recomputable number of one document:
its line, the number as printed (found inside ``at`` when given), the value by hand arithmetic and
whether the printed number holds. The scan's located numbers and proposals are matched to labels
by their characters in the file; the counts are those the issue's targets are stated in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from auditor.base.errors import UnitError
from auditor.base.quantity import parse_given
from auditor.base.yamlio import load_yaml
from auditor.claims.verdicts import Verdict
from auditor.documents.locate import Document

FLAGGED = (Verdict.MISMATCH, Verdict.UNIT_ERROR)
RELATIVE = 0.005


@dataclass(frozen=True)
class Label:
    start: int
    end: int
    line: int
    number: str
    right: bool
    value: float | None
    cause: tuple[str, ...]
    price: bool = False  # the hand value is a sum of dollars ("297600 USD"), which a page may print per period


@dataclass
class Counts:
    labels: int = 0
    located: int = 0
    proposals: int = 0
    real: int = 0
    right: int = 0
    audited: int = 0
    right_verdicts: int = 0
    audited_correct: int = 0
    false_alarms: int = 0
    flagged_non_claims: int = 0
    errors: int = 0
    caught: int = 0
    misses: list[str] = field(default_factory=list)

    def add(self, other: Counts) -> None:
        for name in self.__dataclass_fields__:
            if name != "misses":
                setattr(self, name, getattr(self, name) + getattr(other, name))


def labelled_document(path: Path, data_root: Path) -> Path:
    """The document a labels file is about, read before its labels: a set not measured is not checked."""
    return data_root / str(load_yaml(path)["document"])


def load_labels(path: Path, data_root: Path) -> tuple[Path, list[Label]]:
    data = load_yaml(path)
    document = data_root / str(data["document"])
    text = document.read_bytes().decode("utf-8")  # as the document reader sees it: line endings untranslated, offsets the file's own
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    labels = []
    for entry in data["numbers"]:
        line_start = starts[int(entry["line"]) - 1]
        line = text[line_start : text.find("\n", line_start) if "\n" in text[line_start:] else len(text)]
        at = str(entry.get("at", entry["number"]))
        if at not in line or str(entry["number"]) not in at:
            raise ValueError(f"{path}: the label {entry['number']!r} at line {entry['line']}: {at!r} is not on that line of {document.name}")
        offset = line.index(at) + at.index(str(entry["number"]))
        value = _base_value(str(entry["value"])) if entry.get("value") is not None else None
        cause = tuple(str(c) for c in entry.get("cause") or ())
        price = bool(re.fullmatch(r"\S+\s+USD", str(entry.get("value", ""))))
        labels.append(Label(line_start + offset, line_start + offset + len(str(entry["number"])), int(entry["line"]), str(entry["number"]), bool(entry["right"]), value, cause, price))
    return document, labels


def _base_value(text: str) -> float | None:
    """A label's hand value in base units ("0.69 USD per 1e6 tokens" in the dollars of a million tokens); None where
    its unit is one the project has no registry entry for: the number is still counted as located, and no
    recomputation can be scored against it."""
    if re.fullmatch(r"\d+/\d+", text.strip()):
        a, b = text.split("/")
        return int(a) / int(b)
    text = re.sub(r"(?<=USD) per 1e6 tokens?$", "", text.strip())  # a price per million tokens: its dollars, as the scan reads "$0.69/M"
    try:
        number, unit = parse_given(text)
    except UnitError:
        return None
    return float(number * unit.factor)


def measure(document: Document, labels: list[Label], proposals: list) -> Counts:
    """Counts for one document's proposals (audited) against its labels."""
    counts = Counts(labels=len(labels), errors=sum(not label.right for label in labels))
    for label in labels:
        match = _overlapping(proposals, label)
        if match is None:
            counts.misses.append(f"{document.shown}:{label.line} {label.number!r} not located")
            continue
        counts.located += 1
        counts.right += bool(match.proposed and _recomputed(match, label))
        _verdict_counts(counts, match, label)
    for proposal in proposals:
        if proposal.proposed:
            counts.proposals += 1
            real = any(_overlaps(proposal, label) for label in labels)
            counts.real += real
            if not real and proposal.finding is not None and proposal.finding.verdict in FLAGGED:
                counts.flagged_non_claims += 1
    return counts


def _verdict_counts(counts: Counts, proposal, label: Label) -> None:
    finding = proposal.finding
    if finding is None:
        return
    counts.audited += 1
    flagged = finding.verdict in FLAGGED
    counts.right_verdicts += flagged != label.right
    if label.right:
        counts.audited_correct += 1
        counts.false_alarms += flagged
    elif flagged and _right_cause(finding, proposal, label):
        counts.caught += 1


def _right_cause(finding, proposal, label: Label) -> bool:
    """A named slip must be among the diagnoses; otherwise the number must have been recomputed to the hand value."""
    named = [c for c in label.cause if " printed as " in c or " <- " in c or c.startswith("fallacy:")]
    if named:
        return any(all(any(_same_slip(c, part) for part in d.parts) for c in named) for d in finding.diagnoses)
    return _recomputed(proposal, label)


def _same_slip(cause: str, part: str) -> bool:
    """Whether a diagnosis part is the label's cause: by name, or as a unit slip of the same factor. "1,280 MiB printed
    as 1,280 MB" and "1.28 kMiB printed as 1.28 GB" are one slip told from two prefixes: the value is off by 1024² / 1000²
    either way, and a label names the story its writer saw."""
    if cause == part:
        return True
    return (factor := _slip_factor(cause)) is not None and factor == _slip_factor(part)


def _slip_factor(name: str):
    """What a unit slip ("MiB printed as MB") multiplies the printed value by; None for any other cause."""
    from auditor.base.units import unit_or_none

    computed, sep, printed = name.partition(" printed as ")
    if not sep:
        return None
    a, b = unit_or_none(computed), unit_or_none(printed)
    if a is None or b is None or a.dimensions != b.dimensions or a.factor == b.factor:
        return None
    return a.dimensions, a.factor / b.factor


def _recomputed(proposal, label: Label) -> bool:
    """The proposal's value is the hand value, to 0.5% or to the precision the number is printed with."""
    finding = proposal.finding or proposal.pending
    if finding is None or finding.computed_base is None or label.value is None:
        return False
    computed = float(finding.computed_base)
    if label.price and PRICE_PER_PERIOD.fullmatch(finding.unit or "") and finding.computed is not None:
        computed = float(finding.computed)  # "$297,600/year" read as a rate: the year's dollars are the label's sum
    slack = RELATIVE * abs(label.value)
    if finding.computed and finding.tolerance is not None:
        slack = max(slack, float(finding.tolerance) * abs(computed / float(finding.computed)))
    return abs(computed - label.value) <= slack + 1e-12


PRICE_PER_PERIOD = re.compile(r"USD/(?:hour|day|month|year)")


def _overlapping(proposals: list, label: Label):
    matches = [p for p in proposals if _overlaps(p, label)]
    return next((p for p in matches if p.proposed), matches[0] if matches else None)


def _overlaps(proposal, label: Label) -> bool:
    start, end = proposal.raw
    return start < label.end and label.start < end
