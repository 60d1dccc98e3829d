"""The terminal output: one yamllint-style line per finding, then a summary."""

from __future__ import annotations

from collections import Counter

from auditor.audit.findings import Finding
from auditor.base.numbers import show
from auditor.claims.verdicts import Verdict

from .describe import ranked_explanations

QUIET = {Verdict.HOLDS, Verdict.PROVED, Verdict.SOURCED}
"""Verdicts of passing claims that are listed only with --verbose."""


def finding_line(f: Finding) -> str:
    tag = f.verdict.value
    if f.expected is not None:
        tag += ", as recorded" if f.as_expected else f", recorded as {f.expected.verdict.value}"
    head = f"{f.location}: [{tag}] {f.quote!r}"
    if f.computed is not None:
        detail = f"stated {f.stated}, computed {show(f.computed)} {f.unit}".rstrip()
    elif f.computed_base is not None:
        detail = f"stated {f.stated}, computed {show(f.computed_base)} {f.base_unit}"
    else:
        detail = f"stated {f.stated}" if f.stated else ""
    if f.message:
        detail = f"{detail}; {f.message}" if detail else f.message
    where = f" [{f.document_location}]" if f.document_location else ""
    return f"{head}: {detail} ({f.claim_id}){where}"


def diagnosis_lines(f: Finding) -> list[str]:
    if not f.diagnoses:
        if f.verdict in (Verdict.MISMATCH, Verdict.UNIT_ERROR):
            return ["    no single explanation found"]
        return []
    return [f"    {line}" for line in ranked_explanations(f)]


def summary(findings: list[Finding]) -> str:
    counts = Counter(f.verdict.value for f in findings)
    parts = [f"{counts[v.value]} {v.value}" for v in Verdict if counts[v.value]]
    failed = sum(not f.passed for f in findings)
    verdict = "all claims pass" if not failed else f"{failed} claim{'s' if failed != 1 else ''} fail"
    return f"{len(findings)} claims: {', '.join(parts) or 'none'}; {verdict}"


def render_human(findings: list[Finding], verbose: bool = False) -> str:
    lines: list[str] = []
    for f in findings:
        if f.passed and not verbose and f.verdict in QUIET:
            continue
        lines.append(finding_line(f))
        lines.extend(f"    note: {r}" for r in f.remarks)
        lines.extend(diagnosis_lines(f))
        if not f.passed and f.expected is not None and f.expected.cause:
            lines.append(f"    recorded cause: {', '.join(f.expected.cause)}")
    lines.append(summary(findings))
    return "\n".join(lines) + "\n"
