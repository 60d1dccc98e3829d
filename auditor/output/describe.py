"""One sentence per finding, shared by the CI outputs (SARIF, JUnit, GitHub).

CI formats put the location in their own fields, so the sentence carries only
what a reviewer reads: the verdict, the quote, the numbers and, for a wrong
number, what reproduces it.
"""

from __future__ import annotations

from auditor.audit.findings import Finding
from auditor.base.numbers import show
from auditor.claims.verdicts import Verdict


def verdict_tag(f: Finding) -> str:
    """The verdict, and whether it is the one a claim's ``expect:`` recorded."""
    tag = f.verdict.value
    if f.expected is not None:
        tag += ", as recorded" if f.as_expected else f", recorded as {f.expected.verdict.value}"
    return tag


def numbers(f: Finding) -> str:
    if f.computed is not None:
        return f"stated {f.stated}, computed {show(f.computed)} {f.unit}".rstrip()
    if f.computed_base is not None:
        return f"stated {f.stated}, computed {show(f.computed_base)} {f.base_unit}"
    return f"stated {f.stated}" if f.stated else ""


def ranked_explanations(f: Finding) -> list[str]:
    """The most likely explanation first, then each other one that also reproduces the number."""
    return [f"{'most likely' if i == 0 else 'also fits'}: {d.description} ({d.hypothesis})" for i, d in enumerate(f.diagnoses)]


def explanation(f: Finding) -> str:
    if f.diagnoses:
        return "; ".join(ranked_explanations(f))
    if f.verdict in (Verdict.MISMATCH, Verdict.UNIT_ERROR):
        return "no single explanation found"
    return ""


def sentence(f: Finding) -> str:
    """``[mismatch] '4.00 GB': stated 4.00 GB, computed 1.074 GB; reproduced by ... (claim-id)``."""
    parts = [p for p in (numbers(f), f.message, explanation(f)) if p]
    return f"[{verdict_tag(f)}] {f.quote!r}: {'; '.join(parts)} ({f.claim_id})"


def claims_file_line(f: Finding) -> int:
    return f.location.line or 1


DOCUMENTATION = "https://pypi.org/project/inference-auditor/"
"""Where the project's documentation lives: pyproject.toml's ``[project.urls] Documentation``, also read from the metadata."""


def documentation_url(verdict: str | None) -> str:
    """The documentation page, at the README's section on verdicts when one is named (SARIF ``helpUri``)."""
    from importlib.metadata import PackageNotFoundError, metadata

    try:
        urls = dict(entry.split(", ", 1) for entry in metadata("inference-auditor").get_all("Project-URL") or [] if ", " in entry)
    except PackageNotFoundError:  # a bare source tree: the declared constant stands
        urls = {}
    base = urls.get("Documentation", DOCUMENTATION)
    return base if verdict is None else f"{base}#verdicts"
