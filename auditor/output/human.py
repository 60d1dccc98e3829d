"""The terminal output: one yamllint-style line per finding, then a summary."""

from __future__ import annotations

from collections import Counter

from auditor.audit.findings import Finding
from auditor.base.numbers import show
from auditor.claims.verdicts import Verdict

from .describe import ranked_explanations

QUIET = {Verdict.HOLDS, Verdict.PROVED, Verdict.SOURCED}
"""Verdicts of passing claims that are listed only with --verbose."""


GREEN, RED, RESET = "\033[32m", "\033[31m", "\033[0m"


def finding_line(f: Finding, color: bool = False) -> str:
    tag = f.verdict.value
    if f.expected is not None:
        tag += ", as recorded" if f.as_expected else f", recorded as {f.expected.verdict.value}"
    if color:
        tag = f"{GREEN if f.passed else RED}{tag}{RESET}"
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


def summary(findings: list[Finding], problems=()) -> str:
    counts = Counter(f.verdict.value for f in findings)
    parts = [f"{counts[v.value]} {v.value}" for v in Verdict if counts[v.value]]
    failed = sum(not f.passed for f in findings)
    verdict = "all claims pass" if not failed else f"{failed} claim{'s' if failed != 1 else ''} fail"
    errors = f"; {len(problems)} input error{'s' if len(problems) != 1 else ''}" if problems else ""
    return f"{len(findings)} claims: {', '.join(parts) or 'none'}; {verdict}{errors}"


def render_human(findings: list[Finding], verbose: bool = False, problems=(), quiet: bool = False, color: bool = False) -> str:
    """One line per finding worth reading (every one with ``verbose``), then the summary (none when ``quiet``).

    Input problems are not listed here: the command line prints them on
    standard error, as linters do.
    """
    lines: list[str] = []
    for f in findings:
        if f.passed and (quiet or (not verbose and f.verdict in QUIET)):
            continue
        lines.append(finding_line(f, color))
        lines.extend(f"    note: {r}" for r in f.remarks)
        lines.extend(diagnosis_lines(f))
        if not f.passed and f.expected is not None and f.expected.cause:
            lines.append(f"    recorded cause: {', '.join(f.expected.cause)}")
    if not quiet:
        lines.append(summary(findings, problems))
    return "\n".join(lines) + "\n" if lines else ""


def statistics_lines(statistics: dict[str, tuple[int, int]]) -> list[str]:
    """``--statistics``: one line per verdict reached, with how many of those claims fail."""
    width = max((len(str(n)) for n, _ in statistics.values()), default=1)
    lines = [f"{n:>{width}}  {verdict:<18} {failing} failing" if failing else f"{n:>{width}}  {verdict}" for verdict, (n, failing) in statistics.items()]
    total = sum(n for n, _ in statistics.values())
    return lines + [f"{total} claims"]
